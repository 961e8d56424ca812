//! The wire protocol: every message two programs exchange, as one serde enum, plus the game
//! settings and the reasons a message is refused. Each message travels as one line of JSON
//! (see [`crate::frame`]); the `type` field names the variant in `snake_case`.

use gomoku_rules::{
    Clock, Decision, Forbidden, ForbiddenPolicy, OpeningRule, Rule, Side, Stone, TimeControl,
};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// The protocol version this program speaks best. Version 2 added opening rules, clocks,
/// `decision` and `flag` messages and the time each move used; version 1 games (free
/// opening, no clock) are still played with version-1 peers.
pub const PROTOCOL_VERSION: u32 = 2;
/// Every protocol version this program speaks.
pub const SUPPORTED_VERSIONS: &[u32] = &[1, 2];
/// A claimed thinking time may be this much (plus [`TIME_TOLERANCE_PERCENT`] of the
/// measurement) shorter than the time the receiver measured, for the network's latency.
pub const TIME_TOLERANCE_MS: u64 = 1000;
/// The share of the measured time (in percent) added to [`TIME_TOLERANCE_MS`].
pub const TIME_TOLERANCE_PERCENT: u64 = 10;

/// How much shorter than `measured` a claimed time may be: 1 s plus 10 % of the measurement
/// (for the latency both ways and a late poll of the game loop).
#[must_use]
pub fn time_tolerance(measured: Duration) -> Duration {
    let measured_ms = u64::try_from(measured.as_millis()).unwrap_or(u64::MAX);
    Duration::from_millis(
        TIME_TOLERANCE_MS.saturating_add(measured_ms / 100 * TIME_TOLERANCE_PERCENT),
    )
}
/// The longest chat message, in characters.
pub const MAX_CHAT_CHARS: usize = 500;
/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 40;
/// The TCP port a host listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 5515;

/// The two ends of a connection: the host listens and owns the game settings, the joiner connects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Host,
    Joiner,
}

impl Role {
    /// The other end.
    #[must_use]
    pub fn other(self) -> Role {
        match self {
            Role::Host => Role::Joiner,
            Role::Joiner => Role::Host,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Host => "host",
            Role::Joiner => "joiner",
        })
    }
}

/// The host's settings for a game; the joiner plays by them.
///
/// Unknown fields are refused, so a program never plays a game whose settings it cannot
/// honour. Settings added later (the opening rule, the clock) are optional fields left out of
/// the JSON when unset: a free game without a clock reads the same as in version 1, and a
/// version-1 program refuses a game with an opening rule or a clock clearly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSettings {
    pub rule: Rule,
    /// Board side, 5 to 20.
    pub size: u8,
    /// What happens when black plays a renju-forbidden point.
    pub forbidden: ForbiddenPolicy,
    /// Who is the *first player*: the one who starts the opening, tentatively black. Under
    /// the free opening that is simply who plays black; under the other opening rules a swap
    /// may give the colours to the other player during the game (see
    /// [`crate::Session::local_stone`]).
    pub black: Role,
    /// How the game starts (`free` when left out).
    #[serde(default, skip_serializing_if = "is_free")]
    pub opening: OpeningRule,
    /// Each player's time; none when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<TimeControl>,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference.
fn is_free(opening: &OpeningRule) -> bool {
    *opening == OpeningRule::Free
}

impl Default for GameSettings {
    fn default() -> Self {
        GameSettings {
            rule: Rule::Renju,
            size: 15,
            forbidden: ForbiddenPolicy::Refuse,
            black: Role::Host,
            opening: OpeningRule::Free,
            clock: None,
        }
    }
}

impl GameSettings {
    /// The colour `role` plays at the start of a game (the first player holds black until a
    /// swap; the colours held now are [`crate::Session::local_stone`]).
    #[must_use]
    pub fn stone_of(&self, role: Role) -> Stone {
        if self.black == role {
            Stone::Black
        } else {
            Stone::White
        }
    }

    /// The role that plays `stone` at the start of a game.
    #[must_use]
    pub fn role_of(&self, stone: Stone) -> Role {
        match stone {
            Stone::Black => self.black,
            Stone::White => self.black.other(),
        }
    }

    /// The opening side (first or second player) of `role`.
    #[must_use]
    pub fn side_of(&self, role: Role) -> Side {
        if self.black == role {
            Side::First
        } else {
            Side::Second
        }
    }

    /// The role of the opening side `side`.
    #[must_use]
    pub fn role_of_side(&self, side: Side) -> Role {
        match side {
            Side::First => self.black,
            Side::Second => self.black.other(),
        }
    }

    /// The lowest protocol version that can carry a game with these settings: 2 with an
    /// opening rule or a clock, 1 otherwise.
    #[must_use]
    pub fn needs_version(&self) -> u32 {
        if self.opening == OpeningRule::Free && self.clock.is_none() {
            1
        } else {
            2
        }
    }

    /// Why the settings do not describe a playable game, or `None` when they do.
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        let size = usize::from(self.size);
        if !(gomoku_rules::MIN_SIZE..=gomoku_rules::MAX_SIZE).contains(&size) {
            return Some(format!("board size {} is not supported", self.size));
        }
        if let Err(e) = gomoku_rules::GameRecord::with_opening(self.rule, size, self.opening) {
            return Some(e.to_string());
        }
        None
    }

    /// Whether the settings describe a playable game (the board size is supported and the
    /// opening rule fits the board).
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.problem().is_none()
    }
}

/// How a game ended without a move ending it (a result the moves alone do not show).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The player of `loser` resigned.
    Resignation { loser: Stone },
    /// The players agreed to a draw.
    DrawAgreed,
    /// The player of `loser` ran out of time.
    Time { loser: Stone },
}

/// A full game as one side holds it: sent after every reconnection and after any disagreement.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameState {
    /// The number of the game within the connection (1 for the first, +1 per "play again").
    pub game: u32,
    pub settings: GameSettings,
    /// The moves in order, each `[x, y]` (x column from the left, y row from the top).
    pub moves: Vec<[u8; 2]>,
    /// Set when the game ended by resignation, agreement or time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending>,
    /// The opening decisions in order, stone placements included (their stones are also the
    /// first entries of `moves`); left out under the free opening.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opening: Vec<Decision>,
    /// Both players' time, in a game with a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<Clock>,
}

/// Why a side refuses a connection during the handshake.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    #[error("no common protocol version: the host speaks {host:?}, the joiner speaks {joiner:?}")]
    Version { host: Vec<u32>, joiner: Vec<u32> },
    #[error("the host is already playing with someone else")]
    Busy,
    #[error("the host is not playing game {game_id} (it plays {current})")]
    UnknownGame { game_id: String, current: String },
    #[error("the host's game settings are not playable here: {detail}")]
    Settings { detail: String },
    #[error("the handshake went wrong: {detail}")]
    Handshake { detail: String },
}

/// Why a side refuses a message from its peer (the message is ignored; the game is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case")]
pub enum Rejection {
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("move number {got} is wrong: the next move is number {expected}")]
    WrongMoveNumber { expected: u32, got: u32 },
    #[error("the point ({x}, {y}) is off the board")]
    OffBoard { x: u8, y: u8 },
    #[error("the point ({x}, {y}) is already occupied")]
    Occupied { x: u8, y: u8 },
    #[error("the point ({x}, {y}) is forbidden for black ({kind})")]
    Forbidden { x: u8, y: u8, kind: Forbidden },
    #[error("the game is over")]
    GameOver,
    #[error("the game is not over")]
    GameNotOver,
    #[error("a request is waiting for its answer")]
    RequestPending,
    #[error("there is no request to answer")]
    NoRequest,
    #[error("cannot undo to {to} moves: {detail}")]
    BadUndo { to: u32, detail: String },
    #[error("a chat message may have at most {max} characters (this one has {chars})")]
    ChatTooLong { chars: u32, max: u32 },
    #[error("too many chat messages: some were dropped")]
    ChatFlood,
    #[error("a name must have 1 to {max} printable characters")]
    BadName { max: u32 },
    #[error("message not expected now: {detail}")]
    Unexpected { detail: String },
    #[error("bad frame: {detail}")]
    BadFrame { detail: String },
    #[error("the game sent to resync is not valid: {detail}")]
    BadSync { detail: String },
    #[error("step number {got} is wrong: the next step is number {expected}")]
    WrongStepNumber { expected: u32, got: u32 },
    /// An opening decision (or an opening stone) the opening rule does not allow now.
    #[error("the opening does not allow this: {detail}")]
    Opening { detail: String },
    #[error(
        "the claimed time {claimed_ms} ms is too short: {measured_ms} ms passed here (tolerance {tolerance_ms} ms)"
    )]
    TimeClaim {
        claimed_ms: u32,
        measured_ms: u64,
        tolerance_ms: u64,
    },
    /// A flag claim while the player still has time, as measured here.
    #[error("the time has not run out: {left_ms} ms are left")]
    TimeLeft { left_ms: u64 },
    #[error("this game has no clock")]
    NoClock,
}

/// One protocol message. See the crate README for the order and the rules of each.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Message {
    /// Joiner → host, first frame: the versions the joiner speaks (unknown fields are
    /// ignored in this one message so that any later version can still be told apart).
    Hello {
        versions: Vec<u32>,
        program: String,
        name: String,
        /// The game id to resume after a lost connection.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        resume: Option<String>,
    },
    /// Host → joiner: the handshake is accepted.
    Welcome {
        version: u32,
        program: String,
        name: String,
        game_id: String,
        game: u32,
        settings: GameSettings,
    },
    /// Either side, during the handshake: the connection is refused; the sender closes it.
    Refused {
        reason: Refusal,
        message: String,
    },
    /// A stone on `[x, y]`; `number` is its move number (1 for black's first move). During
    /// an opening it is the opening stone the game waits for (or, while a fifth move is
    /// chosen, the choice of the offered point).
    Move {
        number: u32,
        x: u8,
        y: u8,
        /// The sender's thinking time for this move (version 2; left out by version 1).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        used_ms: Option<u32>,
    },
    /// An opening decision (version 2); `number` is its step number: 1 + the number of steps
    /// (opening decisions, stones included, and moves) made before it.
    Decision {
        number: u32,
        decision: Decision,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        used_ms: Option<u32>,
    },
    /// The player to act at step `number` ran out of time (version 2). From that player it
    /// is final (`used_ms`: the time it charged); from the other it is a claim, which the
    /// player to act confirms with its own `flag` or refuses (`time_left`).
    Flag {
        number: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        used_ms: Option<u32>,
    },
    /// Asks to take moves back until the game has `to` moves again.
    UndoRequest {
        to: u32,
    },
    UndoAgree {
        to: u32,
    },
    UndoRefuse,
    DrawOffer,
    DrawAgree,
    DrawRefuse,
    /// The sender resigns the current game.
    Resign,
    Chat {
        text: String,
    },
    /// The sender's new name.
    Name {
        name: String,
    },
    /// After a game: proposes a new one in which `black` plays black.
    PlayAgain {
        black: Role,
    },
    PlayAgainAgree {
        black: Role,
    },
    PlayAgainRefuse,
    /// The whole game as the sender holds it.
    Sync {
        state: GameState,
    },
    /// The sender refused a message of the receiver: `refused` names its type (`frame` for
    /// bytes that were not a message).
    Rejected {
        reason: Rejection,
        message: String,
        refused: String,
        /// The move number, when the refused message was a move.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        move_number: Option<u32>,
    },
    /// Sent by the transport when nothing else was sent for a while.
    Heartbeat,
    /// The sender leaves for good (no reconnection).
    Goodbye {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
}

impl Message {
    /// The `type` tag of the message, as on the wire.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Message::Hello { .. } => "hello",
            Message::Welcome { .. } => "welcome",
            Message::Refused { .. } => "refused",
            Message::Move { .. } => "move",
            Message::Decision { .. } => "decision",
            Message::Flag { .. } => "flag",
            Message::UndoRequest { .. } => "undo_request",
            Message::UndoAgree { .. } => "undo_agree",
            Message::UndoRefuse => "undo_refuse",
            Message::DrawOffer => "draw_offer",
            Message::DrawAgree => "draw_agree",
            Message::DrawRefuse => "draw_refuse",
            Message::Resign => "resign",
            Message::Chat { .. } => "chat",
            Message::Name { .. } => "name",
            Message::PlayAgain { .. } => "play_again",
            Message::PlayAgainAgree { .. } => "play_again_agree",
            Message::PlayAgainRefuse => "play_again_refuse",
            Message::Sync { .. } => "sync",
            Message::Rejected { .. } => "rejected",
            Message::Heartbeat => "heartbeat",
            Message::Goodbye { .. } => "goodbye",
        }
    }

    /// A `Rejected` message for `reason`.
    #[must_use]
    pub fn rejected(reason: Rejection, refused: &str, move_number: Option<u32>) -> Message {
        Message::Rejected {
            message: reason.to_string(),
            refused: refused.to_owned(),
            reason,
            move_number,
        }
    }

    /// A `Refused` message for `reason`.
    #[must_use]
    pub fn refused(reason: Refusal) -> Message {
        Message::Refused {
            message: reason.to_string(),
            reason,
        }
    }
}

/// Whether `name` is a valid player name (1 to [`MAX_NAME_CHARS`] characters, no control
/// characters, not only spaces).
#[must_use]
pub fn valid_name(name: &str) -> bool {
    let chars = name.chars().count();
    (1..=MAX_NAME_CHARS).contains(&chars)
        && !name.trim().is_empty()
        && !name.chars().any(char::is_control)
}
