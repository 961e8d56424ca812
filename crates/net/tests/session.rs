//! The session state machine alone, two sessions joined by an in-memory pipe: the handshake
//! and versions, a game to a five, every refusal of a bad peer move or answer (the game stays
//! intact), the sync rules, goodbye, and the limits on what a session sends.

mod common;

use common::{Pipe, move_msg, p, poke, rejections};
use gomoku_net::{
    Action, ActionError, Event, GameSettings, Message, Phase, Refusal, Rejection, Role,
    SUPPORTED_VERSIONS, Session, SessionConfig, SyncOutcome,
};
use gomoku_rules::{ForbiddenPolicy, Outcome, Reason, Rule, Stone};

fn renju() -> GameSettings {
    GameSettings::default()
}

#[test]
fn the_handshake_gives_the_joiner_the_hosts_settings() {
    let settings = GameSettings {
        rule: Rule::Standard,
        size: 19,
        forbidden: ForbiddenPolicy::Refuse,
        black: Role::Joiner,
        ..GameSettings::default()
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
        message.contains("[1, 2]") && message.contains("[7, 9]"),
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
