//! The game's own save file: versioned RON holding the rule, board size, players, moves (with
//! time used), the redo tail and the result; since version 2 also the opening rule, the
//! opening decisions (offered fifth moves included), the undone decisions, the nigiri and the
//! clock. Loading replays every move and decision through the rules, so a game saved in the
//! middle of its opening reopens there. Version 1 files (no opening, no clock) still open.
//!
//! `players` names who holds each colour *now*; which of them is the first player follows
//! from the record ([`GameRecord::holder`]).

use crate::board::{Pos, Stone};
use crate::clock::Clock;
use crate::error::FormatError;
use crate::notation::check_size;
use crate::opening::{Decision, Nigiri, OpeningError, OpeningRule};
use crate::record::{ForbiddenPolicy, GameRecord, Move, Outcome, Reason};
use crate::rules::Rule;
use serde::{Deserialize, Serialize};

const FORMAT: &str = "save file";
/// The save format this program writes and reads.
pub const SAVE_VERSION: u32 = 2;
/// The oldest save format this program still reads.
pub const OLDEST_SAVE_VERSION: u32 = 1;

/// Who plays a colour.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerKind {
    #[default]
    Human,
    /// The computer, at a named level.
    Computer { level: String },
    /// A player on the other end of a network game.
    Remote,
}

/// A player's name and kind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub kind: PlayerKind,
}

/// Both players.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Players {
    pub black: Player,
    pub white: Player,
}

impl Default for Players {
    fn default() -> Self {
        Players {
            black: Player {
                name: "Black".into(),
                kind: PlayerKind::Human,
            },
            white: Player {
                name: "White".into(),
                kind: PlayerKind::Human,
            },
        }
    }
}

impl Players {
    #[must_use]
    pub fn get(&self, stone: Stone) -> &Player {
        match stone {
            Stone::Black => &self.black,
            Stone::White => &self.white,
        }
    }

    pub fn get_mut(&mut self, stone: Stone) -> &mut Player {
        match stone {
            Stone::Black => &mut self.black,
            Stone::White => &mut self.white,
        }
    }
}

/// A saved game: the record and its players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    pub record: GameRecord,
    pub players: Players,
}

/// The on-disk layout; `A` is the optional `analysis` section (what the program keeps with
/// the game, e.g. a review; [`serde::de::IgnoredAny`] when reading the game alone).
#[derive(Serialize, Deserialize)]
struct SaveFile<A> {
    version: u32,
    rule: Rule,
    board_size: u8,
    #[serde(default)]
    forbidden_policy: ForbiddenPolicy,
    players: Players,
    moves: Vec<SavedMove>,
    #[serde(default)]
    redo: Vec<SavedMove>,
    #[serde(default)]
    result: Option<SavedResult>,
    #[serde(default)]
    opening: OpeningRule,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    nigiri: Option<Nigiri>,
    /// Every opening decision in order; the stones they place are also in `moves`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    decisions: Vec<Decision>,
    /// Undone opening decisions, next first (before the moves of `redo`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    redo_decisions: Vec<SavedDecision>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clock: Option<Clock>,
    /// Kept with the game by the program (a review of it); the rules never read it, and a
    /// section this program cannot read does not keep the game from opening.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    analysis: Option<A>,
}

#[derive(Serialize, Deserialize)]
struct SavedDecision {
    decision: Decision,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    time_ms: Option<u32>,
}

#[derive(Serialize, Deserialize)]
struct SavedMove {
    x: u8,
    y: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    time_ms: Option<u32>,
}

#[derive(Serialize, Deserialize, PartialEq)]
struct SavedResult {
    outcome: Outcome,
    reason: Reason,
}

impl From<&Move> for SavedMove {
    fn from(m: &Move) -> Self {
        SavedMove {
            x: m.pos.x,
            y: m.pos.y,
            time_ms: m.time_ms,
        }
    }
}

impl From<&SavedMove> for Move {
    fn from(m: &SavedMove) -> Self {
        Move {
            pos: Pos::new(m.x, m.y),
            time_ms: m.time_ms,
        }
    }
}

/// Writes the game as RON text.
#[must_use]
pub fn to_ron(record: &GameRecord, players: &Players) -> String {
    to_ron_with::<()>(record, players, None)
}

/// Writes the game as RON text with an `analysis` section (read back by [`analysis_from_ron`];
/// [`from_ron`] ignores it).
#[must_use]
pub fn to_ron_with<A: Serialize>(
    record: &GameRecord,
    players: &Players,
    analysis: Option<&A>,
) -> String {
    let file = SaveFile {
        version: SAVE_VERSION,
        rule: record.rule(),
        board_size: record.size() as u8,
        forbidden_policy: record.policy(),
        players: players.clone(),
        moves: record.moves().iter().map(SavedMove::from).collect(),
        redo: record.redo_moves().map(SavedMove::from).collect(),
        result: record.result().map(|r| SavedResult {
            outcome: r.outcome,
            reason: r.reason,
        }),
        opening: record.opening_rule(),
        nigiri: record.nigiri(),
        decisions: record.opening_log().to_vec(),
        redo_decisions: record
            .redo_log
            .iter()
            .rev()
            .map(|(decision, time_ms)| SavedDecision {
                decision: decision.clone(),
                time_ms: *time_ms,
            })
            .collect(),
        clock: record.clock().cloned(),
        analysis,
    };
    ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default())
        .unwrap_or_else(|e| format!("// could not write the game: {e}"))
}

/// Reads a game from RON text, replaying every move through the rules.
pub fn from_ron(text: &str) -> Result<SavedGame, FormatError> {
    // Read the version on its own first, so that a newer file gets a version error rather than
    // a confusing field error.
    #[derive(Deserialize)]
    struct VersionOnly {
        version: u32,
    }
    let options = ron::Options::default();
    let version: VersionOnly = lenient(&options, text)?;
    if !(OLDEST_SAVE_VERSION..=SAVE_VERSION).contains(&version.version) {
        return Err(FormatError::Version {
            found: version.version,
            supported: SAVE_VERSION,
        });
    }
    let file: SaveFile<serde::de::IgnoredAny> = options
        .from_str(text)
        .map_err(|e| FormatError::syntax(FORMAT, e.to_string()))?;
    let mut record = replay_file(&file)?;
    if !file.redo.is_empty() || !file.redo_decisions.is_empty() {
        let decisions = file
            .redo_decisions
            .iter()
            .map(|d| (d.decision.clone(), d.time_ms))
            .collect();
        let moves: Vec<Move> = file.redo.iter().map(Move::from).collect();
        // Every undone step, next first, with the stone it places (if any).
        let stones: Vec<Option<Pos>> = file
            .redo_decisions
            .iter()
            .map(|d| d.decision.stone())
            .chain(moves.iter().map(|m| Some(m.pos)))
            .collect();
        record
            .restore_redo(decisions, moves)
            .map_err(|(i, e)| match (e, stones[i]) {
                (OpeningError::Move(reason), Some(pos)) => FormatError::IllegalMove {
                    format: FORMAT,
                    number: file.moves.len() + stones[..=i].iter().flatten().count(),
                    pos: pos.to_string(),
                    reason,
                },
                (e, _) => FormatError::syntax(
                    FORMAT,
                    format!("undone step {} cannot be redone: {e}", i + 1),
                ),
            })?;
    }
    if let Some(saved) = &file.result {
        let replayed = record.result().map(|r| SavedResult {
            outcome: r.outcome,
            reason: r.reason,
        });
        match (replayed, saved.reason) {
            (Some(r), _) if r == *saved => {}
            (None, Reason::Resignation) => {
                if let Outcome::Win(w) = saved.outcome {
                    let _ = record.resign(w.opponent());
                }
            }
            (None, Reason::Time) => {
                if let Outcome::Win(w) = saved.outcome {
                    let _ = record.lose_on_time(w.opponent());
                }
            }
            (None, Reason::DrawAgreed) => {
                let _ = record.agree_draw();
            }
            _ => {
                return Err(FormatError::syntax(
                    FORMAT,
                    "the stored result does not match the moves",
                ));
            }
        }
    }
    record.set_clock(file.clock);
    Ok(SavedGame {
        record,
        players: file.players,
    })
}

/// Replays the moves and opening decisions of `file` from an empty board.
fn replay_file<A>(file: &SaveFile<A>) -> Result<GameRecord, FormatError> {
    let size = usize::from(file.board_size);
    check_size(FORMAT, size)?;
    let mut record = GameRecord::with_opening(file.rule, size, file.opening)
        .map_err(|e| FormatError::syntax(FORMAT, e.to_string()))?;
    record.set_policy(file.forbidden_policy);
    if let Some(nigiri) = file.nigiri {
        record = record.with_nigiri(nigiri);
    }
    let moves: Vec<Move> = file.moves.iter().map(Move::from).collect();
    let illegal = |i: usize, reason| FormatError::IllegalMove {
        format: FORMAT,
        number: i + 1,
        pos: moves[i].pos.to_string(),
        reason,
    };
    let mut next = 0;
    for (n, decision) in file.decisions.iter().enumerate() {
        let time_ms = match decision.stone() {
            Some(pos) => {
                let Some(mv) = moves.get(next).filter(|m| m.pos == pos) else {
                    return Err(FormatError::syntax(
                        FORMAT,
                        format!(
                            "opening decision {} ({decision}) does not match move {}",
                            n + 1,
                            next + 1
                        ),
                    ));
                };
                next += 1;
                mv.time_ms
            }
            None => None,
        };
        record
            .decide_timed(decision.clone(), time_ms)
            .map_err(|e| match (e, decision.stone()) {
                (OpeningError::Move(reason), Some(_)) => illegal(next - 1, reason),
                (e, _) => FormatError::syntax(
                    FORMAT,
                    format!("opening decision {} ({decision}) is impossible: {e}", n + 1),
                ),
            })?;
    }
    for (i, mv) in moves.iter().enumerate().skip(next) {
        if !record.opening_done() {
            return Err(FormatError::syntax(
                FORMAT,
                format!(
                    "move {} ({}) comes while the opening waits for {}",
                    i + 1,
                    mv.pos,
                    record.turn().phase
                ),
            ));
        }
        record.play_move(*mv).map_err(|reason| illegal(i, reason))?;
    }
    Ok(record)
}

/// The `analysis` section of a save file: `None` when it has none, an error when the
/// section is there but not of type `A` (an older or newer program's).
pub fn analysis_from_ron<A: serde::de::DeserializeOwned>(
    text: &str,
) -> Option<Result<A, FormatError>> {
    #[derive(Deserialize)]
    struct AnalysisOnly<A> {
        #[serde(default = "none")]
        analysis: Option<A>,
    }
    fn none<A>() -> Option<A> {
        None
    }
    match ron::Options::default().from_str::<AnalysisOnly<serde::de::IgnoredAny>>(text) {
        Ok(AnalysisOnly { analysis: None }) => None,
        Err(e) => Some(Err(FormatError::syntax(FORMAT, e.to_string()))),
        Ok(AnalysisOnly { analysis: Some(_) }) => Some(
            ron::Options::default()
                .from_str::<AnalysisOnly<A>>(text)
                .map_err(|e| FormatError::syntax(FORMAT, format!("analysis: {e}")))
                .and_then(|a| {
                    a.analysis
                        .ok_or_else(|| FormatError::syntax(FORMAT, "analysis: empty".to_string()))
                }),
        ),
    }
}

fn lenient<T: serde::de::DeserializeOwned>(
    options: &ron::Options,
    text: &str,
) -> Result<T, FormatError> {
    // Unknown fields are ignored by serde by default, so this reads `version` alone.
    options
        .from_str(text)
        .map_err(|e| FormatError::syntax(FORMAT, format!("this is not a gomoku save file ({e})")))
}
