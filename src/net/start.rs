//! Starting and ending a network game, chatting (`NetCommand`), and the host's LAN addresses
//! shown in the host dialog.

use super::bridge::{load_from_link, seats_become_local};
use super::{ChatLine, NetCommand, NetStatus, Network};
use crate::game::{Game, GameEvents, NetNotice, Notice};
use bevy::prelude::*;
use gomoku_net::{Action, GameSettings, Link, NetConfig, Role, bind_all, parse_address};
use gomoku_rules::{DEFAULT_SIZE, Stone};
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
) {
    for command in commands.read() {
        match command {
            NetCommand::Host {
                port,
                name,
                local,
                bind,
            } => {
                close_link(&mut net, &mut game);
                let listener = match bind {
                    Some(ip) => TcpListener::bind(SocketAddr::new(*ip, *port)),
                    None => bind_all(*port),
                };
                let settings = GameSettings {
                    rule: game.setup.rule,
                    size: DEFAULT_SIZE as u8,
                    forbidden: game.setup.policy,
                    black: if *local == Stone::Black {
                        Role::Host
                    } else {
                        Role::Joiner
                    },
                };
                let hosted = listener
                    .and_then(|l| Link::host_on(vec![l], name, settings, NetConfig::default()));
                match hosted {
                    Ok(link) => {
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
                    net.link = Some(Link::join(addrs, name, NetConfig::default()));
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
                    Err(error) => events.notice(Notice::Network(NetNotice::NotSent {
                        detail: error.to_string(),
                    })),
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
