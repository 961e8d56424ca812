//! The window's icon (the same picture as the desktop entry's, `assets/icons/gomoku.png`, made
//! by `scripts/make_icon.py`), set once the window exists.

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, Image, ImageSampler, ImageType};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy::winit::WINIT_WINDOWS;

/// The icon, 256×256 RGBA.
pub const ICON_PNG: &[u8] = include_bytes!("../../assets/icons/gomoku.png");

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, set_window_icon.run_if(run_once_when_window_exists));
}

/// Runs until the primary window has been created by winit.
fn run_once_when_window_exists(
    window: Option<Single<Entity, With<PrimaryWindow>>>,
    mut done: Local<bool>,
) -> bool {
    if *done {
        return false;
    }
    let Some(window) = window else {
        return false;
    };
    let created = WINIT_WINDOWS.with_borrow(|w| w.get_window(*window).is_some());
    *done = created;
    created
}

/// The icon's pixels (RGBA) and its side.
#[must_use]
pub fn icon_rgba() -> Option<(Vec<u8>, u32)> {
    let image = Image::from_buffer(
        ICON_PNG,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::Default,
        RenderAssetUsages::default(),
    )
    .ok()?;
    let side = image.width();
    let rgba = image.try_into_dynamic().ok()?.into_rgba8().into_raw();
    Some((rgba, side))
}

fn set_window_icon(window: Single<Entity, With<PrimaryWindow>>) {
    let Some((rgba, side)) = icon_rgba() else {
        warn!("the window icon could not be decoded");
        return;
    };
    let Ok(icon) = winit::window::Icon::from_rgba(rgba, side, side) else {
        warn!("the window icon was refused by the windowing system");
        return;
    };
    WINIT_WINDOWS.with_borrow(|windows| {
        if let Some(winit_window) = windows.get_window(*window) {
            winit_window.set_window_icon(Some(icon));
        }
    });
}
