//! `--frame-stats`: measures how smooth the window stays while the computer thinks. After each
//! move the computer plays it logs the worst and the mean frame time while it thought; at
//! exit it logs the worst and mean over the run, for frames while thinking and for all other
//! frames (the baseline). The first frames (window creation, shader compilation) are left
//! out. A search that was cancelled (undo, new game) logs nothing. Frames while a game is
//! analysed (the review) are counted on their own.

use crate::GameSystems;
use crate::ai::AiActivity;
use crate::game::{Actor, Game, Origin, StonePlaced, StoneRemoved};
use crate::review::ReviewState;
use bevy::prelude::*;
use std::time::Duration;

/// Frames at start that are not measured.
const WARM_UP_FRAMES: u32 = 30;

/// Frame times of a set of frames.
#[derive(Default, Clone, Copy, Debug, PartialEq)]
pub struct FrameTimes {
    pub frames: u32,
    pub worst: Duration,
    pub total: Duration,
}

impl FrameTimes {
    fn add(&mut self, delta: Duration) {
        self.frames += 1;
        self.total += delta;
        self.worst = self.worst.max(delta);
    }

    #[must_use]
    pub fn mean(&self) -> Duration {
        self.total.checked_div(self.frames).unwrap_or_default()
    }
}

/// The measurements.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct FrameStats {
    seen: u32,
    /// Since the computer's last move.
    pub current: FrameTimes,
    /// All frames while the computer thought.
    pub thinking: FrameTimes,
    /// All frames while a game was analysed (the review).
    pub analysing: FrameTimes,
    /// All other frames.
    pub other: FrameTimes,
    pub moves: u32,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            measure.in_set(GameSystems::Input),
            per_move.in_set(GameSystems::React),
        )
            .run_if(resource_exists::<FrameStats>),
    )
    .add_systems(Last, summary.run_if(resource_exists::<FrameStats>));
}

/// Frame `delta` belongs to the thinking when the computer was thinking at the end of the
/// previous frame.
fn measure(
    time: Res<Time<Real>>,
    activity: Res<AiActivity>,
    review: Res<ReviewState>,
    mut stats: ResMut<FrameStats>,
) {
    stats.seen += 1;
    if stats.seen <= WARM_UP_FRAMES {
        return;
    }
    let delta = time.delta();
    if review.running() {
        stats.analysing.add(delta);
    } else if activity.thinking {
        stats.current.add(delta);
        stats.thinking.add(delta);
    } else {
        stats.other.add(delta);
    }
}

fn per_move(
    mut placed: MessageReader<StonePlaced>,
    mut removed: MessageReader<StoneRemoved>,
    game: Res<Game>,
    mut stats: ResMut<FrameStats>,
) {
    // Frames of a search that was cancelled by an undo belong to no move.
    if removed.read().count() > 0 {
        stats.current = FrameTimes::default();
    }
    for mv in placed.read() {
        if mv.origin != Origin::Seat(Actor::Computer) {
            stats.current = FrameTimes::default();
            continue;
        }
        stats.moves += 1;
        let current = std::mem::take(&mut stats.current);
        info!(
            "frame stats: move {} ({} {}) — thought {:.2} s over {} frames; worst frame {:.1} ms, mean {:.1} ms",
            mv.number,
            mv.stone,
            mv.pos.to_renju(game.record.size()),
            current.total.as_secs_f64(),
            current.frames,
            ms(current.worst),
            ms(current.mean()),
        );
    }
}

/// Logged once, at exit.
fn summary(mut exit: MessageReader<AppExit>, stats: Res<FrameStats>) {
    if exit.read().count() > 0 {
        info!(
            "frame stats: {} computer moves; while thinking {} frames, worst {:.1} ms, mean {:.1} ms; while analysing the game {} frames, worst {:.1} ms, mean {:.1} ms; other frames {}, worst {:.1} ms, mean {:.1} ms",
            stats.moves,
            stats.thinking.frames,
            ms(stats.thinking.worst),
            ms(stats.thinking.mean()),
            stats.analysing.frames,
            ms(stats.analysing.worst),
            ms(stats.analysing.mean()),
            stats.other.frames,
            ms(stats.other.worst),
            ms(stats.other.mean()),
        );
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
