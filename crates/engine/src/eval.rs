//! Static evaluation: a weighted sum of pattern and combination features, with weights per rule
//! read from the versioned data file `data/eval_weights.txt` (embedded at build time, fitted
//! by `pbrain-gomoku fit`, see [`crate::train`]).
//!
//! The features are all kept up to date by the board, so the evaluation costs a few dozen
//! multiplications:
//! - each colour's point-score sum: every empty point carries, for each colour, a score for
//!   what a stone of that colour there would make — the sum of
//!   [`crate::pattern::PATTERN_VALUE`] over the point's four line patterns plus
//!   [`crate::pattern::CLASS_BONUS`] for its combination class (four-three, double three, …);
//!   the sum over the empty points measures a colour's potential;
//! - each colour's count of empty points per combination class (how many fours, threes,
//!   four-threes, renju forbidden points, … it could make next move);
//! - a constant (the tempo of the side to move) and the colour: +1 when black is to move, −1
//!   when white is (the first move's advantage, and the rules that treat the colours
//!   differently; as ±1, the term is the same for a colour whichever side is to move, so it
//!   does not shift evaluations between odd and even depths as a side-to-move constant does).
//!
//! The side to move's features and the opponent's have separate weights: the side to move
//! realises one of its shapes first, so its potential is worth more. The hand-set evaluation
//! of earlier versions is the special case 0.6 × own sum − 0.5 × opponent's sum + 20
//! ([`Weights::HAND_SET`]).

use crate::board::Board;
use crate::pattern::CLASS_COUNT;
use gomoku_rules::Rule;
use std::sync::OnceLock;

/// Number of features.
pub const FEATURES: usize = 4 + 2 * CLASS_COUNT;

/// Feature names, in order (for the weight file and reports).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "own_sum",
    "opp_sum",
    "own_none",
    "own_three",
    "own_four",
    "own_three_three",
    "own_four_three",
    "own_flex_four",
    "own_five",
    "own_forbidden",
    "own_maybe_double_three",
    "opp_none",
    "opp_three",
    "opp_four",
    "opp_three_three",
    "opp_four_three",
    "opp_flex_four",
    "opp_five",
    "opp_forbidden",
    "opp_maybe_double_three",
    "tempo",
    "black_side",
];

/// Evaluations stay well inside the mate scores.
const EVAL_LIMIT: f32 = 20_000.0;

/// The features of `b` from the side to move's point of view.
#[must_use]
pub fn features(b: &Board) -> [f32; FEATURES] {
    let s = b.to_move();
    let o = s ^ 1;
    let mut f = [0.0; FEATURES];
    f[0] = b.score_sum(s) as f32;
    f[1] = b.score_sum(o) as f32;
    for c in 0..CLASS_COUNT {
        f[2 + c] = b.count(s, c as u8) as f32;
        f[2 + CLASS_COUNT + c] = b.count(o, c as u8) as f32;
    }
    f[FEATURES - 2] = 1.0;
    f[FEATURES - 1] = if s == 0 { 1.0 } else { -1.0 };
    f
}

/// The weights of one rule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights(pub [f32; FEATURES]);

impl Weights {
    /// The hand-set evaluation: 0.6 × own point-score sum − 0.5 × the opponent's + 20.
    pub const HAND_SET: Weights = {
        let mut w = [0.0; FEATURES];
        w[0] = 0.6;
        w[1] = -0.5;
        w[FEATURES - 2] = 20.0;
        Weights(w)
    };

    /// The weights as the parameters of a fit ([`crate::train`]).
    #[must_use]
    pub fn params(&self) -> Vec<f64> {
        self.0.iter().map(|&w| f64::from(w)).collect()
    }

    /// The weighted sum of `f`, in engine units (rounded, within ±20 000).
    #[must_use]
    pub fn apply(&self, f: &[f32; FEATURES]) -> i32 {
        let mut sum = 0.0;
        for (w, x) in self.0.iter().zip(f) {
            sum += w * x;
        }
        sum.clamp(-EVAL_LIMIT, EVAL_LIMIT).round() as i32
    }
}

/// A versioned set of weights for every rule, and the logistic scale they were fitted with
/// (an evaluation `e` means a winning chance of `1 / (1 + exp(-e / scale))`).
#[derive(Clone, Debug, PartialEq)]
pub struct WeightSet {
    pub version: u32,
    pub scale: f32,
    /// Freestyle, standard, renju (the order of [`Rule::ALL`]).
    pub rules: [Weights; 3],
}

fn rule_index(rule: Rule) -> usize {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 2,
    }
}

fn rule_key(rule: Rule) -> &'static str {
    ["freestyle", "standard", "renju"][rule_index(rule)]
}

impl WeightSet {
    #[must_use]
    pub fn weights(&self, rule: Rule) -> &Weights {
        &self.rules[rule_index(rule)]
    }

    pub fn set(&mut self, rule: Rule, w: Weights) {
        self.rules[rule_index(rule)] = w;
    }

    /// Reads the text format: `#` comments, `version N`, `scale K`, then one line per rule,
    /// `RULE name=value …` with every feature named once.
    pub fn parse(text: &str) -> Result<WeightSet, String> {
        let mut version = None;
        let mut scale = None;
        let mut rules: [Option<Weights>; 3] = [None; 3];
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            let mut words = line.split_whitespace();
            let Some(head) = words.next() else { continue };
            let err = |what: &str| format!("line {}: {what}", n + 1);
            match head {
                "version" => {
                    version = Some(
                        words
                            .next()
                            .and_then(|v| v.parse().ok())
                            .ok_or_else(|| err("bad version"))?,
                    );
                }
                "scale" => {
                    scale = Some(
                        words
                            .next()
                            .and_then(|v| v.parse::<f32>().ok())
                            .filter(|k| k.is_finite() && *k > 0.0)
                            .ok_or_else(|| err("bad scale"))?,
                    );
                }
                _ => {
                    let rule = Rule::ALL
                        .into_iter()
                        .find(|&r| rule_key(r) == head)
                        .ok_or_else(|| err(&format!("unknown rule {head:?}")))?;
                    let mut w = [f32::NAN; FEATURES];
                    for item in words {
                        let (name, value) = item
                            .split_once('=')
                            .ok_or_else(|| err("expected name=value"))?;
                        let i = FEATURE_NAMES
                            .iter()
                            .position(|&f| f == name)
                            .ok_or_else(|| err(&format!("unknown feature {name:?}")))?;
                        w[i] = value
                            .parse::<f32>()
                            .ok()
                            .filter(|v| v.is_finite())
                            .ok_or_else(|| err(&format!("bad value for {name}")))?;
                    }
                    if let Some(i) = w.iter().position(|v| v.is_nan()) {
                        return Err(err(&format!("{head}: no {}", FEATURE_NAMES[i])));
                    }
                    rules[rule_index(rule)] = Some(Weights(w));
                }
            }
        }
        let get = |i: usize| {
            rules[i].ok_or_else(|| format!("no {} weights", ["freestyle", "standard", "renju"][i]))
        };
        Ok(WeightSet {
            version: version.ok_or("no version line")?,
            scale: scale.ok_or("no scale line")?,
            rules: [get(0)?, get(1)?, get(2)?],
        })
    }

    /// The text format read by [`WeightSet::parse`], with `header` as comment lines.
    #[must_use]
    pub fn to_text(&self, header: &str) -> String {
        let mut out = String::new();
        for l in header.lines() {
            out.push_str(&format!("# {l}\n"));
        }
        out.push_str(&format!("version {}\nscale {}\n", self.version, self.scale));
        for rule in Rule::ALL {
            out.push_str(rule_key(rule));
            for (name, w) in FEATURE_NAMES.iter().zip(self.weights(rule).0) {
                out.push_str(&format!(" {name}={w}"));
            }
            out.push('\n');
        }
        out
    }
}

/// The embedded weight file.
pub const EMBEDDED_WEIGHTS: &str = include_str!("../data/eval_weights.txt");

/// The weights in use (the embedded file; a unit test checks that it parses).
#[must_use]
pub fn weight_set() -> &'static WeightSet {
    static SET: OnceLock<WeightSet> = OnceLock::new();
    SET.get_or_init(|| {
        WeightSet::parse(EMBEDDED_WEIGHTS).unwrap_or(WeightSet {
            version: 0,
            scale: 250.0,
            rules: [Weights::HAND_SET; 3],
        })
    })
}

/// Evaluation from the side to move's point of view: the weighted features plus the trained
/// per-combination and threat-mask tables ([`crate::eval_table`]), in engine units (about 100 per open
/// two-and-a-half; fives and wins are mate scores, not evaluations).
/// With the rule's evaluation network ([`crate::eval_net`]), its output is added.
#[must_use]
pub fn evaluate(b: &Board) -> i32 {
    let net = match b.net() {
        Some(n) => {
            (n.scale * n.logit(b.net_sum(), b.to_move())).clamp(-EVAL_LIMIT, EVAL_LIMIT) as i32
        }
        None => 0,
    };
    (base_evaluate(b) + net).clamp(-EVAL_LIMIT as i32, EVAL_LIMIT as i32)
}

/// The evaluation without the network: the weighted features and the tables (what the network
/// is fitted on top of).
#[must_use]
pub fn base_evaluate(b: &Board) -> i32 {
    let s = b.to_move();
    let table = b.table_sum(s, 0) + b.table_sum(s ^ 1, 1) + b.mask_value();
    (weight_set().weights(b.rule()).apply(&features(b)) + table)
        .clamp(-EVAL_LIMIT as i32, EVAL_LIMIT as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_weights_parse_and_round_trip() {
        let set = WeightSet::parse(EMBEDDED_WEIGHTS).expect("embedded weights");
        assert!(set.version >= 1);
        let again = WeightSet::parse(&set.to_text("header\nlines")).expect("round trip");
        assert_eq!(again, set);
    }

    #[test]
    fn bad_weight_files_are_errors() {
        let good = WeightSet {
            version: 3,
            scale: 100.0,
            rules: [Weights::HAND_SET; 3],
        }
        .to_text("");
        assert!(WeightSet::parse(&good).is_ok());
        for bad in [
            good.replace("version 3", "version x"),
            good.replace("scale 100", "scale -1"),
            good.replace("own_sum=0.6", "own_sum=inf"),
            good.replace("own_sum=0.6", "own_summ=0.6"),
            good.replace("own_sum=0.6 ", ""),
            good.replace("renju", "caro"),
            good.lines()
                .filter(|l| !l.starts_with("standard"))
                .collect::<Vec<_>>()
                .join("\n"),
        ] {
            assert!(WeightSet::parse(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn hand_set_weights_are_the_old_formula() {
        let mut b = Board::new(Rule::Freestyle, 15);
        let mut rng = crate::rng::Rng::new(3);
        for _ in 0..30 {
            let p = b.points()[rng.below(225) as usize];
            if b.cell(p) == crate::board::EMPTY {
                b.make(p);
                let s = b.to_move();
                let old = (b.score_sum(s) * 6 - b.score_sum(s ^ 1) * 5) / 10 + 20;
                assert!((Weights::HAND_SET.apply(&features(&b)) - old).abs() <= 1);
            }
        }
    }
}
