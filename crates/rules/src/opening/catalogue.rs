//! The 26 standard renju openings (珠型): black 1 on the centre point, white 2 next to it
//! (direct: beside it; indirect: diagonally), black 3 in the central 5×5 square. Each one
//! has a Chinese name (寒星 … 彗星), its Japanese name with its usual romanisation, and an
//! English translation; they are recognised in any of the 8 orientations.
//!
//! Coordinates, given below as offsets from the centre in the base orientation (white 2 on
//! h9, straight above the centre h8, or on i9 up and to the right), were checked against two
//! public sources that agree point for point:
//! - `AbstractPlay/gameslib`, `src/games/renju.ts` (`canonicalOpenings`: "h8,h9,h10" …
//!   "h8,i9,f6", listed in the numbering 1D–13D, 1I–13I of
//!   <https://en.wikipedia.org/wiki/Renju_opening_pattern>, which gives the names per number);
//! - an independent renju board program's opening table (`direct3rd` / `indirect3rd`, with
//!   each name next to its third-move coordinates), and a Python opening survey listing the
//!   same name → point pairs (寒星 `[5,7]` … 彗星 `[9,5]` in row, column form).

use super::symmetry::Symmetry;
use crate::board::{Board, Pos, Stone};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Direct (white 2 beside black 1) or indirect (white 2 diagonal to it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OpeningFamily {
    Direct,
    Indirect,
}

/// One of the 26 standard openings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    pub family: OpeningFamily,
    /// 1..=13 within its family (1D = 寒星, 13I = 彗星).
    pub number: u8,
    /// The Chinese name (simplified characters).
    pub chinese: &'static str,
    /// The Japanese name.
    pub japanese: &'static str,
    /// The Japanese name romanised, as used in English renju literature.
    pub romaji: &'static str,
    /// An English translation of the name.
    pub english: &'static str,
    /// Black 3 as an offset from the centre (x to the right, y downwards), base orientation.
    third: (i32, i32),
}

/// White 2 in the base orientation: direct on h9 (straight above), indirect on i9.
const DIRECT_SECOND: (i32, i32) = (0, -1);
const INDIRECT_SECOND: (i32, i32) = (1, -1);

const fn opening(
    family: OpeningFamily,
    number: u8,
    names: [&'static str; 4],
    third: (i32, i32),
) -> Opening {
    Opening {
        family,
        number,
        chinese: names[0],
        japanese: names[1],
        romaji: names[2],
        english: names[3],
        third,
    }
}

use OpeningFamily::{Direct as D, Indirect as I};

/// All 26, direct ones first, in their standard numbering.
pub const OPENINGS: [Opening; 26] = [
    opening(D, 1, ["寒星", "寒星", "Kansei", "Cold Star"], (0, -2)),
    opening(D, 2, ["溪月", "渓月", "Keigetsu", "Valley Moon"], (1, -2)),
    opening(D, 3, ["疏星", "疎星", "Sosei", "Sparse Star"], (2, -2)),
    opening(D, 4, ["花月", "花月", "Kagetsu", "Flower Moon"], (1, -1)),
    opening(D, 5, ["残月", "残月", "Zangetsu", "Waning Moon"], (2, -1)),
    opening(D, 6, ["雨月", "雨月", "Ugetsu", "Rain Moon"], (1, 0)),
    opening(D, 7, ["金星", "金星", "Kinsei", "Venus"], (2, 0)),
    opening(D, 8, ["松月", "松月", "Shogetsu", "Pine Moon"], (0, 1)),
    opening(D, 9, ["丘月", "丘月", "Kyugetsu", "Hill Moon"], (1, 1)),
    opening(D, 10, ["新月", "新月", "Shingetsu", "New Moon"], (2, 1)),
    opening(D, 11, ["瑞星", "瑞星", "Zuisei", "Lucky Star"], (0, 2)),
    opening(D, 12, ["山月", "山月", "Sangetsu", "Mountain Moon"], (1, 2)),
    opening(D, 13, ["游星", "遊星", "Yusei", "Wandering Star"], (2, 2)),
    opening(I, 1, ["长星", "長星", "Chosei", "Long Star"], (2, -2)),
    opening(I, 2, ["峡月", "峡月", "Kyogetsu", "Gorge Moon"], (2, -1)),
    opening(I, 3, ["恒星", "恒星", "Kosei", "Fixed Star"], (2, 0)),
    opening(I, 4, ["水月", "水月", "Suigetsu", "Water Moon"], (2, 1)),
    opening(I, 5, ["流星", "流星", "Ryusei", "Meteor"], (2, 2)),
    opening(I, 6, ["云月", "雲月", "Ungetsu", "Cloud Moon"], (1, 0)),
    opening(I, 7, ["浦月", "浦月", "Hogetsu", "Bay Moon"], (1, 1)),
    opening(I, 8, ["岚月", "嵐月", "Rangetsu", "Storm Moon"], (1, 2)),
    opening(I, 9, ["银月", "銀月", "Gingetsu", "Silver Moon"], (0, 1)),
    opening(I, 10, ["明星", "明星", "Myojo", "Morning Star"], (0, 2)),
    opening(
        I,
        11,
        ["斜月", "斜月", "Shagetsu", "Slanting Moon"],
        (-1, 1),
    ),
    opening(I, 12, ["名月", "名月", "Meigetsu", "Harvest Moon"], (-1, 2)),
    opening(I, 13, ["彗星", "彗星", "Suisei", "Comet"], (-2, 2)),
];

/// The centre point of a board of side `size`, if it has one (odd sizes).
#[must_use]
pub fn centre(size: usize) -> Option<Pos> {
    (size % 2 == 1).then(|| Pos::new((size / 2) as u8, (size / 2) as u8))
}

impl Opening {
    /// The usual short code: `D1` … `D13`, `I1` … `I13`.
    #[must_use]
    pub fn code(&self) -> String {
        let f = match self.family {
            OpeningFamily::Direct => 'D',
            OpeningFamily::Indirect => 'I',
        };
        format!("{f}{}", self.number)
    }

    /// Finds an opening by its code (`D3`, `i13`) or any of its names (疏星, 疎星, Sosei,
    /// Sparse Star; case-insensitive for the Latin ones).
    #[must_use]
    pub fn find(name: &str) -> Option<Opening> {
        let n = name.trim();
        OPENINGS.into_iter().find(|o| {
            o.code().eq_ignore_ascii_case(n)
                || o.chinese == n
                || o.japanese == n
                || o.romaji.eq_ignore_ascii_case(n)
                || o.english.eq_ignore_ascii_case(n)
        })
    }

    /// The three stones (black, white, black) on a board of side `size`, seen through
    /// `symmetry`; `None` when the board has no centre point or is too small.
    #[must_use]
    pub fn stones(&self, size: usize, symmetry: Symmetry) -> Option<[Pos; 3]> {
        let c = centre(size)?;
        if size < 5 {
            return None;
        }
        let second = match self.family {
            OpeningFamily::Direct => DIRECT_SECOND,
            OpeningFamily::Indirect => INDIRECT_SECOND,
        };
        let at = |off: (i32, i32)| {
            let (dx, dy) = symmetry.apply_offset(off);
            Pos::new((i32::from(c.x) + dx) as u8, (i32::from(c.y) + dy) as u8)
        };
        Some([c, at(second), at(self.third)])
    }

    /// Which opening (and in which orientation) the first three moves form, if any.
    #[must_use]
    pub fn recognise(first_three: &[Pos], size: usize) -> Option<(Opening, Symmetry)> {
        let [a, b, c] = *first_three else {
            return None;
        };
        OPENINGS.into_iter().find_map(|o| {
            Symmetry::ALL
                .into_iter()
                .find(|&s| o.stones(size, s) == Some([a, b, c]))
                .map(|s| (o, s))
        })
    }

    /// The opening that the stones on `board` form, if it holds exactly one of them (two
    /// black, one white) in any orientation; the board need not have been played in order.
    #[must_use]
    pub fn recognise_board(board: &Board) -> Option<(Opening, Symmetry)> {
        if board.stone_count() != 3 {
            return None;
        }
        let c = centre(board.size())?;
        let white = board
            .points()
            .find(|&p| board.get(p) == Some(Stone::White))?;
        let third = board
            .points()
            .find(|&p| p != c && board.get(p) == Some(Stone::Black))?;
        (board.get(c) == Some(Stone::Black))
            .then(|| Opening::recognise(&[c, white, third], board.size()))
            .flatten()
    }
}

impl fmt::Display for Opening {
    /// `D3 疏星 (Sosei)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} ({})", self.code(), self.chinese, self.romaji)
    }
}
