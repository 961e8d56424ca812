//! The three rule sets: what wins, and (renju) which black moves are forbidden.
//!
//! Renju follows the RIF definitions: five = exactly five; overline = six or more; a *four* is a
//! line that one more stone turns into a five; a *three* is a line that one more stone turns into
//! a straight four (`.XXXX.` whose both ends make a five), where that stone must itself be a legal
//! (not forbidden) move — checked recursively. Black may not make a double-three, a double-four
//! or an overline, unless the same move makes a five. The board edge blocks like a white stone.

use crate::board::{Board, DIRECTIONS, Pos, Stone};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which five-in-a-row rule is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rule {
    /// Five or more in a row wins, for both colours.
    #[default]
    Freestyle,
    /// Exactly five wins, for both colours; an overline is just a move.
    Standard,
    /// Black: exactly five wins, double-three, double-four and overline are forbidden.
    /// White: five or more wins.
    Renju,
}

impl Rule {
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

    /// The Gomocup protocol's `INFO rule` number: 0 freestyle, 1 exactly five, 4 renju.
    #[must_use]
    pub fn gomocup_code(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
        }
    }

    /// The rule for a Gomocup `INFO rule` bit field (bit 0 exactly five, bit 2 renju).
    #[must_use]
    pub fn from_gomocup_code(code: u32) -> Option<Rule> {
        if code & 4 != 0 {
            Some(Rule::Renju)
        } else if code & 1 != 0 {
            Some(Rule::Standard)
        } else if code & !1 == 0 {
            Some(Rule::Freestyle)
        } else {
            None
        }
    }

    /// Whether a line of `len` stones of colour `stone` is a winning five under this rule.
    #[must_use]
    pub fn is_five(self, stone: Stone, len: usize) -> bool {
        match (self, stone) {
            (Rule::Freestyle, _) | (Rule::Renju, Stone::White) => len >= 5,
            (Rule::Standard, _) | (Rule::Renju, Stone::Black) => len == 5,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        })
    }
}

/// Why a black move is forbidden under renju.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Forbidden {
    DoubleThree,
    DoubleFour,
    Overline,
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Forbidden::DoubleThree => "double-three",
            Forbidden::DoubleFour => "double-four",
            Forbidden::Overline => "overline",
        })
    }
}

/// The cells of the winning line made by `stone` at `pos` (the stone need not be on the board
/// yet; `pos` must be empty or hold `stone`), or `None` when the move does not win.
#[must_use]
pub fn winning_line(board: &Board, pos: Pos, stone: Stone, rule: Rule) -> Option<Vec<Pos>> {
    DIRECTIONS.iter().find_map(|&dir| {
        let len = board.line_len(pos, dir, stone);
        rule.is_five(stone, len)
            .then(|| board.line_cells(pos, dir, stone))
    })
}

/// Whether `stone` at `pos` wins under `rule`.
#[must_use]
pub fn is_win(board: &Board, pos: Pos, stone: Stone, rule: Rule) -> bool {
    DIRECTIONS
        .iter()
        .any(|&dir| rule.is_five(stone, board.line_len(pos, dir, stone)))
}

/// Why black may not play at the empty point `pos` under renju, or `None` if the move is
/// allowed (including any move that makes exactly five). Occupied or off-board points give `None`.
#[must_use]
pub fn forbidden(board: &Board, pos: Pos) -> Option<Forbidden> {
    if !board.is_empty_at(pos) {
        return None;
    }
    let mut b = board.clone();
    forbidden_in_place(&mut b, pos)
}

/// `forbidden` on a scratch board that is restored before returning.
fn forbidden_in_place(b: &mut Board, pos: Pos) -> Option<Forbidden> {
    let lens = DIRECTIONS.map(|dir| b.line_len(pos, dir, Stone::Black));
    if lens.contains(&5) {
        return None; // a five wins, whatever else the move makes
    }
    let overline = lens.iter().any(|&l| l > 5);
    if overline {
        return Some(Forbidden::Overline);
    }
    b.set(pos, Some(Stone::Black));
    let mut fours = 0;
    let mut threes = 0;
    for dir in DIRECTIONS {
        let f = fours_on_line(b, pos, dir);
        if f > 0 {
            fours += f;
        } else if fours < 2 && is_three_on_line(b, pos, dir) {
            threes += 1;
        }
    }
    b.set(pos, None);
    if fours >= 2 {
        Some(Forbidden::DoubleFour)
    } else if threes >= 2 {
        Some(Forbidden::DoubleThree)
    } else {
        None
    }
}

/// Black fours through the black stone at `pos` along `dir`: the number of empty points that
/// complete an exact five containing `pos`, where the two ends of a straight four count once.
fn fours_on_line(b: &mut Board, pos: Pos, dir: (i32, i32)) -> usize {
    let (points, n) = empty_points_on_line(b, pos, dir);
    let mut completions = [0i32; 8];
    let mut fours = 0;
    for &(step, q) in &points[..n] {
        let five = with_black(b, q, |b| {
            b.line_len(q, dir, Stone::Black) == 5 && connected(b, pos, dir, step)
        });
        if five {
            completions[fours] = step;
            fours += 1;
        }
    }
    let completions = &completions[..fours];
    // `.XXXX.`: the two completion points five apart bound one straight four, which is one four.
    let straight = completions
        .iter()
        .any(|a| completions.iter().any(|b| b - a == 5));
    fours - usize::from(straight)
}

/// Whether the black stone at `pos` makes a (real) three along `dir`: some empty point on the
/// line, itself not forbidden, turns it into a straight four containing `pos`.
fn is_three_on_line(b: &mut Board, pos: Pos, dir: (i32, i32)) -> bool {
    let (points, n) = empty_points_on_line(b, pos, dir);
    points[..n].iter().any(|&(step, q)| {
        let straight = with_black(b, q, |b| {
            connected(b, pos, dir, step) && is_straight_four(b, q, dir)
        });
        straight && forbidden_in_place(b, q).is_none()
    })
}

/// The empty points within four steps of `pos` along `dir` (both ways), with their step: the
/// first `n` entries of the array (no allocation: this runs deep inside the recursion).
fn empty_points_on_line(b: &Board, pos: Pos, dir: (i32, i32)) -> ([(i32, Pos); 8], usize) {
    let mut out = [(0, pos); 8];
    let mut n = 0;
    for step in (-4..=4).filter(|&s| s != 0) {
        if let Some(q) = pos.offset(dir, step, b.size())
            && b.get(q).is_none()
        {
            out[n] = (step, q);
            n += 1;
        }
    }
    (out, n)
}

/// Evaluates `f` with a black stone at `q`, then takes the stone away again.
fn with_black<T>(b: &mut Board, q: Pos, f: impl FnOnce(&Board) -> T) -> T {
    b.set(q, Some(Stone::Black));
    let out = f(b);
    b.set(q, None);
    out
}

/// Whether every point strictly between `pos` and `pos + step·dir` holds a black stone, so that
/// a black stone at the far end joins the run through `pos`.
fn connected(b: &Board, pos: Pos, dir: (i32, i32), step: i32) -> bool {
    let size = b.size();
    (1..step.abs()).all(|s| {
        pos.offset(dir, s * step.signum(), size)
            .is_some_and(|p| b.get(p) == Some(Stone::Black))
    })
}

/// Whether the black line through `q` along `dir` is a straight four: exactly four in a row,
/// both ends empty, and each end makes an exact five.
fn is_straight_four(b: &Board, q: Pos, dir: (i32, i32)) -> bool {
    let size = b.size();
    let back = b.run_from(q, (-dir.0, -dir.1), Stone::Black) as i32;
    let fwd = b.run_from(q, dir, Stone::Black) as i32;
    if back + fwd + 1 != 4 {
        return false;
    }
    let ends = [(-back - 1, -1), (fwd + 1, 1)];
    ends.iter().all(|&(end, outward)| {
        let Some(e) = q.offset(dir, end, size) else {
            return false;
        };
        if b.get(e).is_some() {
            return false;
        }
        // Filling the end must not make an overline: the cell beyond must not be black.
        q.offset(dir, end + outward, size)
            .is_none_or(|beyond| b.get(beyond) != Some(Stone::Black))
    })
}

/// All points where black may not play under renju, with the reason.
#[must_use]
pub fn forbidden_points(board: &Board) -> Vec<(Pos, Forbidden)> {
    let mut b = board.clone();
    board
        .points()
        .filter(|&p| board.get(p).is_none())
        .filter_map(|p| forbidden_in_place(&mut b, p).map(|f| (p, f)))
        .collect()
}

/// Whether black has an empty point that is not forbidden under renju (stops at the first
/// one, so it costs one check in almost every position).
#[must_use]
pub fn black_can_move(board: &Board) -> bool {
    let mut b = board.clone();
    board
        .points()
        .filter(|&p| board.get(p).is_none())
        .any(|p| forbidden_in_place(&mut b, p).is_none())
}

/// Whether `stone` may play at `pos` under `rule`: the point is on the board and empty, and for
/// black under renju it is not forbidden.
#[must_use]
pub fn is_legal(board: &Board, pos: Pos, stone: Stone, rule: Rule) -> bool {
    board.is_empty_at(pos)
        && !(rule == Rule::Renju && stone == Stone::Black && forbidden(board, pos).is_some())
}
