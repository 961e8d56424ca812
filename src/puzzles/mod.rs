//! The puzzle trainer: the shipped puzzles of `gomoku_engine::puzzles` played on the main
//! board — the person attacks, the engine defends (the trainer seat, `Seat::Trainer`), each
//! move checked in the background (`trainer`); the progress per puzzle saved in the data
//! folder (`progress`); the solution drawn as numbered ghost stones (`view`). The window and
//! the panel live in `ui/puzzles/`.
//!
//! Reads `PuzzleRequest` (from the interface and `--puzzles`), `StonePlaced`; writes
//! `GameCommand`, `MoveRequest` (from `Actor::Trainer`) and `Notice::Puzzle`.

pub mod progress;
pub mod trainer;
pub mod view;

pub use progress::{Entry, Mark, Progress};
pub use trainer::{AttemptState, Trainer};

use crate::GameSystems;
use crate::game::{Notice, PuzzleNotice};
use crate::persist::SaveOnChange;
use crate::save::DataDir;
use bevy::prelude::*;
use gomoku_rules::Pos;
use std::path::PathBuf;

/// What the person asks of the trainer.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum PuzzleRequest {
    /// Put this puzzle (by id) on the board.
    Open(String),
    /// The puzzle on the board again, from its position.
    Retry,
    /// The next puzzle not solved yet after the one on the board (in the list's order).
    NextUnsolved,
    /// Give up: the attempt counts as failed and the solution is shown.
    GiveUp,
    /// Once the attempt is over: the solution on the board (`true`) or the attempt.
    ShowSolution(bool),
    /// Leave the trainer: the game played before it comes back.
    Leave,
}

/// `--puzzles ID [--moves …]`: the puzzle to open at start and the moves to play in it
/// (each one waits for the engine's defence).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct StartupPuzzle {
    pub id: String,
    pub moves: Vec<Pos>,
}

/// The progress file, written when the progress changes.
#[derive(Resource, Default)]
struct ProgressFile(SaveOnChange);

pub(crate) fn plugin(app: &mut App) {
    let puzzles = gomoku_engine::puzzles::shipped().unwrap_or_else(|e| {
        error!("the shipped puzzles cannot be read: {e}");
        Vec::new()
    });
    app.insert_resource(Trainer::new(puzzles))
        .init_resource::<Progress>()
        .add_message::<PuzzleRequest>()
        .add_systems(Startup, load_progress)
        .add_systems(
            Update,
            (
                (trainer::answer_moves, trainer::handle_requests)
                    .chain()
                    .in_set(GameSystems::Seats),
                trainer::check_moves.in_set(GameSystems::React),
            ),
        )
        .add_systems(Last, save_progress);
}

fn load_progress(
    mut commands: Commands,
    data: Option<Res<DataDir>>,
    mut notices: MessageWriter<Notice>,
) {
    let dir = data.map_or_else(|| PathBuf::from("."), |d| d.0.clone());
    let (progress, problem) = progress::load(&dir);
    if let Some(problem) = problem {
        let path = dir.join(progress::PROGRESS_FILE);
        let _ = std::fs::rename(&path, path.with_extension("ron.broken"));
        notices.write(Notice::Puzzle(PuzzleNotice::ProgressUnreadable(problem)));
    }
    commands.insert_resource(ProgressFile(SaveOnChange::holding(Some(progress.to_ron()))));
    commands.insert_resource(progress);
}

fn save_progress(
    progress: Option<Res<Progress>>,
    data: Option<Res<DataDir>>,
    file: Option<ResMut<ProgressFile>>,
    mut notices: MessageWriter<Notice>,
) {
    let (Some(progress), Some(data), Some(mut file)) = (progress, data, file) else {
        return;
    };
    if !progress.is_changed() {
        return;
    }
    let path = data.0.join(progress::PROGRESS_FILE);
    if let Some(error) = file.0.save(&path, Some(progress.to_ron())) {
        notices.write(Notice::Puzzle(PuzzleNotice::ProgressNotSaved {
            path,
            error,
        }));
    }
}
