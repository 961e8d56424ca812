//! Headless tests of the computer player: searches in the background while the app keeps
//! updating, cancelling, undo against the computer, forced wins and blocks at every searching
//! level, draw offers, hints and analysis, mode switches and a whole computer vs computer game.

mod common;

use bevy::prelude::*;
use common::{drain, game, logic_app, send, setup};
use gomoku::ai::AiSettings;
use gomoku::ai::ComputerRequest;
use gomoku::ai::analysis::Analysis;
use gomoku::ai::player::ComputerPlayer;
use gomoku::board::stones::StoneColor;
use gomoku::game::{Game, GameCommand, GameMode, GameSetup, MoveRefused};
use gomoku::save::{FileFormat, OpenRequest, SaveRequest};
use gomoku::ui::actions::{Dialog, UiAction, UiState};
use gomoku_engine::Level;
use gomoku_rules::notation::pos::parse_points;
use gomoku_rules::save::{PlayerKind, SavedGame};
use gomoku_rules::{GameRecord, Outcome, Pos, Reason, Rule, Stone};
use std::path::Path;
use std::time::{Duration, Instant};

fn app(dir: &Path) -> App {
    let mut app = logic_app(dir);
    app.world_mut().resource_mut::<AiSettings>().seed = 7;
    app.update();
    app
}

fn points(text: &str) -> Vec<Pos> {
    parse_points(text, 15).unwrap()
}

fn p(text: &str) -> Pos {
    points(text)[0]
}

fn click(app: &mut App, pos: &str) {
    let request = game(app).local_move(p(pos));
    send(app, request);
}

fn stone_count(app: &mut App) -> usize {
    let mut query = app.world_mut().query::<&StoneColor>();
    query.iter(app.world()).count()
}

fn vs_computer(human: Stone, level: Level) -> GameSetup {
    let mode = GameMode::VsComputer { human, level };
    setup(mode, Rule::Freestyle, "Ann", "")
}

/// Updates until `done` holds (or `limit` passes); returns the number of updates.
fn update_until(app: &mut App, limit: Duration, mut done: impl FnMut(&mut App) -> bool) -> usize {
    let start = Instant::now();
    let mut updates = 0;
    while !done(app) {
        assert!(
            start.elapsed() < limit,
            "not done after {limit:?} ({updates} updates)"
        );
        app.update();
        updates += 1;
        std::thread::sleep(Duration::from_millis(1));
    }
    updates
}

/// Loads `moves` as a game of `setup`'s players (the mode follows from them).
fn load(app: &mut App, setup: &GameSetup, moves: &str) {
    let mut record = GameRecord::new(setup.rule, 15);
    record.play_all(&points(moves)).unwrap();
    send(
        app,
        GameCommand::Load(Box::new(SavedGame {
            record,
            players: setup.seats.players(),
        })),
    );
}

#[test]
fn the_computer_answers_within_its_budget_while_the_app_keeps_updating() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    send(
        &mut app,
        GameCommand::NewGame(vs_computer(Stone::Black, Level::Master)),
    );
    click(&mut app, "h8");
    assert_eq!(stone_count(&mut app), 1);
    let start = Instant::now();
    let mut slowest = Duration::ZERO;
    let mut thinking_updates = 0;
    let mut saw_depth = false;
    while game(&app).record.moves().len() < 2 {
        assert!(start.elapsed() < Duration::from_secs(60), "no answer");
        let frame = Instant::now();
        app.update();
        slowest = slowest.max(frame.elapsed());
        if let Some(thinking) = app.world().resource::<ComputerPlayer>().thinking() {
            thinking_updates += 1;
            saw_depth |= thinking.info.is_some_and(|i| i.depth > 0);
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    // The search runs beside the updates: no update waits for it (how fast it is, is
    // measured by the engine's bench, not here).
    let took = start.elapsed();
    assert!(
        thinking_updates >= 5,
        "only {thinking_updates} updates while thinking"
    );
    assert!(
        slowest * 3 < took,
        "an update took {slowest:?} of the search's {took:?}"
    );
    assert!(saw_depth, "the read-out showed no search depth");
    assert_eq!(stone_count(&mut app), 2);
    assert_eq!(game(&app).record.side_to_move(), Stone::Black);
    let report = app
        .world()
        .resource::<ComputerPlayer>()
        .last
        .clone()
        .unwrap();
    assert_eq!(report.stone, Stone::White);
    assert!(report.outcome.eval.is_some());
}

#[test]
fn the_computer_as_black_opens_at_the_centre() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    send(
        &mut app,
        GameCommand::NewGame(vs_computer(Stone::White, Level::Expert)),
    );
    update_until(&mut app, Duration::from_secs(5), |app| {
        !game(app).record.moves().is_empty()
    });
    assert_eq!(game(&app).record.moves()[0].pos, Pos::new(7, 7));
    assert_eq!(game(&app).record.side_to_move(), Stone::White);
    assert!(
        !game(&app).can_undo(),
        "only the computer's opening is on the board: nothing of the person's to take back"
    );
}

#[test]
fn undo_cancels_the_search_and_takes_back_the_reply_with_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    send(
        &mut app,
        GameCommand::NewGame(vs_computer(Stone::Black, Level::Master)),
    );
    click(&mut app, "h8");
    // Master's first reply takes a second or two on a free core; the limit only catches a hang
    // (the other tests search at the same time on a small machine).
    update_until(&mut app, Duration::from_secs(60), |app| {
        game(app).record.moves().len() == 2
    });
    let reply = game(&app).record.moves()[1].pos;

    // A click while the computer thinks is refused with a notice.
    click(&mut app, "j10");
    app.update();
    assert!(
        app.world()
            .resource::<ComputerPlayer>()
            .thinking()
            .is_some()
    );
    click(&mut app, "a1");
    assert_eq!(game(&app).record.moves().len(), 3, "the click waited");

    // Undo while it thinks: the person's move goes, the search stops, nothing is played.
    send(&mut app, UiAction::Undo);
    app.update();
    assert!(
        app.world()
            .resource::<ComputerPlayer>()
            .thinking()
            .is_none()
    );
    for _ in 0..40 {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(game(&app).points(), vec![p("h8"), reply]);
    assert_eq!(stone_count(&mut app), 2);

    // On the person's turn, undo takes back the computer's reply and the person's move.
    send(&mut app, UiAction::Undo);
    assert!(game(&app).record.moves().is_empty());
    assert_eq!(stone_count(&mut app), 0);
    assert_eq!(game(&app).record.side_to_move(), Stone::Black);
    // Redo replays both, and it is the person's turn again.
    send(&mut app, UiAction::Redo);
    assert_eq!(game(&app).points(), vec![p("h8"), reply]);
    assert_eq!(game(&app).record.side_to_move(), Stone::Black);
    assert!(
        app.world()
            .resource::<ComputerPlayer>()
            .thinking()
            .is_none()
    );
}

/// White (the computer) to move with a four of its own (g3 wins) while black threatens five
/// at h12: it must win.
const WIN_IN_ONE: &str = "b3 c3 h8 d3 h9 e3 h10 h7 h11 f3 o15";
/// White (the computer) to move; black has a four (h8–h11, h7 taken): it must block h12.
const FORCED_BLOCK: &str = "h8 a1 h9 c1 h10 h7 h11";

#[test]
fn every_searching_level_takes_a_win_in_one_and_blocks_a_four() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    for level in Level::ALL.into_iter().filter(|&l| l != Level::Beginner) {
        for rule in [Rule::Freestyle, Rule::Renju] {
            let setup = GameSetup {
                rule,
                ..vs_computer(Stone::Black, level)
            };
            load(&mut app, &setup, WIN_IN_ONE);
            assert_eq!(
                game(&app).mode(),
                setup.mode(),
                "the loaded game keeps its players"
            );
            update_until(&mut app, Duration::from_secs(10), |app| {
                game(app).record.moves().len() == 12
            });
            assert_eq!(
                game(&app).record.last_move(),
                Some(p("g3")),
                "{level} {rule:?} missed the win"
            );
            assert_eq!(
                game(&app).record.result().map(|r| r.outcome),
                Some(Outcome::Win(Stone::White))
            );

            load(&mut app, &setup, FORCED_BLOCK);
            update_until(&mut app, Duration::from_secs(10), |app| {
                game(app).record.moves().len() == 8
            });
            assert_eq!(
                game(&app).record.last_move(),
                Some(p("h12")),
                "{level} {rule:?} missed the block"
            );
        }
    }
}

#[test]
fn draw_offers_are_accepted_only_near_an_even_evaluation() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    let setup = vs_computer(Stone::Black, Level::Expert);
    // White (the computer) has an open three and black nothing to show for it.
    load(&mut app, &setup, "a1 g7 a3 h7 o1 i7 o3 f8 b15");
    drain::<MoveRefused>(&mut app);
    // The computer replies first; then the person offers a draw.
    update_until(&mut app, Duration::from_secs(10), |app| {
        game(app).record.side_to_move() == Stone::Black || game(app).record.is_over()
    });
    assert!(game(&app).in_progress());
    send(&mut app, UiAction::OfferDraw);
    assert_eq!(game(&app).pending.map(|p| p.by), Some(Stone::Black));
    update_until(&mut app, Duration::from_secs(10), |app| {
        game(app).pending.is_none()
    });
    assert!(game(&app).in_progress(), "a winning computer refuses");

    // Four lone stones in the corners: nothing to play for, the computer takes the draw.
    load(&mut app, &setup, "a1 o15 a15 o1");
    send(&mut app, UiAction::OfferDraw);
    update_until(&mut app, Duration::from_secs(10), |app| {
        game(app).pending.is_none()
    });
    let result = game(&app).record.result().cloned();
    assert_eq!(result.map(|r| r.reason), Some(Reason::DrawAgreed));
}

#[test]
fn a_hint_marks_the_winning_point_and_analysis_warns_of_a_threat() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    // Black (the person) to move: black can win at h12 (h8–h11), white threatens g3.
    let setup = vs_computer(Stone::Black, Level::Expert);
    load(&mut app, &setup, "b3 c3 h8 d3 h9 e3 h10 h7 h11 f3");
    send(&mut app, UiAction::Computer(ComputerRequest::Hint));
    update_until(&mut app, Duration::from_secs(10), |app| {
        let game = app.world().resource::<Game>();
        app.world().resource::<Analysis>().hint(game).is_some()
    });
    let hint = {
        let game = app.world().resource::<Game>();
        app.world().resource::<Analysis>().hint(game)
    };
    assert_eq!(hint, Some(p("h12")));

    // Analysis of a position where white threatens five and black has nothing.
    load(&mut app, &setup, "a1 c3 o1 d3 a15 e3 o15 f3");
    send(
        &mut app,
        UiAction::Computer(ComputerRequest::ToggleAnalysis),
    );
    update_until(&mut app, Duration::from_secs(10), |app| {
        let game = app.world().resource::<Game>();
        app.world().resource::<Analysis>().result(game).is_some()
    });
    let world = app.world();
    let game = world.resource::<Game>();
    let view = gomoku::ai::readout::analysis_view(
        world.resource::<Analysis>(),
        game,
        world.resource::<ComputerPlayer>(),
    )
    .unwrap();
    assert_eq!(view.to_move, Stone::Black);
    let threat = view.threat.expect("white's four is a threat");
    assert!(
        threat.contains(&p("g3")) || threat.contains(&p("b3")),
        "{threat:?}"
    );
    assert!(view.eval.unwrap() < 0, "black is worse: {:?}", view.eval);
    assert!(!view.pv.is_empty());
    // The hint is no longer shown once the position has changed.
    assert!(world.resource::<Analysis>().hint(game).is_none());
}

#[test]
fn switching_modes_offers_to_continue_and_a_save_reopens_against_the_computer() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    send(
        &mut app,
        GameCommand::NewGame(GameSetup {
            rule: Rule::Renju,
            ..GameSetup::default()
        }),
    );
    click(&mut app, "h8");
    click(&mut app, "i9");
    let mode = GameMode::VsComputer {
        human: Stone::Black,
        level: Level::Expert,
    };
    send(&mut app, UiAction::SwitchMode(mode));
    assert_eq!(
        app.world().resource::<UiState>().dialog,
        Some(Dialog::SwitchMode(mode))
    );
    send(
        &mut app,
        UiAction::SwitchModeAnswer {
            keep_position: true,
        },
    );
    assert_eq!(game(&app).mode(), mode);
    assert_eq!(game(&app).points(), points("h8 i9"));
    assert_eq!(
        game(&app).players().white.kind,
        PlayerKind::Computer {
            level: "Expert".into()
        }
    );
    // The person plays on; the computer answers.
    click(&mut app, "h9");
    update_until(&mut app, Duration::from_secs(10), |app| {
        game(app).record.moves().len() == 4
    });

    let path = dir.path().join("vs computer.ron");
    send(
        &mut app,
        SaveRequest {
            path: path.clone(),
            format: FileFormat::Ron,
        },
    );
    send(&mut app, GameCommand::NewGame(GameSetup::default()));
    assert_eq!(game(&app).mode(), GameMode::HotSeat);
    send(
        &mut app,
        OpenRequest {
            path,
            rule: Rule::Renju,
        },
    );
    app.update();
    assert_eq!(game(&app).mode(), mode);
    assert_eq!(game(&app).record.moves().len(), 4);

    // Switching to a new game instead of continuing.
    let watch = GameMode::ComputerVsComputer {
        black: Level::Beginner,
        white: Level::Beginner,
    };
    send(&mut app, UiAction::SwitchMode(watch));
    send(
        &mut app,
        UiAction::SwitchModeAnswer {
            keep_position: false,
        },
    );
    assert_eq!(game(&app).mode(), watch);
    assert!(game(&app).record.moves().len() <= 1, "a new game started");
}

#[test]
fn computer_vs_computer_plays_a_whole_game_to_a_result() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    app.world_mut().resource_mut::<AiSettings>().pace = 0.0;
    send(
        &mut app,
        GameCommand::NewGame(setup(
            GameMode::ComputerVsComputer {
                black: Level::Novice,
                white: Level::Beginner,
            },
            Rule::Renju,
            "",
            "",
        )),
    );
    drain::<MoveRefused>(&mut app);
    // Pause stops the game; resume goes on.
    update_until(&mut app, Duration::from_secs(10), |app| {
        game(app).record.moves().len() >= 3
    });
    send(&mut app, UiAction::Computer(ComputerRequest::TogglePause));
    let paused_at = game(&app).record.moves().len();
    for _ in 0..30 {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(game(&app).record.moves().len() <= paused_at + 1);
    send(&mut app, UiAction::Computer(ComputerRequest::TogglePause));
    update_until(&mut app, Duration::from_secs(120), |app| {
        game(app).record.is_over()
    });
    let result = game(&app).record.result().unwrap().clone();
    assert!(
        matches!(
            result.reason,
            Reason::Five | Reason::BoardFull | Reason::Resignation
        ),
        "{result:?}"
    );
    assert!(game(&app).record.moves().len() >= 9);
    assert!(
        drain::<MoveRefused>(&mut app).is_empty(),
        "every computer move was legal"
    );
    assert_eq!(stone_count(&mut app), game(&app).record.moves().len());
}

#[test]
fn a_searching_level_resigns_a_lost_position_only_when_the_setting_is_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    // Black (the person) has an open four: white (the computer) cannot stop five.
    let lost = "h8 a1 h9 c1 h10 e1 h11";
    let setup = vs_computer(Stone::Black, Level::Expert);
    load(&mut app, &setup, lost);
    update_until(&mut app, Duration::from_secs(10), |app| {
        game(app).record.is_over()
    });
    let result = game(&app).record.result().unwrap().clone();
    assert_eq!(result.outcome, Outcome::Win(Stone::Black));
    assert_eq!(result.reason, Reason::Resignation);
    assert_eq!(game(&app).record.moves().len(), 7);

    app.world_mut().resource_mut::<AiSettings>().resign_hopeless = false;
    load(&mut app, &setup, lost);
    update_until(&mut app, Duration::from_secs(10), |app| {
        game(app).record.moves().len() == 8
    });
    assert!(game(&app).in_progress(), "it plays on");

    // The weaker levels never resign.
    app.world_mut().resource_mut::<AiSettings>().resign_hopeless = true;
    load(&mut app, &vs_computer(Stone::Black, Level::Novice), lost);
    update_until(&mut app, Duration::from_secs(10), |app| {
        game(app).record.moves().len() == 8
    });
    assert!(game(&app).in_progress());
}
