//! Searches on several threads (Lazy SMP): the same tactical answers as one thread, renju
//! black still never plays a forbidden point, the answer comes from the deepest iteration
//! reported, the stop flag ends every thread, and the protocol's `INFO thread_num` is
//! honoured.

use gomoku_engine::protocol::{Options, run};
use gomoku_engine::{Engine, Level, Limits, MAX_THREADS, SearchResult};
use gomoku_rules::{Board, Pos, Rule, Stone, forbidden, parse_ascii};
use std::io::Cursor;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

fn search(rule: Rule, board: &Board, side: Stone, threads: usize, limits: Limits) -> SearchResult {
    let mut e = Engine::new(rule, board.size());
    e.set_threads(threads);
    assert_eq!(e.threads(), threads);
    e.set_position(board, side);
    let stop = AtomicBool::new(false);
    e.search(limits, &stop, &mut |_| {})
}

const OPEN_THREE: &str = "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . O . . . . . . . .
. . . . . X X X . . . . . . .
. . . . . . O . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .";

#[test]
fn two_threads_block_an_open_three_and_win_with_it() {
    let b = parse_ascii(OPEN_THREE).unwrap();
    for limits in [Limits::depth(7), Limits::time(Duration::from_millis(300))] {
        let r = search(Rule::Freestyle, &b, Stone::White, 2, limits);
        let ends = [(4, 7), (8, 7), (3, 7), (9, 7)].map(|(x, y)| Pos::new(x, y));
        assert!(ends.contains(&r.best), "{:?}", r.best);
        let r = search(Rule::Freestyle, &b, Stone::Black, 2, limits);
        assert!(r.forced_win);
    }
}

/// A quiet opening: no threats on either side.
const QUIET: &str = "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . X O . . . . . . .
. . . . . O X . . . . . . . .
. . . . . . O X . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .";

/// With a fixed time per move on two threads the answer is never from a shallower iteration
/// than the deepest one the main thread reported: a helper's answer replaces it only when
/// deeper (and the check of the answer keeps the depth).
#[test]
fn two_threads_answer_from_the_deepest_reported_iteration() {
    let b = parse_ascii(QUIET).unwrap();
    for _ in 0..3 {
        let mut e = Engine::new(Rule::Freestyle, 15);
        e.set_threads(2);
        e.set_position(&b, Stone::Black);
        let stop = AtomicBool::new(false);
        let mut reported = 0;
        let t = Instant::now();
        let r = e.search(Limits::time(Duration::from_millis(400)), &stop, &mut |i| {
            reported = reported.max(i.depth)
        });
        assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
        assert!(b.get(r.best).is_none());
        assert!(
            reported > 0 && r.depth >= reported,
            "{} < {reported}",
            r.depth
        );
    }
}

#[test]
fn renju_black_on_two_threads_never_plays_forbidden() {
    let b = parse_ascii(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . X X . . . . . . . . .
        . . . . . . . . . . O . . . .
        . . . . . . . . . . O . . . .
        . . . . . . . . . . O . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
    )
    .unwrap();
    let r = search(Rule::Renju, &b, Stone::Black, 2, Limits::depth(6));
    assert!(
        b.get(r.best).is_none() && forbidden(&b, r.best).is_none(),
        "{}",
        r.best
    );
}

#[test]
fn stop_flag_ends_every_thread() {
    let b = parse_ascii(OPEN_THREE).unwrap();
    let mut e = Engine::new(Rule::Freestyle, 15);
    e.set_threads(3);
    e.set_position(&b, Stone::White);
    let stop = AtomicBool::new(false);
    let t = Instant::now();
    let r = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(150));
            stop.store(true, Ordering::SeqCst);
        });
        // No limit at all: only the flag ends it (the scope waits for every helper).
        e.search(Limits::default(), &stop, &mut |_| {})
    });
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    assert!(b.get(r.best).is_none());
}

#[test]
fn thread_counts_are_clamped_and_levels_stay_repeatable() {
    let mut e = Engine::new(Rule::Freestyle, 15);
    e.set_threads(0);
    assert_eq!(e.threads(), 1);
    e.set_threads(10_000);
    assert_eq!(e.threads(), MAX_THREADS);
    let b = parse_ascii(OPEN_THREE).unwrap();
    e.set_position(&b, Stone::Black);
    let first = e.choose_move(Level::Advanced, 5);
    e.set_position(&b, Stone::Black);
    assert_eq!(e.choose_move(Level::Advanced, 5), first);
}

#[test]
fn protocol_thread_num_is_used() {
    let input = "START 15\nINFO thread_num 2\nINFO timeout_turn 200\nBEGIN\nTURN 6,6\nINFO thread_num -4\nTURN 9,9\nEND\n";
    let mut out: Vec<u8> = Vec::new();
    run(
        Cursor::new(input.as_bytes().to_vec()),
        &mut out,
        Options::default(),
    );
    let text = String::from_utf8(out).unwrap();
    let replies: Vec<&str> = text.lines().filter(|l| !l.starts_with("MESSAGE")).collect();
    assert_eq!(replies.len(), 4, "{replies:?}");
    assert_eq!(replies[0], "OK");
    let mut seen = vec!["6,6", "9,9"];
    for r in &replies[1..] {
        assert!(!seen.contains(r), "{r} played twice");
        seen.push(r);
    }
}
