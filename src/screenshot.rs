//! `--screenshot FILE --after-frames N`: render N frames, save the window as a PNG and exit.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use std::path::PathBuf;

/// Where and when to take the screenshot.
#[derive(Resource, Clone, Debug)]
pub struct ScreenshotRequest {
    pub path: PathBuf,
    pub after_frames: u32,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        take_screenshot.run_if(resource_exists::<ScreenshotRequest>),
    );
}

fn take_screenshot(
    mut commands: Commands,
    request: Res<ScreenshotRequest>,
    mut frames: Local<u32>,
) {
    *frames += 1;
    if *frames != request.after_frames.max(1) {
        return;
    }
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
