//! The computer's decisions in tournament openings (`gomoku_rules::opening`): proposing the
//! first stones, deciding a swap, declaring and offering fifth moves, choosing one, and
//! Swap2's answers — each weighed by node-limited searches, so a decision is the same for the
//! same position, budget and seed.
//!
//! - **Proposing** (the first player's stones 1–3): under RIF and Soosõrv-8 one of the 26
//!   standard openings, under the other rules one of them as a shape (centred on a board
//!   without a centre point); each is searched and one of the four closest to even is taken,
//!   chosen and oriented by the seed. The choice does not depend on the stones already placed,
//!   so the three calls place one opening.
//! - **Swap2's two extra stones** (4 white, 5 black): white's best stone, then the black stone
//!   that leaves the position closest to even.
//! - **Swap / colour**: the colour the search says is better, for the player deciding.
//! - **Swap2's answer**: place two more stones when the three are close to even (within
//!   [`BALANCED`]), otherwise take the better colour.
//! - **Declaring fifth moves** (Soosõrv, white): the better black stands, the more fifth moves
//!   white asks for (2 at even, one more per [`DECLARE_STEP`] of black's advantage).
//! - **Offering fifth moves** (black): the weakest for black first, pairwise not symmetric.
//! - **Choosing a fifth move** (white): the offered one weakest for black.
//! - **Stones of ordinary play** inside an opening (white's 4 and 6, black's 5 under Swap):
//!   the engine's best move.
//!
//! Whatever the search says, the answer is one the rules accept now (`check_decision`).
//!
//! Time per decision at 600 000 nodes (shared by the candidates a decision weighs), release
//! build, 2-core machine, 15×15: 0.34–0.92 s for every kind of decision
//! (`tests/opening_timings.rs`, ignored by default, measures it).

use crate::engine::Engine;
use crate::search::Limits;
use gomoku_rules::opening::{Area, Phase, Symmetry, centre};
use gomoku_rules::{Board, Decision, GameRecord, OPENINGS, OpeningRule, Pos, Stone, Swap2Choice};
use std::sync::atomic::AtomicBool;

/// Within this many evaluation units of even, three stones are "balanced" (Swap2 places two
/// more) and an opening counts among the even ones.
pub const BALANCED: i32 = 150;
/// Soosõrv: one more fifth move asked for per this much of black's advantage.
pub const DECLARE_STEP: i32 = 250;
/// The most candidate points weighed for a fifth move or a balancing stone.
const CANDIDATES: usize = 16;

/// How much the decisions may search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpeningOptions {
    /// Nodes of the search behind one decision (shared among the candidates it weighs).
    pub nodes: u64,
    /// Varies the proposed opening and its orientation.
    pub seed: u64,
}

/// The decision the computer makes for the turn `record` waits for. Always one the rules
/// accept now (the game must not be over).
#[must_use]
pub fn decide(record: &GameRecord, options: &OpeningOptions) -> Decision {
    let turn = record.turn();
    let choice = match &turn.phase {
        Phase::Play => Some(Decision::Place(best_move(record, options.nodes))),
        Phase::Place {
            number,
            stone,
            area,
        } => place(record, *number, *stone, *area, options),
        Phase::Swap => {
            let want = better_colour(record, options.nodes);
            Some(Decision::Swap(want != record.colour_of(turn.who)))
        }
        Phase::DeclareFifths { max } => {
            let black = black_eval(record.board(), record, record.side_to_move(), options.nodes);
            let n = (2 + black.max(0) / DECLARE_STEP).clamp(1, i32::from(*max));
            Some(Decision::DeclareFifths(n as u8))
        }
        Phase::OfferFifths { .. } => {
            let ranked = rank_black_moves(record, options.nodes);
            record
                .pick_offer(ranked.into_iter().map(|(p, _)| p))
                .map(Decision::OfferFifths)
        }
        Phase::ChooseFifth { offered } => {
            let weakest = offered
                .iter()
                .filter(|&&p| record.check_decision(&Decision::ChooseFifth(p)).is_ok())
                .map(|&p| {
                    (
                        p,
                        after_black(record, p, options.nodes / offered.len().max(1) as u64),
                    )
                })
                .min_by_key(|&(_, e)| e);
            weakest.map(|(p, _)| Decision::ChooseFifth(p))
        }
        Phase::Swap2 => {
            let black = black_eval(record.board(), record, record.side_to_move(), options.nodes);
            Some(Decision::Swap2(if black.abs() <= BALANCED {
                Swap2Choice::PlaceTwo
            } else if black > 0 {
                Swap2Choice::TakeBlack
            } else {
                Swap2Choice::TakeWhite
            }))
        }
        Phase::Swap2Colour => Some(Decision::TakeColour(better_colour(record, options.nodes))),
    };
    match choice {
        Some(d) if record.check_decision(&d).is_ok() => d,
        _ => fallback(record),
    }
}

/// A search of `board` with `to_move` to play, within `nodes`.
fn search(
    board: &Board,
    record: &GameRecord,
    to_move: Stone,
    nodes: u64,
) -> crate::search::SearchResult {
    let mut engine = Engine::new(record.rule(), board.size());
    engine.set_hash_mb(4);
    engine.set_position(board, to_move);
    let stop = AtomicBool::new(false);
    engine.search(Limits::nodes(nodes.max(500)), &stop, &mut |_| {})
}

/// The evaluation of `board` for black, `to_move` to play.
fn black_eval(board: &Board, record: &GameRecord, to_move: Stone, nodes: u64) -> i32 {
    let eval = search(board, record, to_move, nodes).eval;
    match to_move {
        Stone::Black => eval,
        Stone::White => -eval,
    }
}

/// The evaluation for black after black plays `pos` (white to move).
fn after_black(record: &GameRecord, pos: Pos, nodes: u64) -> i32 {
    let mut board = record.board().clone();
    board.set(pos, Some(Stone::Black));
    black_eval(&board, record, Stone::White, nodes)
}

/// The colour the position favours (black at even).
fn better_colour(record: &GameRecord, nodes: u64) -> Stone {
    let black = black_eval(record.board(), record, record.side_to_move(), nodes);
    if black >= 0 {
        Stone::Black
    } else {
        Stone::White
    }
}

/// The engine's move for the side to move.
fn best_move(record: &GameRecord, nodes: u64) -> Pos {
    search(record.board(), record, record.side_to_move(), nodes).best
}

/// Empty points near the stones (within two points), nearest the centre first.
fn near_points(record: &GameRecord) -> Vec<Pos> {
    let board = record.board();
    let size = board.size() as i32;
    let stones: Vec<Pos> = board.points().filter(|&p| board.get(p).is_some()).collect();
    let mid = (size - 1) as f32 / 2.0;
    let mut near: Vec<Pos> = board
        .points()
        .filter(|&p| board.get(p).is_none())
        .filter(|p| {
            stones
                .iter()
                .any(|s| s.x.abs_diff(p.x) <= 2 && s.y.abs_diff(p.y) <= 2)
        })
        .collect();
    near.sort_by(|a, b| {
        let d = |p: &Pos| (f32::from(p.x) - mid).abs() + (f32::from(p.y) - mid).abs();
        d(a).total_cmp(&d(b))
    });
    near
}

/// Black's possible moves near the stones with black's evaluation after each, weakest for
/// black first (the points farther off follow, unweighed, should the offer need more).
fn rank_black_moves(record: &GameRecord, nodes: u64) -> Vec<(Pos, i32)> {
    let legal: Vec<Pos> = near_points(record)
        .into_iter()
        .filter(|&p| record.check_offer(&[p]).is_ok())
        .collect();
    let weighed = legal.len().min(CANDIDATES);
    let each = nodes / weighed.max(1) as u64;
    let mut ranked: Vec<(Pos, i32)> = legal[..weighed]
        .iter()
        .map(|&p| (p, after_black(record, p, each)))
        .collect();
    ranked.sort_by_key(|&(p, e)| (e, p.y, p.x));
    ranked.extend(legal[weighed..].iter().map(|&p| (p, i32::MAX)));
    let board = record.board();
    ranked.extend(
        board
            .points()
            .filter(|p| board.get(*p).is_none() && !legal.contains(p))
            .map(|p| (p, i32::MAX)),
    );
    ranked
}

/// The three stones of a standard opening placed around the middle of the board (on a
/// board without a centre point, around the point just below and right of the middle).
fn opening_stones(index: usize, symmetry: Symmetry, size: usize) -> Option<[Pos; 3]> {
    let opening = OPENINGS.get(index)?;
    if let Some(stones) = opening.stones(size, symmetry) {
        return Some(stones);
    }
    let odd = size - 1;
    let here = opening.stones(odd, symmetry)?;
    let from = centre(odd)?;
    let to = (size / 2) as i32;
    let mut out = [Pos::new(0, 0); 3];
    for (o, p) in out.iter_mut().zip(here) {
        let x = i32::from(p.x) - i32::from(from.x) + to;
        let y = i32::from(p.y) - i32::from(from.y) + to;
        *o = Pos::new(u8::try_from(x).ok()?, u8::try_from(y).ok()?);
    }
    Some(out)
}

/// The balanced three-stone opening the first player proposes: one of the four standard
/// openings closest to even under this game's rule, picked and turned by the seed.
fn proposed_opening(record: &GameRecord, options: &OpeningOptions) -> Option<[Pos; 3]> {
    let size = record.size();
    let each = options.nodes / OPENINGS.len() as u64;
    let mut scored: Vec<(usize, i32)> = (0..OPENINGS.len())
        .filter_map(|i| {
            let stones = opening_stones(i, Symmetry::Identity, size)?;
            let mut board = Board::new(size);
            for (n, p) in stones.into_iter().enumerate() {
                board.set(p, Some(Stone::for_move(n)));
            }
            Some((i, black_eval(&board, record, Stone::White, each).abs()))
        })
        .collect();
    scored.sort_by_key(|&(i, e)| (e, i));
    let pool = scored.len().min(4);
    if pool == 0 {
        return None;
    }
    let mix = options.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let (index, _) = scored[(mix % pool as u64) as usize];
    let symmetry = Symmetry::ALL[((mix >> 20) % 8) as usize];
    opening_stones(index, symmetry, size)
}

/// A stone of the opening: the first player's proposal, Swap2's two extra stones, or (for a
/// stone of ordinary play) the engine's best move in the area.
fn place(
    record: &GameRecord,
    number: u8,
    stone: Stone,
    area: Area,
    options: &OpeningOptions,
) -> Option<Decision> {
    let placed = record.moves().len();
    let rule = record.opening_rule();
    let proposing = number <= 3 && rule != OpeningRule::Free;
    if proposing {
        let stones = proposed_opening(record, options)?;
        let ours = record
            .moves()
            .iter()
            .map(|m| m.pos)
            .eq(stones[..placed].iter().copied());
        if ours {
            return Some(Decision::Place(stones[placed]));
        }
        // Someone else's stones on the board (a game opened mid-opening): play on near them.
    }
    let swap2_extra = rule == OpeningRule::Swap2 && (number == 4 || number == 5) && {
        // Stones 4 and 5 after "place two" (not white's 4 after "take white").
        record
            .opening_log()
            .contains(&Decision::Swap2(Swap2Choice::PlaceTwo))
    };
    if swap2_extra && stone == Stone::Black {
        // The black stone that leaves the five closest to even.
        let candidates: Vec<Pos> = near_points(record)
            .into_iter()
            .filter(|&p| record.check_decision(&Decision::Place(p)).is_ok())
            .take(CANDIDATES)
            .collect();
        let each = options.nodes / candidates.len().max(1) as u64;
        return candidates
            .into_iter()
            .min_by_key(|&p| (after_black(record, p, each).abs(), p.y, p.x))
            .map(Decision::Place);
    }
    let best = best_move(record, options.nodes);
    if area.contains(best, record.size()) && record.check_decision(&Decision::Place(best)).is_ok() {
        return Some(Decision::Place(best));
    }
    None
}

/// A legal decision, however plain: the allowed point nearest the centre, keep the colours,
/// two fifth moves, the first offer that fits, the first offered point, take white, black.
fn fallback(record: &GameRecord) -> Decision {
    let size = record.size();
    let mid = (size as f32 - 1.0) / 2.0;
    let mut points: Vec<Pos> = record.board().points().collect();
    points.sort_by(|a, b| {
        let d = |p: &Pos| (f32::from(p.x) - mid).powi(2) + (f32::from(p.y) - mid).powi(2);
        d(a).total_cmp(&d(b))
            .then(a.y.cmp(&b.y))
            .then(a.x.cmp(&b.x))
    });
    let candidates: Vec<Decision> = match record.turn().phase {
        Phase::Play | Phase::Place { .. } => points.iter().map(|&p| Decision::Place(p)).collect(),
        Phase::Swap => vec![Decision::Swap(false), Decision::Swap(true)],
        Phase::DeclareFifths { max } => (1..=max).map(Decision::DeclareFifths).collect(),
        Phase::OfferFifths { .. } => record
            .pick_offer(points.iter().copied())
            .map(Decision::OfferFifths)
            .into_iter()
            .collect(),
        Phase::ChooseFifth { offered } => {
            offered.iter().map(|&p| Decision::ChooseFifth(p)).collect()
        }
        Phase::Swap2 => vec![
            Decision::Swap2(Swap2Choice::TakeWhite),
            Decision::Swap2(Swap2Choice::TakeBlack),
        ],
        Phase::Swap2Colour => vec![
            Decision::TakeColour(Stone::Black),
            Decision::TakeColour(Stone::White),
        ],
    };
    candidates
        .into_iter()
        .find(|d| record.check_decision(d).is_ok())
        .unwrap_or(Decision::Swap(false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_rules::Rule;

    const QUICK: OpeningOptions = OpeningOptions {
        nodes: 4_000,
        seed: 1,
    };

    /// The computer plays both players until ordinary play; every decision is accepted.
    fn complete(rule: Rule, opening: OpeningRule, size: usize, seed: u64) -> GameRecord {
        let mut record = GameRecord::with_opening(rule, size, opening).unwrap();
        let options = OpeningOptions { seed, ..QUICK };
        let mut steps = 0;
        while !record.opening_done() {
            let d = decide(&record, &options);
            record
                .decide(d.clone())
                .unwrap_or_else(|e| panic!("{opening:?} {d:?}: {e}"));
            steps += 1;
            assert!(steps < 30, "{opening:?} does not end");
        }
        record
    }

    #[test]
    fn every_opening_rule_is_completed_with_accepted_decisions() {
        for seed in [1, 2, 3] {
            complete(Rule::Standard, OpeningRule::Swap, 15, seed);
            complete(Rule::Freestyle, OpeningRule::Swap, 15, seed);
            let rif = complete(Rule::Renju, OpeningRule::Rif, 15, seed);
            assert!(rif.opening_name().is_some(), "a standard opening");
            assert_eq!(rif.offered_fifths().len(), 2);
            let soosorv = complete(Rule::Renju, OpeningRule::Soosorv8, 15, seed);
            assert!(soosorv.opening_name().is_some());
            complete(Rule::Freestyle, OpeningRule::Swap2, 15, seed);
        }
        complete(Rule::Freestyle, OpeningRule::Swap2, 19, 4);
        complete(Rule::Freestyle, OpeningRule::Swap2, 20, 5);
        complete(Rule::Standard, OpeningRule::Swap, 20, 6);
    }

    #[test]
    fn different_seeds_propose_different_openings() {
        let names: std::collections::BTreeSet<String> = (0..8)
            .map(|seed| {
                let r = complete(Rule::Renju, OpeningRule::Rif, 15, seed);
                let (o, s) = r.opening_name().unwrap();
                format!("{} {s:?}", o.code())
            })
            .collect();
        assert!(names.len() > 1, "{names:?}");
    }

    #[test]
    fn a_position_won_for_black_makes_the_swapper_take_black() {
        let mut record = GameRecord::with_opening(Rule::Freestyle, 15, OpeningRule::Swap).unwrap();
        // Black's 1 and 3 beside each other, white's 2 far away in the corner.
        for p in [Pos::new(7, 7), Pos::new(0, 0), Pos::new(8, 7)] {
            record.decide(Decision::Place(p)).unwrap();
        }
        assert_eq!(record.colour_of(record.turn().who), Stone::White);
        assert_eq!(decide(&record, &QUICK), Decision::Swap(true));
    }

    #[test]
    fn white_chooses_the_offered_fifth_move_weakest_for_black() {
        let mut record = GameRecord::with_opening(Rule::Renju, 15, OpeningRule::Rif).unwrap();
        for p in [Pos::new(7, 7), Pos::new(7, 6), Pos::new(7, 5)] {
            record.decide(Decision::Place(p)).unwrap();
        }
        record.decide(Decision::Swap(false)).unwrap();
        record.decide(Decision::Place(Pos::new(8, 6))).unwrap();
        // A strong fifth move (the three made open) and a far-off one.
        let strong = Pos::new(7, 8);
        let weak = Pos::new(1, 13);
        record
            .decide(Decision::OfferFifths(vec![strong, weak]))
            .unwrap();
        assert_eq!(decide(&record, &QUICK), Decision::ChooseFifth(weak));
    }
}
