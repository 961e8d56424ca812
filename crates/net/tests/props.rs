//! Property tests: the frame decoder gives the same result however the bytes are cut and never
//! holds more than one frame; messages survive encoding; a session fed any sequence of peer
//! messages and local actions never panics and only ever holds a game the rules allow, with
//! every accepted peer move legal, in turn, and made while no request waited.

mod common;

use common::Pipe;
use gomoku_net::frame::{Decoder, encode};
use gomoku_net::protocol::{Ending, GameState};
use gomoku_net::{Action, Event, GameSettings, MAX_FRAME, Message, Rejection, Role, new_record};
use gomoku_rules::{ForbiddenPolicy, Pos, Rule};
use proptest::prelude::*;

fn role() -> impl Strategy<Value = Role> {
    prop_oneof![Just(Role::Host), Just(Role::Joiner)]
}

fn message() -> impl Strategy<Value = Message> {
    let small = 0u8..17;
    prop_oneof![
        (0u32..12, small.clone(), small.clone()).prop_map(|(number, x, y)| Message::Move {
            number,
            x,
            y
        }),
        (0u32..12).prop_map(|to| Message::UndoRequest { to }),
        (0u32..12).prop_map(|to| Message::UndoAgree { to }),
        Just(Message::UndoRefuse),
        Just(Message::DrawOffer),
        Just(Message::DrawAgree),
        Just(Message::DrawRefuse),
        Just(Message::Resign),
        ".{0,40}".prop_map(|text| Message::Chat { text }),
        ".{0,45}".prop_map(|name| Message::Name { name }),
        role().prop_map(|black| Message::PlayAgain { black }),
        role().prop_map(|black| Message::PlayAgainAgree { black }),
        Just(Message::PlayAgainRefuse),
        Just(Message::Heartbeat),
        (
            1u32..4,
            role(),
            proptest::collection::vec((small.clone(), small), 0..12),
            prop_oneof![
                Just(None),
                Just(Some(Ending::DrawAgreed)),
                Just(Some(Ending::Resignation {
                    loser: gomoku_rules::Stone::Black
                })),
            ]
        )
            .prop_map(|(game, black, moves, ending)| Message::Sync {
                state: GameState {
                    game,
                    settings: GameSettings {
                        black,
                        ..GameSettings::default()
                    },
                    moves: moves.into_iter().map(|(x, y)| [x, y]).collect(),
                    ending,
                },
            }),
        Just(Message::rejected(Rejection::NotYourTurn, "move", Some(3))),
    ]
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (0u8..16, 0u8..16).prop_map(|(x, y)| Action::Move(Pos::new(x, y))),
        Just(Action::RequestUndo),
        any::<bool>().prop_map(Action::AnswerUndo),
        Just(Action::OfferDraw),
        any::<bool>().prop_map(Action::AnswerDraw),
        Just(Action::Resign),
        ".{0,20}".prop_map(Action::Chat),
        proptest::option::of(role()).prop_map(Action::PlayAgain),
        any::<bool>().prop_map(Action::AnswerPlayAgain),
    ]
}

/// Bytes of frames: encoded messages mixed with hostile lines.
fn stream() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![
            message().prop_map(|m| encode(&m).unwrap()),
            proptest::collection::vec(any::<u8>(), 0..64),
            (MAX_FRAME - 2..MAX_FRAME + 3).prop_map(|n| {
                let mut v = vec![b'x'; n];
                v.push(b'\n');
                v
            }),
        ],
        0..8,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn decoding_does_not_depend_on_where_the_bytes_are_cut(
        bytes in stream(),
        cuts in proptest::collection::vec(any::<prop::sample::Index>(), 0..6),
    ) {
        let mut whole = Vec::new();
        Decoder::new().feed(&bytes, &mut whole);
        let mut points: Vec<usize> = cuts.iter().map(|i| i.index(bytes.len() + 1)).collect();
        points.sort_unstable();
        let mut pieces = Vec::new();
        let mut decoder = Decoder::new();
        let mut start = 0;
        for end in points.into_iter().chain([bytes.len()]) {
            decoder.feed(&bytes[start..end], &mut pieces);
            prop_assert!(decoder.buffered() <= MAX_FRAME + 1);
            start = end;
        }
        prop_assert_eq!(whole, pieces);
    }

    #[test]
    fn every_message_survives_encoding(m in message()) {
        let bytes = encode(&m).unwrap();
        prop_assert!(bytes.len() <= MAX_FRAME + 1);
        prop_assert_eq!(bytes.iter().filter(|&&b| b == b'\n').count(), 1);
        let mut out = Vec::new();
        Decoder::new().feed(&bytes, &mut out);
        prop_assert_eq!(out, vec![Ok(m)]);
    }

    #[test]
    fn a_session_only_ever_holds_a_legal_game(
        steps in proptest::collection::vec(
            prop_oneof![message().prop_map(Ok), action().prop_map(Err)],
            0..60,
        ),
        renju in any::<bool>(),
    ) {
        let settings = GameSettings {
            rule: if renju { Rule::Renju } else { Rule::Freestyle },
            size: 15,
            forbidden: ForbiddenPolicy::Refuse,
            black: Role::Joiner,
        };
        let mut pipe = Pipe::new(settings);
        for step in steps {
            let before = pipe.host.record().clone();
            let pending = pipe.host.pending();
            match step {
                Ok(message) => pipe.host.receive(message, pipe.now),
                Err(action) => { let _ = pipe.host.act(action, pipe.now); }
            }
            pipe.joiner.take_outgoing();
            for e in pipe.host.take_events() {
                if let Event::PeerMoved { pos, number } = e {
                    // A peer move is legal, in turn, numbered right, and no request waited.
                    prop_assert!(pending.is_none());
                    prop_assert_eq!(number as usize, before.moves().len() + 1);
                    prop_assert_eq!(before.side_to_move(), pipe.host.local_stone().opponent());
                    prop_assert!(before.check(pos).is_ok());
                }
            }
            // The game replays through the rules.
            let mut replay = new_record(pipe.host.settings());
            for m in pipe.host.record().moves() {
                prop_assert!(replay.play(m.pos).is_ok());
            }
            // Every message the session sends fits in a frame.
            for m in pipe.host.take_outgoing() {
                prop_assert!(encode(&m).is_ok());
            }
        }
    }
}
