//! What goes into a session ([`Action`]: what the local player does) and what comes out
//! ([`Event`]: what the peer did and what happened to the connection), with the errors of
//! local actions ([`ActionError`]).

use crate::frame::FrameError;
use crate::protocol::{GameSettings, Refusal, Rejection, Role};
use gomoku_rules::{Decision, GameResult, MoveError, OpeningError, Pos, Stone};

/// Which side of the connection did something.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Local,
    Peer,
}

/// A question that waits for the other side's answer. Only one may wait at a time, and
/// nobody moves while it waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Request {
    /// Take moves back until the game has `to` moves.
    Undo {
        to: u32,
    },
    Draw,
    /// A new game in which `black` plays black.
    PlayAgain {
        black: Role,
    },
}

/// A request and who made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pending {
    pub from: Side,
    pub request: Request,
}

/// What the local player does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A stone: an ordinary move, or during an opening the opening stone the game waits for
    /// (while a fifth move is chosen, the choice of the offered point there). Its thinking
    /// time is measured by the session: from the moment the turn came here.
    Move(Pos),
    /// An opening decision (swap, fifth moves, Swap2 choice, colour, or a stone).
    Decide(Decision),
    /// The player to act has run out of time: the local player (a confession: the game ends
    /// on time at once) or the peer (a claim: refused with [`ActionError::TimeLeft`] while the
    /// session's clock, measured from our last step, says time is left; otherwise sent, and
    /// the game ends when the peer confirms it, [`Event::GameOver`]).
    ClaimTime,
    /// Ask to take back the local player's last move (and the peer's reply, if any).
    RequestUndo,
    AnswerUndo(bool),
    OfferDraw,
    AnswerDraw(bool),
    Resign,
    Chat(String),
    Rename(String),
    /// Propose a new game after this one; `None` swaps the colours.
    PlayAgain(Option<Role>),
    AnswerPlayAgain(bool),
    /// Leave for good: the peer is told and the connection closes.
    Leave(Option<String>),
}

/// Why a local action was not done (nothing was sent and the game is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error("not connected to the other player")]
    NotConnected,
    #[error("the connection is closed")]
    Closed,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("a request is waiting for its answer")]
    RequestPending,
    #[error("there is no request to answer")]
    NoRequest,
    #[error(transparent)]
    Move(#[from] MoveError),
    #[error("the game is over")]
    GameOver,
    #[error("the game is not over")]
    GameNotOver,
    #[error("there is no move of yours to take back")]
    NothingToUndo,
    #[error("a chat message may have at most {max} characters")]
    ChatTooLong { max: usize },
    #[error("a chat message cannot be empty")]
    ChatEmpty,
    #[error("too many chat messages: wait a moment")]
    ChatFlood,
    #[error("a name must have 1 to {max} printable characters")]
    BadName { max: usize },
    /// The opening does not allow this decision now.
    #[error(transparent)]
    Opening(#[from] OpeningError),
    #[error("the time has not run out yet: {left_ms} ms are left")]
    TimeLeft { left_ms: u64 },
    #[error("this game has no clock")]
    NoClock,
    /// The local player's time ran out before the step: the game is over on time
    /// ([`Event::GameOver`] follows and the peer is told); the step was not made.
    #[error("your time ran out")]
    OutOfTime,
}

/// What happened, for the game to show. Local actions produce no event except
/// [`Event::GameOver`] when they end the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The handshake succeeded (`resumed`: a lost connection came back).
    Connected {
        peer_name: String,
        peer_program: String,
        resumed: bool,
    },
    /// A new game starts (the first one, or after "play again").
    GameStarted {
        game: u32,
        settings: GameSettings,
        local: Stone,
    },
    /// The peer placed a stone (an ordinary move, an opening stone, or the chosen fifth
    /// move); `number` is its move number.
    PeerMoved {
        pos: Pos,
        number: u32,
    },
    /// The peer made an opening decision that places no stone; `number` is its step number,
    /// `local` the colour the local player holds afterwards (a swap changes it).
    PeerDecided {
        decision: Decision,
        number: u32,
        local: Stone,
    },
    /// The thinking time the peer claimed for the step reported next (`PeerMoved`,
    /// `PeerDecided`, or the `GameOver` when it ran out of time); the session's clock has
    /// been charged with it, and the game may charge its own.
    PeerTimeUsed {
        used_ms: u32,
    },
    /// The peer asks something; answer with the matching [`Action`].
    Requested(Request),
    /// The peer answered our request (an agreed undo or draw is already applied).
    Answered {
        request: Request,
        accepted: bool,
    },
    /// A request waiting for its answer was dropped (by a reconnection, a resignation, or
    /// both sides asking at once: the host's request stands).
    RequestCancelled(Pending),
    PeerResigned,
    /// The game ended (by a move of either side, resignation or agreement).
    GameOver(GameResult),
    Chat(String),
    PeerRenamed(String),
    /// We refused a message of the peer (it was told why; the game is unchanged).
    PeerRejected(Rejection),
    /// The peer refused a message of ours.
    RejectedByPeer(Rejection),
    /// The peer refused our move `number` at `pos`, so it was taken back here too.
    MoveTakenBack {
        pos: Pos,
        number: u32,
    },
    /// The peer refused our opening decision `number` (a step number), so it was taken back
    /// here too: reload the game from [`crate::Session::record`].
    DecisionTakenBack {
        decision: Decision,
        number: u32,
    },
    /// Bytes from the peer that are not a message (answered with `rejected`).
    ProtocolError(FrameError),
    /// A handshake failed and is not the end: the host refused a joiner (and keeps
    /// listening), or a reconnecting joiner found the host still busy with the old connection
    /// (and retries).
    HandshakeFailed(Refusal),
    /// We were refused (joiner) or refused the host's terms; the connection is over.
    Refused(Refusal),
    /// The connection dropped; the game is kept and waits for a reconnection.
    ConnectionLost(String),
    /// The joiner is trying to (re)connect.
    Reconnecting {
        attempt: u32,
        error: String,
    },
    /// The two sides compared their games after a reconnection or a disagreement.
    Resynced {
        outcome: SyncOutcome,
        moves: usize,
    },
    /// The peer left for good.
    PeerLeft(Option<String>),
    /// The joiner stopped retrying; the connection is over.
    GaveUp(String),
    /// We closed the connection because the peer kept sending bad frames.
    Dropped(String),
}

/// What a resync did to the local game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SyncOutcome {
    /// Both sides hold the same game.
    Same,
    /// The peer's game was longer (or finished by its resignation, or answered our request)
    /// and replaced ours: reload the game from [`crate::Session::record`].
    Adopted,
    /// Our game stands (the peer adopts it on its side).
    Kept,
}
