//! Static evaluation: the side to move's point scores against the opponent's.
//!
//! Every empty point carries, for each colour, a score for what a stone of that colour there
//! would make: the sum of [`crate::pattern::PATTERN_VALUE`] over the point's four lines plus
//! [`crate::pattern::CLASS_BONUS`] for the point's class (four-three, double three, ...); see
//! `pattern::combine`. The board keeps each colour's sum over all empty points up to date, so
//! the sum measures a colour's potential: how many and how good its next shapes are.
//!
//! The evaluation compares the two sums. The side to move gets more weight, `OWN` against
//! `OPPONENT` (6 to 5), because it realises one of its shapes first (the opponent must often
//! answer it, so part of the opponent's potential never comes into play), plus a small
//! `TEMPO` for the move in hand. The weights are tenths (`/ SCALE`), so the result stays in
//! point-score units, the units of the search's futility margins (a point that makes an open
//! three is worth about 90 plus its class bonus). The weights are hand-set.

use crate::board::Board;

/// Weight of the side to move's potential, in tenths.
const OWN: i32 = 6;
/// Weight of the opponent's potential, in tenths.
const OPPONENT: i32 = 5;
const SCALE: i32 = 10;
/// Bonus for having the move.
const TEMPO: i32 = 20;

/// Evaluation from the side to move's point of view, in engine units (about 100 per open
/// two-and-a-half; fives and wins are mate scores, not evaluations).
#[must_use]
pub fn evaluate(b: &Board) -> i32 {
    let s = b.to_move();
    let own = b.score_sum(s);
    let opp = b.score_sum(s ^ 1);
    (own * OWN - opp * OPPONENT) / SCALE + TEMPO
}
