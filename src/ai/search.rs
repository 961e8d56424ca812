//! Background searches: a snapshot of the position is searched by `gomoku-engine` on Bevy's
//! async compute pool, so frames keep coming while the computer thinks. Each search can be
//! stopped at once (a shared flag the engine polls), reports its progress after each
//! iteration through a shared slot, and is polled once a frame for its answer.

use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use gomoku_engine::{Engine, Level, Limits, SearchInfo, find_vcf};
use gomoku_rules::{Board, GameRecord, Pos, Rule, Stone};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A search that runs longer than this is stopped (a safety net: every budget is far lower).
const SAFETY_TIME: Duration = Duration::from_secs(20);
/// Node budget of the search for a forced win by fours (the threat warning).
const VCF_NODES: u64 = 200_000;

/// How much the engine may think.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// A player-facing level; `time` replaces the node budget of the searching levels (the
    /// configurable Master).
    Level {
        level: Level,
        seed: u64,
        time: Option<Duration>,
        /// Search threads (more than one only for Master thinking by time).
        threads: usize,
        /// The most the move may take by the computer's own clock (a timed game).
        cap: Option<Duration>,
    },
    /// Full strength within these limits (hints, analysis, draw offers).
    Limits(Limits),
}

impl Budget {
    /// The budget of `level` for a computer player.
    #[must_use]
    pub fn level(
        level: Level,
        seed: u64,
        master_time: Option<Duration>,
        master_threads: usize,
    ) -> Budget {
        let time = master_time.filter(|_| level == Level::Master);
        Budget::Level {
            level,
            seed,
            time,
            threads: if time.is_some() { master_threads } else { 1 },
            cap: None,
        }
    }

    /// The same budget within `cap` (the share of the computer's clock for this move).
    #[must_use]
    pub fn within(self, cap: Option<Duration>) -> Budget {
        match self {
            Budget::Level {
                level,
                seed,
                time,
                threads,
                ..
            } => Budget::Level {
                level,
                seed,
                time,
                threads,
                cap,
            },
            Budget::Limits(mut limits) => {
                if let Some(cap) = cap {
                    limits.time = Some(limits.time.map_or(cap, |t| t.min(cap)));
                }
                Budget::Limits(limits)
            }
        }
    }
}

/// What a finished search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOutcome {
    pub best: Pos,
    /// Evaluation for the side to move (positive = good for it); `None` for levels that pick
    /// their move without a full search.
    pub eval: Option<i32>,
    /// Moves to a forced win (positive) or loss (negative) for the side to move.
    pub mate_in: Option<i32>,
    pub pv: Vec<Pos>,
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The opponent's forced win by fours if the side to move did nothing about it (only
    /// when asked for).
    pub threat: Option<Vec<Pos>>,
}

/// A search running in the background for one position.
pub struct SearchJob {
    task: Option<Task<SearchOutcome>>,
    stop: Arc<AtomicBool>,
    live: Arc<Mutex<Option<SearchInfo>>>,
    /// The move list of the position searched.
    pub moves: Vec<Pos>,
    /// The side the search is for.
    pub to_move: Stone,
    pub started: Instant,
}

impl SearchJob {
    /// Starts searching the position of `record` for the side to move. With `threats`, the
    /// outcome also tells whether the opponent threatens a forced win by fours.
    #[must_use]
    pub fn start(record: &GameRecord, budget: Budget, threats: bool) -> SearchJob {
        let rule = record.rule();
        let board = record.board().clone();
        let to_move = record.side_to_move();
        let stop = Arc::new(AtomicBool::new(false));
        let live = Arc::new(Mutex::new(None));
        let (task_stop, task_live) = (Arc::clone(&stop), Arc::clone(&live));
        let task = AsyncComputeTaskPool::get().spawn(async move {
            think(
                rule, &board, to_move, budget, threats, &task_stop, &task_live,
            )
        });
        SearchJob {
            task: Some(task),
            stop,
            live,
            moves: record.moves().iter().map(|m| m.pos).collect(),
            to_move,
            started: Instant::now(),
        }
    }

    /// The answer, once the search has finished (then the job is spent).
    pub fn poll(&mut self) -> Option<SearchOutcome> {
        let outcome = check_ready(self.task.as_mut()?)?;
        self.task = None;
        Some(outcome)
    }

    /// The last progress report, if the search reports any.
    #[must_use]
    pub fn live(&self) -> Option<SearchInfo> {
        self.live.lock().ok().and_then(|info| info.clone())
    }

    /// Whether the job searches the position of `record`.
    #[must_use]
    pub fn is_for(&self, record: &GameRecord) -> bool {
        record.side_to_move() == self.to_move
            && record.moves().len() == self.moves.len()
            && record
                .moves()
                .iter()
                .zip(&self.moves)
                .all(|(m, p)| m.pos == *p)
    }

    /// Seconds since the search started.
    #[must_use]
    pub fn seconds(&self) -> f32 {
        self.started.elapsed().as_secs_f32()
    }
}

impl Drop for SearchJob {
    /// Dropping a job cancels it: the engine stops at its next check, and a task that has not
    /// started yet never runs.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The search itself (on a pool thread).
fn think(
    rule: Rule,
    board: &Board,
    to_move: Stone,
    budget: Budget,
    threats: bool,
    stop: &AtomicBool,
    live: &Mutex<Option<SearchInfo>>,
) -> SearchOutcome {
    let started = Instant::now();
    let threat = threats
        .then(|| find_vcf(board, to_move.opponent(), rule, Limits::nodes(VCF_NODES)))
        .flatten();
    let mut engine = Engine::new(rule, board.size());
    engine.set_position(board, to_move);
    // Full searches report their progress; the weaker levels pick their move with a shallow,
    // seeded-noise search (or none at all) through the engine's level API.
    let plan = match budget {
        Budget::Limits(limits) => Ok(limits),
        Budget::Level {
            level,
            seed,
            time,
            threads,
            cap,
        } => match level.limits() {
            Some(limits) if level.noise() == 0 => {
                engine.set_threads(threads);
                let mut limits = time.map_or(limits, Limits::time);
                if let Some(cap) = cap {
                    limits.time = Some(limits.time.map_or(cap, |t| t.min(cap)));
                }
                Ok(limits)
            }
            _ => Err((level, seed)),
        },
    };
    let mut outcome = match plan {
        Ok(mut limits) => {
            limits.time = Some(limits.time.unwrap_or(SAFETY_TIME).min(SAFETY_TIME));
            let result = engine.search(limits, stop, &mut |info| {
                if let Ok(mut slot) = live.lock() {
                    *slot = Some(info.clone());
                }
            });
            SearchOutcome {
                best: result.best,
                eval: Some(result.eval),
                mate_in: result.mate_in,
                pv: result.pv,
                depth: result.depth,
                nodes: result.nodes,
                elapsed: Duration::ZERO,
                threat: None,
            }
        }
        Err((level, seed)) => {
            let best = engine.choose_move_limited(level, seed, Some(SAFETY_TIME), stop);
            SearchOutcome {
                best,
                eval: None,
                mate_in: None,
                pv: vec![best],
                depth: 0,
                nodes: 0,
                elapsed: Duration::ZERO,
                threat: None,
            }
        }
    };
    outcome.threat = threat;
    outcome.elapsed = started.elapsed();
    outcome
}

#[cfg(test)]
mod budget_tests {
    use super::*;

    #[test]
    fn only_master_thinking_by_time_searches_on_several_threads() {
        let second = Some(Duration::from_secs(1));
        let threads = |budget| match budget {
            Budget::Level { threads, time, .. } => (threads, time.is_some()),
            Budget::Limits(_) => unreachable!(),
        };
        assert_eq!(
            threads(Budget::level(Level::Master, 1, second, 4)),
            (4, true)
        );
        assert_eq!(
            threads(Budget::level(Level::Master, 1, None, 4)),
            (1, false)
        );
        assert_eq!(
            threads(Budget::level(Level::Expert, 1, second, 4)),
            (1, false)
        );
    }
}
