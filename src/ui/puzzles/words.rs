//! The puzzle trainer in words: kinds, prompts, a puzzle's title, the attempt's state, the
//! solution line and the trainer's notices. Reads the trainer's data; writes nothing.

use crate::game::PuzzleNotice;
use crate::i18n::{self, t};
use crate::puzzles::{AttemptState, Mark, Trainer};
use crate::ui::words::pos_label;
use gomoku_engine::puzzles::{Puzzle, PuzzleKind};
use gomoku_rules::{Pos, Stone};

/// The kind of puzzle ("Win by fours", "Win in 3").
#[must_use]
pub fn kind_name(kind: PuzzleKind) -> String {
    match kind {
        PuzzleKind::Fours => t!("puzzles.kind_fours"),
        PuzzleKind::WinIn3 => t!("puzzles.kind_win3"),
    }
    .into_owned()
}

/// "Black to play and win by fours" / "黑先 · 连续冲四取胜".
#[must_use]
pub fn prompt(puzzle: &Puzzle) -> String {
    let side = match puzzle.side {
        Stone::Black => t!("puzzles.side_black"),
        Stone::White => t!("puzzles.side_white"),
    };
    match puzzle.kind {
        PuzzleKind::Fours => t!("puzzles.prompt_fours", side = side),
        PuzzleKind::WinIn3 => t!("puzzles.prompt_win3", side = side),
    }
    .into_owned()
}

/// The puzzle's number in its rule and kind (1-based), as the list shows it.
#[must_use]
pub fn number(trainer: &Trainer, index: usize) -> usize {
    let p = &trainer.puzzles[index];
    trainer.puzzles[..index]
        .iter()
        .filter(|q| q.rule == p.rule && q.kind == p.kind)
        .count()
        + 1
}

/// "Renju · Win by fours · No. 7".
#[must_use]
pub fn title(trainer: &Trainer, index: usize) -> String {
    let p = &trainer.puzzles[index];
    format!(
        "{} · {} · {}",
        i18n::rule_name(p.rule),
        kind_name(p.kind),
        t!("puzzles.number", n = number(trainer, index))
    )
}

/// "3 moves · one winning move".
#[must_use]
pub fn grade(puzzle: &Puzzle) -> String {
    let moves = t!("puzzles.grade", n = puzzle.grade).into_owned();
    if puzzle.unique {
        format!("{moves} · {}", t!("puzzles.only_move"))
    } else {
        moves
    }
}

/// "You play black; the computer defends."
#[must_use]
pub fn you_play(puzzle: &Puzzle) -> String {
    t!("puzzles.you_play", colour = i18n::colour_name(puzzle.side)).into_owned()
}

/// The attempt's state: a headline and, once it is over, why.
#[must_use]
pub fn state_text(puzzle: &Puzzle, state: AttemptState) -> (String, Option<String>) {
    let at = |p: Pos| pos_label(p, 15);
    match state {
        AttemptState::Playing => (t!("puzzles.your_move").into_owned(), None),
        AttemptState::Defending { .. } => (t!("puzzles.defending").into_owned(), None),
        AttemptState::Solved => (t!("puzzles.solved").into_owned(), None),
        AttemptState::Failed { mv, defence } => {
            let why = match (mv, defence) {
                (None, _) => t!("puzzles.gave_up"),
                (Some(mv), Some(d)) => t!("puzzles.defended", at = at(mv), defence = at(d)),
                (Some(mv), None) if puzzle.kind == PuzzleKind::Fours => {
                    t!("puzzles.not_a_four", at = at(mv))
                }
                (Some(mv), None) => t!("puzzles.lets_go", at = at(mv)),
            };
            (t!("puzzles.failed").into_owned(), Some(why.into_owned()))
        }
    }
}

/// The solution's moves, numbered: "1 H8  2 J9  3 K10".
#[must_use]
pub fn solution_line(puzzle: &Puzzle) -> String {
    puzzle
        .solution
        .iter()
        .enumerate()
        .map(|(i, &p)| format!("{} {}", i + 1, pos_label(p, 15)))
        .collect::<Vec<_>>()
        .join("   ")
}

/// The moves of the attempt so far, numbered from the puzzle's position: "1 J6  2 K7".
#[must_use]
pub fn attempt_line(record: &gomoku_rules::GameRecord, puzzle: &Puzzle) -> String {
    record
        .moves()
        .iter()
        .skip(puzzle.moves.len())
        .enumerate()
        .map(|(i, m)| format!("{} {}", i + 1, pos_label(m.pos, 15)))
        .collect::<Vec<_>>()
        .join("   ")
}

/// A puzzle's standing in words (the list's hover text).
#[must_use]
pub fn mark_name(mark: Mark) -> String {
    match mark {
        Mark::New => t!("puzzles.mark_new"),
        Mark::Solved => t!("puzzles.mark_solved"),
        Mark::Failed => t!("puzzles.mark_failed"),
    }
    .into_owned()
}

/// The trainer's notices.
#[must_use]
pub fn notice_text(notice: &PuzzleNotice) -> String {
    match notice {
        PuzzleNotice::NotInPuzzle => t!("puzzles.not_in_puzzle"),
        PuzzleNotice::Over => t!("puzzles.over"),
        PuzzleNotice::AllSolved => t!("puzzles.all_solved"),
        PuzzleNotice::Unknown(id) => t!("puzzles.unknown", id = id),
        PuzzleNotice::NotInNetworkGame => t!("puzzles.not_in_network"),
        PuzzleNotice::ProgressUnreadable(error) => t!("puzzles.broken", error = error),
        PuzzleNotice::ProgressNotSaved { path, error } => {
            t!("puzzles.not_saved", path = path.display(), error = error)
        }
    }
    .into_owned()
}
