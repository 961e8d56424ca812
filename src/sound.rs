//! Sound: a stone click (one of three, with a slightly varied pitch), undo, win, loss and draw
//! cues, and a soft click for the interface. The sounds are made by `scripts/make_sounds.py`
//! and built into the binary. Volume and mute come from the settings; without an audio device
//! Bevy logs a warning and the game runs silently.

use crate::GameSystems;
use crate::game::{BoardReset, Game, GameOver, StonePlaced, StoneRemoved};
use crate::settings::Settings;
use crate::ui::actions::UiAction;
use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;
use gomoku_rules::Outcome;

/// The cues the game plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    Stone,
    Undo,
    Win,
    Loss,
    Draw,
    Click,
    /// A person's clock runs low (once), then each of its last ten seconds.
    LowTime,
}

/// The sounds, built into the binary.
#[derive(Resource)]
struct Sounds {
    stones: [Handle<AudioSource>; 3],
    undo: Handle<AudioSource>,
    win: Handle<AudioSource>,
    loss: Handle<AudioSource>,
    draw: Handle<AudioSource>,
    click: Handle<AudioSource>,
}

/// The cues asked for this frame (headless: what would be played).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayCue(pub Cue);

/// Chooses the cues (runs headless).
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<PlayCue>().add_systems(
        Update,
        (choose_cues, low_time_cues).in_set(GameSystems::React),
    );
}

/// Plays the cues (needs Bevy's audio plugin).
pub(crate) fn view_plugin(app: &mut App) {
    app.add_systems(Startup, load_sounds)
        .add_systems(Update, play_cues.in_set(GameSystems::Present));
}

fn load_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let mut add = |bytes: &'static [u8]| {
        sources.add(AudioSource {
            bytes: bytes.into(),
        })
    };
    commands.insert_resource(Sounds {
        stones: [
            add(include_bytes!("../assets/sounds/stone1.wav")),
            add(include_bytes!("../assets/sounds/stone2.wav")),
            add(include_bytes!("../assets/sounds/stone3.wav")),
        ],
        undo: add(include_bytes!("../assets/sounds/undo.wav")),
        win: add(include_bytes!("../assets/sounds/win.wav")),
        loss: add(include_bytes!("../assets/sounds/loss.wav")),
        draw: add(include_bytes!("../assets/sounds/draw.wav")),
        click: add(include_bytes!("../assets/sounds/click.wav")),
    });
}

/// One click per move played (not for the stones of a game being loaded), the undo sound,
/// the result's cue (a loss when the person playing the computer lost), and a soft click for
/// the interface's buttons.
fn choose_cues(
    game: Res<Game>,
    mut resets: MessageReader<BoardReset>,
    mut placed: MessageReader<StonePlaced>,
    mut removed: MessageReader<StoneRemoved>,
    mut over: MessageReader<GameOver>,
    mut actions: MessageReader<UiAction>,
    mut cues: MessageWriter<PlayCue>,
) {
    let reset = resets.read().count() > 0;
    let stones = placed.read().count();
    if !reset && stones > 0 {
        cues.write(PlayCue(Cue::Stone));
    }
    if removed.read().count() > 0 {
        cues.write(PlayCue(Cue::Undo));
    }
    if let Some(end) = over.read().last()
        && !reset
    {
        let cue = match end.result.outcome {
            Outcome::Draw => Cue::Draw,
            Outcome::Win(winner) => match game.mode().human() {
                Some(human) if human != winner => Cue::Loss,
                _ => Cue::Win,
            },
        };
        cues.write(PlayCue(cue));
    }
    let clicked = actions.read().any(|a| {
        !matches!(
            a,
            UiAction::Menu
                | UiAction::Close
                | UiAction::Undo
                | UiAction::Redo
                | UiAction::Replay(_)
                | UiAction::ReplayTo(_)
        )
    });
    if clicked {
        cues.write(PlayCue(Cue::Click));
    }
}

/// The low-time warning of a person here: a cue when their running clock turns low, then one
/// for each of its last ten seconds.
fn low_time_cues(
    game: Res<Game>,
    mut cues: MessageWriter<PlayCue>,
    mut last: Local<Option<(gomoku_rules::Side, u64)>>,
) {
    let low = game
        .record
        .clock()
        .filter(|_| game.in_progress() && game.pending.is_none())
        .and_then(|clock| {
            let side = clock.running()?;
            let local = game.seats.actor(game.record.colour_of(side)) == crate::game::Actor::Local;
            let left = clock.remaining(side)?;
            (local && clock.is_low(side)).then_some((side, left.as_secs()))
        });
    let Some((side, secs)) = low else {
        *last = None;
        return;
    };
    let due = match *last {
        Some((s, prev)) if s == side => secs < 10 && secs != prev,
        _ => true,
    };
    if due {
        cues.write(PlayCue(Cue::LowTime));
    }
    *last = Some((side, secs));
}

fn play_cues(
    mut commands: Commands,
    mut cues: MessageReader<PlayCue>,
    sounds: Option<Res<Sounds>>,
    settings: Res<Settings>,
) {
    let Some(sounds) = sounds else {
        cues.clear();
        return;
    };
    for PlayCue(cue) in cues.read() {
        if !settings.sound || settings.volume <= 0.0 {
            continue;
        }
        let (handle, speed, level) = match cue {
            Cue::Stone => (
                sounds.stones[fastrand::usize(..3)].clone(),
                0.94 + fastrand::f32() * 0.12,
                0.9 + fastrand::f32() * 0.1,
            ),
            Cue::Undo => (sounds.undo.clone(), 1.0, 0.6),
            Cue::Win => (sounds.win.clone(), 1.0, 0.7),
            Cue::Loss => (sounds.loss.clone(), 1.0, 0.7),
            Cue::Draw => (sounds.draw.clone(), 1.0, 0.7),
            Cue::Click => (sounds.click.clone(), 1.0, 0.5),
            Cue::LowTime => (sounds.click.clone(), 1.6, 0.9),
        };
        commands.spawn((
            Name::new("Sound"),
            AudioPlayer::new(handle),
            PlaybackSettings::DESPAWN
                .with_volume(Volume::Linear(settings.volume.clamp(0.0, 1.0) * level))
                .with_speed(speed),
        ));
    }
}
