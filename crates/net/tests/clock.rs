//! Time over the network, on the in-memory pipe with instants chosen by the test (nothing
//! waits): a claimed thinking time shorter than the receiver's measurement minus the
//! tolerance is refused, one within it (or longer) is accepted and charged; both sides'
//! clocks agree after a game; a player whose time runs out loses on time, by its own flag or
//! by the other's confirmed claim; frames of version 1 still parse.

mod common;

use common::{Pipe, p, rejections};
use gomoku_net::{
    Action, ActionError, Event, GameSettings, Message, Rejection, Role, time_tolerance,
};
use gomoku_rules::{Outcome, Pos, Reason, Side, Stone, TimeControl};
use std::time::Duration;

fn timed(control: TimeControl) -> GameSettings {
    GameSettings {
        clock: Some(control),
        ..GameSettings::default()
    }
}

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn timed_move(number: u32, pos: Pos, used_ms: u32) -> Message {
    Message::Move {
        number,
        x: pos.x,
        y: pos.y,
        used_ms: Some(used_ms),
    }
}

/// The host (black) moves at the pipe's instant, and the joiner receives the move then; the
/// host's measurement of the joiner's time starts there.
fn host_moves_first(pipe: &mut Pipe) {
    pipe.host_act(Action::Move(p(7, 7)));
    pipe.joiner.take_events();
    pipe.host.take_events();
}

#[test]
fn a_claim_shorter_than_the_measurement_minus_the_tolerance_is_refused() {
    let mut pipe = Pipe::new(timed(TimeControl::sudden_death(secs(300))));
    host_moves_first(&mut pipe);
    // Ten seconds pass on the host's side before the joiner's move arrives.
    pipe.now += secs(10);
    assert_eq!(time_tolerance(secs(10)), Duration::from_millis(2000));
    let before = pipe.host.record().clone();
    pipe.host.receive(timed_move(2, p(8, 8), 5000), pipe.now);
    assert_eq!(
        rejections(&mut pipe.host),
        vec![Rejection::TimeClaim {
            claimed_ms: 5000,
            measured_ms: 10_000,
            tolerance_ms: 2000
        }]
    );
    assert_eq!(pipe.host.record(), &before);
    // Just under the tolerance is still refused; within it is accepted and charged.
    pipe.host.receive(timed_move(2, p(8, 8), 7999), pipe.now);
    assert_eq!(rejections(&mut pipe.host).len(), 1);
    pipe.host.take_events();
    pipe.host.receive(timed_move(2, p(8, 8), 8000), pipe.now);
    assert!(rejections(&mut pipe.host).is_empty());
    let events = pipe.host.take_events();
    assert_eq!(
        events[..2],
        [
            Event::PeerTimeUsed { used_ms: 8000 },
            Event::PeerMoved {
                pos: p(8, 8),
                number: 2
            }
        ]
    );
    let clock = pipe.host.record().clock().unwrap();
    assert_eq!(clock.time(Side::Second).main_ms, 300_000 - 8000);
    assert_eq!(clock.time(Side::First).main_ms, 300_000);
}

#[test]
fn a_claim_longer_than_the_measurement_is_accepted() {
    let mut pipe = Pipe::new(timed(TimeControl::sudden_death(secs(300))));
    host_moves_first(&mut pipe);
    pipe.now += secs(1);
    pipe.host.receive(timed_move(2, p(8, 8), 30_000), pipe.now);
    assert!(rejections(&mut pipe.host).is_empty());
    assert_eq!(
        pipe.host
            .record()
            .clock()
            .unwrap()
            .time(Side::Second)
            .main_ms,
        270_000
    );
}

#[test]
fn a_step_without_its_time_in_a_game_with_a_clock_is_refused() {
    let mut pipe = Pipe::new(timed(TimeControl::sudden_death(secs(300))));
    host_moves_first(&mut pipe);
    pipe.host.receive(common::move_msg(2, p(8, 8)), pipe.now);
    assert!(matches!(
        &rejections(&mut pipe.host)[..],
        [Rejection::Unexpected { .. }]
    ));
    assert_eq!(pipe.host.record().moves().len(), 1);
}

#[test]
fn both_clocks_agree_after_a_game_with_latency_between_the_sides() {
    let control = TimeControl::fischer(secs(60), secs(2));
    let mut pipe = Pipe::new(timed(control));
    // Black (the host) makes five on row 7; white plays on row 9. Each side thinks a
    // different time; every message takes 40 ms to arrive.
    let black = [p(3, 7), p(4, 7), p(5, 7), p(6, 7), p(7, 7)];
    let white = [p(3, 9), p(4, 9), p(5, 9), p(6, 9)];
    let latency = Duration::from_millis(40);
    for i in 0..5 {
        pipe.now += Duration::from_millis(1300 + 217 * i as u64);
        pipe.host.act(Action::Move(black[i]), pipe.now).unwrap();
        pipe.now += latency;
        pipe.deliver();
        if i < 4 {
            pipe.now += Duration::from_millis(2900 - 311 * i as u64);
            pipe.joiner.act(Action::Move(white[i]), pipe.now).unwrap();
            pipe.now += latency;
            pipe.deliver();
        }
    }
    let (h, j) = (pipe.host.record(), pipe.joiner.record());
    assert!(h.is_over() && j.is_over());
    assert_eq!(h.clock(), j.clock());
    let clock = h.clock().unwrap();
    // Black thought 1.3 + 1.517 + … s and got 2 s after each of its first four moves (the
    // fifth ended the game).
    let black_used: u64 = (0..5).map(|i| 1300 + 217 * i).sum();
    assert_eq!(
        clock.time(Side::First).main_ms,
        60_000 - black_used + 4 * 2000
    );
    // White's claims were measured from the arrival of black's moves.
    let white_used: u64 = (0..4).map(|i| 2900 - 311 * i).sum();
    assert_eq!(
        clock.time(Side::Second).main_ms,
        60_000 - white_used + 4 * 2000
    );
}

#[test]
fn a_player_who_moves_after_their_time_ran_out_loses_on_time() {
    let mut pipe = Pipe::new(timed(TimeControl::sudden_death(secs(10))));
    pipe.now += secs(11);
    assert_eq!(
        pipe.host.act(Action::Move(p(7, 7)), pipe.now),
        Err(ActionError::OutOfTime)
    );
    pipe.deliver();
    for s in [&pipe.host, &pipe.joiner] {
        let r = s.record().result().unwrap();
        assert_eq!(
            (r.outcome, r.reason),
            (Outcome::Win(Stone::White), Reason::Time)
        );
        assert!(s.record().moves().is_empty());
    }
    assert_eq!(pipe.host.record().clock(), pipe.joiner.record().clock());
    assert!(
        pipe.joiner
            .take_events()
            .iter()
            .any(|e| matches!(e, Event::GameOver(r) if r.reason == Reason::Time))
    );
}

#[test]
fn a_flag_claim_is_refused_while_time_is_left_and_confirmed_once_it_ran_out() {
    let mut pipe = Pipe::new(timed(TimeControl::byo_yomi(secs(10), 2, secs(5))));
    // The host (black) to move has 10 s + 2 × 5 s.
    pipe.now += secs(12);
    assert_eq!(
        pipe.joiner.act(Action::ClaimTime, pipe.now),
        Err(ActionError::TimeLeft { left_ms: 8000 })
    );
    assert!(pipe.joiner.take_outgoing().is_empty());
    // A claim from a peer whose clock runs fast is refused by the player it accuses.
    pipe.host.receive(
        Message::Flag {
            number: 1,
            used_ms: None,
        },
        pipe.now,
    );
    assert_eq!(
        rejections(&mut pipe.host),
        vec![Rejection::TimeLeft { left_ms: 8000 }]
    );
    assert!(!pipe.host.record().is_over());
    // Once the time has run out on the claimer's side, the accused confirms (its own
    // measurement is within the tolerance) and both sides end the game on time.
    pipe.now += secs(8);
    pipe.joiner.act(Action::ClaimTime, pipe.now).unwrap();
    pipe.now -= Duration::from_millis(300); // the host measures a little less
    pipe.deliver();
    for s in [&pipe.host, &pipe.joiner] {
        let r = s.record().result().unwrap();
        assert_eq!(
            (r.outcome, r.reason),
            (Outcome::Win(Stone::White), Reason::Time)
        );
    }
    assert_eq!(pipe.host.record().clock(), pipe.joiner.record().clock());
    assert_eq!(
        pipe.host.record().clock().unwrap().flagged(),
        Some(Side::First)
    );
}

#[test]
fn a_flag_in_a_game_without_a_clock_is_refused() {
    let mut pipe = Pipe::new(GameSettings::default());
    assert_eq!(
        pipe.joiner.act(Action::ClaimTime, pipe.now),
        Err(ActionError::NoClock)
    );
    pipe.host.receive(
        Message::Flag {
            number: 1,
            used_ms: None,
        },
        pipe.now,
    );
    assert_eq!(rejections(&mut pipe.host), vec![Rejection::NoClock]);
}

#[test]
fn frames_of_version_1_still_parse_and_free_games_read_the_same() {
    let m: Message = serde_json::from_str(r#"{"type":"move","number":3,"x":7,"y":8}"#).unwrap();
    assert_eq!(m, common::move_msg(3, p(7, 8)));
    let s: GameSettings =
        serde_json::from_str(r#"{"rule":"Renju","size":15,"forbidden":"Refuse","black":"joiner"}"#)
            .unwrap();
    assert_eq!(
        s,
        GameSettings {
            black: Role::Joiner,
            ..GameSettings::default()
        }
    );
    // A free game without a clock is written exactly as version 1 wrote it.
    assert_eq!(
        serde_json::to_string(&s).unwrap(),
        r#"{"rule":"Renju","size":15,"forbidden":"Refuse","black":"joiner"}"#
    );
    let sync: Message = serde_json::from_str(
        r#"{"type":"sync","state":{"game":1,"settings":{"rule":"Renju","size":15,"forbidden":"Refuse","black":"host"},"moves":[[7,7]]}}"#,
    )
    .unwrap();
    assert!(
        matches!(sync, Message::Sync { state } if state.opening.is_empty() && state.clock.is_none())
    );
    // And the new fields are read back.
    let s = GameSettings {
        opening: gomoku_rules::OpeningRule::Swap2,
        clock: Some(TimeControl::fischer(secs(300), secs(5))),
        ..GameSettings::default()
    };
    let text = serde_json::to_string(&s).unwrap();
    assert_eq!(serde_json::from_str::<GameSettings>(&text).unwrap(), s);
}

#[test]
fn a_version_1_peer_gets_no_times_it_cannot_read() {
    let mut host = gomoku_net::Session::host(
        "Ann",
        GameSettings::default(),
        "g",
        gomoku_net::SessionConfig::default(),
    );
    let now = std::time::Instant::now();
    host.connected();
    host.receive(
        Message::Hello {
            versions: vec![1],
            program: "old".into(),
            name: "Old".into(),
            resume: None,
        },
        now,
    );
    assert_eq!(host.version(), 1);
    host.take_outgoing();
    host.act(Action::Move(p(7, 7)), now + secs(3)).unwrap();
    assert_eq!(host.take_outgoing(), vec![common::move_msg(1, p(7, 7))]);
}
