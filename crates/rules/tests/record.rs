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
