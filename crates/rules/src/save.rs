//! The game's own save file: versioned RON holding the rule, board size, players, moves (with
//! time used), the redo tail and the result. Loading replays every move through the rules.

use crate::board::{Pos, Stone};
use crate::error::FormatError;
use crate::notation::replay;
use crate::record::{ForbiddenPolicy, GameRecord, Move, Outcome, Reason};
use crate::rules::Rule;
use serde::{Deserialize, Serialize};

const FORMAT: &str = "save file";
/// The save format this program writes and reads.
pub const SAVE_VERSION: u32 = 1;

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

/// The on-disk layout.
#[derive(Serialize, Deserialize)]
struct SaveFile {
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
    if version.version != SAVE_VERSION {
        return Err(FormatError::Version {
            found: version.version,
            supported: SAVE_VERSION,
        });
    }
    let file: SaveFile = options
        .from_str(text)
        .map_err(|e| FormatError::syntax(FORMAT, e.to_string()))?;
    let mut record = replay(
        FORMAT,
        file.rule,
        usize::from(file.board_size),
        file.moves.iter().map(Move::from),
    )?;
    record.set_policy(file.forbidden_policy);
    if !file.redo.is_empty() {
        let number = file.moves.len();
        record
            .set_redo(file.redo.iter().map(Move::from).collect())
            .map_err(|(i, reason)| FormatError::IllegalMove {
                format: FORMAT,
                number: number + i + 1,
                pos: Move::from(&file.redo[i]).pos.to_string(),
                reason,
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
    Ok(SavedGame {
        record,
        players: file.players,
    })
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
