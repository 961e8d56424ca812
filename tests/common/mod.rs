//! Shared helpers of the headless app tests: the game's logic plugins under `MinimalPlugins`
//! (English, files in a temporary folder), sending messages and reading state.

#![allow(dead_code)]

use bevy::prelude::*;
use gomoku::GameLogicPlugin;
use gomoku::game::{Actor, Game, GameMode, GameSetup, MoveRequest, Notice, Seats, clean_name};
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
                ..default()
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

/// A setup of `mode` and `rule`; people named as given ("" for no name).
pub fn setup(mode: GameMode, rule: gomoku_rules::Rule, black: &str, white: &str) -> GameSetup {
    GameSetup {
        seats: Seats::default().for_mode(mode, [clean_name(black), clean_name(white)]),
        rule,
        ..GameSetup::default()
    }
}

/// A person's clicks on the points of a pos string, one update for all of them (each made
/// for the position the one before it leaves).
pub fn click(app: &mut App, pos: &str) {
    let points = parse_points(pos, 15).unwrap();
    let before = game(app).record.moves().len();
    for (i, p) in points.into_iter().enumerate() {
        app.world_mut().write_message(MoveRequest {
            pos: p,
            from: Actor::Local,
            moves_before: before + i,
        });
    }
    app.update();
}

/// The notices sent since the last drain, in English.
pub fn notice_texts(app: &mut App) -> Vec<String> {
    let notices = drain::<Notice>(app);
    let game = game(app);
    notices
        .iter()
        .map(|n| gomoku::ui::words::notice_text(n, game))
        .collect()
}
