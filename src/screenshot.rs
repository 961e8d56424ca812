//! `--screenshot FILE --after-frames N [--settle]`: render N frames (and with `--settle` wait
//! until the computer's searches, the game's analysis and the puzzle trainer's defence are
//! done), save the window as a PNG and exit.

use crate::ai::AiActivity;
use crate::review::ReviewState;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use std::path::PathBuf;

/// Where and when to take the screenshot.
#[derive(Resource, Clone, Debug)]
pub struct ScreenshotRequest {
    pub path: PathBuf,
    pub after_frames: u32,
    /// Also wait until the computer has no search running (its move, a hint, the analysis).
    pub settle: bool,
}

/// The longest wait for `settle`, in frames (well over the analysis budget).
const SETTLE_FRAMES: u32 = 3600;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        take_screenshot.run_if(resource_exists::<ScreenshotRequest>),
    );
}

fn take_screenshot(
    mut commands: Commands,
    request: Res<ScreenshotRequest>,
    activity: Option<Res<AiActivity>>,
    review: Option<Res<ReviewState>>,
    trainer: Option<Res<crate::puzzles::Trainer>>,
    mut frames: Local<u32>,
    mut taken: Local<bool>,
) {
    *frames += 1;
    let busy = request.settle
        && (activity.is_some_and(|a| a.busy())
            || review.is_some_and(|r| r.running())
            || trainer.is_some_and(|t| t.busy()));
    if *taken || *frames < request.after_frames.max(1) || busy && *frames < SETTLE_FRAMES {
        return;
    }
    *taken = true;
    let path = request.path.clone();
    info!("saving a screenshot to {}", path.display());
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path))
        .observe(
            |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::Success);
            },
        );
}
