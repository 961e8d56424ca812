//! Reconnection over loopback: the joiner reaches the host through a small TCP proxy that
//! the test can cut, or make swallow what passes (a move in flight when the link falls).
//! Both sides keep the game, the joiner reconnects, the two compare, and play resumes exactly.

mod common;

use common::{PATIENCE, fast, loopback_v4, p, settle, wait_for};
use gomoku_net::{Action, Event, GameSettings, Link, NetConfig, Phase, SyncOutcome};
use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// A loopback TCP proxy to `upstream`.
struct Proxy {
    addr: SocketAddr,
    swallow: Arc<AtomicBool>,
    live: Arc<Mutex<Vec<TcpStream>>>,
}

impl Proxy {
    fn start(upstream: SocketAddr) -> Proxy {
        let listener = TcpListener::bind(loopback_v4()).unwrap();
        let proxy = Proxy {
            addr: listener.local_addr().unwrap(),
            swallow: Arc::new(AtomicBool::new(false)),
            live: Arc::new(Mutex::new(Vec::new())),
        };
        let (swallow, live) = (proxy.swallow.clone(), proxy.live.clone());
        thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { return };
                let Ok(server) = TcpStream::connect(upstream) else {
                    continue;
                };
                let _ = client.set_nodelay(true);
                let _ = server.set_nodelay(true);
                live.lock()
                    .unwrap()
                    .extend([client.try_clone().unwrap(), server.try_clone().unwrap()]);
                pump(
                    client.try_clone().unwrap(),
                    server.try_clone().unwrap(),
                    &swallow,
                );
                pump(server, client, &swallow);
            }
        });
        proxy
    }

    /// Drops everything that passes from now on (until the next cut).
    fn swallow(&self) {
        self.swallow.store(true, Ordering::SeqCst);
    }

    /// Closes every connection through the proxy; later ones pass normally.
    fn cut(&self) {
        for s in self.live.lock().unwrap().drain(..) {
            let _ = s.shutdown(Shutdown::Both);
        }
        self.swallow.store(false, Ordering::SeqCst);
    }
}

fn pump(mut from: TcpStream, mut to: TcpStream, swallow: &Arc<AtomicBool>) {
    let swallow = swallow.clone();
    thread::spawn(move || {
        let mut buf = [0u8; 4096];
        loop {
            match from.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if !swallow.load(Ordering::SeqCst) && to.write_all(&buf[..n]).is_err() {
                        break;
                    }
                }
            }
        }
        let _ = to.shutdown(Shutdown::Both);
    });
}

/// A host and a joiner connected through a proxy.
fn through_proxy() -> (Link, Link, Proxy) {
    through_proxy_with(fast())
}

fn through_proxy_with(config: NetConfig) -> (Link, Link, Proxy) {
    let host = Link::host(loopback_v4(), "Host", GameSettings::default(), config).unwrap();
    let proxy = Proxy::start(host.local_addrs()[0]);
    let joiner = Link::join(vec![proxy.addr], "Joiner", config);
    let (host, joiner) = settle(host, joiner);
    (host, joiner, proxy)
}

fn moved(e: &Event) -> bool {
    matches!(e, Event::PeerMoved { .. })
}

/// Polls both links until each has reported a resync; returns their outcomes.
fn resync(host: &mut Link, joiner: &mut Link) -> (Vec<Event>, Vec<Event>) {
    let deadline = Instant::now() + PATIENCE;
    let (mut h, mut j) = (Vec::new(), Vec::new());
    let done = |v: &Vec<Event>| v.iter().any(|e| matches!(e, Event::Resynced { .. }));
    while Instant::now() < deadline && !(done(&h) && done(&j)) {
        h.extend(host.wait(Duration::from_millis(5)));
        j.extend(joiner.wait(Duration::from_millis(5)));
    }
    assert!(done(&h) && done(&j), "host saw {h:?}\njoiner saw {j:?}");
    (h, j)
}

fn outcome(events: &[Event]) -> SyncOutcome {
    events
        .iter()
        .find_map(|e| match e {
            Event::Resynced { outcome, .. } => Some(*outcome),
            _ => None,
        })
        .unwrap()
}

/// Plays moves 1 (host), 2 (joiner), 3 (host): the joiner is to move.
fn three_moves(host: &mut Link, joiner: &mut Link) {
    host.act(Action::Move(p(7, 7))).unwrap();
    wait_for(joiner, "move 1", moved);
    joiner.act(Action::Move(p(8, 8))).unwrap();
    wait_for(host, "move 2", moved);
    host.act(Action::Move(p(6, 8))).unwrap();
    wait_for(joiner, "move 3", moved);
}

#[test]
fn a_dropped_link_with_no_move_in_flight_resumes_exactly() {
    let (mut host, mut joiner, proxy) = through_proxy();
    three_moves(&mut host, &mut joiner);
    proxy.cut();
    wait_for(&mut host, "host lost", |e| {
        matches!(e, Event::ConnectionLost(_))
    });
    assert_eq!(host.session().phase(), Phase::Lost);
    assert_eq!(host.session().record().moves().len(), 3);
    let (h, j) = resync(&mut host, &mut joiner);
    assert!(
        j.iter().any(|e| matches!(e, Event::ConnectionLost(_))),
        "{j:?}"
    );
    assert!(h.contains(&Event::Connected {
        peer_name: "Joiner".into(),
        peer_program: format!("gomoku {}", env!("CARGO_PKG_VERSION")),
        resumed: true
    }));
    assert_eq!(
        (outcome(&h), outcome(&j)),
        (SyncOutcome::Same, SyncOutcome::Same)
    );
    // Play resumes where it stopped.
    joiner.act(Action::Move(p(9, 9))).unwrap();
    wait_for(&mut host, "move 4", moved);
    assert_eq!(host.session().record(), joiner.session().record());
    assert_eq!(host.session().record().moves().len(), 4);
}

#[test]
fn a_move_in_flight_when_the_link_falls_is_recovered_from_the_longer_record() {
    let (mut host, mut joiner, proxy) = through_proxy();
    three_moves(&mut host, &mut joiner);
    proxy.swallow();
    joiner.act(Action::Move(p(9, 9))).unwrap();
    thread::sleep(Duration::from_millis(30));
    proxy.cut();
    assert_eq!(joiner.session().record().moves().len(), 4);
    assert_eq!(host.session().record().moves().len(), 3);
    let (h, j) = resync(&mut host, &mut joiner);
    // The host adopts the joiner's longer record; the joiner keeps its own.
    assert_eq!(
        (outcome(&h), outcome(&j)),
        (SyncOutcome::Adopted, SyncOutcome::Kept)
    );
    assert_eq!(host.session().record(), joiner.session().record());
    assert_eq!(host.session().record().last_move(), Some(p(9, 9)));
    // The host is to move and plays on.
    assert!(host.session().local_to_move());
    host.act(Action::Move(p(5, 9))).unwrap();
    wait_for(&mut joiner, "move 5", moved);
    assert_eq!(joiner.session().record().moves().len(), 5);
}

#[test]
fn heartbeats_keep_an_idle_link_alive() {
    let (mut host, mut joiner, _proxy) = through_proxy();
    // Longer than the peer timeout, with nobody acting.
    thread::sleep(fast().peer_timeout * 2);
    let events: Vec<Event> = host.poll().into_iter().chain(joiner.poll()).collect();
    assert!(
        !events.iter().any(|e| matches!(e, Event::ConnectionLost(_))),
        "{events:?}"
    );
    host.act(Action::Move(p(7, 7))).unwrap();
    wait_for(&mut joiner, "move", moved);
}

#[test]
fn the_joiner_gives_up_when_the_host_never_comes_back() {
    let (host, mut joiner, proxy) = through_proxy_with(NetConfig {
        reconnect_for: Duration::from_millis(500),
        ..fast()
    });
    drop(host);
    proxy.cut();
    let Event::GaveUp(reason) =
        wait_for(&mut joiner, "giving up", |e| matches!(e, Event::GaveUp(_)))
    else {
        unreachable!()
    };
    assert!(!reason.is_empty());
    assert_eq!(joiner.session().phase(), Phase::Closed);
}

#[test]
fn a_host_move_in_flight_is_recovered_by_the_joiner() {
    let (mut host, mut joiner, proxy) = through_proxy();
    host.act(Action::Move(p(7, 7))).unwrap();
    wait_for(&mut joiner, "move 1", moved);
    joiner.act(Action::Move(p(8, 8))).unwrap();
    wait_for(&mut host, "move 2", moved);
    proxy.swallow();
    host.act(Action::Move(p(6, 8))).unwrap();
    thread::sleep(Duration::from_millis(30));
    proxy.cut();
    let (h, j) = resync(&mut host, &mut joiner);
    assert_eq!(
        (outcome(&h), outcome(&j)),
        (SyncOutcome::Kept, SyncOutcome::Adopted)
    );
    assert_eq!(joiner.session().record(), host.session().record());
    assert!(joiner.session().local_to_move());
    joiner.act(Action::Move(p(9, 9))).unwrap();
    wait_for(&mut host, "move 4", moved);
}
