//! The window opens hidden and shows itself once the board has been drawn: the first thing a
//! player sees is the whole game (wood, grid, stones, panel), never the panel and coordinates
//! over an empty window while the board's textures reach the GPU.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};

/// Frames drawn before the window is shown (the board is built in the first one and its
/// textures uploaded with it; one more for good measure).
pub const FRAMES_BEFORE_SHOWING: u32 = 3;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Last, reveal);
}

/// Shows the hidden primary window after [`FRAMES_BEFORE_SHOWING`] frames, asking for frames
/// until then (the app otherwise sleeps until an event comes, and a hidden window gets none).
fn reveal(
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    mut frames: Local<u32>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Ok(mut window) = windows.single_mut() else {
        return;
    };
    if window.visible {
        return;
    }
    *frames += 1;
    if *frames >= FRAMES_BEFORE_SHOWING {
        window.visible = true;
    } else {
        redraw.write(RequestRedraw);
    }
}
