//! The interface drawn with egui: menu bar, side panel, dialogs, toasts and keyboard shortcuts.

pub mod panel;
pub mod style;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((style::plugin, panel::plugin));
}
