//! Latency benchmark: the time from a move handed to one link ([`Link::act`]) to the other
//! link's session accepting it ([`Event::PeerMoved`]), over a real loopback TCP connection.
//! Plays random freestyle games on 20×20 (play again after each) and prints percentiles.
//!
//! `cargo run --release -p gomoku-net --example latency -- [MOVES] [--ipv6]`

use gomoku_net::{Action, Event, GameSettings, Link, NetConfig, Phase};
use gomoku_rules::{Pos, Rule};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let moves: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(2000);
    let addr: SocketAddr = if args.iter().any(|a| a == "--ipv6") {
        "[::1]:0"
    } else {
        "127.0.0.1:0"
    }
    .parse()
    .expect("a loopback address");
    let settings = GameSettings {
        rule: Rule::Freestyle,
        size: 20,
        ..GameSettings::default()
    };
    let config = NetConfig::default();
    let mut host = Link::host(addr, "Host", settings, config).expect("bind loopback");
    let mut joiner = Link::join(host.local_addrs().to_vec(), "Joiner", config);
    while host.session().phase() != Phase::Live || joiner.session().phase() != Phase::Live {
        host.wait(Duration::from_millis(1));
        joiner.wait(Duration::from_millis(1));
    }
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    let mut samples = Vec::with_capacity(moves);
    let mut games = 1;
    while samples.len() < moves {
        if host.session().record().is_over() {
            host.act(Action::PlayAgain(None)).expect("play again");
            wait(&mut joiner, |e| matches!(e, Event::Requested(_)));
            joiner.act(Action::AnswerPlayAgain(true)).expect("agree");
            wait(&mut host, |e| matches!(e, Event::Answered { .. }));
            games += 1;
            continue;
        }
        let host_moves = host.session().local_to_move();
        let (mover, receiver) = if host_moves {
            (&mut host, &mut joiner)
        } else {
            (&mut joiner, &mut host)
        };
        let pos = random_empty(mover, &mut rng);
        let start = Instant::now();
        mover.act(Action::Move(pos)).expect("a legal move");
        wait(receiver, |e| matches!(e, Event::PeerMoved { .. }));
        samples.push(start.elapsed());
        // Keep the mover's channel drained too (its own result events).
        mover.poll();
    }
    samples.sort_unstable();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    println!(
        "{} moves in {games} games over {}: p50 {:.0} µs, p90 {:.0} µs, p99 {:.0} µs, max {:.0} µs",
        samples.len(),
        host.local_addrs()[0],
        us(at(0.5)),
        us(at(0.9)),
        us(at(0.99)),
        us(samples[samples.len() - 1]),
    );
}

fn wait(link: &mut Link, pred: impl Fn(&Event) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        if link.wait(Duration::from_millis(100)).iter().any(&pred) {
            return;
        }
    }
    panic!("the peer did not answer within 5 s");
}

fn random_empty(link: &Link, rng: &mut u64) -> Pos {
    let board = link.session().record().board();
    let size = board.size() as u64;
    loop {
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
        let n = *rng % (size * size);
        let pos = Pos::new((n % size) as u8, (n / size) as u8);
        if board.get(pos).is_none() {
            return pos;
        }
    }
}
