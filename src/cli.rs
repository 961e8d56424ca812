//! The command line: rule, file to open, scripted moves, data folder and screenshots.

use clap::{Parser, ValueEnum};
use gomoku_rules::Rule;
use std::path::PathBuf;

/// 五子棋 / Gomoku & Renju: a desktop game for two players at one computer.
#[derive(Parser, Debug, Clone)]
#[command(name = "gomoku", version)]
pub struct Cli {
    /// Rule set of the first game.
    #[arg(long, value_enum)]
    pub rule: Option<RuleArg>,
    /// Open a game at start: the game's own .ron save, or an import (.gob, .psq, .sgf, pos string .txt).
    #[arg(long, value_name = "FILE")]
    pub open: Option<PathBuf>,
    /// Play these moves at start, as a pos string (e.g. h8i9h9; letter = column, number = row
    /// counted from the top). Every move is checked by the rules.
    #[arg(long, value_name = "POS")]
    pub moves: Option<String>,
    /// Strict RIF play: a forbidden renju move is played and loses instead of being refused.
    #[arg(long)]
    pub strict: bool,
    /// Folder for saved games and the autosave (default: the platform's data folder).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Save a PNG of the window after `--after-frames` frames, then exit.
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// Frames to render before the screenshot.
    #[arg(long, value_name = "N", default_value_t = 10, requires = "screenshot")]
    pub after_frames: u32,
}

/// The rule names accepted on the command line.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleArg {
    Freestyle,
    Standard,
    Renju,
}

impl From<RuleArg> for Rule {
    fn from(rule: RuleArg) -> Rule {
        match rule {
            RuleArg::Freestyle => Rule::Freestyle,
            RuleArg::Standard => Rule::Standard,
            RuleArg::Renju => Rule::Renju,
        }
    }
}
