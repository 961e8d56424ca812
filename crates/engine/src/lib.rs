//! `gomoku-engine`: a search engine for gomoku (freestyle, standard) and renju.
//!
//! # Using it from the game
//! ```
//! use gomoku_engine::{Engine, Level, Limits};
//! use gomoku_rules::{Board, Pos, Rule, Stone};
//! use std::sync::atomic::AtomicBool;
//! use std::time::Duration;
//!
//! let mut engine = Engine::new(Rule::Renju, 15);
//! let mut board = Board::new(15);
//! board.set(Pos::new(7, 7), Some(Stone::Black));
//! engine.set_position(&board, Stone::White);
//! // Full strength within a time budget; `stop` can be set from another thread.
//! let stop = AtomicBool::new(false);
//! let result = engine.search(Limits::time(Duration::from_millis(200)), &stop, &mut |info| {
//!     let _ = (info.depth, info.eval, info.nodes, info.nps, &info.pv);
//! });
//! assert!(board.get(result.best).is_none());
//! // A fixed level (repeatable for a seed).
//! let mv = engine.choose_move(Level::Intermediate, 42);
//! assert!(board.get(mv).is_none());
//! // "Does black threaten a forced win by fours?"
//! let threat = gomoku_engine::find_vcf(&board, Stone::Black, Rule::Renju, Limits::nodes(50_000));
//! assert!(threat.is_none());
//! ```
//!
//! - [`Engine::new`], [`Engine::set_position`] / [`Engine::set_moves`], [`Engine::search`]
//!   → [`SearchResult`] (`best`, `eval` for the side to move, `depth`, `nodes`, `pv`,
//!   `forced_win`, `mate_in`); [`SearchInfo`] reports each iteration.
//! - [`Level`] (`ALL`, `name`, `from_name`) and [`Engine::choose_move`] / [`choose_move`].
//! - [`find_vcf`]: a winning sequence of fours, if any; [`find_vct`]: a winning sequence of
//!   threes and fours (for threat warnings).
//! - Renju: black never plays a forbidden point; white may exploit them.
//!
//! # Inside (one responsibility per module)
//! [`pattern`] (line-pattern and point-class tables per rule), [`board`] (incremental board,
//! exact fast renju forbidden check), [`zobrist`], [`eval`], [`movegen`] (threat-aware
//! forced replies), [`vcf`], [`vct`], [`tt`], [`search`] (PVS), [`root`] (iterative deepening,
//! threads), [`timeman`],
//! [`level`], [`beginner`] (the original scorer), [`protocol`] (Gomocup brain protocol),
//! [`fixtures`] (bench positions and puzzle files), [`bench`] (measurements).

pub mod beginner;
pub mod bench;
pub mod board;
mod busy;
mod engine;
pub mod eval;
pub mod eval_net;
pub mod eval_table;
pub mod fixtures;
pub mod level;
pub mod movegen;
pub mod opening;
pub mod order_table;
pub mod pattern;
pub mod protocol;
pub mod puzzles;
pub mod review;
pub mod rng;
pub mod root;
pub mod search;
pub mod timeman;
pub mod train;
pub mod tt;
pub mod vcf;
pub mod vct;
pub mod zobrist;

pub use engine::{DEFAULT_HASH_MB, Engine, choose_move, find_vcf, find_vct};
pub use level::Level;
pub use review::{GameReview, Review, ReviewSettings, review_game};
pub use root::MAX_THREADS;
pub use search::{Limits, MATE, MATE_BOUND, SearchInfo, SearchResult};
