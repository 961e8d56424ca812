//! Fitting the move-ordering table ([`crate::order_table`]): positions from self-play games,
//! each labelled with the quiet move a search chose there (the game's next move, or a deeper
//! search of its own), and a softmax regression of that choice on the candidates' ordering
//! values (`own combination value + the opponent's + stones nearby`, over a temperature),
//! starting from the hand-set values. Only quiet choices are fitted: the search always puts
//! fours first and keeps every threat defence, so the table decides only which quiet moves
//! survive the cut to the best few.

use super::{Adam, GameData};
use crate::board::{Board, EMPTY};
use crate::eval_table::{COMBOS, Entry, canonical, colour_slot};
use crate::movegen::{has_threat, scored_moves};
use crate::order_table::hand_value;
use crate::pattern::{C_FIVE, Tables};
use crate::search::{Limits, Searcher};
use crate::tt::Tt;
use gomoku_rules::{Pos, Rule};
use std::sync::atomic::AtomicBool;

/// Number of ordering parameters: colour slot × relation (0 = the mover's combination,
/// 1 = the opponent's) × canonical combination.
pub const ORDER_PARAMS: usize = 4 * COMBOS;

/// Index of an ordering parameter.
#[must_use]
pub fn order_param(slot: usize, rel: usize, combo: usize) -> usize {
    (slot * 2 + rel) * COMBOS + combo
}

/// One labelled position: its quiet candidates (own parameter, opponent's parameter, stones
/// nearby) and which of them was chosen.
#[derive(Clone, Debug)]
pub struct OrderSample {
    pub cands: Vec<(u32, u32, f32)>,
    pub label: usize,
}

/// Where the labels come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderLabels {
    /// 0: the game's next move; otherwise the best move of a search of this many nodes.
    pub search_nodes: u64,
    /// Plies after the opening that are not used (self-play plays its first few with noise).
    pub skip_plies: usize,
    /// Use every `every`-th eligible position.
    pub every: usize,
}

/// Whether the position is one where the ordering decides: no five for either side, no
/// open-four or four-three point for either side (those nodes search fours or every defence).
pub(super) fn ordering_decides(b: &Board) -> bool {
    let s = b.to_move();
    let o = s ^ 1;
    b.count(s, C_FIVE) + b.count(o, C_FIVE) == 0 && !has_threat(b, s) && !has_threat(b, o)
}

/// The quiet candidates of the side to move (as the search generates them) and the index of
/// `label` among them; `None` if the label is a four or not a candidate.
fn sample_of(b: &mut Board, label: usize) -> Option<OrderSample> {
    let rule = b.rule();
    let s = b.to_move();
    let o = s ^ 1;
    let mut scored = Vec::new();
    scored_moves(b, &mut scored);
    let mut cands = Vec::with_capacity(scored.len());
    let mut at = None;
    for &(p, _, four) in &scored {
        if four {
            if p == label {
                return None;
            }
            continue;
        }
        if p == label {
            at = Some(cands.len());
        }
        let own = order_param(colour_slot(rule, s), 0, canonical(b.combo_index(s, p)));
        let opp = order_param(colour_slot(rule, o), 1, canonical(b.combo_index(o, p)));
        cands.push((own as u32, opp as u32, f32::from(b.near(p))));
    }
    let label = at?;
    (cands.len() > 1).then_some(OrderSample { cands, label })
}

/// The label of the position `b`: the move played (`played`), or with `search_nodes` > 0 the
/// best move of a search of that many nodes (`None` when it finds a forced win).
fn label_of(
    tt: &mut Tt,
    stop: &AtomicBool,
    b: &Board,
    played: usize,
    search_nodes: u64,
) -> Option<usize> {
    if search_nodes == 0 {
        return Some(played);
    }
    tt.new_search();
    let mut sr = Searcher::new(b.clone(), tt, stop);
    let r = sr.run(Limits::nodes(search_nodes), &mut |_| {});
    let label = b.index(r.best);
    (!r.forced_win && b.cell(label) == EMPTY).then_some(label)
}

/// The labelled positions of `games` under `rule`, and (for search labels) each one as a game
/// line whose last move is the label and whose opening is everything before it, so that the
/// labels can be saved and fitted again with `search_nodes: 0, skip_plies: 0`.
#[must_use]
pub fn order_samples(
    games: &[GameData],
    rule: Rule,
    labels: OrderLabels,
) -> (Vec<OrderSample>, Vec<GameData>) {
    let mut tt = Tt::new(16);
    let stop = AtomicBool::new(false);
    let every = labels.every.max(1);
    let mut seen = 0usize;
    let (mut out, mut lines) = (Vec::new(), Vec::new());
    for g in games.iter().filter(|g| g.rule == rule) {
        let mut b = Board::new(rule, g.size);
        for (i, &p) in g.moves.iter().enumerate() {
            let idx = b.index(p);
            if b.cell(idx) != EMPTY {
                break;
            }
            // The position before move i, labelled with move i (or a search's choice).
            if i >= g.opening + labels.skip_plies && ordering_decides(&b) {
                seen += 1;
                if seen.is_multiple_of(every)
                    && let Some(label) = label_of(&mut tt, &stop, &b, idx, labels.search_nodes)
                    && let Some(sample) = sample_of(&mut b, label)
                {
                    out.push(sample);
                    if labels.search_nodes > 0 {
                        let mut moves: Vec<Pos> = g.moves[..i].to_vec();
                        moves.push(b.pos(label));
                        lines.push(GameData {
                            rule,
                            size: g.size,
                            opening: i,
                            moves,
                            winner: None,
                        });
                    }
                }
            }
            b.make(idx);
        }
    }
    (out, lines)
}

/// The hand-set ordering values as parameters (the starting point of a fit).
#[must_use]
pub fn hand_params(rule: Rule) -> Vec<f64> {
    let t = Tables::get(rule);
    let mut out = vec![0.0; ORDER_PARAMS];
    for slot in 0..2 {
        // Slot 0 is black's (or both colours'), slot 1 white's.
        let side = slot;
        for c in 0..COMBOS {
            let h = hand_value(t.combo[side][c].1);
            out[order_param(slot, 0, c)] = f64::from(h[0]);
            out[order_param(slot, 1, c)] = f64::from(h[1]);
        }
    }
    out
}

fn logits(t: &[f64], temp: f64, s: &OrderSample, out: &mut Vec<f64>) {
    out.clear();
    out.extend(
        s.cands
            .iter()
            .map(|&(a, b, near)| (t[a as usize] + t[b as usize] + f64::from(near)) / temp),
    );
}

/// How well a table predicts the chosen moves: mean cross-entropy of the softmax at `temp`,
/// the share chosen first, and the share within the first `width`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OrderFit {
    pub loss: f64,
    pub top1: f64,
    pub within: f64,
}

/// [`OrderFit`] of the parameters `t` on `samples` (`width`: the cut to measure).
#[must_use]
pub fn order_loss(t: &[f64], temp: f64, samples: &[OrderSample], width: usize) -> OrderFit {
    if samples.is_empty() {
        return OrderFit::default();
    }
    let (mut loss, mut top1, mut within) = (0.0, 0usize, 0usize);
    let mut z = Vec::new();
    for s in samples {
        logits(t, temp, s, &mut z);
        let m = z.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let sum: f64 = z.iter().map(|v| (v - m).exp()).sum();
        loss -= z[s.label] - m - sum.ln();
        let zl = z[s.label];
        // Rank of the label: candidates strictly better, ties counted half.
        let better = z.iter().filter(|&&v| v > zl).count();
        let ties = z.iter().filter(|&&v| v == zl).count() - 1;
        let rank = better + ties / 2;
        top1 += usize::from(rank == 0);
        within += usize::from(rank < width);
    }
    let n = samples.len() as f64;
    OrderFit {
        loss: loss / n,
        top1: top1 as f64 / n,
        within: within as f64 / n,
    }
}

/// The temperature that best fits the hand-set values `t` to `samples` (log grid, 5 to 5 000).
#[must_use]
pub fn fit_temperature(t: &[f64], samples: &[OrderSample]) -> f64 {
    let mut best = (f64::INFINITY, 100.0);
    let mut k = 5.0f64;
    while k <= 5_000.0 {
        let l = order_loss(t, k, samples, 1).loss;
        if l < best.0 {
            best = (l, k);
        }
        k *= 1.05;
    }
    best.1
}

/// Fits the parameters by full-batch Adam on the softmax cross-entropy at `temp`, from
/// `start`, with an L2 pull of strength `l2` towards the start (in units of the temperature:
/// 1 = a shift of `temp` weighs as much as the mean loss). Parameters no sample uses keep
/// their start.
#[must_use]
pub fn fit_order(
    start: &[f64],
    temp: f64,
    samples: &[OrderSample],
    iterations: usize,
    l2: f64,
) -> Vec<f64> {
    let mut t = start.to_vec();
    if samples.is_empty() {
        return t;
    }
    let n = samples.len() as f64;
    let mut used = vec![false; t.len()];
    for s in samples {
        for &(a, b, _) in &s.cands {
            used[a as usize] = true;
            used[b as usize] = true;
        }
    }
    let mut adam = Adam::new(t.len());
    let mut grad = vec![0.0f64; t.len()];
    let mut z = Vec::new();
    for it in 1..=iterations {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for s in samples {
            logits(&t, temp, s, &mut z);
            let mx = z.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let sum: f64 = z.iter().map(|v| (v - mx).exp()).sum();
            for (j, &(a, b, _)) in s.cands.iter().enumerate() {
                let p = (z[j] - mx).exp() / sum;
                let g = (p - f64::from(u8::from(j == s.label))) / temp;
                grad[a as usize] += g;
                grad[b as usize] += g;
            }
        }
        for i in 0..t.len() {
            if !used[i] {
                continue;
            }
            let g = grad[i] / n + 2.0 * l2 * (t[i] - start[i]) / (temp * temp);
            // Steps of up to 2 % of the temperature.
            t[i] -= 0.02 * temp * adam.step(i, it, g);
        }
    }
    t
}

/// The table entries of `rule` for the fitted parameters `t` that differ from `start` (values
/// rounded into the file's range).
#[must_use]
pub fn order_entries(rule: Rule, t: &[f64], start: &[f64]) -> Vec<Entry> {
    let slots = if rule == Rule::Renju { 2 } else { 1 };
    let mut out = Vec::new();
    for slot in 0..slots {
        for combo in 0..COMBOS {
            if canonical(combo) != combo {
                continue;
            }
            let (a, b) = (order_param(slot, 0, combo), order_param(slot, 1, combo));
            if t[a] == start[a] && t[b] == start[b] {
                continue;
            }
            let r = |x: f64| x.round().clamp(-32_000.0, 32_000.0) as i16;
            out.push(Entry {
                rule,
                slot,
                combo,
                own: r(t[a]),
                opp: r(t[b]),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval_table::TableSet;
    use crate::fixtures::openings_15;
    use crate::train::self_play;

    /// The ordering fit on a tiny data set: labels from the games and from a small search,
    /// a short fit that must not raise the loss, entries that read back as the fitted values.
    #[test]
    fn tiny_order_fit_lowers_the_loss_and_round_trips() {
        for rule in [Rule::Freestyle, Rule::Renju] {
            let games: Vec<GameData> = openings_15()
                .iter()
                .take(3)
                .enumerate()
                .map(|(i, o)| self_play(rule, o, 400, i as u64).expect("legal opening"))
                .collect();
            let game_labels = OrderLabels {
                search_nodes: 0,
                skip_plies: 0,
                every: 1,
            };
            let (data, lines) = order_samples(&games, rule, game_labels);
            assert!(data.len() > 10, "{rule}: {} samples", data.len());
            assert!(lines.is_empty());
            for s in &data {
                assert!(s.label < s.cands.len() && s.cands.len() > 1);
            }
            let start = hand_params(rule);
            let temp = fit_temperature(&start, &data);
            let before = order_loss(&start, temp, &data, 5);
            let fitted = fit_order(&start, temp, &data, 40, 0.01);
            let after = order_loss(&fitted, temp, &data, 5);
            assert!(after.loss < before.loss, "{rule}: {before:?} -> {after:?}");
            // Search labels, saved as lines, give the same samples when read back.
            let search = OrderLabels {
                search_nodes: 300,
                skip_plies: 0,
                every: 4,
            };
            let (sdata, slines) = order_samples(&games, rule, search);
            assert_eq!(sdata.len(), slines.len());
            assert!(!sdata.is_empty());
            let (again, _) = order_samples(&slines, rule, game_labels);
            assert_eq!(again.len(), sdata.len());
            for (a, b) in again.iter().zip(&sdata) {
                assert_eq!((a.label, &a.cands), (b.label, &b.cands));
            }
            // The written table gives the fitted values to the engine's lookup.
            let set = TableSet {
                version: 2,
                entries: order_entries(rule, &fitted, &start),
                masks: Vec::new(),
            };
            let set = TableSet::parse(&set.to_text("test")).expect("parses");
            let t = Tables::get(rule);
            let tables = crate::order_table::tables_from(&set, rule, &t.combo);
            for e in &set.entries {
                assert_eq!(
                    tables[e.slot][e.combo],
                    [i32::from(e.own), i32::from(e.opp)]
                );
            }
        }
    }
}
