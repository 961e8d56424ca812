//! What a new game is made of (`GameSetup`): the seats, the rule and the forbidden-move policy.

use super::seats::{GameMode, Seats};
use gomoku_rules::{ForbiddenPolicy, Rule};

/// Everything needed to start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub seats: Seats,
    pub rule: Rule,
    pub policy: ForbiddenPolicy,
}

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            seats: Seats::default(),
            rule: Rule::Renju,
            policy: ForbiddenPolicy::Refuse,
        }
    }
}

impl GameSetup {
    #[must_use]
    pub fn mode(&self) -> GameMode {
        self.seats.mode()
    }

    /// The same setup with the seats of `mode` (people keep their names).
    #[must_use]
    pub fn with_mode(&self, mode: GameMode) -> GameSetup {
        GameSetup {
            seats: self.seats.for_mode(mode, self.seats.names()),
            ..self.clone()
        }
    }
}
