//! Shared helpers of the net tests: fast timings, an in-memory pipe between two sessions, a
//! connected pair of links over loopback, and waiting for an event with a deadline.

#![allow(dead_code)]

use gomoku_net::{
    Action, Event, GameSettings, Link, Message, NetConfig, Rejection, Session, SessionConfig,
};
use gomoku_rules::Pos;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// Timings short enough for tests (a lost peer is noticed in 800 ms), with room for a
/// loaded machine (a heartbeat every 150 ms).
pub fn fast() -> NetConfig {
    NetConfig {
        heartbeat: Duration::from_millis(150),
        peer_timeout: Duration::from_millis(800),
        write_timeout: Duration::from_millis(500),
        connect_timeout: Duration::from_millis(300),
        join_for: Duration::from_secs(3),
        reconnect_for: Duration::from_secs(3),
        retry_interval: Duration::from_millis(50),
        session: SessionConfig::default(),
    }
}

/// The longest a test waits for something that should happen at once.
pub const PATIENCE: Duration = Duration::from_secs(5);

pub fn p(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}

/// Two sessions joined by an in-memory pipe, handshake done.
pub struct Pipe {
    pub host: Session,
    pub joiner: Session,
    pub now: Instant,
}

impl Pipe {
    pub fn new(settings: GameSettings) -> Pipe {
        let mut pipe = Pipe {
            host: Session::host("Host", settings, "game-1", SessionConfig::default()),
            joiner: Session::join("Joiner", SessionConfig::default()),
            now: Instant::now(),
        };
        pipe.host.connected();
        pipe.joiner.connected();
        pipe.deliver();
        pipe.host.take_events();
        pipe.joiner.take_events();
        pipe
    }

    /// Delivers every queued message both ways until both sides are quiet.
    pub fn deliver(&mut self) {
        loop {
            let to_host = self.joiner.take_outgoing();
            let to_joiner = self.host.take_outgoing();
            if to_host.is_empty() && to_joiner.is_empty() {
                return;
            }
            for m in to_host {
                self.host.receive(m, self.now);
            }
            for m in to_joiner {
                self.joiner.receive(m, self.now);
            }
        }
    }

    pub fn host_act(&mut self, action: Action) {
        self.host.act(action, self.now).expect("host action");
        self.deliver();
    }

    pub fn joiner_act(&mut self, action: Action) {
        self.joiner.act(action, self.now).expect("joiner action");
        self.deliver();
    }
}

/// Waits until `link` reports an event `pred` accepts; panics with the events seen otherwise.
pub fn wait_for(link: &mut Link, what: &str, pred: impl Fn(&Event) -> bool) -> Event {
    let deadline = Instant::now() + PATIENCE;
    let mut seen = Vec::new();
    while Instant::now() < deadline {
        for e in link.wait(Duration::from_millis(20)) {
            if pred(&e) {
                return e;
            }
            seen.push(e);
        }
    }
    panic!("no {what} within {PATIENCE:?}; saw {seen:?}");
}

/// [`wait_for`] while `other` is polled too (its events are returned alongside).
pub fn wait_for_polling(
    link: &mut Link,
    other: &mut Link,
    what: &str,
    pred: impl Fn(&Event) -> bool,
) -> (Event, Vec<Event>) {
    let deadline = Instant::now() + PATIENCE;
    let mut seen = Vec::new();
    let mut other_seen = Vec::new();
    while Instant::now() < deadline {
        other_seen.extend(other.poll());
        for e in link.wait(Duration::from_millis(10)) {
            if pred(&e) {
                other_seen.extend(other.poll());
                return (e, other_seen);
            }
            seen.push(e);
        }
    }
    panic!("no {what} within {PATIENCE:?}; saw {seen:?}; the other saw {other_seen:?}");
}

/// Polls `link` for `time`, returning every event.
pub fn drain_for(link: &mut Link, time: Duration) -> Vec<Event> {
    let deadline = Instant::now() + time;
    let mut seen = Vec::new();
    while Instant::now() < deadline {
        seen.extend(link.wait(Duration::from_millis(10)));
    }
    seen
}

pub fn loopback_v4() -> SocketAddr {
    "127.0.0.1:0".parse().unwrap()
}

/// A host on `addr` (port 0) and a joiner connected to it, both past the handshake.
pub fn connected_pair(addr: SocketAddr, settings: GameSettings) -> (Link, Link) {
    let host = Link::host(addr, "Host", settings, fast()).expect("bind loopback");
    let target = host.local_addrs()[0];
    let joiner = Link::join(vec![target], "Joiner", fast());
    let (host, joiner) = settle(host, joiner);
    (host, joiner)
}

/// Polls both links until both have a live game (the joiner's hello needs the joiner polled).
pub fn settle(mut host: Link, mut joiner: Link) -> (Link, Link) {
    let deadline = Instant::now() + PATIENCE;
    let mut seen = Vec::new();
    while Instant::now() < deadline {
        seen.extend(host.wait(Duration::from_millis(5)));
        seen.extend(joiner.wait(Duration::from_millis(5)));
        if host.session().phase() == gomoku_net::Phase::Live
            && joiner.session().phase() == gomoku_net::Phase::Live
        {
            return (host, joiner);
        }
    }
    panic!("the two links did not connect within {PATIENCE:?}; saw {seen:?}");
}

/// The `Move` message a peer would send for move `number` at `pos`.
pub fn move_msg(number: u32, pos: Pos) -> Message {
    Message::Move {
        number,
        x: pos.x,
        y: pos.y,
        used_ms: None,
    }
}

/// The messages `s` sent that were refusals, with their reasons.
pub fn rejections(s: &mut Session) -> Vec<Rejection> {
    s.take_outgoing()
        .into_iter()
        .filter_map(|m| match m {
            Message::Rejected { reason, .. } => Some(reason),
            _ => None,
        })
        .collect()
}

/// Sends `msg` from the (black) joiner's side straight to the host, which plays white.
pub fn poke(pipe: &mut Pipe, msg: Message) -> Vec<Rejection> {
    let before = pipe.host.record().clone();
    pipe.host.receive(msg, pipe.now);
    let rejected = rejections(&mut pipe.host);
    if !rejected.is_empty() {
        assert_eq!(
            pipe.host.record(),
            &before,
            "a refused message changed the game"
        );
        assert!(
            pipe.host
                .take_events()
                .iter()
                .any(|e| matches!(e, Event::PeerRejected(_))),
            "the refusal is reported locally"
        );
    }
    rejected
}
