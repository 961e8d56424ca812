//! `gomoku-engine`: search engine for gomoku and renju.

pub mod board;
pub mod pattern;
pub mod rng;
pub mod zobrist;
