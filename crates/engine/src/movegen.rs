//! Move generation with threat-aware forced replies.
//!
//! - [`threat_defences`]: when the opponent can make an open four or a four-three next move,
//!   only the points that remove every such threat (the threats left after each block are
//!   counted exactly without playing it) and the side's own fours are worth searching.
//! - [`four_moves`]: the points where a side makes a four (VCF and quiescence).
//! - [`static_win`]: a double three or four-three that wins without search.
//! - [`ordered_candidates`]: every point near the stones, by attack + defence value
//!   ([`crate::order_table`]).

use crate::board::{Board, DIR_STEP, EMPTY, Side};
use crate::pattern::{
    B4, C_FIVE, C_FLEX_FOUR, C_FOUR, C_FOUR_THREE, C_MAYBE_DOUBLE_THREE, C_THREE_THREE, F3, FIVE,
};
use gomoku_rules::Rule;

/// Whether `side` has a threat to make an open four or a four-three with its next move.
#[must_use]
pub fn has_threat(b: &Board, side: Side) -> bool {
    b.count(side, C_FLEX_FOUR) + b.count(side, C_FOUR_THREE) > 0
}

/// Whether the side to move wins in five plies without search: it can make a double three, or
/// a four-three (not renju black, whose three may not be real), and the opponent cannot make a
/// four with its next move. The opponent's one answer then stops at most one of the two
/// threats (their lines meet only at the new stone) and makes no four, so an open four follows
/// and then the five. Renju black's double-three candidates count as possible fours.
#[must_use]
pub fn static_win(b: &Board) -> bool {
    let s = b.to_move();
    let o = s ^ 1;
    let opponent_fours = [
        C_FOUR,
        C_FOUR_THREE,
        C_FLEX_FOUR,
        C_FIVE,
        C_MAYBE_DOUBLE_THREE,
    ]
    .iter()
    .map(|&c| b.count(o, c))
    .sum::<u32>();
    if opponent_fours > 0 {
        return false;
    }
    b.count(s, C_THREE_THREE) > 0
        || (b.count(s, C_FOUR_THREE) > 0 && !(b.rule() == Rule::Renju && s == 0))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Whether the side to move, having just made its double three or four-three, wins
    /// against every answer: after each legal answer it has no five to fear and an open four
    /// (or a five) to make.
    fn wins_against_every_answer(b: &mut Board) -> bool {
        let attacker = b.to_move() ^ 1;
        let answers: Vec<usize> = b
            .points()
            .iter()
            .copied()
            .filter(|&p| b.cell(p) == EMPTY)
            .collect();
        answers.into_iter().all(|a| {
            if !b.is_legal_for(attacker ^ 1, a) {
                return true;
            }
            b.make(a);
            let ok = b.count(attacker ^ 1, C_FIVE) == 0
                && (b.count(attacker, C_FIVE) > 0 || b.count(attacker, C_FLEX_FOUR) > 0);
            b.unmake();
            ok
        })
    }

    /// Every position of random games (moves near the stones) where `static_win` claims a
    /// win: some double three or four-three of the side to move wins against every answer.
    #[test]
    fn static_wins_are_wins() {
        for rule in Rule::ALL {
            let mut rng = Rng::new(7);
            let mut checked = 0;
            for _ in 0..300 {
                let mut b = Board::new(rule, 15);
                let centre = b.index(gomoku_rules::Pos::new(7, 7));
                b.make(centre);
                while b.count(0, C_FIVE) + b.count(1, C_FIVE) == 0 {
                    if static_win(&b) {
                        let s = b.to_move();
                        let mut threats = Vec::new();
                        b.find(s, C_THREE_THREE, &mut threats);
                        let mut four_threes = Vec::new();
                        b.find(s, C_FOUR_THREE, &mut four_threes);
                        threats.extend(four_threes);
                        let won = threats.iter().any(|&t| {
                            if !b.is_legal_for(s, t) {
                                return false;
                            }
                            b.make(t);
                            let won = wins_against_every_answer(&mut b);
                            b.unmake();
                            won
                        });
                        assert!(won, "{rule:?}: no winning threat in {:?}", b.history());
                        checked += 1;
                    }
                    let near: Vec<usize> = b
                        .points()
                        .iter()
                        .copied()
                        .filter(|&p| b.cell(p) == EMPTY && b.near(p) > 0)
                        .collect();
                    if near.is_empty() {
                        break;
                    }
                    let p = near[rng.below(near.len() as u64) as usize];
                    if !b.is_legal_for(b.to_move(), p) {
                        break;
                    }
                    b.make(p);
                }
            }
            assert!(checked >= 100, "{rule:?}: only {checked} static wins met");
        }
    }
}
