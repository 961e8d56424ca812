//! Property tests: the frame decoder gives the same result however the bytes are cut and never
//! holds more than one frame; messages survive encoding; a session fed any sequence of peer
//! messages and local actions never panics and only ever holds a game the rules allow, with
//! every accepted peer move legal, in turn, and made while no request waited.

mod common;

use common::Pipe;
use gomoku_net::frame::{Decoder, encode};
use gomoku_net::protocol::{Ending, GameState};
use gomoku_net::{Action, Event, GameSettings, MAX_FRAME, Message, Rejection, Role, new_record};
use gomoku_rules::{
    Decision, ForbiddenPolicy, GameRecord, OpeningRule, Pos, Rule, Stone, Swap2Choice, TimeControl,
};
use proptest::prelude::*;

fn decision() -> impl Strategy<Value = Decision> {
    let pos = (5u8..10, 5u8..10).prop_map(|(x, y)| Pos::new(x, y));
    prop_oneof![
        pos.clone().prop_map(Decision::Place),
        any::<bool>().prop_map(Decision::Swap),
        (0u8..10).prop_map(Decision::DeclareFifths),
        proptest::collection::vec(pos.clone(), 0..4).prop_map(Decision::OfferFifths),
        pos.prop_map(Decision::ChooseFifth),
        prop_oneof![
            Just(Swap2Choice::TakeBlack),
            Just(Swap2Choice::TakeWhite),
            Just(Swap2Choice::PlaceTwo)
        ]
        .prop_map(Decision::Swap2),
        prop_oneof![Just(Stone::Black), Just(Stone::White)].prop_map(Decision::TakeColour),
    ]
}

/// The session's game replayed from nothing: its opening decisions, then its moves.
fn replay(settings: &GameSettings, record: &GameRecord) -> Result<GameRecord, String> {
    let mut replay = new_record(settings);
    for d in record.opening_log() {
        replay.decide(d.clone()).map_err(|e| e.to_string())?;
    }
    for m in &record.moves()[replay.moves().len()..] {
        replay.play(m.pos).map_err(|e| e.to_string())?;
    }
    Ok(replay)
}

fn role() -> impl Strategy<Value = Role> {
    prop_oneof![Just(Role::Host), Just(Role::Joiner)]
}

fn message() -> impl Strategy<Value = Message> {
    let small = 0u8..17;
    prop_oneof![
        (
            0u32..12,
            small.clone(),
            small.clone(),
            proptest::option::of(0u32..3000)
        )
            .prop_map(|(number, x, y, used_ms)| Message::Move {
                number,
                x,
                y,
                used_ms,
            }),
        (0u32..12, decision(), proptest::option::of(0u32..3000)).prop_map(
            |(number, decision, used_ms)| Message::Decision {
                number,
                decision,
                used_ms,
            }
        ),
        (0u32..12, proptest::option::of(0u32..3000))
            .prop_map(|(number, used_ms)| Message::Flag { number, used_ms }),
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
                    loser: Stone::Black
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
                    opening: Vec::new(),
                    clock: None,
                },
            }),
        Just(Message::rejected(Rejection::NotYourTurn, "move", Some(3))),
    ]
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (0u8..16, 0u8..16).prop_map(|(x, y)| Action::Move(Pos::new(x, y))),
        decision().prop_map(Action::Decide),
        Just(Action::ClaimTime),
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
        opening in prop::sample::select(OpeningRule::ALL.to_vec()),
        clock in any::<bool>(),
    ) {
        let settings = GameSettings {
            rule: if renju { Rule::Renju } else { Rule::Freestyle },
            size: 15,
            forbidden: ForbiddenPolicy::Refuse,
            black: Role::Joiner,
            opening,
            clock: clock.then(|| TimeControl::sudden_death(std::time::Duration::from_secs(60))),
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
                    prop_assert_eq!(before.turn().who, pipe.host.local_side().other());
                    prop_assert!(before.check(pos).is_ok());
                }
                if let Event::PeerDecided { decision, .. } = e {
                    // A peer decision is the peer's to make, and allowed.
                    prop_assert!(pending.is_none());
                    prop_assert_eq!(before.turn().who, pipe.host.local_side().other());
                    prop_assert!(before.check_decision(&decision).is_ok());
                }
            }
            // The game replays through the rules.
            let replayed = replay(pipe.host.settings(), pipe.host.record());
            prop_assert!(replayed.is_ok(), "{:?}", replayed);
            // Every message the session sends fits in a frame.
            for m in pipe.host.take_outgoing() {
                prop_assert!(encode(&m).is_ok());
            }
        }
    }
}
