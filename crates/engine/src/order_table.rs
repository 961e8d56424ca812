//! The trained move-ordering table: how promising a move to an empty point is, from the
//! combination of four line patterns the side to move would make there ("attack") and the
//! one its opponent would make there ("defence"). Interior nodes search only their best few
//! quiet moves by this value (see [`crate::movegen::scored_moves`]), so it decides which
//! moves the search sees at all.
//!
//! Without an entry the value is the hand-set one, `2 × own point score + the opponent's`
//! (the point scores of [`crate::pattern`]). Entries come from the versioned file
//! `data/order_table.txt` (embedded; the format of [`crate::eval_table::TableSet`], with OWN
//! = the value of the combination for the side to move and OPP = its value as the opponent's
//! combination), written by `pbrain-gomoku fit-order` ([`crate::train::order`]): a softmax fit
//! of the moves chosen by deeper searches, in the same units as the hand-set values.

use crate::eval_table::{COMBOS, TableSet, canonical, colour_slot};
use crate::pattern::Class;
use gomoku_rules::Rule;

/// The embedded table file.
pub const EMBEDDED_ORDER: &str = include_str!("../data/order_table.txt");

/// The hand-set ordering value of a combination's point score: [as the mover's, as the
/// opponent's].
#[must_use]
pub fn hand_value(score: i16) -> [i32; 2] {
    [2 * i32::from(score), i32::from(score)]
}

/// The ordering values of `rule` from `set`: `[side][combination index]` = [value of the
/// combination for `side` to move, value when `side` is the opponent of the mover]; `combo`
/// gives each side's point scores for the hand-set values of missing entries.
#[must_use]
pub fn tables_from(
    set: &TableSet,
    rule: Rule,
    combo: &[Vec<(Class, i16)>; 2],
) -> [Vec<[i32; 2]>; 2] {
    let mut by_slot: [Vec<Option<[i32; 2]>>; 2] = [vec![None; COMBOS], vec![None; COMBOS]];
    for e in set.entries.iter().filter(|e| e.rule == rule) {
        by_slot[e.slot.min(1)][e.combo] = Some([i32::from(e.own), i32::from(e.opp)]);
    }
    [0, 1].map(|side| {
        let t = &by_slot[colour_slot(rule, side)];
        (0..COMBOS)
            .map(|ci| t[canonical(ci)].unwrap_or_else(|| hand_value(combo[side][ci].1)))
            .collect()
    })
}

/// The ordering values of `rule` from the embedded file (the hand-set values if it does not
/// parse; a unit test checks that it does).
#[must_use]
pub fn tables(rule: Rule, combo: &[Vec<(Class, i16)>; 2]) -> [Vec<[i32; 2]>; 2] {
    let set = TableSet::parse(EMBEDDED_ORDER).unwrap_or(TableSet {
        version: 0,
        entries: Vec::new(),
        masks: Vec::new(),
    });
    tables_from(&set, rule, combo)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::Tables;

    #[test]
    fn embedded_order_table_parses_and_round_trips() {
        let set = TableSet::parse(EMBEDDED_ORDER).expect("embedded order table");
        assert_eq!(TableSet::parse(&set.to_text("a\nb")), Ok(set));
    }

    #[test]
    fn missing_entries_are_the_hand_set_values() {
        let t = Tables::get(Rule::Renju);
        let empty = TableSet {
            version: 1,
            entries: Vec::new(),
            masks: Vec::new(),
        };
        let hand = tables_from(&empty, Rule::Renju, &t.combo);
        for (values, combo) in hand.iter().zip(&t.combo) {
            for ci in (0..COMBOS).step_by(5) {
                assert_eq!(values[ci], hand_value(combo[ci].1));
            }
        }
        let set = TableSet::parse("version 2\nrenju white 7,5,0,0 40 -7\n").expect("good");
        let learned = tables_from(&set, Rule::Renju, &t.combo);
        let ci = Tables::combo_index([0, 5, 7, 0]);
        assert_eq!(learned[1][ci], [40, -7]);
        assert_eq!(learned[0][ci], hand_value(t.combo[0][ci].1));
        let free = tables_from(&set, Rule::Freestyle, &Tables::get(Rule::Freestyle).combo);
        assert_eq!(
            free[1][ci],
            hand_value(Tables::get(Rule::Freestyle).combo[1][ci].1)
        );
    }
}
