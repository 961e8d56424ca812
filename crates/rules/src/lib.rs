//! `gomoku-rules`: the rules core shared by the game and the engine.
//!
//! - [`Board`], [`Pos`], [`Stone`]: geometry (up to 20×20, 15×15 by default);
//! - [`Rule`]: freestyle, standard (exactly five) and renju, with [`winning_line`],
//!   [`forbidden`] and [`forbidden_points`]; [`explain()`]: the lines that make a point forbidden
//!   (which threes count, and why a three does not); [`threats()`]: a colour's fours and open
//!   threes with their five and open-four points;
//! - [`GameRecord`]: moves, undo / redo, the result and its reason, the opening and the clock;
//! - [`opening`]: how a game starts — [`OpeningRule`] free, swap after 3 (三手可交换), RIF
//!   (指定打法 + 三手可交换 + 五手两打), Soosõrv-8 and Swap2 — as a state machine in front of
//!   the ordinary moves: [`GameRecord::turn`] says whose decision it is ([`Side`]: first or
//!   second player) and what may be chosen ([`Phase`]); [`GameRecord::decide`] takes a
//!   [`Decision`] or refuses it with an [`OpeningError`]; swaps change
//!   [`GameRecord::holder`]. The 26 standard openings ([`OPENINGS`], 寒星 … 彗星) are
//!   recognised in all 8 orientations ([`Symmetry`]); [`Nigiri`] draws the first player
//!   from a caller's seed;
//! - [`clock`]: [`TimeControl`] (none, sudden death, Fischer, byo-yomi) and a [`Clock`] the
//!   caller advances by elapsed durations; inside a record, [`GameRecord::tick`] ends the game
//!   on time;
//! - [`notation`] and [`save`]: pos strings, PSQ, SGF, `.gob` import and the RON save file, all
//!   failing with one [`FormatError`]. SGF and the save file keep the opening and its
//!   decisions; the save file also keeps the clock, so a game reopens where it was, in the
//!   middle of its opening if need be.

pub mod ascii;
mod board;
pub mod clock;
mod error;
pub mod explain;
pub mod notation;
pub mod opening;
mod record;
mod rules;
pub mod save;
pub mod threats;

pub use ascii::{parse_ascii, to_ascii};
pub use board::{Board, DEFAULT_SIZE, DIRECTIONS, MAX_SIZE, MIN_SIZE, Pos, Stone};
pub use clock::{Clock, PlayerTime, TimeControl};
pub use error::FormatError;
pub use explain::{PointExplanation, explain, explain_point};
pub use opening::{
    Area, Decision, Nigiri, OPENINGS, Opening, OpeningError, OpeningFamily, OpeningRule, Phase,
    Side, Step, Swap2Choice, Symmetry, Turn,
};
pub use record::{
    ForbiddenPolicy, GameRecord, GameResult, Move, MoveError, Outcome, Played, Reason,
};
pub use rules::{Forbidden, Rule, forbidden, forbidden_points, is_legal, is_win, winning_line};
pub use threats::{Threat, ThreatKind, threats};
