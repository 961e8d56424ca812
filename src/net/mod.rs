//! Network play, the Bevy side: `Network` holds the `gomoku_net::Link` while a network game is
//! on, `NetCommand` hosts, joins, chats and leaves, and the bridge (`bridge.rs`) turns what the
//! link reports into the match flow's messages and forwards what the person here did. The
//! protocol, the checks and the sockets live in the `gomoku-net` crate; nothing here blocks.

mod bridge;
mod start;

use crate::GameSystems;
use bevy::prelude::*;
use gomoku_net::{Link, Role};
use gomoku_rules::{OpeningRule, Rule, Stone, TimeControl};
use std::net::{IpAddr, SocketAddr};

pub use gomoku_net::DEFAULT_PORT;
pub use start::lan_addresses;

/// What the interface or the command line asks of the network.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum NetCommand {
    /// Host a game on `port` (0: any free port) with the current forbidden-move policy, the
    /// person here playing `local`, on `board` (default: the rule and size of the game on the
    /// board). `bind`: one address to listen on (default: every interface).
    Host {
        port: u16,
        name: String,
        local: Stone,
        bind: Option<IpAddr>,
        board: Option<HostBoard>,
    },
    /// Join the game hosted at `address` (`IP`, `IP:PORT`, `[IPv6]:PORT`, `HOST[:PORT]`).
    Join { address: String, name: String },
    /// Send a chat message.
    Chat(String),
    /// Leave the network game (the game on the board stays, as a local game).
    Leave,
}

/// The rule and board size a host offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HostBoard {
    pub rule: Rule,
    /// 15, 19 or 20 (renju: 15).
    pub size: usize,
    /// How the game starts (RIF and Soosõrv-8 need 15×15 or 19×19).
    pub opening: OpeningRule,
    /// Each player's time.
    pub clock: TimeControl,
}

/// Where the network game stands, as the interface shows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NetStatus {
    /// No network game.
    #[default]
    Off,
    /// Hosting, no player has joined yet.
    Waiting,
    /// Joining: trying to reach the host.
    Connecting,
    /// Both players are here.
    Connected,
    /// The connection dropped; the game is kept.
    Lost,
    /// The joiner is trying to reconnect.
    Reconnecting,
    /// The connection is over for good (left, refused, gave up).
    Closed,
}

/// One line of the chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    /// Written by the other player (else by the person here).
    pub from_peer: bool,
    pub name: String,
    pub text: String,
}

/// The network game: the link while one is on, its status, the names and the chat.
#[derive(Resource, Default)]
pub struct Network {
    link: Option<Link>,
    pub status: NetStatus,
    pub role: Option<Role>,
    /// The addresses the host listens on.
    pub listening: Vec<SocketAddr>,
    pub chat: Vec<ChatLine>,
    /// Chat lines from the other player not read yet (the chat panel clears it).
    pub unread: usize,
    /// The game number of the link that the board shows.
    shown_game: u32,
    /// The board differs from the link's game: reload it from the link next frame.
    reload: bool,
    /// The connection ended: the remote seat becomes a local one next frame (after the
    /// moves that came with the goodbye are played).
    unseat: bool,
}

impl Network {
    /// A network game is on (hosting, joining, playing or waiting for a reconnection).
    #[must_use]
    pub fn active(&self) -> bool {
        !matches!(self.status, NetStatus::Off | NetStatus::Closed)
    }

    /// The link, while a network game is on.
    #[must_use]
    pub fn link(&self) -> Option<&Link> {
        self.link.as_ref()
    }

    /// The name the person here plays under.
    #[must_use]
    pub fn local_name(&self) -> Option<&str> {
        self.link.as_ref().map(|l| l.session().name())
    }

    /// The other player's name, once known.
    #[must_use]
    pub fn peer_name(&self) -> Option<&str> {
        self.link.as_ref().and_then(|l| l.session().peer_name())
    }
}

/// A system that sends `command` once, on the first update (`--host`, `--join`).
pub fn send_once(command: NetCommand) -> impl FnMut(MessageWriter<NetCommand>) {
    let mut command = Some(command);
    move |mut commands: MessageWriter<NetCommand>| {
        if let Some(command) = command.take() {
            commands.write(command);
        }
    }
}

/// The bridge between the link and the match flow.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Network>()
        .add_message::<NetCommand>()
        .add_systems(
            Update,
            (
                start::run_net_commands.in_set(GameSystems::Input),
                (start::leave_for_another_game, bridge::poll_link)
                    .chain()
                    .in_set(GameSystems::Seats),
                bridge::forward_local.in_set(GameSystems::React),
            ),
        );
}
