//! Time per opening decision at 600 000 nodes per decision: one game of each opening rule on
//! 15×15 decided by the computer for both players, each decision timed.
//! A measurement, not a check: ignored by default; run it in release with
//! `cargo test --release -p gomoku-engine --test opening_timings -- --ignored --nocapture`.
//!
//! Measured on the project's 2-core machine (seeds 1 and 2, 56 decisions): every decision
//! took 0.34–0.92 s, as the budget is shared by the candidates a decision weighs — a proposed
//! stone 0.59–0.85 s (each of the three calls weighs the 26 openings again), a swap
//! 0.64–0.84 s, white's 4th 0.67–0.92 s, Soosõrv's declaration 0.73–0.90 s, an offer of
//! fifth moves 0.62–0.83 s, the choice of a fifth move 0.34–0.70 s, Swap2's answer
//! 0.70–0.76 s.

use gomoku_engine::opening::{OpeningOptions, decide};
use gomoku_rules::{GameRecord, OpeningRule, Rule};
use std::time::Instant;

#[test]
#[ignore = "a measurement; run in release with --ignored --nocapture"]
fn time_per_decision_at_600_000_nodes() {
    let nodes = 600_000;
    let games = [
        (Rule::Renju, OpeningRule::Rif),
        (Rule::Renju, OpeningRule::Soosorv8),
        (Rule::Freestyle, OpeningRule::Swap),
        (Rule::Renju, OpeningRule::Swap),
        (Rule::Freestyle, OpeningRule::Swap2),
    ];
    for seed in [1, 2] {
        for (rule, opening) in games {
            let mut record = GameRecord::with_opening(rule, 15, opening).expect("15x15");
            let options = OpeningOptions { nodes, seed };
            while !record.opening_done() {
                let phase = record.turn().phase;
                let t = Instant::now();
                let d = decide(&record, &options);
                let ms = t.elapsed().as_millis();
                println!("{opening:?} {rule:?} seed {seed}: {phase} -> {d}: {ms} ms");
                record.decide(d).expect("accepted");
            }
        }
    }
}
