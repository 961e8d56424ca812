//! Time management for the Gomocup protocol: a per-move budget from `timeout_turn`,
//! `timeout_match` and `time_left`, with a safety margin so that the engine never loses on
//! time (process start-up, scheduling and the reply itself all take a few milliseconds).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Whether a search with a node budget must stop: `nodes` reached `max_nodes`, or — looked at
/// only when `nodes & check_mask == 0`, since reading the clock costs — the deadline passed or
/// the stop flag is set.
#[must_use]
pub fn budget_spent(
    nodes: u64,
    max_nodes: u64,
    check_mask: u64,
    deadline: Option<Instant>,
    stop: Option<&AtomicBool>,
) -> bool {
    nodes >= max_nodes
        || (nodes & check_mask == 0
            && (deadline.is_some_and(|d| Instant::now() >= d)
                || stop.is_some_and(|s| s.load(Ordering::Relaxed))))
}

/// The clock as the manager describes it (all in milliseconds; 0 = no limit, as in the
/// protocol).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub timeout_turn: u64,
    pub timeout_match: u64,
    pub time_left: Option<u64>,
}

impl Default for Clock {
    fn default() -> Clock {
        Clock {
            timeout_turn: 5_000,
            timeout_match: 0,
            time_left: None,
        }
    }
}

/// Milliseconds always kept back from any limit.
pub const MARGIN_MS: u64 = 40;

/// Time to spend on the next move, with `empty_points` empty points left on the board.
#[must_use]
pub fn budget(clock: &Clock, empty_points: usize) -> Duration {
    let mut ms = u64::MAX;
    if clock.timeout_turn > 0 {
        let turn = clock.timeout_turn;
        ms = ms.min(turn.saturating_sub(MARGIN_MS.max(turn / 20)));
    }
    if clock.timeout_match > 0 || clock.time_left.is_some() {
        let left = clock.time_left.unwrap_or(clock.timeout_match);
        // Expect the game to last a good while longer; spend a share of what is left.
        let moves_to_go = (empty_points as u64 / 6).clamp(10, 30);
        let share = left / moves_to_go;
        ms = ms.min(share).min(left.saturating_sub(MARGIN_MS * 3));
    }
    if ms == u64::MAX {
        ms = 10_000;
    }
    Duration::from_millis(ms.max(5))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets() {
        let c = Clock {
            timeout_turn: 1000,
            timeout_match: 0,
            time_left: None,
        };
        assert_eq!(budget(&c, 200), Duration::from_millis(950));
        let c = Clock {
            timeout_turn: 30_000,
            timeout_match: 180_000,
            time_left: Some(60_000),
        };
        let b = budget(&c, 180);
        assert!(b <= Duration::from_millis(6_000) && b >= Duration::from_millis(1_000));
        let c = Clock {
            timeout_turn: 5_000,
            timeout_match: 100_000,
            time_left: Some(100),
        };
        assert_eq!(budget(&c, 100), Duration::from_millis(5));
    }
}
