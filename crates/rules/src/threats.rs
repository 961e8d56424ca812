//! The threats one colour has on the board, as data a board can draw: its **fours** (one more
//! stone makes five: the opponent must block the five point) and its **open threes** (one
//! more stone makes an open four — two five points on one line — which cannot be stopped).
//!
//! Each [`Threat`] names its line ([`Direction`]), the colour's stones that make it and its key
//! points: the five points of a four, the open-four points of a three. The rule decides what a
//! five is (exactly five for renju black and in standard) and, for renju black, a point where
//! black may not play is no open-four point (a three whose every open-four point is forbidden
//! is no threat). A point that makes five is never also listed as an open-four point.

use crate::board::{Board, Pos, Stone};
use crate::explain::Direction;
use crate::rules::{Rule, forbidden};
use serde::{Deserialize, Serialize};

/// What a threat is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ThreatKind {
    /// One more stone makes five (an open four when it has two five points).
    Four,
    /// One more stone makes an open four.
    OpenThree,
}

/// One four or open three of a colour.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Threat {
    pub kind: ThreatKind,
    pub direction: Direction,
    /// The colour's stones on the board that make the shape, in board order.
    pub stones: Vec<Pos>,
    /// Where one more stone makes five (a four) or an open four (an open three), sorted.
    pub points: Vec<Pos>,
}

/// Every four and open three of `stone` on `board` under `rule`: fours first, then threes,
/// each group in board order.
#[must_use]
pub fn threats(board: &Board, stone: Stone, rule: Rule) -> Vec<Threat> {
    let mut found: Vec<Threat> = Vec::new();
    let mut board = board.clone();
    let renju_black = rule == Rule::Renju && stone == Stone::Black;
    let candidates: Vec<(Direction, Pos)> = Direction::ALL
        .into_iter()
        .flat_map(|d| board.points().map(move |p| (d, p)))
        .filter(|&(d, p)| board.is_empty_at(p) && near_own(&board, p, d.delta(), stone))
        .collect();
    let mut fives = Vec::new();
    for &(d, p) in &candidates {
        let dir = d.delta();
        if makes_five(&board, p, dir, stone, rule) {
            let stones: Vec<Pos> = board
                .line_cells(p, dir, stone)
                .into_iter()
                .filter(|&q| q != p)
                .collect();
            add(&mut found, ThreatKind::Four, d, stones, p);
            fives.push(p);
        }
    }
    for &(d, p) in &candidates {
        if fives.contains(&p) || (renju_black && forbidden(&board, p).is_some()) {
            continue;
        }
        let dir = d.delta();
        // The five points this stone would add (not those the line already has: a stone
        // beside a four is no three).
        let new_ends: Vec<(i32, Pos)> = (-5..=5)
            .filter(|&s| s != 0)
            .filter_map(|s| p.offset(dir, s, board.size()).map(|q| (s, q)))
            .filter(|&(_, q)| board.is_empty_at(q) && !makes_five(&board, q, dir, stone, rule))
            .collect();
        board.set(p, Some(stone));
        let ends: Vec<i32> = new_ends
            .into_iter()
            .filter(|&(_, q)| makes_five(&board, q, dir, stone, rule))
            .map(|(s, _)| s)
            .collect();
        let stones: Vec<Pos> = match (ends.first(), ends.last()) {
            (Some(&lo), Some(&hi)) if ends.len() >= 2 => (lo + 1..hi)
                .filter(|&s| s != 0)
                .filter_map(|s| p.offset(dir, s, board.size()))
                .filter(|&q| board.get(q) == Some(stone))
                .collect(),
            _ => Vec::new(),
        };
        board.set(p, None);
        if !stones.is_empty() {
            add(&mut found, ThreatKind::OpenThree, d, stones, p);
        }
    }
    found.sort_by(|a, b| {
        (a.kind != ThreatKind::Four, &a.stones).cmp(&(b.kind != ThreatKind::Four, &b.stones))
    });
    found
}

/// The points where `stone` makes five, sorted.
#[must_use]
pub fn five_points(threats: &[Threat]) -> Vec<Pos> {
    key_points(threats, ThreatKind::Four)
}

/// The points where `stone` makes an open four, sorted.
#[must_use]
pub fn open_four_points(threats: &[Threat]) -> Vec<Pos> {
    key_points(threats, ThreatKind::OpenThree)
}

fn key_points(threats: &[Threat], kind: ThreatKind) -> Vec<Pos> {
    let mut points: Vec<Pos> = threats
        .iter()
        .filter(|t| t.kind == kind)
        .flat_map(|t| t.points.iter().copied())
        .collect();
    points.sort();
    points.dedup();
    points
}

/// Whether `stone` at the empty `p` makes a five along `dir`.
fn makes_five(board: &Board, p: Pos, dir: (i32, i32), stone: Stone, rule: Rule) -> bool {
    rule.is_five(stone, board.line_len(p, dir, stone))
}

/// Whether a stone of `stone` lies within four points of `p` along `dir` (no shape otherwise).
fn near_own(board: &Board, p: Pos, dir: (i32, i32), stone: Stone) -> bool {
    (-4..=4)
        .filter(|&s| s != 0)
        .filter_map(|s| p.offset(dir, s, board.size()))
        .any(|q| board.get(q) == Some(stone))
}

/// Adds key point `p` to the threat of the same kind, line and stones, or a new threat.
fn add(found: &mut Vec<Threat>, kind: ThreatKind, d: Direction, mut stones: Vec<Pos>, p: Pos) {
    stones.sort();
    if let Some(t) = found
        .iter_mut()
        .find(|t| t.kind == kind && t.direction == d && t.stones == stones)
    {
        if !t.points.contains(&p) {
            t.points.push(p);
            t.points.sort();
        }
        return;
    }
    found.push(Threat {
        kind,
        direction: d,
        stones,
        points: vec![p],
    });
}
