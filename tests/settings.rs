//! Settings: they survive a round trip through the file, a running game saves what the player
//! changes and remembers the last new game, an older file with fewer fields still loads, and a
//! corrupted file gives the defaults with a message instead of a crash.

use bevy::prelude::*;
use gomoku::GameLogicPlugin;
use gomoku::game::{FileNotice, GameCommand, GameMode, GameSetup, Notice, Seat, Seats, clean_name};
use gomoku::i18n::Language;
use gomoku::settings::{
    self, AnimationLevel, Loaded, ModeSetting, SETTINGS_FILE, Settings, SettingsOverrides,
    ThreatMarks,
};
use gomoku::theme::{ActiveTheme, Theme};
use gomoku_engine::Level;
use gomoku_rules::{ForbiddenPolicy, Rule, Stone};
use std::path::Path;

fn app(dir: &Path, overrides: SettingsOverrides) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(GameLogicPlugin {
            data_dir: dir.to_path_buf(),
            config_dir: dir.to_path_buf(),
            overrides,
        });
    app.update();
    app
}

fn english() -> SettingsOverrides {
    SettingsOverrides {
        language: Some(Language::En),
        ..Default::default()
    }
}

fn custom() -> Settings {
    Settings {
        language: Language::Zh,
        theme: Theme::Dark,
        sound: false,
        volume: 0.35,
        animation: AnimationLevel::Reduced,
        move_numbers: true,
        coordinates: false,
        forbidden_marks: false,
        threats: ThreatMarks {
            black: true,
            white: false,
        },
        rule: Rule::Standard,
        policy: ForbiddenPolicy::Lose,
        size: 19,
        opening: gomoku_rules::OpeningRule::Swap2,
        nigiri: true,
        clock: "10m/5x30s".parse().unwrap(),
        mode: ModeSetting::VsComputer {
            human: Stone::White,
            level: "Expert".into(),
        },
        black_name: "Ann".into(),
        white_name: "小明".into(),
        window: (1400, 900),
        net_name: "小明".into(),
        net_port: 6000,
        recent_addresses: vec!["127.0.0.1:6000".into(), "[::1]".into()],
    }
}

#[test]
fn settings_round_trip_through_the_file() {
    let dir = tempfile::tempdir().unwrap();
    assert!(matches!(settings::load(dir.path()), Loaded::Missing(_)));
    let written = custom();
    std::fs::write(dir.path().join(SETTINGS_FILE), written.to_ron()).unwrap();
    assert_eq!(settings::load(dir.path()), Loaded::Read(written.clone()));
    assert_eq!(
        written.setup().mode(),
        GameMode::VsComputer {
            human: Stone::White,
            level: Level::Expert
        }
    );
}

#[test]
fn the_running_game_saves_changes_and_remembers_the_last_new_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path(), english());
    // The board options changed from the panel reach the file.
    {
        let mut settings = app.world_mut().resource_mut::<Settings>();
        settings.move_numbers = true;
        settings.theme = Theme::Dark;
        settings.volume = 0.25;
    }
    app.world_mut()
        .write_message(GameCommand::NewGame(GameSetup {
            seats: Seats::new(
                Seat::local("Ann"),
                Seat::Computer {
                    level: Level::Novice,
                },
            ),
            rule: Rule::Freestyle,
            ..GameSetup::default()
        }));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<ActiveTheme>().0, Theme::Dark);
    let Loaded::Read(saved) = settings::load(dir.path()) else {
        panic!("no settings file");
    };
    assert!(saved.move_numbers);
    assert_eq!(saved.theme, Theme::Dark);
    assert_eq!(saved.volume, 0.25);
    assert_eq!(saved.rule, Rule::Freestyle);
    assert_eq!(saved.black_name, "Ann");
    assert_eq!(
        saved.mode,
        ModeSetting::VsComputer {
            human: Stone::Black,
            level: "Novice".into()
        }
    );

    // The next run starts from them, the new game's form with the remembered names.
    let again = self::app(dir.path(), english());
    assert!(again.world().resource::<Settings>().move_numbers);
    assert_eq!(again.world().resource::<ActiveTheme>().0, Theme::Dark);
    let setup = again.world().resource::<Settings>().setup();
    assert_eq!(setup.seats.black, Seat::local("Ann"));
    assert_eq!(clean_name(""), None);
}

#[test]
fn nothing_is_written_while_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(SETTINGS_FILE);
    std::fs::write(&path, custom().to_ron()).unwrap();
    let written = std::fs::metadata(&path).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    let mut app = app(dir.path(), english());
    for _ in 0..20 {
        app.update();
    }
    // The settings are touched without a change of value: still not written.
    app.world_mut().resource_mut::<Settings>().set_changed();
    app.update();
    assert_eq!(
        std::fs::metadata(&path).unwrap().modified().unwrap(),
        written,
        "the settings file was rewritten with the same contents"
    );
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        vec![SETTINGS_FILE.to_owned()],
        "no other file appeared"
    );
}

#[test]
fn command_line_overrides_last_one_run_and_are_not_saved() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(
        dir.path(),
        SettingsOverrides {
            language: Some(Language::En),
            theme: Some(Theme::Dark),
            ..Default::default()
        },
    );
    assert_eq!(app.world().resource::<ActiveTheme>().0, Theme::Dark);
    app.world_mut().resource_mut::<Settings>().volume = 0.5;
    app.update();
    let Loaded::Read(saved) = settings::load(dir.path()) else {
        panic!("no settings file");
    };
    assert_eq!(saved.theme, Theme::Light, "--theme is not written back");
}

#[test]
fn an_older_file_with_fewer_fields_keeps_the_defaults_for_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(SETTINGS_FILE), "(theme: Dark, volume: 0.2)").unwrap();
    let Loaded::Read(read) = settings::load(dir.path()) else {
        panic!("the file was not read");
    };
    assert_eq!(read.theme, Theme::Dark);
    assert_eq!(read.volume, 0.2);
    assert_eq!(read.rule, Settings::default().rule);
    assert!(read.coordinates);
}

#[test]
fn a_corrupted_settings_file_resets_to_the_defaults_with_a_message() {
    for garbage in [
        &b"(theme: Purple, volume: \"loud\""[..],
        &b"\xff\xfe\x00garbage"[..],
        &b""[..],
    ] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(SETTINGS_FILE);
        std::fs::write(&path, garbage).unwrap();
        let mut app = app(dir.path(), english());
        let defaults = Settings::default();
        let settings = app.world().resource::<Settings>().clone();
        assert_eq!(settings.theme, defaults.theme);
        assert_eq!(settings.volume, defaults.volume);
        assert_eq!(settings.mode, defaults.mode);
        let notices: Vec<Notice> = app
            .world_mut()
            .resource_mut::<Messages<Notice>>()
            .drain()
            .collect();
        assert!(
            notices
                .iter()
                .any(|n| n.is_error()
                    && matches!(n, Notice::File(FileNotice::SettingsUnreadable(_)))),
            "{notices:?}"
        );
        assert!(
            path.with_extension("ron.broken").exists(),
            "the broken file is kept aside"
        );
        // The game runs on, and the next change writes a good file.
        app.world_mut().resource_mut::<Settings>().sound = false;
        app.update();
        assert!(matches!(settings::load(dir.path()), Loaded::Read(s) if !s.sound));
    }
}
