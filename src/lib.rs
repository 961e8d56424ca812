//! 五子棋 / Gomoku & Renju: the Bevy game. The binary and the headless tests build their apps
//! from the plugins here; all rules live in the `gomoku-rules` crate, the computer player's
//! search in `gomoku-engine`.

pub mod ai;
pub mod anim;
pub mod board;
pub mod frame_stats;
pub mod game;
pub mod i18n;
pub mod net;
pub mod persist;
pub mod puzzles;
pub mod review;
pub mod save;
pub mod screenshot;
pub mod settings;
pub mod sound;
pub mod stats;
pub mod textures;
pub mod theme;
pub mod ui;

use bevy::prelude::*;

rust_i18n::i18n!("assets/locales", fallback = "en");
use std::path::PathBuf;

/// The one order of the game's `Update` systems, declared here and nowhere else: modules
/// only join a set with `in_set`.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSystems {
    /// Input becomes requests: keys, clicks, menu actions, file requests, settings.
    Input,
    /// The seats' controllers act: the computer's moves and answers.
    Seats,
    /// The match flow changes the game (`game`).
    Flow,
    /// Readers of what happened: stone entities, autosave, statistics, sound, dialogs.
    React,
    /// What is drawn follows the entities and state of this frame: marks, sprites, layout.
    Present,
}

/// Everything that needs no window: the match flow, stone entities, saving and autosave, the
/// interface's actions and dialogs state, the computer player, the game review and the
/// puzzle trainer. Tests
/// run it under `MinimalPlugins`.
pub struct GameLogicPlugin {
    /// Where saved games and the autosave live.
    pub data_dir: PathBuf,
    /// Where `settings.ron` lives.
    pub config_dir: PathBuf,
    /// `--lang` and `--theme` for this run.
    pub overrides: settings::SettingsOverrides,
}

impl Plugin for GameLogicPlugin {
    fn build(&self, app: &mut App) {
        settings::install(app, self.config_dir.clone(), self.overrides);
        app.configure_sets(
            Update,
            (
                GameSystems::Input,
                GameSystems::Seats,
                GameSystems::Flow,
                GameSystems::React,
                GameSystems::Present,
            )
                .chain(),
        )
        .insert_resource(save::DataDir(self.data_dir.clone()))
        .add_plugins((
            settings::plugin,
            game::plugin,
            board::stones::plugin,
            save::plugin,
            board::picking::input_plugin,
            ui::actions::plugin,
            ai::plugin,
            sound::plugin,
            stats::plugin,
            net::plugin,
            puzzles::plugin,
            review::plugin,
        ));
    }
}

/// Everything drawn: board, stones, marks, picking, the egui interface and screenshots.
/// Needs `DefaultPlugins` and `EguiPlugin`.
pub struct GameViewPlugin;

impl Plugin for GameViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            anim::plugin,
            textures::plugin,
            board::plugin,
            board::stones::view_plugin,
            ui::plugin,
            screenshot::plugin,
            ai::view::plugin,
            frame_stats::plugin,
            settings::view_plugin,
            sound::view_plugin,
            puzzles::view::plugin,
            review::view::plugin,
        ));
    }
}
