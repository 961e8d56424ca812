//! Game clocks: the time controls (none, sudden death, Fischer, byo-yomi) and a clock state
//! that the caller advances by elapsed durations (the clock never reads the system time, so
//! it runs the same under a test, a replay or a network peer's reported times).
//!
//! The clock belongs to the two players ([`Side`]), not to the colours: a swap in the opening
//! hands the colours over but each player keeps their own time. A *turn* is everything a
//! player does before the other must act (the first player's three opening stones are one
//! turn); the Fischer increment is added, and a byo-yomi period starts afresh, when a turn
//! ends. A player whose time runs out has *flagged*; [`GameRecord::tick`](crate::GameRecord::tick)
//! turns that into the time-loss result.
//!
//! Text form (command line, files): `none`, `10m` (sudden death), `5m+3s` (Fischer),
//! `10m/5x30s` (byo-yomi: 10 minutes, then 5 periods of 30 seconds); units `h`, `m`, `s`, `ms`
//! and combinations such as `1m30s`.

use crate::opening::Side;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How much time each player has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TimeControl {
    /// No limit.
    #[default]
    Unlimited,
    /// All moves within `main_ms`.
    SuddenDeath { main_ms: u64 },
    /// `main_ms`, plus `increment_ms` after every turn.
    Fischer { main_ms: u64, increment_ms: u64 },
    /// `main_ms`, then `periods` periods of `period_ms` each: a turn finished within a
    /// period keeps it; a period that runs out is lost; losing the last one loses the game.
    ByoYomi {
        main_ms: u64,
        periods: u32,
        period_ms: u64,
    },
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl TimeControl {
    #[must_use]
    pub fn sudden_death(main: Duration) -> TimeControl {
        TimeControl::SuddenDeath { main_ms: ms(main) }
    }

    #[must_use]
    pub fn fischer(main: Duration, increment: Duration) -> TimeControl {
        TimeControl::Fischer {
            main_ms: ms(main),
            increment_ms: ms(increment),
        }
    }

    #[must_use]
    pub fn byo_yomi(main: Duration, periods: u32, period: Duration) -> TimeControl {
        TimeControl::ByoYomi {
            main_ms: ms(main),
            periods,
            period_ms: ms(period),
        }
    }

    fn main_ms(self) -> u64 {
        match self {
            TimeControl::Unlimited => 0,
            TimeControl::SuddenDeath { main_ms }
            | TimeControl::Fischer { main_ms, .. }
            | TimeControl::ByoYomi { main_ms, .. } => main_ms,
        }
    }
}

fn write_duration(f: &mut fmt::Formatter<'_>, ms: u64) -> fmt::Result {
    if ms == 0 {
        return f.write_str("0s");
    }
    let (h, m, s, rest) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    for (v, unit) in [(h, "h"), (m, "m"), (s, "s"), (rest, "ms")] {
        if v > 0 {
            write!(f, "{v}{unit}")?;
        }
    }
    Ok(())
}

impl fmt::Display for TimeControl {
    /// The text form, which [`FromStr`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Unlimited => f.write_str("none"),
            TimeControl::SuddenDeath { main_ms } => write_duration(f, main_ms),
            TimeControl::Fischer {
                main_ms,
                increment_ms,
            } => {
                write_duration(f, main_ms)?;
                f.write_str("+")?;
                write_duration(f, increment_ms)
            }
            TimeControl::ByoYomi {
                main_ms,
                periods,
                period_ms,
            } => {
                write_duration(f, main_ms)?;
                write!(f, "/{periods}x")?;
                write_duration(f, period_ms)
            }
        }
    }
}

/// Reads `90s`, `10m`, `1h30m`, `1m30s`, `500ms`; a bare number is seconds.
fn parse_duration(text: &str) -> Result<u64, String> {
    let t = text.trim();
    if let Ok(secs) = t.parse::<u64>() {
        return secs
            .checked_mul(1000)
            .ok_or_else(|| format!("{t:?} is too long"));
    }
    let mut total: u64 = 0;
    let mut rest = t;
    if rest.is_empty() {
        return Err("a time is missing".into());
    }
    while !rest.is_empty() {
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 {
            return Err(format!("{t:?} is not a time (write e.g. 10m, 30s, 1h30m)"));
        }
        let value: u64 = rest[..digits]
            .parse()
            .map_err(|_| format!("{t:?} is too long"))?;
        rest = &rest[digits..];
        let (unit, len) = if rest.starts_with("ms") {
            (1, 2)
        } else if rest.starts_with('h') {
            (3_600_000, 1)
        } else if rest.starts_with('m') {
            (60_000, 1)
        } else if rest.starts_with('s') {
            (1000, 1)
        } else {
            return Err(format!("{t:?}: a unit (h, m, s or ms) is missing"));
        };
        rest = &rest[len..];
        total = value
            .checked_mul(unit)
            .and_then(|v| total.checked_add(v))
            .ok_or_else(|| format!("{t:?} is too long"))?;
    }
    Ok(total)
}

impl FromStr for TimeControl {
    type Err = String;
    /// `none`, `10m`, `5m+3s`, `10m/5x30s`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        if t == "none" || t == "unlimited" || t.is_empty() {
            return Ok(TimeControl::Unlimited);
        }
        if let Some((main, inc)) = t.split_once('+') {
            return Ok(TimeControl::Fischer {
                main_ms: parse_duration(main)?,
                increment_ms: parse_duration(inc)?,
            });
        }
        if let Some((main, byo)) = t.split_once('/') {
            let (n, period) = byo
                .split_once('x')
                .ok_or_else(|| format!("{s:?}: byo-yomi is written like 10m/5x30s"))?;
            let periods: u32 = n
                .trim()
                .parse()
                .map_err(|_| format!("{s:?}: {n:?} is not a number of periods"))?;
            let period_ms = parse_duration(period)?;
            if periods == 0 || period_ms == 0 {
                return Err(format!(
                    "{s:?}: byo-yomi needs at least one period of some length"
                ));
            }
            return Ok(TimeControl::ByoYomi {
                main_ms: parse_duration(main)?,
                periods,
                period_ms,
            });
        }
        let main_ms = parse_duration(&t)?;
        if main_ms == 0 {
            return Err(format!("{s:?}: a game needs some time"));
        }
        Ok(TimeControl::SuddenDeath { main_ms })
    }
}

/// One player's time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerTime {
    /// Main time left.
    pub main_ms: u64,
    /// Byo-yomi periods left (including the current one once main time is spent).
    pub periods: u32,
    /// Time left in the current byo-yomi period.
    pub period_ms: u64,
    /// Time used in the turn under way (or the last one).
    pub turn_ms: u64,
}

/// A two-player clock.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Clock {
    control: TimeControl,
    times: [PlayerTime; 2],
    /// Whose time is running; `None` while stopped.
    running: Option<Side>,
    /// Who ran out of time.
    flagged: Option<Side>,
}

/// Warn below this much time (or when in the last byo-yomi period below it).
const LOW_TIME_MS: u64 = 30_000;
/// For short games, warn at a fifth of the main time instead, if that is less.
const LOW_TIME_SHARE: u64 = 5;

impl Clock {
    /// A stopped clock with full time for both players.
    #[must_use]
    pub fn new(control: TimeControl) -> Clock {
        let (periods, period_ms) = match control {
            TimeControl::ByoYomi {
                periods, period_ms, ..
            } => (periods, period_ms),
            _ => (0, 0),
        };
        let full = PlayerTime {
            main_ms: control.main_ms(),
            periods,
            period_ms,
            turn_ms: 0,
        };
        Clock {
            control,
            times: [full; 2],
            running: None,
            flagged: None,
        }
    }

    #[must_use]
    pub fn control(&self) -> TimeControl {
        self.control
    }

    #[must_use]
    pub fn time(&self, side: Side) -> PlayerTime {
        self.times[side.index()]
    }

    /// Sets a player's time (a resumed game, a correction from the network peer).
    pub fn set_time(&mut self, side: Side, time: PlayerTime) {
        self.times[side.index()] = time;
    }

    #[must_use]
    pub fn running(&self) -> Option<Side> {
        self.running
    }

    #[must_use]
    pub fn flagged(&self) -> Option<Side> {
        self.flagged
    }

    /// Starts (or resumes) `side`'s time, without ending anybody's turn.
    pub fn start(&mut self, side: Side) {
        if self.flagged.is_none() {
            self.running = Some(side);
        }
    }

    /// Stops the clock (game over, a dialog waiting, a pause). [`Clock::start`] resumes it.
    pub fn stop(&mut self) {
        self.running = None;
    }

    /// Time left for `side` before the next loss of a period or the flag: main time, or the
    /// current byo-yomi period once main time is spent; `None` without a limit.
    #[must_use]
    pub fn remaining(&self, side: Side) -> Option<Duration> {
        let t = self.times[side.index()];
        match self.control {
            TimeControl::Unlimited => None,
            TimeControl::ByoYomi { .. } if t.main_ms == 0 => {
                Some(Duration::from_millis(t.period_ms))
            }
            _ => Some(Duration::from_millis(t.main_ms)),
        }
    }

    /// Whether `side` plays in byo-yomi (main time spent).
    #[must_use]
    pub fn in_byo_yomi(&self, side: Side) -> bool {
        matches!(self.control, TimeControl::ByoYomi { .. }) && self.times[side.index()].main_ms == 0
    }

    /// Whether `side` is short of time: under 30 s (or a fifth of the main time in short
    /// games) with no byo-yomi to follow, or in the last byo-yomi period.
    #[must_use]
    pub fn is_low(&self, side: Side) -> bool {
        let t = self.times[side.index()];
        let threshold = LOW_TIME_MS.min(self.control.main_ms() / LOW_TIME_SHARE);
        match self.control {
            TimeControl::Unlimited => false,
            TimeControl::ByoYomi { period_ms, .. } => {
                t.main_ms == 0 && t.periods <= 1 && t.period_ms <= LOW_TIME_MS.min(period_ms)
            }
            _ => t.main_ms <= threshold,
        }
    }

    /// Runs the clock for `elapsed`: the running player's time goes down. Returns the player
    /// who flagged, if this made someone run out (the clock then stops).
    pub fn advance(&mut self, elapsed: Duration) -> Option<Side> {
        let side = self.running?;
        let t = &mut self.times[side.index()];
        let mut left = ms(elapsed);
        t.turn_ms = t.turn_ms.saturating_add(left);
        let out = match self.control {
            TimeControl::Unlimited => false,
            TimeControl::SuddenDeath { .. } | TimeControl::Fischer { .. } => {
                t.main_ms = t.main_ms.saturating_sub(left);
                t.main_ms == 0
            }
            TimeControl::ByoYomi { period_ms, .. } => {
                let from_main = left.min(t.main_ms);
                t.main_ms -= from_main;
                left -= from_main;
                while left > 0 && t.periods > 0 {
                    let used = left.min(t.period_ms);
                    t.period_ms -= used;
                    left -= used;
                    if t.period_ms == 0 {
                        t.periods -= 1;
                        t.period_ms = if t.periods > 0 { period_ms } else { 0 };
                    }
                }
                t.main_ms == 0 && t.periods == 0
            }
        };
        if out {
            self.flagged = Some(side);
            self.running = None;
        }
        self.flagged.filter(|_| out)
    }

    /// The running player ends their turn: the increment is added (Fischer) or the byo-yomi
    /// period starts afresh, and `next`'s time runs. Nothing happens when `next` is the
    /// running player, or while the clock is stopped.
    pub fn end_turn(&mut self, next: Side) {
        let Some(side) = self.running else {
            return;
        };
        if side == next {
            return;
        }
        let t = &mut self.times[side.index()];
        match self.control {
            TimeControl::Fischer { increment_ms, .. } => {
                t.main_ms = t.main_ms.saturating_add(increment_ms);
            }
            TimeControl::ByoYomi { period_ms, .. } if t.main_ms == 0 && t.periods > 0 => {
                t.period_ms = period_ms;
            }
            _ => {}
        }
        self.times[next.index()].turn_ms = 0;
        self.running = Some(next);
    }

    /// Hands the running time to `next` without ending a turn (after an undo).
    pub fn hand_to(&mut self, next: Side) {
        if self.running.is_some() {
            self.running = Some(next);
        }
    }

    /// Clears a flag (a time loss taken back) and gives the player `grace` more main time
    /// (or a fresh period in byo-yomi); the clock stays stopped until started.
    pub fn unflag(&mut self, grace: Duration) {
        if let Some(side) = self.flagged.take() {
            let t = &mut self.times[side.index()];
            match self.control {
                TimeControl::ByoYomi { period_ms, .. } => {
                    t.periods = 1;
                    t.period_ms = period_ms;
                }
                _ => t.main_ms = ms(grace),
            }
        }
    }
}
