//! VCF: victory by continuous fours.
//!
//! The attacker (the side to move) plays only fours; each one leaves the defender a single
//! reply, the block. The attacker wins on reaching a five, an open four (or double four), or a
//! four whose block is forbidden for a renju black defender. When a block makes a four for
//! the defender, the attacker must block it in turn, which keeps the line going only if that
//! block is itself a four. Failed positions are remembered by hash and remaining depth.

use crate::board::Board;
use crate::movegen::four_moves;
use crate::pattern::{C_FIVE, C_FLEX_FOUR, C_FOUR, C_FOUR_THREE, C_MAYBE_DOUBLE_THREE};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// A VCF search with a node budget and an optional deadline.
pub struct Vcf<'a> {
    pub nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
    aborted: bool,
    failed: HashMap<u64, u32>,
    ends_with_five: bool,
}

impl<'a> Vcf<'a> {
    #[must_use]
    pub fn new(max_nodes: u64, deadline: Option<Instant>, stop: Option<&'a AtomicBool>) -> Vcf<'a> {
        Vcf {
            nodes: 0,
            max_nodes,
            deadline,
            stop,
            aborted: false,
            failed: HashMap::new(),
            ends_with_five: false,
        }
    }

    /// Plies from the root to the five in the line found by the last successful
    /// [`Vcf::solve`] of length `len`: the line either ends with the five itself or with a
    /// threat that makes it two plies later.
    #[must_use]
    pub fn plies_to_five(&self, len: usize) -> usize {
        if self.ends_with_five { len } else { len + 2 }
    }

    /// Whether the last search ran out of budget (a `None` answer is then not a proof).
    #[must_use]
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The winning line for the side to move (attacker and defender moves alternating, the
    /// last one being the attacker's five, open four or unanswerable four), or `None`.
    pub fn solve(&mut self, b: &mut Board, max_depth: u32) -> Option<Vec<usize>> {
        self.aborted = false;
        let mut line = Vec::new();
        self.attack(b, max_depth, &mut line).then(|| {
            line.reverse();
            line
        })
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.aborted {
            self.aborted = crate::timeman::budget_spent(
                self.nodes,
                self.max_nodes,
                255,
                self.deadline,
                self.stop,
            );
        }
        self.aborted
    }

    /// Attacker to move. On success `line` holds the moves in reverse order.
    fn attack(&mut self, b: &mut Board, depth: u32, line: &mut Vec<usize>) -> bool {
        self.nodes += 1;
        let a = b.to_move();
        let d = a ^ 1;
        if let Some(p) = b.find_one(a, C_FIVE) {
            line.push(p);
            self.ends_with_five = true;
            return true;
        }
        let mut moves = Vec::new();
        if b.count(d, C_FIVE) > 0 {
            // The defender threatens five: the attacker must block, and only a blocking four
            // keeps the attack going.
            if b.count(d, C_FIVE) > 1 {
                return false;
            }
            let q = b.find_one(d, C_FIVE).expect("counted");
            let four = matches!(b.class(a, q), C_FOUR | C_FOUR_THREE | C_FLEX_FOUR)
                || (b.class(a, q) == C_MAYBE_DOUBLE_THREE
                    && (0..4).any(|dir| b.pattern(a, q, dir) == crate::pattern::B4));
            if !four || !b.is_legal_for(a, q) {
                return false;
            }
            if b.class(a, q) == C_FLEX_FOUR {
                line.push(q);
                self.ends_with_five = false;
                return true;
            }
            moves.push(q);
        } else {
            if let Some(p) = b.find_one(a, C_FLEX_FOUR) {
                line.push(p);
                self.ends_with_five = false;
                return true;
            }
            if depth == 0 {
                return false;
            }
            four_moves(b, a, &mut moves);
            // Prefer fours close to the attacker's last stones.
            let recent: Vec<usize> = b.history().iter().rev().take(4).copied().collect();
            if !recent.is_empty() {
                let dist = |p: usize| {
                    recent
                        .iter()
                        .map(|&r| {
                            let (px, py) = ((p % 32) as i32, (p / 32) as i32);
                            let (rx, ry) = ((r % 32) as i32, (r / 32) as i32);
                            (px - rx).abs().max((py - ry).abs())
                        })
                        .min()
                        .unwrap_or(0)
                };
                moves.sort_by_key(|&p| (b.class(a, p) != C_FOUR_THREE, dist(p)));
            }
        }
        if depth == 0 || moves.is_empty() {
            return false;
        }
        let key = b.hash();
        if self.failed.get(&key).is_some_and(|&fd| fd >= depth) {
            return false;
        }
        for m in moves {
            if self.out_of_budget() {
                return false;
            }
            b.make(m);
            // The defender must block the five point.
            let mut fives = Vec::new();
            b.find(a, C_FIVE, &mut fives);
            let won = if fives.len() != 1 {
                self.ends_with_five = false;
                fives.len() > 1
            } else if b.count(d, C_FIVE) > 0 {
                // The defender already had a four of its own and wins first.
                false
            } else {
                let q = fives[0];
                if !b.is_legal_for(d, q) {
                    self.ends_with_five = false;
                    true
                } else {
                    b.make(q);
                    let ok = self.attack(b, depth - 1, line);
                    b.unmake();
                    if ok {
                        line.push(q);
                    }
                    ok
                }
            };
            b.unmake();
            if won {
                line.push(m);
                return true;
            }
        }
        if !self.aborted {
            self.failed.insert(key, depth);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_rules::{Rule, Stone, parse_ascii};

    fn board(rule: Rule, text: &str, to_move: Stone) -> Board {
        Board::from_position(rule, &parse_ascii(text).expect("board"), to_move)
    }

    #[test]
    fn simple_vcf() {
        // Black: a four at g3 also makes a split four on the g file: a double four.
        let mut b = board(
            Rule::Freestyle,
            "
            . . . . . . . . .
            . . . . . . . . .
            . . O X X X . . .
            . . . . . . . . .
            . . . . . . X . .
            . . . . . . X . .
            . . . . . . X . .
            . . . . . . O . .
            . . . . . . . . .",
            Stone::Black,
        );
        let line = Vcf::new(100_000, None, None)
            .solve(&mut b, 20)
            .expect("vcf");
        assert_eq!(b.pos(line[0]), gomoku_rules::Pos::new(6, 2));
    }

    #[test]
    fn two_step_vcf() {
        // White must block the first four, then black's second four is a four-four.
        let mut b = board(
            Rule::Freestyle,
            "
            . . . . . . . . . .
            . . . . . . . . . .
            . . O X X . X . . .
            . . . . . . . . . .
            . . . . . . . X . .
            . . . . . . . X . .
            . . . . . . . X . .
            . . . . . . . O . .
            . . . . . . . . . .
            . . . . . . . . . .",
            Stone::Black,
        );
        let line = Vcf::new(100_000, None, None)
            .solve(&mut b, 20)
            .expect("vcf");
        assert!(!line.is_empty());
    }

    #[test]
    fn no_vcf_on_quiet_board() {
        let mut b = board(
            Rule::Freestyle,
            "
            . . . . . . .
            . . . . . . .
            . . . X . . .
            . . . O . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
            Stone::Black,
        );
        assert!(Vcf::new(100_000, None, None).solve(&mut b, 20).is_none());
    }
}
