//! Launches the game window: parses the command line and composes the plugins.

mod cli;

use bevy::prelude::*;
use bevy::window::WindowResizeConstraints;
use bevy::winit::WinitSettings;
use clap::Parser;
use gomoku::ai::StartupRequests;
use gomoku::frame_stats::FrameStats;
use gomoku::review::StartupReview;
use gomoku::save::{self, DataDir};
use gomoku::screenshot::ScreenshotRequest;
use gomoku::settings::{self, ConfigDir, MIN_WINDOW, SettingsOverrides};
use gomoku::ui::actions::UiAction;
use gomoku::ui::idle::ReactiveWindow;
use gomoku::{GameLogicPlugin, GameViewPlugin};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    // With --data-dir everything stays in that folder (tests, screenshots, portable use).
    let config_dir = cli
        .data_dir
        .clone()
        .unwrap_or_else(|| ConfigDir::platform_default().0);
    let overrides = SettingsOverrides {
        language: cli.lang.map(Into::into),
        theme: cli.theme.map(Into::into),
        threats: cli.threats,
    };
    let saved_settings = settings::load(&config_dir).settings().clone();
    gomoku::i18n::set_language(overrides.language(&saved_settings));
    let startup = match cli::first_game(&cli, saved_settings.setup()) {
        Ok(startup) => startup,
        Err(message) => {
            eprintln!("gomoku: {message}");
            return ExitCode::from(2);
        }
    };
    let data_dir = cli
        .data_dir
        .clone()
        .unwrap_or_else(|| DataDir::platform_default().0);

    let mut app = App::new();
    app.add_plugins((
        DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "五子棋 Gomoku".into(),
                resolution: cli.window.unwrap_or(saved_settings.window_size()).into(),
                resize_constraints: WindowResizeConstraints {
                    min_width: MIN_WINDOW.0 as f32,
                    min_height: MIN_WINDOW.1 as f32,
                    ..default()
                },
                // Shown once the board is drawn (`ui/reveal.rs`).
                visible: false,
                ..default()
            }),
            // The close button asks first while a game is on.
            close_when_requested: false,
            ..default()
        }),
        bevy_egui::EguiPlugin::default(),
        GameLogicPlugin {
            data_dir,
            config_dir,
            overrides,
        },
        GameViewPlugin,
    ))
    .insert_resource(cli::ai_settings(&cli));
    // A file that could not be opened is reported in the window (and, for scripts, on
    // stderr and in the exit code).
    let failed_open = startup.problem.is_some();
    app.insert_resource(startup);
    if cli.frame_stats {
        app.insert_resource(FrameStats::default());
    }
    if let Some(show) = cli.show {
        let action = match show {
            cli::ShowArg::Help => UiAction::Help,
            cli::ShowArg::Statistics => UiAction::Statistics,
            cli::ShowArg::Open => UiAction::OpenDialog,
        };
        app.add_systems(
            Update,
            (move |mut actions: MessageWriter<UiAction>| {
                actions.write(action.clone());
            })
            .run_if(run_once),
        );
    }
    match cli::startup_puzzle(&cli) {
        Ok(Some(puzzle)) => {
            app.insert_resource(puzzle);
        }
        Ok(None) if cli.puzzles.is_some() => {
            app.add_systems(
                Update,
                (|mut actions: MessageWriter<UiAction>| {
                    actions.write(UiAction::Puzzles);
                })
                .run_if(run_once),
            );
        }
        Ok(None) => {}
        Err(message) => {
            eprintln!("gomoku: {message}");
            return ExitCode::from(2);
        }
    }
    if let Some(command) = cli::net_command(&cli, &saved_settings.net_name, cli.color.into()) {
        app.add_systems(Update, gomoku::net::send_once(command));
    }
    if cli.analysis || cli.hint {
        app.insert_resource(StartupRequests {
            analysis: cli.analysis,
            hint: cli.hint,
        });
    }
    if let Some(n) = cli.replay {
        app.add_systems(
            Update,
            (move |mut actions: MessageWriter<UiAction>| {
                actions.write(UiAction::ReplayTo(n));
            })
            .run_if(run_once),
        );
    }
    if let Some(path) = &cli.review {
        // The analysis saved with the game is shown; without one the game is analysed.
        let saved = std::fs::read_to_string(path)
            .ok()
            .and_then(|text| save::saved_review(&text))
            .and_then(Result::ok);
        app.insert_resource(StartupReview(saved));
    }
    if let Some(path) = cli.screenshot {
        app.insert_resource(WinitSettings::continuous())
            .insert_resource(ScreenshotRequest {
                path,
                after_frames: cli.after_frames,
                settle: cli.settle,
            });
    } else {
        app.insert_resource(WinitSettings::desktop_app())
            .insert_resource(ReactiveWindow);
    }
    match app.run() {
        AppExit::Success if failed_open => ExitCode::from(2),
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
