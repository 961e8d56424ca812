//! Property tests of the protocol: whatever the manager sends — random lines, protocol
//! commands with random or out-of-range arguments, huge lines, broken BOARD blocks — the brain
//! never panics, ends on `END`, and every reply line is a well-formed protocol answer (a move
//! on the board, `OK`, `ERROR …`, `UNKNOWN …`, `MESSAGE …`, `FORBID …`, `SWAP` or the `ABOUT`
//! line).

use gomoku_engine::protocol::{Options, run};
use proptest::prelude::*;
use std::io::Cursor;

/// Runs one session in process and returns its output lines.
fn session(input: String) -> Vec<String> {
    let mut out: Vec<u8> = Vec::new();
    run(
        Cursor::new(input.into_bytes()),
        &mut out,
        Options::default(),
    );
    String::from_utf8(out)
        .expect("replies are UTF-8")
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Whether `text` is `x,y` (or several, space-separated: a swap2 proposal) on a board of at
/// most 20×20.
fn is_moves(text: &str) -> bool {
    text.split(' ').all(|m| {
        m.split_once(',').is_some_and(|(x, y)| {
            x.parse::<u32>().is_ok_and(|x| x < 20) && y.parse::<u32>().is_ok_and(|y| y < 20)
        })
    })
}

fn well_formed(line: &str) -> bool {
    line == "OK"
        || line == "SWAP"
        || line.starts_with("ERROR ")
        || line.starts_with("UNKNOWN ")
        || line.starts_with("MESSAGE ")
        || (line.starts_with("FORBID ") && line.ends_with('.'))
        || line.starts_with("name=")
        || is_moves(line)
}

/// A number as a manager might send it, or not: small, negative, huge, not a number.
fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        (0i64..25).prop_map(|n| n.to_string()),
        (-5i64..0).prop_map(|n| n.to_string()),
        Just("99999999999999999999999".to_string()),
        Just("1e3".to_string()),
        "[a-z]{0,3}",
    ]
}

fn point() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (number(), number()).prop_map(|(x, y)| format!("{x},{y}")),
        1 => (number(), number(), number()).prop_map(|(x, y, z)| format!("{x},{y},{z}")),
        1 => "[ ,0-9-]{0,8}",
    ]
}

/// One line of input.
fn line() -> impl Strategy<Value = String> {
    let info_key = prop_oneof![
        Just("rule"),
        Just("max_memory"),
        Just("thread_num"),
        Just("game_type"),
        Just("time_left"),
        Just("folder"),
        Just("nonsense"),
    ];
    prop_oneof![
        3 => (prop_oneof![Just("START"), Just("RECTSTART")], number(), number())
            .prop_map(|(c, a, b)| if c == "START" { format!("{c} {a}") } else { format!("{c} {a},{b}") }),
        1 => Just("START 15".to_string()),
        1 => Just("START 6".to_string()),
        4 => point().prop_map(|p| format!("TURN {p}")),
        2 => point().prop_map(|p| format!("TAKEBACK {p}")),
        2 => (info_key, number()).prop_map(|(k, v)| format!("INFO {k} {v}")),
        // Short clocks keep every search quick (0 would mean no limit).
        1 => (1u32..40).prop_map(|ms| format!("INFO timeout_turn {ms}")),
        2 => prop_oneof![
            Just("BOARD"), Just("YXBOARD"), Just("SWAP2BOARD"), Just("DONE"), Just("BEGIN"),
            Just("RESTART"), Just("ABOUT"), Just("YXSHOWFORBID"), Just("YXSTOP"), Just("STOP"),
            Just("YXNBEST 2"), Just(""), Just("   "),
        ].prop_map(str::to_owned),
        2 => point(),
        2 => "\\PC{0,40}",
        1 => (prop_oneof![Just("TURN "), Just("INFO rule "), Just(""), Just("START ")], 10_000usize..200_000, "[0-9a-z,]")
            .prop_map(|(head, n, c)| format!("{head}{}", c.repeat(n))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn any_input_gets_well_formed_replies(lines in proptest::collection::vec(line(), 0..24)) {
        // Every search is short: the clock is set first, and only short clocks follow.
        let mut input = String::from("INFO timeout_turn 30\n");
        for l in &lines {
            input.push_str(l);
            input.push('\n');
        }
        input.push_str("DONE\nEND\n");
        for reply in session(input) {
            prop_assert!(well_formed(&reply), "reply {:?}", reply);
        }
    }
}

/// A move reply follows each TURN on a started board; bad coordinates get `ERROR` and leave the
/// game as it was.
#[test]
fn bad_coordinates_are_errors_and_the_game_goes_on() {
    let out = session(
        "START 15\nINFO timeout_turn 50\nTURN 15,3\nTURN -1,2\nTURN 3\nTURN 99999999999999999999,1\n\
         TURN 7,7\nEND\n"
            .to_string(),
    );
    assert_eq!(
        out.iter().filter(|l| !l.starts_with("MESSAGE")).count(),
        6,
        "{out:?}"
    );
    let replies: Vec<&String> = out.iter().filter(|l| !l.starts_with("MESSAGE")).collect();
    assert_eq!(replies[0], "OK");
    for r in &replies[1..5] {
        assert!(r.starts_with("ERROR "), "{r}");
    }
    assert!(
        is_moves(replies[5]) && replies[5] != "7,7",
        "{}",
        replies[5]
    );
}
