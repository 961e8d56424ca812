//! Statistics and replay, headless. Statistics: a game won in play counts once per player and
//! per mode (a result taken back and replaced is replaced, a finished game opened is not
//! counted), they survive a restart, clear on request, and a corrupted file starts afresh with a
//! message. Replay: stepping reaches every position of a record, the end shows the result
//! again, and "continue from here" drops the later moves and plays on.

mod common;

use bevy::prelude::*;
use common::{app, drain, game, send, setup};
use gomoku::board::stones::{BoardPos, StoneColor};
use gomoku::game::{Actor, FileNotice, GameCommand, GameMode, Notice};
use gomoku::stats::{self, ModeKey, ResetStats, STATS_FILE, Stats, Tally};
use gomoku::ui::actions::{ReplayStep, UiAction};
use gomoku_engine::Level;
use gomoku_rules::notation::pos::parse_points;
use gomoku_rules::save::SavedGame;
use gomoku_rules::{GameRecord, Outcome, Pos, Rule, Stone};
use std::collections::HashSet;

fn play(app: &mut App, moves: &str) {
    for p in parse_points(moves, 15).unwrap() {
        let request = game(app).local_move(p);
        send(app, request);
    }
}

fn stats(app: &App) -> Stats {
    app.world().resource::<Stats>().clone()
}

fn hot_seat(app: &mut App) {
    send(
        app,
        GameCommand::NewGame(setup(GameMode::HotSeat, Rule::Freestyle, "Ann", "Bo")),
    );
}

const BLACK_WINS: &str = "h8a1h9a2h10a3h11a4h12";

#[test]
fn a_won_game_counts_once_per_player_and_mode_and_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    hot_seat(&mut app);
    play(&mut app, BLACK_WINS);
    assert_eq!(
        game(&app).record.result().unwrap().outcome,
        Outcome::Win(Stone::Black)
    );
    let won = |wins, losses| Tally {
        wins,
        losses,
        draws: 0,
    };
    assert_eq!(stats(&app).players["Ann"], won(1, 0));
    assert_eq!(stats(&app).players["Bo"], won(0, 1));
    assert_eq!(stats(&app).modes[&ModeKey::HotSeat], won(1, 0));

    // Taken back and won by white instead: the count is replaced, not added to.
    send(&mut app, UiAction::Undo);
    send(&mut app, UiAction::Undo);
    play(&mut app, "a4b9a5");
    assert_eq!(
        game(&app).record.result().map(|r| r.outcome),
        Some(Outcome::Win(Stone::White)),
    );
    assert_eq!(stats(&app).players["Ann"], won(0, 1), "{:?}", stats(&app));
    assert_eq!(stats(&app).players["Bo"], won(1, 0));
    assert_eq!(stats(&app).modes[&ModeKey::HotSeat], won(0, 1));

    // Opening a finished game does not count it.
    let finished = SavedGame {
        record: game(&app).record.clone(),
        players: game(&app).players(),
    };
    send(&mut app, GameCommand::Load(Box::new(finished)));
    assert_eq!(stats(&app).players["Ann"], won(0, 1));

    // Against the computer, by level and from the person's side.
    send(
        &mut app,
        GameCommand::NewGame(setup(
            GameMode::VsComputer {
                human: Stone::Black,
                level: Level::Novice,
            },
            Rule::Freestyle,
            "Ann",
            "",
        )),
    );
    send(
        &mut app,
        GameCommand::Resign {
            stone: Stone::Black,
            from: Actor::Local,
        },
    );
    let key = ModeKey::VsComputer {
        level: "Novice".into(),
    };
    assert_eq!(stats(&app).modes[&key], won(0, 1));
    assert_eq!(stats(&app).players["Ann"], won(0, 2));

    drop(app);
    let (read, problem) = stats::load(dir.path());
    assert_eq!(problem, None);
    assert_eq!(read.players["Ann"], won(0, 2));
    let again = self::app(dir.path());
    assert_eq!(stats(&again), read, "the next run starts from the file");
}

#[test]
fn statistics_clear_on_request() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    hot_seat(&mut app);
    play(&mut app, BLACK_WINS);
    assert!(!stats(&app).players.is_empty());
    send(&mut app, UiAction::ResetStatistics);
    send(&mut app, UiAction::Confirm);
    assert_eq!(stats(&app), Stats::default());
    assert_eq!(stats::load(dir.path()).0, Stats::default());
}

#[test]
fn a_corrupted_statistics_file_starts_afresh_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(STATS_FILE), "(players: {\"Ann\": (wins: -3").unwrap();
    let mut app = app(dir.path());
    assert_eq!(stats(&app), Stats::default());
    let notices = drain::<Notice>(&mut app);
    assert!(
        notices
            .iter()
            .any(|n| n.is_error() && matches!(n, Notice::File(FileNotice::StatisticsUnreadable(_)))),
        "{notices:?}"
    );
    assert!(dir.path().join("stats.ron.broken").exists());
    hot_seat(&mut app);
    play(&mut app, BLACK_WINS);
    assert_eq!(stats::load(dir.path()).0.players["Ann"].wins, 1);
    send(&mut app, ResetStats);
}

/// The stones on the board as entities.
fn stones(app: &mut App) -> HashSet<(Pos, Stone)> {
    let mut query = app.world_mut().query::<(&BoardPos, &StoneColor)>();
    query.iter(app.world()).map(|(p, c)| (p.0, c.0)).collect()
}

#[test]
fn replay_reaches_every_position_of_a_record() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    let moves = parse_points(BLACK_WINS, 15).unwrap();
    let mut record = GameRecord::new(Rule::Freestyle, 15);
    record.play_all(&moves).unwrap();
    let players = gomoku::game::Seats::default().players();
    send(
        &mut app,
        GameCommand::Load(Box::new(SavedGame { record, players })),
    );
    assert_eq!(game(&app).replay_len(), moves.len());

    let expect = |n: usize| -> HashSet<(Pos, Stone)> {
        moves[..n]
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, Stone::for_move(i)))
            .collect()
    };
    // Backwards one move at a time from the end, then forwards, then jumps.
    send(&mut app, UiAction::Replay(ReplayStep::First));
    assert_eq!(stones(&mut app), expect(0));
    assert!(game(&app).review.is_some());
    for n in 1..=moves.len() {
        send(&mut app, UiAction::Replay(ReplayStep::Forward));
        assert_eq!(game(&app).replay_index(), n);
        assert_eq!(stones(&mut app), expect(n), "after move {n}");
        assert_eq!(game(&app).record.moves().len(), n);
    }
    assert!(game(&app).record.is_over(), "the end shows the result");
    assert!(
        game(&app).review.is_none(),
        "back at the game's own position"
    );
    for n in (0..moves.len()).rev() {
        send(&mut app, UiAction::Replay(ReplayStep::Back));
        assert_eq!(stones(&mut app), expect(n), "back to move {n}");
        assert!(!game(&app).record.is_over());
    }
    for n in [5, 2, 9, 0, 7] {
        send(&mut app, UiAction::ReplayTo(n));
        assert_eq!(stones(&mut app), expect(n), "slider at {n}");
    }
    // While replaying, a click does not play.
    play(&mut app, "o15");
    assert_eq!(game(&app).record.moves().len(), 7);

    // Continue from move 7: the two later moves are dropped and play goes on.
    send(&mut app, UiAction::ContinueFromHere);
    assert!(game(&app).review.is_none());
    assert_eq!(game(&app).replay_len(), 7);
    assert!(game(&app).in_progress());
    play(&mut app, "o15");
    assert_eq!(game(&app).record.moves().len(), 8);
    assert_eq!(game(&app).replay_len(), 8);
}
