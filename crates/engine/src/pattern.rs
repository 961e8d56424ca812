//! Line patterns and point classes, precomputed per rule.
//!
//! A *line key* describes the ten cells around a point along one direction (five on each side),
//! two bits per cell: 0 empty, 1 black, 2 white, 3 off the board. The [`Tables`] of a rule map
//! every key to the [`Pattern`] that a stone of a given colour would make by playing at the
//! centre, and every combination of four patterns to a point [`class`] and a score.
//!
//! Fives and fours are classified exactly (five cells on each side are enough to see every
//! five through the centre and the cells that border it); threes and twos are the usual
//! one-move-lookahead approximations (a three is a line that one more stone turns into a
//! straight four, as in the RIF definition, but without the recursive renju check, which
//! [`crate::board::Board::is_forbidden`] adds).

use gomoku_rules::{Rule, Stone};
use std::sync::OnceLock;

/// A line shape for the side that plays at the centre point. Ordered by strength.
pub type Pattern = u8;

pub const DEAD: Pattern = 0;
/// Six or more in a row where that is not a five (exact-five rules).
pub const OVERLINE: Pattern = 1;
pub const B1: Pattern = 2;
pub const F1: Pattern = 3;
pub const B2: Pattern = 4;
pub const F2: Pattern = 5;
pub const B3: Pattern = 6;
/// Open three: one more stone makes a straight four.
pub const F3: Pattern = 7;
/// Four: one point completes a five.
pub const B4: Pattern = 8;
/// Straight four (or, outside renju black, two fours on the line): unstoppable.
pub const F4: Pattern = 9;
/// Two separate fours on one line (renju black only, where it is a double four).
pub const DOUBLE_FOUR: Pattern = 10;
pub const FIVE: Pattern = 11;
pub const PATTERN_COUNT: usize = 12;

/// Point classes (per side), from the four line patterns through an empty point.
pub type Class = u8;
/// Nothing forcing.
pub const C_NONE: Class = 0;
/// Makes an open three.
pub const C_THREE: Class = 1;
/// Makes a four.
pub const C_FOUR: Class = 2;
/// Makes two open threes (wins unless the opponent has fours).
pub const C_THREE_THREE: Class = 3;
/// Makes a four and an open three.
pub const C_FOUR_THREE: Class = 4;
/// Makes a straight four or two fours: wins.
pub const C_FLEX_FOUR: Class = 5;
/// Makes a five: wins at once.
pub const C_FIVE: Class = 6;
/// Renju black: forbidden for sure (overline or double four without a five).
pub const C_FORBIDDEN: Class = 7;
/// Renju black: two open threes on the lines; forbidden unless a three is not real
/// (needs the recursive check).
pub const C_MAYBE_DOUBLE_THREE: Class = 8;
pub const CLASS_COUNT: usize = 9;

/// Keys have 10 neighbour cells of 2 bits.
pub const KEY_BITS: u32 = 20;
const KEY_COUNT: usize = 1 << KEY_BITS;
const REDUCED_COUNT: usize = 59_049; // 3^10
/// The eight inner cells of a key (offsets -4..-1, 1..4), shifted down by one slot.
const INNER_MASK: u32 = 0xFFFF;
const INNER_COUNT: usize = 1 << 16;

/// See [`Tables::reach`]: whether any colour's patterns under `rule` depend on the cells five
/// away from the centre (overlines under exact-five rules).
fn reach(rule: Rule) -> isize {
    let sides = [Stone::Black, Stone::White];
    if sides
        .iter()
        .all(|&s| variant(rule, s) == Variant::FiveOrMore)
    {
        4
    } else {
        5
    }
}

/// How fives are counted for one colour under one rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Variant {
    /// Five or more wins.
    FiveOrMore,
    /// Exactly five wins; an overline is an ordinary move.
    ExactFive,
    /// Renju black: exactly five wins, overline and double four are forbidden.
    RenjuBlack,
}

fn variant(rule: Rule, stone: Stone) -> Variant {
    match (rule, stone) {
        (Rule::Freestyle, _) | (Rule::Renju, Stone::White) => Variant::FiveOrMore,
        (Rule::Standard, _) => Variant::ExactFive,
        (Rule::Renju, Stone::Black) => Variant::RenjuBlack,
    }
}

/// Value of a line pattern for the side that can play it (used by the evaluation and
/// move ordering).
pub const PATTERN_VALUE: [i32; PATTERN_COUNT] = [0, 0, 2, 6, 10, 28, 30, 90, 100, 600, 600, 4000];

/// Extra value of a point class.
pub const CLASS_BONUS: [i32; CLASS_COUNT] = [0, 0, 0, 300, 500, 1200, 6000, 0, 150];

/// The precomputed tables of one rule.
pub struct Tables {
    pub rule: Rule,
    /// `pattern[side][key]`, side 0 = black, 1 = white.
    pub pattern: [Vec<u8>; 2],
    /// Both sides' patterns per key, read through [`Tables::pair_of`] (one memory access for
    /// the incremental update).
    pub pair: Vec<[u8; 2]>,
    /// How far along a line a stone changes the patterns of the empty points: five cells, or
    /// four where neither colour's patterns look at the fifth (freestyle: a stone five cells
    /// away can only lengthen a line that is a five already). Then `pair` is indexed by the eight
    /// inner cells only (128 KB instead of 2 MB: it fits in a core's L2 cache).
    pub reach: isize,
    /// `combo[side][p0*1728 + p1*144 + p2*12 + p3]` = (class, score).
    pub combo: [Vec<(Class, i16)>; 2],
    /// `table[side][combo index]` = the trained values of that combination for `side` to
    /// move and for its opponent to move ([`crate::eval_table`]).
    pub table: [Vec<[i16; 2]>; 2],
    /// `mask[side to move][threat mask]` = the trained value of the position's threats
    /// ([`crate::eval_table::threat_mask`]).
    pub mask: [Vec<i16>; 2],
    /// `order[side][combo index]` = the move-ordering values of that combination for `side`
    /// to move and for its opponent to move ([`crate::order_table`]).
    pub order: [Vec<[i32; 2]>; 2],
}

impl Tables {
    /// The tables of `rule`, built once per process on first use.
    pub fn get(rule: Rule) -> &'static Tables {
        static FREE: OnceLock<Tables> = OnceLock::new();
        static STANDARD: OnceLock<Tables> = OnceLock::new();
        static RENJU: OnceLock<Tables> = OnceLock::new();
        let cell = match rule {
            Rule::Freestyle => &FREE,
            Rule::Standard => &STANDARD,
            Rule::Renju => &RENJU,
        };
        cell.get_or_init(|| Tables::build(rule))
    }

    fn build(rule: Rule) -> Tables {
        let sides = [Stone::Black, Stone::White];
        let mut reduced: Vec<(Variant, Vec<u8>)> = Vec::new();
        let pattern = sides.map(|stone| {
            let v = variant(rule, stone);
            if !reduced.iter().any(|(rv, _)| *rv == v) {
                reduced.push((v, reduced_table(v)));
            }
            let table = &reduced.iter().find(|(rv, _)| *rv == v).expect("built").1;
            expand(table, stone)
        });
        let combo = sides.map(|stone| combo_table(variant(rule, stone)));
        let reach = reach(rule);
        let pair = if reach == 4 {
            (0..INNER_COUNT)
                .map(|inner| {
                    let key = inner << 2;
                    [pattern[0][key], pattern[1][key]]
                })
                .collect()
        } else {
            pattern[0]
                .iter()
                .zip(&pattern[1])
                .map(|(&b, &w)| [b, w])
                .collect()
        };
        let order = crate::order_table::tables(rule, &combo);
        let trained = crate::eval_table::embedded();
        Tables {
            rule,
            pattern,
            pair,
            reach,
            combo,
            table: trained.tables(rule),
            mask: trained.mask_values(rule),
            order,
        }
    }

    /// Both sides' patterns of the line key `key` (see [`Tables::reach`]).
    #[inline]
    #[must_use]
    pub fn pair_of(&self, key: u32) -> [u8; 2] {
        let index = if self.reach == 4 {
            (key >> 2) & INNER_MASK
        } else {
            key
        };
        self.pair[index as usize]
    }

    /// The trained values of combination `ci` for `side`: [side to move, opponent to move].
    #[inline]
    pub fn table_value(&self, side: usize, ci: usize) -> [i32; 2] {
        let t = self.table[side][ci];
        [i32::from(t[0]), i32::from(t[1])]
    }

    /// Combined index of four patterns into `combo`.
    #[inline]
    pub fn combo_index(p: [u8; 4]) -> usize {
        usize::from(p[0]) * 1728
            + usize::from(p[1]) * 144
            + usize::from(p[2]) * 12
            + usize::from(p[3])
    }
}

/// Cell values of the reduced classification: 0 empty, 1 own, 2 blocked (opponent or wall).
const EMPTY: u8 = 0;
const OWN: u8 = 1;
const BLOCKED: u8 = 2;

/// Maps each full key to the pattern for `stone` by reducing it to base 3.
fn expand(reduced: &[u8], stone: Stone) -> Vec<u8> {
    let own = match stone {
        Stone::Black => 1,
        Stone::White => 2,
    };
    let mut out = vec![DEAD; KEY_COUNT];
    for (key, slot) in out.iter_mut().enumerate() {
        let mut idx = 0usize;
        let mut mul = 1usize;
        for s in 0..10 {
            let c = (key >> (2 * s)) & 3;
            let r = if c == 0 {
                EMPTY
            } else if c == own {
                OWN
            } else {
                BLOCKED
            };
            idx += usize::from(r) * mul;
            mul *= 3;
        }
        *slot = reduced[idx];
    }
    out
}

/// Slot `s` (0..10) of a key is cell `s` for offsets -5..-1 and cell `s + 1` for +1..+5.
fn cells_of(reduced_key: usize) -> [u8; 11] {
    let mut cells = [EMPTY; 11];
    let mut k = reduced_key;
    for s in 0..10 {
        let c = (k % 3) as u8;
        k /= 3;
        cells[if s < 5 { s } else { s + 1 }] = c;
    }
    cells[5] = OWN;
    cells
}

fn key_of(cells: &[u8; 11]) -> usize {
    let mut idx = 0usize;
    let mut mul = 1usize;
    for s in 0..10 {
        idx += usize::from(cells[if s < 5 { s } else { s + 1 }]) * mul;
        mul *= 3;
    }
    idx
}

fn reduced_table(v: Variant) -> Vec<u8> {
    let mut memo = vec![u8::MAX; REDUCED_COUNT];
    for key in 0..REDUCED_COUNT {
        let mut cells = cells_of(key);
        classify(&mut cells, v, &mut memo);
    }
    memo
}

fn run_through_centre(cells: &[u8; 11]) -> usize {
    let mut n = 1;
    let mut i = 4i32;
    while i >= 0 && cells[i as usize] == OWN {
        n += 1;
        i -= 1;
    }
    let mut i = 6;
    while i < 11 && cells[i] == OWN {
        n += 1;
        i += 1;
    }
    n
}

fn is_five(v: Variant, len: usize) -> bool {
    match v {
        Variant::FiveOrMore => len >= 5,
        Variant::ExactFive | Variant::RenjuBlack => len == 5,
    }
}

/// The pattern of the line `cells` (the centre holds an own stone).
fn classify(cells: &mut [u8; 11], v: Variant, memo: &mut [u8]) -> u8 {
    let key = key_of(cells);
    if memo[key] != u8::MAX {
        return memo[key];
    }
    let len = run_through_centre(cells);
    let result = if is_five(v, len) {
        FIVE
    } else if len >= 6 {
        OVERLINE
    } else {
        // Fours: empty points that complete a five through the centre.
        let mut completions = [0usize; 10];
        let mut n = 0;
        for i in 0..11 {
            if cells[i] != EMPTY {
                continue;
            }
            cells[i] = OWN;
            if is_five(v, run_through_centre(cells)) {
                completions[n] = i;
                n += 1;
            }
            cells[i] = EMPTY;
        }
        if n > 0 {
            let straight = (0..n).any(|a| (a + 1..n).any(|b| completions[b] - completions[a] == 5));
            let fours = if straight { n - 1 } else { n };
            if fours >= 2 {
                if v == Variant::RenjuBlack {
                    DOUBLE_FOUR
                } else {
                    F4
                }
            } else if straight {
                F4
            } else {
                B4
            }
        } else {
            let mut best = DEAD;
            for i in 0..11 {
                if cells[i] != EMPTY {
                    continue;
                }
                cells[i] = OWN;
                let next = classify(cells, v, memo);
                cells[i] = EMPTY;
                let lower = match next {
                    F4 => F3,
                    B4 | DOUBLE_FOUR => B3,
                    F3 => F2,
                    B3 => B2,
                    F2 => F1,
                    B2 => B1,
                    _ => DEAD,
                };
                best = best.max(lower);
            }
            best
        }
    };
    memo[key] = result;
    result
}

fn combo_table(v: Variant) -> Vec<(Class, i16)> {
    let n = PATTERN_COUNT;
    let mut out = vec![(C_NONE, 0i16); n * n * n * n];
    for a in 0..n {
        for b in 0..n {
            for c in 0..n {
                for d in 0..n {
                    let p = [a as u8, b as u8, c as u8, d as u8];
                    out[Tables::combo_index(p)] = combine(p, v);
                }
            }
        }
    }
    out
}

fn combine(p: [u8; 4], v: Variant) -> (Class, i16) {
    let count = |x: u8| p.iter().filter(|&&q| q == x).count();
    let fives = count(FIVE);
    let overlines = count(OVERLINE);
    let flex = count(F4);
    let fours = count(B4) + flex + 2 * count(DOUBLE_FOUR);
    let threes = count(F3);
    let class = if fives > 0 {
        C_FIVE
    } else if v == Variant::RenjuBlack {
        if overlines > 0 || fours >= 2 {
            C_FORBIDDEN
        } else if threes >= 2 {
            C_MAYBE_DOUBLE_THREE
        } else if flex > 0 {
            C_FLEX_FOUR
        } else if fours == 1 && threes == 1 {
            C_FOUR_THREE
        } else if fours == 1 {
            C_FOUR
        } else if threes == 1 {
            C_THREE
        } else {
            C_NONE
        }
    } else if flex > 0 || fours >= 2 {
        C_FLEX_FOUR
    } else if fours == 1 && threes >= 1 {
        C_FOUR_THREE
    } else if threes >= 2 {
        C_THREE_THREE
    } else if fours == 1 {
        C_FOUR
    } else if threes == 1 {
        C_THREE
    } else {
        C_NONE
    };
    let score = if class == C_FORBIDDEN {
        0
    } else {
        let base: i32 = p.iter().map(|&q| PATTERN_VALUE[usize::from(q)]).sum();
        (base + CLASS_BONUS[usize::from(class)]).min(i32::from(i16::MAX))
    };
    (class, score as i16)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pattern of a line written as text around the centre `*` (X own, O opponent, `|` wall).
    fn pat(rule: Rule, line: &str) -> u8 {
        let t = Tables::get(rule);
        let chars: Vec<char> = line.chars().collect();
        let c = chars.iter().position(|&ch| ch == '*').expect("centre");
        let mut key = 0u32;
        for off in -5i32..=5 {
            if off == 0 {
                continue;
            }
            let i = c as i32 + off;
            let code = if i < 0 || i >= chars.len() as i32 {
                0
            } else {
                match chars[i as usize] {
                    'X' => 1,
                    'O' => 2,
                    '|' => 3,
                    _ => 0,
                }
            };
            let slot = if off < 0 { off + 5 } else { off + 4 } as u32;
            key |= code << (2 * slot);
        }
        t.pattern[0][key as usize]
    }

    /// The narrow pair table gives every key's exact patterns where it is used, and the rules
    /// that keep the wide one need it (a stone five cells away turns a five into an overline).
    #[test]
    fn pair_table_reaches_as_far_as_the_rule_looks() {
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let t = Tables::get(rule);
            let mut outer_matters = false;
            for key in 0..KEY_COUNT as u32 {
                let exact = [t.pattern[0][key as usize], t.pattern[1][key as usize]];
                assert_eq!(t.pair_of(key), exact, "{rule:?} key {key:#x}");
                let inner = key & (INNER_MASK << 2);
                outer_matters |=
                    [t.pattern[0][inner as usize], t.pattern[1][inner as usize]] != exact;
            }
            assert_eq!(outer_matters, t.reach == 5, "{rule:?}");
        }
        assert_eq!(Tables::get(Rule::Freestyle).reach, 4);
    }

    #[test]
    fn basic_patterns() {
        let r = Rule::Freestyle;
        assert_eq!(pat(r, "..XX*XX.."), FIVE);
        assert_eq!(pat(r, "...XXX*X...."), FIVE);
        assert_eq!(pat(r, "....X*XX...."), F4);
        assert_eq!(pat(r, "...OX*XX...."), B4);
        assert_eq!(pat(r, "....X*X....."), F3);
        assert_eq!(pat(r, "...X.*X....."), F3);
        assert_eq!(pat(r, "...OX*X....."), B3);
        assert_eq!(pat(r, "....X*......"), F2);
        assert_eq!(pat(r, "...X.X*X.X.."), F4);
        assert_eq!(pat(r, "|X*XX......."), B4);
        assert_eq!(pat(Rule::Standard, ".XXX*XX...."), OVERLINE);
        assert_eq!(pat(Rule::Renju, "...X.X*X.X.."), DOUBLE_FOUR);
        assert_eq!(pat(Rule::Renju, "...X*XX.X.."), B4);
        assert_eq!(pat(r, "...X*XX.X.."), F4);
    }
}
