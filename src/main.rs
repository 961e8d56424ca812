//! Launches the game window: parses the command line and composes the plugins.

mod cli;

use bevy::prelude::*;
use bevy::window::WindowResizeConstraints;
use bevy::winit::WinitSettings;
use clap::Parser;
use gomoku::ai::{AiSettings, MASTER_SECONDS, PACE_SECONDS, StartupRequests};
use gomoku::frame_stats::FrameStats;
use gomoku::game::{GameSetup, StartupGame};
use gomoku::save::{self, DataDir};
use gomoku::screenshot::ScreenshotRequest;
use gomoku::settings::{self, ConfigDir, MIN_WINDOW, SettingsOverrides};
use gomoku::ui::actions::UiAction;
use gomoku::{GameLogicPlugin, GameViewPlugin};
use gomoku_rules::ForbiddenPolicy;
use gomoku_rules::notation::pos;
use gomoku_rules::save::{Players, SavedGame};
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
    };
    let saved_settings = settings::load(&config_dir).settings().clone();
    gomoku::i18n::set_language(overrides.language(&saved_settings));
    let startup = match first_game(&cli, saved_settings.setup()) {
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
                resolution: saved_settings.window_size().into(),
                resize_constraints: WindowResizeConstraints {
                    min_width: MIN_WINDOW.0 as f32,
                    min_height: MIN_WINDOW.1 as f32,
                    ..default()
                },
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
    .insert_resource(startup)
    .insert_resource(ai_settings(&cli));
    if cli.frame_stats {
        app.insert_resource(FrameStats::default());
    }
    if let Some(show) = cli.show {
        let action = match show {
            cli::ShowArg::Help => UiAction::Help,
            cli::ShowArg::Statistics => UiAction::Statistics,
        };
        app.add_systems(
            Update,
            (move |mut actions: MessageWriter<UiAction>| {
                actions.write(action.clone());
            })
            .run_if(run_once),
        );
    }
    if cli.analysis || cli.hint {
        app.insert_resource(StartupRequests {
            analysis: cli.analysis,
            hint: cli.hint,
        });
    }
    if let Some(path) = cli.screenshot {
        app.insert_resource(WinitSettings::continuous())
            .insert_resource(ScreenshotRequest {
                path,
                after_frames: cli.after_frames,
                settle: cli.settle,
            });
    } else {
        app.insert_resource(WinitSettings::desktop_app());
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

/// The computer's settings from `--master-time`, `--pace` and `--seed`.
fn ai_settings(cli: &cli::Cli) -> AiSettings {
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
/// `--moves`.
fn first_game(cli: &cli::Cli, mut setup: GameSetup) -> Result<StartupGame, String> {
    let mode = cli.game_mode();
    if let Some(mode) = mode {
        setup.mode = mode;
    }
    if let Some(rule) = cli.rule {
        setup.rule = rule.into();
    }
    if cli.strict {
        setup.policy = ForbiddenPolicy::Lose;
    }
    let mut saved = match &cli.open {
        Some(path) => Some(save::read_file(path, setup.rule)?),
        None => None,
    };
    if let Some(moves) = &cli.moves {
        let base = saved.take().unwrap_or_else(|| SavedGame {
            record: gomoku_rules::GameRecord::new(setup.rule, gomoku_rules::DEFAULT_SIZE),
            players: Players::default(),
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
        if mode.is_some() {
            saved.players = GameSetup {
                black: saved.players.black.name.clone(),
                white: saved.players.white.name.clone(),
                ..setup.clone()
            }
            .players();
        }
    }
    Ok(StartupGame {
        setup,
        saved,
        fresh: mode.is_some(),
    })
}
