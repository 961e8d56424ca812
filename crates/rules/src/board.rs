//! Board geometry: stones, positions, directions and the board itself.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Smallest supported board side.
pub const MIN_SIZE: usize = 5;
/// Largest supported board side (Gomocup plays freestyle on 20×20).
pub const MAX_SIZE: usize = 20;
/// The classic board side for gomoku and renju.
pub const DEFAULT_SIZE: usize = 15;

/// A stone colour. Black always moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stone {
    Black,
    White,
}

impl Stone {
    /// The other colour.
    #[must_use]
    pub fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    /// The colour that plays move number `index` (0-based): black plays the even ones.
    #[must_use]
    pub fn for_move(index: usize) -> Stone {
        if index.is_multiple_of(2) {
            Stone::Black
        } else {
            Stone::White
        }
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stone::Black => "black",
            Stone::White => "white",
        })
    }
}

/// An intersection: `x` is the column (0 = left), `y` the row (0 = top), as in the Gomocup protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    pub x: u8,
    pub y: u8,
}

impl Pos {
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Pos {
        Pos { x, y }
    }

    /// The point in renju notation on a board of side `size`, as printed on boards and in
    /// books: column letter from `A`, rank counted from the bottom (`H8` is the centre of 15×15).
    #[must_use]
    pub fn to_renju(self, size: usize) -> String {
        format!(
            "{}{}",
            char::from(b'A' + self.x),
            size.saturating_sub(usize::from(self.y))
        )
    }

    /// The neighbour `steps` cells away along `dir`, if it lies on a board of side `size`.
    #[must_use]
    pub fn offset(self, dir: (i32, i32), steps: i32, size: usize) -> Option<Pos> {
        let x = i32::from(self.x) + dir.0 * steps;
        let y = i32::from(self.y) + dir.1 * steps;
        let n = size as i32;
        (x >= 0 && y >= 0 && x < n && y < n).then(|| Pos::new(x as u8, y as u8))
    }
}

/// Formats as a Gomocup pos string cell: `h8` = x 7, y 7 (number = y + 1, counted from the top).
impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.x), u32::from(self.y) + 1)
    }
}

/// The four line directions: horizontal, vertical, diagonal, anti-diagonal.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A square board of side `size` (5..=20).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    size: usize,
    cells: [Option<Stone>; MAX_SIZE * MAX_SIZE],
    stones: usize,
}

impl Board {
    /// An empty board. Sizes outside `MIN_SIZE..=MAX_SIZE` are clamped into range.
    #[must_use]
    pub fn new(size: usize) -> Board {
        Board {
            size: size.clamp(MIN_SIZE, MAX_SIZE),
            cells: [None; MAX_SIZE * MAX_SIZE],
            stones: 0,
        }
    }

    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    /// Whether `pos` lies on this board.
    #[must_use]
    pub fn contains(&self, pos: Pos) -> bool {
        usize::from(pos.x) < self.size && usize::from(pos.y) < self.size
    }

    /// The stone at `pos`; `None` for an empty or off-board point.
    #[must_use]
    pub fn get(&self, pos: Pos) -> Option<Stone> {
        if self.contains(pos) {
            self.cells[usize::from(pos.y) * MAX_SIZE + usize::from(pos.x)]
        } else {
            None
        }
    }

    /// Whether `pos` is on the board and empty.
    #[must_use]
    pub fn is_empty_at(&self, pos: Pos) -> bool {
        self.contains(pos) && self.get(pos).is_none()
    }

    /// Puts `stone` (or nothing) at `pos`. Off-board positions are ignored.
    pub fn set(&mut self, pos: Pos, stone: Option<Stone>) {
        if !self.contains(pos) {
            return;
        }
        let cell = &mut self.cells[usize::from(pos.y) * MAX_SIZE + usize::from(pos.x)];
        match (cell.is_some(), stone.is_some()) {
            (false, true) => self.stones += 1,
            (true, false) => self.stones -= 1,
            _ => {}
        }
        *cell = stone;
    }

    /// Number of stones on the board.
    #[must_use]
    pub fn stone_count(&self) -> usize {
        self.stones
    }

    /// Every point is occupied.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.stones == self.size * self.size
    }

    /// All points of the board, row by row from the top-left.
    pub fn points(&self) -> impl Iterator<Item = Pos> + use<> {
        let n = self.size as u8;
        (0..n).flat_map(move |y| (0..n).map(move |x| Pos::new(x, y)))
    }

    /// Number of consecutive `stone`s starting next to `pos` and going along `dir`.
    #[must_use]
    pub fn run_from(&self, pos: Pos, dir: (i32, i32), stone: Stone) -> usize {
        let mut n = 0;
        let mut step = 1;
        while let Some(p) = pos.offset(dir, step, self.size) {
            if self.get(p) != Some(stone) {
                break;
            }
            n += 1;
            step += 1;
        }
        n
    }

    /// Length of the line of `stone` through `pos` along `dir`, counting `pos` itself as `stone`.
    #[must_use]
    pub fn line_len(&self, pos: Pos, dir: (i32, i32), stone: Stone) -> usize {
        1 + self.run_from(pos, dir, stone) + self.run_from(pos, (-dir.0, -dir.1), stone)
    }

    /// The cells of the line of `stone` through `pos` along `dir` (with `pos`), in board order.
    #[must_use]
    pub fn line_cells(&self, pos: Pos, dir: (i32, i32), stone: Stone) -> Vec<Pos> {
        let back = self.run_from(pos, (-dir.0, -dir.1), stone) as i32;
        let fwd = self.run_from(pos, dir, stone) as i32;
        (-back..=fwd)
            .filter_map(|s| pos.offset(dir, s, self.size))
            .collect()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}:", self.size, self.size)?;
        f.write_str(&crate::ascii::to_ascii(self))
    }
}
