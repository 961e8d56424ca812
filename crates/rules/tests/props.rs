//! Property tests: undo is exact, the win check equals a naive scan, every format round-trips,
//! and no reader panics on arbitrary input.

use gomoku_rules::notation::{gob, pos, psq, sgf};
use gomoku_rules::save::{self, Players};
use gomoku_rules::{
    Board, DIRECTIONS, GameRecord, Move, Pos, Rule, Stone, forbidden, forbidden_points, is_win,
    parse_ascii,
};
use proptest::prelude::*;

fn rule() -> impl Strategy<Value = Rule> {
    prop_oneof![
        Just(Rule::Freestyle),
        Just(Rule::Standard),
        Just(Rule::Renju)
    ]
}

/// A game from random points: illegal ones are skipped, play stops at the end of the game.
fn random_game(rule: Rule, size: usize, points: &[(u8, u8, u16)]) -> GameRecord {
    let mut g = GameRecord::new(rule, size);
    for &(x, y, t) in points {
        if g.is_over() {
            break;
        }
        let mv = Move {
            pos: Pos::new(x % size as u8, y % size as u8),
            time_ms: (t % 3 != 0).then_some(u32::from(t)),
        };
        let _ = g.play_move(mv);
    }
    g
}

fn game_strategy() -> impl Strategy<Value = GameRecord> {
    (
        rule(),
        prop_oneof![Just(15usize), Just(20), 5usize..=20],
        prop::collection::vec((0u8..20, 0u8..20, any::<u16>()), 0..120),
        0usize..10,
    )
        .prop_map(|(rule, size, pts, undos)| {
            let mut g = random_game(rule, size, &pts);
            for _ in 0..undos.min(g.moves().len()) {
                g.undo();
            }
            g
        })
}

/// The naive win check: after the move, scan every maximal line of the colour on the board.
fn naive_win(board: &Board, p: Pos, stone: Stone, rule: Rule) -> bool {
    let mut b = board.clone();
    b.set(p, Some(stone));
    let n = b.size() as i32;
    for (dx, dy) in DIRECTIONS {
        for y in 0..n {
            for x in 0..n {
                let start = Pos::new(x as u8, y as u8);
                // Only runs starting here (the previous cell is not ours).
                let prev = start.offset((dx, dy), -1, b.size());
                if b.get(start) != Some(stone) || prev.is_some_and(|q| b.get(q) == Some(stone)) {
                    continue;
                }
                let mut cells = vec![start];
                while let Some(q) = cells.last().unwrap().offset((dx, dy), 1, b.size()) {
                    if b.get(q) != Some(stone) {
                        break;
                    }
                    cells.push(q);
                }
                if cells.contains(&p) && rule.is_five(stone, cells.len()) {
                    return true;
                }
            }
        }
    }
    false
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn undo_restores_the_exact_state(rule in rule(), pts in prop::collection::vec((0u8..15, 0u8..15, any::<u16>()), 1..150)) {
        let mut g = GameRecord::new(rule, 15);
        let mut history = vec![g.clone()];
        for &(x, y, _) in &pts {
            if g.is_over() { break; }
            if g.play(Pos::new(x, y)).is_ok() {
                history.push(g.clone());
            }
        }
        while history.len() > 1 {
            history.pop();
            let undone = g.undo();
            prop_assert!(undone.is_some());
            let want = history.last().unwrap();
            prop_assert_eq!(g.board(), want.board());
            prop_assert_eq!(g.moves(), want.moves());
            prop_assert_eq!(g.result(), want.result());
            prop_assert_eq!(g.side_to_move(), want.side_to_move());
        }
        // And redo walks forward to the same final state.
        let mut replay = g.clone();
        while replay.redo().is_some() {}
        prop_assert_eq!(replay.moves().len(), pts.len().min(replay.moves().len()));
    }

    #[test]
    fn fast_win_check_equals_naive_scan(rule in rule(), pts in prop::collection::vec((0u8..9, 0u8..9), 0..60), stone in prop_oneof![Just(Stone::Black), Just(Stone::White)]) {
        // A dense little board makes many lines; stones are placed without turn order.
        let mut b = Board::new(9);
        for (i, &(x, y)) in pts.iter().enumerate() {
            b.set(Pos::new(x, y), Some(Stone::for_move(i)));
        }
        for p in b.points().filter(|&p| b.get(p).is_none()).collect::<Vec<_>>() {
            prop_assert_eq!(is_win(&b, p, stone, rule), naive_win(&b, p, stone, rule), "at {} on {:?}", p, b);
        }
    }

    #[test]
    fn forbidden_points_agree_with_the_single_point_query(pts in prop::collection::vec((0u8..15, 0u8..15), 0..80)) {
        let mut b = Board::new(15);
        for (i, &(x, y)) in pts.iter().enumerate() {
            // Mostly black, so that forbidden shapes appear often.
            b.set(Pos::new(x, y), Some(if i % 3 == 2 { Stone::White } else { Stone::Black }));
        }
        let listed = forbidden_points(&b);
        for p in b.points() {
            let one = forbidden(&b, p);
            let found = listed.iter().find(|&&(q, _)| q == p).map(|&(_, f)| f);
            prop_assert_eq!(one, found);
            if b.get(p).is_some() { prop_assert_eq!(one, None); }
        }
    }

    #[test]
    fn save_then_load_is_the_identity(g in game_strategy(), black in ".{0,12}", white in ".{0,12}") {
        let mut players = Players::default();
        players.black.name = black;
        players.white.name = white;
        let loaded = save::from_ron(&save::to_ron(&g, &players)).unwrap();
        prop_assert_eq!(loaded.record, g);
        prop_assert_eq!(loaded.players, players);
    }

    #[test]
    fn pos_string_round_trip(g in game_strategy()) {
        let back = pos::read(&pos::write(&g), g.rule(), g.size()).unwrap();
        prop_assert_eq!(back.moves().iter().map(|m| m.pos).collect::<Vec<_>>(), g.moves().iter().map(|m| m.pos).collect::<Vec<_>>());
        prop_assert_eq!(back.board(), g.board());
    }

    #[test]
    fn psq_round_trip(g in game_strategy()) {
        let back = psq::read(&psq::write(&g), g.rule()).unwrap();
        prop_assert_eq!(back.board(), g.board());
        for (a, b) in back.moves().iter().zip(g.moves()) {
            prop_assert_eq!(a.pos, b.pos);
            prop_assert_eq!(a.time_ms, Some(b.time_ms.unwrap_or(0)));
        }
    }

    #[test]
    fn sgf_round_trip(g in game_strategy(), black in ".{0,10}") {
        let back = sgf::read(&sgf::write(&g, Some(&black), None), Rule::Freestyle).unwrap();
        prop_assert_eq!(back.record.rule(), g.rule());
        prop_assert_eq!(back.record.board(), g.board());
        prop_assert_eq!(back.record.result(), g.result());
        prop_assert_eq!(back.black.unwrap_or_default(), black);
    }

    #[test]
    fn gob_round_trip(pts in prop::collection::vec((0u8..15, 0u8..15, any::<u16>()), 0..100)) {
        let g = random_game(Rule::Freestyle, 15, &pts);
        let mut plain = GameRecord::new(Rule::Freestyle, 15);
        for m in g.moves() { plain.play(m.pos).unwrap(); }
        let back = gob::read(&gob::write(&plain).unwrap(), Rule::Freestyle).unwrap();
        prop_assert_eq!(back, plain);
    }

    #[test]
    fn no_reader_panics_on_arbitrary_text(text in ".{0,300}", bytes in prop::collection::vec(any::<u8>(), 0..600), rule in rule(), size in 0usize..30) {
        let _ = save::from_ron(&text);
        let _ = pos::read(&text, rule, size);
        let _ = pos::parse_points(&text, size);
        let _ = psq::read(&text, rule);
        let _ = sgf::read(&text, rule);
        let _ = gob::read(&bytes, rule);
        let _ = gob::read(text.as_bytes(), rule);
        let _ = parse_ascii(&text);
    }

    #[test]
    fn no_reader_panics_on_near_valid_input(g in game_strategy(), cut in any::<prop::sample::Index>(), junk in "[-0-9a-z,;\\[\\]() \\n]{0,8}") {
        let texts = [
            save::to_ron(&g, &Players::default()),
            psq::write(&g),
            sgf::write(&g, None, None),
            pos::write(&g),
        ];
        for t in texts {
            let at = cut.index(t.len() + 1);
            let at = (0..=at).rev().find(|&i| t.is_char_boundary(i)).unwrap_or(0);
            let mangled = format!("{}{}{}", &t[..at], junk, &t[at..]);
            let _ = save::from_ron(&mangled);
            let _ = psq::read(&mangled, g.rule());
            let _ = sgf::read(&mangled, g.rule());
            let _ = pos::read(&mangled, g.rule(), g.size());
            let _ = gob::read(mangled.as_bytes(), g.rule());
        }
    }
}
