//! The eight symmetries of a square board (rotations and reflections about its centre), and
//! the test that two fifth moves are symmetric to each other.

use crate::board::{Board, Pos};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the eight symmetries of the square board, about the board's centre. They map grid
/// points to grid points on every board size, odd or even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Symmetry {
    Identity,
    /// A quarter turn clockwise (as the board is drawn, row 0 at the top).
    Rotate90,
    Rotate180,
    Rotate270,
    /// Mirror left ↔ right.
    MirrorColumns,
    /// Mirror top ↔ bottom.
    MirrorRows,
    /// Mirror across the diagonal from the top-left corner.
    MirrorDiagonal,
    /// Mirror across the diagonal from the top-right corner.
    MirrorAntiDiagonal,
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::MirrorDiagonal,
        Symmetry::MirrorAntiDiagonal,
    ];

    /// The image of `pos` on a board of side `size` (`pos` must lie on that board).
    #[must_use]
    pub fn apply(self, pos: Pos, size: usize) -> Pos {
        let m = (size as u8).saturating_sub(1);
        let (x, y) = (pos.x, pos.y);
        let (nx, ny) = match self {
            Symmetry::Identity => (x, y),
            Symmetry::Rotate90 => (m - y, x),
            Symmetry::Rotate180 => (m - x, m - y),
            Symmetry::Rotate270 => (y, m - x),
            Symmetry::MirrorColumns => (m - x, y),
            Symmetry::MirrorRows => (x, m - y),
            Symmetry::MirrorDiagonal => (y, x),
            Symmetry::MirrorAntiDiagonal => (m - y, m - x),
        };
        Pos::new(nx, ny)
    }

    /// The image of the offset `(dx, dy)` from the centre (the same map without translation).
    #[must_use]
    pub fn apply_offset(self, (dx, dy): (i32, i32)) -> (i32, i32) {
        match self {
            Symmetry::Identity => (dx, dy),
            Symmetry::Rotate90 => (-dy, dx),
            Symmetry::Rotate180 => (-dx, -dy),
            Symmetry::Rotate270 => (dy, -dx),
            Symmetry::MirrorColumns => (-dx, dy),
            Symmetry::MirrorRows => (dx, -dy),
            Symmetry::MirrorDiagonal => (dy, dx),
            Symmetry::MirrorAntiDiagonal => (-dy, -dx),
        }
    }

    /// Whether the board looks exactly the same after this symmetry (every stone onto a stone
    /// of the same colour).
    #[must_use]
    pub fn preserves(self, board: &Board) -> bool {
        let size = board.size();
        board
            .points()
            .all(|p| board.get(p) == board.get(self.apply(p, size)))
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symmetry::Identity => "as is",
            Symmetry::Rotate90 => "turned a quarter clockwise",
            Symmetry::Rotate180 => "turned half round",
            Symmetry::Rotate270 => "turned a quarter anticlockwise",
            Symmetry::MirrorColumns => "mirrored left to right",
            Symmetry::MirrorRows => "mirrored top to bottom",
            Symmetry::MirrorDiagonal => "mirrored on the main diagonal",
            Symmetry::MirrorAntiDiagonal => "mirrored on the other diagonal",
        })
    }
}

/// The symmetry of `board` that maps `a` onto `b`, if there is one: then the two points are
/// equivalent as moves (RIF: offered fifth moves "can not be symmetrical"). `a == b` gives
/// `Some(Identity)`.
#[must_use]
pub fn symmetric_points(board: &Board, a: Pos, b: Pos) -> Option<Symmetry> {
    let size = board.size();
    Symmetry::ALL
        .into_iter()
        .find(|s| s.apply(a, size) == b && s.preserves(board))
}
