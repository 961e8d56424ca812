//! The puzzle trainer in the game: a shipped puzzle solved by playing its solution (the
//! engine's replies arrive as the trainer seat's stones), failed with a quiet move (the
//! solution shown), a refused move that changes nothing, what a puzzle locks, progress saved
//! and read back, a damaged progress file, and leaving the trainer for the game before it.

mod common;

use bevy::prelude::*;
use common::{app, click, drain, game, p, send};
use gomoku::ai::ComputerRequest;
use gomoku::game::{
    Actor, GameCommand, MoveRefused, Notice, Origin, ProposalKind, Propose, PuzzleNotice, Refusal,
    StonePlaced,
};
use gomoku::puzzles::progress::PROGRESS_FILE;
use gomoku::puzzles::view::solution_line;
use gomoku::puzzles::{AttemptState, Mark, Progress, PuzzleRequest, Trainer};
use gomoku::ui::actions::{Dialog, UiState};
use gomoku_engine::puzzles::{Puzzle, five_points};
use gomoku_rules::{MoveError, Pos, Stone};
use std::time::{Duration, Instant};

/// A win by fours of four moves whose first move is the only winning one (black).
const FOURS: &str = "freestyle-fours-036";

fn trainer(app: &App) -> &Trainer {
    app.world().resource::<Trainer>()
}

fn progress(app: &App) -> &Progress {
    app.world().resource::<Progress>()
}

fn state(app: &App) -> AttemptState {
    trainer(app).current.as_ref().expect("a puzzle is on").state
}

fn puzzle(app: &App, id: &str) -> Puzzle {
    trainer(app)
        .puzzles
        .iter()
        .find(|p| p.id == id)
        .expect("shipped")
        .clone()
}

/// Runs updates until the engine's check of the last move is done and its reply (if any)
/// is on the board; the stones placed meanwhile (read after every update: messages do not
/// last).
fn settle(app: &mut App) -> Vec<StonePlaced> {
    let started = Instant::now();
    let mut placed = drain::<StonePlaced>(app);
    loop {
        app.update();
        placed.extend(drain::<StonePlaced>(app));
        let waiting = trainer(app).busy()
            || matches!(state(app), AttemptState::Defending { .. })
            || trainer(app).attempt_record().map(|r| r.moves().len())
                != Some(game(app).record.moves().len());
        if !waiting {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the defence never came"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    // The frame after: a finished puzzle is ended.
    app.update();
    placed.extend(drain::<StonePlaced>(app));
    placed
}

fn open(app: &mut App, id: &str) {
    send(app, PuzzleRequest::Open(id.to_owned()));
    app.update();
}

#[test]
fn playing_the_solution_solves_the_puzzle_against_the_engines_defence() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    let puzzle = puzzle(&app, FOURS);
    open(&mut app, FOURS);
    assert!(game(&app).in_puzzle());
    assert_eq!(game(&app).record.moves().len(), puzzle.moves.len());
    assert_eq!(game(&app).seats.actor(puzzle.side), Actor::Local);
    assert_eq!(
        game(&app).seats.actor(puzzle.side.opponent()),
        Actor::Trainer
    );
    assert_eq!(state(&app), AttemptState::Playing);
    drain::<StonePlaced>(&mut app);
    let mut replies = Vec::new();
    for pair in puzzle.solution.chunks(2) {
        click(&mut app, &pair[0].to_string());
        // The defence is not there at once: the check runs in the background.
        if pair.len() == 2 {
            assert!(matches!(state(&app), AttemptState::Defending { .. }));
        }
        let placed = settle(&mut app);
        eprintln!(
            "{}: the check of {} took {:?}",
            FOURS,
            pair[0],
            trainer(&app).last_check
        );
        for placed in placed {
            if placed.origin == Origin::Seat(Actor::Trainer) {
                assert_eq!(placed.stone, puzzle.side.opponent());
                replies.push(placed.pos);
            }
        }
    }
    let expected: Vec<Pos> = puzzle.solution.iter().skip(1).step_by(2).copied().collect();
    assert_eq!(
        replies[..expected.len()],
        expected,
        "the engine blocked each four"
    );
    // The solution may end in a threat that cannot be stopped: then the five follows.
    if state(&app) == AttemptState::Playing {
        let five = five_points(game(&app).record.board(), puzzle.side, puzzle.rule);
        assert!(!five.is_empty(), "the last threat leaves a five");
        click(&mut app, &five[0].to_string());
        settle(&mut app);
    }
    assert_eq!(state(&app), AttemptState::Solved);
    assert!(game(&app).record.is_over());
    assert!(!game(&app).active, "a solved puzzle takes no more moves");
    assert_eq!(progress(&app).mark(FOURS), Mark::Solved);
    assert_eq!(progress(&app).entry(FOURS).attempts, 1);
    // The trainer's panel tells the result: no result dialog, no statistics.
    assert_eq!(app.world().resource::<UiState>().dialog, None);
    let stats = std::fs::read_to_string(dir.path().join("stats.ron")).unwrap_or_default();
    assert!(!stats.contains("wins: 1"), "{stats}");
    // A move after the end is refused with the trainer's words.
    drain::<Notice>(&mut app);
    click(&mut app, "a1");
    assert!(
        drain::<Notice>(&mut app).contains(&Notice::Puzzle(PuzzleNotice::Over)),
        "told the puzzle is over"
    );
}

#[test]
fn a_quiet_move_fails_and_the_solution_is_shown() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    let puzzle = puzzle(&app, FOURS);
    open(&mut app, FOURS);
    click(&mut app, "a1");
    settle(&mut app);
    assert_eq!(
        state(&app),
        AttemptState::Failed {
            mv: Some(p("a1")),
            defence: None
        }
    );
    assert_eq!(progress(&app).mark(FOURS), Mark::Failed);
    assert!(!game(&app).active);
    assert!(solution_line(trainer(&app), game(&app)).is_empty());
    send(&mut app, PuzzleRequest::ShowSolution(true));
    app.update();
    // The puzzle's position again, with its solution drawn over it, numbered.
    assert_eq!(game(&app).record.moves().len(), puzzle.moves.len());
    assert!(!game(&app).active);
    let line = solution_line(trainer(&app), game(&app));
    let points: Vec<Pos> = line.iter().map(|g| g.pos).collect();
    assert_eq!(points, puzzle.solution);
    assert_eq!(line[0].stone, puzzle.side);
    assert!(line[0].ringed, "the first move is ringed");
    assert_eq!(line[1].stone, puzzle.side.opponent());
    assert_eq!(line.last().unwrap().number, Some(puzzle.solution.len()));
    // Back to the attempt: the quiet move is on the board again.
    send(&mut app, PuzzleRequest::ShowSolution(false));
    app.update();
    assert_eq!(game(&app).record.moves().len(), puzzle.moves.len() + 1);
    assert!(solution_line(trainer(&app), game(&app)).is_empty());
    // Retry starts over from the position.
    send(&mut app, PuzzleRequest::Retry);
    app.update();
    assert_eq!(state(&app), AttemptState::Playing);
    assert!(game(&app).active && game(&app).in_puzzle());
    assert_eq!(game(&app).record.moves().len(), puzzle.moves.len());
}

#[test]
fn a_refused_move_changes_nothing_and_the_puzzle_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    let puzzle = puzzle(&app, FOURS);
    open(&mut app, FOURS);
    drain::<MoveRefused>(&mut app);
    drain::<Notice>(&mut app);
    let occupied = puzzle.moves[0];
    click(&mut app, &occupied.to_string());
    let refused = drain::<MoveRefused>(&mut app);
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0].reason, Refusal::Rules(MoveError::Occupied));
    assert!(drain::<Notice>(&mut app).iter().any(|n| matches!(
        n,
        Notice::Refused {
            error: MoveError::Occupied,
            ..
        }
    )));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(state(&app), AttemptState::Playing);
    assert_eq!(game(&app).record.moves().len(), puzzle.moves.len());
    assert_eq!(
        trainer(&app).attempt_record().unwrap().moves().len(),
        puzzle.moves.len()
    );
    assert_eq!(progress(&app).mark(FOURS), Mark::New);
    // While the engine defends, a click is told to wait.
    click(&mut app, &puzzle.solution[0].to_string());
    drain::<Notice>(&mut app);
    click(&mut app, "a1");
    if matches!(state(&app), AttemptState::Defending { .. }) {
        assert!(drain::<Notice>(&mut app).contains(&Notice::WaitForComputer));
    }
    settle(&mut app);
    assert_eq!(state(&app), AttemptState::Playing);
    assert_eq!(
        game(&app).record.moves().last().map(|m| m.pos),
        Some(puzzle.solution[1])
    );
}

#[test]
fn undo_hints_and_seats_keep_out_of_a_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    open(&mut app, FOURS);
    let before = game(&app).record.moves().len();
    drain::<Notice>(&mut app);
    // Each request is answered at once (read after each update: messages do not last).
    let mut notices = Vec::new();
    send(
        &mut app,
        Propose {
            kind: ProposalKind::Undo,
            from: Actor::Local,
        },
    );
    notices.extend(drain::<Notice>(&mut app));
    send(&mut app, ComputerRequest::Hint);
    notices.extend(drain::<Notice>(&mut app));
    send(&mut app, GameCommand::Redo);
    notices.extend(drain::<Notice>(&mut app));
    send(
        &mut app,
        GameCommand::Resign {
            stone: Stone::Black,
            from: Actor::Local,
        },
    );
    notices.extend(drain::<Notice>(&mut app));
    let locked = notices
        .iter()
        .filter(|n| **n == Notice::Puzzle(PuzzleNotice::NotInPuzzle))
        .count();
    assert_eq!(locked, 4, "{notices:?}");
    assert!(game(&app).in_puzzle() && game(&app).active);
    assert_eq!(game(&app).record.moves().len(), before);
    assert!(!game(&app).record.is_over());
    // The autosave is not the puzzle's.
    assert!(!dir.path().join("autosave.ron").exists());
}

#[test]
fn progress_is_saved_and_read_back_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut app = app(dir.path());
        open(&mut app, FOURS);
        send(&mut app, PuzzleRequest::GiveUp);
        app.update();
        assert_eq!(progress(&app).mark(FOURS), Mark::Failed);
        // Given up: the solution is on the board.
        assert!(!solution_line(trainer(&app), game(&app)).is_empty());
        send(&mut app, PuzzleRequest::NextUnsolved);
        app.update();
        let next = trainer(&app).puzzle().unwrap().id.clone();
        assert_ne!(next, FOURS);
        assert_eq!(state(&app), AttemptState::Playing);
    }
    let text = std::fs::read_to_string(dir.path().join(PROGRESS_FILE)).unwrap();
    assert!(text.contains(FOURS), "{text}");
    let app = app(dir.path());
    assert_eq!(progress(&app).mark(FOURS), Mark::Failed);
    assert_eq!(progress(&app).entry(FOURS).failed, 1);
}

#[test]
fn a_damaged_progress_file_starts_afresh_with_a_notice() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(PROGRESS_FILE);
    std::fs::write(&path, "(version: 1, puzzles: {\"x\": (attempts: ").unwrap();
    let mut app = app(dir.path());
    let notices = drain::<Notice>(&mut app);
    assert!(
        notices
            .iter()
            .any(|n| matches!(n, Notice::Puzzle(PuzzleNotice::ProgressUnreadable(_)))),
        "{notices:?}"
    );
    assert_eq!(*progress(&app), Progress::default());
    assert!(path.with_extension("ron.broken").exists(), "kept aside");
    open(&mut app, FOURS);
    send(&mut app, PuzzleRequest::GiveUp);
    app.update();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(Progress::from_ron(&text).unwrap().mark(FOURS) == Mark::Failed);
}

#[test]
fn leaving_the_trainer_brings_back_the_game_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    click(&mut app, "h8i9");
    assert_eq!(game(&app).record.moves().len(), 2);
    send(&mut app, gomoku::ui::actions::UiAction::Puzzles);
    assert_eq!(
        app.world().resource::<UiState>().dialog,
        Some(Dialog::Puzzles)
    );
    send(
        &mut app,
        gomoku::ui::actions::UiAction::Puzzle(PuzzleRequest::Open(FOURS.into())),
    );
    app.update();
    assert_eq!(app.world().resource::<UiState>().dialog, None);
    assert!(game(&app).in_puzzle());
    drain::<Notice>(&mut app);
    send(&mut app, PuzzleRequest::Open("no-such-puzzle".into()));
    assert!(
        drain::<Notice>(&mut app).contains(&Notice::Puzzle(PuzzleNotice::Unknown(
            "no-such-puzzle".into()
        )))
    );
    assert!(game(&app).in_puzzle());
    send(&mut app, PuzzleRequest::Leave);
    app.update();
    assert!(!game(&app).in_puzzle());
    assert!(trainer(&app).current.is_none());
    let points: Vec<Pos> = game(&app).points();
    assert_eq!(points, vec![p("h8"), p("i9")]);
    assert!(game(&app).active && game(&app).in_progress());
}

#[test]
fn the_engines_defence_is_searched_off_the_main_thread() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    // A win in 3 and a quiet move: the engine defends, then the solvers look in vain for
    // the win (the longest check there is).
    let id = "renju-win3-007";
    open(&mut app, id);
    click(&mut app, "a1");
    // The frame that played the move did not wait for the check.
    assert!(matches!(state(&app), AttemptState::Defending { .. }));
    let started = Instant::now();
    let mut worst = Duration::ZERO;
    let mut frames = 0;
    while matches!(state(&app), AttemptState::Defending { .. }) {
        let frame = Instant::now();
        app.update();
        worst = worst.max(frame.elapsed());
        frames += 1;
        assert!(started.elapsed() < Duration::from_secs(60));
        std::thread::sleep(Duration::from_millis(1));
    }
    let check = trainer(&app).last_check.expect("checked");
    eprintln!("{id}: check {check:?} over {frames} frames, worst frame {worst:?}");
    assert!(matches!(state(&app), AttemptState::Failed { .. }));
    // Frames went on while the engine worked (how long they took is for `--frame-stats`,
    // not for a test on a shared machine).
    assert!(frames >= 1, "worst frame {worst:?}");
}
