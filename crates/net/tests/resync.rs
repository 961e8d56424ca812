//! Resync after a reconnection, on the in-memory pipe: an answer or a resignation lost with
//! the connection is recovered from the peer's record; a request nobody answered is cancelled
//! on both sides; afterwards both sides hold the same game.

mod common;

use common::{Pipe, p};
use gomoku_net::{Action, Event, GameSettings, Phase, Request, Role, SyncOutcome};
use gomoku_rules::{Reason, Stone};

/// Drops the link (losing whatever each side had not sent yet), then reconnects.
fn drop_and_reconnect(pipe: &mut Pipe) {
    pipe.host.take_outgoing();
    pipe.joiner.take_outgoing();
    pipe.host.disconnected("cut");
    pipe.joiner.disconnected("cut");
    assert_eq!(
        (pipe.host.phase(), pipe.joiner.phase()),
        (Phase::Lost, Phase::Lost)
    );
    pipe.host.connected();
    pipe.joiner.connected();
    pipe.deliver();
    assert_eq!(
        (pipe.host.phase(), pipe.joiner.phase()),
        (Phase::Live, Phase::Live)
    );
}

fn outcome(events: &[Event]) -> Option<SyncOutcome> {
    events.iter().find_map(|e| match e {
        Event::Resynced { outcome, .. } => Some(*outcome),
        _ => None,
    })
}

fn same_game(pipe: &Pipe) {
    assert_eq!(pipe.host.record().moves(), pipe.joiner.record().moves());
    assert_eq!(pipe.host.record().result(), pipe.joiner.record().result());
    assert_eq!(pipe.host.game_number(), pipe.joiner.game_number());
    assert_eq!(pipe.host.settings(), pipe.joiner.settings());
}

fn three_moves(pipe: &mut Pipe) {
    pipe.host_act(Action::Move(p(7, 7)));
    pipe.joiner_act(Action::Move(p(8, 8)));
    pipe.host_act(Action::Move(p(6, 8)));
}

#[test]
fn an_agreed_undo_lost_in_flight_is_recovered() {
    let mut pipe = Pipe::new(GameSettings::default());
    three_moves(&mut pipe);
    pipe.joiner_act(Action::RequestUndo);
    pipe.host.act(Action::AnswerUndo(true), pipe.now).unwrap();
    assert_eq!(pipe.host.record().moves().len(), 1);
    drop_and_reconnect(&mut pipe);
    same_game(&pipe);
    assert_eq!(pipe.joiner.record().moves().len(), 1);
    assert_eq!(
        outcome(&pipe.joiner.take_events()),
        Some(SyncOutcome::Adopted)
    );
    assert_eq!(outcome(&pipe.host.take_events()), Some(SyncOutcome::Kept));
    assert!(pipe.joiner.local_to_move());
}

#[test]
fn an_agreed_draw_and_a_resignation_lost_in_flight_are_recovered() {
    let mut pipe = Pipe::new(GameSettings::default());
    three_moves(&mut pipe);
    pipe.host_act(Action::OfferDraw);
    pipe.joiner.act(Action::AnswerDraw(true), pipe.now).unwrap();
    drop_and_reconnect(&mut pipe);
    same_game(&pipe);
    assert_eq!(
        pipe.host.record().result().unwrap().reason,
        Reason::DrawAgreed
    );
    assert!(
        pipe.host
            .take_events()
            .iter()
            .any(|e| matches!(e, Event::GameOver(_)))
    );

    let mut pipe = Pipe::new(GameSettings::default());
    three_moves(&mut pipe);
    pipe.joiner.act(Action::Resign, pipe.now).unwrap();
    drop_and_reconnect(&mut pipe);
    same_game(&pipe);
    assert_eq!(
        pipe.host.record().result().unwrap().reason,
        Reason::Resignation
    );
}

#[test]
fn an_agreed_new_game_lost_in_flight_is_recovered_with_its_first_move() {
    let mut pipe = Pipe::new(GameSettings::default());
    pipe.host_act(Action::Resign);
    pipe.host_act(Action::PlayAgain(None));
    pipe.joiner
        .act(Action::AnswerPlayAgain(true), pipe.now)
        .unwrap();
    // The joiner plays black in the new game and moves at once; both messages are lost.
    pipe.joiner.act(Action::Move(p(7, 7)), pipe.now).unwrap();
    drop_and_reconnect(&mut pipe);
    same_game(&pipe);
    assert_eq!(pipe.host.game_number(), 2);
    assert_eq!(pipe.host.settings().black, Role::Joiner);
    assert_eq!(pipe.host.local_stone(), Stone::White);
    assert_eq!(pipe.host.record().moves().len(), 1);
    assert!(pipe.host.local_to_move());
}

#[test]
fn a_request_nobody_answered_is_cancelled_on_both_sides() {
    let mut pipe = Pipe::new(GameSettings::default());
    three_moves(&mut pipe);
    pipe.joiner_act(Action::OfferDraw);
    pipe.host.take_events();
    pipe.joiner.take_events();
    drop_and_reconnect(&mut pipe);
    same_game(&pipe);
    for events in [pipe.host.take_events(), pipe.joiner.take_events()] {
        assert!(
            events.iter().any(|e| matches!(
                e,
                Event::RequestCancelled(p) if p.request == Request::Draw
            )),
            "{events:?}"
        );
        assert_eq!(outcome(&events), Some(SyncOutcome::Same));
    }
    assert_eq!((pipe.host.pending(), pipe.joiner.pending()), (None, None));
    // Play goes on: white (the joiner) is to move.
    pipe.joiner_act(Action::Move(p(9, 9)));
    same_game(&pipe);
}

#[test]
fn a_stranger_cannot_take_over_a_dropped_game() {
    let mut pipe = Pipe::new(GameSettings::default());
    three_moves(&mut pipe);
    pipe.host.disconnected("cut");
    // A new joiner without the game id.
    let mut stranger = gomoku_net::Session::join("Eve", gomoku_net::SessionConfig::default());
    pipe.host.connected();
    stranger.connected();
    for m in stranger.take_outgoing() {
        pipe.host.receive(m, pipe.now);
    }
    for m in pipe.host.take_outgoing() {
        stranger.receive(m, pipe.now);
    }
    assert!(
        stranger
            .take_events()
            .contains(&Event::Refused(gomoku_net::Refusal::Busy))
    );
    assert_eq!(pipe.host.phase(), Phase::Lost);
    assert_eq!(pipe.host.record().moves().len(), 3);
}

#[test]
fn a_reconnecting_joiner_retries_while_the_host_still_holds_the_old_connection() {
    let mut pipe = Pipe::new(GameSettings::default());
    three_moves(&mut pipe);
    pipe.joiner.disconnected("cut");
    pipe.joiner.connected();
    // The host has not noticed the drop: its transport answers "busy".
    pipe.joiner.receive(
        gomoku_net::Message::refused(gomoku_net::Refusal::Busy),
        pipe.now,
    );
    assert_eq!(pipe.joiner.phase(), Phase::Lost);
    assert!(pipe.joiner.wants_connection());
    assert_eq!(pipe.joiner.record().moves().len(), 3);
}
