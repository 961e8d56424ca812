//! Game review, headless: "Analyse game" runs in the background with a small fixed node
//! budget, marks the blunder that gave the game away with the engine's better move and
//! line, is saved with the game and read back without analysing again, can be stopped and
//! continued, and stops when the game changes under it.

mod common;

use common::*;
use gomoku::game::{GameCommand, Notice, ReviewNotice};
use gomoku::review::view::review_ghosts;
use gomoku::review::{ReviewBudget, ReviewState};
use gomoku::save::{FileFormat, OpenRequest, SaveRequest};
use gomoku::ui::actions::UiAction;
use gomoku_engine::review::{Judgement, ReviewSettings};
use gomoku_rules::{Outcome, Rule, Stone};
use std::time::{Duration, Instant};

/// Black builds an open three on row 8; white's 6th move (a15) ignores it; black makes an
/// open four and five.
const BLUNDER_GAME: &str = "h8i7g8i9f8a15i8e8j8";

fn small() -> ReviewBudget {
    ReviewBudget(ReviewSettings {
        nodes: 20_000,
        vcf_nodes: 20_000,
        vct_nodes: 20_000,
    })
}

fn state(app: &bevy::prelude::App) -> &ReviewState {
    app.world().resource::<ReviewState>()
}

/// Runs updates until the analysis is no longer running (at most a minute).
fn wait_for_review(app: &mut bevy::prelude::App) {
    let start = Instant::now();
    while state(app).running() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the analysis did not finish"
        );
        std::thread::sleep(Duration::from_millis(10));
        app.update();
    }
}

fn review_notices(app: &mut bevy::prelude::App) -> Vec<ReviewNotice> {
    drain::<Notice>(app)
        .into_iter()
        .filter_map(|n| match n {
            Notice::Review(r) => Some(r),
            _ => None,
        })
        .collect()
}

/// A hot-seat freestyle game played to black's five, then analysed.
fn analysed_game(dir: &std::path::Path) -> bevy::prelude::App {
    let mut app = app(dir);
    app.insert_resource(small());
    send(
        &mut app,
        GameCommand::NewGame(setup(
            gomoku::game::GameMode::HotSeat,
            Rule::Freestyle,
            "Ann",
            "Bo",
        )),
    );
    click(&mut app, BLUNDER_GAME);
    assert_eq!(
        game(&app).record.result().map(|r| r.outcome),
        Some(Outcome::Win(Stone::Black))
    );
    drain::<Notice>(&mut app);
    send(&mut app, UiAction::AnalyseGame);
    assert!(state(&app).running(), "the analysis runs in the background");
    wait_for_review(&mut app);
    app
}

#[test]
fn a_finished_game_is_analysed_and_the_blunder_marked_with_the_better_move_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = analysed_game(dir.path());
    assert!(
        review_notices(&mut app)
            .iter()
            .any(|n| matches!(n, ReviewNotice::Finished { .. }))
    );
    let review = state(&app).finished(game(&app)).expect("finished").clone();
    let graph = review.graph();
    assert_eq!(graph.len(), 10, "one point per position: {graph:?}");
    assert!(graph.iter().all(|c| (-1.0..=1.0).contains(c)));
    // The game ended with black's five: black's chances are 1 at the end.
    assert_eq!(graph[9], 1.0);
    let blunder = &review.moves[5];
    assert_eq!(blunder.mover, Stone::White);
    assert_eq!(blunder.judgement, Judgement::Blunder, "{blunder:?}");
    let better = blunder.better.expect("a better move");
    assert_eq!(review.white.blunders, 1);
    assert_eq!(review.black.blunders, 0);

    // The replay shows the position after the blunder: the better move is a ghost stone.
    send(&mut app, UiAction::ReplayTo(6));
    assert_eq!(game(&app).replay_index(), 6);
    let ghosts = review_ghosts(state(&app), game(&app));
    assert_eq!(ghosts.len(), 1, "{ghosts:?}");
    assert_eq!((ghosts[0].pos, ghosts[0].stone), (better, Stone::White));

    // The line instead of the blunder: the replay steps back one move and shows it numbered.
    send(&mut app, UiAction::ShowBetterLine(Some(6)));
    assert_eq!(game(&app).replay_index(), 5);
    let line = review_ghosts(state(&app), game(&app));
    assert!(!line.is_empty());
    assert_eq!(line[0].pos, better);
    assert_eq!(line[0].number, Some(1));
    assert!(
        line.iter()
            .all(|g| game(&app).record.board().is_empty_at(g.pos))
    );
    send(&mut app, UiAction::ShowBetterLine(None));
    assert_eq!(state(&app).line_for, None);
}

#[test]
fn the_review_is_saved_with_the_game_and_reopened_without_analysing_again() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = analysed_game(dir.path());
    let saved = state(&app).finished(game(&app)).unwrap().clone();
    let path = dir.path().join("reviewed.ron");
    send(
        &mut app,
        SaveRequest {
            path: path.clone(),
            format: FileFormat::Ron,
        },
    );
    // Another game: the review is not shown for it.
    send(
        &mut app,
        GameCommand::NewGame(setup(
            gomoku::game::GameMode::HotSeat,
            Rule::Freestyle,
            "",
            "",
        )),
    );
    assert!(state(&app).for_game(game(&app)).is_none());
    send(
        &mut app,
        OpenRequest {
            path: path.clone(),
            rule: Rule::Freestyle,
        },
    );
    app.update();
    assert!(!state(&app).running());
    assert_eq!(state(&app).finished(game(&app)), Some(&saved));
    assert!(
        !state(&app).can_start(game(&app)),
        "nothing left to analyse"
    );

    // A damaged analysis section: the game still opens, the analysis is not used.
    let text = std::fs::read_to_string(&path).unwrap();
    let at = text.find("analysis:").expect("the file keeps the analysis");
    let damaged = format!("{}analysis: Some((version: \"x\")),\n)", &text[..at]);
    let broken = dir.path().join("damaged.ron");
    std::fs::write(&broken, damaged).unwrap();
    drain::<Notice>(&mut app);
    send(
        &mut app,
        OpenRequest {
            path: broken,
            rule: Rule::Freestyle,
        },
    );
    app.update();
    assert_eq!(game(&app).record.moves().len(), 9, "the game opened");
    assert!(
        review_notices(&mut app).contains(&ReviewNotice::SavedReviewUnusable),
        "the player is told"
    );
}

#[test]
fn a_stopped_analysis_keeps_its_positions_and_continues_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    app.insert_resource(ReviewBudget(ReviewSettings {
        nodes: 100_000,
        vcf_nodes: 30_000,
        vct_nodes: 30_000,
    }));
    click(&mut app, BLUNDER_GAME);
    send(&mut app, UiAction::AnalyseGame);
    // Wait for a couple of positions, then stop.
    let start = Instant::now();
    while state(&app).progress().is_none_or(|p| p.done < 2) {
        assert!(start.elapsed() < Duration::from_secs(60));
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
    drain::<Notice>(&mut app);
    send(&mut app, UiAction::StopAnalysis);
    assert!(!state(&app).running());
    assert!(
        review_notices(&mut app)
            .iter()
            .any(|n| matches!(n, ReviewNotice::Stopped { total: 10, .. }))
    );
    let partial = state(&app)
        .for_game(game(&app))
        .expect("kept")
        .positions
        .len();
    assert!((2..10).contains(&partial), "{partial}");
    assert!(state(&app).can_start(game(&app)));
    // The same budget: the positions done are kept.
    send(&mut app, UiAction::AnalyseGame);
    assert!(
        state(&app).progress().is_some_and(|p| p.done >= partial),
        "continues where it stopped"
    );
    wait_for_review(&mut app);
    let review = state(&app).finished(game(&app)).expect("finished");
    assert_eq!(review.positions.len(), 10);
}

#[test]
fn a_game_that_changes_stops_its_analysis() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    app.insert_resource(ReviewBudget(ReviewSettings {
        nodes: 2_000_000,
        vcf_nodes: 50_000,
        vct_nodes: 50_000,
    }));
    click(&mut app, "h8i7g8");
    send(&mut app, UiAction::AnalyseGame);
    assert!(state(&app).running());
    drain::<Notice>(&mut app);
    click(&mut app, "i9");
    app.update();
    assert!(!state(&app).running());
    assert!(review_notices(&mut app).contains(&ReviewNotice::GameChanged));
    // Nothing to analyse on an empty board.
    send(&mut app, GameCommand::Restart);
    send(&mut app, UiAction::AnalyseGame);
    assert!(!state(&app).running());
    assert!(review_notices(&mut app).contains(&ReviewNotice::NothingToReview));
}
