//! The player's settings, kept as RON in the platform's config folder (`settings.ron`):
//! language, theme, sound and volume, animation level, what the board shows, the new game's
//! rule, mode, level and names, and the window size. A file that cannot be read is set aside
//! and the defaults are used, with a message. `--lang` and `--theme` override them for one run.
//! The file is written only when a setting changes. The settings drive the language, the
//! active theme and what the board shows.

use crate::GameSystems;
use crate::game::{
    DEFAULT_LEVEL, FileNotice, GameCommand, GameMode, GameSetup, Notice, Seats, clean_name,
};
use crate::i18n::{self, Language};
use crate::persist::SaveOnChange;
use crate::theme::{ActiveTheme, Theme};
use bevy::prelude::*;
use gomoku_engine::Level;
use gomoku_rules::{ForbiddenPolicy, OpeningRule, Rule, Stone, TimeControl};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The settings file's name in the config folder.
pub const SETTINGS_FILE: &str = "settings.ron";

/// How much the board moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AnimationLevel {
    /// Every animation, at full length.
    #[default]
    Full,
    /// Shorter animations, no pulsing or sweeping.
    Reduced,
    /// Nothing moves: every change shows at once.
    Off,
}

impl AnimationLevel {
    pub const ALL: [AnimationLevel; 3] = [
        AnimationLevel::Full,
        AnimationLevel::Reduced,
        AnimationLevel::Off,
    ];

    /// The factor applied to every animation's length (0: none).
    #[must_use]
    pub fn speed_factor(self) -> f32 {
        match self {
            AnimationLevel::Full => 1.0,
            AnimationLevel::Reduced => 0.5,
            AnimationLevel::Off => 0.0,
        }
    }
}

/// Who plays a new game, as kept in the settings (levels by name, so the file stays readable).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ModeSetting {
    #[default]
    HotSeat,
    VsComputer {
        human: Stone,
        level: String,
    },
    ComputerVsComputer {
        black: String,
        white: String,
    },
}

impl ModeSetting {
    #[must_use]
    pub fn of(mode: GameMode) -> ModeSetting {
        match mode {
            GameMode::HotSeat => ModeSetting::HotSeat,
            GameMode::VsComputer { human, level } => ModeSetting::VsComputer {
                human,
                level: level.name().to_owned(),
            },
            GameMode::ComputerVsComputer { black, white } => ModeSetting::ComputerVsComputer {
                black: black.name().to_owned(),
                white: white.name().to_owned(),
            },
            // A network game is set up afresh each time.
            GameMode::Network { .. } => ModeSetting::HotSeat,
        }
    }

    #[must_use]
    pub fn mode(&self) -> GameMode {
        let level = |name: &str| Level::from_name(name).unwrap_or(DEFAULT_LEVEL);
        match self {
            ModeSetting::HotSeat => GameMode::HotSeat,
            ModeSetting::VsComputer { human, level: l } => GameMode::VsComputer {
                human: *human,
                level: level(l),
            },
            ModeSetting::ComputerVsComputer { black, white } => GameMode::ComputerVsComputer {
                black: level(black),
                white: level(white),
            },
        }
    }
}

/// Everything the player can set. Fields missing from an older file take their defaults.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub language: Language,
    pub theme: Theme,
    pub sound: bool,
    /// 0 to 1.
    pub volume: f32,
    pub animation: AnimationLevel,
    pub move_numbers: bool,
    pub coordinates: bool,
    pub forbidden_marks: bool,
    /// Fours and open threes marked on the board, per colour.
    pub threats: ThreatMarks,
    /// The new game's rule, forbidden-move policy, board size, opening rule, nigiri, time
    /// control, mode and names.
    pub rule: Rule,
    pub policy: ForbiddenPolicy,
    pub size: usize,
    pub opening: OpeningRule,
    pub nigiri: bool,
    pub clock: TimeControl,
    pub mode: ModeSetting,
    pub black_name: String,
    pub white_name: String,
    /// The window's size in logical pixels.
    pub window: (u32, u32),
    /// The name this player uses in network games, the port it hosts on, and the addresses
    /// it joined lately (newest first).
    pub net_name: String,
    pub net_port: u16,
    pub recent_addresses: Vec<String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            language: Language::system(),
            theme: Theme::default(),
            sound: true,
            volume: 0.7,
            animation: AnimationLevel::Full,
            move_numbers: false,
            coordinates: true,
            forbidden_marks: true,
            threats: ThreatMarks::default(),
            rule: Rule::Renju,
            policy: ForbiddenPolicy::Refuse,
            size: gomoku_rules::DEFAULT_SIZE,
            opening: OpeningRule::Free,
            nigiri: false,
            clock: TimeControl::Unlimited,
            mode: ModeSetting::HotSeat,
            black_name: String::new(),
            white_name: String::new(),
            window: DEFAULT_WINDOW,
            net_name: String::new(),
            net_port: gomoku_net::DEFAULT_PORT,
            recent_addresses: Vec::new(),
        }
    }
}

/// For which colours the board marks fours and open threes (off by default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ThreatMarks {
    pub black: bool,
    pub white: bool,
}

/// The window's size when nothing was saved.
pub const DEFAULT_WINDOW: (u32, u32) = (1200, 840);
/// The smallest window the layout is made for.
pub const MIN_WINDOW: (u32, u32) = (640, 480);

impl Settings {
    /// The new game these settings describe.
    #[must_use]
    pub fn setup(&self) -> GameSetup {
        let names = [clean_name(&self.black_name), clean_name(&self.white_name)];
        GameSetup {
            seats: Seats::default().for_mode(self.mode.mode(), names),
            rule: self.rule,
            policy: self.policy,
            size: self.size,
            opening: self.opening,
            nigiri: self.nigiri,
            clock: self.clock,
        }
    }

    /// Remembers a new game's choices for the next one (the names of the people in it).
    pub fn remember(&mut self, setup: &GameSetup) {
        self.mode = ModeSetting::of(setup.mode());
        self.rule = setup.rule;
        self.policy = setup.policy;
        self.size = setup.size;
        self.opening = setup.opening;
        self.nigiri = setup.nigiri;
        self.clock = setup.clock;
        for stone in [Stone::Black, Stone::White] {
            let seat = setup.seats.get(stone);
            if let crate::game::Seat::Local { name } = seat {
                let kept = match stone {
                    Stone::Black => &mut self.black_name,
                    Stone::White => &mut self.white_name,
                };
                *kept = name.clone().unwrap_or_default();
            }
        }
    }

    /// The window size, kept within sensible bounds.
    #[must_use]
    pub fn window_size(&self) -> (u32, u32) {
        (
            self.window.0.clamp(MIN_WINDOW.0, 7680),
            self.window.1.clamp(MIN_WINDOW.1, 4320),
        )
    }

    #[must_use]
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("settings always serialise")
    }
}

/// What reading the settings file gave.
#[derive(Debug, Clone, PartialEq)]
pub enum Loaded {
    /// The file was read.
    Read(Settings),
    /// No file yet: the defaults.
    Missing(Settings),
    /// The file could not be read; the defaults, and why.
    Broken(Settings, String),
}

impl Loaded {
    #[must_use]
    pub fn settings(&self) -> &Settings {
        match self {
            Loaded::Read(s) | Loaded::Missing(s) | Loaded::Broken(s, _) => s,
        }
    }
}

/// Reads `settings.ron` from `dir`.
#[must_use]
pub fn load(dir: &Path) -> Loaded {
    let path = dir.join(SETTINGS_FILE);
    match std::fs::read(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Loaded::Missing(Settings::default()),
        Err(e) => Loaded::Broken(Settings::default(), e.to_string()),
        Ok(bytes) => match std::str::from_utf8(&bytes)
            .map_err(|e| e.to_string())
            .and_then(|text| ron::from_str::<Settings>(text).map_err(|e| e.to_string()))
        {
            Ok(settings) => Loaded::Read(settings),
            Err(e) => Loaded::Broken(Settings::default(), e),
        },
    }
}

/// The folder of `settings.ron`.
#[derive(Resource, Clone, Debug)]
pub struct ConfigDir(pub PathBuf);

impl ConfigDir {
    /// The platform's config folder for the game (e.g. `~/.config/gomoku` on Linux).
    #[must_use]
    pub fn platform_default() -> ConfigDir {
        ConfigDir(
            directories::ProjectDirs::from("", "", "gomoku")
                .map(|dirs| dirs.config_dir().to_path_buf())
                .unwrap_or_else(|| PathBuf::from("gomoku-config")),
        )
    }

    #[must_use]
    pub fn file(&self) -> PathBuf {
        self.0.join(SETTINGS_FILE)
    }
}

/// `--lang` and `--theme`: used for this run instead of the settings, until the player picks
/// another language or theme.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettingsOverrides {
    pub language: Option<Language>,
    pub theme: Option<Theme>,
    /// `--threats`: the threats of both colours are marked in this run.
    pub threats: bool,
}

impl SettingsOverrides {
    #[must_use]
    pub fn language(&self, settings: &Settings) -> Language {
        self.language.unwrap_or(settings.language)
    }

    #[must_use]
    pub fn theme(&self, settings: &Settings) -> Theme {
        self.theme.unwrap_or(settings.theme)
    }
}

/// The problem met reading the settings, shown once the interface runs.
#[derive(Resource)]
struct LoadProblem(String);

/// Loads the settings of `dir` into the app; a broken file is set aside as
/// `settings.ron.broken` and reported.
pub fn install(app: &mut App, dir: PathBuf, overrides: SettingsOverrides) {
    let loaded = load(&dir);
    if let Loaded::Broken(_, why) = &loaded {
        let path = dir.join(SETTINGS_FILE);
        let _ = std::fs::rename(&path, path.with_extension("ron.broken"));
        app.insert_resource(LoadProblem(why.clone()));
    }
    let settings = loaded.settings().clone();
    i18n::set_language(overrides.language(&settings));
    // What the file holds already is not written again.
    let file = match &loaded {
        Loaded::Read(s) => SaveOnChange::holding(Some(s.to_ron())),
        Loaded::Missing(_) | Loaded::Broken(..) => SaveOnChange::default(),
    };
    app.insert_resource(ActiveTheme(overrides.theme(&settings)))
        .insert_resource(settings)
        .insert_resource(overrides)
        .insert_resource(SettingsFile(file))
        .insert_resource(ConfigDir(dir));
}

/// The settings file, written when a setting changes.
#[derive(Resource, Default)]
struct SettingsFile(SaveOnChange);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .init_resource::<SettingsOverrides>()
        .init_resource::<SettingsFile>()
        .init_resource::<ActiveTheme>()
        .add_systems(Startup, report_load_problem)
        .add_systems(
            Update,
            (apply_language, apply_theme, remember_new_games).in_set(GameSystems::Input),
        )
        .add_systems(Last, save_settings);
}

/// Remembers the window's size when the player resizes it.
pub(crate) fn view_plugin(app: &mut App) {
    app.add_systems(Update, remember_window_size);
}

fn remember_window_size(
    mut resized: MessageReader<bevy::window::WindowResized>,
    mut settings: ResMut<Settings>,
) {
    if let Some(last) = resized.read().last() {
        let size = (last.width.round() as u32, last.height.round() as u32);
        if size.0 >= MIN_WINDOW.0 && size.1 >= MIN_WINDOW.1 && settings.window != size {
            settings.window = size;
        }
    }
}

fn report_load_problem(
    mut commands: Commands,
    problem: Option<Res<LoadProblem>>,
    mut notices: MessageWriter<Notice>,
) {
    if let Some(problem) = problem {
        notices.write(Notice::File(FileNotice::SettingsUnreadable(
            problem.0.clone(),
        )));
        commands.remove_resource::<LoadProblem>();
    }
}

fn apply_language(settings: Res<Settings>, overrides: Res<SettingsOverrides>) {
    if settings.is_changed() || overrides.is_changed() {
        i18n::set_language(overrides.language(&settings));
    }
}

/// The theme shown follows the settings (or `--theme`).
fn apply_theme(
    settings: Res<Settings>,
    overrides: Res<SettingsOverrides>,
    mut active: ResMut<ActiveTheme>,
) {
    if settings.is_changed() || overrides.is_changed() {
        active.set_if_neq(ActiveTheme(overrides.theme(&settings)));
    }
}

/// A new game's rule, mode, level and names become the next one's defaults.
fn remember_new_games(mut commands: MessageReader<GameCommand>, mut settings: ResMut<Settings>) {
    for command in commands.read() {
        if let GameCommand::NewGame(setup) = command {
            let mut next = settings.clone();
            next.remember(setup);
            if next != *settings {
                *settings = next;
            }
        }
    }
}

fn save_settings(
    settings: Res<Settings>,
    dir: Res<ConfigDir>,
    mut file: ResMut<SettingsFile>,
    mut notices: MessageWriter<Notice>,
) {
    if !settings.is_changed() {
        return;
    }
    let path = dir.file();
    if let Some(error) = file.0.save(&path, Some(settings.to_ron())) {
        notices.write(Notice::File(FileNotice::SettingsNotSaved { path, error }));
    }
}
