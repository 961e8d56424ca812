//! Where the board sits in the window: the mapping between board points, world coordinates
//! (one world unit = one cell) and window pixels, recomputed when the window changes size.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use gomoku_rules::Pos;

/// Width of the side panel, in logical pixels.
pub const PANEL_WIDTH: f32 = 300.0;
/// Height of the menu bar, in logical pixels.
pub const MENU_HEIGHT: f32 = 28.0;
/// Wood around the outer grid lines, in cells (the coordinates sit in it).
pub const BOARD_MARGIN: f32 = 1.05;
/// Diameter of a stone, in cells.
pub const STONE_SIZE: f32 = 0.94;
/// How far from an intersection (in cells) a click still picks it.
pub const PICK_RADIUS: f32 = 0.48;

/// World position (y up, board centre at the origin, one unit per cell) of an intersection
/// of a board of side `size`.
#[must_use]
pub fn world_of(pos: Pos, size: usize) -> Vec2 {
    let c = (size - 1) as f32 / 2.0;
    Vec2::new(f32::from(pos.x) - c, c - f32::from(pos.y))
}

/// Room the interface takes below the board (the review's graph), in logical pixels; set by
/// the interface, read when the board is fitted.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct BoardInsets {
    pub bottom: f32,
}

/// The board's place on screen, in logical window pixels (y down).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    /// Board side (number of lines).
    pub size: usize,
    /// Window pixel of the board centre.
    pub center: Vec2,
    /// Pixels per cell.
    pub cell: f32,
    /// The window size the layout was computed for.
    pub window: Vec2,
}

impl Default for BoardLayout {
    fn default() -> Self {
        BoardLayout::fit(15, Vec2::new(1200.0, 840.0))
    }
}

impl BoardLayout {
    /// Fits a board of side `size` into the part of a `window`-sized window that the menu bar
    /// and the side panel leave free.
    #[must_use]
    pub fn fit(size: usize, window: Vec2) -> BoardLayout {
        BoardLayout::fit_above(size, window, 0.0)
    }

    /// As [`BoardLayout::fit`], leaving `bottom` pixels free under the board.
    #[must_use]
    pub fn fit_above(size: usize, window: Vec2, bottom: f32) -> BoardLayout {
        let free_min = Vec2::new(0.0, MENU_HEIGHT);
        let free_max = Vec2::new(
            (window.x - PANEL_WIDTH).max(1.0),
            (window.y - bottom).max(MENU_HEIGHT + 1.0),
        );
        let free = free_max - free_min;
        let extent = (size - 1) as f32 + 2.0 * BOARD_MARGIN + 0.5;
        BoardLayout {
            size,
            center: (free_min + free_max) / 2.0,
            cell: (free.x.min(free.y) / extent).max(1.0),
            window,
        }
    }

    /// World position (y up, board centre at the origin) of an intersection.
    #[must_use]
    pub fn world(&self, pos: Pos) -> Vec2 {
        world_of(pos, self.size)
    }

    /// Window pixel of a world position.
    #[must_use]
    pub fn world_to_screen(&self, world: Vec2) -> Vec2 {
        self.center + Vec2::new(world.x, -world.y) * self.cell
    }

    /// Window pixel of an intersection.
    #[must_use]
    pub fn screen(&self, pos: Pos) -> Vec2 {
        self.world_to_screen(self.world(pos))
    }

    /// The intersection under a window pixel, if one lies within the picking radius.
    #[must_use]
    pub fn pick(&self, screen: Vec2) -> Option<Pos> {
        let c = (self.size - 1) as f32 / 2.0;
        let board = (screen - self.center) / self.cell + Vec2::splat(c);
        let nearest = board.round();
        let n = self.size as f32;
        if nearest.x < 0.0 || nearest.y < 0.0 || nearest.x >= n || nearest.y >= n {
            return None;
        }
        (board.distance(nearest) <= PICK_RADIUS).then(|| Pos::new(nearest.x as u8, nearest.y as u8))
    }

    /// The camera translation and orthographic scale that show this layout.
    #[must_use]
    pub fn camera(&self) -> (Vec2, f32) {
        let scale = 1.0 / self.cell;
        let offset = self.center - self.window / 2.0;
        (Vec2::new(-offset.x, offset.y) * scale, scale)
    }

    /// Half the side of the wooden board, in cells.
    #[must_use]
    pub fn half_extent(&self) -> f32 {
        (self.size - 1) as f32 / 2.0 + BOARD_MARGIN
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<BoardLayout>()
        .init_resource::<BoardInsets>()
        .add_systems(PreUpdate, fit_to_window)
        .add_systems(Update, fit_to_window.in_set(crate::GameSystems::Present));
}

fn fit_to_window(
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    game: Res<crate::game::Game>,
    insets: Res<BoardInsets>,
    mut layout: ResMut<BoardLayout>,
) {
    let window_size = window.map_or(layout.window, |w| w.size());
    let fitted = BoardLayout::fit_above(game.record.size(), window_size, insets.bottom);
    if *layout != fitted {
        *layout = fitted;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picking_finds_the_nearest_intersection_within_the_radius() {
        let layout = BoardLayout::fit(15, Vec2::new(1200.0, 840.0));
        let h8 = Pos::new(7, 7);
        assert_eq!(layout.screen(h8), layout.center);
        assert_eq!(
            layout.pick(layout.center + Vec2::splat(layout.cell * 0.3)),
            Some(h8)
        );
        assert_eq!(
            layout.pick(layout.center + Vec2::new(layout.cell * 0.5, layout.cell * 0.5)),
            None
        );
        let a1 = Pos::new(0, 0);
        assert_eq!(layout.pick(layout.screen(a1)), Some(a1));
        assert_eq!(
            layout.pick(layout.screen(a1) - Vec2::splat(layout.cell)),
            None
        );
    }

    #[test]
    fn the_board_fits_beside_the_panel() {
        let layout = BoardLayout::fit(15, Vec2::new(1200.0, 840.0));
        let right = layout.center.x + layout.half_extent() * layout.cell;
        let bottom = layout.center.y + layout.half_extent() * layout.cell;
        assert!(right <= 1200.0 - PANEL_WIDTH);
        assert!(bottom <= 840.0);
        assert!(layout.center.y - layout.half_extent() * layout.cell >= MENU_HEIGHT);
    }
}
