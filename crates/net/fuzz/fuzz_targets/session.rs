//! Fuzz target: arbitrary bytes from a peer, cut into reads of arbitrary sizes, go through the
//! frame decoder into a live host session. Nothing may panic, the decoder may never hold more
//! than one frame, and the session's game must always replay through the rules.

#![no_main]

use gomoku_net::frame::Decoder;
use gomoku_net::{GameSettings, MAX_FRAME, Message, Role, Session, SessionConfig, new_record};
use libfuzzer_sys::fuzz_target;
use std::time::Instant;

fuzz_target!(|data: &[u8]| {
    let now = Instant::now();
    let settings = GameSettings {
        black: Role::Joiner,
        ..GameSettings::default()
    };
    let mut host = Session::host("Host", settings, "fuzz", SessionConfig::default());
    host.connected();
    host.receive(
        Message::Hello {
            versions: vec![1],
            program: "fuzz".into(),
            name: "Fuzz".into(),
            resume: None,
        },
        now,
    );
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
            match frame {
                Ok(message) => host.receive(message, now),
                Err(error) => host.frame_error(error),
            }
            let mut replay = new_record(host.settings());
            for m in host.record().moves() {
                assert!(replay.play(m.pos).is_ok(), "an illegal move got in");
            }
            for m in host.take_outgoing() {
                assert!(gomoku_net::frame::encode(&m).is_ok());
            }
            host.take_events();
        }
    }
});
