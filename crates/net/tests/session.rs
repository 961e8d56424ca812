//! The session state machine alone, two sessions joined by an in-memory pipe: every request
//! and answer, every refusal of a bad peer message (the game stays intact), and the resync
//! rules for messages lost with a connection.

mod common;

use common::{Pipe, move_msg, p};
use gomoku_net::{
    Action, ActionError, Event, GameSettings, Message, Pending, Phase, Refusal, Rejection, Request,
    Role, SUPPORTED_VERSIONS, Session, SessionConfig, Side, SyncOutcome,
};
use gomoku_rules::{ForbiddenPolicy, Outcome, Reason, Rule, Stone};

fn renju() -> GameSettings {
    GameSettings::default()
}

/// The messages `s` sent that were refusals, with their reasons.
fn rejections(s: &mut Session) -> Vec<Rejection> {
    s.take_outgoing()
        .into_iter()
        .filter_map(|m| match m {
            Message::Rejected { reason, .. } => Some(reason),
            _ => None,
        })
        .collect()
}

#[test]
fn the_handshake_gives_the_joiner_the_hosts_settings() {
    let settings = GameSettings {
        rule: Rule::Standard,
        size: 19,
        forbidden: ForbiddenPolicy::Refuse,
        black: Role::Joiner,
    };
    let mut host = Session::host("Ann", settings, "g", SessionConfig::default());
    let mut joiner = Session::join("Bo", SessionConfig::default());
    host.connected();
    joiner.connected();
    for m in joiner.take_outgoing() {
        host.receive(m, std::time::Instant::now());
    }
    for m in host.take_outgoing() {
        joiner.receive(m, std::time::Instant::now());
    }
    assert_eq!(joiner.phase(), Phase::Live);
    assert_eq!(joiner.settings(), &settings);
    assert_eq!(joiner.record().size(), 19);
    assert_eq!(joiner.local_stone(), Stone::Black);
    assert_eq!(host.local_stone(), Stone::White);
    assert_eq!(joiner.peer_name(), Some("Ann"));
    assert_eq!(host.peer_name(), Some("Bo"));
    assert!(joiner.take_events().iter().any(|e| matches!(
        e,
        Event::GameStarted {
            game: 1,
            local: Stone::Black,
            ..
        }
    )));
}

#[test]
fn a_version_nobody_speaks_is_refused_naming_both_sides_versions() {
    let mut host = Session::host("Ann", renju(), "g", SessionConfig::default());
    host.connected();
    host.receive(
        Message::Hello {
            versions: vec![7, 9],
            program: "future".into(),
            name: "Zed".into(),
            resume: None,
        },
        std::time::Instant::now(),
    );
    let out = host.take_outgoing();
    let Some(Message::Refused { reason, message }) = out.first() else {
        panic!("expected a refusal, got {out:?}");
    };
    assert_eq!(
        reason,
        &Refusal::Version {
            host: SUPPORTED_VERSIONS.to_vec(),
            joiner: vec![7, 9]
        }
    );
    assert!(
        message.contains("[1]") && message.contains("[7, 9]"),
        "{message}"
    );
    assert!(host.take_close());
    // The host keeps waiting for a joiner it can speak with.
    assert_eq!(host.phase(), Phase::Waiting);
}

#[test]
fn moves_alternate_and_a_five_ends_the_game_on_both_sides() {
    let mut pipe = Pipe::new(renju());
    for i in 0..4 {
        pipe.host_act(Action::Move(p(3 + i, 7)));
        pipe.joiner_act(Action::Move(p(3 + i, 9)));
    }
    pipe.host_act(Action::Move(p(7, 7)));
    for s in [&pipe.host, &pipe.joiner] {
        let r = s.record().result().expect("game over");
        assert_eq!(
            (r.outcome, r.reason),
            (Outcome::Win(Stone::Black), Reason::Five)
        );
        assert_eq!(s.record().moves().len(), 9);
    }
    assert!(
        pipe.joiner
            .take_events()
            .iter()
            .any(|e| matches!(e, Event::GameOver(_)))
    );
    assert_eq!(
        pipe.joiner.act(Action::Move(p(0, 0)), pipe.now),
        Err(ActionError::GameOver)
    );
}

/// Sends `msg` from the (black) joiner's side straight to the host, which plays white.
fn poke(pipe: &mut Pipe, msg: Message) -> Vec<Rejection> {
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

fn joiner_black() -> GameSettings {
    GameSettings {
        black: Role::Joiner,
        ..renju()
    }
}

#[test]
fn bad_peer_moves_are_refused_with_a_reason_and_change_nothing() {
    let mut pipe = Pipe::new(joiner_black());
    pipe.joiner_act(Action::Move(p(7, 7)));
    // Out of turn: white (the host) is to move.
    assert_eq!(
        poke(&mut pipe, move_msg(2, p(8, 8))),
        vec![Rejection::NotYourTurn]
    );
    pipe.host_act(Action::Move(p(8, 8)));
    assert_eq!(
        poke(&mut pipe, move_msg(5, p(6, 6))),
        vec![Rejection::WrongMoveNumber {
            expected: 3,
            got: 5
        }]
    );
    assert_eq!(
        poke(&mut pipe, move_msg(3, p(7, 7))),
        vec![Rejection::Occupied { x: 7, y: 7 }]
    );
    assert_eq!(
        poke(&mut pipe, move_msg(3, p(15, 2))),
        vec![Rejection::OffBoard { x: 15, y: 2 }]
    );
    // A refused move is followed by the host's game, for the peer to compare.
    pipe.host.receive(move_msg(3, p(200, 2)), pipe.now);
    let out = pipe.host.take_outgoing();
    assert!(matches!(out.last(), Some(Message::Sync { state }) if state.moves.len() == 2));
    // And a good move still goes through.
    assert!(poke(&mut pipe, move_msg(3, p(6, 6))).is_empty());
    assert_eq!(pipe.host.record().moves().len(), 3);
}

#[test]
fn a_forbidden_point_is_refused_under_the_refuse_policy_only() {
    for policy in [ForbiddenPolicy::Refuse, ForbiddenPolicy::Lose] {
        let mut pipe = Pipe::new(GameSettings {
            forbidden: policy,
            ..joiner_black()
        });
        // Black: (5,7) (6,7) (7,5) (7,6) → (7,7) is a double three.
        let black = [p(5, 7), p(7, 5), p(6, 7), p(7, 6)];
        let white = [p(0, 0), p(0, 2), p(0, 4), p(0, 6)];
        for (b, w) in black.into_iter().zip(white) {
            pipe.joiner_act(Action::Move(b));
            pipe.host_act(Action::Move(w));
        }
        assert!(pipe.host.record().forbidden_at(p(7, 7)).is_some());
        let refused = poke(&mut pipe, move_msg(9, p(7, 7)));
        match policy {
            ForbiddenPolicy::Refuse => {
                assert!(matches!(
                    refused.as_slice(),
                    [Rejection::Forbidden { x: 7, y: 7, .. }]
                ));
                assert!(!pipe.host.record().is_over());
            }
            ForbiddenPolicy::Lose => {
                assert!(refused.is_empty());
                let r = pipe.host.record().result().expect("black lost");
                assert_eq!(r.outcome, Outcome::Win(Stone::White));
                assert!(matches!(r.reason, Reason::Forbidden(_)));
            }
        }
    }
}

#[test]
fn answers_without_a_request_are_refused() {
    let mut pipe = Pipe::new(renju());
    for m in [
        Message::UndoAgree { to: 0 },
        Message::UndoRefuse,
        Message::DrawAgree,
        Message::DrawRefuse,
        Message::PlayAgainAgree { black: Role::Host },
        Message::PlayAgainRefuse,
    ] {
        assert_eq!(poke(&mut pipe, m), vec![Rejection::NoRequest]);
    }
    // Locally too.
    for a in [
        Action::AnswerUndo(true),
        Action::AnswerDraw(false),
        Action::AnswerPlayAgain(true),
    ] {
        assert_eq!(pipe.host.act(a, pipe.now), Err(ActionError::NoRequest));
    }
}

#[test]
fn undo_goes_back_to_the_asked_count_when_agreed() {
    let mut pipe = Pipe::new(renju());
    pipe.host_act(Action::Move(p(7, 7)));
    pipe.joiner_act(Action::Move(p(8, 8)));
    pipe.host_act(Action::Move(p(9, 9)));
    // The joiner (white) is to move: undo takes back the host's reply and its own move.
    pipe.joiner_act(Action::RequestUndo);
    let asked = Request::Undo { to: 1 };
    assert!(pipe.host.take_events().contains(&Event::Requested(asked)));
    // Nobody moves while the request waits.
    assert_eq!(
        pipe.joiner.act(Action::Move(p(1, 1)), pipe.now),
        Err(ActionError::RequestPending)
    );
    assert_eq!(
        poke(&mut pipe, move_msg(4, p(1, 1))),
        vec![Rejection::RequestPending]
    );
    pipe.host_act(Action::AnswerUndo(false));
    assert!(pipe.joiner.take_events().contains(&Event::Answered {
        request: asked,
        accepted: false
    }));
    assert_eq!(pipe.joiner.record().moves().len(), 3);
    pipe.joiner_act(Action::RequestUndo);
    pipe.host_act(Action::AnswerUndo(true));
    assert!(pipe.joiner.take_events().contains(&Event::Answered {
        request: asked,
        accepted: true
    }));
    for s in [&pipe.host, &pipe.joiner] {
        assert_eq!(s.record().moves().len(), 1);
        assert_eq!(s.record().side_to_move(), Stone::White);
    }
    // Black just moved: its undo takes back that one move.
    pipe.joiner_act(Action::Move(p(8, 8)));
    pipe.joiner_act(Action::RequestUndo);
    assert!(
        pipe.host
            .take_events()
            .contains(&Event::Requested(Request::Undo { to: 1 }))
    );
}

#[test]
fn an_undo_request_the_rules_do_not_allow_is_refused() {
    let mut pipe = Pipe::new(renju());
    pipe.host_act(Action::Move(p(7, 7)));
    pipe.joiner_act(Action::Move(p(8, 8)));
    pipe.host_act(Action::Move(p(9, 9)));
    let bad = |to| Message::UndoRequest { to };
    for to in [3, 0, 2] {
        // 3: nothing to take back; 0: more than a move and its reply; 2: black would move.
        let r = poke(&mut pipe, bad(to));
        assert!(
            matches!(r.as_slice(), [Rejection::BadUndo { .. }]),
            "{to}: {r:?}"
        );
    }
    assert!(pipe.host.pending().is_none());
    // White has no move to take back before its first move.
    let mut fresh = Pipe::new(renju());
    fresh.host_act(Action::Move(p(7, 7)));
    assert_eq!(
        fresh.joiner.act(Action::RequestUndo, fresh.now),
        Err(ActionError::NothingToUndo)
    );
}

#[test]
fn draw_offers_and_resignation() {
    let mut pipe = Pipe::new(renju());
    pipe.host_act(Action::Move(p(7, 7)));
    pipe.host_act(Action::OfferDraw);
    assert!(
        pipe.joiner
            .take_events()
            .contains(&Event::Requested(Request::Draw))
    );
    pipe.joiner_act(Action::AnswerDraw(false));
    assert!(!pipe.host.record().is_over());
    pipe.host_act(Action::OfferDraw);
    pipe.joiner_act(Action::AnswerDraw(true));
    for s in [&pipe.host, &pipe.joiner] {
        assert_eq!(s.record().result().unwrap().reason, Reason::DrawAgreed);
    }
    assert_eq!(
        poke(&mut pipe, Message::DrawOffer),
        vec![Rejection::GameOver]
    );
    assert_eq!(poke(&mut pipe, Message::Resign), vec![Rejection::GameOver]);

    let mut pipe = Pipe::new(renju());
    pipe.joiner_act(Action::Resign);
    let r = pipe.host.record().result().unwrap();
    assert_eq!(
        (r.outcome, r.reason),
        (Outcome::Win(Stone::Black), Reason::Resignation)
    );
    assert!(pipe.host.take_events().contains(&Event::PeerResigned));
}

#[test]
fn play_again_swaps_colours_unless_chosen_otherwise() {
    let mut pipe = Pipe::new(renju());
    assert_eq!(
        pipe.host.act(Action::PlayAgain(None), pipe.now),
        Err(ActionError::GameNotOver)
    );
    assert_eq!(
        poke(&mut pipe, Message::PlayAgain { black: Role::Host }),
        vec![Rejection::GameNotOver]
    );
    pipe.host_act(Action::Resign);
    pipe.joiner_act(Action::PlayAgain(None));
    assert!(
        pipe.host
            .take_events()
            .contains(&Event::Requested(Request::PlayAgain {
                black: Role::Joiner
            }))
    );
    pipe.host_act(Action::AnswerPlayAgain(false));
    assert_eq!(pipe.host.game_number(), 1);
    pipe.joiner_act(Action::PlayAgain(None));
    pipe.host_act(Action::AnswerPlayAgain(true));
    for s in [&pipe.host, &pipe.joiner] {
        assert_eq!(s.game_number(), 2);
        assert!(s.record().moves().is_empty() && !s.record().is_over());
    }
    assert_eq!(pipe.joiner.local_stone(), Stone::Black);
    assert_eq!(pipe.host.local_stone(), Stone::White);
    pipe.joiner_act(Action::Resign);
    // The same colours again, by choice.
    pipe.host_act(Action::PlayAgain(Some(Role::Joiner)));
    pipe.joiner_act(Action::AnswerPlayAgain(true));
    assert_eq!(pipe.joiner.local_stone(), Stone::Black);
    assert_eq!(pipe.joiner.game_number(), 3);
}

#[test]
fn chat_names_and_the_flood_limit() {
    let mut pipe = Pipe::new(renju());
    pipe.joiner_act(Action::Chat("你好 hello".into()));
    pipe.joiner_act(Action::Rename("Bo Li".into()));
    let events = pipe.host.take_events();
    assert!(events.contains(&Event::Chat("你好 hello".into())));
    assert!(events.contains(&Event::PeerRenamed("Bo Li".into())));
    assert_eq!(pipe.host.peer_name(), Some("Bo Li"));
    assert_eq!(
        pipe.joiner.act(Action::Chat("x".repeat(501)), pipe.now),
        Err(ActionError::ChatTooLong { max: 500 })
    );
    assert!(matches!(
        poke(
            &mut pipe,
            Message::Chat {
                text: "é".repeat(501)
            }
        )
        .as_slice(),
        [Rejection::ChatTooLong { chars: 501, .. }]
    ));
    assert_eq!(
        poke(&mut pipe, Message::Name { name: " ".into() }),
        vec![Rejection::BadName { max: 40 }]
    );
    // A flood from the peer: the burst passes, the rest is dropped, refused once.
    let mut flood = Pipe::new(renju());
    let mut refusals = 0;
    for i in 0..50 {
        flood.host.receive(
            Message::Chat {
                text: format!("spam {i}"),
            },
            flood.now,
        );
        refusals += rejections(&mut flood.host).len();
    }
    let shown = flood
        .host
        .take_events()
        .iter()
        .filter(|e| matches!(e, Event::Chat(_)))
        .count();
    assert_eq!((shown, refusals), (5, 1));
    // A second later one more gets through.
    let later = flood.now + std::time::Duration::from_secs(1);
    flood
        .host
        .receive(Message::Chat { text: "ok".into() }, later);
    assert!(flood.host.take_events().contains(&Event::Chat("ok".into())));
    // The local side is held to the same limit.
    for _ in 0..5 {
        flood
            .joiner
            .act(Action::Chat("hi".into()), flood.now)
            .unwrap();
    }
    assert_eq!(
        flood.joiner.act(Action::Chat("hi".into()), flood.now),
        Err(ActionError::ChatFlood)
    );
}

#[test]
fn when_both_ask_at_once_the_hosts_request_stands() {
    let mut pipe = Pipe::new(renju());
    pipe.host_act(Action::Move(p(7, 7)));
    pipe.host.act(Action::OfferDraw, pipe.now).unwrap();
    pipe.joiner.act(Action::OfferDraw, pipe.now).unwrap();
    pipe.deliver();
    let host_pending = Pending {
        from: Side::Local,
        request: Request::Draw,
    };
    assert_eq!(pipe.host.pending(), Some(host_pending));
    assert_eq!(
        pipe.joiner.pending(),
        Some(Pending {
            from: Side::Peer,
            request: Request::Draw
        })
    );
    pipe.joiner_act(Action::AnswerDraw(true));
    assert!(pipe.host.record().is_over() && pipe.joiner.record().is_over());
}

#[test]
fn a_sync_that_no_lost_message_explains_is_not_adopted() {
    let mut pipe = Pipe::new(renju());
    pipe.host_act(Action::Move(p(7, 7)));
    let mut state = pipe.joiner.state();
    // A black (host) stone the host never played.
    state.moves.push([8, 8]);
    state.moves.push([9, 9]);
    pipe.host.receive(
        Message::Sync {
            state: state.clone(),
        },
        pipe.now,
    );
    assert_eq!(pipe.host.record().moves().len(), 1);
    assert!(pipe.host.take_events().contains(&Event::Resynced {
        outcome: SyncOutcome::Kept,
        moves: 1
    }));
    // One white move more (a move in flight) is adopted.
    state.moves.pop();
    pipe.host.receive(
        Message::Sync {
            state: state.clone(),
        },
        pipe.now,
    );
    assert_eq!(pipe.host.record().moves().len(), 2);
    // Impossible games are refused.
    state.moves.push([7, 7]);
    pipe.host.receive(Message::Sync { state }, pipe.now);
    assert!(matches!(
        rejections(&mut pipe.host).as_slice(),
        [Rejection::BadSync { .. }]
    ));
    assert_eq!(pipe.host.record().moves().len(), 2);
}

#[test]
fn goodbye_closes_and_keeps_the_game() {
    let mut pipe = Pipe::new(renju());
    pipe.host_act(Action::Move(p(7, 7)));
    pipe.joiner_act(Action::Leave(Some("dinner".into())));
    assert_eq!(pipe.host.phase(), Phase::Closed);
    assert!(
        pipe.host
            .take_events()
            .contains(&Event::PeerLeft(Some("dinner".into())))
    );
    assert_eq!(pipe.host.record().moves().len(), 1);
    assert_eq!(
        pipe.host.act(Action::Move(p(1, 1)), pipe.now),
        Err(ActionError::Closed)
    );
}

#[test]
fn an_overlong_local_name_is_cut_to_a_valid_one() {
    let host = Session::host(&"名".repeat(100), renju(), "g", SessionConfig::default());
    assert_eq!(host.name().chars().count(), 40);
    let blank = Session::join("\n\t", SessionConfig::default());
    assert_eq!(blank.name(), "Player");
}

#[test]
fn a_refusal_never_outgrows_a_frame_whatever_the_peer_sent() {
    let mut pipe = Pipe::new(renju());
    let long_type = format!("{{\"type\":\"{}\"}}", "x".repeat(8000));
    let error = gomoku_net::frame::decode(long_type.as_bytes()).unwrap_err();
    pipe.host.frame_error(error);
    for m in pipe.host.take_outgoing() {
        assert!(gomoku_net::frame::encode(&m).is_ok(), "{}", m.kind());
    }
}
