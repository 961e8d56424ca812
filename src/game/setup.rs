//! What a new game is made of (`GameSetup`): the seats, the rule, the forbidden-move policy,
//! the board's size, the opening rule (with or without 猜先, the draw of the first player) and
//! the time control.

use super::seats::{GameMode, Seats};
use gomoku_rules::opening::centre;
use gomoku_rules::{DEFAULT_SIZE, ForbiddenPolicy, OpeningRule, Rule, TimeControl};

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
    /// How the game starts (see [`GameSetup::opening_rule`]).
    pub opening: OpeningRule,
    /// 猜先: the first player is drawn at random (`seats.black` holds the stones, the other
    /// guesses); otherwise the player in `seats.black` starts.
    pub nigiri: bool,
    /// Each player's time.
    pub clock: TimeControl,
}

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            seats: Seats::default(),
            rule: Rule::Renju,
            policy: ForbiddenPolicy::Refuse,
            size: DEFAULT_SIZE,
            opening: OpeningRule::Free,
            nigiri: false,
            clock: TimeControl::Unlimited,
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

    /// The opening rule the game is played with: RIF and Soosõrv-8 place their stones around
    /// the centre point, which a 20×20 board does not have; there they give way to Swap2.
    #[must_use]
    pub fn opening_rule(&self) -> OpeningRule {
        if self.opening.uses_standard_openings() && centre(self.board_size()).is_none() {
            OpeningRule::Swap2
        } else {
            self.opening
        }
    }

    /// Whether `opening` can be played on a board of `size`.
    #[must_use]
    pub fn opening_fits(opening: OpeningRule, size: usize) -> bool {
        !opening.uses_standard_openings() || centre(size).is_some()
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
