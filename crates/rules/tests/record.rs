//! The game record: wins under each rule, the winning line, draws, undo / redo, results.

use gomoku_rules::notation::pos;
use gomoku_rules::{ForbiddenPolicy, GameRecord, MoveError, Outcome, Pos, Reason, Rule, Stone};

fn game(rule: Rule, moves: &str) -> GameRecord {
    pos::read(moves, rule, 15).unwrap()
}

fn p(s: &str) -> Pos {
    pos::parse_points(s, 20).unwrap()[0]
}

#[test]
fn five_wins_and_reports_its_line() {
    let mut g = game(Rule::Freestyle, "a1o1b1o2c1o3d1o4");
    let played = g.play(p("e1")).unwrap();
    let r = played.result.unwrap();
    assert_eq!(r.outcome, Outcome::Win(Stone::Black));
    assert_eq!(r.reason, Reason::Five);
    assert_eq!(r.line, pos::parse_points("a1b1c1d1e1", 15).unwrap());
    assert_eq!(g.play(p("f5")), Err(MoveError::GameOver));
}

#[test]
fn diagonal_five_line_is_in_board_order() {
    let mut g = game(Rule::Standard, "c3a15d4b15e5c15f6d15");
    let r = g.play(p("g7")).unwrap().result.unwrap();
    assert_eq!(r.line, pos::parse_points("c3d4e5f6g7", 15).unwrap());
}

/// Black a8 b8 c8 . e8 f8: d8 joins them into six.
const OVERLINE_SETUP: &str = "a8a1b8a2c8a3e8a4f8b1";

#[test]
fn overline_wins_in_freestyle() {
    let mut g = game(Rule::Freestyle, OVERLINE_SETUP);
    let r = g.play(p("d8")).unwrap().result.unwrap();
    assert_eq!(r.outcome, Outcome::Win(Stone::Black));
    assert_eq!(r.line.len(), 6);
}

#[test]
fn overline_is_just_a_move_in_standard() {
    let mut g = game(Rule::Standard, OVERLINE_SETUP);
    assert_eq!(g.play(p("d8")).unwrap().result, None);
    assert!(!g.is_over());
}

#[test]
fn overline_is_forbidden_for_black_in_renju() {
    let mut g = game(Rule::Renju, OVERLINE_SETUP);
    assert_eq!(
        g.play(p("d8")),
        Err(MoveError::Forbidden(gomoku_rules::Forbidden::Overline))
    );
    g.set_policy(ForbiddenPolicy::Lose);
    let r = g.play(p("d8")).unwrap().result.unwrap();
    assert_eq!(r.outcome, Outcome::Win(Stone::White));
}

#[test]
fn white_overline_wins_in_renju_but_not_in_standard() {
    // White a8 b8 c8 e8 f8, then d8.
    let moves = "o1a8o3b8o5c8o7e8o9f8o11";
    let mut renju = game(Rule::Renju, moves);
    let r = renju.play(p("d8")).unwrap().result.unwrap();
    assert_eq!(r.outcome, Outcome::Win(Stone::White));
    let mut standard = game(Rule::Standard, moves);
    assert_eq!(standard.play(p("d8")).unwrap().result, None);
}

#[test]
fn full_board_is_a_draw() {
    // Pairs of columns alternate colour from row to row: no line longer than two anywhere.
    let n = 15u8;
    let colour = |x: u8, y: u8| (x / 2 + y).is_multiple_of(2);
    let mut firsts: Vec<Pos> = Vec::new();
    let mut seconds: Vec<Pos> = Vec::new();
    for y in 0..n {
        for x in 0..n {
            if colour(x, y) {
                firsts.push(Pos::new(x, y));
            } else {
                seconds.push(Pos::new(x, y));
            }
        }
    }
    if firsts.len() < seconds.len() {
        std::mem::swap(&mut firsts, &mut seconds);
    }
    assert_eq!(firsts.len(), seconds.len() + 1);
    for rule in Rule::ALL {
        let mut g = GameRecord::new(rule, 15);
        let mut last = None;
        for (i, &f) in firsts.iter().enumerate() {
            last = g.play(f).unwrap().result;
            if let Some(&s) = seconds.get(i) {
                assert_eq!(g.play(s).unwrap().result, None, "{rule}");
            }
        }
        let r = last.expect("the last stone fills the board");
        assert_eq!((r.outcome, r.reason), (Outcome::Draw, Reason::BoardFull));
        assert!(g.board().is_full());
    }
}

/// A renju game that fills the board until black's only empty point is forbidden (x,y points,
/// black first): it ends there in a draw, not on a full board.
#[test]
fn renju_black_with_only_forbidden_points_is_a_draw() {
    let points: String = [
        "9,8 7,9 8,5 8,9 9,9 9,7 8,8 7,8 6,7 7,6 7,7 6,6 10,10 11,11 ",
        "10,8 11,8 8,6 9,5 7,4 9,6 8,4 8,7 10,5 8,3 11,7 12,6 9,3 9,4 ",
        "7,1 10,4 10,2 7,5 5,3 5,4 4,3 6,3 9,11 9,10 7,11 8,10 5,10 7,2 ",
        "8,1 6,1 5,0 5,7 4,6 12,7 10,9 10,11 11,12 8,12 12,4 11,3 12,9 4,4 ",
        "3,6 6,4 6,0 3,3 2,4 5,8 11,1 12,0 11,9 13,9 13,7 12,8 5,6 6,9 ",
        "2,6 1,6 8,11 4,8 3,9 5,9 4,9 5,11 6,8 3,8 1,8 4,12 6,2 7,12 ",
        "6,12 2,10 1,9 2,8 12,2 2,9 2,11 11,6 3,5 2,2 5,5 13,6 10,6 11,2 ",
        "10,13 13,0 10,3 12,11 11,4 7,0 11,5 12,5 10,12 10,0 10,1 9,1 9,0 13,11 ",
        "14,11 13,4 14,3 4,5 3,13 1,10 13,3 14,2 13,10 1,3 1,4 3,10 0,10 3,2 ",
        "0,11 5,13 6,14 3,4 3,1 12,12 14,10 6,13 8,13 1,12 4,11 1,11 7,3 1,2 ",
        "4,2 5,1 0,1 0,9 3,12 14,12 1,13 1,1 0,0 2,13 12,14 0,3 0,7 14,1 ",
        "14,7 9,13 3,0 11,10 3,14 4,14 2,7 2,0 0,5 14,9 5,12 2,5 14,6 14,5 ",
        "11,0 7,10 0,14 0,12 9,14 8,14 4,7 3,7 13,12 3,11 0,2 0,8 10,14 13,14 ",
        "11,13 12,13 6,5 5,2 8,2 9,2 6,10 4,10 12,10 6,11 9,12 2,3 2,12 12,3 ",
        "13,5 13,8 4,1 2,1 1,7 1,5 4,13 7,13 12,1 13,2 4,0 8,0 13,1 14,4 ",
        "14,8 0,4 0,6 5,14 7,14 11,14 13,13 2,14 1,0 0,13 1,14 14,13 14,0 14,14 ",
    ]
    .concat();
    let mut g = GameRecord::new(Rule::Renju, 15);
    let moves: Vec<&str> = points.split_whitespace().collect();
    assert_eq!(moves.len(), 224);
    for (i, m) in moves.iter().enumerate() {
        let (x, y) = m.split_once(',').unwrap();
        let played = g
            .play(Pos::new(x.parse().unwrap(), y.parse().unwrap()))
            .unwrap();
        if i + 1 < moves.len() {
            assert_eq!(played.result, None, "move {} ({m})", i + 1);
        } else {
            let r = played.result.expect("black has no legal move left");
            assert_eq!((r.outcome, r.reason), (Outcome::Draw, Reason::NoLegalMove));
            assert!(r.line.is_empty());
        }
    }
    assert!(!g.board().is_full());
    let last = g
        .board()
        .points()
        .find(|&q| g.board().get(q).is_none())
        .unwrap();
    assert_eq!(g.play(last), Err(MoveError::GameOver));
    // Taking the last move back reopens the game with white to move.
    assert!(g.undo().is_some());
    assert!(!g.is_over());
    assert_eq!(g.side_to_move(), Stone::White);
}

#[test]
fn refused_moves_change_nothing() {
    let mut g = game(Rule::Freestyle, "h8");
    let before = g.clone();
    assert_eq!(g.play(p("h8")), Err(MoveError::Occupied));
    assert_eq!(g.play(Pos::new(15, 3)), Err(MoveError::OffBoard));
    assert_eq!(g.play(Pos::new(200, 200)), Err(MoveError::OffBoard));
    assert_eq!(g, before);
}

#[test]
fn undo_and_redo() {
    let mut g = game(Rule::Freestyle, "h8i9j10");
    assert_eq!(g.side_to_move(), Stone::White);
    assert_eq!(g.undo().unwrap().pos, p("j10"));
    assert_eq!(g.undo().unwrap().pos, p("i9"));
    assert_eq!(g.side_to_move(), Stone::White);
    assert_eq!(
        g.redo_moves().map(|m| m.pos).collect::<Vec<_>>(),
        vec![p("i9"), p("j10")]
    );
    let r = g.redo().unwrap();
    assert_eq!((r.pos, r.stone), (p("i9"), Stone::White));
    assert!(g.can_redo());
    // A new move clears the redo tail.
    g.play(p("a1")).unwrap();
    assert!(!g.can_redo());
    assert_eq!(pos::write(&g), "h8i9a1");
    // Undo down to empty, then nothing more.
    while g.undo().is_some() {}
    assert!(g.moves().is_empty());
    assert!(!g.can_undo());
    assert_eq!(g.board().stone_count(), 0);
}

#[test]
fn undo_after_a_win_reopens_the_game() {
    let mut g = game(Rule::Freestyle, "a1o1b1o2c1o3d1o4e1");
    assert!(g.is_over());
    g.undo();
    assert!(!g.is_over());
    assert!(g.redo().unwrap().result.is_some());
}

#[test]
fn resignation_draw_and_time() {
    let mut g = game(Rule::Renju, "h8i9");
    g.resign(Stone::Black).unwrap();
    let r = g.result().unwrap().clone();
    assert_eq!(
        (r.outcome, r.reason),
        (Outcome::Win(Stone::White), Reason::Resignation)
    );
    assert_eq!(g.resign(Stone::White), Err(MoveError::GameOver));
    // Undo takes the resignation back first, leaving the moves.
    assert_eq!(g.undo(), None);
    assert!(!g.is_over());
    assert_eq!(g.moves().len(), 2);
    g.agree_draw().unwrap();
    assert_eq!(g.result().unwrap().outcome, Outcome::Draw);
    g.undo();
    g.lose_on_time(Stone::White).unwrap();
    assert_eq!(g.result().unwrap().reason, Reason::Time);
    assert_eq!(g.result().unwrap().to_string(), "black wins on time");
}

#[test]
fn twenty_by_twenty_board() {
    let mut g = GameRecord::new(Rule::Freestyle, 20);
    g.play(p("t20")).unwrap();
    assert_eq!(g.board().get(Pos::new(19, 19)), Some(Stone::Black));
    assert_eq!(g.play(Pos::new(20, 0)), Err(MoveError::OffBoard));
}

#[test]
fn gomocup_rule_codes() {
    for rule in Rule::ALL {
        assert_eq!(Rule::from_gomocup_code(rule.gomocup_code()), Some(rule));
    }
    assert_eq!(Rule::from_gomocup_code(2), None);
}
