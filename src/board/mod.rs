//! The board: layout in the window, the drawn board, mouse picking and the marks on it.

pub mod layout;
pub mod marks;
pub mod picking;
pub mod stones;
pub mod view;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((layout::plugin, view::plugin, picking::plugin, marks::plugin));
}
