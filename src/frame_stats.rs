//! `--frame-stats`: measures how smooth the window stays while the computer thinks. After each
//! computer move it logs the worst and the mean frame time of the thinking period, and at exit
//! the worst over the whole run.

use crate::ai::{AiActivity, AiSystems};
use bevy::prelude::*;
use std::time::Duration;

/// Frame times while the computer thinks.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct FrameStats {
    /// The current thinking period.
    pub frames: u32,
    pub worst: Duration,
    pub total: Duration,
    /// The whole run.
    pub moves: u32,
    pub worst_overall: Duration,
    pub frames_overall: u64,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            measure.before(AiSystems),
            summary.run_if(resource_exists::<FrameStats>),
        )
            .run_if(resource_exists::<FrameStats>),
    );
}

/// Frame `delta` belongs to a thinking period when the computer was thinking at the end of
/// the previous frame.
fn measure(time: Res<Time<Real>>, activity: Res<AiActivity>, mut stats: ResMut<FrameStats>) {
    let delta = time.delta();
    if activity.thinking {
        stats.frames += 1;
        stats.total += delta;
        stats.worst = stats.worst.max(delta);
        stats.worst_overall = stats.worst_overall.max(delta);
        stats.frames_overall += 1;
    } else if stats.frames > 0 {
        stats.moves += 1;
        let mean = stats.total / stats.frames;
        info!(
            "frame stats: computer move {} — thought {:.2} s over {} frames; worst frame {:.1} ms, mean {:.1} ms (worst so far {:.1} ms)",
            stats.moves,
            stats.total.as_secs_f64(),
            stats.frames,
            ms(stats.worst),
            ms(mean),
            ms(stats.worst_overall),
        );
        stats.frames = 0;
        stats.total = Duration::ZERO;
        stats.worst = Duration::ZERO;
    }
}

fn summary(mut exit: MessageReader<AppExit>, stats: Res<FrameStats>) {
    if exit.read().count() > 0 {
        info!(
            "frame stats: {} computer moves, {} frames while thinking, worst frame {:.1} ms",
            stats.moves,
            stats.frames_overall,
            ms(stats.worst_overall)
        );
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
