//! Move generation with threat-aware forced replies.
//!
//! - [`threat_defences`]: when the opponent can make an open four or a four-three next move,
//!   only the points that remove every such threat (the threats left after each block are
//!   counted exactly without playing it) and the side's own fours are worth searching.
//! - [`four_moves`]: the points where a side makes a four (VCF and quiescence).
//! - [`ordered_candidates`]: every point near the stones, by attack + defence value
//!   ([`crate::order_table`]).

use crate::board::{Board, DIR_STEP, EMPTY, Side};
use crate::pattern::{B4, C_FLEX_FOUR, C_FOUR, C_FOUR_THREE, C_MAYBE_DOUBLE_THREE, F3, FIVE};

/// Whether `side` has a threat to make an open four or a four-three with its next move.
#[must_use]
pub fn has_threat(b: &Board, side: Side) -> bool {
    b.count(side, C_FLEX_FOUR) + b.count(side, C_FOUR_THREE) > 0
}

/// Points where `side` makes a four that it may legally play (renju black: not forbidden).
/// Four-threes come first.
pub fn four_moves(b: &mut Board, side: Side, out: &mut Vec<usize>) {
    out.clear();
    let mut others = Vec::new();
    for i in 0..b.points().len() {
        let p = b.points()[i];
        if b.cell(p) != EMPTY || b.near(p) == 0 {
            continue;
        }
        match b.class(side, p) {
            C_FOUR_THREE => out.push(p),
            C_FOUR => others.push(p),
            C_MAYBE_DOUBLE_THREE => {
                let has_four = (0..4).any(|d| b.pattern(side, p, d) == B4);
                if has_four && !b.is_forbidden(p) {
                    out.push(p);
                }
            }
            _ => {}
        }
    }
    out.extend(others);
}

/// Replies of the side to move when the opponent threatens an open four or a four-three:
/// the legal points after which the opponent has the fewest such threats (none, when
/// possible), followed by the side's own fours that are not already in the list.
pub fn threat_defences(b: &mut Board, out: &mut Vec<usize>) {
    out.clear();
    let s = b.to_move();
    let o = s ^ 1;
    let mut threats = Vec::new();
    let mut tmp = Vec::new();
    b.find(o, C_FLEX_FOUR, &mut tmp);
    threats.extend_from_slice(&tmp);
    b.find(o, C_FOUR_THREE, &mut tmp);
    threats.extend_from_slice(&tmp);
    let mut cand: Vec<usize> = Vec::new();
    for &t in &threats {
        cand.push(t);
        for (d, &dir_step) in DIR_STEP.iter().enumerate() {
            if b.pattern(o, t, d) < F3 || b.pattern(o, t, d) == FIVE {
                continue;
            }
            for k in -5isize..=5 {
                let q = (t as isize + dir_step * k) as usize;
                if q < crate::board::CELLS && b.cell(q) == EMPTY {
                    cand.push(q);
                }
            }
        }
    }
    cand.sort_unstable();
    cand.dedup();
    let mut best = u32::MAX;
    let mut scored = Vec::with_capacity(cand.len());
    for q in cand {
        if !b.is_legal_for(s, q) {
            continue;
        }
        let left = b.threats_after_block(o, q);
        best = best.min(left);
        scored.push((q, left));
    }
    scored.retain(|&(_, left)| left == best);
    scored.sort_by_key(|&(q, _)| -(b.score(s, q) + b.score(o, q)));
    out.extend(scored.iter().map(|&(q, _)| q));
    let mut fours = Vec::new();
    four_moves(b, s, &mut fours);
    for f in fours {
        if !out.contains(&f) {
            out.push(f);
        }
    }
}

/// Candidate points near the stones with their ordering value for the side to move
/// ([`Board::order_value`]: own attack value plus the opponent's value there, plus the
/// number of stones nearby), best first. Forbidden points of renju
/// black are left out.
pub fn ordered_candidates(b: &mut Board, out: &mut Vec<(usize, i32)>) {
    out.clear();
    let s = b.to_move();
    let mut cand = Vec::new();
    b.candidates(&mut cand);
    for p in cand {
        if s == 0 && b.is_forbidden(p) {
            continue;
        }
        let v = b.order_value(p) + i32::from(b.near(p));
        out.push((p, v));
    }
    out.sort_by_key(|&(_, v)| -v);
}

/// One pass over the points near the stones: every legal point with its ordering value for
/// the side to move (as [`ordered_candidates`], unsorted) and whether the point makes a four
/// for the side to move (such points are never pruned).
pub fn scored_moves(b: &mut Board, out: &mut Vec<(usize, i32, bool)>) {
    out.clear();
    let s = b.to_move();
    for i in 0..b.points().len() {
        let p = b.points()[i];
        if b.cell(p) != EMPTY || b.near(p) == 0 {
            continue;
        }
        let cl = b.class(s, p);
        let four = match cl {
            C_FOUR | C_FOUR_THREE | C_FLEX_FOUR => true,
            C_MAYBE_DOUBLE_THREE => {
                if b.is_forbidden(p) {
                    continue;
                }
                (0..4).any(|d| b.pattern(s, p, d) == B4)
            }
            crate::pattern::C_FORBIDDEN if s == 0 && b.is_forbidden(p) => continue,
            _ => false,
        };
        let v = b.order_value(p) + i32::from(b.near(p));
        out.push((p, v, four));
    }
}
