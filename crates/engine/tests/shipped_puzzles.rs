//! The shipped puzzle file (`data/puzzles.tsv`): every puzzle's game replays through the
//! rules with the attacker to move, its stored solution is a forced line checked move by move
//! with the rules (and the solver finds a win), and the trainer's [`Attempt`] solves it when
//! the solution is played and fails on a move that lets the win go.

use gomoku_engine::puzzles::{
    Answer, Attempt, PuzzleKind, SOLVER_NODES, five_points, forced_win, get, parse, shipped,
};
use gomoku_rules::{Board, Pos, Rule, Stone, is_legal, is_win};
use std::collections::BTreeMap;

/// Checks `line` from `board` (attacker `side` to move) with the rules alone: each move is
/// legal; in a fours puzzle every attacker move makes a four; a defender move answering a
/// four blocks it; the attacker answers a counter-four by blocking it; the last attacker
/// move makes five or a threat that cannot be stopped.
fn check_line(
    board: &Board,
    side: Stone,
    rule: Rule,
    kind: PuzzleKind,
    line: &[Pos],
) -> Result<(), String> {
    let mut b = board.clone();
    let defender = side.opponent();
    for (i, &p) in line.iter().enumerate() {
        let mover = if i % 2 == 0 { side } else { defender };
        if !is_legal(&b, p, mover, rule) {
            return Err(format!("move {} ({p}) is not legal", i + 1));
        }
        let threats = five_points(&b, mover.opponent(), rule);
        if threats.len() == 1 && p != threats[0] && !is_win(&b, p, mover, rule) {
            return Err(format!(
                "move {} ({p}) ignores the five at {}",
                i + 1,
                threats[0]
            ));
        }
        if is_win(&b, p, mover, rule) {
            return if mover == side && i + 1 == line.len() {
                Ok(())
            } else {
                Err(format!("move {} ({p}) ends the game early", i + 1))
            };
        }
        b.set(p, Some(mover));
        if mover == side && kind == PuzzleKind::Fours && five_points(&b, side, rule).is_empty() {
            return Err(format!("attacker move {} ({p}) is not a four", i + 1));
        }
    }
    if line.len().is_multiple_of(2) {
        return Err("the line ends with a defender move".into());
    }
    if !five_points(&b, defender, rule).is_empty() {
        return Err("the defender has a five at the end".into());
    }
    let fives = five_points(&b, side, rule);
    let unstoppable = fives.len() >= 2
        || fives
            .first()
            .is_some_and(|&f| !is_legal(&b, f, defender, rule));
    if unstoppable {
        Ok(())
    } else {
        Err(format!(
            "no unstoppable threat at the end ({} five points)",
            fives.len()
        ))
    }
}

#[test]
fn every_shipped_puzzle_is_legal_and_its_solution_wins() {
    let puzzles = shipped().expect("the shipped file parses");
    let mut per: BTreeMap<(String, PuzzleKind), usize> = BTreeMap::new();
    for p in &puzzles {
        let record = p.record().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(record.side_to_move(), p.side, "{}", p.id);
        let board = record.board();
        assert!(
            five_points(board, p.side, p.rule).is_empty(),
            "{}: no five on the spot",
            p.id
        );
        check_line(board, p.side, p.rule, p.kind, &p.solution)
            .unwrap_or_else(|e| panic!("{}: {e}", p.id));
        assert_eq!(p.grade as usize, p.solution.len().div_ceil(2), "{}", p.id);
        let max = match p.kind {
            PuzzleKind::Fours => p.grade,
            PuzzleKind::WinIn3 => 3,
        };
        assert!(p.grade >= 2 && p.grade <= max, "{}", p.id);
        let found = forced_win(board, p.side, p.rule, p.kind, max, SOLVER_NODES);
        assert!(found.is_some(), "{}: the solver finds the win", p.id);
        if p.kind == PuzzleKind::WinIn3 {
            let fours = forced_win(board, p.side, p.rule, PuzzleKind::Fours, 12, SOLVER_NODES);
            assert!(fours.is_none(), "{}: a win in 3 needs a three", p.id);
        }
        *per.entry((p.rule.to_string(), p.kind)).or_default() += 1;
    }
    for rule in Rule::ALL {
        for kind in [PuzzleKind::Fours, PuzzleKind::WinIn3] {
            let n = per.get(&(rule.to_string(), kind)).copied().unwrap_or(0);
            assert!(n >= 10, "{rule} {kind:?}: {n} puzzles");
        }
    }
}

#[test]
fn playing_the_solution_solves_the_puzzle() {
    let puzzles = shipped().unwrap();
    for rule in Rule::ALL {
        for kind in [PuzzleKind::Fours, PuzzleKind::WinIn3] {
            let p = puzzles
                .iter()
                .filter(|p| p.rule == rule && p.kind == kind)
                .max_by_key(|p| p.grade)
                .expect("a puzzle of each kind");
            let mut attempt = Attempt::new(p).unwrap();
            let mut answer = None;
            // Follow the stored line while the engine's defence does; from the first other
            // defence on, play the solver's move in the position reached.
            let mut on_line = true;
            let mut i = 0;
            while !attempt.is_finished() {
                let mv = if on_line {
                    p.solution[i]
                } else {
                    let b = attempt.record().board().clone();
                    let max = if p.kind == PuzzleKind::Fours { 12 } else { 3 };
                    forced_win(&b, p.side, p.rule, p.kind, max, SOLVER_NODES)
                        .unwrap_or_else(|| panic!("{}: still won\n{b:?}", p.id))
                        .0[0]
                };
                let a = attempt.play(mv).unwrap();
                assert!(!matches!(a, Answer::Failed { .. }), "{}: {a:?}", p.id);
                on_line = on_line && answer_pos(&a).as_ref() == p.solution.get(i + 1);
                i += 2;
                answer = Some(a);
            }
            assert_eq!(answer, Some(Answer::Solved), "{}", p.id);
        }
    }
}

fn answer_pos(a: &Answer) -> Option<Pos> {
    match a {
        Answer::Defended(p) => Some(*p),
        _ => None,
    }
}

#[test]
fn a_move_that_lets_the_win_go_fails() {
    let puzzles = shipped().unwrap();
    let p = puzzles
        .iter()
        .find(|p| p.kind == PuzzleKind::Fours && p.unique)
        .expect("a unique win by fours");
    let board = p.board().unwrap();
    // A quiet move far from the action: not a four.
    let far = board
        .points()
        .filter(|&q| is_legal(&board, q, p.side, p.rule))
        .max_by_key(|q| {
            board
                .points()
                .filter(|&s| board.get(s).is_some())
                .map(|s| s.x.abs_diff(q.x).max(s.y.abs_diff(q.y)))
                .min()
        })
        .unwrap();
    let mut attempt = Attempt::new(p).unwrap();
    assert_eq!(attempt.play(far).unwrap(), Answer::Failed { defence: None });
    assert!(attempt.is_finished());
    assert!(
        attempt.play(p.solution[0]).is_err(),
        "a finished attempt takes no move"
    );
    // An occupied point is refused and changes nothing.
    let mut again = Attempt::new(p).unwrap();
    let occupied = p.moves[0];
    assert!(again.play(occupied).is_err());
    assert!(!again.is_finished());
    assert_eq!(again.record().moves().len(), p.moves.len());
    assert_eq!(get(&puzzles, &p.id), Some(p));
}

#[test]
fn bad_puzzle_lines_are_refused_with_their_line_number() {
    let good = "x1\trenju\tfours\tblack\t2\t1\th8i9\th7";
    let read = parse(good).unwrap();
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].to_line(), good, "a line reads back as written");
    let cases = [
        ("a\tb", "2 fields"),
        ("x\tgo\tfours\tblack\t2\t1\th8\th9", "unknown rule"),
        ("x\trenju\tfives\tblack\t2\t1\th8\th9", "unknown kind"),
        ("x\trenju\tfours\tred\t2\t1\th8\th9", "unknown side"),
        ("x\trenju\tfours\twhite\ttwo\t1\th8\th9", "bad grade"),
        ("x\trenju\tfours\twhite\t2\tyes\th8\th9", "bad unique"),
        ("x\trenju\tfours\twhite\t2\t1\th8h8\th9", "move 2"),
        (
            "x\trenju\tfours\tblack\t2\t1\th8\th9",
            "black is not to move",
        ),
    ];
    for (line, want) in cases {
        let text = format!("# comment\n\n{line}\n");
        let err = parse(&text).unwrap_err();
        assert_eq!(err.line, 3, "{line}");
        assert!(err.to_string().contains(want), "{line}: {err}");
    }
}
