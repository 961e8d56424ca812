//! What a new game is made of (`GameSetup`): the seats, the rule, the forbidden-move policy and
//! the board's size.

use super::seats::{GameMode, Seats};
use gomoku_rules::{DEFAULT_SIZE, ForbiddenPolicy, Rule};

/// The board sizes a new game offers (renju is played on 15×15 only).
pub const BOARD_SIZES: [usize; 3] = [15, 19, 20];

/// Everything needed to start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub seats: Seats,
    pub rule: Rule,
    pub policy: ForbiddenPolicy,
    /// The board's side (see [`GameSetup::board_size`]).
    pub size: usize,
}

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            seats: Seats::default(),
            rule: Rule::Renju,
            policy: ForbiddenPolicy::Refuse,
            size: DEFAULT_SIZE,
        }
    }
}

impl GameSetup {
    /// The board the game is played on: renju is 15×15 by definition, the other rules take
    /// any of [`BOARD_SIZES`].
    #[must_use]
    pub fn board_size(&self) -> usize {
        if self.rule == Rule::Renju || !BOARD_SIZES.contains(&self.size) {
            DEFAULT_SIZE
        } else {
            self.size
        }
    }

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
