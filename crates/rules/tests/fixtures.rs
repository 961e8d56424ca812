//! Public rule fixtures (copied into tests/data with their sources): every board parses, and
//! the rules agree with the recorded answers.

mod common;

use gomoku_rules::notation::pos;
use gomoku_rules::{Board, Forbidden, Pos, Rule, Stone, forbidden, is_win, parse_ascii};
use std::path::PathBuf;

fn data(rel: &str) -> PathBuf {
    // The folder the tests run in (a binary built in another checkout of the same tree may
    // be reused from a shared target folder, so not the one it was compiled in).
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
        .join("tests/data")
        .join(rel)
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(data(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Renju notation (`H8`): letter = column, number = rank counted from the bottom.
fn renju_point(s: &str) -> Pos {
    let col = s.as_bytes()[0].to_ascii_uppercase() - b'A';
    let rank: u8 = s[1..].parse().unwrap();
    Pos::new(col, 15 - rank)
}

#[test]
fn gomocup_judge_rule_checks() {
    let text = read("rule_checks/gomocupjudge_rule_checks.tsv");
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(rows.len(), 4);
    // Row 1: under every rule, the open four h8..k8 for black wins at g8 or l8.
    for rule in Rule::ALL {
        let g = pos::read(rows[0][1], rule, 15).unwrap();
        assert_eq!(g.side_to_move(), Stone::Black);
        for (x, y) in [(6, 7), (11, 7)] {
            assert!(
                is_win(g.board(), Pos::new(x, y), Stone::Black, rule),
                "{rule}"
            );
        }
    }
    // Row 2: white to move; its h9-h12 four only completes into an overline at h13, which wins
    // in freestyle but not under exactly-five, where white must block black's open three.
    let g = pos::read(rows[1][1], Rule::Standard, 15).unwrap();
    assert_eq!(g.side_to_move(), Stone::White);
    assert!(!is_win(
        g.board(),
        Pos::new(7, 12),
        Stone::White,
        Rule::Standard
    ));
    assert!(is_win(
        g.board(),
        Pos::new(7, 12),
        Stone::White,
        Rule::Freestyle
    ));
    let mut played = g.clone();
    let r = played.play(Pos::new(7, 12)).unwrap();
    assert!(
        r.result.is_none(),
        "an overline is just a move under exactly-five"
    );
    let mut free = pos::read(rows[1][1], Rule::Freestyle, 15).unwrap();
    assert!(free.play(Pos::new(7, 12)).unwrap().result.is_some());
    // Row 3: renju, g9 (6,8) is forbidden for black.
    let g = pos::read(rows[2][1], Rule::Renju, 15).unwrap();
    assert_eq!(g.side_to_move(), Stone::Black);
    assert!(g.forbidden_at(Pos::new(6, 8)).is_some(), "{:?}", g.board());
    // Row 4 is for caro, a rule we do not play; its position still reads as a legal game.
    pos::read(rows[3][1], Rule::Freestyle, 15).unwrap();
}

#[derive(serde::Deserialize)]
struct BenchCase {
    id: String,
    side: String,
    board: String,
    best_moves: Vec<String>,
    forbidden_moves: Vec<String>,
    blocking_moves: Vec<String>,
}

/// The renju benchmark writes `E8` with the number counted from the top (row index + 1).
fn bench_point(s: &str) -> Pos {
    let col = s.as_bytes()[0].to_ascii_uppercase() - b'A';
    let row: u8 = s[1..].parse().unwrap();
    Pos::new(col, row - 1)
}

#[test]
fn renju_benchmark_cases() {
    let mut checked = 0;
    for file in [
        "rule_checks/renju_benchmark_public_examples.jsonl",
        "rule_checks/renju_benchmark_puzzles.jsonl",
    ] {
        for line in read(file).lines().filter(|l| !l.trim().is_empty()) {
            let case: BenchCase = serde_json::from_str(line).unwrap();
            let board = parse_ascii(&case.board).unwrap();
            let side = if case.side == "black" {
                Stone::Black
            } else {
                Stone::White
            };
            for m in &case.best_moves {
                let p = bench_point(m);
                let wins = is_win(&board, p, side, Rule::Renju);
                let blocks = case.blocking_moves.contains(m);
                assert!(wins || blocks, "{}: {m} should win", case.id);
            }
            for m in &case.forbidden_moves {
                let p = bench_point(m);
                assert!(forbidden(&board, p).is_some(), "{}: {m} forbidden", case.id);
            }
            for m in &case.blocking_moves {
                // The opponent would win there.
                assert!(
                    is_win(&board, bench_point(m), side.opponent(), Rule::Renju),
                    "{}: {m} blocks a five",
                    case.id
                );
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 11);
}

#[test]
fn renju_benchmark_overline_is_not_a_black_win() {
    let line = read("rule_checks/renju_benchmark_puzzles.jsonl")
        .lines()
        .find(|l| l.contains("black_overline_forbidden"))
        .unwrap()
        .to_string();
    let case: BenchCase = serde_json::from_str(&line).unwrap();
    let board = parse_ascii(&case.board).unwrap();
    for m in &case.forbidden_moves {
        let p = bench_point(m);
        assert_eq!(forbidden(&board, p), Some(Forbidden::Overline));
        assert!(!is_win(&board, p, Stone::Black, Rule::Renju));
        assert!(is_win(&board, p, Stone::Black, Rule::Freestyle));
    }
}

#[test]
fn rapfi_missed_win_position_reads() {
    let text = read("rule_checks/rapfi_issue32_missed_win.txt");
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let g = pos::read(line, Rule::Freestyle, 15).unwrap();
    assert_eq!(g.moves().len(), 16);
    assert_eq!(g.side_to_move(), Stone::Black);
    assert!(!g.is_over());
}

struct Quintet {
    attacker: Stone,
    expect: Vec<Pos>,
    board: Board,
}

fn quintet(name: &str) -> Quintet {
    let text = read(&format!("quintet_cases/{name}"));
    let mut attacker = None;
    let mut expect = Vec::new();
    let mut rows = Vec::new();
    let mut in_board = false;
    for line in text.lines() {
        if in_board {
            if !line.trim().is_empty() {
                rows.push(line.replace('o', "X").replace('x', "O"));
            }
        } else if let Some(v) = line.strip_prefix("attacker:") {
            attacker = Some(if v.trim() == "o" {
                Stone::Black
            } else {
                Stone::White
            });
        } else if let Some(v) = line.strip_prefix("expect:") {
            expect = v.trim().split(',').map(renju_point).collect();
        } else if line.starts_with("board:") {
            in_board = true;
        }
    }
    Quintet {
        attacker: attacker.unwrap(),
        expect,
        board: parse_ascii(&rows.join("\n")).unwrap_or_else(|e| panic!("{name}: {e}")),
    }
}

#[test]
fn quintet_boards_parse_and_their_winning_lines_are_playable() {
    let mut names: Vec<String> = std::fs::read_dir(data("quintet_cases"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 10);
    for name in names {
        let q = quintet(&name);
        assert_eq!(q.board.size(), 15);
        assert!(!q.expect.is_empty());
        // Play the proven line: every move lands on an empty point, black never plays a
        // forbidden one, and after the attacker's last move it threatens a five.
        let mut b = q.board.clone();
        let mut side = q.attacker;
        for (i, &p) in q.expect.iter().enumerate() {
            assert!(
                b.get(p).is_none(),
                "{name}: move {} at {p} is occupied",
                i + 1
            );
            if side == Stone::Black {
                assert_eq!(forbidden(&b, p), None, "{name}: move {} at {p}", i + 1);
            }
            if i + 1 == q.expect.len() {
                assert_eq!(side, q.attacker, "{name}: the attacker moves last");
            }
            b.set(p, Some(side));
            side = side.opponent();
        }
        let threat = b
            .points()
            .any(|p| b.get(p).is_none() && is_win(&b, p, q.attacker, Rule::Renju));
        assert!(
            threat,
            "{name}: the attacker threatens five at the end\n{b:?}"
        );
    }
}
