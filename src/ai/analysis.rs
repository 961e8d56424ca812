//! Hints and analysis: the engine's best move for the side to move (shown as a marker), and
//! with the analysis panel on, the evaluation, the principal variation and whether the
//! opponent threatens a forced win by fours. Each search runs once per position, in the
//! background, and only on a person's turn (the computer's own search is shown on its turn).

use super::ComputerRequest;
use super::search::{Budget, SearchJob, SearchOutcome};
use crate::GameSystems;
use crate::game::{Game, GameMode, Notice, PuzzleNotice};
use bevy::prelude::*;
use gomoku_engine::Limits;
use gomoku_rules::Pos;
use std::time::Duration;

/// Budget of one analysis (and hint) search.
pub const ANALYSIS_LIMITS: Limits = Limits {
    time: Some(Duration::from_millis(1500)),
    depth: None,
    nodes: Some(1_000_000),
};

/// The analysis panel's and the hint's state.
#[derive(Resource, Default)]
pub struct Analysis {
    /// The analysis panel is shown (and positions are analysed).
    pub enabled: bool,
    job: Option<SearchJob>,
    /// The last finished analysis, with the move list it is for.
    result: Option<(Vec<Pos>, SearchOutcome)>,
    /// A hint was asked for the position with this many moves (the person's turn, or their
    /// next turn when asked while the computer thinks).
    hint_for: Option<usize>,
    /// The hint shown, with the move list it is for.
    hint: Option<(Vec<Pos>, Pos)>,
}

impl Analysis {
    /// A search of the analysis or the hint is running or about to start.
    #[must_use]
    pub fn pending(&self, game: &Game) -> bool {
        let on_turn = game.in_progress() && !game.computer_to_move();
        let hint_now = self.hint_for == Some(game.record.moves().len());
        self.job.is_some() || on_turn && (hint_now || self.enabled && self.result(game).is_none())
    }

    /// The hint for the position on the board.
    #[must_use]
    pub fn hint(&self, game: &Game) -> Option<Pos> {
        self.hint
            .as_ref()
            .filter(|(moves, _)| *moves == game.points())
            .map(|(_, pos)| *pos)
    }

    /// The running analysis search for the position on the board, if any.
    #[must_use]
    pub fn running(&self, game: &Game) -> Option<&SearchJob> {
        self.job.as_ref().filter(|j| j.is_for(&game.record))
    }

    /// The finished analysis of the position on the board.
    #[must_use]
    pub fn result(&self, game: &Game) -> Option<&SearchOutcome> {
        self.result
            .as_ref()
            .filter(|(moves, _)| *moves == game.points())
            .map(|(_, outcome)| outcome)
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Analysis>().add_systems(
        Update,
        (requests, analyse).chain().in_set(GameSystems::Seats),
    );
}

fn requests(
    mut actions: MessageReader<ComputerRequest>,
    game: Res<Game>,
    mut analysis: ResMut<Analysis>,
    mut notices: MessageWriter<Notice>,
) {
    for action in actions.read() {
        // Both players of a network game play without the engine's help.
        let helping = matches!(
            action,
            ComputerRequest::ToggleAnalysis | ComputerRequest::Hint
        );
        if helping && no_help(&game) {
            notices.write(if game.in_puzzle() {
                Notice::Puzzle(PuzzleNotice::NotInPuzzle)
            } else {
                Notice::NoHelpInNetworkGame
            });
            continue;
        }
        match action {
            ComputerRequest::ToggleAnalysis => analysis.enabled = !analysis.enabled,
            ComputerRequest::Hint => {
                let moves = game.record.moves().len();
                if !game.in_progress() || watching(&game) {
                    notices.write(Notice::NoHintNow);
                } else if game.computer_to_move() {
                    // For the person's next turn, once the computer has moved.
                    analysis.hint_for = Some(moves + 1);
                } else if let Some(best) = analysis.result(&game).map(|o| o.best) {
                    analysis.hint = Some((game.points(), best));
                } else {
                    analysis.hint_for = Some(moves);
                }
            }
            _ => {}
        }
    }
}

/// A network game in progress: no hints, no analysis (the other player has none either);
/// nor in a puzzle (the analysis would show its solution).
#[must_use]
pub fn no_help(game: &Game) -> bool {
    (game.networked() || game.in_puzzle()) && game.in_progress()
}

/// The computer plays both sides.
fn watching(game: &Game) -> bool {
    matches!(game.mode(), GameMode::ComputerVsComputer { .. })
}

/// Runs the analysis of each new position (panel on) and the searches for hints.
fn analyse(game: Res<Game>, mut analysis: ResMut<Analysis>) {
    let moves = game.record.moves().len();
    let on_turn = game.in_progress() && !game.computer_to_move() && !no_help(&game);
    if let Some(wanted) = analysis.hint_for {
        let still = wanted == moves || game.computer_to_move() && wanted == moves + 1;
        if !still || !game.in_progress() {
            analysis.hint_for = None;
        }
    }
    if analysis
        .job
        .as_ref()
        .is_some_and(|job| !on_turn || !job.is_for(&game.record))
    {
        analysis.job = None;
    }
    if !on_turn {
        return;
    }
    if let Some(outcome) = analysis.job.as_mut().and_then(SearchJob::poll) {
        let job = analysis.job.take().expect("the job just finished");
        if analysis.hint_for == Some(job.moves.len()) {
            analysis.hint = Some((job.moves.clone(), outcome.best));
            analysis.hint_for = None;
        }
        analysis.result = Some((job.moves.clone(), outcome));
        return;
    }
    if analysis.hint_for == Some(moves)
        && let Some(best) = analysis.result(&game).map(|o| o.best)
    {
        analysis.hint = Some((game.points(), best));
        analysis.hint_for = None;
    }
    let wanted = analysis.hint_for == Some(moves) || analysis.enabled;
    if wanted && analysis.job.is_none() && analysis.result(&game).is_none() {
        // One search serves both: the analysis with its threat check, and the hint.
        let job = SearchJob::start(&game.record, Budget::Limits(ANALYSIS_LIMITS), true);
        analysis.job = Some(job);
    }
}
