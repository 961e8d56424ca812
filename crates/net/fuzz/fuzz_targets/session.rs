//! Fuzz target: arbitrary bytes from a peer, cut into reads of arbitrary sizes, go through the
//! frame decoder into four sessions: a host in play, a host in play of a Swap2 game with a
//! clock (so that decisions, flags and claimed times are judged), a host waiting for a hello
//! and a joiner waiting for a welcome. Nothing may panic, the decoder may never hold more than
//! one frame, every message a session sends must fit in a frame, and every game (its opening
//! decisions, then its moves) must replay through the rules.

#![no_main]

use gomoku_net::frame::{Decoder, encode};
use gomoku_net::{GameSettings, MAX_FRAME, Message, Role, Session, SessionConfig, new_record};
use gomoku_rules::{OpeningRule, Rule, TimeControl};
use libfuzzer_sys::fuzz_target;
use std::time::{Duration, Instant};

/// A host past the handshake of a game with `settings`.
fn live_host(settings: GameSettings, version: u32, now: Instant) -> Session {
    let mut live = Session::host("Host", settings, "fuzz", SessionConfig::default());
    live.connected();
    live.receive(
        Message::Hello {
            versions: vec![version],
            program: "fuzz".into(),
            name: "Fuzz".into(),
            resume: None,
        },
        now,
    );
    live.take_outgoing();
    live
}

fn sessions(now: Instant) -> [Session; 4] {
    let settings = GameSettings {
        black: Role::Joiner,
        ..GameSettings::default()
    };
    let live = live_host(settings, 1, now);
    let opening = live_host(
        GameSettings {
            rule: Rule::Freestyle,
            black: Role::Joiner,
            opening: OpeningRule::Swap2,
            clock: Some(TimeControl::sudden_death(Duration::from_secs(60))),
            ..GameSettings::default()
        },
        2,
        now,
    );
    let mut waiting = Session::host("Host", settings, "fuzz", SessionConfig::default());
    waiting.connected();
    let mut joiner = Session::join("Joiner", SessionConfig::default());
    joiner.connected();
    joiner.take_outgoing();
    [live, opening, waiting, joiner]
}

fn check(session: &mut Session) {
    let mut replay = new_record(session.settings());
    for d in session.record().opening_log() {
        assert!(
            replay.decide(d.clone()).is_ok(),
            "an illegal decision got in"
        );
    }
    for m in &session.record().moves()[replay.moves().len()..] {
        assert!(replay.play(m.pos).is_ok(), "an illegal move got in");
    }
    for m in session.take_outgoing() {
        assert!(encode(&m).is_ok(), "a {} does not fit in a frame", m.kind());
    }
    session.take_events();
}

fuzz_target!(|data: &[u8]| {
    let start = Instant::now();
    let mut sessions = sessions(start);
    // Each frame arrives a little later than the one before, so that claimed times and
    // flag claims meet measurements of some length.
    let mut now = start;
    // The first byte sets the read size, as a socket would cut the stream.
    let Some((&cut, bytes)) = data.split_first() else {
        return;
    };
    let step = usize::from(cut).max(1);
    let mut decoder = Decoder::new();
    let mut frames = Vec::new();
    for chunk in bytes.chunks(step) {
        decoder.feed(chunk, &mut frames);
        assert!(decoder.buffered() <= MAX_FRAME + 1);
        for frame in frames.drain(..) {
            now += Duration::from_millis(700);
            for session in &mut sessions {
                match &frame {
                    Ok(message) => session.receive(message.clone(), now),
                    Err(error) => session.frame_error(error.clone()),
                }
                check(session);
            }
        }
    }
});
