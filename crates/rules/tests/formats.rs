//! File formats and notations: round trips, exact error messages, and refusal of bad files.

use gomoku_rules::notation::{gob, pos, psq, sgf};
use gomoku_rules::save::{self, Player, PlayerKind, Players};
use gomoku_rules::{FormatError, GameRecord, Outcome, Pos, Reason, Rule, Stone};

fn sample() -> GameRecord {
    let mut g = pos::read("h8i9j10h9i8", Rule::Renju, 15).unwrap();
    g.undo();
    g.undo(); // redo tail: h9, i8
    g
}

fn players() -> Players {
    Players {
        black: Player {
            name: "小明".into(),
            kind: PlayerKind::Human,
        },
        white: Player {
            name: "Computer".into(),
            kind: PlayerKind::Computer {
                level: "Master".into(),
            },
        },
    }
}

#[test]
fn save_round_trip_keeps_everything() {
    let g = sample();
    let text = save::to_ron(&g, &players());
    let back = save::from_ron(&text).unwrap();
    assert_eq!(back.record, g);
    assert_eq!(back.players, players());
    assert_eq!(back.record.redo_moves().count(), 2);
    assert_eq!(back.record.rule(), Rule::Renju);
}

#[test]
fn save_keeps_a_resignation() {
    let mut g = sample();
    g.resign(Stone::White).unwrap();
    let back = save::from_ron(&save::to_ron(&g, &players())).unwrap();
    let r = back.record.result().unwrap();
    assert_eq!(
        (r.outcome, r.reason),
        (Outcome::Win(Stone::Black), Reason::Resignation)
    );
}

#[test]
fn save_with_an_impossible_move_names_it() {
    // Move 2 (i9) is edited to h8, which black already holds.
    let g = pos::read("h8i9", Rule::Freestyle, 15).unwrap();
    let text2 = save::to_ron(&g, &Players::default())
        .replace("x: 8,\n            y: 8,", "x: 7,\n            y: 7,");
    let err = save::from_ron(&text2).unwrap_err();
    assert_eq!(
        err.to_string(),
        "save file: move 2 (h8) is impossible: the point is already occupied"
    );
}

#[test]
fn save_from_a_newer_version_is_refused_clearly() {
    let text = save::to_ron(&sample(), &players()).replace("version: 2,", "version: 7,");
    let err = save::from_ron(&text).unwrap_err();
    assert!(
        matches!(
            err,
            FormatError::Version {
                found: 7,
                supported: 2
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("version 7"));
}

#[test]
fn garbage_is_not_a_save_file() {
    for text in ["", "hello", "(version: \"x\")", "[1,2,3]", "\u{0}\u{1}"] {
        let err = save::from_ron(text).unwrap_err();
        assert!(err.to_string().starts_with("save file:"), "{err}");
    }
}

#[test]
fn save_with_a_bad_redo_tail_is_refused() {
    let g = sample();
    let text = save::to_ron(&g, &players());
    // Make the first redo move land on h8 (occupied).
    let redo_at = text.find("redo:").unwrap();
    let (head, tail) = text.split_at(redo_at);
    let tail = tail.replacen("x: 7,\n            y: 8,", "x: 7,\n            y: 7,", 1);
    let err = save::from_ron(&format!("{head}{tail}")).unwrap_err();
    assert!(err.to_string().contains("move 4 (h8)"), "{err}");
}

#[test]
fn pos_strings() {
    let g = pos::read("h8 i9,j10", Rule::Freestyle, 15).unwrap();
    assert_eq!(pos::write(&g), "h8i9j10");
    assert_eq!(g.moves()[2].pos, Pos::new(9, 9));
    let e = pos::read("h8h8", Rule::Freestyle, 15).unwrap_err();
    assert_eq!(
        e.to_string(),
        "pos string: move 2 (h8) is impossible: the point is already occupied"
    );
    assert!(
        pos::read("h16", Rule::Freestyle, 15)
            .unwrap_err()
            .to_string()
            .contains("off the 15x15 board")
    );
    assert!(pos::read("h", Rule::Freestyle, 15).is_err());
    assert!(pos::read("8h", Rule::Freestyle, 15).is_err());
    assert!(pos::read("t20", Rule::Freestyle, 20).is_ok());
}

#[test]
fn psq_files() {
    let text =
        "Piskvork 20x20, 11:11, 0\n10,10,1000\n11,11,1500\n-1\npbrain-a.exe\npbrain-b.exe\n-1\n";
    let g = psq::read(text, Rule::Freestyle).unwrap();
    assert_eq!(g.size(), 20);
    assert_eq!(g.moves()[0].pos, Pos::new(9, 9));
    assert_eq!(g.moves()[1].time_ms, Some(1500));
    assert_eq!(psq::read(&psq::write(&g), Rule::Freestyle).unwrap(), g);
    assert!(psq::read("Piskvork 15x15, 11:11, 0\n16,1,0\n", Rule::Freestyle).is_err());
    assert!(
        psq::read("hello", Rule::Freestyle)
            .unwrap_err()
            .to_string()
            .starts_with("PSQ:")
    );
    assert!(psq::read("Piskvork 15x20, 1:1, 0\n", Rule::Freestyle).is_err());
}

#[test]
fn sgf_files() {
    let g = sample();
    let text = sgf::write(&g, Some("小明"), Some("a]b"));
    let back = sgf::read(&text, Rule::Freestyle).unwrap();
    assert_eq!(back.record.moves(), g.moves());
    assert_eq!(back.record.rule(), Rule::Renju);
    assert_eq!(back.black.as_deref(), Some("小明"));
    assert_eq!(back.white.as_deref(), Some("a]b"));
    // Variations: the main line is the first branch.
    let v = sgf::read(
        "(;GM[4]SZ[15];B[hh](;W[ii];B[jj])(;W[aa]))",
        Rule::Freestyle,
    )
    .unwrap();
    assert_eq!(pos::write(&v.record), "h8i9j10");
    // Go files and setup stones are refused with a reason.
    assert!(
        sgf::read("(;GM[1]SZ[19];B[dd])", Rule::Freestyle)
            .unwrap_err()
            .to_string()
            .contains("GM[1]")
    );
    assert!(
        sgf::read("(;GM[4]AB[aa][bb])", Rule::Freestyle)
            .unwrap_err()
            .to_string()
            .contains("setup")
    );
    assert!(
        sgf::read("(;GM[4];W[aa])", Rule::Freestyle)
            .unwrap_err()
            .to_string()
            .contains("out of turn")
    );
    assert!(sgf::read("(;GM[4];B[hh]", Rule::Freestyle).is_err());
    // Results that moves cannot show come from RE.
    let r = sgf::read("(;GM[4]RE[W+R];B[hh])", Rule::Freestyle).unwrap();
    assert_eq!(r.record.result().unwrap().reason, Reason::Resignation);
}

#[test]
fn gob_files_with_nul_separators() {
    let g = pos::read("h8i9j10", Rule::Freestyle, 15).unwrap();
    let bytes = gob::write(&g).unwrap();
    let nul: Vec<u8> = bytes
        .iter()
        .map(|&b| if b == b' ' { 0 } else { b })
        .collect();
    let crlf = String::from_utf8(bytes.clone())
        .unwrap()
        .replace('\n', "\r\n");
    for input in [bytes.clone(), nul, crlf.into_bytes()] {
        assert_eq!(gob::read(&input, Rule::Freestyle).unwrap(), g);
    }
    // The board must agree with the moves.
    let mut text = String::from_utf8(bytes).unwrap();
    text = text.replacen("-1", "0", 1);
    let err = gob::read(text.as_bytes(), Rule::Freestyle).unwrap_err();
    assert!(err.to_string().contains("does not match"), "{err}");
    // Truncated files say where they end.
    let err = gob::read(b"-1 -1 -1", Rule::Freestyle).unwrap_err();
    assert!(err.to_string().contains("ends before"), "{err}");
    assert!(gob::read(b"x", Rule::Freestyle).is_err());
}

#[test]
fn empty_gob_game() {
    let g = GameRecord::new(Rule::Freestyle, 15);
    let bytes = gob::write(&g).unwrap();
    assert_eq!(gob::read(&bytes, Rule::Freestyle).unwrap(), g);
}

#[test]
fn version_1_files_still_open() {
    // Written by the previous version of the program: no opening, no clock.
    let text = r#"(
    version: 1,
    rule: Renju,
    board_size: 15,
    forbidden_policy: Refuse,
    players: (black: (name: "Black", kind: Human), white: (name: "White", kind: Computer(level: "Master"))),
    moves: [(x: 7, y: 7), (x: 8, y: 8, time_ms: Some(1200)), (x: 9, y: 9)],
    redo: [(x: 6, y: 6)],
    result: None,
)"#;
    let back = save::from_ron(text).unwrap();
    assert_eq!(back.record.moves().len(), 3);
    assert_eq!(back.record.moves()[1].time_ms, Some(1200));
    assert_eq!(back.record.redo_moves().len(), 1);
    assert_eq!(back.record.opening_rule(), gomoku_rules::OpeningRule::Free);
    assert!(back.record.opening_done());
    assert!(back.record.clock().is_none());
    // Saved again, it becomes a version 2 file that reads back the same.
    let again = save::to_ron(&back.record, &back.players);
    assert!(again.contains("version: 2,"));
    assert_eq!(save::from_ron(&again).unwrap().record, back.record);
}

fn mid_opening() -> GameRecord {
    use gomoku_rules::{Decision, OpeningRule};
    let mut g = GameRecord::with_opening(Rule::Renju, 15, OpeningRule::Rif).unwrap();
    for d in [
        Decision::Place(Pos::new(7, 7)),
        Decision::Place(Pos::new(8, 6)),
        Decision::Place(Pos::new(9, 5)),
        Decision::Swap(true),
    ] {
        g.decide(d).unwrap();
    }
    g
}

#[test]
fn a_game_saved_mid_opening_reopens_mid_opening() {
    let g = mid_opening();
    let back = save::from_ron(&save::to_ron(&g, &players()))
        .unwrap()
        .record;
    assert_eq!(back, g);
    assert_eq!(
        back.turn().phase,
        gomoku_rules::Phase::Place {
            number: 4,
            stone: Stone::White,
            area: gomoku_rules::Area::Anywhere
        }
    );
    assert_eq!(back.holder(Stone::Black), gomoku_rules::Side::Second);
    assert_eq!(back.opening_name().unwrap().0.chinese, "长星");
}

#[test]
fn a_save_with_impossible_opening_decisions_is_refused_clearly() {
    let text = save::to_ron(&mid_opening(), &players());
    let err = save::from_ron(&text.replace("Swap(true)", "DeclareFifths(3)")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "save file: opening decision 4 (declaring 3 fifth moves) is impossible: the game is \
         waiting for the choice to swap colours or not, not declaring 3 fifth moves"
    );
    // The third stone moved out of the central 5×5 square, in both lists.
    let moved = text.replace("x: 9,\n            y: 5,", "x: 11,\n            y: 5,");
    let moved = moved.replace("x: 9,\n            y: 5,", "x: 11,\n            y: 5,");
    let err = save::from_ron(&moved).unwrap_err().to_string();
    assert!(
        err.contains("must be placed within the central 5x5 square"),
        "{err}"
    );
    // A decision whose stone is not the next move.
    let err =
        save::from_ron(&text.replacen("x: 9,\n            y: 5,", "x: 1,\n            y: 1,", 1))
            .unwrap_err()
            .to_string();
    assert!(err.contains("does not match move 3"), "{err}");
    // RIF on a board without a centre point.
    let err = save::from_ron(&text.replace("board_size: 15", "board_size: 20"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("needs a board with a centre point"), "{err}");
}

#[test]
fn sgf_with_a_bad_opening_property_is_refused() {
    let text = sgf::write(&mid_opening(), None, None);
    assert!(
        text.contains("OPENING[rif]") && text.contains("SWAP[yes]"),
        "{text}"
    );
    let err = sgf::read(&text.replace("OPENING[rif]", "OPENING[chaos]"), Rule::Renju).unwrap_err();
    assert!(err.to_string().contains("unknown opening rule"), "{err}");
    let err = sgf::read(&text.replace("SWAP[yes]", "SWAP[maybe]"), Rule::Renju).unwrap_err();
    assert_eq!(err.to_string(), "SGF: SWAP[maybe] is not understood");
    let err = sgf::read(&text.replace("SWAP[yes]", "FIFTHS[2]"), Rule::Renju).unwrap_err();
    assert!(err.to_string().contains("is impossible"), "{err}");
}

#[test]
fn an_analysis_section_is_kept_with_the_game_and_never_stops_it_opening() {
    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Notes {
        graph: Vec<f32>,
        best: Option<(u8, u8)>,
    }
    let record = sample();
    let notes = Notes {
        graph: vec![0.0, 0.25, -0.5],
        best: Some((7, 7)),
    };
    let text = save::to_ron_with(&record, &players(), Some(&notes));
    // The game opens as without the section, and the section reads back.
    let opened = save::from_ron(&text).expect("opens");
    assert_eq!(opened.record, record);
    assert_eq!(
        save::analysis_from_ron::<Notes>(&text).unwrap().unwrap(),
        notes
    );
    // No section: nothing to read.
    let plain = save::to_ron(&record, &players());
    assert!(save::analysis_from_ron::<Notes>(&plain).is_none());
    // A section of another shape is an error of the section alone.
    #[derive(serde::Deserialize, Debug)]
    struct Other {
        #[allow(dead_code)]
        depth: u32,
    }
    assert!(matches!(
        save::analysis_from_ron::<Other>(&text),
        Some(Err(_))
    ));
    assert!(save::from_ron(&text).is_ok());
}
