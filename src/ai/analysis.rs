//! Hints and analysis: the engine's best move for the side to move (shown as a marker), and
//! with the analysis panel on, the evaluation, the principal variation and whether the
//! opponent threatens a forced win by fours. Each search runs once per position, in the
//! background, and only on a person's turn (the computer's own search is shown on its turn).

use super::ComputerRequest;
use super::player::ComputerPlayer;
use super::search::{Budget, SearchJob, SearchOutcome};
use crate::GameSystems;
use crate::game::{Game, GameMode, Notice};
use bevy::prelude::*;
use gomoku_engine::{Limits, SearchInfo};
use gomoku_rules::{Pos, Stone};
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

/// What the analysis panel shows for the position on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisView {
    /// The side the evaluation and the line are for (the side to move).
    pub to_move: Stone,
    /// Evaluation for `to_move`, if known.
    pub eval: Option<i32>,
    pub mate_in: Option<i32>,
    pub depth: u32,
    pub nodes: u64,
    /// The principal variation from the position on the board.
    pub pv: Vec<Pos>,
    /// The opponent's forced win by fours, if `to_move` did nothing about it.
    pub threat: Option<Vec<Pos>>,
    /// The search is still running (the figures are its latest report).
    pub running: bool,
    /// The figures are the computer's own search for its move.
    pub computers: bool,
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

    /// The finished analysis of the position on the board.
    #[must_use]
    pub fn result(&self, game: &Game) -> Option<&SearchOutcome> {
        self.result
            .as_ref()
            .filter(|(moves, _)| *moves == game.points())
            .map(|(_, outcome)| outcome)
    }

    /// What to show for the position on the board: the finished analysis, the running one, or
    /// the computer's own search on its turn.
    #[must_use]
    pub fn view(&self, game: &Game, computer: &ComputerPlayer) -> Option<AnalysisView> {
        let to_move = game.record.side_to_move();
        if let Some(outcome) = self.result(game) {
            return Some(AnalysisView {
                to_move,
                eval: outcome.eval,
                mate_in: outcome.mate_in,
                depth: outcome.depth,
                nodes: outcome.nodes,
                pv: outcome.pv.clone(),
                threat: outcome.threat.clone(),
                running: false,
                computers: false,
            });
        }
        let live = |info: SearchInfo, computers: bool| AnalysisView {
            to_move,
            eval: Some(info.eval),
            mate_in: None,
            depth: info.depth,
            nodes: info.nodes,
            pv: info.pv,
            threat: None,
            running: true,
            computers,
        };
        if let Some(job) = self.job.as_ref().filter(|j| j.is_for(&game.record)) {
            return job.live().map(|info| live(info, false));
        }
        let thinking = computer.thinking()?;
        thinking.info.map(|info| live(info, true))
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

/// The computer plays both sides.
fn watching(game: &Game) -> bool {
    matches!(game.mode(), GameMode::ComputerVsComputer { .. })
}

/// Runs the analysis of each new position (panel on) and the searches for hints.
fn analyse(game: Res<Game>, mut analysis: ResMut<Analysis>) {
    let moves = game.record.moves().len();
    let on_turn = game.in_progress() && !game.computer_to_move();
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
