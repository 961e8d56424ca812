//! Property tests of the incremental board: any sequence of moves taken back with `unmake`
//! (and passes undone) restores the exact state — every table, count, sum and the hash.

use super::*;
use proptest::prelude::*;

/// Every field of two boards, compared (the rule tables are shared per rule).
fn assert_same(a: &Board, b: &Board, when: &str) {
    assert_eq!(a.size, b.size, "{when}: size");
    assert_eq!(a.rule, b.rule, "{when}: rule");
    assert!(std::ptr::eq(a.tables, b.tables), "{when}: tables");
    assert_eq!(a.cells, b.cells, "{when}: cells");
    assert_eq!(a.keys, b.keys, "{when}: line keys");
    assert_eq!(a.pats, b.pats, "{when}: patterns");
    assert_eq!(a.cidx, b.cidx, "{when}: combo indices");
    assert_eq!(a.class, b.class, "{when}: classes");
    assert_eq!(a.score, b.score, "{when}: scores");
    assert_eq!(a.class_count, b.class_count, "{when}: class counts");
    assert_eq!(a.score_sum, b.score_sum, "{when}: score sums");
    assert_eq!(a.table_sum, b.table_sum, "{when}: table sums");
    assert_eq!(a.near, b.near, "{when}: neighbourhood counts");
    assert_eq!(a.net_sum, b.net_sum, "{when}: network sum");
    for &p in a.points.iter().filter(|&&p| a.cells[p] == EMPTY) {
        assert_eq!(
            a.net_point[p], b.net_point[p],
            "{when}: network vector of {p}"
        );
    }
    assert_eq!(a.hash, b.hash, "{when}: hash");
    assert_eq!(a.stones, b.stones, "{when}: stone count");
    assert_eq!(a.to_move, b.to_move, "{when}: side to move");
    assert_eq!(a.history, b.history, "{when}: history");
    assert_eq!(a.points, b.points, "{when}: points");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Plays up to 80 moves (each an empty point chosen by `picks`; a pick of 0 passes
    /// instead, as the threat searches do), then takes them all back, comparing the board
    /// after every step back with a copy saved before the step forward.
    #[test]
    fn make_unmake_restores_exact_state(
        rule in 0usize..3,
        size in 5usize..=20,
        picks in proptest::collection::vec(0u16..1000, 0..80),
    ) {
        let rule = Rule::ALL[rule];
        let mut b = Board::new(rule, size);
        b.set_net(Some(eval_net::sample()));
        let start = b.clone();
        let mut saved: Vec<(Board, bool)> = Vec::new();
        for &pick in &picks {
            let empty: Vec<usize> =
                b.points().iter().copied().filter(|&p| b.cell(p) == EMPTY).collect();
            if empty.is_empty() {
                break;
            }
            saved.push((b.clone(), pick == 0));
            if pick == 0 {
                b.pass();
            } else {
                b.make(empty[usize::from(pick) % empty.len()]);
            }
        }
        // The incremental state equals a board built from scratch from the stones.
        let mut fresh = Board::from_position(rule, &b.to_rules_board(), stone_of(b.to_move()));
        fresh.set_net(Some(eval_net::sample()));
        prop_assert_eq!(b.net_sum, fresh.net_sum);
        prop_assert_eq!(b.hash(), fresh.hash());
        prop_assert_eq!(b.score_sum, fresh.score_sum);
        prop_assert_eq!(b.table_sum, fresh.table_sum);
        prop_assert_eq!(b.class_count, fresh.class_count);
        while let Some((before, passed)) = saved.pop() {
            if passed {
                b.pass();
            } else {
                b.unmake();
            }
            assert_same(&b, &before, &format!("after {} steps back", picks.len() - saved.len()));
        }
        assert_same(&b, &start, "back at the start");
    }
}
