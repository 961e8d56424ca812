//! Launches the game window: parses the command line and composes the plugins.

mod cli;

use bevy::prelude::*;
use bevy::window::WindowResizeConstraints;
use bevy::winit::WinitSettings;
use clap::Parser;
use gomoku::screenshot::ScreenshotRequest;
use gomoku::{GameLogicPlugin, GameViewPlugin};

fn main() -> AppExit {
    let cli = cli::Cli::parse();
    let mut app = App::new();
    app.add_plugins((
        DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "五子棋 Gomoku".into(),
                resolution: (1200, 840).into(),
                resize_constraints: WindowResizeConstraints {
                    min_width: 820.0,
                    min_height: 560.0,
                    ..default()
                },
                ..default()
            }),
            ..default()
        }),
        bevy_egui::EguiPlugin::default(),
        GameLogicPlugin,
        GameViewPlugin,
    ));
    if let Some(path) = cli.screenshot {
        app.insert_resource(WinitSettings::continuous())
            .insert_resource(ScreenshotRequest {
                path,
                after_frames: cli.after_frames,
            });
    } else {
        app.insert_resource(WinitSettings::desktop_app());
    }
    app.run()
}
