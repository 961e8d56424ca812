//! Player-facing strength levels. Each is a fixed budget (search depth or node count, and
//! seeded evaluation noise for the weaker ones), so a game is repeatable for a given seed.

use crate::search::Limits;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// The original programs' five-cell-window scorer (no search).
    Beginner,
    /// Two-ply search with a noisy evaluation.
    Novice,
    /// Four-ply search with a slightly noisy evaluation.
    Intermediate,
    /// Full search, 20 000 nodes.
    Advanced,
    /// Full search, 80 000 nodes.
    Expert,
    /// Full search, 1 500 000 nodes.
    Master,
}

impl Level {
    pub const ALL: [Level; 6] = [
        Level::Beginner,
        Level::Novice,
        Level::Intermediate,
        Level::Advanced,
        Level::Expert,
        Level::Master,
    ];

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Novice => "Novice",
            Level::Intermediate => "Intermediate",
            Level::Advanced => "Advanced",
            Level::Expert => "Expert",
            Level::Master => "Master",
        }
    }

    /// The level named `name` (case-insensitive).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The search budget (`None` for Beginner, which does not search).
    #[must_use]
    pub fn limits(self) -> Option<Limits> {
        match self {
            Level::Beginner => None,
            Level::Novice => Some(Limits::depth(2)),
            Level::Intermediate => Some(Limits::depth(4)),
            Level::Advanced => Some(Limits::nodes(20_000)),
            Level::Expert => Some(Limits::nodes(80_000)),
            Level::Master => Some(Limits::nodes(1_500_000)),
        }
    }

    /// Amplitude of the seeded evaluation noise.
    #[must_use]
    pub fn noise(self) -> i32 {
        match self {
            Level::Novice => 400,
            Level::Intermediate => 40,
            _ => 0,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
