//! What the players read about a network game (`NetNotice`, carried by `Notice::Network`):
//! the connection's changes and the messages one side refused. Plain data; `ui/words.rs`
//! words it.

use gomoku_net::{ActionError, Refusal, Rejection};

/// A fact about the network game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetNotice {
    /// Listening for a player to join on `port`.
    Hosting { port: u16 },
    /// The port could not be opened.
    CannotHost { detail: String },
    /// Trying to reach the host at `address`.
    Joining { address: String },
    /// The address typed names no host.
    BadAddress { detail: String },
    /// The other player is here (`resumed`: a lost connection came back).
    Connected { peer: String, resumed: bool },
    /// The connection dropped; the game is kept.
    ConnectionLost,
    /// Trying to reconnect.
    Reconnecting,
    /// The two games were compared after a reconnection (`adopted`: ours was replaced).
    Resynced { adopted: bool },
    /// The other player left for good.
    PeerLeft { peer: String },
    /// The connection is over (gave up, dropped): why, in the transport's words.
    Closed { detail: String },
    /// The host turned us away (the connection is over).
    HostRefused { why: Refusal },
    /// A player could not join (the host keeps listening).
    JoinFailed { why: Refusal },
    /// We refused something the other player sent (the game is unchanged).
    PeerRefused { why: Rejection },
    /// The other player's program sent something unreadable (ignored).
    Unreadable { detail: String },
    /// The other player refused something of ours.
    RefusedByPeer { why: Rejection },
    /// Our move was refused by the other side and taken back.
    MoveTakenBack,
    /// What the person here did could not be sent.
    NotSent { why: ActionError },
    /// A request waiting for its answer was cancelled.
    RequestCancelled,
    /// We left the network game.
    Left,
}

impl NetNotice {
    /// Shown as an error rather than as information.
    #[must_use]
    pub fn is_error(&self) -> bool {
        matches!(
            self,
            NetNotice::CannotHost { .. }
                | NetNotice::BadAddress { .. }
                | NetNotice::ConnectionLost
                | NetNotice::Closed { .. }
                | NetNotice::HostRefused { .. }
                | NetNotice::JoinFailed { .. }
                | NetNotice::Unreadable { .. }
                | NetNotice::PeerRefused { .. }
                | NetNotice::RefusedByPeer { .. }
                | NetNotice::MoveTakenBack
                | NetNotice::NotSent { .. }
        )
    }
}
