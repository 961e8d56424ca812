//! Renju forbidden-move cases as ASCII diagrams. `*` is the point black considers.

mod common;

use common::diagram;
use gomoku_rules::Forbidden::{DoubleFour, DoubleThree, Overline};
use gomoku_rules::{
    Forbidden, ForbiddenPolicy, GameRecord, MoveError, Outcome, Pos, Reason, Rule, Stone,
    forbidden, forbidden_points, is_legal,
};

#[track_caller]
fn expect(d: &str, want: Option<Forbidden>) {
    let (board, p) = diagram(d);
    assert_eq!(forbidden(&board, p), want, "at {p} on\n{board:?}");
    // The all-points query agrees with the single-point one.
    let listed = forbidden_points(&board).into_iter().find(|&(q, _)| q == p);
    assert_eq!(listed.map(|(_, f)| f), want, "forbidden_points at {p}");
}

// ---- plain double-threes -------------------------------------------------------------

#[test]
fn double_three_cross() {
    expect(
        "
        . . . . . . .
        . . . X . . .
        . . . X . . .
        . X X * . . .
        . . . . . . .
        ",
        Some(DoubleThree),
    );
}

#[test]
fn double_three_with_split_three() {
    expect(
        "
        . . . . . . . .
        . . . . X . . .
        . . . . X . . .
        . X . X * . . .
        . . . . . . . .
        ",
        Some(DoubleThree),
    );
}

#[test]
fn double_three_diagonals() {
    expect(
        "
        . . . . . . .
        . X . . . X .
        . . X . X . .
        . . . * . . .
        . . . . . . .
        . . . . . . .
        ",
        Some(DoubleThree),
    );
}

#[test]
fn double_three_split_both() {
    expect(
        "
        . . . . . . . .
        . . . . X . . .
        . . . . . . . .
        . . . . X . . .
        . X . X * . . .
        . . . . . . . .
        ",
        Some(DoubleThree),
    );
}

#[test]
fn three_blocked_on_one_side_is_not_a_three() {
    expect(
        "
        . . . . . . .
        . . . X . . .
        . . . X . . .
        O X X * . . .
        . . . . . . .
        ",
        None,
    );
}

#[test]
fn dead_three_between_whites_is_not_a_three() {
    // O . X X * . O: no fill gives a straight four.
    expect(
        "
        . . . . . . .
        . . . . X . .
        . . . . X . .
        O . X X * . O
        . . . . . . .
        ",
        None,
    );
}

#[test]
fn three_with_room_on_one_side_only_counts() {
    // O . X X * . . O: the point right of * makes . X X X X . with room for exact fives.
    expect(
        "
        . . . . . . . .
        . . . . X . . .
        . . . . X . . .
        O . X X * . . O
        . . . . . . . .
        ",
        Some(DoubleThree),
    );
}

#[test]
fn three_whose_only_straight_four_is_an_overline_is_not_a_three() {
    // X . . X X * . O: filling the gap next to the pair would leave a four whose left end
    // makes six; filling right is blocked by O. Not a three.
    expect(
        "
        . . . . . . . . .
        . . . . . X . . .
        . . . . . X . . .
        X . . X X * . O .
        . . . . . . . . .
        ",
        None,
    );
}

#[test]
fn four_three_is_legal() {
    expect(
        "
        . . . . . . .
        . . . X . . .
        . . . X . . .
        O X X * X . .
        . . . . . . .
        ",
        // O X X * X . = a four (one completion); vertical open three
        None,
    );
}

#[test]
fn four_three_three_is_forbidden_as_double_three() {
    // blocked four O X X X *, vertical open three, diagonal open three
    expect(
        "
        . . . . . . . . .
        . . . X . X . . .
        . . . . X X . . .
        . O X X X * . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        Some(DoubleThree),
    );
}

#[test]
fn four_four_three_is_forbidden_as_double_four() {
    expect(
        "
        . . . . . . . . .
        . . . . O . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . X . .
        O X X X * . . . .
        . . X . . . . . .
        . . . . . . . . .
        ",
        Some(DoubleFour),
    );
}

// ---- fours and double-fours -------------------------------------------------------------

#[test]
fn double_four_cross() {
    expect(
        "
        . . . . . . . .
        . . . . O . . .
        . . . . X . . .
        . . . . X . . .
        . . . . X . . .
        O X X X * . . .
        . . . . . . . .
        ",
        Some(DoubleFour),
    );
}

#[test]
fn double_four_open_and_blocked() {
    expect(
        "
        . . . . . . . .
        . . . . . . . .
        . . . . X . . .
        . . . . X . . .
        . . . . X . . .
        . X X X * . . .
        . . . . . . . .
        ",
        Some(DoubleFour),
    );
}

#[test]
fn double_four_on_one_line_x_dot_xxx_dot_x() {
    expect(". . X . X X * . X . .", Some(DoubleFour));
}

#[test]
fn double_four_on_one_line_xx_dot_xx_dot_xx() {
    expect(". . X X . X * . X X . .", Some(DoubleFour));
}

#[test]
fn double_four_on_one_line_xxx_dot_x_dot_xxx() {
    expect(". . X X X . * . X X X . .", Some(DoubleFour));
}

#[test]
fn a_four_already_on_the_line_is_not_made_by_the_move() {
    // * . X X X . X: the four X X X . X was there before; * makes one new four.
    expect(". . * . X X X . X . .", None);
}

#[test]
fn straight_four_is_one_four() {
    expect(". . . X X * X . . .", None);
}

#[test]
fn single_four_is_legal() {
    expect(". . O X X * X . . .", None);
}

#[test]
fn a_four_that_only_completes_into_six_is_not_a_four() {
    // X X X . * X: the gap makes six. With a real vertical four this is one four: legal.
    expect(
        "
        . . . . . . . . . .
        . . . . . O . . . .
        . . . . . X . . . .
        . . . . . X . . . .
        . . . . . X . . . .
        . X X X . * X . . .
        . . . . . . . . . .
        ",
        None,
    );
}

#[test]
fn split_four_and_vertical_four_is_double_four() {
    expect(
        "
        . . . . . . .
        . . . . O . .
        . . . . X . .
        . . . . X . .
        . . . . X . .
        X X . X * . .
        . . . . . . .
        ",
        Some(DoubleFour),
    );
}

// ---- overlines and fives --------------------------------------------------------------

#[test]
fn overline_is_forbidden() {
    expect(". . X X X * X X . .", Some(Overline));
}

#[test]
fn seven_is_overline_too() {
    expect(". X X X * X X X .", Some(Overline));
}

#[test]
fn overline_beside_a_broken_four_is_still_overline() {
    expect(
        "
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . . . . . .
        . X X X * X X . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . . . . . .
        ",
        // horizontal X X X * X X = six; the vertical X X . * X X X makes only a four (its gap
        // would make eight), so nothing rescues the overline
        Some(Overline),
    );
}

#[test]
fn five_beats_overline() {
    expect(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . X X X * X X . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . . . . . .
        ",
        None,
    );
}

#[test]
fn five_beats_double_four() {
    expect(
        "
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        . O X X * X . . .
        . . . . . . . . .
        ",
        None,
    );
}

#[test]
fn five_made_together_with_double_three_wins() {
    expect(
        "
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . X X * . . . .
        . . . X . . . . .
        . . X . . . . . .
        . . . . . . . . .
        ",
        None,
    );
}

// ---- the board edge ---------------------------------------------------------------------

const EDGE_THREE_BLOCKED: &str = "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . X . . . . . . . . . . . .
. . X . . . . . . . . . . . .
X X * . . . . . . . . . . . .
. . . . . . . . . . . . . . .
";

#[test]
fn the_edge_blocks_like_a_white_stone() {
    // Horizontal X X * touches the left edge: filling the right gives a four blocked by the
    // edge, so only the vertical three counts.
    expect(EDGE_THREE_BLOCKED, None);
}

#[test]
fn a_three_one_point_from_the_edge_is_open() {
    expect(
        "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . X . . . . . . . . . . .
. . . X . . . . . . . . . . .
. X X * . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
",
        Some(DoubleThree),
    );
}

#[test]
fn fours_at_the_edge_still_count() {
    expect(
        "
* X X X . . . . . . . . . . .
X . . . . . . . . . . . . . .
X . . . . . . . . . . . . . .
X . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
",
        Some(DoubleFour),
    );
}

#[test]
fn corner_threes_are_dead() {
    expect(
        "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . X . .
. . . . . . . . . . . . . X .
. . . . . . . . . . . X X . *
",
        None,
    );
}

// ---- recursive threes -------------------------------------------------------------------

/// `*` at (7,7) makes a diagonal three (5,5)-(6,6) and a horizontal `O . X X * . . O` whose
/// only straight-four point is (8,7). With the anti-diagonal stones (7,8),(6,9), the point
/// (8,7) is itself a four-three-three (forbidden), so the horizontal three is fake and `*` is
/// legal; without them (8,7) is a plain four-three and `*` is a double-three.
const RECURSIVE: &str = "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . X . . X . . . . . .
. . . . . . X . X . . . . . .
. . . O . X X * . . . O . . .
. . . . . . . a . . . . . . .
. . . . . . b . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
";

#[test]
fn a_three_whose_straight_four_point_is_forbidden_is_not_a_three() {
    let d = RECURSIVE.replace(['a', 'b'], "X");
    let (board, p) = diagram(&d);
    let mut with_star = board.clone();
    with_star.set(p, Some(Stone::Black));
    assert_eq!(
        forbidden(&with_star, Pos::new(8, 7)),
        Some(DoubleThree),
        "(8,7) after * is a 4-3-3"
    );
    expect(&d, None);
}

#[test]
fn the_same_three_is_real_when_its_four_point_is_legal() {
    expect(&RECURSIVE.replace(['a', 'b'], "."), Some(DoubleThree));
}

#[test]
fn a_three_with_one_forbidden_and_one_legal_four_point_is_real() {
    // Free the left side of the horizontal: O at (3,7) moves to (2,7), so (4,7) now also makes
    // a straight four and it is a legal point.
    let d = RECURSIVE
        .replace(['a', 'b'], "X")
        .replace(". . . O . X X * . . . O", ". . O . . X X * . . . O");
    expect(&d, Some(DoubleThree));
}

#[test]
fn nested_forbidden_points_resolve() {
    // Every forbidden point found by the all-points query is confirmed one by one and the
    // query never reports an occupied point.
    let (board, _) = diagram(&RECURSIVE.replace(['a', 'b'], "X"));
    for (p, kind) in forbidden_points(&board) {
        assert!(board.get(p).is_none());
        assert_eq!(forbidden(&board, p), Some(kind));
    }
}

// ---- white is free, and the game record applies the rule ---------------------------------

#[test]
fn white_may_play_any_shape() {
    let (board, p) = diagram(
        "
        . . . . . . .
        . . . O . . .
        . . . O . . .
        . O O * . . .
        . . . . . . .
        ",
    );
    assert!(is_legal(&board, p, Stone::White, Rule::Renju));
    let (black_board, q) = diagram(". . X X X * X X . .");
    assert!(!is_legal(&black_board, q, Stone::Black, Rule::Renju));
    assert!(is_legal(&black_board, q, Stone::Black, Rule::Freestyle));
}

fn renju_record(moves: &str) -> GameRecord {
    let mut g = GameRecord::new(Rule::Renju, 15);
    let pts = gomoku_rules::notation::pos::parse_points(moves, 15).unwrap();
    g.play_all(&pts).unwrap();
    g
}

#[test]
fn the_record_refuses_a_forbidden_move_and_names_it() {
    let mut g = renju_record("h8a1i8a3j9a5j10a7");
    // Black h8 i8 (a horizontal two) and j9 j10 (a vertical two): j8 makes two threes.
    let before = g.clone();
    let points = g.forbidden_points();
    assert_eq!(
        points,
        vec![(Pos::new(9, 7), DoubleThree)],
        "{:?}",
        g.board()
    );
    let (p, kind) = points[0];
    assert_eq!(g.play(p), Err(MoveError::Forbidden(kind)));
    assert_eq!(g, before, "a refused move changes nothing");
}

#[test]
fn strict_play_lets_black_lose_on_a_forbidden_point() {
    let mut g = renju_record("h8a1i8a3j9a5j10a7").with_policy(ForbiddenPolicy::Lose);
    let (p, kind) = g.forbidden_points()[0];
    let played = g.play(p).unwrap();
    let r = played.result.expect("game over");
    assert_eq!(r.outcome, Outcome::Win(Stone::White));
    assert_eq!(r.reason, Reason::Forbidden(kind));
}

#[test]
fn forbidden_points_are_only_for_black_to_move() {
    let mut g = renju_record("h8a1i8a3j9a5j10a7");
    assert!(!g.forbidden_points().is_empty());
    g.play(Pos::new(14, 14)).unwrap(); // black elsewhere; white to move
    assert!(g.forbidden_points().is_empty());
    let free = GameRecord::new(Rule::Freestyle, 15);
    assert!(free.forbidden_points().is_empty());
}
