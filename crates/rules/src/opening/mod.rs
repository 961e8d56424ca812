//! Opening rules: a state machine in front of the ordinary move sequence.
//!
//! The two players are the *first player* (who starts the opening, tentatively black) and
//! the *second player*; swaps change which of them holds which colour. At every moment the
//! game waits for one [`Turn`]: whose decision it is ([`Side`]) and what may be chosen
//! ([`Phase`]). A [`Decision`] that does not fit is refused with an [`OpeningError`] that
//! says why. Stones are still black and white alternately (stone 1 black, 2 white, …).
//!
//! | rule | sequence |
//! |---|---|
//! | [`OpeningRule::Free`] | black (the first player) simply starts |
//! | [`OpeningRule::Swap`] 三手可交换 | first places 1–3 anywhere; second keeps white or swaps; white plays 4 |
//! | [`OpeningRule::Rif`] 指定打法 + 三手可交换 + 五手两打 | first places one of the 26 openings; second may swap; white plays 4 anywhere; black offers 2 fifth moves that are not symmetric; white picks one and plays 6 |
//! | [`OpeningRule::Soosorv8`] | as RIF, but after 4 white declares 1–8 fifth moves, then black may swap, then black offers that many |
//! | [`OpeningRule::Swap2`] | first places 1–3 anywhere; second takes black, takes white (and plays 4), or places 4 and 5 and lets the first choose the colour |
//!
//! The rule texts followed: RIF opening rule and Soosõrv(-N) opening rule as given by the
//! Renju International Federation (<https://www.renju.net/rules/>, summarised at
//! <https://en.wikipedia.org/wiki/RIF_opening_rule> and
//! <https://en.wikipedia.org/wiki/Soos%C3%B5rv_opening_rule>): for Soosõrv the order is
//! swap after 3, white plays 4 *and* declares the number of fifth moves, second swap, black
//! offers, white chooses and plays 6.
//!
//! RIF and Soosõrv-8 place the opening around the centre point, so they need an odd board
//! size (15×15 as defined, 19×19 works the same); a 20×20 board has no centre point and
//! refuses them ([`OpeningError::NoCentre`]). Free, Swap and Swap2 work on every size.
//! Symmetric fifth moves are judged by the 8 symmetries of the whole board about its centre,
//! which exist on every size.

mod catalogue;
mod machine;
mod nigiri;
mod record;
mod symmetry;

pub use catalogue::{OPENINGS, Opening, OpeningFamily, centre};
pub use nigiri::Nigiri;
pub use record::Step;
pub use symmetry::{Symmetry, symmetric_points};

pub(crate) use machine::Machine;

use crate::board::{Pos, Stone};
use crate::record::MoveError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How a game starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OpeningRule {
    /// Black (the first player) starts; no decisions.
    #[default]
    Free,
    /// 三手可交换: swap after 3.
    Swap,
    /// 指定打法 + 三手可交换 + 五手两打: the RIF rule (1996).
    Rif,
    /// Soosõrv-8: the RIF world-championship rule since 2017.
    Soosorv8,
    /// Swap2: the Gomocup and tournament rule for freestyle and exactly five.
    Swap2,
}

impl OpeningRule {
    pub const ALL: [OpeningRule; 5] = [
        OpeningRule::Free,
        OpeningRule::Swap,
        OpeningRule::Rif,
        OpeningRule::Soosorv8,
        OpeningRule::Swap2,
    ];

    /// The name used on the command line and in files: `free`, `swap`, `rif`, `soosorv8`, `swap2`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            OpeningRule::Free => "free",
            OpeningRule::Swap => "swap",
            OpeningRule::Rif => "rif",
            OpeningRule::Soosorv8 => "soosorv8",
            OpeningRule::Swap2 => "swap2",
        }
    }

    /// Whether the first three stones must form one of the 26 standard openings.
    #[must_use]
    pub fn uses_standard_openings(self) -> bool {
        matches!(self, OpeningRule::Rif | OpeningRule::Soosorv8)
    }

    /// The most fifth moves the white player may ask for.
    pub const SOOSORV_MAX_FIFTHS: u8 = 8;
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OpeningRule::Free => "free opening",
            OpeningRule::Swap => "swap after 3",
            OpeningRule::Rif => "RIF",
            OpeningRule::Soosorv8 => "Soosõrv-8",
            OpeningRule::Swap2 => "Swap2",
        })
    }
}

impl FromStr for OpeningRule {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key = s.trim().to_ascii_lowercase().replace(['-', '_', ' '], "");
        OpeningRule::ALL
            .into_iter()
            .find(|r| r.name() == key || (key == "soosorv" && *r == OpeningRule::Soosorv8))
            .ok_or_else(|| {
                format!("unknown opening rule {s:?} (use free, swap, rif, soosorv8 or swap2)")
            })
    }
}

/// The two players of a game, by their role in the opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// Starts the opening (tentatively black).
    First,
    Second,
}

impl Side {
    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    pub(crate) fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::First => "first player",
            Side::Second => "second player",
        })
    }
}

/// Where an opening stone may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Area {
    /// Any empty (and, for black under renju, allowed) point.
    Anywhere,
    /// Within this many points of the centre, in both directions: 0 = the centre point,
    /// 1 = the central 3×3 square, 2 = the central 5×5 square.
    NearCentre(u8),
}

impl Area {
    /// Whether `pos` lies in the area on a board of side `size`.
    #[must_use]
    pub fn contains(self, pos: Pos, size: usize) -> bool {
        match self {
            Area::Anywhere => usize::from(pos.x) < size && usize::from(pos.y) < size,
            Area::NearCentre(d) => {
                centre(size).is_some_and(|c| c.x.abs_diff(pos.x) <= d && c.y.abs_diff(pos.y) <= d)
            }
        }
    }
}

impl fmt::Display for Area {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Area::Anywhere => f.write_str("anywhere"),
            Area::NearCentre(0) => f.write_str("on the centre point"),
            Area::NearCentre(d) => {
                let n = 2 * d + 1;
                write!(f, "within the central {n}x{n} square")
            }
        }
    }
}

/// Swap2's three answers for the second player after the first three stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Swap2Choice {
    /// Play black (the first player, now white, plays 4).
    TakeBlack,
    /// Play white and play 4 now.
    TakeWhite,
    /// Place stones 4 (white) and 5 (black), then the first player chooses a colour.
    PlaceTwo,
}

impl fmt::Display for Swap2Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Swap2Choice::TakeBlack => "take black",
            Swap2Choice::TakeWhite => "take white",
            Swap2Choice::PlaceTwo => "place two more stones",
        })
    }
}

/// What the game waits for.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Ordinary play: the holder of [`GameRecord::side_to_move`](crate::GameRecord::side_to_move)
    /// places a stone ([`Decision::Place`] or `GameRecord::play`). Also after the game ended.
    Play,
    /// Place opening stone `number` (1-based) of colour `stone` in `area`.
    Place {
        number: u8,
        stone: Stone,
        area: Area,
    },
    /// Keep the colours ([`Decision::Swap`]`(false)`) or swap them (`true`).
    Swap,
    /// Declare how many fifth moves black must offer: [`Decision::DeclareFifths`] in `1..=max`.
    DeclareFifths { max: u8 },
    /// Offer exactly `count` fifth moves, pairwise not symmetric: [`Decision::OfferFifths`].
    OfferFifths { count: u8 },
    /// Pick one of `offered` as move 5: [`Decision::ChooseFifth`]; then the picker plays 6.
    ChooseFifth { offered: Vec<Pos> },
    /// Swap2 after three stones: [`Decision::Swap2`].
    Swap2,
    /// Swap2 after five stones: choose a colour with [`Decision::TakeColour`].
    Swap2Colour,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::Play => f.write_str("a move"),
            Phase::Place {
                number,
                stone,
                area,
            } => write!(f, "opening stone {number} ({stone}, {area})"),
            Phase::Swap => f.write_str("the choice to swap colours or not"),
            Phase::DeclareFifths { max } => {
                write!(f, "the number of fifth moves to offer (1 to {max})")
            }
            Phase::OfferFifths { count } => write!(f, "an offer of {count} fifth moves"),
            Phase::ChooseFifth { .. } => f.write_str("the choice of one offered fifth move"),
            Phase::Swap2 => f.write_str("the Swap2 choice (take black, take white or place two)"),
            Phase::Swap2Colour => f.write_str("the choice of a colour"),
        }
    }
}

/// Whose decision it is and what may be chosen.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Turn {
    pub who: Side,
    pub phase: Phase,
}

/// One decision of a player.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Decision {
    /// Place a stone: an opening stone, or an ordinary move once the opening is over.
    Place(Pos),
    /// Swap colours (`true`) or keep them (`false`).
    Swap(bool),
    /// Soosõrv: the number of fifth moves black must offer.
    DeclareFifths(u8),
    /// The fifth moves black offers.
    OfferFifths(Vec<Pos>),
    /// The offered fifth move white picks (it is played as move 5).
    ChooseFifth(Pos),
    /// Swap2's answer after three stones.
    Swap2(Swap2Choice),
    /// Swap2: the first player's colour after five stones.
    TakeColour(Stone),
}

impl Decision {
    /// The point where this decision puts a stone, if it does.
    #[must_use]
    pub fn stone(&self) -> Option<Pos> {
        match self {
            Decision::Place(p) | Decision::ChooseFifth(p) => Some(*p),
            _ => None,
        }
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Place(p) => write!(f, "a stone on {p}"),
            Decision::Swap(true) => f.write_str("a swap"),
            Decision::Swap(false) => f.write_str("keeping the colours"),
            Decision::DeclareFifths(n) => write!(f, "declaring {n} fifth moves"),
            Decision::OfferFifths(v) => write!(f, "an offer of {} fifth moves", v.len()),
            Decision::ChooseFifth(p) => write!(f, "choosing the fifth move {p}"),
            Decision::Swap2(c) => write!(f, "the Swap2 choice \"{c}\""),
            Decision::TakeColour(s) => write!(f, "taking {s}"),
        }
    }
}

/// Why a decision was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    /// The stone itself is impossible (occupied, off the board, forbidden, game over).
    #[error("{0}")]
    Move(#[from] MoveError),
    /// The game waits for something else.
    #[error("the game is waiting for {waiting}, not {got}")]
    NotNow { waiting: Phase, got: Decision },
    /// The decision belongs to the other player.
    #[error("this decision belongs to the {owner}")]
    NotYours { owner: Side },
    /// An opening stone outside the area the rule allows.
    #[error("stone {number} of a {rule} opening must be placed {area}")]
    OutsideArea {
        rule: OpeningRule,
        number: u8,
        area: Area,
    },
    /// The rule needs a centre point and the board has none.
    #[error(
        "the {rule} opening needs a board with a centre point (an odd size); {size}x{size} has none"
    )]
    NoCentre { rule: OpeningRule, size: usize },
    /// A declared number of fifth moves out of range.
    #[error("the number of fifth moves must be from 1 to {max}, not {got}")]
    DeclaredOutOfRange { max: u8, got: u8 },
    /// An offer with the wrong number of points.
    #[error("black must offer exactly {expected} fifth moves, not {got}")]
    FifthCount { expected: u8, got: usize },
    /// An offered point that is not a possible move.
    #[error("the fifth move {pos} is impossible: {reason}")]
    BadFifth { pos: Pos, reason: MoveError },
    /// The same point offered twice.
    #[error("the fifth move {0} is offered twice")]
    DuplicateFifth(Pos),
    /// Two offered points that are symmetric to each other.
    #[error(
        "the fifth moves {a} and {b} are symmetric (the board {symmetry} maps one onto the other), so they are the same offer"
    )]
    SymmetricFifths { a: Pos, b: Pos, symmetry: Symmetry },
    /// A chosen fifth move that was not offered.
    #[error("{0} is not one of the offered fifth moves")]
    NotOffered(Pos),
}
