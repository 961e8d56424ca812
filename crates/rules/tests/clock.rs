//! Clocks: each time control's flag fall, the Fischer increment, byo-yomi periods, the low-time
//! warning, the clock inside a game (switching on each turn, stopping at the end, the time
//! loss), and the text form.

use gomoku_rules::{
    Clock, Decision, GameRecord, OpeningRule, Outcome, Pos, Reason, Rule, Side, Stone, TimeControl,
};
use std::time::Duration;

fn s(secs: u64) -> Duration {
    Duration::from_secs(secs)
}

#[test]
fn unlimited_never_flags() {
    let mut c = Clock::new(TimeControl::Unlimited);
    c.start(Side::First);
    assert_eq!(c.advance(s(1_000_000)), None);
    assert_eq!(c.remaining(Side::First), None);
    assert!(!c.is_low(Side::First));
}

#[test]
fn sudden_death_flags_at_zero_and_only_the_running_side_counts() {
    let mut c = Clock::new(TimeControl::sudden_death(s(60)));
    assert_eq!(c.advance(s(30)), None, "a stopped clock does not run");
    assert_eq!(c.remaining(Side::First), Some(s(60)));
    c.start(Side::First);
    assert_eq!(c.advance(s(40)), None);
    c.end_turn(Side::Second);
    assert_eq!(c.remaining(Side::First), Some(s(20)), "no increment");
    assert_eq!(c.advance(s(59)), None);
    assert_eq!(c.remaining(Side::Second), Some(s(1)));
    assert!(c.is_low(Side::Second));
    assert!(!c.is_low(Side::First) || c.remaining(Side::First) <= Some(s(12)));
    assert_eq!(c.advance(s(2)), Some(Side::Second));
    assert_eq!(c.flagged(), Some(Side::Second));
    assert_eq!(c.running(), None, "the clock stops at the flag");
    assert_eq!(c.remaining(Side::Second), Some(Duration::ZERO));
}

#[test]
fn fischer_adds_the_increment_after_each_turn() {
    let mut c = Clock::new(TimeControl::fischer(s(300), s(3)));
    c.start(Side::First);
    c.advance(s(10));
    c.end_turn(Side::Second);
    assert_eq!(c.remaining(Side::First), Some(s(293)));
    // Handing back to the same player is not a new turn.
    c.end_turn(Side::Second);
    c.advance(s(1));
    c.end_turn(Side::First);
    assert_eq!(c.remaining(Side::Second), Some(s(302)));
    // Running out before the move is finished loses, increment or not.
    assert_eq!(c.advance(s(294)), Some(Side::First));
}

#[test]
fn byo_yomi_uses_periods_after_main_time() {
    let mut c = Clock::new(TimeControl::byo_yomi(s(60), 3, s(30)));
    c.start(Side::First);
    c.advance(s(70)); // main time gone, 10 s into the first period
    assert!(c.in_byo_yomi(Side::First));
    assert_eq!(c.time(Side::First).periods, 3);
    assert_eq!(c.remaining(Side::First), Some(s(20)));
    c.end_turn(Side::Second); // finished within the period: it starts afresh
    assert_eq!(c.remaining(Side::First), Some(s(30)));
    c.end_turn(Side::First);
    assert_eq!(c.advance(s(45)), None); // one period lost, 15 s into the next
    assert_eq!(c.time(Side::First).periods, 2);
    assert_eq!(c.remaining(Side::First), Some(s(15)));
    assert!(!c.is_low(Side::First));
    assert_eq!(c.advance(s(15)), None); // the second period lost: the last one runs
    assert_eq!(c.time(Side::First).periods, 1);
    assert!(c.is_low(Side::First), "last period");
    assert_eq!(c.advance(s(29)), None);
    assert_eq!(c.advance(s(1)), Some(Side::First));
    assert!(!c.in_byo_yomi(Side::Second));
    assert_eq!(c.remaining(Side::Second), Some(s(60)));
}

#[test]
fn a_game_switches_the_clock_per_turn_and_ends_on_time() {
    let mut g = GameRecord::with_opening(Rule::Renju, 15, OpeningRule::Swap)
        .unwrap()
        .with_clock(Clock::new(TimeControl::fischer(s(60), s(5))));
    assert_eq!(g.tick(s(100)), None, "not started");
    g.start_clock();
    assert_eq!(g.clock().unwrap().running(), Some(Side::First));
    // The first player's three stones are one turn: one increment.
    for p in [Pos::new(7, 7), Pos::new(7, 6), Pos::new(7, 5)] {
        assert_eq!(g.tick(s(5)), None);
        g.play(p).unwrap();
    }
    let clock = g.clock().unwrap();
    assert_eq!(clock.remaining(Side::First), Some(s(50)));
    assert_eq!(
        clock.running(),
        Some(Side::Second),
        "the swap decision is timed"
    );
    g.tick(s(10));
    g.decide(Decision::Swap(true)).unwrap();
    // The second player now holds black; white (the first player) plays 4.
    assert_eq!(g.clock().unwrap().running(), Some(Side::First));
    assert_eq!(g.clock().unwrap().remaining(Side::Second), Some(s(55)));
    // The first player (white) runs out: white loses on time.
    let result = g.tick(s(51)).unwrap();
    assert_eq!(result.outcome, Outcome::Win(Stone::Black));
    assert_eq!(result.reason, Reason::Time);
    assert!(g.is_over());
    assert_eq!(g.tick(s(1)), None);
}

#[test]
fn the_clock_stops_when_the_game_ends() {
    let mut g = GameRecord::new(Rule::Freestyle, 15)
        .with_clock(Clock::new(TimeControl::sudden_death(s(600))));
    g.start_clock();
    g.resign(Stone::Black).unwrap();
    assert_eq!(g.clock().unwrap().running(), None);
    // Taking the resignation back leaves it stopped until the game starts it again.
    g.undo();
    assert_eq!(g.clock().unwrap().running(), None);
    g.start_clock();
    assert_eq!(g.clock().unwrap().running(), Some(Side::First));
}

#[test]
fn a_flag_taken_back_can_be_given_grace() {
    let mut c = Clock::new(TimeControl::sudden_death(s(10)));
    c.start(Side::Second);
    assert_eq!(c.advance(s(11)), Some(Side::Second));
    c.start(Side::Second);
    assert_eq!(c.running(), None, "a flagged clock does not restart");
    c.unflag(s(30));
    c.start(Side::Second);
    assert_eq!(c.remaining(Side::Second), Some(s(30)));
}

#[test]
fn text_form_round_trips_and_refuses_nonsense() {
    for (text, control) in [
        ("none", TimeControl::Unlimited),
        ("10m", TimeControl::sudden_death(s(600))),
        ("5m+3s", TimeControl::fischer(s(300), s(3))),
        ("10m/5x30s", TimeControl::byo_yomi(s(600), 5, s(30))),
        ("1h30m", TimeControl::sudden_death(s(5400))),
        (
            "1m30s+500ms",
            TimeControl::fischer(s(90), Duration::from_millis(500)),
        ),
    ] {
        assert_eq!(text.parse::<TimeControl>(), Ok(control), "{text}");
        assert_eq!(control.to_string(), text);
    }
    assert_eq!(
        "90".parse::<TimeControl>(),
        Ok(TimeControl::sudden_death(s(90)))
    );
    for bad in [
        "10x",
        "m",
        "5m+",
        "10m/5",
        "10m/0x30s",
        "0s",
        "99999999999999999999h",
    ] {
        assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
    }
}

#[test]
fn clock_state_survives_serde() {
    let mut c = Clock::new(TimeControl::byo_yomi(s(60), 3, s(30)));
    c.start(Side::First);
    c.advance(s(75));
    let json = serde_json::to_string(&c).unwrap();
    let back: Clock = serde_json::from_str(&json).unwrap();
    assert_eq!(back, c);
}
