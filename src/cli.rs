//! The command line: rule, mode, colour and level, file to open, scripted moves, language and
//! theme, data folder, the analysis panel, the puzzle trainer, frame statistics and screenshots.

use clap::{Parser, ValueEnum};
use gomoku::ai::{AiSettings, MASTER_SECONDS, PACE_SECONDS};
use gomoku::game::{DEFAULT_LEVEL, FileNotice, GameMode, GameSetup, Notice, Seats, StartupGame};
use gomoku::i18n::Language;
use gomoku::puzzles::StartupPuzzle;
use gomoku::save;
use gomoku::theme::Theme;
use gomoku_engine::Level;
use gomoku_rules::ForbiddenPolicy;
use gomoku_rules::notation::pos;
use gomoku_rules::save::SavedGame;
use gomoku_rules::{OpeningRule, Rule, Stone, TimeControl};
use std::path::PathBuf;

/// 五子棋 / Gomoku & Renju: a desktop game for two players at one computer, or against the
/// computer at six levels (Beginner, Novice, Intermediate, Advanced, Expert, Master).
#[derive(Parser, Debug, Clone)]
#[command(name = "gomoku", version, args_override_self = true)]
pub struct Cli {
    /// Rule set of the first game.
    #[arg(long, value_enum)]
    pub rule: Option<RuleArg>,
    /// Who plays the first game (a game asked for here is started instead of offering the
    /// last one back).
    #[arg(long, value_enum)]
    pub mode: Option<ModeArg>,
    /// Your colour against the computer.
    #[arg(long, value_enum, default_value_t = ColorArg::Black)]
    pub color: ColorArg,
    /// The computer's level (in computer vs computer: black's, and white's unless
    /// `--white-level` is given): Beginner, Novice, Intermediate, Advanced, Expert or Master.
    #[arg(long, value_name = "NAME", value_parser = parse_level)]
    pub level: Option<Level>,
    /// White's level in computer vs computer.
    #[arg(long, value_name = "NAME", value_parser = parse_level)]
    pub white_level: Option<Level>,
    /// Master thinks this many seconds per move (0.5 to 10) instead of its node budget.
    #[arg(long, value_name = "SECONDS")]
    pub master_time: Option<f32>,
    /// Seconds between two moves in computer vs computer (0 to 3).
    #[arg(long, value_name = "SECONDS")]
    pub pace: Option<f32>,
    /// Seed of the weaker levels' variety: the same seed and moves give the same game.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Show the analysis panel (evaluation, principal variation, threats) from the start.
    #[arg(long)]
    pub analysis: bool,
    /// Ask for a hint for the first position.
    #[arg(long)]
    pub hint: bool,
    /// Log the worst frame time while the computer thinks, after each of its moves.
    #[arg(long)]
    pub frame_stats: bool,
    /// Open a game at start: the game's own .ron save, or an import (.gob, .psq, .sgf, pos string .txt).
    #[arg(long, value_name = "FILE")]
    pub open: Option<PathBuf>,
    /// A game file to open (as `--open`; what a file manager passes when a game file is
    /// opened with the game).
    #[arg(value_name = "FILE", conflicts_with = "open")]
    pub file: Option<PathBuf>,
    /// Open a game and analyse it (or show the analysis saved with it).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["open", "file"])]
    pub review: Option<PathBuf>,
    /// Show the position after N moves of the game opened (the replay), e.g. with `--review`.
    #[arg(long, value_name = "N")]
    pub replay: Option<usize>,
    /// Mark the fours and open threes of both colours on the board in this run.
    #[arg(long)]
    pub threats: bool,
    /// Open the puzzle trainer: its list, or with an ID (e.g. renju-fours-007) that puzzle;
    /// `--moves` are then your moves in it (each waits for the computer's defence).
    #[arg(long, value_name = "ID", num_args = 0..=1, default_missing_value = "")]
    pub puzzles: Option<String>,
    /// Play these moves at start, as a pos string (e.g. h8i9h9; letter = column, number = row
    /// counted from the top). Every move is checked by the rules.
    #[arg(long, value_name = "POS")]
    pub moves: Option<String>,
    /// How the first game starts: free (black starts), swap (三手可交换), rif (指定打法 + swap
    /// + 五手两打), soosorv8 or swap2.
    #[arg(long, value_name = "RULE", value_parser = parse_opening)]
    pub opening: Option<OpeningRule>,
    /// 猜先: draw who is the first player.
    #[arg(long)]
    pub nigiri: bool,
    /// Each player's time: none, 10m (sudden death), 5m+3s (Fischer) or 10m/5x30s (byo-yomi).
    #[arg(long, value_name = "SPEC", value_parser = parse_clock)]
    pub clock: Option<TimeControl>,
    /// The board's size for freestyle and exactly five: 15, 19 or 20 (renju is 15×15).
    #[arg(long, value_name = "N", value_parser = parse_size)]
    pub size: Option<usize>,
    /// Strict RIF play: a forbidden renju move is played and loses instead of being refused.
    #[arg(long)]
    pub strict: bool,
    /// Open a window at start: the rules and keys, the statistics, or the Open dialog.
    #[arg(long, value_enum, value_name = "WINDOW")]
    pub show: Option<ShowArg>,
    /// Language of the interface for this run (default: the settings, else the system's).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// Theme for this run (default: the settings).
    #[arg(long, value_enum)]
    pub theme: Option<ThemeArg>,
    /// The window's size for this run, e.g. 800x600 (default: the size it had last time).
    #[arg(long, value_name = "WIDTHxHEIGHT", value_parser = parse_window)]
    pub window: Option<(u32, u32)>,
    /// Folder for saved games, the autosave and, when given, the settings (default: the
    /// platform's data folder, and its config folder for the settings).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Save a PNG of the window after `--after-frames` frames, then exit.
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// Frames to render before the screenshot.
    #[arg(long, value_name = "N", default_value_t = 10, requires = "screenshot")]
    pub after_frames: u32,
    /// Before the screenshot, also wait (up to 3600 frames) until the computer has no search
    /// running: its move, a hint or the analysis.
    #[arg(long, requires = "screenshot")]
    pub settle: bool,
    /// Host a network game on PORT (default 5515) with the first game's rule; the other player
    /// joins with `--join`.
    #[arg(long, value_name = "PORT", num_args = 0..=1, default_missing_value = "5515", conflicts_with = "join")]
    pub host: Option<u16>,
    /// Join the network game hosted at ADDR[:PORT] (the port defaults to 5515).
    #[arg(long, value_name = "ADDR[:PORT]")]
    pub join: Option<String>,
    /// Your name in a network game (default: the one in the settings).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
}

/// The network game asked for on the command line (`--host`, `--join`), if any.
#[must_use]
pub fn net_command(cli: &Cli, saved_name: &str, color: Stone) -> Option<gomoku::net::NetCommand> {
    let name = cli.name.clone().unwrap_or_else(|| saved_name.to_owned());
    if let Some(port) = cli.host {
        return Some(gomoku::net::NetCommand::Host {
            port,
            name,
            local: color,
            bind: None,
            board: None,
        });
    }
    cli.join
        .as_ref()
        .map(|address| gomoku::net::NetCommand::Join {
            address: address.clone(),
            name,
        })
}

/// The windows `--show` opens.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShowArg {
    Help,
    Statistics,
    /// The Open dialog.
    Open,
}

/// The languages accepted on the command line.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LangArg {
    Zh,
    En,
}

impl From<LangArg> for Language {
    fn from(lang: LangArg) -> Language {
        match lang {
            LangArg::Zh => Language::Zh,
            LangArg::En => Language::En,
        }
    }
}

/// The themes accepted on the command line.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThemeArg {
    Light,
    Dark,
}

impl From<ThemeArg> for Theme {
    fn from(theme: ThemeArg) -> Theme {
        match theme {
            ThemeArg::Light => Theme::Light,
            ThemeArg::Dark => Theme::Dark,
        }
    }
}

/// The modes accepted on the command line.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeArg {
    Hotseat,
    VsComputer,
    AiVsAi,
}

/// A colour on the command line.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorArg {
    Black,
    White,
}

impl From<ColorArg> for Stone {
    fn from(color: ColorArg) -> Stone {
        match color {
            ColorArg::Black => Stone::Black,
            ColorArg::White => Stone::White,
        }
    }
}

fn parse_window(text: &str) -> Result<(u32, u32), String> {
    let (w, h) = text
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| format!("{text:?}: expected WIDTHxHEIGHT, e.g. 800x600"))?;
    let number = |n: &str| {
        n.trim()
            .parse::<u32>()
            .map_err(|_| format!("{text:?}: {n:?} is not a number of pixels"))
    };
    let (w, h) = (number(w)?, number(h)?);
    let (min_w, min_h) = gomoku::settings::MIN_WINDOW;
    if w < min_w || h < min_h || w > 7680 || h > 4320 {
        return Err(format!(
            "{text:?}: the window must be between {min_w}x{min_h} and 7680x4320"
        ));
    }
    Ok((w, h))
}

fn parse_level(name: &str) -> Result<Level, String> {
    Level::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        format!("unknown level {name:?}; one of {}", names.join(", "))
    })
}

impl Cli {
    /// The mode of the first game, if one was asked for.
    #[must_use]
    pub fn game_mode(&self) -> Option<GameMode> {
        let level = self.level.unwrap_or(DEFAULT_LEVEL);
        Some(match self.mode? {
            ModeArg::Hotseat => GameMode::HotSeat,
            ModeArg::VsComputer => GameMode::VsComputer {
                human: self.color.into(),
                level,
            },
            ModeArg::AiVsAi => GameMode::ComputerVsComputer {
                black: level,
                white: self.white_level.unwrap_or(level),
            },
        })
    }
}

impl Cli {
    /// The puzzle asked for with `--puzzles ID`.
    #[must_use]
    pub fn puzzle_id(&self) -> Option<&str> {
        self.puzzles.as_deref().filter(|id| !id.trim().is_empty())
    }
}

/// `--puzzles ID [--moves …]`: the puzzle to open at start and the moves to play in it (an
/// unknown id is reported in the window).
pub fn startup_puzzle(cli: &Cli) -> Result<Option<StartupPuzzle>, String> {
    let Some(id) = cli.puzzle_id() else {
        return Ok(None);
    };
    let moves = match &cli.moves {
        Some(moves) => pos::parse_points(moves, 15).map_err(|e| format!("--moves: {e}"))?,
        None => Vec::new(),
    };
    Ok(Some(StartupPuzzle {
        id: id.trim().to_owned(),
        moves,
    }))
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

/// The computer's settings from `--master-time`, `--pace` and `--seed`.
pub fn ai_settings(cli: &Cli) -> AiSettings {
    let mut settings = AiSettings::default();
    if let Some(seconds) = cli.master_time {
        settings.master_by_time = true;
        settings.master_seconds = seconds.clamp(*MASTER_SECONDS.start(), *MASTER_SECONDS.end());
    }
    if let Some(pace) = cli.pace {
        settings.pace = pace.clamp(*PACE_SECONDS.start(), *PACE_SECONDS.end());
    }
    if let Some(seed) = cli.seed {
        settings.seed = seed;
    }
    settings
}

/// The first game from `--rule`, `--strict`, `--mode`, `--color`, `--level`, `--open` and
/// `--moves`. A file that cannot be opened is reported (on stderr here, in the window by the
/// game); bad `--moves` stop the program.
pub fn first_game(cli: &Cli, mut setup: GameSetup) -> Result<StartupGame, String> {
    let mode = cli.game_mode();
    if let Some(mode) = mode {
        setup = setup.with_mode(mode);
    }
    if let Some(rule) = cli.rule {
        setup.rule = rule.into();
    }
    if cli.strict {
        setup.policy = ForbiddenPolicy::Lose;
    }
    if let Some(opening) = cli.opening {
        setup.opening = opening;
    }
    if cli.nigiri {
        setup.nigiri = true;
    }
    if let Some(clock) = cli.clock {
        setup.clock = clock;
    }
    if let Some(size) = cli.size {
        setup.size = size;
    }
    let asked = cli.opening.is_some() || cli.nigiri || cli.clock.is_some() || cli.size.is_some();
    let mut problem = None;
    let mut saved = match cli
        .open
        .as_ref()
        .or(cli.file.as_ref())
        .or(cli.review.as_ref())
    {
        Some(path) => match save::read_file(path, setup.rule) {
            Ok(saved) => Some(saved),
            Err(error) => {
                let notice = FileNotice::NotOpened {
                    name: Some(save::display_name(path)),
                    problem: error,
                };
                eprintln!("gomoku: {}", gomoku::ui::words::file_notice(&notice));
                problem = Some(Notice::File(notice));
                None
            }
        },
        None => None,
    };
    if let Some(moves) = cli.moves.as_ref().filter(|_| cli.puzzle_id().is_none()) {
        let base = saved.take().unwrap_or_else(|| SavedGame {
            // The moves are played in the game asked for: its size, opening rule and clock.
            record: gomoku::game::Game::drawn(setup.clone(), 0).record,
            players: setup.seats.players(),
        });
        let mut record = base.record;
        let points =
            pos::parse_points(moves, record.size()).map_err(|e| format!("--moves: {e}"))?;
        record.set_policy(setup.policy);
        record.play_all(&points).map_err(|(i, e)| {
            format!("--moves: move {} ({}) is impossible: {e}", i + 1, points[i])
        })?;
        saved = Some(SavedGame {
            record,
            players: base.players,
        });
    }
    if let Some(saved) = &mut saved {
        if cli.strict {
            saved.record.set_policy(ForbiddenPolicy::Lose);
        }
        if let Some(mode) = mode {
            let seats = Seats::from_players(&saved.players);
            saved.players = seats.for_mode(mode, seats.names()).players();
        }
    }
    Ok(StartupGame {
        setup,
        saved,
        // With the trainer, the autosaved game is kept for leaving it (`puzzles/`).
        fresh: mode.is_some() || asked || problem.is_some() || cli.puzzles.is_some(),
        problem,
    })
}

fn parse_opening(text: &str) -> Result<OpeningRule, String> {
    text.parse()
}

fn parse_clock(text: &str) -> Result<TimeControl, String> {
    text.parse()
}

fn parse_size(text: &str) -> Result<usize, String> {
    let size: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a board size"))?;
    if gomoku::game::BOARD_SIZES.contains(&size) {
        Ok(size)
    } else {
        Err(format!("the board is 15, 19 or 20 points wide, not {size}"))
    }
}
