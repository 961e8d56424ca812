//! The 26 standard openings: names, coordinates, recognition in all 8 orientations; and the
//! symmetric-fifth-move test in all 8 orientations.

use gomoku_rules::opening::symmetric_points;
use gomoku_rules::{
    Board, Decision, GameRecord, OPENINGS, Opening, OpeningError, OpeningFamily, OpeningRule, Pos,
    Rule, Stone, Symmetry,
};

/// The openings in renju notation (black h8; white h9 or i9; the third stone), as published
/// in `AbstractPlay/gameslib` `src/games/renju.ts` (`canonicalOpenings`), with the names of
/// the Wikipedia numbering.
const PUBLISHED: [(&str, &str); 26] = [
    ("寒星", "h8,h9,h10"),
    ("溪月", "h8,h9,i10"),
    ("疏星", "h8,h9,j10"),
    ("花月", "h8,h9,i9"),
    ("残月", "h8,h9,j9"),
    ("雨月", "h8,h9,i8"),
    ("金星", "h8,h9,j8"),
    ("松月", "h8,h9,h7"),
    ("丘月", "h8,h9,i7"),
    ("新月", "h8,h9,j7"),
    ("瑞星", "h8,h9,h6"),
    ("山月", "h8,h9,i6"),
    ("游星", "h8,h9,j6"),
    ("长星", "h8,i9,j10"),
    ("峡月", "h8,i9,j9"),
    ("恒星", "h8,i9,j8"),
    ("水月", "h8,i9,j7"),
    ("流星", "h8,i9,j6"),
    ("云月", "h8,i9,i8"),
    ("浦月", "h8,i9,i7"),
    ("岚月", "h8,i9,i6"),
    ("银月", "h8,i9,h7"),
    ("明星", "h8,i9,h6"),
    ("斜月", "h8,i9,g7"),
    ("名月", "h8,i9,g6"),
    ("彗星", "h8,i9,f6"),
];

#[test]
fn coordinates_match_the_published_table() {
    for (o, (name, cells)) in OPENINGS.iter().zip(PUBLISHED) {
        assert_eq!(o.chinese, name);
        let stones = o.stones(15, Symmetry::Identity).unwrap();
        let written: Vec<String> = stones.iter().map(|p| p.to_renju(15)).collect();
        assert_eq!(written.join(",").to_lowercase(), cells, "{o}");
    }
}

#[test]
fn thirteen_of_each_family_with_distinct_names() {
    for family in [OpeningFamily::Direct, OpeningFamily::Indirect] {
        let n: Vec<u8> = OPENINGS
            .iter()
            .filter(|o| o.family == family)
            .map(|o| o.number)
            .collect();
        assert_eq!(n, (1..=13).collect::<Vec<_>>());
    }
    for o in OPENINGS {
        for name in [o.chinese, o.japanese, o.romaji, o.english, &o.code()] {
            assert_eq!(Opening::find(name), Some(o), "{name}");
        }
    }
    assert_eq!(Opening::find("sosei").unwrap().code(), "D3");
    assert_eq!(
        Opening::find("彗星").unwrap().to_string(),
        "I13 彗星 (Suisei)"
    );
    assert_eq!(Opening::find("nothing"), None);
}

#[test]
fn all_26_are_distinct_and_cover_every_rif_opening() {
    // Every legal RIF start (centre, a neighbour, a free point of the 5×5 square) is
    // exactly one of the 26, in some orientation.
    let c = Pos::new(7, 7);
    let mut seen = std::collections::HashSet::new();
    for dx in -1i32..=1 {
        for dy in -1i32..=1 {
            if (dx, dy) == (0, 0) {
                continue;
            }
            let w = Pos::new((7 + dx) as u8, (7 + dy) as u8);
            for x in 5..=9u8 {
                for y in 5..=9u8 {
                    let b = Pos::new(x, y);
                    if b == c || b == w {
                        continue;
                    }
                    let (o, s) = Opening::recognise(&[c, w, b], 15)
                        .unwrap_or_else(|| panic!("{w} {b} not recognised"));
                    assert_eq!(o.stones(15, s).unwrap(), [c, w, b]);
                    seen.insert(o.code());
                }
            }
        }
    }
    assert_eq!(seen.len(), 26);
}

#[test]
fn each_opening_is_recognised_in_all_8_orientations() {
    for o in OPENINGS {
        for s in Symmetry::ALL {
            let stones = o.stones(15, s).unwrap();
            let (found, _) = Opening::recognise(&stones, 15).unwrap();
            assert_eq!(found, o, "{o} {s}");
            // Also from a board, and as the first three moves of a game.
            let mut g = GameRecord::with_opening(Rule::Renju, 15, OpeningRule::Rif).unwrap();
            for p in stones {
                g.decide(Decision::Place(p)).unwrap();
            }
            assert_eq!(g.opening_name().unwrap().0, o);
            assert_eq!(Opening::recognise_board(g.board()).unwrap().0, o);
        }
    }
    // Not an opening: white not next to the centre.
    assert_eq!(
        Opening::recognise(&[Pos::new(7, 7), Pos::new(7, 5), Pos::new(8, 8)], 15),
        None
    );
}

/// A symmetric position: black h8, white h9, black h10 and white h7 (a vertical line), plus
/// its images under each orientation of the board.
#[test]
fn symmetric_fifth_moves_are_found_in_all_8_orientations() {
    let line = [
        (Pos::new(7, 7), Stone::Black),
        (Pos::new(7, 6), Stone::White),
        (Pos::new(7, 5), Stone::Black),
        (Pos::new(7, 8), Stone::White),
    ];
    // g9 / i9 mirror each other across the line; g9 / i11 do not.
    let (a, b, not_b) = (Pos::new(6, 6), Pos::new(8, 6), Pos::new(8, 4));
    for s in Symmetry::ALL {
        let mut board = Board::new(15);
        for (p, stone) in line {
            board.set(s.apply(p, 15), Some(stone));
        }
        let (sa, sb, snot) = (s.apply(a, 15), s.apply(b, 15), s.apply(not_b, 15));
        assert!(symmetric_points(&board, sa, sb).is_some(), "{s}");
        assert!(symmetric_points(&board, sb, sa).is_some(), "{s}");
        assert!(symmetric_points(&board, sa, snot).is_none(), "{s}");
        // Through the game: the rules refuse the pair with its reason.
        let mut g = GameRecord::with_opening(Rule::Renju, 15, OpeningRule::Rif).unwrap();
        for p in [Pos::new(7, 7), Pos::new(7, 6), Pos::new(7, 5)] {
            g.decide(Decision::Place(s.apply(p, 15))).unwrap();
        }
        g.decide(Decision::Swap(false)).unwrap();
        g.decide(Decision::Place(s.apply(Pos::new(7, 8), 15)))
            .unwrap();
        assert!(matches!(
            g.decide(Decision::OfferFifths(vec![sa, sb])),
            Err(OpeningError::SymmetricFifths { .. })
        ));
        g.decide(Decision::OfferFifths(vec![sa, snot])).unwrap();
    }
}

#[test]
fn a_position_without_symmetry_makes_every_pair_distinct() {
    // 花月 (D4) with white 4 off the diagonal: no symmetry keeps it.
    let mut board = Board::new(15);
    let [b1, w2, b3] = Opening::find("D4")
        .unwrap()
        .stones(15, Symmetry::Identity)
        .unwrap();
    board.set(b1, Some(Stone::Black));
    board.set(w2, Some(Stone::White));
    board.set(b3, Some(Stone::Black));
    board.set(Pos::new(3, 10), Some(Stone::White));
    let empty: Vec<Pos> = board.points().filter(|&p| board.get(p).is_none()).collect();
    for &p in empty.iter().step_by(7) {
        for &q in empty.iter().step_by(11) {
            assert_eq!(symmetric_points(&board, p, q).is_some(), p == q);
        }
    }
    // 花月 alone keeps no symmetry but the identity; 寒星 (on one line) keeps its mirror.
    let keeps = |code: &str| {
        let mut b = Board::new(15);
        let [b1, w2, b3] = Opening::find(code)
            .unwrap()
            .stones(15, Symmetry::Identity)
            .unwrap();
        b.set(b1, Some(Stone::Black));
        b.set(w2, Some(Stone::White));
        b.set(b3, Some(Stone::Black));
        Symmetry::ALL.iter().filter(|s| s.preserves(&b)).count()
    };
    assert_eq!(keeps("D4"), 1);
    assert_eq!(keeps("D1"), 2);
    assert_eq!(keeps("I13"), 2, "彗星 lies on the diagonal");
    assert_eq!(keeps("I7"), 1);
}
