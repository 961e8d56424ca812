//! The board: layout in the window, the drawn board, mouse picking, the marks on it, ghost
//! stones, threat marks and why a point is forbidden.

pub mod explain;
pub mod ghosts;
pub mod layout;
pub mod marks;
pub mod picking;
pub mod stones;
pub mod threats;
pub mod view;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        layout::plugin,
        view::plugin,
        picking::plugin,
        marks::plugin,
        ghosts::plugin,
        threats::plugin,
        explain::plugin,
    ));
}
