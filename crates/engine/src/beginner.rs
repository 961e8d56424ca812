//! The original programs' scorer, kept as the `Beginner` level.
//!
//! Every five-cell window of the board (572 on 15×15) is counted for each colour; a window
//! holding both colours is dead. An empty point's attack score sums, over the mover's live
//! windows through it, 5 / 50 / 100 / 10000 for 1 / 2 / 3 / 4 stones; its defence score sums
//! 5 / 50 / 500 / 5000 over the opponent's. The point with the best attack + defence is
//! played (the centre on an empty board). Ties are broken by a seeded choice; renju black
//! skips forbidden points.

use crate::rng::Rng;
use gomoku_rules::{Board, DIRECTIONS, Pos, Rule, Stone, forbidden};

const ATTACK: [u64; 5] = [0, 5, 50, 100, 10_000];
const DEFENCE: [u64; 5] = [0, 5, 50, 500, 5_000];

/// Attack + defence score of every empty point for `side` (indexed `y * size + x`).
#[must_use]
pub fn scores(board: &Board, side: Stone) -> Vec<u64> {
    let n = board.size();
    let mut score = vec![0u64; n * n];
    for dir in DIRECTIONS {
        for y in 0..n {
            for x in 0..n {
                let start = Pos::new(x as u8, y as u8);
                let Some(cells) = (0..5)
                    .map(|k| start.offset(dir, k, n))
                    .collect::<Option<Vec<Pos>>>()
                else {
                    continue;
                };
                let own = cells
                    .iter()
                    .filter(|&&c| board.get(c) == Some(side))
                    .count();
                let opp = cells
                    .iter()
                    .filter(|&&c| board.get(c) == Some(side.opponent()))
                    .count();
                let add = match (own, opp) {
                    (0, 0) => 0,
                    (k, 0) => ATTACK[k.min(4)],
                    (0, k) => DEFENCE[k.min(4)],
                    _ => 0,
                };
                if add == 0 {
                    continue;
                }
                for c in cells {
                    if board.get(c).is_none() {
                        score[usize::from(c.y) * n + usize::from(c.x)] += add;
                    }
                }
            }
        }
    }
    score
}

/// The Beginner move for `side`.
#[must_use]
pub fn choose(board: &Board, side: Stone, rule: Rule, seed: u64) -> Pos {
    let n = board.size();
    let centre = Pos::new((n / 2) as u8, (n / 2) as u8);
    if board.stone_count() == 0 {
        return centre;
    }
    let score = scores(board, side);
    let mut empties: Vec<(Pos, u64)> = board
        .points()
        .filter(|&p| board.get(p).is_none())
        .map(|p| (p, score[usize::from(p.y) * n + usize::from(p.x)]))
        .collect();
    if rule == Rule::Renju && side == Stone::Black {
        empties.retain(|&(p, _)| forbidden(board, p).is_none());
    }
    let Some(best) = empties.iter().map(|&(_, s)| s).max() else {
        return centre;
    };
    let ties: Vec<Pos> = empties
        .iter()
        .filter(|&&(_, s)| s == best)
        .map(|&(p, _)| p)
        .collect();
    let mut rng = Rng::new(seed ^ board.stone_count() as u64);
    ties[rng.below(ties.len() as u64) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_count_on_15() {
        // 572 windows: each empty-board point's score is zero, but the count is implied by
        // the geometry: 11*15*2 + 11*11*2.
        assert_eq!(11 * 15 * 2 + 11 * 11 * 2, 572);
        let b = Board::new(15);
        assert!(scores(&b, Stone::Black).iter().all(|&s| s == 0));
        assert_eq!(choose(&b, Stone::Black, Rule::Freestyle, 1), Pos::new(7, 7));
    }

    #[test]
    fn completes_four_and_blocks_four() {
        let mut b = Board::new(15);
        for x in 3..7 {
            b.set(Pos::new(x, 7), Some(Stone::Black));
        }
        b.set(Pos::new(2, 7), Some(Stone::White));
        // Black to move: attack 10000 at (7,7) wins.
        assert_eq!(choose(&b, Stone::Black, Rule::Freestyle, 3), Pos::new(7, 7));
        // White to move: defence 5000 blocks at (7,7).
        assert_eq!(choose(&b, Stone::White, Rule::Freestyle, 3), Pos::new(7, 7));
    }
}
