//! Fault tests over loopback: a raw socket plays a broken or hostile peer against a real host
//! link. Each ends with a clear error on the host, no panic, and the host's game intact.

mod common;

use common::{connected_pair, fast, loopback_v4, move_msg, p, wait_for};
use gomoku_net::frame::{Decoder, encode};
use gomoku_net::{
    Action, Event, FrameError, GameSettings, Link, Message, Phase, Refusal, Rejection, Role,
};
use gomoku_rules::Pos;
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// A hand-driven joiner on a raw socket.
struct Raw {
    stream: TcpStream,
    decoder: Decoder,
    received: Vec<Message>,
    /// What the host reported while this peer waited for its answers.
    host_events: Vec<Event>,
}

impl Raw {
    fn connect(host: &Link) -> Raw {
        let stream = TcpStream::connect(host.local_addrs()[0]).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_millis(5)))
            .unwrap();
        Raw {
            stream,
            decoder: Decoder::new(),
            received: Vec::new(),
            host_events: Vec::new(),
        }
    }

    fn bytes(&mut self, bytes: &[u8]) {
        self.stream.write_all(bytes).unwrap();
    }

    fn send(&mut self, m: &Message) {
        self.bytes(&encode(m).unwrap());
    }

    /// Polls `host` and reads the socket until a message `pred` accepts arrives.
    fn expect(&mut self, host: &mut Link, what: &str, pred: impl Fn(&Message) -> bool) -> Message {
        let deadline = Instant::now() + common::PATIENCE;
        while Instant::now() < deadline {
            self.host_events.extend(host.poll());
            if let Some(i) = self.received.iter().position(&pred) {
                return self.received.remove(i);
            }
            let mut buf = [0u8; 4096];
            match self.stream.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => {
                    let mut out = Vec::new();
                    self.decoder.feed(&buf[..n], &mut out);
                    self.received.extend(out.into_iter().map(Result::unwrap));
                }
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
                Err(e) => panic!("{e}"),
            }
        }
        panic!("no {what}; received {:?}", self.received);
    }

    /// Says hello as a joiner and reads the welcome.
    fn handshake(host: &mut Link) -> Raw {
        let mut raw = Raw::connect(host);
        raw.send(&Message::Hello {
            versions: vec![1],
            program: "raw".into(),
            name: "Raw".into(),
            resume: None,
        });
        raw.expect(host, "welcome", |m| matches!(m, Message::Welcome { .. }));
        raw
    }
}

/// A host (black) that has played the first move against a raw joiner.
fn host_and_raw() -> (Link, Raw) {
    let mut host = Link::host(loopback_v4(), "Host", GameSettings::default(), fast()).unwrap();
    let mut raw = Raw::handshake(&mut host);
    host.act(Action::Move(p(7, 7))).unwrap();
    raw.expect(&mut host, "move 1", |m| {
        matches!(m, Message::Move { number: 1, .. })
    });
    (host, raw)
}

fn rejected(reason: Rejection) -> impl Fn(&Message) -> bool {
    move |m| matches!(m, Message::Rejected { reason: r, .. } if *r == reason)
}

fn assert_intact(host: &Link) {
    assert_eq!(host.session().record().moves().len(), 1);
    assert_eq!(host.session().record().last_move(), Some(p(7, 7)));
}

#[test]
fn peer_closing_mid_game_is_a_lost_connection_and_the_game_stays() {
    let (mut host, mut joiner) = connected_pair(loopback_v4(), GameSettings::default());
    host.act(Action::Move(p(7, 7))).unwrap();
    wait_for(&mut joiner, "move", |e| {
        matches!(e, Event::PeerMoved { .. })
    });
    drop(joiner);
    wait_for(&mut host, "lost", |e| matches!(e, Event::ConnectionLost(_)));
    assert_eq!(host.session().phase(), Phase::Lost);
    assert_intact(&host);
    assert_eq!(
        host.act(Action::Chat("hi".into())),
        Err(gomoku_net::ActionError::NotConnected)
    );
}

#[test]
fn a_half_written_frame_then_close_is_reported_as_such() {
    let (mut host, mut raw) = host_and_raw();
    raw.bytes(br#"{"type":"move","num"#);
    raw.stream.shutdown(std::net::Shutdown::Both).unwrap();
    let Event::ConnectionLost(reason) =
        wait_for(&mut host, "lost", |e| matches!(e, Event::ConnectionLost(_)))
    else {
        unreachable!()
    };
    assert!(reason.contains("middle of a frame"), "{reason}");
    assert_intact(&host);
}

#[test]
fn garbage_and_oversized_frames_are_refused_and_the_game_goes_on() {
    let (mut host, mut raw) = host_and_raw();
    raw.bytes(b"\x00\xff\xfe garbage\n");
    raw.expect(&mut host, "not UTF-8", |m| {
        matches!(
            m,
            Message::Rejected {
                reason: Rejection::BadFrame { .. },
                ..
            }
        )
    });
    raw.bytes(b"hello there\n{\"type\":\"teleport\"}\n");
    for _ in 0..2 {
        raw.expect(
            &mut host,
            "not JSON / unknown",
            |m| matches!(m, Message::Rejected { refused, .. } if refused == "frame"),
        );
    }
    let mut big = br#"{"type":"chat","text":""#.to_vec();
    big.extend(std::iter::repeat_n(b'a', 9000));
    big.extend(b"\"}\n");
    raw.bytes(&big);
    raw.expect(&mut host, "too long", |m| {
        matches!(m, Message::Rejected { reason: Rejection::BadFrame { detail }, .. } if detail.contains("8192"))
    });
    let errors = raw
        .host_events
        .iter()
        .filter(|e| matches!(e, Event::ProtocolError(_)))
        .count();
    assert_eq!(errors, 4, "{:?}", raw.host_events);
    assert_intact(&host);
    // The connection still works: a good move is played.
    raw.send(&move_msg(2, p(8, 8)));
    wait_for(&mut host, "the move", |e| {
        *e == Event::PeerMoved {
            pos: Pos::new(8, 8),
            number: 2,
        }
    });
}

#[test]
fn errors_are_reported_locally_and_a_stream_of_them_drops_the_peer() {
    let (mut host, mut raw) = host_and_raw();
    raw.bytes(b"{not json}\n");
    let e = wait_for(&mut host, "protocol error", |e| {
        matches!(e, Event::ProtocolError(_))
    });
    assert!(matches!(e, Event::ProtocolError(FrameError::Invalid(_))));
    raw.bytes(&b"junk\n".repeat(20));
    wait_for(&mut host, "dropped", |e| matches!(e, Event::Dropped(_)));
    raw.expect(&mut host, "goodbye", |m| {
        matches!(m, Message::Goodbye { .. })
    });
    assert_eq!(host.session().phase(), Phase::Closed);
    assert_intact(&host);
}

#[test]
fn a_protocol_version_the_host_cannot_speak_is_refused_with_both_lists() {
    let mut host = Link::host(loopback_v4(), "Host", GameSettings::default(), fast()).unwrap();
    let mut raw = Raw::connect(&host);
    // A later version's hello, with fields this version does not know.
    raw.bytes(b"{\"type\":\"hello\",\"versions\":[3,4],\"program\":\"gomoku 9\",\"name\":\"Fut\",\"avatar\":\"x\"}\n");
    let m = raw.expect(&mut host, "refusal", |m| {
        matches!(m, Message::Refused { .. })
    });
    let Message::Refused { reason, message } = m else {
        unreachable!()
    };
    assert_eq!(
        reason,
        Refusal::Version {
            host: vec![1, 2],
            joiner: vec![3, 4]
        }
    );
    assert!(
        message.contains("[1, 2]") && message.contains("[3, 4]"),
        "{message}"
    );
    assert!(
        raw.host_events
            .iter()
            .any(|e| matches!(e, Event::HandshakeFailed(Refusal::Version { .. }))),
        "{:?}",
        raw.host_events
    );
    // The host still waits for a joiner it can speak with.
    assert_eq!(host.session().phase(), Phase::Waiting);
    Raw::handshake(&mut host);
    assert_eq!(host.session().phase(), Phase::Live);
}

#[test]
fn a_joiner_refuses_a_host_of_another_version() {
    let listener = std::net::TcpListener::bind(loopback_v4()).unwrap();
    let addr = listener.local_addr().unwrap();
    let mut joiner = Link::join(vec![addr], "J", fast());
    let (mut stream, _) = listener.accept().unwrap();
    let welcome = Message::Welcome {
        version: 9,
        program: "gomoku 9".into(),
        name: "H".into(),
        game_id: "g".into(),
        game: 1,
        settings: GameSettings::default(),
    };
    stream.write_all(&encode(&welcome).unwrap()).unwrap();
    let e = wait_for(&mut joiner, "refusal", |e| matches!(e, Event::Refused(_)));
    assert_eq!(
        e,
        Event::Refused(Refusal::Version {
            host: vec![9],
            joiner: vec![1, 2]
        })
    );
    assert_eq!(joiner.session().phase(), Phase::Closed);
}

#[test]
fn bad_moves_over_the_wire_are_refused_with_their_reason() {
    let (mut host, mut raw) = host_and_raw();
    let cases = [
        (
            move_msg(3, p(8, 8)),
            Rejection::WrongMoveNumber {
                expected: 2,
                got: 3,
            },
        ),
        (move_msg(2, p(7, 7)), Rejection::Occupied { x: 7, y: 7 }),
        (move_msg(2, p(15, 15)), Rejection::OffBoard { x: 15, y: 15 }),
        (Message::DrawAgree, Rejection::NoRequest),
        (Message::UndoAgree { to: 0 }, Rejection::NoRequest),
    ];
    for (message, reason) in cases {
        raw.send(&message);
        raw.expect(&mut host, "refusal", rejected(reason.clone()));
        assert_intact(&host);
    }
    raw.send(&move_msg(2, p(8, 8)));
    raw.send(&move_msg(3, p(9, 9)));
    raw.expect(&mut host, "out of turn", rejected(Rejection::NotYourTurn));
    assert_eq!(host.session().record().moves().len(), 2);
}

#[test]
fn a_forbidden_point_over_the_wire_is_refused() {
    let settings = GameSettings {
        black: Role::Joiner,
        ..GameSettings::default()
    };
    let mut host = Link::host(loopback_v4(), "Host", settings, fast()).unwrap();
    let mut raw = Raw::handshake(&mut host);
    let black = [p(5, 7), p(7, 5), p(6, 7), p(7, 6)];
    let white = [p(0, 0), p(0, 2), p(0, 4), p(0, 6)];
    for (i, (b, w)) in black.into_iter().zip(white).enumerate() {
        raw.send(&move_msg(2 * i as u32 + 1, b));
        wait_for(&mut host, "black move", |e| {
            matches!(e, Event::PeerMoved { .. })
        });
        host.act(Action::Move(w)).unwrap();
    }
    raw.send(&move_msg(9, p(7, 7)));
    raw.expect(&mut host, "forbidden", |m| {
        matches!(
            m,
            Message::Rejected {
                reason: Rejection::Forbidden { x: 7, y: 7, .. },
                ..
            }
        )
    });
    assert_eq!(host.session().record().moves().len(), 8);
}

#[test]
fn a_chat_flood_is_cut_down_to_the_burst() {
    let (mut host, mut raw) = host_and_raw();
    for i in 0..100 {
        raw.send(&Message::Chat {
            text: format!("spam {i}"),
        });
    }
    raw.expect(&mut host, "flood refusal", rejected(Rejection::ChatFlood));
    let mut events = raw.host_events.clone();
    events.extend(common::drain_for(&mut host, Duration::from_millis(100)));
    let shown = events
        .iter()
        .filter(|e| matches!(e, Event::Chat(_)))
        .count();
    let refused = events
        .iter()
        .filter(|e| **e == Event::PeerRejected(Rejection::ChatFlood))
        .count();
    // The burst is shown, the rest dropped with one refusal.
    assert_eq!((shown, refused), (5, 1), "{events:?}");
    assert_eq!(host.session().phase(), Phase::Live);
    assert_intact(&host);
}

#[test]
fn a_silent_peer_is_declared_lost_after_the_timeout() {
    // Started before the raw peer's last frame, so the timeout runs wholly after it.
    let start = Instant::now();
    let (mut host, _raw) = host_and_raw();
    let Event::ConnectionLost(reason) =
        wait_for(&mut host, "lost", |e| matches!(e, Event::ConnectionLost(_)))
    else {
        unreachable!()
    };
    assert!(reason.contains("nothing heard"), "{reason}");
    assert!(start.elapsed() >= fast().peer_timeout);
    assert_intact(&host);
}
