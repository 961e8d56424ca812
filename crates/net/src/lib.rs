//! `gomoku-net`: network play for gomoku and renju, without Bevy.
//!
//! - [`protocol`]: the wire messages ([`Message`], one versioned serde enum), the game
//!   settings, and the reasons a message or a connection is refused;
//! - [`frame`]: newline-delimited JSON frames of at most 8 KiB and the bounded [`Decoder`];
//! - [`Session`]: the pure state machine of one side — local [`Action`]s in, messages and
//!   [`Event`]s out, every peer message checked against the game through `gomoku-rules`;
//! - [`Link`]: a session on real TCP sockets (IPv4 or IPv6) with reader / writer threads,
//!   heartbeats, timeouts and the joiner's reconnection; the caller polls it (never blocks)
//!   or waits on it from a plain thread.
//!
//! See the crate README for the protocol, the rules of undo and resync, and the measurements.

pub mod event;
pub mod frame;
mod link;
pub mod protocol;
mod session;
mod transport;

pub use event::{Action, ActionError, Event, Pending, Request, Side, SyncOutcome};
pub use frame::{Decoder, FrameError, MAX_FRAME};
pub use link::{Link, NetConfig, bind_all, new_game_id, parse_address};
pub use protocol::{
    DEFAULT_PORT, Ending, GameSettings, GameState, MAX_CHAT_CHARS, Message, PROTOCOL_VERSION,
    Refusal, Rejection, Role, SUPPORTED_VERSIONS, TIME_TOLERANCE_MS, TIME_TOLERANCE_PERCENT,
    time_tolerance,
};
pub use session::{Phase, Session, SessionConfig, new_record, time_to_flag};

/// The README's examples, compiled as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
