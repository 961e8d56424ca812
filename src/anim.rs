//! Board animations: every transition at most 250 ms, never holding up input: stones drop in (an
//! ease-out scale while the shadow settles), undone stones lift out, the ghost stone glides
//! between points, the last-move marker pulses for two seconds after a move, the winning line
//! sweeps from its first stone to its last and glows, forbidden marks fade in, dialogs slide
//! up into place and notices slide down (`ui::dialogs`). The settings'
//! animation level shortens (Reduced) or removes (Off) them. Frames are requested only while
//! something moves, so an idle window stays at 0 % CPU.

use crate::settings::{AnimationLevel, Settings};
use bevy::prelude::*;
use bevy::window::RequestRedraw;

/// Stone drop-in: scale 1.3 → 1 with an ease-out, the shadow settling under it.
pub const DROP_SECONDS: f32 = 0.18;
/// Undo: the stone rises (scale 1 → 1.25) and fades out.
pub const LIFT_SECONDS: f32 = 0.16;
/// The ghost stone's glide: it covers 1 − e^(−t/τ) of the way, so it settles in about 4τ.
pub const GLIDE_TAU: f32 = 0.035;
/// The last-move marker's pulse: this long after a move, then it rests.
pub const PULSE_SECONDS: f32 = 2.0;
/// One beat of the pulse.
pub const PULSE_PERIOD: f32 = 0.8;
/// The winning line sweeps along its five stones in this time, the rings lighting in turn.
pub const SWEEP_SECONDS: f32 = 0.25;
/// After the sweep the line glows (brightness swells and settles) for this long.
pub const GLOW_SECONDS: f32 = 1.6;
/// Forbidden marks fade in.
pub const FADE_SECONDS: f32 = 0.2;
/// Dialogs slide up 36 px into place as they open.
pub const SLIDE_SECONDS: f32 = 0.2;

/// A time span on the real clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tween {
    pub start: f32,
    pub duration: f32,
}

impl Tween {
    /// 0 at the start, 1 at the end and after.
    #[must_use]
    pub fn progress(self, now: f32) -> f32 {
        if self.duration <= 0.0 {
            1.0
        } else {
            ((now - self.start) / self.duration).clamp(0.0, 1.0)
        }
    }
}

/// Cubic ease-out.
#[must_use]
pub fn ease_out(t: f32) -> f32 {
    1.0 - (1.0 - t).powi(3)
}

/// The clock and the animation level, for the systems that start animations.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Motion<'w> {
    time: Res<'w, Time<Real>>,
    settings: Option<Res<'w, Settings>>,
}

impl Motion<'_> {
    #[must_use]
    pub fn now(&self) -> f32 {
        self.time.elapsed_secs()
    }

    #[must_use]
    pub fn level(&self) -> AnimationLevel {
        self.settings
            .as_ref()
            .map_or(AnimationLevel::Full, |s| s.animation)
    }

    /// A tween of `seconds` (scaled by the level) starting now; `None` when animations are off.
    #[must_use]
    pub fn tween(&self, seconds: f32) -> Option<Tween> {
        let factor = self.level().speed_factor();
        (factor > 0.0).then(|| Tween {
            start: self.now(),
            duration: seconds * factor,
        })
    }

    /// Whether the long, decorative effects (pulse, glow) run.
    #[must_use]
    pub fn decorative(&self) -> bool {
        self.level() == AnimationLevel::Full
    }
}

/// Scales the entity from `from` to 1 with an ease-out.
#[derive(Component, Clone, Copy, Debug)]
pub struct ScaleIn {
    pub tween: Tween,
    pub from: f32,
}

/// A stone's shadow settling: from a larger, farther offset to its resting place.
#[derive(Component, Clone, Copy, Debug)]
pub struct ShadowSettle {
    pub tween: Tween,
    pub rest: Vec2,
}

/// Fades the sprite in to `alpha`.
#[derive(Component, Clone, Copy, Debug)]
pub struct FadeIn {
    pub tween: Tween,
    pub alpha: f32,
}

/// Grows the entity by `grow` while fading it out, then despawns it.
#[derive(Component, Clone, Copy, Debug)]
pub struct LiftOut {
    pub tween: Tween,
    pub grow: f32,
}

/// A gentle pulse of the scale around `base` until `tween` ends.
#[derive(Component, Clone, Copy, Debug)]
pub struct Pulse {
    pub tween: Tween,
    pub base: f32,
}

/// A bar drawn out from `from` to `to`, then glowing.
#[derive(Component, Clone, Copy, Debug)]
pub struct Sweep {
    pub tween: Tween,
    pub from: Vec2,
    pub to: Vec2,
    pub alpha: f32,
    /// Glow after the sweep (decorative).
    pub glow: Option<Tween>,
}

/// Moves the entity towards `target` with an exponential glide.
#[derive(Component, Clone, Copy, Debug)]
pub struct Glide {
    pub target: Vec3,
}

/// Runs the animations after everything that starts them.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct AnimationSystems;

/// Public so that the headless tests can run the animations without a window.
pub fn plugin(app: &mut App) {
    app.configure_sets(
        PostUpdate,
        AnimationSystems.before(TransformSystems::Propagate),
    )
    .add_systems(
        PostUpdate,
        (
            scale_in,
            shadow_settle,
            fade_in,
            lift_out,
            pulse,
            sweep,
            glide,
        )
            .in_set(AnimationSystems),
    );
}

fn scale_in(
    mut commands: Commands,
    motion: Motion,
    mut query: Query<(Entity, &ScaleIn, &mut Transform)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = motion.now();
    for (entity, anim, mut transform) in &mut query {
        let t = anim.tween.progress(now);
        let scale = anim.from + (1.0 - anim.from) * ease_out(t);
        transform.scale = Vec3::new(scale, scale, 1.0);
        if t >= 1.0 {
            commands.entity(entity).remove::<ScaleIn>();
        }
        redraw.write(RequestRedraw);
    }
}

fn shadow_settle(
    mut commands: Commands,
    motion: Motion,
    mut query: Query<(Entity, &ShadowSettle, &mut Transform)>,
) {
    let now = motion.now();
    for (entity, anim, mut transform) in &mut query {
        let t = ease_out(anim.tween.progress(now));
        let offset = anim.rest * (2.2 - 1.2 * t);
        transform.translation.x = offset.x;
        transform.translation.y = offset.y;
        let scale = 1.25 - 0.25 * t;
        transform.scale = Vec3::new(scale, scale, 1.0);
        if t >= 1.0 {
            commands.entity(entity).remove::<ShadowSettle>();
        }
    }
}

fn fade_in(
    mut commands: Commands,
    motion: Motion,
    mut query: Query<(Entity, &FadeIn, &mut Sprite)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = motion.now();
    for (entity, anim, mut sprite) in &mut query {
        let t = anim.tween.progress(now);
        sprite.color.set_alpha(anim.alpha * t);
        if t >= 1.0 {
            commands.entity(entity).remove::<FadeIn>();
        }
        redraw.write(RequestRedraw);
    }
}

fn lift_out(
    mut commands: Commands,
    motion: Motion,
    mut query: Query<(Entity, &LiftOut, &mut Transform, &mut Sprite)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = motion.now();
    for (entity, anim, mut transform, mut sprite) in &mut query {
        let t = anim.tween.progress(now);
        let scale = 1.0 + anim.grow * ease_out(t);
        transform.scale = Vec3::new(scale, scale, 1.0);
        sprite.color.set_alpha(1.0 - t);
        if t >= 1.0 {
            commands.entity(entity).despawn();
        }
        redraw.write(RequestRedraw);
    }
}

fn pulse(
    mut commands: Commands,
    motion: Motion,
    mut query: Query<(Entity, &Pulse, &mut Transform)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = motion.now();
    for (entity, anim, mut transform) in &mut query {
        let t = anim.tween.progress(now);
        let elapsed = (now - anim.tween.start).max(0.0);
        let beat = (elapsed / PULSE_PERIOD * std::f32::consts::TAU).sin().abs();
        let scale = anim.base * (1.0 + 0.45 * beat * (1.0 - t));
        transform.scale = Vec3::new(scale, scale, 1.0);
        if t >= 1.0 {
            transform.scale = Vec3::new(anim.base, anim.base, 1.0);
            commands.entity(entity).remove::<Pulse>();
        }
        redraw.write(RequestRedraw);
    }
}

fn sweep(
    mut commands: Commands,
    motion: Motion,
    mut query: Query<(Entity, &Sweep, &mut Transform, &mut Sprite)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = motion.now();
    for (entity, anim, mut transform, mut sprite) in &mut query {
        let t = ease_out(anim.tween.progress(now));
        let head = anim.from + (anim.to - anim.from) * t;
        let mid = (anim.from + head) / 2.0;
        transform.translation.x = mid.x;
        transform.translation.y = mid.y;
        transform.scale.x = t.max(0.001);
        let mut alpha = anim.alpha;
        let mut done = t >= 1.0;
        if let Some(glow) = anim.glow {
            let g = glow.progress(now);
            // Swells to full brightness and back, twice, then rests.
            alpha = anim.alpha + (1.0 - anim.alpha) * (g * std::f32::consts::TAU).sin().abs();
            done = done && g >= 1.0;
            if g >= 1.0 {
                alpha = anim.alpha;
            }
        }
        sprite.color.set_alpha(alpha);
        if done {
            commands.entity(entity).remove::<Sweep>();
        }
        redraw.write(RequestRedraw);
    }
}

fn glide(
    mut commands: Commands,
    time: Res<Time<Real>>,
    mut query: Query<(Entity, &Glide, &mut Transform)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    // A long pause (the window was idle) must not jump: clamp the step.
    let dt = time.delta_secs().min(0.05);
    let k = 1.0 - (-dt / GLIDE_TAU).exp();
    for (entity, anim, mut transform) in &mut query {
        let gap = anim.target - transform.translation;
        if gap.length() < 0.004 {
            transform.translation = anim.target;
            commands.entity(entity).remove::<Glide>();
        } else {
            transform.translation += gap * k;
        }
        redraw.write(RequestRedraw);
    }
}
