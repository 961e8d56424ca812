//! Animations and sound cues, headless: an animation asks for frames only while it runs and
//! ends at rest; the animation setting "Off" starts none; the game asks for the right cue for a
//! move, an undo, a win, a loss against the computer, and none for a game being loaded.

mod common;

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use gomoku::anim::{self, LiftOut, Motion, Pulse, ScaleIn, Tween};
use gomoku::game::{Actor, GameCommand, GameMode, MoveRequest, ProposalKind, Propose};
use gomoku::settings::{AnimationLevel, Settings};
use gomoku::sound::{Cue, PlayCue};
use gomoku_engine::Level;
use gomoku_rules::notation::pos::parse_points;
use gomoku_rules::save::SavedGame;
use gomoku_rules::{GameRecord, Rule, Stone};
use std::time::Duration;

fn anim_app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin))
        .add_message::<RequestRedraw>()
        .insert_resource(Settings::default())
        .add_plugins(anim::plugin);
    app.update();
    app
}

fn redraws(app: &mut App) -> usize {
    app.world_mut()
        .resource_mut::<Messages<RequestRedraw>>()
        .drain()
        .count()
}

fn now(app: &App) -> f32 {
    app.world().resource::<Time<Real>>().elapsed_secs()
}

#[test]
fn an_animation_redraws_while_it_runs_then_rests() {
    let mut app = anim_app();
    let start = now(&app);
    let drop = app
        .world_mut()
        .spawn((
            Transform::default(),
            ScaleIn {
                tween: Tween {
                    start,
                    duration: 0.08,
                },
                from: 1.3,
            },
        ))
        .id();
    let pulse = app
        .world_mut()
        .spawn((
            Transform::default(),
            Pulse {
                tween: Tween {
                    start,
                    duration: 0.12,
                },
                base: 1.0,
            },
        ))
        .id();
    let lifted = app
        .world_mut()
        .spawn((
            Transform::default(),
            Sprite::default(),
            LiftOut {
                tween: Tween {
                    start,
                    duration: 0.05,
                },
                grow: 0.25,
            },
        ))
        .id();
    app.update();
    let scale = app.world().get::<Transform>(drop).unwrap().scale.x;
    assert!(scale > 1.0 && scale <= 1.3, "dropping: {scale}");
    assert!(redraws(&mut app) > 0, "a running animation asks for frames");

    std::thread::sleep(Duration::from_millis(150));
    app.update();
    app.update();
    assert_eq!(app.world().get::<Transform>(drop).unwrap().scale.x, 1.0);
    assert!(app.world().get::<ScaleIn>(drop).is_none());
    assert_eq!(app.world().get::<Transform>(pulse).unwrap().scale.x, 1.0);
    assert!(app.world().get::<Pulse>(pulse).is_none());
    assert!(
        app.world().get_entity(lifted).is_err(),
        "a lifted stone goes"
    );
    redraws(&mut app);
    app.update();
    assert_eq!(redraws(&mut app), 0, "at rest nothing asks for frames");
}

fn cues(app: &mut App) -> Vec<Cue> {
    app.world_mut()
        .resource_mut::<Messages<PlayCue>>()
        .drain()
        .map(|c| c.0)
        .collect()
}

fn play(app: &mut App, moves: &str) {
    for p in parse_points(moves, 15).unwrap() {
        let request = common::game(app).local_move(p);
        app.world_mut().write_message(request);
        app.update();
    }
}

#[test]
fn moves_undo_and_results_have_their_cues() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = common::app(dir.path());
    app.world_mut()
        .write_message(GameCommand::NewGame(common::setup(
            GameMode::HotSeat,
            Rule::Freestyle,
            "",
            "",
        )));
    app.update();
    cues(&mut app);
    play(&mut app, "h8");
    assert_eq!(cues(&mut app), vec![Cue::Stone]);
    app.world_mut().write_message(Propose {
        kind: ProposalKind::Undo,
        from: Actor::Local,
    });
    app.update();
    assert_eq!(cues(&mut app), vec![Cue::Undo]);
    play(&mut app, "h8a1h9a2h10a3h11a4");
    cues(&mut app);
    play(&mut app, "h12");
    assert_eq!(cues(&mut app), vec![Cue::Stone, Cue::Win]);

    // Losing to the computer sounds different from winning.
    let mut record = GameRecord::new(Rule::Freestyle, 15);
    record
        .play_all(&parse_points("a1h8a2h9a3h10a4h11", 15).unwrap())
        .unwrap();
    let mut saved = SavedGame {
        record,
        players: common::setup(
            GameMode::VsComputer {
                human: Stone::White,
                level: Level::Beginner,
            },
            Rule::Freestyle,
            "",
            "",
        )
        .seats
        .players(),
    };
    saved
        .record
        .set_policy(gomoku_rules::ForbiddenPolicy::Refuse);
    app.world_mut()
        .write_message(GameCommand::Load(Box::new(saved)));
    app.update();
    assert!(
        !cues(&mut app).contains(&Cue::Stone),
        "loading a game is silent"
    );
    // The computer (black) completes its five.
    app.world_mut().write_message(MoveRequest {
        pos: parse_points("a5", 15).unwrap()[0],
        from: Actor::Computer,
        moves_before: 8,
    });
    app.update();
    let heard = cues(&mut app);
    assert!(heard.contains(&Cue::Loss), "{heard:?}");
}

#[test]
fn the_animation_setting_shortens_or_removes_them() {
    let mut app = anim_app();
    app.world_mut().resource_mut::<Settings>().animation = AnimationLevel::Off;
    app.update();
    let tween = |app: &mut App| {
        app.world_mut()
            .run_system_once(|motion: Motion| motion.tween(anim::DROP_SECONDS))
            .unwrap()
    };
    assert_eq!(tween(&mut app), None, "no stone drops in");
    app.world_mut().resource_mut::<Settings>().animation = AnimationLevel::Reduced;
    app.update();
    let reduced = tween(&mut app).expect("reduced animations run");
    assert_eq!(reduced.duration, anim::DROP_SECONDS * 0.5);
    app.world_mut().resource_mut::<Settings>().animation = AnimationLevel::Full;
    app.update();
    assert!(tween(&mut app).is_some_and(|t| t.duration == anim::DROP_SECONDS));
}
