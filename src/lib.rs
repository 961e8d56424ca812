//! 五子棋 / Gomoku & Renju: the Bevy game. The binary and the headless tests build their apps
//! from the plugins here; all rules live in the `gomoku-rules` crate.

pub mod board;
pub mod game;
pub mod screenshot;
pub mod textures;
pub mod ui;

use bevy::prelude::*;

/// Game logic that needs no window: the match flow. Tests run it under `MinimalPlugins`.
pub struct GameLogicPlugin;

impl Plugin for GameLogicPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(game::plugin);
    }
}

/// Everything drawn: board, stones, interface, screenshots. Needs `DefaultPlugins` and egui.
pub struct GameViewPlugin;

impl Plugin for GameViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            textures::plugin,
            board::plugin,
            ui::plugin,
            screenshot::plugin,
        ));
    }
}
