//! Statistics: wins, losses and draws per player name and per mode and level, counted when a
//! game ends in play (not when a finished game is opened or replayed) and kept as RON in the
//! data folder (`stats.ron`). A result taken back and replaced by another counts once. A file
//! that cannot be read is set aside and the counts start afresh, with a message. Puzzles are
//! not counted.

use crate::GameSystems;
use crate::game::{BoardReset, FileNotice, Game, GameMode, GameOver, Notice, Seat};
use crate::persist::SaveOnChange;
use crate::save::DataDir;
use bevy::prelude::*;
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
    /// A person here against a player on the network: from the person's side.
    Network,
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
            GameMode::Network { .. } => ModeKey::Network,
        }
    }

    /// Whether the row counts black's and white's wins (rather than a person's).
    #[must_use]
    pub fn by_colour(&self) -> bool {
        !matches!(self, ModeKey::VsComputer { .. } | ModeKey::Network)
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
            (
                player_key(game.seats.get(stone), stone),
                side(outcome, stone),
            )
        })
        .collect();
    let mode_side = match game.mode().human() {
        Some(human) => side(outcome, human),
        None => side(outcome, Stone::Black),
    };
    Counted {
        players,
        mode: (ModeKey::of(game.mode()), mode_side),
    }
}

/// The name a player's results are kept under: a computer by its level, a person or a
/// network opponent by the name given, an unnamed person by the colour (in English, so
/// that the key does not change with the language).
#[must_use]
pub fn player_key(seat: &Seat, stone: Stone) -> String {
    match seat {
        Seat::Computer { level } => crate::game::computer_record_name(*level),
        _ => seat.name().map_or_else(
            || match stone {
                Stone::Black => "Black".to_owned(),
                Stone::White => "White".to_owned(),
            },
            str::to_owned,
        ),
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

/// The statistics file, written when the counts change.
#[derive(Resource, Default)]
struct StatsFile(SaveOnChange);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LastCounted>()
        .add_message::<ResetStats>()
        .add_systems(Startup, load_stats)
        .add_systems(Update, (count_results, reset).in_set(GameSystems::React))
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
        notices.write(Notice::File(FileNotice::StatisticsUnreadable(problem)));
    }
    commands.insert_resource(StatsFile(SaveOnChange::holding(Some(stats.to_ron()))));
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
        // A puzzle is the trainer's to count (`puzzles/`), not a game's result.
        if !end.fresh() || game.in_puzzle() {
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
        notices.write(Notice::File(FileNotice::StatisticsCleared));
    }
}

fn save_stats(
    stats: Option<Res<Stats>>,
    data: Option<Res<DataDir>>,
    file: Option<ResMut<StatsFile>>,
    mut notices: MessageWriter<Notice>,
) {
    let (Some(stats), Some(data), Some(mut file)) = (stats, data, file) else {
        return;
    };
    if !stats.is_changed() {
        return;
    }
    let path = data.0.join(STATS_FILE);
    if let Some(error) = file.0.save(&path, Some(stats.to_ron())) {
        notices.write(Notice::File(FileNotice::StatisticsNotSaved { path, error }));
    }
}
