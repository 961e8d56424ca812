//! Property tests for openings: saving and reopening (RON) at any point of any opening —
//! with undone steps and a running clock — gives the same game; SGF keeps the stones, the
//! decisions and whose turn it is.

use gomoku_rules::notation::sgf;
use gomoku_rules::save::{self, Players};
use gomoku_rules::{
    Clock, Decision, GameRecord, OpeningRule, Phase, Pos, Rule, Side, Stone, Swap2Choice,
    TimeControl,
};
use proptest::prelude::*;
use std::time::Duration;

/// The legal decision picked by `r` for the current turn, if any.
fn pick(g: &GameRecord, r: u32) -> Option<Decision> {
    let empty: Vec<Pos> = g
        .board()
        .points()
        .filter(|&p| g.board().get(p).is_none())
        .collect();
    let start = r as usize % empty.len().max(1);
    let rotated = empty[start..].iter().chain(&empty[..start]).copied();
    match g.turn().phase {
        Phase::Play | Phase::Place { .. } => rotated
            .map(Decision::Place)
            .find(|d| g.check_decision(d).is_ok()),
        Phase::Swap => Some(Decision::Swap(r.is_multiple_of(2))),
        Phase::DeclareFifths { max } => {
            Some(Decision::DeclareFifths(1 + (r % u32::from(max)) as u8))
        }
        Phase::OfferFifths { count } => {
            let mut offer = Vec::new();
            for p in rotated {
                offer.push(p);
                if g.check_offer(&offer).is_err() {
                    offer.pop();
                }
                if offer.len() == usize::from(count) {
                    return Some(Decision::OfferFifths(offer));
                }
            }
            None
        }
        Phase::ChooseFifth { offered } => {
            Some(Decision::ChooseFifth(offered[r as usize % offered.len()]))
        }
        Phase::Swap2 => Some(Decision::Swap2(
            [
                Swap2Choice::TakeBlack,
                Swap2Choice::TakeWhite,
                Swap2Choice::PlaceTwo,
            ][r as usize % 3],
        )),
        Phase::Swap2Colour => Some(Decision::TakeColour(if r.is_multiple_of(2) {
            Stone::Black
        } else {
            Stone::White
        })),
    }
}

fn opening_game(
    rule: Rule,
    opening: OpeningRule,
    size: usize,
    choices: &[u32],
    undos: usize,
    clock: Option<(u8, u32)>,
) -> GameRecord {
    let mut g = GameRecord::with_opening(rule, size, opening).unwrap();
    if let Some((kind, spent)) = clock {
        let control = match kind % 4 {
            0 => TimeControl::Unlimited,
            1 => TimeControl::sudden_death(Duration::from_secs(600)),
            2 => TimeControl::fischer(Duration::from_secs(300), Duration::from_secs(3)),
            _ => TimeControl::byo_yomi(Duration::from_secs(10), 3, Duration::from_secs(20)),
        };
        g = g.with_clock(Clock::new(control));
        g.start_clock();
        g.tick(Duration::from_millis(u64::from(spent % 40_000)));
    }
    for &r in choices {
        if g.is_over() {
            break;
        }
        let Some(d) = pick(&g, r) else { break };
        g.decide(d).unwrap();
        if g.clock().is_some() {
            g.tick(Duration::from_millis(u64::from(r % 5000)));
        }
    }
    for _ in 0..undos {
        g.undo_step();
    }
    g
}

fn setup() -> impl Strategy<Value = (Rule, OpeningRule, usize)> {
    let rule = prop_oneof![
        Just(Rule::Freestyle),
        Just(Rule::Standard),
        Just(Rule::Renju)
    ];
    let opening = prop::sample::select(OpeningRule::ALL.to_vec());
    (
        rule,
        opening,
        prop_oneof![Just(15usize), Just(19), Just(20)],
    )
        .prop_map(|(r, o, s)| {
            // RIF and Soosõrv-8 need a centre point.
            let s = if o.uses_standard_openings() && s % 2 == 0 {
                15
            } else {
                s
            };
            (r, o, s)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn saving_and_reopening_mid_opening_is_the_identity(
        (rule, opening, size) in setup(),
        choices in prop::collection::vec(any::<u32>(), 0..16),
        undos in 0usize..5,
        clock in prop::option::of((any::<u8>(), any::<u32>())),
    ) {
        let g = opening_game(rule, opening, size, &choices, undos, clock);
        let text = save::to_ron(&g, &Players::default());
        let back = save::from_ron(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(&back.record, &g);
        prop_assert_eq!(back.record.turn(), g.turn());
        // Redoing everything after reopening gives the same game as redoing before.
        let (mut a, mut b) = (g.clone(), back.record);
        while a.redo_step().is_some() {}
        while b.redo_step().is_some() {}
        prop_assert_eq!(a, b);
    }

    #[test]
    fn sgf_keeps_the_opening(
        (rule, opening, size) in setup(),
        choices in prop::collection::vec(any::<u32>(), 0..16),
    ) {
        let g = opening_game(rule, opening, size, &choices, 0, None);
        let text = sgf::write(&g, Some("A"), Some("B"));
        let back = sgf::read(&text, Rule::Freestyle).unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(back.record.moves(), g.moves());
        prop_assert_eq!(back.record.opening_rule(), g.opening_rule());
        prop_assert_eq!(back.record.opening_log(), g.opening_log());
        prop_assert_eq!(back.record.turn(), g.turn());
        prop_assert_eq!(back.record.holder(Stone::Black), g.holder(Stone::Black));
        prop_assert_eq!(back.record.result(), g.result());
    }
}

#[test]
fn every_rule_can_be_played_through_by_the_picker() {
    for opening in OpeningRule::ALL {
        let g = opening_game(Rule::Renju, opening, 15, &[7; 12], 0, None);
        assert!(g.opening_done(), "{opening}");
        assert!(g.moves().len() >= 5, "{opening}");
        assert!([Side::First, Side::Second].contains(&g.holder(Stone::Black)));
    }
}
