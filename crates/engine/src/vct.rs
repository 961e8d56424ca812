//! VCT: victory by continuous threats (fours and open threes).
//!
//! The attacker (the side to move) plays fours and threes. A four leaves the defender one
//! reply, the block; a three (or four-three, three-three) is answered by every point that
//! removes the threat of an open four (found by
//! [`crate::movegen::threat_defences`]) and by the defender's own fours, and the attacker must
//! win against each of them. Every attacker node first tries a VCF ([`crate::vcf`]), so long
//! chains of fours at the end of a line cost no VCT depth. When the defender already threatens
//! an open four, the attacker's threes are too slow and only the VCF remains.
//!
//! The search deepens iteratively on the number of attacker moves, is bounded by a node
//! budget, a deadline and a stop flag, and remembers failed positions by hash and depth.

use crate::board::{Board, EMPTY, Side};
use crate::movegen::{has_threat, threat_defences};
use crate::pattern::{
    B4, C_FIVE, C_FLEX_FOUR, C_FOUR, C_FOUR_THREE, C_MAYBE_DOUBLE_THREE, C_THREE, C_THREE_THREE, F4,
};
use crate::vcf::Vcf;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Attacker moves tried at one node (best first).
const MAX_THREATS: usize = 14;
/// Node budget of the VCF tried at every attacker node.
const NODE_VCF: u64 = 200;

/// A VCT search with a node budget and an optional deadline.
pub struct Vct<'a> {
    pub nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
    aborted: bool,
    failed: HashMap<u64, u32>,
    ends_with_five: bool,
}

impl<'a> Vct<'a> {
    #[must_use]
    pub fn new(max_nodes: u64, deadline: Option<Instant>, stop: Option<&'a AtomicBool>) -> Vct<'a> {
        Vct {
            nodes: 0,
            max_nodes,
            deadline,
            stop,
            aborted: false,
            failed: HashMap::new(),
            ends_with_five: false,
        }
    }

    /// Whether the last search ran out of budget (a `None` answer is then not a proof).
    #[must_use]
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Plies from the root to the five along the line of length `len` returned by the last
    /// successful [`Vct::solve`] (the line follows the longest defence found at each
    /// defender node; it ends with the five or with a threat that makes it two plies later).
    #[must_use]
    pub fn plies_to_five(&self, len: usize) -> usize {
        if self.ends_with_five { len } else { len + 2 }
    }

    /// A winning line for the side to move using at most `max_depth` attacker moves beyond
    /// the final VCF (attacker and defender moves alternating), or `None`.
    pub fn solve(&mut self, b: &mut Board, max_depth: u32) -> Option<Vec<usize>> {
        self.aborted = false;
        for depth in 1..=max_depth {
            let mut line = Vec::new();
            if self.attack(b, depth, &mut line) {
                line.reverse();
                return Some(line);
            }
            if self.aborted {
                break;
            }
        }
        None
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.aborted {
            self.aborted = crate::timeman::budget_spent(
                self.nodes,
                self.max_nodes,
                63,
                self.deadline,
                self.stop,
            );
        }
        self.aborted
    }

    /// Attacker to move. On success `line` holds the moves in reverse order.
    fn attack(&mut self, b: &mut Board, depth: u32, line: &mut Vec<usize>) -> bool {
        self.nodes += 1;
        if self.out_of_budget() {
            return false;
        }
        let a = b.to_move();
        let d = a ^ 1;
        if let Some(p) = b.find_one(a, C_FIVE) {
            line.push(p);
            self.ends_with_five = true;
            return true;
        }
        if b.count(d, C_FIVE) > 0 {
            // The defender's four must be blocked; the attack goes on only if the attacker
            // still threatens something afterwards.
            if b.count(d, C_FIVE) > 1 {
                return false;
            }
            let q = b.find_one(d, C_FIVE).expect("counted");
            if !b.is_legal_for(a, q) {
                return false;
            }
            b.make(q);
            let ok = self.defend(b, depth, line);
            b.unmake();
            if ok {
                line.push(q);
            }
            return ok;
        }
        if let Some(p) = b.find_one(a, C_FLEX_FOUR) {
            line.push(p);
            self.ends_with_five = false;
            return true;
        }
        let key = b.hash();
        if self.failed.get(&key).is_some_and(|&fd| fd >= depth) {
            return false;
        }
        let budget = NODE_VCF.min(self.max_nodes.saturating_sub(self.nodes));
        let mut vcf = Vcf::new(budget, self.deadline, self.stop);
        let found = vcf.solve(b, 30);
        self.nodes += vcf.nodes;
        // The node count jumps here, past the multiples of 64 at which the clock is read: a
        // VCF cut short may have been stopped by the clock.
        if vcf.aborted() && crate::timeman::clock_out(self.deadline, self.stop) {
            self.aborted = true;
        }
        if let Some(l) = found {
            self.ends_with_five = vcf.plies_to_five(l.len()) == l.len();
            line.extend(l.iter().rev());
            return true;
        }
        if depth == 0 || has_threat(b, d) {
            if !self.aborted && !vcf.aborted() {
                self.failed.insert(key, depth);
            }
            return false;
        }
        let moves = self.threat_moves(b);
        for m in moves {
            if self.out_of_budget() {
                return false;
            }
            b.make(m);
            let ok = self.defend(b, depth - 1, line);
            b.unmake();
            if ok {
                line.push(m);
                return true;
            }
        }
        if !self.aborted {
            self.failed.insert(key, depth);
        }
        false
    }

    /// Defender to move after an attacker move: `true` when the attacker wins against every
    /// reply. On success `line` holds, in reverse order, the line of the longest defence.
    fn defend(&mut self, b: &mut Board, depth: u32, line: &mut Vec<usize>) -> bool {
        self.nodes += 1;
        let d = b.to_move();
        let a = d ^ 1;
        if b.count(d, C_FIVE) > 0 {
            return false;
        }
        if b.count(a, C_FIVE) > 0 {
            let mut fives = Vec::new();
            b.find(a, C_FIVE, &mut fives);
            if fives.len() > 1 || !b.is_legal_for(d, fives[0]) {
                line.push(fives[0]);
                self.ends_with_five = true;
                return true;
            }
            let q = fives[0];
            b.make(q);
            let ok = self.attack(b, depth, line);
            b.unmake();
            if ok {
                line.push(q);
            }
            return ok;
        }
        if !has_threat(b, a) {
            return false;
        }
        // The attacker threatens an open four at best: a defender that can make one first
        // wins (its open four beats every four the attacker has left).
        if has_flex_four(b, d) {
            return false;
        }
        let mut replies = Vec::new();
        threat_defences(b, &mut replies);
        if b.count(a, C_FLEX_FOUR) == 0 {
            // Only four-threes threatened: the attacker's four forces a block, and a block
            // that makes a four from a three of the defender's turns the attack around — so
            // the defender's own threes are replies too.
            counter_threes(b, d, &mut replies);
        }
        let mut longest: Option<(Vec<usize>, usize, bool)> = None;
        for q in replies {
            if self.out_of_budget() {
                return false;
            }
            let mut sub = Vec::new();
            b.make(q);
            let ok = self.attack(b, depth, &mut sub);
            b.unmake();
            if !ok {
                return false;
            }
            if longest.as_ref().is_none_or(|(l, _, _)| sub.len() > l.len()) {
                longest = Some((sub, q, self.ends_with_five));
            }
        }
        match longest {
            Some((sub, q, five)) => {
                line.extend(sub);
                line.push(q);
                self.ends_with_five = five;
            }
            None => {
                // Every defence is forbidden for black: the threat cannot be stopped.
                self.ends_with_five = false;
            }
        }
        true
    }

    /// The attacker's fours and threes, the strongest first.
    fn threat_moves(&mut self, b: &mut Board) -> Vec<usize> {
        let a = b.to_move();
        let d = a ^ 1;
        let mut scored = Vec::new();
        for i in 0..b.points().len() {
            let p = b.points()[i];
            if b.cell(p) != EMPTY || b.near(p) == 0 {
                continue;
            }
            let rank = match b.class(a, p) {
                C_FOUR_THREE => 0,
                C_THREE_THREE => 1,
                C_MAYBE_DOUBLE_THREE => {
                    if b.is_forbidden(p) {
                        continue;
                    }
                    if (0..4).any(|dir| b.pattern(a, p, dir) == B4) {
                        0
                    } else {
                        2
                    }
                }
                C_THREE | C_FOUR => 2,
                _ => continue,
            };
            let v = b.score(a, p) * 2 + b.score(d, p);
            scored.push((rank, -v, p));
        }
        scored.sort_unstable();
        scored.truncate(MAX_THREATS);
        scored.into_iter().map(|(_, _, p)| p).collect()
    }
}

/// Adds the legal points where `side` makes a three (or a double three it may play) that `out`
/// lacks.
fn counter_threes(b: &mut Board, side: Side, out: &mut Vec<usize>) {
    for i in 0..b.points().len() {
        let p = b.points()[i];
        if b.cell(p) != EMPTY || b.near(p) == 0 || out.contains(&p) {
            continue;
        }
        let three = match b.class(side, p) {
            C_THREE | C_THREE_THREE => true,
            C_MAYBE_DOUBLE_THREE => !b.is_forbidden(p),
            _ => false,
        };
        if three {
            out.push(p);
        }
    }
}

/// Whether `side` can make an open four with a legal move.
fn has_flex_four(b: &mut Board, side: Side) -> bool {
    if b.count(side, C_FLEX_FOUR) > 0 {
        return true;
    }
    // Renju black: a double three with an open four in it may be legal.
    if b.count(side, C_MAYBE_DOUBLE_THREE) == 0 {
        return false;
    }
    let mut points = Vec::new();
    b.find(side, C_MAYBE_DOUBLE_THREE, &mut points);
    points
        .into_iter()
        .any(|p| (0..4).any(|dir| b.pattern(side, p, dir) == F4) && !b.is_forbidden(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_rules::{Rule, Stone, parse_ascii};

    fn board(rule: Rule, text: &str, to_move: Stone) -> Board {
        Board::from_position(rule, &parse_ascii(text).expect("board"), to_move)
    }

    #[test]
    fn three_then_four_three() {
        // Black has no four, but the three at e5 (with the f-file two) leads to a win:
        // two open twos crossing make a double three.
        let mut b = board(
            Rule::Freestyle,
            "
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . X X . . . . .
            . . . . . . . . . . .
            . . . . . . X . . . .
            . . . . . . X . . . .
            . . . . . . . . . . .
            . . O . . . . . O . .
            . . . . . . . . . O .",
            Stone::Black,
        );
        assert!(Vcf::new(100_000, None, None).solve(&mut b, 30).is_none());
        let line = Vct::new(200_000, None, None).solve(&mut b, 4).expect("vct");
        assert!(!line.is_empty());
    }

    #[test]
    fn defender_open_four_beats_a_double_three() {
        // White's four on the f-file must be blocked at f6, which gives black a double three;
        // with white's open three on row 10 white makes an open four first, so there is no
        // win; without it black wins.
        let position = |white_three: &str| {
            format!(
                "
                . . . . . X . . . . .
                . . . . . O . . . . .
                . . . . . O . . . . .
                . . . . . O . . . . .
                . . . . . O . . . . .
                . . . . . . X X . . .
                . . . . . . X . . . .
                . . . . . . . X . . .
                . . . . . . . . . . .
                {white_three}
                . . . . . . . . . . ."
            )
        };
        let mut b = board(
            Rule::Freestyle,
            &position(". . O O O . . . . . ."),
            Stone::Black,
        );
        let mut v = Vct::new(200_000, None, None);
        assert!(v.solve(&mut b, 4).is_none());
        assert!(!v.aborted());
        let mut b = board(
            Rule::Freestyle,
            &position(". . . . . . . . . . ."),
            Stone::Black,
        );
        let line = Vct::new(200_000, None, None).solve(&mut b, 4).expect("vct");
        assert_eq!(b.pos(line[0]), gomoku_rules::Pos { x: 5, y: 5 });
    }

    #[test]
    fn defender_counter_three_against_a_four_three() {
        // White must block black's four at i6; the block threatens a four-three, which black
        // answers with a three of its own (k2, on the k2–i4 diagonal). A 5 s search rates
        // white's position after it about +400: "white wins by threats from i6" is wrong.
        let mut b = board(
            Rule::Freestyle,
            "
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . O . . .
            . . . . . . . . . X . . O . .
            . . . . . . . . X O O O . . .
            . . . . . . . . . . O O X . .
            . . . . . X . X . X X X O . .
            . . . . . . . . . . O O X . .
            . . . . . . . . . . X . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . X . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .",
            Stone::White,
        );
        let mut v = Vct::new(1_000_000, None, None);
        assert!(v.solve(&mut b, 8).is_none());
        assert!(!v.aborted());
    }

    #[test]
    fn no_vct_on_quiet_board() {
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
        let mut v = Vct::new(100_000, None, None);
        assert!(v.solve(&mut b, 4).is_none());
        assert!(!v.aborted());
    }
}
