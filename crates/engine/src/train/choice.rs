//! Fitting the evaluation to a stronger player's moves ("comparison" labels): each labelled
//! position is one where a quiet move decides (no five, no four-class threat for either side),
//! with the move a sparring engine chose there. The evaluation of the position after each
//! quiet candidate, from the mover's side, is a score; a softmax over the candidates' scores
//! (at a temperature) is the chance that a candidate is the one chosen, and its cross-entropy
//! is fitted together with the game-result loss of [`super::fit`], so that the weights keep
//! their scale (the result loss fixes it) while the chosen move's position evaluates best.

use super::order::ordering_decides;
use super::{GameData, TableSample, table_eval};
use crate::board::{Board, EMPTY};
use crate::eval::{FEATURES, features};
use crate::movegen::scored_moves;
use gomoku_rules::{Pos, Rule};

/// A position (the one after every move of `game`) and the move chosen there.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveLabel {
    pub game: GameData,
    pub chosen: Pos,
}

impl MoveLabel {
    /// `x,y RULE_CODE SIZE RESULT OPENING_LEN x,y …`: the chosen move, then a game line.
    #[must_use]
    pub fn to_line(&self) -> String {
        format!(
            "{},{} {}",
            self.chosen.x,
            self.chosen.y,
            self.game.to_line()
        )
    }

    /// Reads a line of [`MoveLabel::to_line`]; the game's moves and the chosen move must be
    /// legal.
    pub fn from_line(line: &str) -> Result<MoveLabel, String> {
        let line = line.trim_start();
        let (mv, rest) = line.split_once(char::is_whitespace).ok_or("no game")?;
        let bad = || format!("bad move {mv:?}");
        let (x, y) = mv.split_once(',').ok_or_else(bad)?;
        let (Ok(x), Ok(y)) = (x.parse::<u8>(), y.parse::<u8>()) else {
            return Err(bad());
        };
        let game = GameData::from_line(rest)?;
        let chosen = Pos::new(x, y);
        let mut record = gomoku_rules::GameRecord::new(game.rule, game.size);
        for &p in &game.moves {
            record.play(p).map_err(|e| e.to_string())?;
        }
        record
            .play(chosen)
            .map_err(|e| format!("chosen move {mv}: {e}"))?;
        Ok(MoveLabel { game, chosen })
    }
}

/// What a candidate move's position contributes to a fit: its evaluation under the fitted
/// parameters, and the evaluation's gradient (it is linear in them).
pub trait Candidate {
    fn value(&self, params: &[f64]) -> f64;
    /// Adds `g` × ∂value/∂params to `grad`.
    fn add_gradient(&self, g: f64, grad: &mut [f64]);
}

/// The feature weights' view: the position's features ([`features`]).
impl Candidate for [f32; FEATURES] {
    fn value(&self, params: &[f64]) -> f64 {
        let e: f64 = params
            .iter()
            .zip(self)
            .map(|(a, &x)| a * f64::from(x))
            .sum();
        e.clamp(-20_000.0, 20_000.0)
    }

    fn add_gradient(&self, g: f64, grad: &mut [f64]) {
        for (gi, &x) in grad.iter_mut().zip(self) {
            *gi += g * f64::from(x);
        }
    }
}

/// The table's view: the features' evaluation and the position's table counts.
impl Candidate for TableSample {
    fn value(&self, params: &[f64]) -> f64 {
        table_eval(params, self)
    }

    fn add_gradient(&self, g: f64, grad: &mut [f64]) {
        for &(i, c) in &self.counts {
            grad[i as usize] += g * f64::from(c);
        }
    }
}

/// One labelled choice: the position after each quiet candidate (seen from the side then to
/// move, the chooser's opponent) and which candidate was chosen.
#[derive(Clone, Debug)]
pub struct Choice<C> {
    pub cands: Vec<C>,
    pub chosen: usize,
}

/// The labelled positions of `rule` where a quiet move decides and the chosen move is one of
/// the quiet candidates the search generates (a four or a far move is skipped): at most
/// `width` candidates each, the chosen one and those the search orders first, each seen
/// through `view`.
pub fn collect_choices<C>(
    labels: &[MoveLabel],
    rule: Rule,
    width: usize,
    mut view: impl FnMut(&Board) -> C,
) -> Vec<Choice<C>> {
    let mut out = Vec::new();
    let mut scored = Vec::new();
    for l in labels.iter().filter(|l| l.game.rule == rule) {
        let mut b = Board::new(rule, l.game.size);
        for &p in &l.game.moves {
            b.make(b.index(p));
        }
        let chosen = b.index(l.chosen);
        if b.cell(chosen) != EMPTY || !ordering_decides(&b) {
            continue;
        }
        scored_moves(&mut b, &mut scored);
        scored.retain(|&(_, _, four)| !four);
        if !scored.iter().any(|&(p, _, _)| p == chosen) || scored.len() < 2 {
            continue;
        }
        // The chosen move first, then the rest in the search's order.
        scored.sort_by_key(|&(p, v, _)| (p != chosen, std::cmp::Reverse(v)));
        let cands = scored
            .iter()
            .take(width.max(2))
            .map(|&(p, _, _)| {
                b.make(p);
                let c = view(&b);
                b.unmake();
                c
            })
            .collect();
        out.push(Choice { cands, chosen: 0 });
    }
    out
}

/// [`collect_choices`] seen through the features, every candidate kept.
#[must_use]
pub fn choices(labels: &[MoveLabel], rule: Rule) -> Vec<Choice<[f32; FEATURES]>> {
    collect_choices(labels, rule, usize::MAX, features)
}

/// The candidates' chances of being chosen under `params` at temperature `temp`: a softmax
/// over minus each candidate position's evaluation (it is the opponent's to move there).
fn chances<C: Candidate>(params: &[f64], temp: f64, c: &Choice<C>, out: &mut Vec<f64>) {
    out.clear();
    out.extend(c.cands.iter().map(|x| -x.value(params) / temp));
    let top = out.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut sum = 0.0;
    for s in out.iter_mut() {
        *s = (*s - top).exp();
        sum += *s;
    }
    for s in out.iter_mut() {
        *s /= sum;
    }
}

/// What the parameters make of the choices: the mean cross-entropy of the chosen moves and
/// how often the chosen move is the candidate that evaluates best.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChoiceFit {
    pub loss: f64,
    pub top1: f64,
}

#[must_use]
pub fn choice_loss<C: Candidate>(params: &[f64], temp: f64, choices: &[Choice<C>]) -> ChoiceFit {
    if choices.is_empty() {
        return ChoiceFit {
            loss: 0.0,
            top1: 0.0,
        };
    }
    let mut p = Vec::new();
    let (mut loss, mut top) = (0.0, 0usize);
    for c in choices {
        chances(params, temp, c, &mut p);
        let best = p[c.chosen];
        loss -= best.max(1e-12).ln();
        if p.iter().all(|&q| q <= best) {
            top += 1;
        }
    }
    let n = choices.len() as f64;
    ChoiceFit {
        loss: loss / n,
        top1: top as f64 / n,
    }
}

/// The temperature that best fits `params` to the choices (searched on a log grid, 10 to
/// 5 000).
#[must_use]
pub fn choice_temperature<C: Candidate>(params: &[f64], choices: &[Choice<C>]) -> f64 {
    let mut best = (f64::INFINITY, 100.0);
    let mut t = 10.0f64;
    while t <= 5_000.0 {
        let l = choice_loss(params, t, choices).loss;
        if l < best.0 {
            best = (l, t);
        }
        t *= 1.05;
    }
    best.1
}

/// Labelled move choices fitted beside the game results: the choices, their softmax
/// temperature and the share of their loss in the sum.
#[derive(Clone, Copy, Debug)]
pub struct ChoiceTerm<'a, C> {
    pub choices: &'a [Choice<C>],
    pub temp: f64,
    pub share: f64,
}

impl<C: Candidate> ChoiceTerm<'_, C> {
    /// Adds the gradient of the mean choice cross-entropy (times the share) to `grad`.
    pub(super) fn add_gradient(&self, params: &[f64], grad: &mut [f64]) {
        if self.choices.is_empty() {
            return;
        }
        let k = self.share / self.choices.len() as f64 / self.temp;
        let mut p = Vec::new();
        for c in self.choices {
            chances(params, self.temp, c, &mut p);
            for (i, (x, &q)) in c.cands.iter().zip(&p).enumerate() {
                // d(-ln p_chosen)/d score_i = p_i - [i chosen]; d score_i/d value_i = -1/temp.
                let chosen = if i == c.chosen { 1.0 } else { 0.0 };
                x.add_gradient(-(q - chosen) * k, grad);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Weights;
    use crate::fixtures::openings_15;
    use crate::train::{
        Labels, TABLE_PARAMS, fit_table_with_choices, fit_with_choices, samples, self_play,
        table_sample, table_samples,
    };

    #[test]
    fn move_labels_round_trip_and_bad_lines_are_errors() {
        let l = MoveLabel {
            game: GameData {
                rule: Rule::Renju,
                size: 15,
                opening: 3,
                moves: vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(6, 7)],
                winner: None,
            },
            chosen: Pos::new(6, 8),
        };
        assert_eq!(MoveLabel::from_line(&l.to_line()), Ok(l));
        for bad in [
            "",
            "6,8",
            "6;8 0 15 D 0 7,7",
            "x,8 0 15 D 0 7,7",
            "99,8 0 15 D 0 7,7",
            // The chosen point is taken.
            "7,7 0 15 D 0 7,7",
            "6,8 0 15 D 0 7,7 7,7",
            // Renju black may not choose a forbidden point (a double three at 7,7).
            "7,7 4 15 D 0 7,5 0,0 7,6 0,1 5,7 0,2 6,7 0,3",
        ] {
            assert!(MoveLabel::from_line(bad).is_err(), "{bad}");
        }
        assert!(MoveLabel::from_line("7,7 4 15 D 0 7,5 0,0 7,6 0,1 5,7 0,2 6,7 0,3 1,1").is_ok());
    }

    /// The moves of fast self-play games as the chooser's: only positions where a quiet move
    /// decides are kept, and fitting the weights or the table to the choices beside the
    /// results lowers the choice loss.
    #[test]
    fn move_choices_are_fitted_beside_the_results() {
        let rule = Rule::Freestyle;
        let (mut labels, mut games) = (Vec::new(), Vec::new());
        for (i, o) in openings_15().iter().take(4).enumerate() {
            let g = self_play(rule, o, 400, i as u64).expect("legal opening");
            for n in g.opening..g.moves.len() - 1 {
                let mut prefix = g.clone();
                prefix.moves.truncate(n);
                // The next move of the game, whatever it is (a four, a defence or quiet).
                labels.push(MoveLabel {
                    game: prefix,
                    chosen: g.moves[n],
                });
            }
            games.push(g);
        }
        let data = choices(&labels, rule);
        assert!(
            data.len() > 10 && data.len() < labels.len(),
            "{} of {}",
            data.len(),
            labels.len()
        );
        assert!(choices(&labels, Rule::Renju).is_empty());
        for c in &data {
            assert!(c.chosen < c.cands.len() && c.cands.len() > 1);
        }
        let results = samples(&games, rule);
        let start = Weights::HAND_SET;
        let params = start.params();
        let temp = choice_temperature(&params, &data);
        assert!((10.0..=5_000.0).contains(&temp));
        let before = choice_loss(&params, temp, &data);
        let term = ChoiceTerm {
            choices: &data,
            temp,
            share: 10.0,
        };
        let w = fit_with_choices(&start, 1_000.0, &results, Some(term), 100, 0.0);
        let fitted = w.params();
        let after = choice_loss(&fitted, temp, &data);
        assert!(after.loss < before.loss, "{before:?} -> {after:?}");
        assert!((0.0..=1.0).contains(&after.top1));
        // Nothing to choose from: the fit is the results' fit alone.
        let none = ChoiceTerm {
            choices: &[],
            temp,
            share: 10.0,
        };
        assert_eq!(
            fit_with_choices(&start, 1_000.0, &results, Some(none), 20, 0.0),
            crate::train::fit(&start, 1_000.0, &results, 20, 0.0)
        );

        // The table: at most `width` candidates, the chosen one first.
        let view = |b: &Board| table_sample(b, rule, &start, 0.0);
        let data = collect_choices(&labels, rule, 6, view);
        assert!(data.len() > 10);
        assert!(
            data.iter()
                .all(|c| c.chosen == 0 && (2..=6).contains(&c.cands.len()))
        );
        let results = table_samples(&games, rule, &start, Labels::RESULT);
        let zero = vec![0.0; TABLE_PARAMS];
        let temp = choice_temperature(&zero, &data);
        let before = choice_loss(&zero, temp, &data);
        let term = ChoiceTerm {
            choices: &data,
            temp,
            share: 10.0,
        };
        let t = fit_table_with_choices(&zero, 1_000.0, &results, Some(term), 30, 0.01);
        let after = choice_loss(&t, temp, &data);
        assert!(after.loss < before.loss, "{before:?} -> {after:?}");
    }
}
