//! Shared helpers of the headless app tests: the game's logic plugins under `MinimalPlugins`
//! (English, files in a temporary folder), sending messages and reading state.

#![allow(dead_code)]

use bevy::prelude::*;
use gomoku::GameLogicPlugin;
use gomoku::game::Game;
use gomoku::i18n::Language;
use gomoku::settings::SettingsOverrides;
use gomoku_rules::Pos;
use gomoku_rules::notation::pos::parse_points;
use std::path::Path;

/// The game's logic plugins with their files in `dir`, in English, not yet updated.
pub fn logic_app(dir: &Path) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(GameLogicPlugin {
            data_dir: dir.to_path_buf(),
            config_dir: dir.to_path_buf(),
            overrides: SettingsOverrides {
                language: Some(Language::En),
                theme: None,
            },
        });
    app
}

/// `logic_app` after its first update.
pub fn app(dir: &Path) -> App {
    let mut app = logic_app(dir);
    app.update();
    app
}

/// Sends `message` and runs one update.
pub fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
    app.update();
}

/// The first point of a pos string on 15×15 (`h8`).
pub fn p(text: &str) -> Pos {
    parse_points(text, 15).unwrap()[0]
}

/// Takes every pending message of type `M`.
pub fn drain<M: Message>(app: &mut App) -> Vec<M> {
    app.world_mut()
        .resource_mut::<Messages<M>>()
        .drain()
        .collect()
}

pub fn game(app: &App) -> &Game {
    app.world().resource::<Game>()
}
