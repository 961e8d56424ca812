//! The computer's decisions in a tournament opening (proposing the first stones, swapping,
//! declaring and offering fifth moves, choosing one, Swap2's answers): `gomoku-engine`'s
//! opening module weighs them on Bevy's async compute pool with a node budget by level, so
//! frames keep coming; the answer goes to the flow as a `Decide` from `Actor::Computer`.

use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use gomoku_engine::Level;
use gomoku_engine::opening::{OpeningOptions, decide};
use gomoku_rules::{Decision, GameRecord};

/// The node budget of one opening decision (shared among the candidates it weighs), by
/// level: the weaker levels decide quickly and less well. At Master about 0.2 s in release on
/// two cores (0.34–0.92 s at 600 000 nodes, `crates/engine/tests/opening_timings.rs`).
#[must_use]
pub fn nodes(level: Level) -> u64 {
    match level {
        Level::Beginner | Level::Novice => 3_000,
        Level::Intermediate => 15_000,
        Level::Advanced => 40_000,
        Level::Expert => 80_000,
        Level::Master => 150_000,
    }
}

/// An opening decision being weighed in the background.
pub struct OpeningJob {
    task: Option<Task<Decision>>,
}

impl OpeningJob {
    /// Starts weighing the decision `record` waits for.
    #[must_use]
    pub fn start(record: &GameRecord, level: Level, seed: u64) -> OpeningJob {
        let record = record.clone();
        let options = OpeningOptions {
            nodes: nodes(level),
            seed,
        };
        let task = AsyncComputeTaskPool::get().spawn(async move { decide(&record, &options) });
        OpeningJob { task: Some(task) }
    }

    /// The decision, once weighed (then the job is spent).
    pub fn poll(&mut self) -> Option<Decision> {
        let decision = check_ready(self.task.as_mut()?)?;
        self.task = None;
        Some(decision)
    }
}
