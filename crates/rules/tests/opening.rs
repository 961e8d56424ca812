//! Opening rules: every branch of every rule, whose decision each phase is, what it accepts,
//! and the reason for each refusal; undo and redo through decisions.

use gomoku_rules::{
    Area, Decision, GameRecord, MoveError, Opening, OpeningError, OpeningRule, Phase, Pos, Rule,
    Side, Stone, Swap2Choice, Symmetry, parse_ascii, to_ascii,
};

fn at(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}

fn game(opening: OpeningRule) -> GameRecord {
    GameRecord::with_opening(Rule::Renju, 15, opening).unwrap()
}

fn decide(g: &mut GameRecord, d: Decision) {
    let who = g.turn().who;
    g.decide_as(who, d.clone())
        .unwrap_or_else(|e| panic!("{d} refused: {e}"));
}

/// Places 寒星 (D1): h8, h9, h10.
fn kansei(g: &mut GameRecord) {
    for p in [at(7, 7), at(7, 6), at(7, 5)] {
        decide(g, Decision::Place(p));
    }
}

fn assert_board(g: &GameRecord, diagram: &str) {
    let expected = parse_ascii(diagram).unwrap();
    assert_eq!(to_ascii(g.board()), to_ascii(&expected));
}

/// The middle 7×7 of a 15×15 board, padded with empty rows and columns.
fn centre_diagram(rows: [&str; 7]) -> String {
    let empty = ". ".repeat(15) + "\n";
    let mut s = empty.repeat(4);
    for r in rows {
        s.push_str(&". ".repeat(4));
        s.push_str(r);
        s.push_str(&" .".repeat(4));
        s.push('\n');
    }
    s + &empty.repeat(4)
}

#[test]
fn free_is_todays_game() {
    let mut g = game(OpeningRule::Free);
    assert!(g.opening_done());
    assert_eq!(g.turn().who, Side::First);
    assert_eq!(g.turn().phase, Phase::Play);
    g.play(at(0, 0)).unwrap();
    assert_eq!(g.turn().who, Side::Second);
    assert_eq!(g.holder(Stone::Black), Side::First);
    assert_eq!(
        g.decide(Decision::Swap(true)).unwrap_err(),
        OpeningError::NotNow {
            waiting: Phase::Play,
            got: Decision::Swap(true)
        }
    );
}

#[test]
fn swap_after_three_both_branches() {
    for swap in [false, true] {
        let mut g = game(OpeningRule::Swap);
        for (i, p) in [at(0, 0), at(14, 14), at(3, 9)].into_iter().enumerate() {
            let turn = g.turn();
            assert_eq!(turn.who, Side::First);
            assert_eq!(
                turn.phase,
                Phase::Place {
                    number: i as u8 + 1,
                    stone: Stone::for_move(i),
                    area: Area::Anywhere
                }
            );
            decide(&mut g, Decision::Place(p));
        }
        assert_eq!(g.turn().who, Side::Second);
        assert_eq!(g.turn().phase, Phase::Swap);
        // No stone now: the second player must decide.
        assert_eq!(g.check(at(5, 5)), Err(MoveError::GameOver));
        assert!(matches!(
            g.decide(Decision::Place(at(5, 5))),
            Err(OpeningError::NotNow { .. })
        ));
        decide(&mut g, Decision::Swap(swap));
        assert!(g.opening_done());
        let white = if swap { Side::First } else { Side::Second };
        assert_eq!(g.holder(Stone::White), white);
        assert_eq!(g.colour_of(white.other()), Stone::Black);
        assert_eq!(g.turn().who, white, "white plays 4");
        g.play(at(5, 5)).unwrap();
        assert_eq!(g.turn().who, white.other());
    }
}

#[test]
fn rif_full_walk_with_swap_and_choice() {
    let mut g = game(OpeningRule::Rif);
    assert_eq!(
        g.turn().phase,
        Phase::Place {
            number: 1,
            stone: Stone::Black,
            area: Area::NearCentre(0)
        }
    );
    let refused = g.decide(Decision::Place(at(6, 6))).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "stone 1 of a RIF opening must be placed on the centre point"
    );
    decide(&mut g, Decision::Place(at(7, 7)));
    assert_eq!(
        g.decide(Decision::Place(at(7, 5))).unwrap_err().to_string(),
        "stone 2 of a RIF opening must be placed within the central 3x3 square"
    );
    decide(&mut g, Decision::Place(at(8, 6)));
    assert_eq!(
        g.decide(Decision::Place(at(10, 7)))
            .unwrap_err()
            .to_string(),
        "stone 3 of a RIF opening must be placed within the central 5x5 square"
    );
    decide(&mut g, Decision::Place(at(5, 9))); // 彗星 (I13): f6
    assert_eq!(g.opening_name().unwrap().0, Opening::find("彗星").unwrap());
    // The second player swaps: they take black.
    assert_eq!(g.turn().who, Side::Second);
    assert_eq!(
        g.decide_as(Side::First, Decision::Swap(true)).unwrap_err(),
        OpeningError::NotYours {
            owner: Side::Second
        }
    );
    decide(&mut g, Decision::Swap(true));
    assert_eq!(g.holder(Stone::Black), Side::Second);
    // White (now the first player) plays 4 anywhere.
    assert_eq!(g.turn().who, Side::First);
    decide(&mut g, Decision::Place(at(9, 8)));
    // Black (the second player) offers two fifth moves.
    assert_eq!(g.turn().who, Side::Second);
    assert_eq!(g.turn().phase, Phase::OfferFifths { count: 2 });
    assert_eq!(
        g.decide(Decision::OfferFifths(vec![at(3, 3)]))
            .unwrap_err()
            .to_string(),
        "black must offer exactly 2 fifth moves, not 1"
    );
    assert_eq!(
        g.decide(Decision::OfferFifths(vec![at(3, 3), at(3, 3)]))
            .unwrap_err(),
        OpeningError::DuplicateFifth(at(3, 3))
    );
    assert_eq!(
        g.decide(Decision::OfferFifths(vec![at(3, 3), at(7, 7)]))
            .unwrap_err()
            .to_string(),
        "the fifth move h8 is impossible: the point is already occupied"
    );
    decide(&mut g, Decision::OfferFifths(vec![at(3, 3), at(11, 11)]));
    assert_eq!(
        g.turn().phase,
        Phase::ChooseFifth {
            offered: vec![at(3, 3), at(11, 11)]
        }
    );
    assert_eq!(g.turn().who, Side::First, "white chooses");
    assert_eq!(
        g.decide(Decision::ChooseFifth(at(4, 4))).unwrap_err(),
        OpeningError::NotOffered(at(4, 4))
    );
    // A plain move while white must choose means the choice: refused unless offered.
    assert_eq!(g.check(at(4, 4)), Err(MoveError::GameOver));
    decide(&mut g, Decision::ChooseFifth(at(11, 11)));
    assert!(g.opening_done());
    assert_eq!(g.moves().len(), 5);
    assert_eq!(g.offered_fifths(), &[at(3, 3), at(11, 11)]);
    assert_eq!(g.turn().who, Side::First, "white plays 6");
    assert_board(
        &g,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . . . O . . . . .
        . . . . . X . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . X . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
    g.play(at(10, 10)).unwrap();
    assert_eq!(g.turn().who, Side::Second);
}

#[test]
fn rif_refuses_a_symmetric_pair_of_fifth_moves() {
    let mut g = game(OpeningRule::Rif);
    kansei(&mut g);
    decide(&mut g, Decision::Swap(false));
    decide(&mut g, Decision::Place(at(7, 8))); // h7: the position is symmetric left-right
    assert_board(
        &g,
        &centre_diagram([
            ". . . . . . .",
            ". . . X . . .",
            ". . . O . . .",
            ". . . X . . .",
            ". . . O . . .",
            ". . . . . . .",
            ". . . . . . .",
        ]),
    );
    // g9 and i9 mirror each other across the h column.
    let err = g
        .decide(Decision::OfferFifths(vec![at(6, 6), at(8, 6)]))
        .unwrap_err();
    assert_eq!(
        err,
        OpeningError::SymmetricFifths {
            a: at(6, 6),
            b: at(8, 6),
            symmetry: Symmetry::MirrorColumns
        }
    );
    assert_eq!(
        err.to_string(),
        "the fifth moves g7 and i7 are symmetric (the board mirrored left to right maps one \
         onto the other), so they are the same offer"
    );
    // The partial check refuses the second point as soon as it is picked.
    assert!(g.check_offer(&[at(6, 6)]).is_ok());
    assert!(g.check_offer(&[at(6, 6), at(8, 6)]).is_err());
    decide(&mut g, Decision::OfferFifths(vec![at(6, 6), at(8, 5)]));
    decide(&mut g, Decision::ChooseFifth(at(6, 6)));
    assert!(g.opening_done());
}

#[test]
fn soosorv8_walk_declare_second_swap_offer_choose() {
    for (first_swap, second_swap) in [(false, false), (true, false), (false, true), (true, true)] {
        let mut g = game(OpeningRule::Soosorv8);
        kansei(&mut g);
        assert_eq!(
            g.turn(),
            gomoku_rules::Turn {
                who: Side::Second,
                phase: Phase::Swap
            }
        );
        decide(&mut g, Decision::Swap(first_swap));
        let white = g.holder(Stone::White);
        assert_eq!(
            white,
            if first_swap {
                Side::First
            } else {
                Side::Second
            }
        );
        assert_eq!(g.turn().who, white);
        decide(&mut g, Decision::Place(at(9, 9)));
        // White declares the number of fifth moves.
        assert_eq!(g.turn().who, white);
        assert_eq!(g.turn().phase, Phase::DeclareFifths { max: 8 });
        for bad in [0, 9] {
            assert_eq!(
                g.decide(Decision::DeclareFifths(bad))
                    .unwrap_err()
                    .to_string(),
                format!("the number of fifth moves must be from 1 to 8, not {bad}")
            );
        }
        decide(&mut g, Decision::DeclareFifths(3));
        // Then the other player (black) may swap again.
        assert_eq!(g.turn().who, white.other());
        assert_eq!(g.turn().phase, Phase::Swap);
        decide(&mut g, Decision::Swap(second_swap));
        let black = g.holder(Stone::Black);
        assert_eq!(black, if second_swap { white } else { white.other() });
        assert_eq!(g.turn().who, black);
        assert_eq!(g.turn().phase, Phase::OfferFifths { count: 3 });
        decide(
            &mut g,
            Decision::OfferFifths(vec![at(3, 3), at(11, 3), at(5, 12)]),
        );
        assert_eq!(g.turn().who, black.other());
        decide(&mut g, Decision::ChooseFifth(at(11, 3)));
        assert!(g.opening_done());
        assert_eq!(g.turn().who, g.holder(Stone::White));
    }
}

#[test]
fn soosorv8_single_offer_is_still_chosen_by_white() {
    let mut g = game(OpeningRule::Soosorv8);
    kansei(&mut g);
    decide(&mut g, Decision::Swap(false));
    decide(&mut g, Decision::Place(at(9, 9)));
    decide(&mut g, Decision::DeclareFifths(1));
    decide(&mut g, Decision::Swap(false));
    decide(&mut g, Decision::OfferFifths(vec![at(2, 2)]));
    assert_eq!(
        g.turn().phase,
        Phase::ChooseFifth {
            offered: vec![at(2, 2)]
        }
    );
    // The only offer may also be given as a plain move.
    g.play(at(2, 2)).unwrap();
    assert!(g.opening_done());
    assert_eq!(g.moves().len(), 5);
}

fn swap2_three() -> GameRecord {
    let mut g = GameRecord::with_opening(Rule::Freestyle, 15, OpeningRule::Swap2).unwrap();
    for p in [at(7, 7), at(8, 8), at(6, 8)] {
        decide(&mut g, Decision::Place(p));
    }
    assert_eq!(g.turn().who, Side::Second);
    assert_eq!(g.turn().phase, Phase::Swap2);
    g
}

#[test]
fn swap2_take_black_or_white() {
    let mut g = swap2_three();
    decide(&mut g, Decision::Swap2(Swap2Choice::TakeBlack));
    assert!(g.opening_done());
    assert_eq!(g.holder(Stone::Black), Side::Second);
    assert_eq!(
        g.turn().who,
        Side::First,
        "the first player, now white, plays 4"
    );

    let mut g = swap2_three();
    decide(&mut g, Decision::Swap2(Swap2Choice::TakeWhite));
    assert_eq!(g.holder(Stone::White), Side::Second);
    assert_eq!(
        g.turn().who,
        Side::Second,
        "the second player plays 4 at once"
    );
    assert_eq!(
        g.decide(Decision::Swap(true)).unwrap_err().to_string(),
        "the game is waiting for a move, not a swap"
    );
}

#[test]
fn swap2_place_two_then_first_chooses_colour() {
    for colour in [Stone::Black, Stone::White] {
        let mut g = swap2_three();
        assert_eq!(
            g.decide(Decision::TakeColour(Stone::Black))
                .unwrap_err()
                .to_string(),
            "the game is waiting for the Swap2 choice (take black, take white or place two), \
             not taking black"
        );
        decide(&mut g, Decision::Swap2(Swap2Choice::PlaceTwo));
        for (number, p) in [(4, at(9, 9)), (5, at(5, 9))] {
            assert_eq!(g.turn().who, Side::Second);
            assert_eq!(
                g.turn().phase,
                Phase::Place {
                    number,
                    stone: Stone::for_move(usize::from(number) - 1),
                    area: Area::Anywhere
                }
            );
            decide(&mut g, Decision::Place(p));
        }
        assert_eq!(g.turn().who, Side::First);
        assert_eq!(g.turn().phase, Phase::Swap2Colour);
        decide(&mut g, Decision::TakeColour(colour));
        assert!(g.opening_done());
        assert_eq!(g.colour_of(Side::First), colour);
        assert_eq!(g.turn().who, g.holder(Stone::White), "white plays 6");
    }
}

#[test]
fn standard_openings_need_a_centre_point() {
    assert_eq!(
        GameRecord::with_opening(Rule::Renju, 20, OpeningRule::Rif)
            .unwrap_err()
            .to_string(),
        "the RIF opening needs a board with a centre point (an odd size); 20x20 has none"
    );
    // 19×19 has one; the openings sit around its centre (j10).
    let mut g = GameRecord::with_opening(Rule::Freestyle, 19, OpeningRule::Soosorv8).unwrap();
    let stones = Opening::find("D2")
        .unwrap()
        .stones(19, Symmetry::Identity)
        .unwrap();
    assert_eq!(stones, [at(9, 9), at(9, 8), at(10, 7)]);
    for p in stones {
        decide(&mut g, Decision::Place(p));
    }
    assert_eq!(g.opening_name().unwrap().0.romaji, "Keigetsu");
    // Swap and Swap2 work on 20×20.
    let mut g = GameRecord::with_opening(Rule::Freestyle, 20, OpeningRule::Swap2).unwrap();
    for p in [at(0, 0), at(19, 19), at(10, 10)] {
        decide(&mut g, Decision::Place(p));
    }
    decide(&mut g, Decision::Swap2(Swap2Choice::TakeWhite));
    g.play(at(19, 0)).unwrap();
}

#[test]
fn undo_steps_back_through_decisions_and_redo_replays_them() {
    let mut g = game(OpeningRule::Soosorv8);
    kansei(&mut g);
    decide(&mut g, Decision::Swap(true));
    decide(&mut g, Decision::Place(at(9, 9)));
    decide(&mut g, Decision::DeclareFifths(2));
    let before_second_swap = g.clone();
    decide(&mut g, Decision::Swap(true));
    decide(&mut g, Decision::OfferFifths(vec![at(3, 3), at(11, 3)]));
    decide(&mut g, Decision::ChooseFifth(at(3, 3)));
    g.play(at(4, 4)).unwrap();
    let end = g.clone();

    use gomoku_rules::Step;
    assert_eq!(
        g.undo_step(),
        Some(Step::Move(gomoku_rules::Move::new(at(4, 4))))
    );
    assert_eq!(
        g.undo_step(),
        Some(Step::Decision(Decision::ChooseFifth(at(3, 3)), None))
    );
    assert_eq!(g.moves().len(), 4);
    assert!(matches!(g.turn().phase, Phase::ChooseFifth { .. }));
    assert_eq!(
        g.undo_step(),
        Some(Step::Decision(
            Decision::OfferFifths(vec![at(3, 3), at(11, 3)]),
            None
        ))
    );
    assert_eq!(
        g.undo_step(),
        Some(Step::Decision(Decision::Swap(true), None))
    );
    // Back at the second swap, with the colours as they were.
    assert_eq!(g.turn(), before_second_swap.turn());
    assert_eq!(g.holder(Stone::Black), Side::Second);
    assert!(g.can_redo());
    assert_eq!(g.redo_decisions().count(), 3);
    assert_eq!(g.redo_moves().len(), 1);
    // Redo the whole tail: the same game again.
    while g.redo_step().is_some() {}
    assert_eq!(g, end);
    // Move-wise undo takes back a stone with the decisions after it.
    let mut h = end.clone();
    assert_eq!(h.undo().unwrap().pos, at(4, 4));
    assert_eq!(h.undo().unwrap().pos, at(3, 3));
    assert_eq!(
        h.undo().unwrap().pos,
        at(9, 9),
        "offer, swap and declaration go too"
    );
    assert!(matches!(h.turn().phase, Phase::Place { number: 4, .. }));
    assert_eq!(h.redo().unwrap().pos, at(9, 9));
    // A new decision drops the redo tail.
    decide(&mut h, Decision::DeclareFifths(5));
    assert!(!h.can_redo());
    // Undo all the way to the empty board.
    while h.undo_step().is_some() {}
    assert_eq!(h.moves().len(), 0);
    assert!(h.opening_log().is_empty());
    assert!(!h.can_undo());
}

#[test]
fn check_decision_reports_without_changing_anything() {
    let mut g = game(OpeningRule::Rif);
    kansei(&mut g);
    let before = g.clone();
    assert!(g.check_decision(&Decision::Swap(false)).is_ok());
    assert!(
        g.check_decision(&Decision::Swap2(Swap2Choice::PlaceTwo))
            .is_err()
    );
    assert_eq!(g, before);
    g.resign(Stone::White).unwrap();
    assert_eq!(
        g.decide(Decision::Swap(false)).unwrap_err(),
        OpeningError::Move(MoveError::GameOver)
    );
}

#[test]
fn opening_rule_names_round_trip() {
    for r in OpeningRule::ALL {
        assert_eq!(r.name().parse::<OpeningRule>(), Ok(r));
    }
    assert_eq!(
        "Soosõrv-8".replace('õ', "o").parse(),
        Ok(OpeningRule::Soosorv8)
    );
    assert!(
        "renju"
            .parse::<OpeningRule>()
            .unwrap_err()
            .contains("unknown opening rule")
    );
}

#[test]
fn nigiri_is_reproducible_and_says_who_starts() {
    use gomoku_rules::Nigiri;
    let a = Nigiri::from_seed(42);
    assert_eq!(a, Nigiri::from_seed(42));
    assert!((1..=20).contains(&a.stones));
    let (mut right, mut wrong) = (0, 0);
    for seed in 0..400 {
        let n = Nigiri::from_seed(seed);
        if n.swaps_players() {
            right += 1;
        } else {
            wrong += 1;
        }
    }
    assert!(right > 150 && wrong > 150, "{right} right, {wrong} wrong");
    let n = Nigiri {
        stones: 7,
        guessed_odd: false,
    };
    assert_eq!(
        n.to_string(),
        "7 stones, guessed even: wrong, the holder goes first"
    );
    let g = game(OpeningRule::Swap).with_nigiri(n);
    assert_eq!(g.nigiri(), Some(n));
}

#[test]
fn an_opening_chosen_from_the_list_and_an_offer_picked_from_candidates() {
    let mut g = game(OpeningRule::Rif);
    let kansei = Opening::find("寒星").unwrap();
    g.place_opening(kansei, Symmetry::Rotate90).unwrap();
    assert_eq!(g.opening_name(), Some((kansei, Symmetry::Rotate90)));
    assert_eq!(g.turn().phase, Phase::Swap);
    // Not again: the opening stones are down.
    assert!(g.clone().place_opening(kansei, Symmetry::Identity).is_err());
    assert_eq!(g.pick_offer([at(0, 0)]), None, "not the offer phase yet");
    decide(&mut g, Decision::Swap(false));
    // Rotated a quarter turn, 寒星 lies along row 8 (h8, i8, j8); white 4 on g8 keeps the
    // position symmetric top to bottom.
    decide(&mut g, Decision::Place(at(6, 7)));
    // Candidates: occupied, then two mirror images, then a distinct point.
    let offer = g
        .pick_offer([at(7, 7), at(3, 3), at(3, 11), at(4, 11)])
        .unwrap();
    assert_eq!(offer, vec![at(3, 3), at(4, 11)]);
    assert_eq!(g.pick_offer([at(3, 3), at(3, 11)]), None);
    decide(&mut g, Decision::OfferFifths(offer));
}
