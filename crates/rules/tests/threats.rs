//! Threats on the board: fours with their five points and open threes with their open-four
//! points, for either colour, under each rule (renju black: exactly five, no forbidden
//! open-four point), on ASCII diagrams.

mod common;

use common::diagram;
use gomoku_rules::explain::Direction;
use gomoku_rules::threats::{five_points, open_four_points};
use gomoku_rules::{Board, Pos, Rule, Stone, ThreatKind, parse_ascii, threats};

/// The board of a diagram without a marked point (centred on 15×15 like `diagram`).
fn board(text: &str) -> Board {
    // `diagram` wants one `*`: put it on the first empty point and take it away again.
    let marked = text.replacen('.', "*", 1);
    diagram(&marked).0
}

fn p(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}

#[test]
fn an_open_three_has_its_two_open_four_points_and_no_five() {
    // Centred: the diagram's (0,0) is the board's (4,6).
    let b = board(
        "
        . . . . . . .
        . . X X X . .
        . . . . . . .
        ",
    );
    let found = threats(&b, Stone::Black, Rule::Freestyle);
    assert_eq!(found.len(), 1, "{found:?}");
    let three = &found[0];
    assert_eq!(three.kind, ThreatKind::OpenThree);
    assert_eq!(three.direction, Direction::Horizontal);
    assert_eq!(three.stones, vec![p(6, 7), p(7, 7), p(8, 7)]);
    // . X X X . : either end makes .XXXX.; one further out makes only a four.
    assert_eq!(three.points, vec![p(5, 7), p(9, 7)]);
    assert!(five_points(&found).is_empty());
    assert!(threats(&b, Stone::White, Rule::Freestyle).is_empty());
}

#[test]
fn a_split_three_is_completed_in_its_gap() {
    let b = board(
        "
        . . . . . . . .
        . . X X . X . .
        . . . . . . . .
        ",
    );
    let found = threats(&b, Stone::Black, Rule::Standard);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].kind, ThreatKind::OpenThree);
    assert_eq!(found[0].points, vec![p(7, 7)]);
}

#[test]
fn a_blocked_three_is_no_threat_and_a_blocked_four_has_one_five_point() {
    let b = board(
        "
        . . . . . . . . .
        O X X X . . . . .
        . . . . . . . . .
        X O O O O . . . .
        . . . . . . . . .
        ",
    );
    // Black: O X X X . . — one more stone makes only a blocked four.
    assert!(threats(&b, Stone::Black, Rule::Freestyle).is_empty());
    let white = threats(&b, Stone::White, Rule::Freestyle);
    let fours: Vec<_> = white
        .iter()
        .filter(|t| t.kind == ThreatKind::Four)
        .collect();
    assert_eq!(fours.len(), 1, "{white:?}");
    assert_eq!(fours[0].stones.len(), 4);
    // Centred: the diagram's (0,0) is the board's (3,5).
    assert_eq!(five_points(&white), vec![p(8, 8)]);
}

#[test]
fn an_open_four_has_two_five_points_and_a_broken_four_its_gap() {
    let b = board(
        "
        . . . . . . . .
        . X X X X . . .
        . . . . . . . .
        . O O . O O . .
        . . . . . . . .
        ",
    );
    let black = threats(&b, Stone::Black, Rule::Freestyle);
    assert_eq!(five_points(&black), vec![p(3, 6), p(8, 6)]);
    assert_eq!(black.len(), 1, "one four, two points: {black:?}");
    let white = threats(&b, Stone::White, Rule::Freestyle);
    assert_eq!(five_points(&white), vec![p(6, 8)]);
    // A point that makes five is not an open-four point too.
    assert!(!open_four_points(&white).contains(&p(6, 8)));
}

#[test]
fn exactly_five_rules_do_not_count_an_overline_point() {
    // X X X X . X: the gap makes six in a row.
    let b = board(
        "
        . . . . . . . . .
        . X X X X . X . .
        . . . . . . . . .
        ",
    );
    let free = threats(&b, Stone::Black, Rule::Freestyle);
    // Centred: the diagram's (0,0) is the board's (3,6); the gap is (8,7).
    assert!(five_points(&free).contains(&p(8, 7)));
    let exact = threats(&b, Stone::Black, Rule::Standard);
    assert!(!five_points(&exact).contains(&p(8, 7)), "{exact:?}");
    assert!(five_points(&exact).contains(&p(3, 7)));
    // Renju: black needs exactly five.
    assert!(!five_points(&threats(&b, Stone::Black, Rule::Renju)).contains(&p(8, 7)));
}

#[test]
fn renju_black_has_no_open_four_point_where_it_may_not_play() {
    // The row's open three X X X has two open-four points; the right one also makes a four
    // down the column: a double-four, forbidden for black, so only the left one counts.
    let b = parse_ascii(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . X X X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    )
    .unwrap();
    let renju = threats(&b, Stone::Black, Rule::Renju);
    let free = threats(&b, Stone::Black, Rule::Freestyle);
    assert!(open_four_points(&free).contains(&p(8, 7)), "{free:?}");
    assert!(!open_four_points(&renju).contains(&p(8, 7)), "{renju:?}");
    assert!(open_four_points(&renju).contains(&p(4, 7)));
    // White plays any point there.
    let mut w = b.clone();
    for q in w.points().collect::<Vec<_>>() {
        if let Some(s) = w.get(q) {
            w.set(q, Some(s.opponent()));
        }
    }
    assert!(open_four_points(&threats(&w, Stone::White, Rule::Renju)).contains(&p(8, 7)));
}

#[test]
fn an_empty_board_has_no_threats() {
    let b = Board::new(15);
    for rule in Rule::ALL {
        assert!(threats(&b, Stone::Black, rule).is_empty());
    }
}
