//! Protocol sessions driving the `pbrain-gomoku` binary over pipes, and an arena smoke test.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Runs a session: sends all `input` lines (then closes stdin) and returns the output lines
/// without MESSAGE lines.
fn session(args: &[&str], input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start brain");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = BufReader::new(child.stdout.take().unwrap());
    let lines: Vec<String> = out
        .lines()
        .map_while(Result::ok)
        .filter(|l| !l.starts_with("MESSAGE"))
        .collect();
    let status = child.wait().unwrap();
    assert!(status.success(), "brain exited with {status}");
    lines
}

fn point(line: &str) -> (u32, u32) {
    let (x, y) = line
        .split_once(',')
        .unwrap_or_else(|| panic!("not a move: {line:?}"));
    (x.trim().parse().unwrap(), y.trim().parse().unwrap())
}

#[test]
fn start_begin_turn_end() {
    let out = session(
        &["--quiet"],
        "START 15\nINFO timeout_turn 300\nINFO rule 0\nBEGIN\nTURN 8,8\nEND\n",
    );
    assert_eq!(out[0], "OK");
    assert_eq!(point(&out[1]), (7, 7));
    let p = point(&out[2]);
    assert_ne!(p, (7, 7));
    assert_ne!(p, (8, 8));
    assert_eq!(out.len(), 3);
}

#[test]
fn board_blocks_a_four_and_takeback() {
    // Opponent (2) has four in a row on y = 3; we must block at 5,3 or 0,3.
    let out = session(
        &["--quiet"],
        "START 15\nINFO timeout_turn 500\nBOARD\n1,3,2\n2,3,2\n3,3,2\n4,3,2\n1,5,1\n2,6,1\n3,9,1\nDONE\nTAKEBACK 1,3\nTAKEBACK 9,9\nEND\n",
    );
    assert_eq!(out[0], "OK");
    let p = point(&out[1]);
    assert!(p == (5, 3) || p == (0, 3), "{p:?}");
    assert_eq!(out[2], "OK");
    assert!(out[3].starts_with("ERROR"), "{:?}", out[3]);
}

#[test]
fn renju_board_and_forbidden_points() {
    // Black (own, moved first) has a double-three point at 7,7 (h8).
    let out = session(
        &["--quiet"],
        "START 15\nINFO rule 4\nINFO timeout_turn 300\nYXBOARD\n5,7,1\n0,0,2\n6,7,1\n14,14,2\n7,5,1\n0,14,2\n7,6,1\n14,0,2\nDONE\nYXSHOWFORBID\nBOARD\n5,7,1\n0,0,2\n6,7,1\n14,14,2\n7,5,1\n0,14,2\n7,6,1\n14,0,2\nDONE\nEND\n",
    );
    assert_eq!(out[0], "OK");
    assert!(
        out[1].starts_with("FORBID ") && out[1].ends_with('.'),
        "{:?}",
        out[1]
    );
    assert!(out[1].contains("0707"), "{:?}", out[1]);
    let p = point(&out[2]);
    assert_ne!(p, (7, 7), "played a forbidden point");
}

/// A renju game near its end (224 stones, from an engine match): the one empty point, 10,7, is
/// forbidden for black, who is to move. The brain says there is no legal move, and why, instead
/// of playing the forbidden point or claiming the board is full.
#[test]
fn renju_black_with_only_forbidden_points_has_no_move() {
    let stones: String = [
        "9,8,1 7,9,2 8,5,1 8,9,2 9,9,1 9,7,2 8,8,1 7,8,2 6,7,1 7,6,2 7,7,1 6,6,2 10,10,1 11,11,2 ",
        "10,8,1 11,8,2 8,6,1 9,5,2 7,4,1 9,6,2 8,4,1 8,7,2 10,5,1 8,3,2 11,7,1 12,6,2 9,3,1 9,4,2 ",
        "7,1,1 10,4,2 10,2,1 7,5,2 5,3,1 5,4,2 4,3,1 6,3,2 9,11,1 9,10,2 7,11,1 8,10,2 5,10,1 ",
        "7,2,2 8,1,1 6,1,2 5,0,1 5,7,2 4,6,1 12,7,2 10,9,1 10,11,2 11,12,1 8,12,2 12,4,1 11,3,2 ",
        "12,9,1 4,4,2 3,6,1 6,4,2 6,0,1 3,3,2 2,4,1 5,8,2 11,1,1 12,0,2 11,9,1 13,9,2 13,7,1 ",
        "12,8,2 5,6,1 6,9,2 2,6,1 1,6,2 8,11,1 4,8,2 3,9,1 5,9,2 4,9,1 5,11,2 6,8,1 3,8,2 1,8,1 ",
        "4,12,2 6,2,1 7,12,2 6,12,1 2,10,2 1,9,1 2,8,2 12,2,1 2,9,2 2,11,1 11,6,2 3,5,1 2,2,2 ",
        "5,5,1 13,6,2 10,6,1 11,2,2 10,13,1 13,0,2 10,3,1 12,11,2 11,4,1 7,0,2 11,5,1 12,5,2 ",
        "10,12,1 10,0,2 10,1,1 9,1,2 9,0,1 13,11,2 14,11,1 13,4,2 14,3,1 4,5,2 3,13,1 1,10,2 ",
        "13,3,1 14,2,2 13,10,1 1,3,2 1,4,1 3,10,2 0,10,1 3,2,2 0,11,1 5,13,2 6,14,1 3,4,2 3,1,1 ",
        "12,12,2 14,10,1 6,13,2 8,13,1 1,12,2 4,11,1 1,11,2 7,3,1 1,2,2 4,2,1 5,1,2 0,1,1 0,9,2 ",
        "3,12,1 14,12,2 1,13,1 1,1,2 0,0,1 2,13,2 12,14,1 0,3,2 0,7,1 14,1,2 14,7,1 9,13,2 3,0,1 ",
        "11,10,2 3,14,1 4,14,2 2,7,1 2,0,2 0,5,1 14,9,2 5,12,1 2,5,2 14,6,1 14,5,2 11,0,1 7,10,2 ",
        "0,14,1 0,12,2 9,14,1 8,14,2 4,7,1 3,7,2 13,12,1 3,11,2 0,2,1 0,8,2 10,14,1 13,14,2 ",
        "11,13,1 12,13,2 6,5,1 5,2,2 8,2,1 9,2,2 6,10,1 4,10,2 12,10,1 6,11,2 9,12,1 2,3,2 2,12,1 ",
        "12,3,2 13,5,1 13,8,2 4,1,1 2,1,2 1,7,1 1,5,2 4,13,1 7,13,2 12,1,1 13,2,2 4,0,1 8,0,2 ",
        "13,1,1 14,4,2 14,8,1 0,4,2 0,6,1 5,14,2 7,14,1 11,14,2 13,13,1 2,14,2 1,0,1 0,13,2 ",
        "1,14,1 14,13,2 14,0,1 14,14,2 ",
    ]
    .concat()
    .split_whitespace()
    .map(|s| format!("{s}\n"))
    .collect();
    assert_eq!(stones.lines().count(), 224);
    let out = session(
        &["--quiet"],
        &format!("START 15\nINFO rule 4\nINFO timeout_turn 300\nBOARD\n{stones}DONE\nEND\n"),
    );
    assert_eq!(out[0], "OK");
    assert_eq!(
        out[1], "ERROR no legal move: every empty point is forbidden for black",
        "{out:?}"
    );
    assert_eq!(out.len(), 2, "{out:?}");
}

#[test]
fn errors_unknown_and_garbage() {
    let out = session(
        &["--quiet"],
        "TURN 1,1\nSTART 4\nSTART 30\nRECTSTART 15,10\nRECTSTART 15,15\nFOO bar\nTURN 99,1\nTURN x\nBOARD\n1,1,7\nDONE\nINFO rule 2\nABOUT\nRESTART\nTURN 7,7\nTURN 7,7\nEND\n",
    );
    let mut it = out.iter();
    assert!(it.next().unwrap().starts_with("ERROR")); // TURN before START
    assert!(it.next().unwrap().starts_with("ERROR")); // START 4
    assert!(it.next().unwrap().starts_with("ERROR")); // START 30
    assert!(it.next().unwrap().starts_with("ERROR")); // rectangular
    assert_eq!(it.next().unwrap(), "OK");
    assert!(it.next().unwrap().starts_with("UNKNOWN"));
    assert!(it.next().unwrap().starts_with("ERROR")); // off board
    assert!(it.next().unwrap().starts_with("ERROR")); // garbage
    assert!(it.next().unwrap().starts_with("ERROR")); // bad field
    assert!(it.next().unwrap().starts_with("ERROR")); // rule 2
    assert!(it.next().unwrap().starts_with("name="));
    assert_eq!(it.next().unwrap(), "OK");
    let p = point(it.next().unwrap());
    assert_ne!(p, (7, 7));
    assert!(it.next().unwrap().starts_with("ERROR")); // occupied
    assert!(it.next().is_none());
}

#[test]
fn levels_and_stop() {
    let out = session(
        &["--quiet", "--level", "beginner"],
        "START 15\nBEGIN\nTURN 6,6\nEND\n",
    );
    assert_eq!(out[0], "OK");
    assert_eq!(point(&out[1]), (7, 7));
    assert_eq!(out.len(), 3);
    // A long search stopped by YXSTOP still answers a legal move.
    let t = std::time::Instant::now();
    let out = session(
        &["--quiet"],
        "START 15\nINFO timeout_turn 20000\nBOARD\n7,7,2\n8,8,1\n6,8,2\nDONE\nYXSTOP\nEND\n",
    );
    assert!(t.elapsed().as_secs() < 10);
    let p = point(&out[1]);
    assert!(![(7, 7), (8, 8), (6, 8)].contains(&p));
}

#[test]
fn swap2_and_nbest() {
    let out = session(
        &["--quiet"],
        "START 15\nINFO timeout_turn 200\nSWAP2BOARD\nDONE\nYXBOARD\n7,7,2\n8,7,1\nDONE\nYXNBEST 2\nEND\n",
    );
    assert_eq!(out[0], "OK");
    assert_eq!(out[1].split_whitespace().count(), 3, "{:?}", out[1]);
    point(&out[2]);
}

#[test]
fn swap2_with_three_and_five_stones_takes_black_or_plays_on() {
    // Black's two stones side by side, white's far in the corner: the brain takes black.
    let out = session(
        &["--quiet"],
        "START 15\nINFO timeout_turn 500\nSWAP2BOARD\n7,7,2\n0,0,1\n8,7,2\nDONE\nEND\n",
    );
    assert_eq!(out[1], "SWAP", "{out:?}");
    // A balanced three: the answer is SWAP, one stone (white's 4) or two (4 and 5).
    let out = session(
        &["--quiet"],
        "START 15\nINFO timeout_turn 500\nSWAP2BOARD\n7,7,2\n7,6,1\n6,5,2\nDONE\nEND\n",
    );
    let answer = &out[1];
    assert!(
        answer == "SWAP" || (1..=2).contains(&answer.split_whitespace().count()),
        "{answer:?}"
    );
    if answer != "SWAP" {
        for p in answer.split_whitespace() {
            point(p);
        }
    }
    // Five stones: SWAP or white's 6.
    let out = session(
        &["--quiet"],
        "START 15\nINFO timeout_turn 500\nSWAP2BOARD\n7,7,2\n7,6,1\n6,5,2\n8,8,1\n9,9,2\nDONE\nEND\n",
    );
    assert!(
        out[1] == "SWAP" || out[1].split_whitespace().count() == 1,
        "{out:?}"
    );
    // Anything else is an error, not a crash.
    let out = session(
        &["--quiet"],
        "START 15\nSWAP2BOARD\n7,7,2\n7,6,1\nDONE\nEND\n",
    );
    assert!(out[1].starts_with("ERROR"), "{out:?}");
}

#[test]
fn swap2board_takes_stones_in_move_order_as_gomocup_sends_them() {
    // Gomocup's manager lists the stones as `x,y` in the order they were placed (black,
    // white, black, ...): black's 1 and 3 side by side, white's 2 in the corner.
    let out = session(
        &["--quiet"],
        "START 15\nINFO timeout_turn 500\nSWAP2BOARD\n7,7\n0,0\n8,7\nDONE\nEND\n",
    );
    assert_eq!(out[1], "SWAP", "{out:?}");
    // Gomocup's own example of five stones: SWAP or white's 6 on a free point.
    let out = session(
        &["--quiet"],
        "START 15\nINFO timeout_turn 500\nSWAP2BOARD\n7,7\n8,7\n9,9\n8,8\n8,6\nDONE\nEND\n",
    );
    assert!(
        out[1] == "SWAP" || out[1].split_whitespace().count() == 1,
        "{out:?}"
    );
    if out[1] != "SWAP" {
        let p = point(&out[1]);
        assert!(
            ![(7, 7), (8, 7), (9, 9), (8, 8), (8, 6)].contains(&p),
            "{out:?}"
        );
    }
    // A point given twice, or off the board, is an error.
    for bad in ["7,7\n8,7\n7,7", "7,7\n8,7\n15,3"] {
        let out = session(
            &["--quiet"],
            &format!("START 15\nSWAP2BOARD\n{bad}\nDONE\nEND\n"),
        );
        assert!(out[1].starts_with("ERROR"), "{out:?}");
    }
}

#[test]
fn arena_smoke() {
    let dir = std::env::temp_dir().join(format!("gomoku-arena-smoke-{}", std::process::id()));
    let brain = env!("CARGO_BIN_EXE_pbrain-gomoku");
    let out = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args([
            "--engine1",
            &format!("{brain} --level novice --quiet"),
            "--engine2",
            &format!("{brain} --level beginner --quiet"),
            "--games",
            "4",
            "--turn-ms",
            "300",
            "--rule",
            "4",
            "--openings",
            "even",
            "--concurrency",
            "2",
            "--out",
            dir.to_str().unwrap(),
        ])
        .output()
        .expect("arena");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("games 4"), "{text}");
    // Every game ended by the rules (five or full board), never by an illegal move or time.
    for line in text.lines().filter(|l| l.starts_with("game ")) {
        assert!(
            line.contains("five in a row")
                || line.contains("board is full")
                || line.contains("forbidden"),
            "{line}"
        );
    }
    // Engine 1's results per colour: the two openings were each played with both colours.
    for colour in ["black", "white"] {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("engine1 as {colour}: W/D/L ")))
            .unwrap_or_else(|| panic!("no {colour} tally in {text}"));
        let games: u32 = line
            .rsplit(' ')
            .next()
            .unwrap()
            .split('/')
            .map(|n| n.parse::<u32>().unwrap())
            .sum();
        assert_eq!(games, 2, "{line}");
    }
    let off = text
        .lines()
        .find(|l| l.starts_with("games not ended by a five or a full board: "))
        .expect("off-board count");
    let off_count: usize = off.rsplit(' ').next().unwrap().parse().unwrap();
    let forbidden = text
        .lines()
        .filter(|l| l.starts_with("game ") && l.contains("forbidden"))
        .count();
    assert_eq!(off_count, forbidden, "{text}");
    // The games start from the even renju openings.
    let even = gomoku_engine::fixtures::even_openings(gomoku_rules::Rule::Renju);
    for (game, opening) in [(1, &even[0]), (3, &even[1])] {
        let text = std::fs::read_to_string(dir.join(format!("game_{game:04}.psq"))).unwrap();
        let record = gomoku_rules::notation::psq::read(&text, gomoku_rules::Rule::Renju).unwrap();
        let start: Vec<_> = record
            .moves()
            .iter()
            .take(opening.len())
            .map(|m| m.pos)
            .collect();
        assert_eq!(&start, opening, "game {game}");
    }
    let files = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(files, 4);
    for f in std::fs::read_dir(&dir).unwrap() {
        let text = std::fs::read_to_string(f.unwrap().path()).unwrap();
        gomoku_rules::notation::psq::read(&text, gomoku_rules::Rule::Renju)
            .expect("valid game file");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Time odds: each engine is told its own time per move, whichever colour it plays.
#[test]
fn arena_gives_each_engine_its_own_time_per_move() {
    let dir = std::env::temp_dir().join(format!("gomoku-arena-odds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let brain = env!("CARGO_BIN_EXE_pbrain-gomoku");
    let logs = [dir.join("engine1.log"), dir.join("engine2.log")];
    // `tee -a`: both games' sessions of an engine go to its log.
    let cmd = |log: &std::path::Path| {
        format!(
            "tee -a {} | {brain} --level beginner --quiet",
            log.display()
        )
    };
    let out = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args([
            "--engine1",
            &cmd(&logs[0]),
            "--engine2",
            &cmd(&logs[1]),
            "--games",
            "2",
            "--turn-ms",
            "300",
            "--turn-ms2",
            "200",
        ])
        .output()
        .expect("arena");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("turn 300 / 200 ms"), "{text}");
    for (log, own, other) in [(&logs[0], 300, 200), (&logs[1], 200, 300)] {
        let sent = std::fs::read_to_string(log).unwrap();
        // One START per game (engine 1 plays black, then white), each with the engine's time.
        assert_eq!(sent.matches("START 15").count(), 2, "{sent}");
        assert_eq!(
            sent.matches(&format!("INFO timeout_turn {own}\n")).count(),
            2,
            "{sent}"
        );
        assert!(
            !sent.contains(&format!("INFO timeout_turn {other}\n")),
            "{sent}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `pbrain-gomoku review` names the move that threw the game away; a bad file is an error.
#[test]
fn review_command_finds_the_blunder_of_a_saved_game() {
    let dir = std::env::temp_dir().join(format!("gomoku-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Black builds a line on row 8 while white plays in the corners; black wins. White's
    // second corner move (a15) leaves black's open two with two free tempi: a double three
    // follows by force, which the search sees at once (a win without search at its leaves),
    // so that move, not the later ones, is the blunder.
    let moves = [
        (7, 7),
        (0, 0),
        (8, 7),
        (0, 14),
        (9, 7),
        (14, 14),
        (10, 7),
        (14, 0),
        (11, 7),
    ];
    let mut psq = String::from("Piskvork 15x15, 11:11, 0\n");
    for (x, y) in moves {
        psq.push_str(&format!("{},{},0\n", x + 1, y + 1));
    }
    let game = dir.join("game.psq");
    std::fs::write(&game, psq).unwrap();
    let brain = env!("CARGO_BIN_EXE_pbrain-gomoku");
    let out = Command::new(brain)
        .args([
            "review",
            game.to_str().unwrap(),
            "--rule",
            "0",
            "--nodes",
            "20000",
        ])
        .output()
        .expect("review");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let blunders: Vec<&str> = text.lines().filter(|l| l.contains(" blunder ")).collect();
    assert_eq!(blunders.len(), 1, "{text}");
    assert!(
        blunders[0].trim_start().starts_with("4. white a15"),
        "{text}"
    );
    assert!(text.contains("white: 4 moves"), "{text}");
    assert!(text.contains("black: 5 moves"), "{text}");

    let bad = dir.join("bad.psq");
    std::fs::write(&bad, "Piskvork 15x15, 11:11, 0\n8,8,0\n8,8,0\n").unwrap();
    let out = Command::new(brain)
        .args(["review", bad.to_str().unwrap()])
        .output()
        .expect("review");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad.psq") && !err.contains("panicked"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `depth --depth D` searches every position to exactly that depth and sums the nodes: the
/// openings' sum and the sum over all rows are the rows' own counts.
#[test]
fn depth_command_reports_the_tree_size_to_a_fixed_depth() {
    let out = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .args(["depth", "--openings", "2", "--depth", "5"])
        .output()
        .expect("depth");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let rows: Vec<(bool, u64)> = text
        .lines()
        .filter(|l| l.contains(" nps "))
        .map(|l| {
            assert!(l.contains(" depth  5-"), "{l}");
            let nodes = l.split(" nodes ").nth(1).unwrap();
            let nodes = nodes.split_whitespace().next().unwrap().parse().unwrap();
            (l.starts_with("opening"), nodes)
        })
        .collect();
    assert_eq!(rows.len(), 12, "{text}");
    let openings: u64 = rows.iter().filter(|r| r.0).map(|r| r.1).sum();
    let all: u64 = rows.iter().map(|r| r.1).sum();
    assert!(openings > 0, "{text}");
    assert!(
        text.contains(&format!("nodes: openings {openings}, all {all}")),
        "{text}"
    );
}
