//! Statistics: wins, losses and draws per player name and per mode and level, counted when a
//! game ends in play (not when a finished game is opened or replayed) and kept as RON in the
//! data folder (`stats.ron`). A result taken back and replaced by another counts once. A file
//! that cannot be read is set aside and the counts start afresh, with a message.

use crate::game::{BoardReset, Game, GameFlowSystems, GameMode, GameOver, Notice};
use crate::i18n::{self, t};
use crate::save::{DataDir, atomic_write};
use bevy::prelude::*;
use gomoku_rules::save::PlayerKind;
use gomoku_rules::{Outcome, Stone};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The statistics file's name in the data folder.
pub const STATS_FILE: &str = "stats.ron";

/// Wins, losses and draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Tally {
    #[must_use]
    pub fn games(self) -> u32 {
        self.wins + self.losses + self.draws
    }

    fn add(&mut self, outcome: Side, sign: i64) {
        let field = match outcome {
            Side::Won => &mut self.wins,
            Side::Lost => &mut self.losses,
            Side::Drew => &mut self.draws,
        };
        *field = (i64::from(*field) + sign).max(0) as u32;
    }
}

/// A result from one side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Won,
    Lost,
    Drew,
}

fn side(outcome: Outcome, stone: Stone) -> Side {
    match outcome {
        Outcome::Draw => Side::Drew,
        Outcome::Win(s) if s == stone => Side::Won,
        Outcome::Win(_) => Side::Lost,
    }
}

/// What the statistics are kept by: the mode, and the computer's levels.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ModeKey {
    /// Two people: wins are black's, losses white's.
    HotSeat,
    /// A person against the computer at a level: from the person's side.
    VsComputer { level: String },
    /// The computer against itself: wins are black's, losses white's.
    ComputerVsComputer { black: String, white: String },
}

impl ModeKey {
    #[must_use]
    pub fn of(mode: GameMode) -> ModeKey {
        match mode {
            GameMode::HotSeat => ModeKey::HotSeat,
            GameMode::VsComputer { level, .. } => ModeKey::VsComputer {
                level: level.name().to_owned(),
            },
            GameMode::ComputerVsComputer { black, white } => ModeKey::ComputerVsComputer {
                black: black.name().to_owned(),
                white: white.name().to_owned(),
            },
        }
    }

    /// The row's title in the statistics window.
    #[must_use]
    pub fn label(&self) -> String {
        let level = |name: &str| {
            gomoku_engine::Level::from_name(name).map_or_else(|| name.to_owned(), i18n::level_name)
        };
        match self {
            ModeKey::HotSeat => t!("mode.hot_seat").into_owned(),
            ModeKey::VsComputer { level: l } => t!("stats.vs_level", level = level(l)).into_owned(),
            ModeKey::ComputerVsComputer { black, white } => {
                t!("mode.levels", black = level(black), white = level(white)).into_owned()
            }
        }
    }

    /// Whether the row counts black's and white's wins (rather than a person's).
    #[must_use]
    pub fn by_colour(&self) -> bool {
        !matches!(self, ModeKey::VsComputer { .. })
    }
}

/// The statistics.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// By the name a player had (a computer by its saved name).
    pub players: BTreeMap<String, Tally>,
    pub modes: BTreeMap<ModeKey, Tally>,
}

/// One counted game: what was added, so that it can be taken back.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Counted {
    players: Vec<(String, Side)>,
    mode: (ModeKey, Side),
}

impl Stats {
    fn apply(&mut self, counted: &Counted, sign: i64) {
        for (name, side) in &counted.players {
            self.players
                .entry(name.clone())
                .or_default()
                .add(*side, sign);
        }
        let (key, side) = &counted.mode;
        self.modes.entry(key.clone()).or_default().add(*side, sign);
        self.players.retain(|_, t| t.games() > 0);
        self.modes.retain(|_, t| t.games() > 0);
    }

    #[must_use]
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("statistics always serialise")
    }
}

/// What a finished game adds.
fn count(game: &Game, outcome: Outcome) -> Counted {
    let players = [Stone::Black, Stone::White]
        .into_iter()
        .map(|stone| {
            let player = game.players.get(stone);
            let name = match player.kind {
                PlayerKind::Computer { .. } => player.name.clone(),
                _ if player.name.trim().is_empty() => i18n::colour_title(stone),
                _ => player.name.clone(),
            };
            (name, side(outcome, stone))
        })
        .collect();
    let mode_side = match game.mode.human() {
        Some(human) => side(outcome, human),
        None => side(outcome, Stone::Black),
    };
    Counted {
        players,
        mode: (ModeKey::of(game.mode), mode_side),
    }
}

/// Reads `stats.ron` from `dir`: the statistics, and the problem if the file was unreadable.
#[must_use]
pub fn load(dir: &Path) -> (Stats, Option<String>) {
    match std::fs::read(dir.join(STATS_FILE)) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (Stats::default(), None),
        Err(e) => (Stats::default(), Some(e.to_string())),
        Ok(bytes) => match std::str::from_utf8(&bytes)
            .map_err(|e| e.to_string())
            .and_then(|text| ron::from_str::<Stats>(text).map_err(|e| e.to_string()))
        {
            Ok(stats) => (stats, None),
            Err(e) => (Stats::default(), Some(e)),
        },
    }
}

/// Asks to clear every count.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResetStats;

/// The game counted last, until the board is cleared.
#[derive(Resource, Default)]
struct LastCounted(Option<Counted>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LastCounted>()
        .add_message::<ResetStats>()
        .add_systems(Startup, load_stats)
        .add_systems(Update, (count_results, reset).after(GameFlowSystems))
        .add_systems(Last, save_stats);
}

fn load_stats(
    mut commands: Commands,
    data: Option<Res<DataDir>>,
    mut notices: MessageWriter<Notice>,
) {
    let dir = data.map_or_else(|| PathBuf::from("."), |d| d.0.clone());
    let (stats, problem) = load(&dir);
    if let Some(problem) = problem {
        let path = dir.join(STATS_FILE);
        let _ = std::fs::rename(&path, path.with_extension("ron.broken"));
        notices.write(Notice::error(t!("stats.broken", error = problem)));
    }
    commands.insert_resource(stats);
}

/// Counts games that end in play; a result replacing one taken back replaces its count.
fn count_results(
    game: Res<Game>,
    mut over: MessageReader<GameOver>,
    mut resets: MessageReader<BoardReset>,
    mut last: ResMut<LastCounted>,
    stats: Option<ResMut<Stats>>,
) {
    if resets.read().count() > 0 {
        last.0 = None;
    }
    let Some(mut stats) = stats else {
        return;
    };
    for end in over.read() {
        if !end.fresh {
            continue;
        }
        if let Some(previous) = last.0.take() {
            stats.apply(&previous, -1);
        }
        let counted = count(&game, end.result.outcome);
        stats.apply(&counted, 1);
        last.0 = Some(counted);
    }
}

fn reset(
    mut requests: MessageReader<ResetStats>,
    stats: Option<ResMut<Stats>>,
    mut last: ResMut<LastCounted>,
    mut notices: MessageWriter<Notice>,
) {
    if requests.read().count() == 0 {
        return;
    }
    if let Some(mut stats) = stats {
        *stats = Stats::default();
        last.0 = None;
        notices.write(Notice::info(t!("stats.cleared")));
    }
}

fn save_stats(
    stats: Option<Res<Stats>>,
    data: Option<Res<DataDir>>,
    mut notices: MessageWriter<Notice>,
    mut failed: Local<bool>,
) {
    let (Some(stats), Some(data)) = (stats, data) else {
        return;
    };
    if !stats.is_changed() || stats.is_added() {
        return;
    }
    let path = data.0.join(STATS_FILE);
    match atomic_write(&path, stats.to_ron().as_bytes()) {
        Ok(()) => *failed = false,
        Err(e) if !*failed => {
            *failed = true;
            notices.write(Notice::error(t!(
                "stats.could_not_save",
                path = path.display(),
                error = e
            )));
        }
        Err(_) => {}
    }
}
