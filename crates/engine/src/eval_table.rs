//! The trained per-combination table of the evaluation: for every combination of the four
//! line patterns a colour would make at an empty point, a value for that colour when it is
//! to move and one when its opponent is. The board keeps each colour's sums of them over its
//! empty points ([`crate::board::Board::table_sum`]), and [`crate::eval::evaluate`] adds
//! `own to move + opponent's (opponent not to move)` to the weighted features: the table
//! refines what the point-score sums and class counts say about each shape (a three with a
//! two crossing it, a closed four next to an open two, …), per rule and, in renju, per colour.
//!
//! A second, smaller table values the position's threats as a whole: which kinds of threat
//! point (three, four, double three, four-three, open four) the side to move has and which its
//! opponent has — ten bits, [`MASKS`] values per colour slot of the side to move — so that
//! the evaluation can weigh combinations of threats (a four and a three for the same side, a
//! three against a three, …) that the class counts only add up.
//!
//! Combinations are stored by their sorted patterns (the four directions are alike), in the
//! versioned file `data/eval_table.txt` (embedded; written by `pbrain-gomoku fit-table`, see
//! [`crate::train::fit_table`]). A combination missing from the file is worth 0 — with an empty
//! file the evaluation is exactly the weighted features.

use crate::pattern::PATTERN_COUNT;
use gomoku_rules::Rule;

/// Combinations of four patterns (the length of a combination index range).
pub const COMBOS: usize = PATTERN_COUNT * PATTERN_COUNT * PATTERN_COUNT * PATTERN_COUNT;

/// The classes whose presence makes up a threat mask, for the side to move (bits 0–4) and its
/// opponent (bits 5–9).
pub const MASK_CLASSES: [crate::pattern::Class; 5] = [
    crate::pattern::C_THREE,
    crate::pattern::C_FOUR,
    crate::pattern::C_THREE_THREE,
    crate::pattern::C_FOUR_THREE,
    crate::pattern::C_FLEX_FOUR,
];

/// Bits of a threat mask.
pub const MASK_BITS: usize = 2 * MASK_CLASSES.len();

/// Number of threat masks.
pub const MASKS: usize = 1 << MASK_BITS;

/// The threat mask of a position from the side to move's point of view: bit `i` (`i` < 5) is
/// set when the side to move has an empty point of class `MASK_CLASSES[i]`, bit `5 + i` when
/// its opponent has one. `count(side, class)` is the number of such points (0 = side to move).
#[must_use]
pub fn threat_mask(count: impl Fn(usize, crate::pattern::Class) -> u32) -> usize {
    let mut m = 0;
    for (rel, base) in [(0, 0), (1, MASK_CLASSES.len())] {
        for (i, &c) in MASK_CLASSES.iter().enumerate() {
            if count(rel, c) > 0 {
                m |= 1 << (base + i);
            }
        }
    }
    m
}

/// The four patterns of combination index `ci`.
#[must_use]
pub fn patterns_of(ci: usize) -> [u8; 4] {
    let n = PATTERN_COUNT;
    [
        (ci / (n * n * n)) as u8,
        (ci / (n * n) % n) as u8,
        (ci / n % n) as u8,
        (ci % n) as u8,
    ]
}

/// The index of the sorted (strongest first) form of combination `ci`: every order of the
/// same four patterns has the same canonical index.
#[must_use]
pub fn canonical(ci: usize) -> usize {
    let mut p = patterns_of(ci);
    p.sort_unstable_by(|a, b| b.cmp(a));
    crate::pattern::Tables::combo_index(p)
}

/// Which colours have tables of their own: in renju black's and white's shapes differ
/// (forbidden points), elsewhere both colours share one table.
#[must_use]
pub fn colour_slot(rule: Rule, side: usize) -> usize {
    if rule == Rule::Renju { side } else { 0 }
}

/// One table entry: rule, colour slot (0 = both colours or black, 1 = white in renju),
/// canonical combination, value for that colour to move and for its opponent to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub rule: Rule,
    pub slot: usize,
    pub combo: usize,
    pub own: i16,
    pub opp: i16,
}

/// One threat-mask entry: rule, colour slot of the side to move, mask, value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaskEntry {
    pub rule: Rule,
    pub slot: usize,
    pub mask: usize,
    pub value: i16,
}

/// A versioned table file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSet {
    pub version: u32,
    pub entries: Vec<Entry>,
    pub masks: Vec<MaskEntry>,
}

fn rule_key(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "freestyle",
        Rule::Standard => "standard",
        Rule::Renju => "renju",
    }
}

fn slot_key(rule: Rule, slot: usize) -> &'static str {
    match (rule, slot) {
        (Rule::Renju, 0) => "black",
        (Rule::Renju, _) => "white",
        _ => "any",
    }
}

impl TableSet {
    /// Reads `# comments`, `version N`, then lines `RULE COLOUR a,b,c,d OWN OPP` (COLOUR `any`
    /// outside renju, `black` or `white` in renju; a, b, c, d the pattern numbers of
    /// [`crate::pattern`], strongest first) and lines `RULE COLOUR mask:BITS VALUE` (COLOUR
    /// that of the side to move; BITS ten `0` / `1`, bit 0 first, see [`threat_mask`]).
    pub fn parse(text: &str) -> Result<TableSet, String> {
        let mut version = None;
        let mut entries = Vec::new();
        let mut masks = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            let w: Vec<&str> = line.split_whitespace().collect();
            let err = |what: &str| format!("line {}: {what}", n + 1);
            match w.as_slice() {
                [] => {}
                ["version", v] => version = Some(v.parse().map_err(|_| err("bad version"))?),
                [rule, colour, bits, value] => {
                    let (rule, slot) = rule_slot(rule, colour).map_err(|e| err(&e))?;
                    let mask = bits
                        .strip_prefix("mask:")
                        .filter(|b| {
                            b.len() == MASK_BITS && b.bytes().all(|c| c == b'0' || c == b'1')
                        })
                        .map(|b| {
                            b.bytes()
                                .enumerate()
                                .fold(0, |m, (i, c)| m | (usize::from(c == b'1') << i))
                        })
                        .ok_or_else(|| err(&format!("bad mask {bits:?}")))?;
                    let value = value.parse::<i16>().map_err(|_| err("bad value"))?;
                    masks.push(MaskEntry {
                        rule,
                        slot,
                        mask,
                        value,
                    });
                }
                [rule, colour, combo, own, opp] => {
                    let (rule, slot) = rule_slot(rule, colour).map_err(|e| err(&e))?;
                    let p: Vec<u8> = combo
                        .split(',')
                        .map(|x| {
                            x.parse::<u8>()
                                .ok()
                                .filter(|&v| usize::from(v) < PATTERN_COUNT)
                        })
                        .collect::<Option<_>>()
                        .filter(|p: &Vec<u8>| p.len() == 4 && p.windows(2).all(|w| w[0] >= w[1]))
                        .ok_or_else(|| err(&format!("bad combination {combo:?}")))?;
                    let value = |v: &str| v.parse::<i16>().map_err(|_| err("bad value"));
                    entries.push(Entry {
                        rule,
                        slot,
                        combo: crate::pattern::Tables::combo_index([p[0], p[1], p[2], p[3]]),
                        own: value(own)?,
                        opp: value(opp)?,
                    });
                }
                _ => {
                    return Err(err(
                        "expected RULE COLOUR a,b,c,d OWN OPP or RULE COLOUR mask:BITS VALUE",
                    ));
                }
            }
        }
        Ok(TableSet {
            version: version.ok_or("no version line")?,
            entries,
            masks,
        })
    }

    /// The text format read by [`TableSet::parse`], with `header` as comment lines.
    #[must_use]
    pub fn to_text(&self, header: &str) -> String {
        let mut out = String::new();
        for l in header.lines() {
            out.push_str(&format!("# {l}\n"));
        }
        out.push_str(&format!("version {}\n", self.version));
        for e in &self.entries {
            let p = patterns_of(e.combo);
            out.push_str(&format!(
                "{} {} {},{},{},{} {} {}\n",
                rule_key(e.rule),
                slot_key(e.rule, e.slot),
                p[0],
                p[1],
                p[2],
                p[3],
                e.own,
                e.opp
            ));
        }
        for e in &self.masks {
            let bits: String = (0..MASK_BITS)
                .map(|i| if e.mask >> i & 1 == 1 { '1' } else { '0' })
                .collect();
            out.push_str(&format!(
                "{} {} mask:{bits} {}\n",
                rule_key(e.rule),
                slot_key(e.rule, e.slot),
                e.value
            ));
        }
        out
    }

    /// The threat-mask values of `rule`: `[colour of the side to move][mask]`.
    #[must_use]
    pub fn mask_values(&self, rule: Rule) -> [Vec<i16>; 2] {
        let mut by_slot = [vec![0i16; MASKS], vec![0i16; MASKS]];
        for e in self.masks.iter().filter(|e| e.rule == rule) {
            by_slot[e.slot.min(1)][e.mask] = e.value;
        }
        [0, 1].map(|side| by_slot[colour_slot(rule, side)].clone())
    }

    /// The full tables of `rule`: `[side][combination index]` = [own to move, opponent to move].
    #[must_use]
    pub fn tables(&self, rule: Rule) -> [Vec<[i16; 2]>; 2] {
        let mut by_slot = [vec![[0i16; 2]; COMBOS], vec![[0i16; 2]; COMBOS]];
        for e in self.entries.iter().filter(|e| e.rule == rule) {
            by_slot[e.slot.min(1)][e.combo] = [e.own, e.opp];
        }
        [0, 1].map(|side| {
            let t = &by_slot[colour_slot(rule, side)];
            (0..COMBOS).map(|ci| t[canonical(ci)]).collect()
        })
    }
}

/// The rule and colour slot named by a table line's first two words.
fn rule_slot(rule: &str, colour: &str) -> Result<(Rule, usize), String> {
    let rule = Rule::ALL
        .into_iter()
        .find(|&r| rule_key(r) == rule)
        .ok_or_else(|| format!("unknown rule {rule:?}"))?;
    let slot = (0..2)
        .find(|&s| slot_key(rule, s) == colour)
        .ok_or_else(|| format!("bad colour {colour:?}"))?;
    Ok((rule, slot))
}

/// The embedded table file.
pub const EMBEDDED_TABLE: &str = include_str!("../data/eval_table.txt");

/// The embedded file (empty if it does not parse; a unit test checks that it does).
#[must_use]
pub fn embedded() -> TableSet {
    TableSet::parse(EMBEDDED_TABLE).unwrap_or(TableSet {
        version: 0,
        entries: Vec::new(),
        masks: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_table_parses_and_round_trips() {
        let set = TableSet::parse(EMBEDDED_TABLE).expect("embedded table");
        assert_eq!(TableSet::parse(&set.to_text("a\nb")), Ok(set));
    }

    #[test]
    fn canonical_ignores_the_order_of_directions() {
        for ci in (0..COMBOS).step_by(7) {
            let mut p = patterns_of(ci);
            assert_eq!(crate::pattern::Tables::combo_index(p), ci);
            p.reverse();
            assert_eq!(
                canonical(crate::pattern::Tables::combo_index(p)),
                canonical(ci)
            );
        }
    }

    #[test]
    fn bad_table_files_are_errors() {
        let good = "version 1\nfreestyle any 9,7,0,0 12 -3\nrenju white 7,5,0,0 1 2\n";
        let set = TableSet::parse(good).expect("good");
        let t = set.tables(Rule::Freestyle);
        let ci = crate::pattern::Tables::combo_index([0, 7, 9, 0]);
        assert_eq!(t[0][ci], [12, -3]);
        assert_eq!(t[1][ci], [12, -3]);
        let r = set.tables(Rule::Renju);
        let ci = crate::pattern::Tables::combo_index([5, 0, 0, 7]);
        assert_eq!((r[0][ci], r[1][ci]), ([0, 0], [1, 2]));
        for bad in [
            good.replace("version 1", "version x"),
            good.replace("version 1\n", ""),
            good.replace("freestyle any", "freestyle black"),
            good.replace("renju white", "renju any"),
            good.replace("9,7,0,0", "7,9,0,0"),
            good.replace("9,7,0,0", "9,7,0"),
            good.replace("9,7,0,0", "12,7,0,0"),
            good.replace(" 12 -3", " 12"),
            good.replace(" 12 -3", " 12 99999"),
            good.replace("freestyle", "caro"),
        ] {
            assert!(TableSet::parse(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn threat_masks_are_read_per_colour_to_move_and_bad_ones_are_errors() {
        let good = "version 1\nrenju white mask:1000010000 -40\nfreestyle any mask:0100000000 25\n";
        let set = TableSet::parse(good).expect("good");
        assert_eq!(TableSet::parse(&set.to_text("h")), Ok(set.clone()));
        let r = set.mask_values(Rule::Renju);
        // Bit 0 (own three) and bit 5 (the opponent's three), white to move only.
        assert_eq!((r[0][0b10_0001], r[1][0b10_0001]), (0, -40));
        let f = set.mask_values(Rule::Freestyle);
        assert_eq!((f[0][0b10], f[1][0b10]), (25, 25));
        assert_eq!(f[0].iter().filter(|&&v| v != 0).count(), 1);
        for bad in [
            good.replace("mask:1000010000", "mask:100001000"),
            good.replace("mask:1000010000", "mask:10000100002"),
            good.replace("mask:1000010000", "1000010000"),
            good.replace(" -40", " x"),
            good.replace("renju white mask", "renju any mask"),
        ] {
            assert!(TableSet::parse(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_threat_mask_sets_a_bit_per_class_present_for_each_side() {
        use crate::pattern::{C_FLEX_FOUR, C_FOUR, C_THREE};
        // The side to move has threes and fours; the opponent has an open-four point.
        let counts = |rel: usize, c: crate::pattern::Class| match (rel, c) {
            (0, C_THREE) => 3,
            (0, C_FOUR) => 1,
            (1, C_FLEX_FOUR) => 2,
            _ => 0,
        };
        assert_eq!(threat_mask(counts), 0b10000_00011);
        assert_eq!(threat_mask(|_, _| 0), 0);
        assert_eq!(threat_mask(|_, _| 1), MASKS - 1);
    }
}
