//! Keeps the window idle when nothing happens, and wakes it exactly when something timed is
//! due. bevy_egui 0.42 hands egui a `ModifiersChanged` event every frame; egui treats any event
//! as a reason to repaint at once, so the app would redraw continuously: only real modifier
//! changes are passed on. Between events the app sleeps until the next notice leaves the
//! screen, or the next change of a running clock, a quarter of a second while a game is analysed, or a second while a network game is on (whose link wakes it when the other player
//! sends something), or an hour; after a resize or a change of scale it redraws a few frames so that the
//! layout settles without waiting for input.

use super::dialogs::Toasts;
use crate::game::Game;
use crate::net::Network;
use crate::review::ReviewState;
use bevy::prelude::*;
use bevy::window::{RequestRedraw, WindowResized, WindowScaleFactorChanged};
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::{EguiInput, EguiInputSet, EguiPreUpdateSet, egui};
use std::time::Duration;

/// The longest sleep between two updates when nothing is due.
const IDLE_WAIT: Duration = Duration::from_secs(3600);
/// How often a network game looks at its connection while nothing else happens. What the
/// other player sends wakes the app at once (the link calls the event loop's waker, see
/// `net/start.rs`); this only bounds how late a status change could show if a wake-up were lost.
const NETWORK_POLL: Duration = Duration::from_secs(1);
/// How often the review's progress bar moves while a game is analysed.
const REVIEW_POLL: Duration = Duration::from_millis(250);
/// Frames drawn after a resize, for the layout to settle.
const SETTLE_FRAMES: u32 = 3;

/// Present when the window updates only on events (not for screenshots, which update
/// continuously): the wake-up time follows what is on screen.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct ReactiveWindow;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        drop_unchanged_modifiers
            .after(EguiInputSet::WriteEguiEvents)
            .before(EguiPreUpdateSet::BeginPass),
    )
    .add_systems(
        Last,
        (schedule_wake_up, settle_after_resize).run_if(resource_exists::<ReactiveWindow>),
    );
}

/// The sleep until the next timed change: a notice leaving the screen, or (while a network
/// game is on) the next look at the connection, so that the other player's moves show
/// without input.
fn schedule_wake_up(
    time: Res<Time>,
    toasts: Res<Toasts>,
    network: Option<Res<Network>>,
    game: Res<Game>,
    review: Option<Res<ReviewState>>,
    mut winit: ResMut<WinitSettings>,
) {
    let mut wait = toasts.next_expiry().map_or(IDLE_WAIT, |at| {
        // A little after the deadline, so that the notice is gone when the frame comes.
        Duration::from_secs_f64((at - time.elapsed_secs_f64()).max(0.0) + 0.05)
    });
    if review.is_some_and(|r| r.running()) {
        wait = wait.min(REVIEW_POLL);
    }
    if network.is_some_and(|n| n.active()) {
        wait = wait.min(NETWORK_POLL);
    }
    if let Some(next) = next_clock_change(&game) {
        wait = wait.min(next);
    }
    // Only window events (and redraw requests) wake the app: mouse movement elsewhere on the
    // screen does not.
    let mode = UpdateMode::reactive_low_power(wait);
    if winit.focused_mode != mode || winit.unfocused_mode != mode {
        winit.focused_mode = mode;
        winit.unfocused_mode = mode;
    }
}

/// While a player's clock runs: the time until its display changes (the next whole second,
/// or the next tenth below ten seconds), which is also when a flag can fall.
fn next_clock_change(game: &Game) -> Option<Duration> {
    let clock = game.record.clock()?;
    let side = clock.running()?;
    if !game.in_progress() || game.pending.is_some() {
        return None;
    }
    let left = clock.remaining(side)?.as_millis() as u64;
    let step = if left < 10_000 { 100 } else { 1000 };
    Some(Duration::from_millis(left % step + 5))
}

fn settle_after_resize(
    mut resized: MessageReader<WindowResized>,
    mut scaled: MessageReader<WindowScaleFactorChanged>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut frames: Local<u32>,
) {
    if resized.read().count() + scaled.read().count() > 0 {
        *frames = SETTLE_FRAMES;
    }
    if *frames > 0 {
        *frames -= 1;
        redraw.write(RequestRedraw);
    }
}

fn drop_unchanged_modifiers(
    mut inputs: Query<(Entity, &mut EguiInput)>,
    mut last: Local<bevy::platform::collections::HashMap<Entity, egui::Modifiers>>,
) {
    for (entity, mut input) in &mut inputs {
        let previous = last.get(&entity).copied();
        let mut seen = previous;
        input.events.retain(|event| match event {
            egui::Event::ModifiersChanged(modifiers) => {
                let changed = seen != Some(*modifiers);
                seen = Some(*modifiers);
                changed
            }
            _ => true,
        });
        if let Some(modifiers) = seen {
            last.insert(entity, modifiers);
        }
    }
}
