//! The evaluation's training pipeline: fast self-play games from varied openings
//! ([`self_play`], stored one game a line by [`GameData::to_line`]), the quiet positions of
//! those games labelled with the game's result ([`samples`]), and a Texel-style fit: logistic
//! regression of the result on the evaluation features ([`fit_scale`], [`fit`]), starting
//! from the weights in use. `pbrain-gomoku selfplay` and `pbrain-gomoku fit` run it; the
//! per-combination table's fit is [`fit_table`], the move-ordering table's is [`order`], and
//! [`choice`] adds a stronger player's moves to the weights' and the table's fits.

pub mod choice;
pub mod net;
pub mod order;

use crate::board::{Board, side_of};
use crate::eval::{FEATURES, Weights, features};
use crate::eval_table::{COMBOS, MASKS, canonical, colour_slot};
use crate::pattern::{C_FIVE, C_FLEX_FOUR, C_FOUR_THREE};
use crate::protocol::rule_from_code;
use crate::search::{Limits, Searcher};
use crate::tt::Tt;
use gomoku_rules::{GameRecord, Outcome, Pos, Rule, Stone};
use std::sync::atomic::AtomicBool;

/// One self-play game: the rule, board size, moves (black first), how many of them were the
/// opening, and the winner (`None` = draw).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameData {
    pub rule: Rule,
    pub size: usize,
    pub opening: usize,
    pub moves: Vec<Pos>,
    pub winner: Option<Stone>,
}

impl GameData {
    /// `RULE_CODE SIZE RESULT OPENING_LEN x,y x,y …` with RESULT `B`, `W` or `D`.
    #[must_use]
    pub fn to_line(&self) -> String {
        let result = match self.winner {
            Some(Stone::Black) => 'B',
            Some(Stone::White) => 'W',
            None => 'D',
        };
        let mut s = format!(
            "{} {} {result} {}",
            self.rule.gomocup_code(),
            self.size,
            self.opening
        );
        for p in &self.moves {
            s.push_str(&format!(" {},{}", p.x, p.y));
        }
        s
    }

    /// Reads a line of [`GameData::to_line`]; the moves are checked with the rules.
    pub fn from_line(line: &str) -> Result<GameData, String> {
        let mut w = line.split_whitespace();
        let mut next = |what: &str| w.next().ok_or_else(|| format!("no {what}"));
        let rule = rule_from_code(next("rule")?)?;
        let size: usize = next("size")?
            .parse()
            .ok()
            .filter(|n| (gomoku_rules::MIN_SIZE..=gomoku_rules::MAX_SIZE).contains(n))
            .ok_or("bad size")?;
        let winner = match next("result")? {
            "B" => Some(Stone::Black),
            "W" => Some(Stone::White),
            "D" => None,
            r => return Err(format!("bad result {r:?}")),
        };
        let opening: usize = next("opening length")?
            .parse()
            .map_err(|_| "bad opening length")?;
        let mut moves = Vec::new();
        for m in w {
            let (x, y) = m.split_once(',').ok_or_else(|| format!("bad move {m:?}"))?;
            let (Ok(x), Ok(y)) = (x.parse::<u8>(), y.parse::<u8>()) else {
                return Err(format!("bad move {m:?}"));
            };
            moves.push(Pos::new(x, y));
        }
        let mut record = GameRecord::new(rule, size);
        record
            .play_all(&moves)
            .map_err(|(i, e)| format!("move {}: {e}", i + 1))?;
        Ok(GameData {
            rule,
            size,
            opening: opening.min(moves.len()),
            moves,
            winner,
        })
    }
}

/// Plies after the opening played with evaluation noise, so that games from one opening
/// differ between seeds.
pub const NOISY_PLIES: usize = 4;
/// Amplitude of that noise, in evaluation units.
pub const NOISE: i32 = 80;

/// A random opening for self-play on a 15×15 board, repeatable for a seed: 3, 4 or 5 stones
/// (black first, alternating) on distinct points within `radius` points of the centre in
/// both directions (`radius` from 1 to 7). Such openings are mostly unbalanced, which is what
/// the fits want: positions of every kind, won and lost.
#[must_use]
pub fn random_opening(seed: u64, radius: u8) -> Vec<Pos> {
    // One point cannot hold three stones: a radius of 0 is read as 1.
    let r = radius.clamp(1, 7);
    let span = u64::from(2 * r + 1);
    let mut rng = crate::rng::Rng::new(seed ^ 0x5EED_0F0B_E4A1);
    let stones = 3 + rng.below(3) as usize;
    let mut out: Vec<Pos> = Vec::with_capacity(stones);
    while out.len() < stones {
        let x = 7 - r + rng.below(span) as u8;
        let y = 7 - r + rng.below(span) as u8;
        let p = Pos::new(x, y);
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// Plays one game of the engine against itself on a 15×15 board from `opening`, each move a
/// search of `nodes` nodes (one thread, repeatable for a seed). Returns `None` if the opening
/// is not legal under `rule`.
#[must_use]
pub fn self_play(rule: Rule, opening: &[Pos], nodes: u64, seed: u64) -> Option<GameData> {
    let size = 15;
    let mut record = GameRecord::new(rule, size);
    record.play_all(opening).ok()?;
    if record.is_over() {
        return None;
    }
    let mut tt = Tt::new(4);
    let stop = AtomicBool::new(false);
    let winner = loop {
        if let Some(r) = record.result() {
            break match r.outcome {
                Outcome::Win(s) => Some(s),
                Outcome::Draw => None,
            };
        }
        let side = record.side_to_move();
        let board = record.board().clone();
        if board.is_full() {
            break None;
        }
        tt.new_search();
        let mut s = Searcher::new(Board::from_position(rule, &board, side), &tt, &stop);
        let ply = record.moves().len() - opening.len();
        if ply < NOISY_PLIES {
            s.noise = NOISE;
            s.noise_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ply as u64;
        }
        let best = s.run(Limits::nodes(nodes), &mut |_| {}).best;
        let mv = if record.check(best).is_ok() {
            best
        } else {
            match board.points().find(|&p| record.check(p).is_ok()) {
                Some(p) => p,
                None => break None,
            }
        };
        if record.play(mv).is_err() {
            break None;
        }
    };
    Some(GameData {
        rule,
        size,
        opening: opening.len(),
        moves: record.moves().iter().map(|m| m.pos).collect(),
        winner,
    })
}

/// A position's features and its label: the result for the side to move (1 win, ½ draw,
/// 0 loss).
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    pub f: [f32; FEATURES],
    pub y: f32,
}

/// The quiet positions of `games` under `rule` after their openings: positions where neither
/// side can make a five and the side to move has no open-four or four-three point (the
/// evaluation is not asked about those; the search settles them).
#[must_use]
pub fn samples(games: &[GameData], rule: Rule) -> Vec<Sample> {
    let mut out = Vec::new();
    for_each_quiet(games, rule, |b, y| out.push(Sample { f: features(b), y }));
    out
}

/// Calls `visit` with every quiet position of `games` under `rule` after their openings (see
/// [`samples`]) and the game's result for the side to move (1, ½, 0).
fn for_each_quiet(games: &[GameData], rule: Rule, mut visit: impl FnMut(&Board, f32)) {
    for g in games.iter().filter(|g| g.rule == rule) {
        let mut b = Board::new(rule, g.size);
        for (i, &p) in g.moves.iter().enumerate() {
            let idx = b.index(p);
            if b.cell(idx) != crate::board::EMPTY {
                break;
            }
            b.make(idx);
            if i + 1 < g.opening || i + 1 == g.moves.len() {
                continue;
            }
            if !is_quiet(&b) {
                continue;
            }
            let s = b.to_move();
            let y = match g.winner {
                None => 0.5,
                Some(w) if side_of(w) == s => 1.0,
                Some(_) => 0.0,
            };
            visit(&b, y);
        }
    }
}

/// Whether the evaluation is asked about `b`: neither side can make a five and the side to
/// move has no open-four or four-three point.
fn is_quiet(b: &Board) -> bool {
    let s = b.to_move();
    b.count(s, C_FIVE) + b.count(s ^ 1, C_FIVE) == 0
        && b.count(s, C_FLEX_FOUR) + b.count(s, C_FOUR_THREE) == 0
}

/// A position labelled with a winning chance for its side to move — by a deeper search, or by
/// another engine's (a sparring engine's evaluation of positions from our games). The
/// position is the one after every move of `game`; the game's result is not used.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueLabel {
    pub game: GameData,
    /// The side to move's winning chance, 0 to 1.
    pub chance: f32,
}

impl ValueLabel {
    /// `CHANCE RULE_CODE SIZE RESULT OPENING_LEN x,y …`: the chance, then a game line.
    #[must_use]
    pub fn to_line(&self) -> String {
        format!("{:.4} {}", self.chance, self.game.to_line())
    }

    /// Reads a line of [`ValueLabel::to_line`]; the chance must be within 0 to 1 and the moves
    /// legal.
    pub fn from_line(line: &str) -> Result<ValueLabel, String> {
        let line = line.trim_start();
        let (chance, rest) = line.split_once(char::is_whitespace).ok_or("no game")?;
        let chance: f32 = chance
            .parse()
            .ok()
            .filter(|c: &f32| (0.0..=1.0).contains(c))
            .ok_or_else(|| format!("bad chance {chance:?}"))?;
        Ok(ValueLabel {
            game: GameData::from_line(rest)?,
            chance,
        })
    }
}

/// Calls `visit` with the position of every label of `rule` that is quiet (see [`samples`])
/// and its chance.
fn for_each_valued(labels: &[ValueLabel], rule: Rule, mut visit: impl FnMut(&Board, f32)) {
    for l in labels.iter().filter(|l| l.game.rule == rule) {
        let mut b = Board::new(rule, l.game.size);
        for &p in &l.game.moves {
            b.make(b.index(p));
        }
        if !l.game.moves.is_empty() && is_quiet(&b) {
            visit(&b, l.chance);
        }
    }
}

/// The quiet labelled positions of `rule` as samples for [`fit`].
#[must_use]
pub fn value_samples(labels: &[ValueLabel], rule: Rule) -> Vec<Sample> {
    let mut out = Vec::new();
    for_each_valued(labels, rule, |b, y| out.push(Sample { f: features(b), y }));
    out
}

/// The quiet labelled positions of `rule` as samples for [`fit_table`].
#[must_use]
pub fn value_table_samples(
    labels: &[ValueLabel],
    rule: Rule,
    weights: &Weights,
) -> Vec<TableSample> {
    let mut out = Vec::new();
    for_each_valued(labels, rule, |b, y| {
        out.push(table_sample(b, rule, weights, y))
    });
    out
}

/// Adam's running moment estimates for a vector of parameters (β₁ 0.9, β₂ 0.999), shared by the
/// fits.
pub(crate) struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
}

impl Adam {
    pub(crate) fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }

    /// Takes gradient `g` of parameter `i` at iteration `it` (from 1) and returns the
    /// bias-corrected step direction m̂ / (√v̂ + ε), of size about 1 at most.
    pub(crate) fn step(&mut self, i: usize, it: usize, g: f64) -> f64 {
        let (b1, b2) = (0.9f64, 0.999f64);
        self.m[i] = b1 * self.m[i] + (1.0 - b1) * g;
        self.v[i] = b2 * self.v[i] + (1.0 - b2) * g * g;
        let mh = self.m[i] / (1.0 - b1.powi(it as i32));
        let vh = self.v[i] / (1.0 - b2.powi(it as i32));
        mh / (vh.sqrt() + 1e-12)
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean cross-entropy of the predictions `1 / (1 + exp(-eval / scale))` against the labels.
#[must_use]
pub fn loss(w: &Weights, scale: f32, samples: &[Sample]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let mut sum = 0.0;
    for s in samples {
        let p = sigmoid(f64::from(w.apply(&s.f)) / f64::from(scale)).clamp(1e-9, 1.0 - 1e-9);
        let y = f64::from(s.y);
        sum -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
    }
    sum / samples.len() as f64
}

/// The logistic scale that best fits each rule's weights to its samples together (searched
/// on a log grid, 20 to 5 000).
#[must_use]
pub fn fit_scale(sets: &[(Weights, &[Sample])]) -> f32 {
    let mut best = (f64::INFINITY, 250.0);
    let mut k = 20.0f32;
    while k <= 5_000.0 {
        let l: f64 = sets
            .iter()
            .map(|(w, s)| loss(w, k, s) * s.len() as f64)
            .sum();
        if l < best.0 {
            best = (l, k);
        }
        k *= 1.05;
    }
    best.1
}

/// Fits the weights by full-batch gradient descent (Adam) on the cross-entropy loss at a fixed
/// `scale`, starting from `start`, with an L2 pull of strength `l2` towards `start` (features
/// seen in few positions keep their old weight).
#[must_use]
pub fn fit(start: &Weights, scale: f32, samples: &[Sample], iterations: usize, l2: f64) -> Weights {
    fit_with_choices(start, scale, samples, None, iterations, l2)
}

/// [`fit`] with the cross-entropy of labelled move choices ([`choice`]) added to the loss,
/// weighted by the term's share.
#[must_use]
pub fn fit_with_choices(
    start: &Weights,
    scale: f32,
    samples: &[Sample],
    choices: Option<choice::ChoiceTerm<[f32; FEATURES]>>,
    iterations: usize,
    l2: f64,
) -> Weights {
    if samples.is_empty() {
        return *start;
    }
    let n = samples.len() as f64;
    // Each feature's typical size sets its step (the point-score sums are in the thousands,
    // the counts in units).
    let mut spread = [0.0f64; FEATURES];
    for s in samples {
        for (a, &x) in spread.iter_mut().zip(&s.f) {
            *a += f64::from(x).abs();
        }
    }
    let step: Vec<f64> = spread
        .iter()
        .map(|&a| {
            let mean = a / n;
            // About 2 % of the scale per typical feature value.
            if mean > 1e-9 {
                0.02 * f64::from(scale) / mean
            } else {
                0.0
            }
        })
        .collect();
    let mut w = start.params();
    let w0 = w.clone();
    let mut adam = Adam::new(FEATURES);
    let k = f64::from(scale);
    for t in 1..=iterations {
        let mut grad = [0.0f64; FEATURES];
        for s in samples {
            let e: f64 = w.iter().zip(&s.f).map(|(a, &x)| a * f64::from(x)).sum();
            let e = e.clamp(-20_000.0, 20_000.0);
            let g = (sigmoid(e / k) - f64::from(s.y)) / k;
            for (gi, &x) in grad.iter_mut().zip(&s.f) {
                *gi += g * f64::from(x) / n;
            }
        }
        if let Some(c) = &choices {
            c.add_gradient(&w, &mut grad);
        }
        for i in 0..FEATURES {
            if step[i] == 0.0 {
                continue;
            }
            // The pull towards the start is measured in steps (feature-size units).
            let g = grad[i] + 2.0 * l2 * (w[i] - w0[i]) / (step[i] * step[i]);
            w[i] -= step[i] * 0.05 * adam.step(i, t, g);
        }
    }
    let mut out = [0.0f32; FEATURES];
    for (o, x) in out.iter_mut().zip(&w) {
        *o = *x as f32;
    }
    Weights(out)
}

/// A position for the table fit ([`fit_table`]): the weighted features' evaluation (without
/// the table), the label, and how many of the empty points carry each table parameter
/// ([`table_param`]).
#[derive(Clone, Debug)]
pub struct TableSample {
    pub base: f32,
    pub y: f32,
    pub counts: Vec<(u32, f32)>,
}

/// Index of a table parameter: colour slot ([`crate::eval_table::colour_slot`]), relation
/// (0 = the point's colour is to move, 1 = its opponent is), canonical combination.
#[must_use]
pub fn table_param(slot: usize, rel: usize, combo: usize) -> usize {
    (slot * 2 + rel) * COMBOS + combo
}

/// Index of a threat-mask parameter: colour slot of the side to move, mask
/// ([`crate::eval_table::threat_mask`]); they follow the combinations' parameters.
#[must_use]
pub fn mask_param(slot: usize, mask: usize) -> usize {
    4 * COMBOS + slot * MASKS + mask
}

/// Number of table parameters: the combinations' and the threat masks'.
pub const TABLE_PARAMS: usize = 4 * COMBOS + 2 * MASKS;

/// How the table fit labels a position: with the game's result, or blended with the winning
/// chance a search of `search_nodes` nodes gives (`blend` = the result's share).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Labels {
    pub search_nodes: u64,
    pub blend: f32,
    /// The logistic scale that turns a search value into a chance.
    pub scale: f32,
}

impl Labels {
    /// The game's result alone.
    pub const RESULT: Labels = Labels {
        search_nodes: 0,
        blend: 1.0,
        scale: 1_000.0,
    };
}

/// The quiet positions of `games` (as in [`samples`]) with their table counts; `weights` gives
/// the features' part of the evaluation, `labels` the targets.
#[must_use]
pub fn table_samples(
    games: &[GameData],
    rule: Rule,
    weights: &Weights,
    labels: Labels,
) -> Vec<TableSample> {
    let mut tt = None;
    let stop = AtomicBool::new(false);
    let mut out = Vec::new();
    for_each_quiet(games, rule, |b, y| {
        let y = labels.label(b, y, &mut tt, &stop);
        out.push(table_sample(b, rule, weights, y));
    });
    out
}

impl Labels {
    /// The label of position `b` whose game's result for the side to move is `y`: `y` alone,
    /// or blended with the winning chance a fresh search of `search_nodes` nodes gives (a
    /// mate score is a chance of 1 or 0).
    /// `tt` is the searches' table, made at the first search.
    pub(crate) fn label(&self, b: &Board, y: f32, tt: &mut Option<Tt>, stop: &AtomicBool) -> f32 {
        if self.search_nodes == 0 || self.blend >= 1.0 {
            return y;
        }
        let tt = tt.get_or_insert_with(|| Tt::new(16));
        tt.new_search();
        let mut sr = Searcher::new(b.clone(), tt, stop);
        let v = sr.run(Limits::nodes(self.search_nodes), &mut |_| {}).eval;
        let p = if v > crate::search::MATE_BOUND {
            1.0
        } else if v < -crate::search::MATE_BOUND {
            0.0
        } else {
            sigmoid(f64::from(v) / f64::from(self.scale)) as f32
        };
        self.blend * y + (1.0 - self.blend) * p
    }
}

/// One position's [`TableSample`]: how many of its empty points carry each table parameter.
pub fn table_sample(b: &Board, rule: Rule, weights: &Weights, y: f32) -> TableSample {
    let s = b.to_move();
    let mut counts: Vec<(u32, f32)> = Vec::new();
    for &q in b.points() {
        if b.cell(q) != crate::board::EMPTY {
            continue;
        }
        for (rel, side) in [(0, s), (1, s ^ 1)] {
            let c = canonical(b.combo_index(side, q));
            counts.push((table_param(colour_slot(rule, side), rel, c) as u32, 1.0));
        }
    }
    counts.push((
        mask_param(colour_slot(rule, s), b.threat_mask()) as u32,
        1.0,
    ));
    counts.sort_unstable_by_key(|&(k, _)| k);
    counts.dedup_by(|next, kept| {
        let same = next.0 == kept.0;
        if same {
            kept.1 += 1.0;
        }
        same
    });
    TableSample {
        base: weights.apply(&features(b)) as f32,
        y,
        counts,
    }
}

pub fn table_eval(t: &[f64], s: &TableSample) -> f64 {
    let mut e = f64::from(s.base);
    for &(k, c) in &s.counts {
        e += t[k as usize] * f64::from(c);
    }
    e.clamp(-20_000.0, 20_000.0)
}

/// Mean cross-entropy of the table `t` (plus the features) on `samples` at `scale`.
#[must_use]
pub fn table_loss(t: &[f64], scale: f32, samples: &[TableSample]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let k = f64::from(scale);
    let mut sum = 0.0;
    for s in samples {
        let p = sigmoid(table_eval(t, s) / k).clamp(1e-9, 1.0 - 1e-9);
        let y = f64::from(s.y);
        sum -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
    }
    sum / samples.len() as f64
}

/// Fits the table (one value per [`table_param`], in evaluation units, the features' weights
/// fixed) by full-batch Adam on the cross-entropy at `scale`, from `start`, with an L2 pull
/// towards 0 of strength `l2` per parameter (a combination seen in few positions stays near
/// 0). Parameters that no sample uses stay at their start.
#[must_use]
pub fn fit_table(
    start: &[f64],
    scale: f32,
    samples: &[TableSample],
    iterations: usize,
    l2: f64,
) -> Vec<f64> {
    fit_table_with_choices(start, scale, samples, None, iterations, l2)
}

/// [`fit_table`] with the cross-entropy of labelled move choices ([`choice`]) added to the
/// loss, weighted by the term's share.
#[must_use]
pub fn fit_table_with_choices(
    start: &[f64],
    scale: f32,
    samples: &[TableSample],
    choices: Option<choice::ChoiceTerm<TableSample>>,
    iterations: usize,
    l2: f64,
) -> Vec<f64> {
    let mut t = start.to_vec();
    if samples.is_empty() {
        return t;
    }
    let n = samples.len() as f64;
    let k = f64::from(scale);
    let mut used = vec![false; t.len()];
    let chosen = choices
        .iter()
        .flat_map(|c| c.choices.iter().flat_map(|c| &c.cands));
    for s in samples.iter().chain(chosen) {
        for &(i, _) in &s.counts {
            used[i as usize] = true;
        }
    }
    let mut adam = Adam::new(t.len());
    let mut grad = vec![0.0f64; t.len()];
    for it in 1..=iterations {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for s in samples {
            let g = (sigmoid(table_eval(&t, s) / k) - f64::from(s.y)) / k;
            for &(i, c) in &s.counts {
                grad[i as usize] += g * f64::from(c) / n;
            }
        }
        if let Some(c) = &choices {
            c.add_gradient(&t, &mut grad);
        }
        for i in 0..t.len() {
            if !used[i] {
                continue;
            }
            // The pull is scaled so that `l2` = 1 weighs a value of K as much as the mean loss.
            let g = grad[i] + 2.0 * l2 * t[i] / (k * k);
            // Steps of up to 2 evaluation units.
            t[i] -= 2.0 * adam.step(i, it, g);
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::openings_15;

    #[test]
    fn game_lines_round_trip_and_bad_lines_are_errors() {
        let g = GameData {
            rule: Rule::Renju,
            size: 15,
            opening: 2,
            moves: vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(6, 7)],
            winner: Some(Stone::White),
        };
        assert_eq!(GameData::from_line(&g.to_line()), Ok(g));
        for bad in [
            "",
            "9 15 B 0",
            "0 15 X 0",
            "0 99 B 0",
            "0 15 B 0 7,7 7,7",
            "0 15 B 0 7;7",
            "0 15 B 0 77,7",
            "0 15 D x 7,7",
        ] {
            assert!(GameData::from_line(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn value_labels_round_trip_and_bad_lines_are_errors() {
        let l = ValueLabel {
            game: GameData {
                rule: Rule::Freestyle,
                size: 15,
                opening: 3,
                moves: vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(6, 7)],
                winner: None,
            },
            chance: 0.25,
        };
        assert_eq!(ValueLabel::from_line(&l.to_line()), Ok(l));
        for bad in [
            "",
            "0.5",
            "x 0 15 D 0 7,7",
            "1.5 0 15 D 0 7,7",
            "-0.1 0 15 D 0 7,7",
            "NaN 0 15 D 0 7,7",
            "0.5 0 15 D 0 7,7 7,7",
        ] {
            assert!(ValueLabel::from_line(bad).is_err(), "{bad}");
        }
    }

    /// Positions labelled with chances (as another engine's evaluations would be): only the
    /// quiet ones are used, and fitting the weights and the table to the labels lowers the
    /// loss against them.
    #[test]
    fn value_labels_are_fitted() {
        let rule = Rule::Renju;
        let mut labels = Vec::new();
        for (i, o) in openings_15().iter().take(4).enumerate() {
            let g = self_play(rule, o, 400, i as u64).expect("legal opening");
            for n in g.opening + 1..g.moves.len() {
                let mut prefix = g.clone();
                prefix.moves.truncate(n);
                // A made-up evaluator: black is better the more stones it has in the centre.
                let centre = prefix
                    .moves
                    .iter()
                    .step_by(2)
                    .filter(|p| (5..10).contains(&p.x) && (5..10).contains(&p.y))
                    .count() as f32;
                let black = (centre / (1.0 + n as f32 / 2.0)).clamp(0.05, 0.95);
                let chance = if n % 2 == 0 { black } else { 1.0 - black };
                labels.push(ValueLabel {
                    game: prefix,
                    chance,
                });
            }
        }
        let data = value_samples(&labels, rule);
        assert!(
            data.len() > 20 && data.len() < labels.len(),
            "{}",
            data.len()
        );
        assert!(value_samples(&labels, Rule::Freestyle).is_empty());
        let start = Weights::HAND_SET;
        let k = 1_000.0;
        let before = loss(&start, k, &data);
        let after = loss(&fit(&start, k, &data, 60, 0.0), k, &data);
        assert!(after < before, "loss {before} -> {after}");
        let tdata = value_table_samples(&labels, rule, &start);
        assert_eq!(tdata.len(), data.len());
        let zero = vec![0.0; TABLE_PARAMS];
        let before = table_loss(&zero, k, &tdata);
        let after = table_loss(&fit_table(&zero, k, &tdata, 30, 0.01), k, &tdata);
        assert!(after < before, "table loss {before} -> {after}");
    }

    /// The whole pipeline on a tiny data set: a few fast self-play games per rule, their quiet
    /// positions, the scale and a short fit, which must not make the training loss worse.
    #[test]
    fn tiny_pipeline_runs_and_fitting_lowers_the_loss() {
        let openings = openings_15();
        for rule in Rule::ALL {
            let mut games = Vec::new();
            for (i, o) in openings.iter().take(4).enumerate() {
                let g = self_play(rule, o, 400, i as u64).expect("legal opening");
                assert!(g.moves.len() > o.len());
                // A decided game ends with the winner's move.
                if let Some(w) = g.winner {
                    assert_eq!(Stone::for_move(g.moves.len() - 1), w, "{}", g.to_line());
                }
                assert_eq!(GameData::from_line(&g.to_line()).as_ref(), Ok(&g));
                games.push(g);
            }
            let data = samples(&games, rule);
            assert!(data.len() > 20, "{rule}: only {} samples", data.len());
            let start = Weights::HAND_SET;
            let k = fit_scale(&[(start, &data)]);
            let before = loss(&start, k, &data);
            let fitted = fit(&start, k, &data, 60, 0.0);
            let after = loss(&fitted, k, &data);
            assert!(after <= before + 1e-9, "{rule}: loss {before} -> {after}");
            let tdata = table_samples(&games, rule, &start, Labels::RESULT);
            assert_eq!(tdata.len(), data.len());
            let zero = vec![0.0; TABLE_PARAMS];
            let before = table_loss(&zero, k, &tdata);
            let table = fit_table(&zero, k, &tdata, 30, 0.01);
            let after = table_loss(&table, k, &tdata);
            assert!(
                after <= before + 1e-9,
                "{rule}: table loss {before} -> {after}"
            );
        }
    }

    /// Random openings are repeatable, varied, within their radius, and start legal games.
    #[test]
    fn random_openings_are_repeatable_varied_and_playable() {
        let mut seen = std::collections::HashSet::new();
        let mut sizes = [0; 6];
        for seed in 0..300u64 {
            let o = random_opening(seed, 4);
            assert_eq!(o, random_opening(seed, 4), "seed {seed}");
            assert!((3..=5).contains(&o.len()), "{o:?}");
            sizes[o.len()] += 1;
            for (i, p) in o.iter().enumerate() {
                assert!(p.x.abs_diff(7) <= 4 && p.y.abs_diff(7) <= 4, "{o:?}");
                assert!(!o[..i].contains(p), "{o:?}");
            }
            seen.insert(o);
        }
        assert!(seen.len() >= 295, "only {} distinct openings", seen.len());
        assert!(sizes[3..].iter().all(|&n| n > 50), "{sizes:?}");
        // The widest radius stays on the board; a radius of 0 cannot hold three stones, so it
        // is read as at least 1.
        for seed in 0..50 {
            assert!(random_opening(seed, 9).iter().all(|p| p.x < 15 && p.y < 15));
            assert!((3..=5).contains(&random_opening(seed, 0).len()));
        }
        for rule in Rule::ALL {
            for seed in 0..3 {
                let o = random_opening(seed, 4);
                let g = self_play(rule, &o, 300, seed).expect("legal opening");
                assert_eq!(&g.moves[..o.len()], &o[..]);
                assert_eq!(g.opening, o.len());
            }
        }
    }
}
