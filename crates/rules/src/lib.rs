//! `gomoku-rules`: the rules core shared by the game and the engine.
//!
//! - [`Board`], [`Pos`], [`Stone`]: geometry (up to 20×20, 15×15 by default);
//! - [`Rule`]: freestyle, standard (exactly five) and renju, with [`winning_line`],
//!   [`forbidden`] and [`forbidden_points`];
//! - [`GameRecord`]: moves, undo / redo, the result and its reason;
//! - [`notation`] and [`save`]: pos strings, PSQ, SGF, `.gob` import and the RON save file, all
//!   failing with one [`FormatError`].

pub mod ascii;
mod board;
pub mod clock;
mod error;
pub mod notation;
pub mod opening;
mod record;
mod rules;
pub mod save;

pub use ascii::{parse_ascii, to_ascii};
pub use board::{Board, DEFAULT_SIZE, DIRECTIONS, MAX_SIZE, MIN_SIZE, Pos, Stone};
pub use clock::{Clock, PlayerTime, TimeControl};
pub use error::FormatError;
pub use opening::{
    Area, Decision, Nigiri, OPENINGS, Opening, OpeningError, OpeningFamily, OpeningRule, Phase,
    Side, Step, Swap2Choice, Symmetry, Turn,
};
pub use record::{
    ForbiddenPolicy, GameRecord, GameResult, Move, MoveError, Outcome, Played, Reason,
};
pub use rules::{Forbidden, Rule, forbidden, forbidden_points, is_legal, is_win, winning_line};
