//! What the analysis panel and the board show of the engine's view of the position: the
//! finished analysis, the running one, or the computer's own search on its turn.

use super::analysis::Analysis;
use super::player::ComputerPlayer;
use crate::game::Game;
use gomoku_engine::SearchInfo;
use gomoku_rules::{Pos, Stone};

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

/// What to show for the position on the board: the finished analysis, the running one, or
/// the computer's own search on its turn.
#[must_use]
pub fn analysis_view(
    analysis: &Analysis,
    game: &Game,
    computer: &ComputerPlayer,
) -> Option<AnalysisView> {
    let to_move = game.record.side_to_move();
    if let Some(outcome) = analysis.result(game) {
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
    if let Some(job) = analysis.running(game) {
        return job.live().map(|info| live(info, false));
    }
    let thinking = computer.thinking()?;
    thinking.info.map(|info| live(info, true))
}
