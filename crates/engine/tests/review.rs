//! Game review on short freestyle games with a small fixed node budget: the graph is
//! repeatable and plausible, a blunder that hands the opponent a forced win is marked, a
//! missed VCF is reported with its line, and a review can be stopped, resumed and saved.

use gomoku_engine::review::{
    GameReview, Judgement, Review, ReviewSettings, Step, WinKind, chances_from_eval,
};
use gomoku_engine::{MATE, review_game};
use gomoku_rules::{GameRecord, Pos, Rule, Stone};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

const SMALL: ReviewSettings = ReviewSettings {
    nodes: 20_000,
    vcf_nodes: 20_000,
    vct_nodes: 20_000,
};

fn pts(list: &[(u8, u8)]) -> Vec<Pos> {
    list.iter().map(|&(x, y)| Pos::new(x, y)).collect()
}

/// Black builds an open three on row 8 (f8 g8 h8); white's 6th move goes to the corner
/// instead of blocking; black makes an open four and five.
fn blunder_game() -> Vec<Pos> {
    pts(&[
        (7, 7),
        (8, 6),
        (6, 7),
        (8, 8),
        (5, 7),
        (0, 14), // the blunder
        (8, 7),
        (4, 7),
        (9, 7),
    ])
}

/// Black gets a blocked three on row 8 (white at e8) and a vertical two (j10 j9); at move 11
/// black has a VCF starting at j8 (a four and an open three) but plays m13.
fn missed_vcf_game() -> Vec<Pos> {
    pts(&[
        (7, 7),
        (8, 8),
        (6, 7),
        (8, 6),
        (5, 7),
        (4, 7),
        (9, 5),
        (6, 9),
        (9, 6),
        (7, 5),
        (12, 12), // misses j8
        (8, 7),
    ])
}

fn review(moves: &[Pos], settings: ReviewSettings) -> GameReview {
    let mut r = Review::from_moves(Rule::Freestyle, 15, moves, settings).unwrap();
    let stop = AtomicBool::new(false);
    while let Step::Reviewed(_) = r.step(&stop) {}
    assert!(r.is_finished());
    r.review()
}

#[test]
fn a_blunder_that_loses_is_marked_and_the_graph_is_plausible() {
    let moves = blunder_game();
    let rv = review(&moves, SMALL);
    let graph = rv.graph();
    assert_eq!(graph.len(), moves.len() + 1);
    assert_eq!(rv.moves.len(), moves.len());
    assert!(graph.iter().all(|c| (-1.0..=1.0).contains(c)), "{graph:?}");
    assert!(
        graph[0].abs() < 0.5,
        "the empty board is balanced: {graph:?}"
    );
    // Before the blunder neither side has a proven win; from it on black has one.
    assert!(graph[..5].iter().all(|&c| c < 1.0 && c > -1.0), "{graph:?}");
    assert!(graph[6..].iter().all(|&c| c == 1.0), "{graph:?}");
    let last = rv.positions.last().unwrap();
    assert!(last.terminal && last.eval == -MATE && last.to_move == Stone::White);

    let blunder = &rv.moves[5];
    assert_eq!(blunder.mover, Stone::White);
    assert_eq!(blunder.judgement, Judgement::Blunder, "{blunder:?}");
    assert_eq!(blunder.after, -1.0);
    // The engine's better move blocks the open three at one of its ends.
    let blocks = pts(&[(3, 7), (4, 7), (8, 7), (9, 7)]);
    assert!(blocks.contains(&blunder.better.unwrap()), "{blunder:?}");
    assert!(!blunder.better_line.is_empty());
    // Black, once winning, wins with an open four and a five: no blunder, no missed win
    // (the early moves may be judged finer, which depends on the engine's version).
    let black = rv.summary(Stone::Black);
    assert_eq!(black.moves, 5);
    assert_eq!((black.blunders, black.missed_wins), (0, 0));
    assert!(rv.moves[6..].iter().all(|m| m.loss == 0.0));
    assert!(rv.moves[6].missed_win.is_none(), "i8 also wins");
    assert!(rv.white.blunders >= 1);
    let judged = |s: &gomoku_engine::review::PlayerSummary| {
        s.best + s.inaccuracies + s.mistakes + s.blunders
    };
    assert!(judged(&rv.white) <= rv.white.moves);
    assert!(rv.matches(Rule::Freestyle, 15, &moves));
}

#[test]
fn a_review_is_repeatable_and_survives_a_save() {
    let moves = blunder_game();
    let first = review(&moves, SMALL);
    assert_eq!(first, review(&moves, SMALL), "same budget, same review");
    let text = ron::ser::to_string(&first).unwrap();
    let back: GameReview = ron::from_str(&text).unwrap();
    assert_eq!(back, first);
}

#[test]
fn a_missed_vcf_is_reported_with_its_line() {
    let moves = missed_vcf_game();
    let rv = review(&moves, SMALL);
    let missed: Vec<usize> = rv
        .moves
        .iter()
        .filter(|m| m.missed_win.is_some())
        .map(|m| m.index)
        .collect();
    assert_eq!(missed, vec![10], "{:#?}", rv.moves);
    let m = &rv.moves[10];
    assert_eq!(m.mover, Stone::Black);
    let win = m.missed_win.as_ref().unwrap();
    assert_eq!(win.kind, WinKind::Vcf);
    assert_eq!(win.line[0], Pos::new(9, 7), "j8: a four and an open three");
    assert!(win.line.len() >= 3, "a sequence of fours: {:?}", win.line);
    assert!(m.judgement >= Judgement::Mistake, "{m:?}");
    assert_eq!(rv.black.missed_wins, 1);
    // The line is playable from the position: black's moves legal, white's forced.
    let mut g = GameRecord::new(Rule::Freestyle, 15);
    g.play_all(&moves[..10]).unwrap();
    g.play_all(&win.line).unwrap();
    assert_eq!(rv.positions[10].black_chances, 1.0);
}

#[test]
fn a_vcf_carried_out_keeps_the_winner_at_one_all_the_way() {
    // The same game, but black plays its VCF: j8 (four and three), i8 forced, j5 open four.
    let mut moves = missed_vcf_game()[..10].to_vec();
    moves.extend(pts(&[(9, 7), (8, 7), (9, 4), (9, 3), (9, 8)]));
    let rv = review(&moves, SMALL);
    let graph = rv.graph();
    assert!(graph[10..].iter().all(|&c| c == 1.0), "{graph:?}");
    assert!(rv.positions.last().unwrap().terminal);
    for m in rv.moves[10..].iter().filter(|m| m.mover == Stone::Black) {
        assert_eq!(m.loss, 0.0, "{m:?}");
        assert!(m.missed_win.is_none(), "{m:?}");
    }
}

#[test]
fn progress_counts_every_position_and_estimates_the_time_left() {
    let moves = blunder_game();
    let mut record = GameRecord::new(Rule::Freestyle, 15);
    record.play_all(&moves).unwrap();
    let stop = AtomicBool::new(false);
    let mut seen = Vec::new();
    let rv = review_game(&record, SMALL, &stop, &mut |p| seen.push(*p))
        .unwrap()
        .expect("not stopped");
    assert_eq!(seen.len(), moves.len() + 1);
    for (i, p) in seen.iter().enumerate() {
        assert_eq!((p.done, p.total), (i + 1, moves.len() + 1));
        assert!(p.remaining.is_some());
    }
    assert_eq!(seen.last().unwrap().remaining, Some(Duration::ZERO));
    assert_eq!(rv, review(&moves, SMALL));
}

#[test]
fn a_stopped_review_resumes_where_it_was() {
    let moves = missed_vcf_game();
    let whole = review(&moves, SMALL);
    let mut r = Review::from_moves(Rule::Freestyle, 15, &moves, SMALL).unwrap();
    let stop = AtomicBool::new(false);
    for _ in 0..4 {
        assert!(matches!(r.step(&stop), Step::Reviewed(_)));
    }
    stop.store(true, Ordering::Relaxed);
    assert_eq!(r.step(&stop), Step::Stopped);
    assert_eq!(r.done(), 4);
    // A partial review keeps the moves between reviewed positions and can be saved…
    let partial = r.review();
    assert_eq!((partial.positions.len(), partial.moves.len()), (4, 3));
    // …and resumed by a new review of the same game.
    let mut again = Review::from_moves(Rule::Freestyle, 15, &moves, SMALL).unwrap();
    again.resume(&partial);
    assert_eq!(again.done(), 4);
    stop.store(false, Ordering::Relaxed);
    while let Step::Reviewed(_) = again.step(&stop) {}
    assert_eq!(again.step(&stop), Step::Finished);
    assert_eq!(again.review(), whole);
    // A review of another game is not resumed.
    let mut other = Review::from_moves(Rule::Freestyle, 15, &moves[..5], SMALL).unwrap();
    other.resume(&partial);
    assert_eq!(other.done(), 0);
}

#[test]
fn the_stop_flag_ends_a_long_position_at_once() {
    let huge = ReviewSettings {
        nodes: 500_000_000,
        vcf_nodes: 20_000,
        vct_nodes: 20_000,
    };
    let moves = blunder_game();
    let mut r = Review::from_moves(Rule::Freestyle, 15, &moves[..4], huge).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let setter = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            stop.store(true, Ordering::Relaxed);
        })
    };
    let start = Instant::now();
    let mut steps = Vec::new();
    loop {
        let s = r.step(&stop);
        steps.push(s);
        if !matches!(s, Step::Reviewed(_)) {
            break;
        }
    }
    setter.join().unwrap();
    assert_eq!(steps.last(), Some(&Step::Stopped));
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "stopped promptly"
    );
    assert!(r.done() < r.total());
}

#[test]
fn an_illegal_game_is_refused_with_the_move() {
    let moves = pts(&[(7, 7), (8, 8), (7, 7)]);
    let err = Review::from_moves(Rule::Freestyle, 15, &moves, SMALL)
        .err()
        .expect("occupied");
    assert_eq!(err.index, 2);
    assert!(err.to_string().starts_with("move 3 (h8)"), "{err}");
}

#[test]
fn chances_follow_the_documented_logistic() {
    assert_eq!(chances_from_eval(0), 0.0);
    assert_eq!(chances_from_eval(MATE - 3), 1.0);
    assert_eq!(chances_from_eval(-(MATE - 3)), -1.0);
    assert!((chances_from_eval(1041) - 0.462).abs() < 0.01);
    assert!((chances_from_eval(-2082) + 0.762).abs() < 0.01);
    // The scale is the one the evaluation weights were fitted with.
    let fitted = gomoku_engine::eval::weight_set().scale;
    assert!(
        (fitted - gomoku_engine::review::CHANCE_SCALE).abs() < 1.0,
        "the weight file's scale is {fitted}"
    );
}
