//! Why a point is (or is not) forbidden for black under renju, as data a board can draw.
//!
//! [`explain_point`] lists every shape a black stone on an empty point would make, one
//! [`ShapeLine`] per shape: its [`Direction`], the black stones of the shape (the point
//! included) and its key points — where a four becomes five, where a three becomes a straight
//! four. Each three says whether it counts ([`ThreeStatus`]): it does when one of its
//! straight-four points is a legal move; it does not when every such point is itself
//! forbidden (the recursive RIF case; [`LinePoint::forbidden`] says why, and
//! [`explain_point`] on the board with the stone placed explains that point in turn) or when no
//! point makes a straight four at all (blocked by white, the edge, or an overline).
//! [`explain`] keeps only forbidden points. The verdict always equals [`crate::forbidden`].
//!
//! The data holds no sentences: a user interface words it in its own language. The
//! [`fmt::Display`] impls are English, for tests and logs.

use crate::board::{Board, Pos, Stone};
use crate::rules::{Forbidden, forbidden};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A line direction on the board (`y` grows downwards, as in [`Pos`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// Left to right.
    Horizontal,
    /// Top to bottom.
    Vertical,
    /// Top-left to bottom-right (`↘`).
    Diagonal,
    /// Bottom-left to top-right (`↗`).
    AntiDiagonal,
}

impl Direction {
    /// In the order of [`crate::DIRECTIONS`].
    pub const ALL: [Direction; 4] = [
        Direction::Horizontal,
        Direction::Vertical,
        Direction::Diagonal,
        Direction::AntiDiagonal,
    ];

    /// The step `(dx, dy)` along this direction.
    #[must_use]
    pub fn delta(self) -> (i32, i32) {
        match self {
            Direction::Horizontal => (1, 0),
            Direction::Vertical => (0, 1),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (1, -1),
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::Horizontal => "horizontal",
            Direction::Vertical => "vertical",
            Direction::Diagonal => "diagonal",
            Direction::AntiDiagonal => "anti-diagonal",
        })
    }
}

/// What a black stone on the point makes along one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Shape {
    /// Exactly five: black wins, whatever else the move makes.
    Five,
    /// Six or more in a row.
    Overline,
    /// One more stone (on one of the key points) makes exactly five. Two key points five
    /// apart are a straight four, `.XXXX.`, which is one four; `X.XXX.X` on one line is two
    /// fours, each with its own key point.
    Four,
    /// One more stone makes a four; whether it is a three in the sense of the rules is
    /// [`ThreeStatus`].
    Three(ThreeStatus),
}

/// Whether a three counts towards a double-three.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ThreeStatus {
    /// A real three: at least one of its straight-four points is a legal move.
    Counts,
    /// Not a three: it has straight-four points, but every one is forbidden for black.
    FourPointsForbidden,
    /// Not a three: no point turns it into a straight four (white stones, the edge or an
    /// overline block it); its key points only make a plain four.
    Blocked,
}

/// A key point of a shape: where one more black stone completes the next stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LinePoint {
    pub pos: Pos,
    /// For the straight-four points of a three: why black may not play there (judged with
    /// the explained stone on the board). `None` otherwise.
    pub forbidden: Option<Forbidden>,
}

/// One shape through the explained point.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ShapeLine {
    pub direction: Direction,
    pub shape: Shape,
    /// The black stones of the shape along the line, the explained point included, in
    /// board order along [`Direction::delta`].
    pub stones: Vec<Pos>,
    /// Five, overline: none. Four: the points that make five. Three: the points that make a
    /// straight four (for [`ThreeStatus::Blocked`], the points that make a plain four).
    pub points: Vec<LinePoint>,
}

impl ShapeLine {
    /// Whether this shape counts for the verdict: fives, overlines, fours, and threes whose
    /// status is [`ThreeStatus::Counts`].
    #[must_use]
    pub fn counts(&self) -> bool {
        !matches!(
            self.shape,
            Shape::Three(ThreeStatus::Blocked | ThreeStatus::FourPointsForbidden)
        )
    }
}

/// Every shape a black stone on one empty point would make, and the renju verdict.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PointExplanation {
    pub point: Pos,
    /// The verdict, equal to [`crate::forbidden`] on the same board and point.
    pub forbidden: Option<Forbidden>,
    /// Shapes in direction order; a five, when there is one, comes with nothing else (it
    /// decides alone).
    pub lines: Vec<ShapeLine>,
}

impl PointExplanation {
    /// The lines that make the verdict: the overlines, the fours, or the counting threes;
    /// the five when the move wins; empty for a legal point without a five.
    #[must_use]
    pub fn decisive(&self) -> Vec<&ShapeLine> {
        let wanted = |s: &ShapeLine| match self.forbidden {
            None => s.shape == Shape::Five,
            Some(Forbidden::Overline) => s.shape == Shape::Overline,
            Some(Forbidden::DoubleFour) => s.shape == Shape::Four,
            Some(Forbidden::DoubleThree) => s.shape == Shape::Three(ThreeStatus::Counts),
        };
        self.lines.iter().filter(|s| wanted(s)).collect()
    }

    /// The threes that look like threes but do not count, with the reason in their status.
    #[must_use]
    pub fn discounted_threes(&self) -> Vec<&ShapeLine> {
        self.lines.iter().filter(|s| !s.counts()).collect()
    }

    /// Number of fours as the rules count them (a straight four is one).
    #[must_use]
    pub fn fours(&self) -> usize {
        self.lines.iter().filter(|s| s.shape == Shape::Four).count()
    }

    /// Number of threes that count.
    #[must_use]
    pub fn threes(&self) -> usize {
        self.lines
            .iter()
            .filter(|s| s.shape == Shape::Three(ThreeStatus::Counts))
            .count()
    }
}

/// Explains a point where black may not play under renju; `None` when the point is legal,
/// occupied or off the board.
#[must_use]
pub fn explain(board: &Board, pos: Pos) -> Option<PointExplanation> {
    explain_point(board, pos).filter(|e| e.forbidden.is_some())
}

/// The shapes a black stone at the empty point `pos` would make and the renju verdict (also
/// for legal points, e.g. to show why an apparent double-three is allowed); `None` for an
/// occupied or off-board point.
#[must_use]
pub fn explain_point(board: &Board, pos: Pos) -> Option<PointExplanation> {
    if !board.is_empty_at(pos) {
        return None;
    }
    let fives: Vec<ShapeLine> = Direction::ALL
        .into_iter()
        .filter(|d| board.line_len(pos, d.delta(), Stone::Black) == 5)
        .map(|d| whole_run(board, pos, d, Shape::Five))
        .collect();
    if !fives.is_empty() {
        return Some(PointExplanation {
            point: pos,
            forbidden: None,
            lines: fives,
        });
    }
    let mut b = board.clone();
    b.set(pos, Some(Stone::Black));
    let mut lines = Vec::new();
    for d in Direction::ALL {
        if board.line_len(pos, d.delta(), Stone::Black) > 5 {
            lines.push(whole_run(board, pos, d, Shape::Overline));
            continue;
        }
        let fours = fours_along(&mut b, pos, d);
        if fours.is_empty() {
            lines.extend(three_along(&mut b, pos, d));
        } else {
            lines.extend(fours);
        }
    }
    let count = |shape: Shape| lines.iter().filter(|s| s.shape == shape).count();
    let verdict = if count(Shape::Overline) > 0 {
        Some(Forbidden::Overline)
    } else if count(Shape::Four) >= 2 {
        Some(Forbidden::DoubleFour)
    } else if count(Shape::Three(ThreeStatus::Counts)) >= 2 {
        Some(Forbidden::DoubleThree)
    } else {
        None
    };
    Some(PointExplanation {
        point: pos,
        forbidden: verdict,
        lines,
    })
}

/// The run of black through `pos` (counted as black) along `d`, as one shape.
fn whole_run(board: &Board, pos: Pos, d: Direction, shape: Shape) -> ShapeLine {
    ShapeLine {
        direction: d,
        shape,
        stones: board.line_cells(pos, d.delta(), Stone::Black),
        points: Vec::new(),
    }
}

/// Empty points within four steps of `pos` along `d`, with their step.
fn empty_near(b: &Board, pos: Pos, d: Direction) -> Vec<(i32, Pos)> {
    (-4..=4)
        .filter(|&s| s != 0)
        .filter_map(|s| pos.offset(d.delta(), s, b.size()).map(|q| (s, q)))
        .filter(|&(_, q)| b.get(q).is_none())
        .collect()
}

/// Whether every point strictly between `pos` and `pos + step` along `d` is black.
fn connected(b: &Board, pos: Pos, d: Direction, step: i32) -> bool {
    (1..step.abs()).all(|s| {
        pos.offset(d.delta(), s * step.signum(), b.size())
            .is_some_and(|p| b.get(p) == Some(Stone::Black))
    })
}

/// With black at `pos`: the empty points that make an exact five through `pos` along `d`.
fn completions(b: &mut Board, pos: Pos, d: Direction) -> Vec<(i32, Pos)> {
    empty_near(b, pos, d)
        .into_iter()
        .filter(|&(step, q)| {
            b.set(q, Some(Stone::Black));
            let five = b.line_len(q, d.delta(), Stone::Black) == 5 && connected(b, pos, d, step);
            b.set(q, None);
            five
        })
        .collect()
}

/// The black stones of the run through `q` along `d` once `q` is filled, without `q`.
fn stones_with(b: &mut Board, q: Pos, d: Direction) -> Vec<Pos> {
    b.set(q, Some(Stone::Black));
    let cells = b.line_cells(q, d.delta(), Stone::Black);
    b.set(q, None);
    cells.into_iter().filter(|&c| c != q).collect()
}

/// The fours through `pos` (black) along `d`: one per completion point, except that the two
/// ends of a straight four make one four.
fn fours_along(b: &mut Board, pos: Pos, d: Direction) -> Vec<ShapeLine> {
    let done = completions(b, pos, d);
    let mut out: Vec<ShapeLine> = Vec::new();
    for (i, &(step, q)) in done.iter().enumerate() {
        if done[..i].iter().any(|&(s, _)| step - s == 5) {
            continue; // the far end of a straight four already listed
        }
        let mut points = vec![LinePoint {
            pos: q,
            forbidden: None,
        }];
        if let Some(&(_, far)) = done.iter().find(|&&(s, _)| s - step == 5) {
            points.push(LinePoint {
                pos: far,
                forbidden: None,
            });
        }
        out.push(ShapeLine {
            direction: d,
            shape: Shape::Four,
            stones: stones_with(b, q, d),
            points,
        });
    }
    out
}

/// Whether the black run through `q` along `d` is a straight four: exactly four, both ends
/// empty, and filling either end makes exactly five.
fn is_straight_four(b: &Board, q: Pos, d: Direction) -> bool {
    let (dx, dy) = d.delta();
    let back = b.run_from(q, (-dx, -dy), Stone::Black) as i32;
    let fwd = b.run_from(q, (dx, dy), Stone::Black) as i32;
    if back + fwd + 1 != 4 {
        return false;
    }
    [(-back - 1, -1), (fwd + 1, 1)].iter().all(|&(end, out)| {
        q.offset((dx, dy), end, b.size())
            .is_some_and(|e| b.get(e).is_none())
            && q.offset((dx, dy), end + out, b.size())
                .is_none_or(|beyond| b.get(beyond) != Some(Stone::Black))
    })
}

/// The three through `pos` (black, no four on this line) along `d`, if one more stone makes
/// at least a four: its straight-four points and whether it counts.
fn three_along(b: &mut Board, pos: Pos, d: Direction) -> Option<ShapeLine> {
    let near = empty_near(b, pos, d);
    let mut straight = Vec::new();
    let mut plain = Vec::new();
    for &(step, q) in &near {
        b.set(q, Some(Stone::Black));
        let is_straight = connected(b, pos, d, step) && is_straight_four(b, q, d);
        let is_four = !is_straight && !completions(b, pos, d).is_empty();
        b.set(q, None);
        if is_straight {
            straight.push(q);
        } else if is_four {
            plain.push(q);
        }
    }
    let (status, keys) = if straight.is_empty() {
        if plain.is_empty() {
            return None;
        }
        let keys = plain
            .into_iter()
            .map(|q| LinePoint {
                pos: q,
                forbidden: None,
            })
            .collect();
        (ThreeStatus::Blocked, keys)
    } else {
        let keys: Vec<LinePoint> = straight
            .into_iter()
            .map(|q| LinePoint {
                pos: q,
                forbidden: forbidden(b, q),
            })
            .collect();
        let status = if keys.iter().any(|k| k.forbidden.is_none()) {
            ThreeStatus::Counts
        } else {
            ThreeStatus::FourPointsForbidden
        };
        (status, keys)
    };
    let mut stones: Vec<Pos> = Vec::new();
    for k in &keys {
        for s in three_stones(b, pos, k.pos, d) {
            if !stones.contains(&s) {
                stones.push(s);
            }
        }
    }
    stones.sort_by_key(|s| along(pos, *s, d));
    Some(ShapeLine {
        direction: d,
        shape: Shape::Three(status),
        stones,
        points: keys,
    })
}

/// The black stones of the five that `q` and then one completion point would make through
/// `pos` along `d`, without those two points: the stones of the three `q` extends.
fn three_stones(b: &mut Board, pos: Pos, q: Pos, d: Direction) -> Vec<Pos> {
    b.set(q, Some(Stone::Black));
    let stones = completions(b, pos, d)
        .first()
        .map(|&(_, r)| stones_with(b, r, d))
        .unwrap_or_default();
    b.set(q, None);
    stones.into_iter().filter(|&s| s != q).collect()
}

/// Signed distance of `s` from `pos` along `d` (both on one line).
fn along(pos: Pos, s: Pos, d: Direction) -> i32 {
    let (dx, _) = d.delta();
    if dx == 0 {
        i32::from(s.y) - i32::from(pos.y)
    } else {
        i32::from(s.x) - i32::from(pos.x)
    }
}

fn write_points(f: &mut fmt::Formatter<'_>, points: impl Iterator<Item = Pos>) -> fmt::Result {
    for (i, p) in points.enumerate() {
        write!(f, "{}{p}", if i == 0 { "" } else { " " })?;
    }
    Ok(())
}

impl fmt::Display for ShapeLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self.shape {
            Shape::Five => "five",
            Shape::Overline => "overline",
            Shape::Four => "four",
            Shape::Three(_) => "three",
        };
        write!(f, "{} {name} ", self.direction)?;
        write_points(f, self.stones.iter().copied())?;
        let keys = self.points.iter().map(|k| k.pos);
        match self.shape {
            Shape::Five | Shape::Overline => Ok(()),
            Shape::Four => {
                f.write_str(", five at ")?;
                write_points(f, keys)
            }
            Shape::Three(ThreeStatus::Counts) => {
                f.write_str(", straight four at ")?;
                write_points(f, keys)
            }
            Shape::Three(ThreeStatus::Blocked) => {
                f.write_str(" does not count: blocked, only a four at ")?;
                write_points(f, keys)
            }
            Shape::Three(ThreeStatus::FourPointsForbidden) => {
                f.write_str(" does not count: its straight-four point")?;
                for k in &self.points {
                    let why = k.forbidden.map(|w| w.to_string()).unwrap_or_default();
                    write!(f, " {} ({why})", k.pos)?;
                }
                f.write_str(" is forbidden")
            }
        }
    }
}

impl fmt::Display for PointExplanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.forbidden {
            Some(kind) => write!(f, "{} is forbidden ({kind})", self.point)?,
            None => write!(f, "{} is allowed", self.point)?,
        }
        for line in &self.lines {
            write!(f, "; {line}")?;
        }
        Ok(())
    }
}
