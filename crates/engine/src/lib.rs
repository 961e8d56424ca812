//! `gomoku-engine`: search engine for gomoku and renju.
