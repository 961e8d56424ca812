//! Time management: the per-move budget for the Gomocup protocol (from `timeout_turn`,
//! `timeout_match` and `time_left`, with a safety margin so that the engine never loses on
//! time: process start-up, scheduling and the reply itself all take a few milliseconds), how
//! one search spends its budget ([`TimeControl`]: threat-search shares, when to start another
//! iteration, the hard deadline), and the node / clock / stop check of the threat searches.

use crate::search::Limits;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How one search spends its limits. Only a search limited by time alone sizes its threat
/// searches by the clock; a depth or node budget (the levels, the bench) keeps them
/// node-counted, so the result is repeatable (the clock then only stops it as a safety).
#[derive(Clone, Debug)]
pub struct TimeControl {
    start: Instant,
    /// The time limit, when the search has one.
    budget: Option<Duration>,
    /// The time limit, when it is the only limit.
    timed: Option<Duration>,
    /// The last two completed iterations' durations.
    iterations: [Duration; 2],
    /// Completed iterations since the best move last changed.
    stable: u32,
    /// The time to aim at when the budget is a share of a match clock (see [`MoveTime`]).
    target: Option<Duration>,
}

impl TimeControl {
    /// Starts the clock of a search with `limits`.
    #[must_use]
    pub fn new(limits: &Limits) -> TimeControl {
        TimeControl {
            start: Instant::now(),
            budget: limits.time,
            timed: limits
                .time
                .filter(|_| limits.depth.is_none() && limits.nodes.is_none()),
            iterations: [Duration::ZERO; 2],
            stable: 0,
            target: None,
        }
    }

    /// Aims at `target` (when some) within the time limit, which then only caps hard moves.
    #[must_use]
    pub fn with_target(mut self, target: Option<Duration>) -> TimeControl {
        self.target = target.filter(|_| self.timed.is_some());
        self
    }

    #[must_use]
    pub fn start(&self) -> Instant {
        self.start
    }

    /// The search stops at once when this passes.
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        self.budget.map(|t| self.start + t)
    }

    /// Nodes for the root VCF of the side to move: 150 000 per second of a timed search
    /// (5 000 to 400 000), else 200 000.
    #[must_use]
    pub fn vcf_nodes(&self) -> u64 {
        self.timed.map_or(200_000, |t| {
            (t.as_secs_f64() * 150_000.0).clamp(5_000.0, 400_000.0) as u64
        })
    }

    /// Nodes and deadline for the root VCT, with `nodes_left` of the search's node budget: a
    /// timed search gives it 100 000 nodes per second of budget (2 000 to 1 000 000) and at
    /// most 15 % of the time; any other search a quarter of what is left, at most 75 000.
    #[must_use]
    pub fn vct_budget(&self, nodes_left: u64) -> (u64, Option<Instant>) {
        match self.timed {
            Some(t) => (
                nodes_left.min((t.as_secs_f64() * 100_000.0).clamp(2_000.0, 1_000_000.0) as u64),
                Some(self.start + t.mul_f64(0.15)),
            ),
            None => (nodes_left.min(300_000) / 4, self.deadline()),
        }
    }

    /// Nodes for the root's check of the opponent's VCT (as if we passed) and for each root
    /// move's check that it stops it: a timed search 20 000 and 2 500 nodes per second of
    /// budget (at most 20 000 and 2 500), a node-limited one a 30th and a 300th of its budget,
    /// any other search 20 000 and 2 500.
    #[must_use]
    pub fn vct_filter_nodes(&self, node_limit: u64) -> (u64, u64) {
        match self.timed {
            Some(t) => {
                let s = t.as_secs_f64().min(1.0);
                ((20_000.0 * s) as u64, (2_500.0 * s) as u64)
            }
            None if node_limit < u64::MAX => (node_limit / 30, node_limit / 300),
            None => (20_000, 2_500),
        }
    }

    /// When the root's check of the opponent's VCT must end: a timed search gives it 15 % of
    /// its time (node counts alone could take the whole move on a loaded machine).
    #[must_use]
    pub fn vct_filter_deadline(&self) -> Option<Instant> {
        match self.timed {
            Some(t) => Some(self.start + t.mul_f64(0.15)),
            None => self.deadline(),
        }
    }

    /// Until when a timed search may spend the rest of its turn checking its answer against
    /// the opponent's threats ([`crate::root`]): 90 % of the limit with a fixed time per
    /// move (time not spent is lost), the target (at most that) when a match clock decides;
    /// `None` for a depth- or node-limited search (the levels and the bench stay repeatable).
    #[must_use]
    pub fn check_deadline(&self) -> Option<Instant> {
        let t = self.timed?.mul_f64(0.9);
        Some(self.start + self.target.map_or(t, |g| g.min(t)))
    }

    /// Records a completed iteration that took `took` (its best move differs from the one
    /// before when `changed`; its value fell by `drop` from the one before) and says whether
    /// another one should start at `now`.
    ///
    /// Like a tournament engine, the search spends more on hard moves and less on easy ones.
    /// The next iteration starts only before a soft limit: with a target time (a share of a
    /// match clock) 1.0 × the target normally, 0.6 × once the best move has stayed the same
    /// for four iterations, 1.6 × while it keeps changing or the value falls by more than 30,
    /// 2.2 × beyond 60 (at most 90 % of the limit); with a fixed time per move (no target:
    /// saving time buys nothing) 70 % of it, 85 % while the best move changes or the value
    /// falls, 95 % beyond 60. And only if the iteration is expected to finish within the
    /// limit (the last iteration's time times its growth over the one before, 1.5 to 3) —
    /// except that a new best move found in this iteration earns one more iteration while
    /// less than half of the limit is spent (a partial iteration still counts when it finds
    /// a better move). The hard deadline is the whole limit.
    pub fn next_iteration(
        &mut self,
        took: Duration,
        now: Instant,
        changed: bool,
        drop: i32,
    ) -> bool {
        self.iterations = [self.iterations[1], took];
        self.stable = if changed { 0 } else { self.stable + 1 };
        let Some(budget) = self.budget else {
            return true;
        };
        let elapsed = now.saturating_duration_since(self.start);
        let unstable = changed || drop > 30;
        let soft = match self.target {
            Some(target) => {
                let f = if drop > 60 {
                    2.2
                } else if unstable {
                    1.6
                } else if self.stable >= 4 {
                    0.6
                } else {
                    1.0
                };
                target.mul_f64(f).min(budget.mul_f64(0.9))
            }
            None => budget.mul_f64(if drop > 60 {
                0.95
            } else if unstable {
                0.85
            } else {
                0.7
            }),
        };
        if elapsed >= soft {
            return false;
        }
        let growth = (self.iterations[1].as_secs_f64()
            / self.iterations[0].as_secs_f64().max(1e-4))
        .clamp(1.5, 3.0);
        elapsed + self.iterations[1].mul_f64(growth) <= budget || (changed && elapsed < budget / 2)
    }
}

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

/// Whether the deadline has passed or the stop flag is set (read the clock now).
#[must_use]
pub fn clock_out(deadline: Option<Instant>, stop: Option<&AtomicBool>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d) || stop.is_some_and(|s| s.load(Ordering::Relaxed))
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

/// How long the next move may take: `max` is never exceeded; `target` is what to aim at
/// when the match clock, not the turn limit, decides (a share of the time left; the search
/// spends less on easy moves and up to `max` on hard ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTime {
    pub target: Option<Duration>,
    pub max: Duration,
}

/// The time for the next move, with `empty_points` empty points left on the board: at most
/// the turn limit less max(40 ms, 5 %); with a match clock, a share of the time left
/// (1/10 to 1/30 of it, by the empty points) as the target and at most three shares, a
/// quarter of what is left, and what is left less 120 ms.
#[must_use]
pub fn move_time(clock: &Clock, empty_points: usize) -> MoveTime {
    let mut max = u64::MAX;
    let mut target = None;
    if clock.timeout_turn > 0 {
        let turn = clock.timeout_turn;
        max = max.min(turn.saturating_sub(MARGIN_MS.max(turn / 20)));
    }
    if clock.timeout_match > 0 || clock.time_left.is_some() {
        let left = clock.time_left.unwrap_or(clock.timeout_match);
        // Expect the game to last a good while longer; spend a share of what is left.
        let moves_to_go = (empty_points as u64 / 6).clamp(10, 30);
        let share = left / moves_to_go;
        let cap = (3 * share)
            .min(left / 4)
            .min(left.saturating_sub(MARGIN_MS * 3));
        if share < max {
            target = Some(share);
        }
        max = max.min(cap);
    }
    if max == u64::MAX {
        max = 10_000;
    }
    let max = max.max(5);
    MoveTime {
        target: target.map(|t| Duration::from_millis(t.clamp(5, max))),
        max: Duration::from_millis(max),
    }
}

/// The most the next move may take ([`move_time`]'s `max`).
#[must_use]
pub fn budget(clock: &Clock, empty_points: usize) -> Duration {
    move_time(clock, empty_points).max
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterations_stop_earlier_when_stable_and_later_when_not() {
        let ms = Duration::from_millis;
        let limits = Limits::time(ms(1000));
        // A target of 500 ms within 1 s: a best move stable for four iterations, no new
        // iteration after 60 % of the target.
        let mut tc = TimeControl::new(&limits).with_target(Some(ms(500)));
        let t0 = tc.start();
        for i in 1..=4 {
            assert!(tc.next_iteration(ms(10), t0 + ms(10 * i), false, 0));
        }
        assert!(!tc.next_iteration(ms(10), t0 + ms(310), false, 0));
        // Unstable: up to 1.6 × the target.
        let mut tc = TimeControl::new(&limits).with_target(Some(ms(500)));
        let t0 = tc.start();
        assert!(tc.next_iteration(ms(10), t0 + ms(10), false, 0));
        assert!(tc.next_iteration(ms(100), t0 + ms(600), true, 0));
        assert!(!tc.next_iteration(ms(10), t0 + ms(610), false, 0));
        // A fixed time per move ignores stability: 70 %.
        let mut tc = TimeControl::new(&limits);
        let t0 = tc.start();
        for i in 1..=6 {
            assert!(tc.next_iteration(ms(10), t0 + ms(100 * i), false, 0));
        }
        assert!(!tc.next_iteration(ms(10), t0 + ms(700), false, 0));
        // Normally 70 %; a falling value stretches it to 85 % (95 % beyond a drop of 60).
        let mut tc = TimeControl::new(&limits);
        let t0 = tc.start();
        assert!(!tc.next_iteration(ms(10), t0 + ms(720), false, 0));
        assert!(tc.next_iteration(ms(10), t0 + ms(720), false, 40));
        assert!(tc.next_iteration(ms(10), t0 + ms(900), false, 80));
        // An iteration expected to overrun the budget does not start...
        let mut tc = TimeControl::new(&limits);
        let t0 = tc.start();
        assert!(tc.next_iteration(ms(100), t0 + ms(100), false, 0));
        assert!(!tc.next_iteration(ms(300), t0 + ms(400), false, 0));
        // ...unless it follows a change of the best move before half of the budget.
        let mut tc = TimeControl::new(&limits);
        let t0 = tc.start();
        assert!(tc.next_iteration(ms(100), t0 + ms(100), false, 0));
        assert!(tc.next_iteration(ms(300), t0 + ms(400), true, 0));
        // Without a time limit every iteration starts.
        let mut tc = TimeControl::new(&Limits::nodes(1000));
        let t0 = tc.start();
        assert!(tc.next_iteration(ms(5000), t0 + ms(9000), false, 0));
    }

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
        // The turn limit decides: no target.
        let c = Clock {
            timeout_turn: 1000,
            timeout_match: 180_000,
            time_left: Some(170_000),
        };
        assert_eq!(move_time(&c, 200).target, None);
        // The match clock decides: aim at a share, allow three.
        let c = Clock {
            timeout_turn: 0,
            timeout_match: 180_000,
            time_left: Some(90_000),
        };
        let t = move_time(&c, 180);
        assert_eq!(t.target, Some(Duration::from_millis(3_000)));
        assert_eq!(t.max, Duration::from_millis(9_000));
    }
}
