//! Why a point is forbidden: the explanation names the right lines on renju diagrams (`*` is
//! the point black considers) and its verdict equals `forbidden` on every fixture board and on
//! random dense positions.

mod common;

use common::diagram;
use gomoku_rules::explain::{Direction, Shape, ShapeLine, ThreeStatus};
use gomoku_rules::{Board, Forbidden, Pos, Stone, explain, explain_point, forbidden, parse_ascii};
use std::path::PathBuf;

/// Points as `(x, y)` pairs, sorted.
fn pts(list: &[(u8, u8)]) -> Vec<Pos> {
    let mut v: Vec<Pos> = list.iter().map(|&(x, y)| Pos::new(x, y)).collect();
    v.sort();
    v
}

fn sorted(v: &[Pos]) -> Vec<Pos> {
    let mut v = v.to_vec();
    v.sort();
    v
}

fn keys(line: &ShapeLine) -> Vec<Pos> {
    sorted(&line.points.iter().map(|k| k.pos).collect::<Vec<_>>())
}

fn line(e: &gomoku_rules::PointExplanation, d: Direction) -> &ShapeLine {
    let found: Vec<&ShapeLine> = e.lines.iter().filter(|l| l.direction == d).collect();
    assert_eq!(found.len(), 1, "one shape along {d}: {e}");
    found[0]
}

#[test]
fn double_three_names_both_threes() {
    // The diagram is centred: its (0,0) is the board's (4,5).
    let (board, p) = diagram(
        "
        . . . . . . .
        . . . X . . .
        . . . X . . .
        . X X * . . .
        . . . . . . .
        ",
    );
    assert_eq!(p, Pos::new(7, 8));
    let e = explain(&board, p).expect("forbidden");
    assert_eq!(e.forbidden, Some(Forbidden::DoubleThree));
    assert_eq!(e.threes(), 2);
    let across = line(&e, Direction::Horizontal);
    assert_eq!(across.shape, Shape::Three(ThreeStatus::Counts));
    assert_eq!(sorted(&across.stones), pts(&[(5, 8), (6, 8), (7, 8)]));
    // . X X * . : both ends make a straight four, and both are legal.
    assert_eq!(keys(across), pts(&[(4, 8), (8, 8)]));
    assert!(across.points.iter().all(|k| k.forbidden.is_none()));
    let down = line(&e, Direction::Vertical);
    assert_eq!(sorted(&down.stones), pts(&[(7, 6), (7, 7), (7, 8)]));
    assert_eq!(keys(down), pts(&[(7, 5), (7, 9)]));
    assert_eq!(e.decisive().len(), 2);
    assert!(e.discounted_threes().is_empty());
    let text = e.to_string();
    assert!(text.starts_with("h9 is forbidden (double-three)"), "{text}");
}

#[test]
fn split_three_keys_are_its_gap_and_ends() {
    let (board, p) = diagram(
        "
        . . . . . . . .
        . . . . X . . .
        . . . . X . . .
        . X . X * . . .
        . . . . . . . .
        ",
    );
    let e = explain(&board, p).expect("forbidden");
    let across = line(&e, Direction::Horizontal);
    assert_eq!(across.shape, Shape::Three(ThreeStatus::Counts));
    // X . X * : only the gap makes the straight four . X X X X .
    assert_eq!(across.points.len(), 1);
    assert_eq!(across.points[0].pos.x, p.x - 2);
    assert_eq!(across.stones.len(), 3);
}

#[test]
fn double_four_names_both_fours_and_their_five_points() {
    let (board, p) = diagram(
        "
        . . . . . . . .
        . . . . O . . .
        . . . . X . . .
        . . . . X . . .
        . . . . X . . .
        O X X X * . . .
        . . . . . . . .
        ",
    );
    let e = explain(&board, p).expect("forbidden");
    assert_eq!(e.forbidden, Some(Forbidden::DoubleFour));
    assert_eq!(e.fours(), 2);
    let across = line(&e, Direction::Horizontal);
    assert_eq!(across.shape, Shape::Four);
    assert_eq!(keys(across), vec![Pos::new(p.x + 1, p.y)]);
    let down = line(&e, Direction::Vertical);
    assert_eq!(down.stones.len(), 4);
    assert_eq!(keys(down), vec![Pos::new(p.x, p.y + 1)]);
    assert_eq!(e.decisive().len(), 2);
}

#[test]
fn double_four_on_one_line_is_two_fours_with_one_five_point_each() {
    // . . X . X X * . X . . centred on row 7: x from 2.
    let (board, p) = diagram(". . X . X X * . X . .");
    let e = explain(&board, p).expect("forbidden");
    assert_eq!(e.forbidden, Some(Forbidden::DoubleFour));
    let fours: Vec<&ShapeLine> = e.decisive();
    assert_eq!(fours.len(), 2, "{e}");
    assert!(fours.iter().all(|f| f.direction == Direction::Horizontal));
    let (y, x0) = (p.y, p.x - 6);
    let left = fours
        .iter()
        .find(|f| keys(f) == vec![Pos::new(x0 + 3, y)])
        .expect("the left gap makes one five");
    assert_eq!(
        sorted(&left.stones),
        pts(&[(x0 + 2, y), (x0 + 4, y), (x0 + 5, y), (x0 + 6, y)])
    );
    let right = fours
        .iter()
        .find(|f| keys(f) == vec![Pos::new(x0 + 7, y)])
        .expect("the right gap makes the other");
    assert_eq!(
        sorted(&right.stones),
        pts(&[(x0 + 4, y), (x0 + 5, y), (x0 + 6, y), (x0 + 8, y)])
    );
}

#[test]
fn straight_four_is_one_four_with_two_five_points() {
    let (board, p) = diagram(". . . X X * X . . .");
    let e = explain_point(&board, p).unwrap();
    assert_eq!(e.forbidden, None);
    assert_eq!(e.fours(), 1);
    assert_eq!(e.lines[0].points.len(), 2);
    assert!(
        explain(&board, p).is_none(),
        "legal points are not explained"
    );
}

#[test]
fn overline_names_the_six() {
    let (board, p) = diagram(". . X X X * X X . .");
    let e = explain(&board, p).expect("forbidden");
    assert_eq!(e.forbidden, Some(Forbidden::Overline));
    let six = e.decisive();
    assert_eq!(six.len(), 1);
    assert_eq!(six[0].shape, Shape::Overline);
    assert_eq!(six[0].stones.len(), 6);
    assert!(six[0].stones.contains(&p));
}

#[test]
fn a_five_decides_alone() {
    let (board, p) = diagram(
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
    );
    let e = explain_point(&board, p).unwrap();
    assert_eq!(e.forbidden, None);
    assert_eq!(e.lines.len(), 1);
    assert_eq!(e.lines[0].shape, Shape::Five);
    assert_eq!(e.lines[0].direction, Direction::Vertical);
    assert_eq!(e.decisive().len(), 1);
}

#[test]
fn a_blocked_three_is_shown_as_not_counting() {
    let (board, p) = diagram(
        "
        . . . . . . .
        . . . X . . .
        . . . X . . .
        O X X * . . .
        . . . . . . .
        ",
    );
    let e = explain_point(&board, p).unwrap();
    assert_eq!(e.forbidden, None);
    let across = line(&e, Direction::Horizontal);
    assert_eq!(across.shape, Shape::Three(ThreeStatus::Blocked));
    assert_eq!(across.stones.len(), 3);
    // O X X * . . : either of the two points to the right makes a (blocked) four.
    assert_eq!(keys(across), pts(&[(p.x + 1, p.y), (p.x + 2, p.y)]));
    assert_eq!(e.discounted_threes().len(), 1);
    assert_eq!(e.threes(), 1);
    assert!(e.to_string().contains("does not count: blocked"), "{e}");
}

#[test]
fn a_three_whose_only_straight_four_makes_six_is_blocked() {
    let (board, p) = diagram(
        "
        . . . . . . . . .
        . . . . . X . . .
        . . . . . X . . .
        X . . X X * . O .
        . . . . . . . . .
        ",
    );
    let e = explain_point(&board, p).unwrap();
    assert_eq!(e.forbidden, None);
    assert_eq!(
        line(&e, Direction::Horizontal).shape,
        Shape::Three(ThreeStatus::Blocked)
    );
}

/// From `tests/renju.rs`: `*` at (7,7) makes a diagonal three (5,5)-(6,6) and a horizontal
/// `O . X X * . . . O` whose only straight-four point is (8,7); with `a` and `b` black, (8,7) is
/// a four-three-three after `*`, so the horizontal three is fake.
const RECURSIVE: &str = "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . X . . X c . . . . .
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
fn recursive_case_the_fake_three_names_its_forbidden_four_point() {
    let d = RECURSIVE.replace(['a', 'b'], "X").replace('c', ".");
    let (board, p) = diagram(&d);
    assert_eq!(p, Pos::new(7, 7));
    let e = explain_point(&board, p).unwrap();
    assert_eq!(e.forbidden, None, "only one three counts: {e}");
    let fake = line(&e, Direction::Horizontal);
    assert_eq!(fake.shape, Shape::Three(ThreeStatus::FourPointsForbidden));
    assert_eq!(sorted(&fake.stones), pts(&[(5, 7), (6, 7), (7, 7)]));
    assert_eq!(fake.points.len(), 1);
    assert_eq!(fake.points[0].pos, Pos::new(8, 7));
    assert_eq!(fake.points[0].forbidden, Some(Forbidden::DoubleThree));
    assert_eq!(
        line(&e, Direction::Diagonal).shape,
        Shape::Three(ThreeStatus::Counts)
    );
    assert!(
        e.to_string().contains("i8 (double-three) is forbidden"),
        "{e}"
    );
    // The four point is explained in turn on the board with the stone placed: a four and
    // two threes.
    let mut after = board.clone();
    after.set(p, Some(Stone::Black));
    let inner = explain(&after, Pos::new(8, 7)).expect("(8,7) is forbidden after *");
    assert_eq!(inner.fours(), 1);
    assert_eq!(inner.threes(), 2);
    assert_eq!(
        line(&inner, Direction::Horizontal).shape,
        Shape::Four,
        "{inner}"
    );
}

#[test]
fn recursive_case_with_the_four_point_legal_is_a_double_three() {
    let d = RECURSIVE.replace(['a', 'b', 'c'], ".");
    let (board, p) = diagram(&d);
    let e = explain(&board, p).expect("forbidden");
    assert_eq!(e.forbidden, Some(Forbidden::DoubleThree));
    let across = line(&e, Direction::Horizontal);
    assert_eq!(across.shape, Shape::Three(ThreeStatus::Counts));
    assert_eq!(across.points[0].forbidden, None);
}

#[test]
fn forbidden_by_two_threes_with_a_third_one_fake() {
    // `c` adds an anti-diagonal three (8,6)-(9,5) through `*`: diagonal and anti-diagonal
    // count, the horizontal one still does not.
    let d = RECURSIVE.replace(['a', 'b', 'c'], "X");
    let (board, p) = diagram(&d);
    let e = explain(&board, p).expect("forbidden");
    assert_eq!(e.forbidden, Some(Forbidden::DoubleThree));
    let counted: Vec<Direction> = e.decisive().iter().map(|l| l.direction).collect();
    assert_eq!(counted, vec![Direction::Diagonal, Direction::AntiDiagonal]);
    let fake = e.discounted_threes();
    assert_eq!(fake.len(), 1);
    assert_eq!(fake[0].direction, Direction::Horizontal);
    assert_eq!(
        fake[0].shape,
        Shape::Three(ThreeStatus::FourPointsForbidden)
    );
}

// ---- agreement with `forbidden` -----------------------------------------------------------

fn data(rel: &str) -> PathBuf {
    // The folder the tests run in (a binary built in another checkout of the same tree may
    // be reused from a shared target folder, so not the one it was compiled in).
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
        .join("tests/data")
        .join(rel)
}

/// Every empty point: the verdict equals `forbidden`, a forbidden point has decisive lines
/// of its kind (two or more fours / threes, one overline), and every stone of a shape is on
/// the line through the point and black (or the point itself). Returns the forbidden count.
#[track_caller]
fn agrees(board: &Board, what: &str) -> usize {
    let mut n = 0;
    for p in board.points().filter(|&p| board.get(p).is_none()) {
        let e = explain_point(board, p).unwrap();
        assert_eq!(e.forbidden, forbidden(board, p), "{what} at {p}: {e}");
        let decisive = e.decisive().len();
        match e.forbidden {
            Some(Forbidden::Overline) => assert!(decisive >= 1, "{what} {e}"),
            Some(_) => assert!(decisive >= 2, "{what} {e}"),
            None => {}
        }
        for l in &e.lines {
            assert!(l.stones.contains(&p), "{what} {e}");
            let (dx, dy) = l.direction.delta();
            for &s in &l.stones {
                let (ox, oy) = (
                    i32::from(s.x) - i32::from(p.x),
                    i32::from(s.y) - i32::from(p.y),
                );
                assert_eq!(ox * dy, oy * dx, "{what}: {s} off the line of {e}");
                assert!(s == p || board.get(s) == Some(Stone::Black), "{what} {e}");
            }
        }
        n += usize::from(e.forbidden.is_some());
    }
    n
}

#[test]
fn agrees_with_forbidden_on_every_fixture_board() {
    let mut boards = Vec::new();
    for entry in std::fs::read_dir(data("quintet_cases")).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let rows: Vec<String> = text
            .lines()
            .skip_while(|l| !l.starts_with("board:"))
            .skip(1)
            .map(|l| l.replace('o', "X").replace('x', "O"))
            .collect();
        boards.push(parse_ascii(&rows.join("\n")).unwrap());
    }
    for file in [
        "rule_checks/renju_benchmark_public_examples.jsonl",
        "rule_checks/renju_benchmark_puzzles.jsonl",
    ] {
        let text = std::fs::read_to_string(data(file)).unwrap();
        for l in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            boards.push(parse_ascii(v["board"].as_str().unwrap()).unwrap());
        }
    }
    assert_eq!(boards.len(), 21);
    let forbidden_points: usize = boards
        .iter()
        .enumerate()
        .map(|(i, b)| agrees(b, &format!("fixture {i}")))
        .sum();
    assert!(forbidden_points >= 5, "{forbidden_points}");
    for d in [
        RECURSIVE.replace(['a', 'b', 'c'], "X"),
        RECURSIVE.replace(['a', 'b'], "X").replace('c', "."),
        RECURSIVE.replace(['a', 'b', 'c'], "."),
    ] {
        agrees(&diagram(&d).0, "recursive diagram");
    }
}

#[test]
fn agrees_with_forbidden_on_random_dense_positions() {
    // A fixed xorshift: clusters of black stones near the centre make many threes and fours.
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let mut total = 0;
    for game in 0..120 {
        let mut b = Board::new(15);
        let stones = 12 + next(40);
        for i in 0..stones {
            let p = Pos::new(3 + next(9) as u8, 3 + next(9) as u8);
            let stone = if i % 3 == 2 {
                Stone::White
            } else {
                Stone::Black
            };
            b.set(p, Some(stone));
        }
        total += agrees(&b, &format!("random {game}"));
    }
    assert!(total > 100, "the positions exercise the rule: {total}");
}
