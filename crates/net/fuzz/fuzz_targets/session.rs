//! Fuzz target: arbitrary bytes from a peer, cut into reads of arbitrary sizes, go through the
//! frame decoder into three sessions: a host in play, a host waiting for a hello and a joiner
//! waiting for a welcome. Nothing may panic, the decoder may never hold more than one frame,
//! every message a session sends must fit in a frame, and every game must replay through the
//! rules.

#![no_main]

use gomoku_net::frame::{Decoder, encode};
use gomoku_net::{GameSettings, MAX_FRAME, Message, Role, Session, SessionConfig, new_record};
use libfuzzer_sys::fuzz_target;
use std::time::Instant;

fn sessions(now: Instant) -> [Session; 3] {
    let settings = GameSettings {
        black: Role::Joiner,
        ..GameSettings::default()
    };
    let mut live = Session::host("Host", settings, "fuzz", SessionConfig::default());
    live.connected();
    live.receive(
        Message::Hello {
            versions: vec![1],
            program: "fuzz".into(),
            name: "Fuzz".into(),
            resume: None,
        },
        now,
    );
    live.take_outgoing();
    let mut waiting = Session::host("Host", settings, "fuzz", SessionConfig::default());
    waiting.connected();
    let mut joiner = Session::join("Joiner", SessionConfig::default());
    joiner.connected();
    joiner.take_outgoing();
    [live, waiting, joiner]
}

fn check(session: &mut Session) {
    let mut replay = new_record(session.settings());
    for m in session.record().moves() {
        assert!(replay.play(m.pos).is_ok(), "an illegal move got in");
    }
    for m in session.take_outgoing() {
        assert!(encode(&m).is_ok(), "a {} does not fit in a frame", m.kind());
    }
    session.take_events();
}

fuzz_target!(|data: &[u8]| {
    let now = Instant::now();
    let mut sessions = sessions(now);
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
