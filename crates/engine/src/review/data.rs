//! The review's data (serde: a save file keeps it) and how a move is judged from the
//! positions before and after it; see the parent module for the figures.

use crate::search::MATE_BOUND;
use gomoku_rules::{Pos, Rule, Stone};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Loss of chances (−1..+1 scale) from which a move is an inaccuracy.
pub const INACCURACY: f32 = 0.2;
/// Loss of chances from which a move is a mistake.
pub const MISTAKE: f32 = 0.4;
/// Loss of chances from which a move is a blunder.
pub const BLUNDER: f32 = 0.6;
/// Evaluation units per unit of the logistic (see the module header): the scale the
/// evaluation weights were fitted with (`scale` in `data/eval_weights.txt`; a test checks that
/// the two agree).
pub const CHANCE_SCALE: f32 = 1041.0;
/// Version of the [`GameReview`] data (saved with games). Version 1 read evaluations on a
/// scale of 250.
pub const REVIEW_VERSION: u32 = 2;

/// The fixed work spent on each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewSettings {
    /// Node budget of the main search.
    pub nodes: u64,
    /// Node budget of the VCF search for the side to move.
    pub vcf_nodes: u64,
    /// Node budget of the VCT search (0: no VCT search).
    pub vct_nodes: u64,
}

impl Default for ReviewSettings {
    /// About a quarter of a second per position on one core.
    fn default() -> Self {
        ReviewSettings {
            nodes: 150_000,
            vcf_nodes: 50_000,
            vct_nodes: 50_000,
        }
    }
}

/// How a forced win was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinKind {
    /// Victory by continuous fours.
    Vcf,
    /// Victory by continuous threats (threes and fours).
    Vct,
    /// A mate score of the main search.
    Search,
}

/// A proven win for the side to move: attacker and defender moves alternating.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForcedWin {
    pub kind: WinKind,
    pub line: Vec<Pos>,
}

/// The engine's opinion of one position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PositionReview {
    pub to_move: Stone,
    /// The game was over in this position (five, forbidden move, full board): not searched.
    pub terminal: bool,
    /// Search score for the side to move (mate scores beyond ±[`MATE_BOUND`]).
    pub eval: i32,
    /// Black's winning chances, −1..+1.
    pub black_chances: f32,
    /// The engine's move and line (empty in a terminal position).
    pub best: Option<Pos>,
    pub line: Vec<Pos>,
    pub depth: u32,
    pub nodes: u64,
    /// A proven win of the side to move, if one was found.
    pub forced_win: Option<ForcedWin>,
}

impl PositionReview {
    /// The chances of `stone` in this position.
    #[must_use]
    pub fn chances(&self, stone: Stone) -> f32 {
        match stone {
            Stone::Black => self.black_chances,
            Stone::White => -self.black_chances,
        }
    }
}

/// The verdict on one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Judgement {
    /// The engine's own choice.
    Best,
    /// Lost less than [`INACCURACY`].
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// The judgement for a move that loses `loss` chances (not the engine's move).
    #[must_use]
    pub fn from_loss(loss: f32) -> Judgement {
        if loss >= BLUNDER {
            Judgement::Blunder
        } else if loss >= MISTAKE {
            Judgement::Mistake
        } else if loss >= INACCURACY {
            Judgement::Inaccuracy
        } else {
            Judgement::Good
        }
    }
}

impl fmt::Display for Judgement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Judgement::Best => "best",
            Judgement::Good => "good",
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        })
    }
}

/// The verdict on one played move (move `index`, 0-based, played in position `index`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveReview {
    pub index: usize,
    pub mover: Stone,
    pub played: Pos,
    /// The mover's chances before and after the move.
    pub before: f32,
    pub after: f32,
    /// `before - after`, at least 0.
    pub loss: f32,
    pub judgement: Judgement,
    /// The engine's move and line in the position, when the played move was another.
    pub better: Option<Pos>,
    pub better_line: Vec<Pos>,
    /// The forced win the mover had and did not play.
    pub missed_win: Option<ForcedWin>,
}

/// Counts for one player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PlayerSummary {
    pub moves: u32,
    pub best: u32,
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
    pub missed_wins: u32,
    /// Mean loss of chances per move (0 = every move kept the chances).
    pub average_loss: f32,
}

/// A whole review: one entry per position (the start, then after each move) and per move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameReview {
    pub version: u32,
    pub rule: Rule,
    pub size: usize,
    pub settings: ReviewSettings,
    /// The moves reviewed, to tell whether a saved review still belongs to its game.
    pub game: Vec<Pos>,
    pub positions: Vec<PositionReview>,
    pub moves: Vec<MoveReview>,
    pub black: PlayerSummary,
    pub white: PlayerSummary,
}

impl GameReview {
    /// Black's chances after each number of moves (0 = the empty board): the graph.
    #[must_use]
    pub fn graph(&self) -> Vec<f32> {
        self.positions.iter().map(|p| p.black_chances).collect()
    }

    /// Whether this review was made for exactly these moves.
    #[must_use]
    pub fn matches(&self, rule: Rule, size: usize, moves: &[Pos]) -> bool {
        self.rule == rule && self.size == size && self.game == moves
    }

    /// The summary of `stone`.
    #[must_use]
    pub fn summary(&self, stone: Stone) -> &PlayerSummary {
        match stone {
            Stone::Black => &self.black,
            Stone::White => &self.white,
        }
    }
}

/// Chances in −1..+1 for an evaluation of the side to move (see the module header).
#[must_use]
pub fn chances_from_eval(eval: i32) -> f32 {
    if eval >= MATE_BOUND {
        1.0
    } else if eval <= -MATE_BOUND {
        -1.0
    } else {
        (eval as f32 / (2.0 * CHANCE_SCALE)).tanh()
    }
}

/// The verdict on move `index` (`played`) between the positions `before` and `after`.
pub(super) fn judge(
    index: usize,
    played: Pos,
    before: &PositionReview,
    after: &PositionReview,
) -> MoveReview {
    let mover = before.to_move;
    let (b, a) = (before.chances(mover), after.chances(mover));
    let loss = (b - a).max(0.0);
    let is_best = before.best == Some(played);
    let judgement = if is_best {
        Judgement::Best
    } else if a <= -1.0 && b > -1.0 {
        Judgement::Blunder // the opponent now has a proven win
    } else {
        Judgement::from_loss(loss)
    };
    let still_won = a >= 1.0;
    let missed_win = before.forced_win.as_ref().filter(|win| {
        win.kind != WinKind::Search && win.line.first() != Some(&played) && !is_best && !still_won
    });
    MoveReview {
        index,
        mover,
        played,
        before: b,
        after: a,
        loss,
        judgement,
        better: before.best.filter(|_| !is_best),
        better_line: if is_best {
            Vec::new()
        } else {
            before.line.clone()
        },
        missed_win: missed_win.cloned(),
    }
}

pub(super) fn summarise(moves: &[MoveReview], stone: Stone) -> PlayerSummary {
    let mut s = PlayerSummary::default();
    let mut total_loss = 0.0;
    for m in moves.iter().filter(|m| m.mover == stone) {
        s.moves += 1;
        total_loss += m.loss;
        match m.judgement {
            Judgement::Best => s.best += 1,
            Judgement::Good => {}
            Judgement::Inaccuracy => s.inaccuracies += 1,
            Judgement::Mistake => s.mistakes += 1,
            Judgement::Blunder => s.blunders += 1,
        }
        s.missed_wins += u32::from(m.missed_win.is_some());
    }
    if s.moves > 0 {
        s.average_loss = total_loss / s.moves as f32;
    }
    s
}
