//! Static evaluation: the side to move's point scores against the opponent's.
//!
//! Every empty point carries, for each colour, the value of the line patterns it would make
//! (see [`crate::pattern::PATTERN_VALUE`]); the board keeps their sums up to date. The side to
//! move gets more weight for its own shapes (it plays first), which acts as a tempo bonus.

use crate::board::Board;

/// Evaluation from the side to move's point of view, in engine units (about 100 per open
/// two-and-a-half; fives and wins are mate scores, not evaluations).
#[must_use]
pub fn evaluate(b: &Board) -> i32 {
    let s = b.to_move();
    let own = b.score_sum(s);
    let opp = b.score_sum(s ^ 1);
    (own * 6 - opp * 5) / 10 + 20
}
