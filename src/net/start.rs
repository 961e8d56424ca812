//! Starting and ending a network game, chatting (`NetCommand`), and the host's LAN addresses
//! shown in the host dialog.

use super::bridge::{load_from_link, seats_become_local};
use super::{ChatLine, HostBoard, NetCommand, NetStatus, Network};
use crate::game::{Game, GameCommand, GameEvents, GameSetup, NetNotice, Notice};
use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use gomoku_net::{Action, GameSettings, Link, NetConfig, Role, bind_all, parse_address};
use gomoku_rules::{Stone, TimeControl};
use std::net::{IpAddr, SocketAddr, TcpListener};

/// The addresses of this computer's network interfaces other players can join (loopback
/// left out), IPv4 first.
#[must_use]
pub fn lan_addresses() -> Vec<IpAddr> {
    let mut found: Vec<IpAddr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter(|i| !i.is_loopback())
        .map(|i| i.ip())
        .filter(|ip| match ip {
            IpAddr::V4(_) => true,
            // Link-local IPv6 addresses need a zone to be reached: not worth showing.
            IpAddr::V6(v6) => (v6.segments()[0] & 0xffc0) != 0xfe80,
        })
        .collect();
    found.sort_by_key(|ip| (ip.is_ipv6(), *ip));
    found.dedup();
    found
}

/// Has the link wake the window's event loop when something arrives: between frames the app
/// sleeps until an event comes (`ui/idle.rs`), and the other player's move is one.
fn wake_on_arrival(link: &Link, proxy: Option<&EventLoopProxyWrapper>) {
    if let Some(proxy) = proxy {
        let proxy = (**proxy).clone();
        link.set_waker(move || {
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
        });
    }
}

fn close_link(net: &mut Network, game: &mut Game) {
    if let Some(link) = net.link.as_mut() {
        let _ = link.act(Action::Leave(None));
    }
    seats_become_local(game);
    net.status = NetStatus::Closed;
}

pub(super) fn run_net_commands(
    mut commands: MessageReader<NetCommand>,
    mut net: ResMut<Network>,
    mut game: ResMut<Game>,
    mut events: GameEvents,
    proxy: Option<Res<EventLoopProxyWrapper>>,
) {
    for command in commands.read() {
        match command {
            NetCommand::Host {
                port,
                name,
                local,
                bind,
                board,
            } => {
                let board = board.unwrap_or(HostBoard {
                    rule: game.setup.rule,
                    size: game.setup.board_size(),
                    opening: game.setup.opening_rule(),
                    clock: game.setup.clock,
                });
                let shown = GameSetup {
                    rule: board.rule,
                    size: board.size,
                    opening: board.opening,
                    ..game.setup.clone()
                };
                let board = HostBoard {
                    opening: shown.opening_rule(),
                    ..board
                };
                close_link(&mut net, &mut game);
                let listener = match bind {
                    Some(ip) => TcpListener::bind(SocketAddr::new(*ip, *port)),
                    None => bind_all(*port),
                };
                let settings = GameSettings {
                    rule: shown.rule,
                    // Board sizes are at most 20.
                    size: u8::try_from(shown.board_size()).unwrap_or(15),
                    forbidden: shown.policy,
                    black: if *local == Stone::Black {
                        Role::Host
                    } else {
                        Role::Joiner
                    },
                    opening: board.opening,
                    clock: (board.clock != TimeControl::Unlimited).then_some(board.clock),
                };
                let hosted = listener
                    .and_then(|l| Link::host_on(vec![l], name, settings, NetConfig::default()));
                match hosted {
                    Ok(link) => {
                        wake_on_arrival(&link, proxy.as_deref());
                        let port = link.local_addrs().first().map_or(*port, |a| a.port());
                        net.listening = link.local_addrs().to_vec();
                        net.link = Some(link);
                        net.role = Some(Role::Host);
                        net.status = NetStatus::Waiting;
                        net.chat.clear();
                        net.unread = 0;
                        load_from_link(&mut net, &mut game, &mut events);
                        events.notice(Notice::Network(NetNotice::Hosting { port }));
                    }
                    Err(error) => events.notice(Notice::Network(NetNotice::CannotHost {
                        detail: error.to_string(),
                    })),
                }
            }
            NetCommand::Join { address, name } => match parse_address(address) {
                Ok(addrs) => {
                    close_link(&mut net, &mut game);
                    let link = Link::join(addrs, name, NetConfig::default());
                    wake_on_arrival(&link, proxy.as_deref());
                    net.link = Some(link);
                    net.role = Some(Role::Joiner);
                    net.listening.clear();
                    net.status = NetStatus::Connecting;
                    net.chat.clear();
                    net.unread = 0;
                    net.shown_game = 0;
                    events.notice(Notice::Network(NetNotice::Joining {
                        address: address.trim().to_owned(),
                    }));
                }
                Err(detail) => events.notice(Notice::Network(NetNotice::BadAddress { detail })),
            },
            NetCommand::Chat(text) => {
                let Some(link) = net.link.as_mut() else {
                    continue;
                };
                let name = link.session().name().to_owned();
                match link.act(Action::Chat(text.clone())) {
                    Ok(()) => net.chat.push(ChatLine {
                        from_peer: false,
                        name,
                        text: text.clone(),
                    }),
                    Err(error) => events.notice(Notice::Network(NetNotice::NotSent { why: error })),
                }
            }
            NetCommand::Leave => {
                if net.active() {
                    close_link(&mut net, &mut game);
                    events.notice(Notice::Network(NetNotice::Left));
                }
            }
        }
    }
}

/// A new game or an opened file takes the board: the network game is left (with a goodbye),
/// so that the board is not put back to the network game's position.
pub(super) fn leave_for_another_game(
    mut commands: MessageReader<GameCommand>,
    mut net: ResMut<Network>,
    mut game: ResMut<Game>,
    mut events: GameEvents,
) {
    let replaced = commands
        .read()
        .any(|c| matches!(c, GameCommand::NewGame(_) | GameCommand::Load(_)));
    if replaced && net.active() {
        close_link(&mut net, &mut game);
        events.notice(Notice::Network(NetNotice::Left));
    }
}
