//! Opening rules over the network: Swap2 and RIF openings completed through messages (on the
//! in-memory pipe and on real loopback links) with the colours swapped on both sides; every
//! refusal of a decision (out of turn, stale step number, symmetric fifth moves, a stone of
//! the other player) leaves the game unchanged and says why; undo stops at the opening;
//! play again keeps the opening rule and swaps the first player; a decision in flight at a
//! reconnection is recovered.

mod common;

use common::{Pipe, connected_pair, loopback_v4, p, rejections, wait_for};
use gomoku_net::{
    Action, ActionError, Event, GameSettings, Message, Phase, Rejection, Role, Session, SyncOutcome,
};
use gomoku_rules::{Decision, OpeningError, OpeningRule, Pos, Rule, Side, Stone, Swap2Choice};

fn settings(rule: Rule, opening: OpeningRule) -> GameSettings {
    GameSettings {
        rule,
        opening,
        ..GameSettings::default()
    }
}

/// The host's and the joiner's games hold the same steps and colours.
fn same_game(pipe: &Pipe) {
    let (h, j) = (pipe.host.record(), pipe.joiner.record());
    assert_eq!(h.moves(), j.moves());
    assert_eq!(h.opening_log(), j.opening_log());
    assert_eq!(h.turn(), j.turn());
    assert_eq!(h.result(), j.result());
    assert_eq!(
        pipe.host.local_stone(),
        pipe.joiner.local_stone().opponent()
    );
}

/// Sends `message` from the joiner's side straight to the host and returns its refusals;
/// checks that a refused message changed nothing and was reported.
fn poke_host(pipe: &mut Pipe, message: Message) -> Vec<Rejection> {
    let before = pipe.host.record().clone();
    pipe.host.receive(message, pipe.now);
    let refused = rejections(&mut pipe.host);
    if !refused.is_empty() {
        assert_eq!(
            pipe.host.record(),
            &before,
            "a refused message changed the game"
        );
        assert!(
            pipe.host
                .take_events()
                .iter()
                .any(|e| matches!(e, Event::PeerRejected(_)))
        );
    }
    refused
}

fn decision(number: u32, decision: Decision) -> Message {
    Message::Decision {
        number,
        decision,
        used_ms: None,
    }
}

/// The host (first player) places three stones around the centre.
fn first_three(pipe: &mut Pipe) {
    for pos in [p(7, 7), p(8, 7), p(9, 8)] {
        pipe.host_act(Action::Move(pos));
    }
}

#[test]
fn a_swap2_opening_is_completed_through_messages_and_swaps_the_colours() {
    let mut pipe = Pipe::new(settings(Rule::Freestyle, OpeningRule::Swap2));
    assert_eq!(pipe.host.local_side(), Side::First);
    first_three(&mut pipe);
    assert_eq!(
        pipe.joiner.record().turn().phase,
        gomoku_rules::Phase::Swap2
    );
    assert!(pipe.joiner.local_to_move() && !pipe.host.local_to_move());
    pipe.joiner_act(Action::Decide(Decision::Swap2(Swap2Choice::PlaceTwo)));
    assert!(pipe.host.take_events().contains(&Event::PeerDecided {
        decision: Decision::Swap2(Swap2Choice::PlaceTwo),
        number: 4,
        local: Stone::Black,
    }));
    // The second player places stones 4 (white) and 5 (black).
    pipe.joiner_act(Action::Move(p(6, 6)));
    pipe.joiner_act(Action::Move(p(10, 9)));
    let events = pipe.host.take_events();
    assert!(events.contains(&Event::PeerMoved {
        pos: p(10, 9),
        number: 5
    }));
    // The first player takes white: the colours swap on both sides.
    pipe.host_act(Action::Decide(Decision::TakeColour(Stone::White)));
    assert_eq!(pipe.host.local_stone(), Stone::White);
    assert_eq!(pipe.joiner.local_stone(), Stone::Black);
    assert!(pipe.joiner.take_events().contains(&Event::PeerDecided {
        decision: Decision::TakeColour(Stone::White),
        number: 7,
        local: Stone::Black,
    }));
    same_game(&pipe);
    // White (the host now) plays move 6.
    assert!(pipe.host.local_to_move());
    pipe.host_act(Action::Move(p(5, 5)));
    assert!(pipe.joiner.take_events().contains(&Event::PeerMoved {
        pos: p(5, 5),
        number: 6
    }));
    assert!(pipe.joiner.local_to_move());
    same_game(&pipe);
}

/// Plays a RIF opening up to the offer of fifth moves: the host places the opening, the
/// joiner swaps (taking black), the host (white now) plays 4.
fn rif_to_the_offer(pipe: &mut Pipe) {
    first_three(pipe);
    pipe.joiner_act(Action::Decide(Decision::Swap(true)));
    assert_eq!(pipe.joiner.local_stone(), Stone::Black);
    assert_eq!(pipe.host.local_stone(), Stone::White);
    assert!(pipe.host.take_events().contains(&Event::PeerDecided {
        decision: Decision::Swap(true),
        number: 4,
        local: Stone::White,
    }));
    pipe.host_act(Action::Move(p(7, 9)));
    assert!(matches!(
        pipe.joiner.record().turn().phase,
        gomoku_rules::Phase::OfferFifths { count: 2 }
    ));
}

#[test]
fn a_rif_opening_is_completed_through_messages_with_the_colours_swapped() {
    let mut pipe = Pipe::new(settings(Rule::Renju, OpeningRule::Rif));
    rif_to_the_offer(&mut pipe);
    // Black (the joiner after the swap) offers two fifth moves, white picks one.
    let offer = vec![p(5, 5), p(10, 4)];
    pipe.joiner_act(Action::Decide(Decision::OfferFifths(offer.clone())));
    assert!(pipe.host.take_events().contains(&Event::PeerDecided {
        decision: Decision::OfferFifths(offer),
        number: 6,
        local: Stone::White,
    }));
    // The choice is a stone: it travels as a move on the offered point.
    pipe.host_act(Action::Move(p(10, 4)));
    assert!(pipe.joiner.take_events().contains(&Event::PeerMoved {
        pos: p(10, 4),
        number: 5
    }));
    assert!(pipe.host.record().opening_done());
    // White plays 6, then black 7: ordinary play with the swapped colours.
    pipe.host_act(Action::Move(p(3, 3)));
    assert!(pipe.joiner.local_to_move());
    pipe.joiner_act(Action::Move(p(11, 11)));
    same_game(&pipe);
    assert_eq!(pipe.host.record().moves().len(), 7);
}

#[test]
fn refused_decisions_say_why_and_change_nothing() {
    let mut pipe = Pipe::new(settings(Rule::Renju, OpeningRule::Rif));
    // A stone of the first player's opening, sent by the second player.
    assert_eq!(
        poke_host(&mut pipe, common::move_msg(1, p(7, 7))),
        vec![Rejection::NotYourTurn]
    );
    // An opening on the centre column, so that the board has a mirror symmetry.
    for pos in [p(7, 7), p(7, 6), p(7, 5)] {
        pipe.host_act(Action::Move(pos));
    }
    // The swap is the second player's: from the first player it is out of turn.
    let joiner_view = pipe.joiner.record().clone();
    pipe.joiner
        .receive(decision(4, Decision::Swap(true)), pipe.now);
    assert_eq!(rejections(&mut pipe.joiner), vec![Rejection::NotYourTurn]);
    assert_eq!(pipe.joiner.record(), &joiner_view);
    // A stale step number.
    assert_eq!(
        poke_host(&mut pipe, decision(3, Decision::Swap(false))),
        vec![Rejection::WrongStepNumber {
            expected: 4,
            got: 3
        }]
    );
    // A decision the phase does not wait for.
    let refused = poke_host(&mut pipe, decision(4, Decision::DeclareFifths(3)));
    assert!(
        matches!(&refused[..], [Rejection::Opening { detail }] if detail.contains("waiting for")),
        "{refused:?}"
    );
    // The same checks on the local side: nothing is sent.
    assert_eq!(
        pipe.host
            .act(Action::Decide(Decision::Swap(true)), pipe.now),
        Err(ActionError::NotYourTurn)
    );
    assert!(pipe.host.take_outgoing().is_empty());
    // The joiner takes black; white (the host) plays 4 on the same column.
    pipe.joiner_act(Action::Decide(Decision::Swap(true)));
    pipe.host_act(Action::Move(p(7, 9)));
    pipe.host.take_events();
    pipe.joiner.take_events();
    // Fifth moves that mirror each other across the column are one offer, not two.
    let symmetric = vec![p(5, 5), p(9, 5)];
    let joiner_view = pipe.joiner.record().clone();
    let local = pipe.joiner.act(
        Action::Decide(Decision::OfferFifths(symmetric.clone())),
        pipe.now,
    );
    let Err(ActionError::Opening(OpeningError::SymmetricFifths { .. })) = local else {
        panic!("a symmetric local offer is refused: {local:?}");
    };
    assert_eq!(pipe.joiner.record(), &joiner_view);
    assert!(pipe.joiner.take_outgoing().is_empty());
    let refused = poke_host(&mut pipe, decision(6, Decision::OfferFifths(symmetric)));
    assert!(
        matches!(&refused[..], [Rejection::Opening { detail }] if detail.contains("symmetric")),
        "{refused:?}"
    );
    // Too many points are refused before anything is compared.
    let many: Vec<Pos> = (0..40).map(|i| p(i % 15, i / 15)).collect();
    let refused = poke_host(&mut pipe, decision(6, Decision::OfferFifths(many)));
    assert!(
        matches!(&refused[..], [Rejection::Opening { .. }]),
        "{refused:?}"
    );
    // A valid offer; then white may only choose one of the offered points.
    pipe.joiner_act(Action::Decide(Decision::OfferFifths(vec![
        p(5, 5),
        p(10, 4),
    ])));
    assert_eq!(
        poke_host(&mut pipe, common::move_msg(5, p(5, 5))),
        vec![Rejection::NotYourTurn]
    );
    let before = pipe.host.record().clone();
    assert!(matches!(
        pipe.host.act(Action::Move(p(1, 1)), pipe.now),
        Err(ActionError::Opening(OpeningError::NotOffered(_)))
    ));
    assert_eq!(pipe.host.record(), &before);
    assert!(pipe.host.take_outgoing().is_empty());
    // From the joiner's side, the host choosing a point that was not offered is refused.
    let joiner_view = pipe.joiner.record().clone();
    pipe.joiner.receive(common::move_msg(5, p(1, 1)), pipe.now);
    let refused = rejections(&mut pipe.joiner);
    assert!(
        matches!(&refused[..], [Rejection::Opening { detail }] if detail.contains("not one of the offered")),
        "{refused:?}"
    );
    assert_eq!(pipe.joiner.record(), &joiner_view);
    same_game(&pipe);
}

#[test]
fn a_stone_of_the_other_player_during_the_opening_is_refused() {
    let mut pipe = Pipe::new(settings(Rule::Freestyle, OpeningRule::Swap2));
    pipe.host_act(Action::Move(p(7, 7)));
    // Stone 2 is still the first player's, though it is white.
    assert_eq!(
        poke_host(&mut pipe, common::move_msg(2, p(8, 8))),
        vec![Rejection::NotYourTurn]
    );
    assert_eq!(
        pipe.joiner.act(Action::Move(p(8, 8)), pipe.now),
        Err(ActionError::NotYourTurn)
    );
}

#[test]
fn undo_does_not_reach_into_the_opening() {
    let mut pipe = Pipe::new(settings(Rule::Freestyle, OpeningRule::Swap));
    first_three(&mut pipe);
    pipe.joiner_act(Action::Decide(Decision::Swap(false)));
    pipe.joiner_act(Action::Move(p(6, 6)));
    // The host's last stone is an opening stone: nothing of its own to take back.
    assert_eq!(
        pipe.host.act(Action::RequestUndo, pipe.now),
        Err(ActionError::NothingToUndo)
    );
    let joiner_before = pipe.joiner.record().clone();
    pipe.joiner
        .receive(Message::UndoRequest { to: 2 }, pipe.now);
    assert_eq!(
        rejections(&mut pipe.joiner),
        vec![Rejection::BadUndo {
            to: 2,
            detail: "the opening cannot be taken back".into()
        }]
    );
    assert_eq!(pipe.joiner.record(), &joiner_before);
    // Ordinary moves after the opening are taken back as before.
    pipe.joiner.take_events();
    pipe.host_act(Action::Move(p(5, 5)));
    pipe.joiner_act(Action::RequestUndo);
    pipe.host_act(Action::AnswerUndo(true));
    assert_eq!(pipe.host.record().moves().len(), 3);
    assert!(pipe.joiner.local_to_move());
    same_game(&pipe);
}

#[test]
fn play_again_keeps_the_opening_and_swaps_the_first_player() {
    let mut s = settings(Rule::Freestyle, OpeningRule::Swap2);
    s.clock = Some(gomoku_rules::TimeControl::sudden_death(
        std::time::Duration::from_secs(300),
    ));
    let mut pipe = Pipe::new(s);
    pipe.host_act(Action::Resign);
    pipe.joiner.take_events();
    pipe.joiner_act(Action::PlayAgain(None));
    pipe.host_act(Action::AnswerPlayAgain(true));
    for session in [&pipe.host, &pipe.joiner] {
        assert_eq!(session.game_number(), 2);
        assert_eq!(session.settings().opening, OpeningRule::Swap2);
        assert_eq!(session.settings().clock, s.clock);
        assert_eq!(session.settings().black, Role::Joiner);
        assert_eq!(session.record().opening_rule(), OpeningRule::Swap2);
        assert!(session.record().clock().is_some());
    }
    assert_eq!(pipe.joiner.local_side(), Side::First);
    assert!(pipe.joiner.local_to_move());
}

#[test]
fn a_decision_in_flight_at_a_reconnection_is_recovered() {
    let mut pipe = Pipe::new(settings(Rule::Freestyle, OpeningRule::Swap2));
    first_three(&mut pipe);
    pipe.joiner
        .act(
            Action::Decide(Decision::Swap2(Swap2Choice::TakeBlack)),
            pipe.now,
        )
        .unwrap();
    // The decision is lost with the connection.
    pipe.joiner.take_outgoing();
    pipe.host.disconnected("cut");
    pipe.joiner.disconnected("cut");
    pipe.host.connected();
    pipe.joiner.connected();
    pipe.deliver();
    assert_eq!(
        (pipe.host.phase(), pipe.joiner.phase()),
        (Phase::Live, Phase::Live)
    );
    let adopted = pipe.host.take_events().iter().any(|e| {
        matches!(
            e,
            Event::Resynced {
                outcome: SyncOutcome::Adopted,
                ..
            }
        )
    });
    assert!(adopted);
    same_game(&pipe);
    assert_eq!(pipe.host.local_stone(), Stone::White);
    assert!(pipe.host.local_to_move());
}

#[test]
fn a_refused_decision_is_taken_back_by_its_sender() {
    let mut pipe = Pipe::new(settings(Rule::Freestyle, OpeningRule::Swap2));
    first_three(&mut pipe);
    let before = pipe.joiner.record().clone();
    pipe.joiner
        .act(
            Action::Decide(Decision::Swap2(Swap2Choice::TakeBlack)),
            pipe.now,
        )
        .unwrap();
    pipe.joiner.take_outgoing();
    pipe.joiner.receive(
        Message::rejected(Rejection::NotYourTurn, "decision", Some(4)),
        pipe.now,
    );
    assert_eq!(pipe.joiner.record(), &before);
    assert!(
        pipe.joiner
            .take_events()
            .contains(&Event::DecisionTakenBack {
                decision: Decision::Swap2(Swap2Choice::TakeBlack),
                number: 4,
            })
    );
}

/// Waits until `link` has the peer's step reported.
fn wait_step(link: &mut gomoku_net::Link) {
    wait_for(link, "the peer's step", |e| {
        matches!(e, Event::PeerMoved { .. } | Event::PeerDecided { .. })
    });
}

#[test]
fn two_links_play_a_swap2_and_a_rif_opening_over_loopback() {
    // Swap2: the joiner places two more, the host takes white.
    let (mut host, mut joiner) =
        connected_pair(loopback_v4(), settings(Rule::Freestyle, OpeningRule::Swap2));
    assert_eq!(host.session().version(), 2);
    for pos in [p(7, 7), p(8, 7), p(9, 8)] {
        host.act(Action::Move(pos)).unwrap();
        wait_step(&mut joiner);
    }
    joiner
        .decide(Decision::Swap2(Swap2Choice::PlaceTwo))
        .unwrap();
    wait_step(&mut host);
    for pos in [p(6, 6), p(10, 9)] {
        joiner.act(Action::Move(pos)).unwrap();
        wait_step(&mut host);
    }
    host.decide(Decision::TakeColour(Stone::White)).unwrap();
    let e = wait_for(&mut joiner, "the colour", |e| {
        matches!(e, Event::PeerDecided { .. })
    });
    assert!(matches!(
        e,
        Event::PeerDecided {
            local: Stone::Black,
            ..
        }
    ));
    host.act(Action::Move(p(5, 5))).unwrap();
    wait_step(&mut joiner);
    assert_eq!(host.session().record(), joiner.session().record());
    assert_eq!(host.session().local_stone(), Stone::White);
    drop((host, joiner));

    // RIF: the joiner swaps, black offers, white chooses.
    let (mut host, mut joiner) =
        connected_pair(loopback_v4(), settings(Rule::Renju, OpeningRule::Rif));
    for pos in [p(7, 7), p(8, 7), p(9, 8)] {
        host.act(Action::Move(pos)).unwrap();
        wait_step(&mut joiner);
    }
    joiner.decide(Decision::Swap(true)).unwrap();
    wait_step(&mut host);
    host.act(Action::Move(p(7, 9))).unwrap();
    wait_step(&mut joiner);
    joiner
        .decide(Decision::OfferFifths(vec![p(5, 5), p(10, 4)]))
        .unwrap();
    wait_step(&mut host);
    host.decide(Decision::ChooseFifth(p(5, 5))).unwrap();
    wait_step(&mut joiner);
    host.act(Action::Move(p(3, 3))).unwrap();
    wait_step(&mut joiner);
    assert!(joiner.session().record().opening_done());
    assert_eq!(host.session().record(), joiner.session().record());
    assert_eq!(joiner.session().local_stone(), Stone::Black);
    assert!(joiner.session().local_to_move());
}

#[test]
fn a_host_refuses_an_opening_game_to_a_version_1_joiner() {
    let mut host = Session::host(
        "Ann",
        settings(Rule::Renju, OpeningRule::Rif),
        "g",
        gomoku_net::SessionConfig::default(),
    );
    host.connected();
    host.receive(
        Message::Hello {
            versions: vec![1],
            program: "old".into(),
            name: "Old".into(),
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
        &gomoku_net::Refusal::Version {
            host: vec![2],
            joiner: vec![1]
        }
    );
    assert!(
        message.contains("[2]") && message.contains("[1]"),
        "{message}"
    );
}

#[test]
fn a_rif_game_on_an_even_board_is_not_valid() {
    let mut s = settings(Rule::Renju, OpeningRule::Rif);
    s.size = 20;
    assert!(!s.is_valid());
    assert!(s.problem().unwrap().contains("centre"));
    s.opening = OpeningRule::Swap2;
    assert!(s.is_valid());
}
