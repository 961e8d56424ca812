//! The puzzle on the board: opening a puzzle (the game before it is kept and comes back on
//! leaving), the person's moves checked by `gomoku_engine::puzzles::Attempt` on Bevy's
//! async compute pool (the engine's defence takes a tenth of a second or more), the defence
//! played as the trainer seat's `MoveRequest`, solved / failed counted in the progress,
//! retry, next unsolved, give up, the solution shown on the board.
//!
//! Reads `PuzzleRequest`, `StonePlaced`, `Game`; writes `GameCommand` (`StartPuzzle`,
//! `EndPuzzle`, and `Load` / `NewGame` on leaving), `MoveRequest` (from `Actor::Trainer`; the
//! scripted moves of `--puzzles ID --moves` from `Actor::Local`) and `Notice::Puzzle`.

use super::progress::{Mark, Progress};
use super::{PuzzleRequest, StartupPuzzle};
use crate::game::{
    Actor, Game, GameCommand, GameSetup, MoveRequest, Notice, Origin, PuzzleNotice, StonePlaced,
};
use crate::save::{DataDir, ResumeOffer};
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use gomoku_engine::puzzles::{Answer, Attempt, Puzzle};
use gomoku_rules::save::SavedGame;
use gomoku_rules::{GameRecord, MoveError, Pos};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Where the attempt at the puzzle on the board stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttemptState {
    /// The person's move.
    Playing,
    /// The engine looks for its defence against the person's `mv`.
    Defending { mv: Pos },
    /// The person made five.
    Solved,
    /// The win was let go with `mv` (`None`: given up); `defence`: the engine's reply.
    Failed {
        mv: Option<Pos>,
        defence: Option<Pos>,
    },
}

impl AttemptState {
    #[must_use]
    pub fn finished(self) -> bool {
        matches!(self, AttemptState::Solved | AttemptState::Failed { .. })
    }
}

/// What `Attempt::play` gave back, with the attempt itself.
type Checked = (Box<Attempt>, Result<Answer, MoveError>, Duration);

/// The puzzle on the board.
pub struct Current {
    /// Into `Trainer::puzzles`.
    pub index: usize,
    pub state: AttemptState,
    /// The board shows the puzzle's position with its solution (after the attempt).
    pub showing_solution: bool,
    /// The attempt, while no check runs (during a check the task holds it).
    attempt: Option<Box<Attempt>>,
    task: Option<Task<Checked>>,
    /// The game was told the puzzle is over.
    ended: bool,
}

/// The game before the trainer opened.
enum Before {
    Game(Box<SavedGame>),
    Setup(GameSetup),
}

/// The puzzles, the progress and the puzzle on the board.
#[derive(Resource)]
pub struct Trainer {
    /// The shipped puzzles, in the file's order (by rule, kind and grade).
    pub puzzles: Vec<Puzzle>,
    pub current: Option<Current>,
    /// How long the last defence took (measured around `Attempt::play`).
    pub last_check: Option<Duration>,
    before: Option<Before>,
    /// Moves the person plays next (`--puzzles ID --moves …`).
    script: VecDeque<Pos>,
}

impl Trainer {
    #[must_use]
    pub fn new(puzzles: Vec<Puzzle>) -> Trainer {
        Trainer {
            puzzles,
            current: None,
            last_check: None,
            before: None,
            script: VecDeque::new(),
        }
    }

    /// The puzzle on the board.
    #[must_use]
    pub fn puzzle(&self) -> Option<&Puzzle> {
        self.current.as_ref().map(|c| &self.puzzles[c.index])
    }

    /// A check runs or scripted moves wait (for redraws and `--settle`).
    #[must_use]
    pub fn busy(&self) -> bool {
        self.current.as_ref().is_some_and(|c| c.task.is_some()) || !self.script.is_empty()
    }

    /// The index of the first unsolved puzzle after `from` (from the start with `None`),
    /// going round.
    #[must_use]
    pub fn next_unsolved(&self, progress: &Progress, from: Option<usize>) -> Option<usize> {
        let n = self.puzzles.len();
        let start = from.map_or(0, |i| i + 1);
        (0..n)
            .map(|k| (start + k) % n)
            .find(|&i| progress.mark(&self.puzzles[i].id) != Mark::Solved)
    }

    /// The record of the attempt so far (the puzzle's position, the moves, the defence).
    #[must_use]
    pub fn attempt_record(&self) -> Option<&GameRecord> {
        self.current
            .as_ref()
            .and_then(|c| c.attempt.as_deref())
            .map(Attempt::record)
    }

    fn start(&mut self, index: usize, commands: &mut MessageWriter<GameCommand>) {
        let puzzle = &self.puzzles[index];
        let (Ok(record), Ok(attempt)) = (puzzle.record(), Attempt::new(puzzle)) else {
            // The shipped file is checked by its test; a broken line is skipped.
            warn!("puzzle {} cannot be set up", puzzle.id);
            return;
        };
        commands.write(GameCommand::StartPuzzle {
            record: Box::new(record),
            attacker: puzzle.side,
        });
        self.current = Some(Current {
            index,
            state: AttemptState::Playing,
            showing_solution: false,
            attempt: Some(Box::new(attempt)),
            task: None,
            ended: false,
        });
    }
}

/// The position to show: the puzzle's (with the solution drawn over it) or the attempt's.
fn show(trainer: &mut Trainer, solution: bool, commands: &mut MessageWriter<GameCommand>) {
    let Some(current) = trainer.current.as_ref() else {
        return;
    };
    let puzzle = &trainer.puzzles[current.index];
    let record = if solution {
        puzzle.record().ok()
    } else {
        current.attempt.as_deref().map(|a| a.record().clone())
    };
    let Some(record) = record else {
        return;
    };
    commands.write(GameCommand::StartPuzzle {
        record: Box::new(record),
        attacker: puzzle.side,
    });
    commands.write(GameCommand::EndPuzzle);
    if let Some(current) = trainer.current.as_mut() {
        current.showing_solution = solution;
        current.ended = true;
    }
}

/// Keeps the game to come back to when the trainer opens: the autosaved game still offered,
/// else the one on the board; for an empty board the unfinished game in the autosave (the
/// trainer opened at start, `--puzzles`, offers none), else the board's setup.
fn remember_game(trainer: &mut Trainer, game: &Game, resume: &mut ResumeOffer, data: &DataDir) {
    if trainer.before.is_some() || game.in_puzzle() {
        return;
    }
    let autosaved = || {
        let text = std::fs::read_to_string(data.autosave()).ok()?;
        let saved = gomoku_rules::save::from_ron(&text).ok()?;
        (!saved.record.is_over() && !saved.record.moves().is_empty()).then_some(saved)
    };
    trainer.before = Some(match resume.0.take() {
        Some(saved) => Before::Game(Box::new(saved)),
        None if game.active && !game.full_record().moves().is_empty() => {
            Before::Game(Box::new(game.saved()))
        }
        None => match autosaved() {
            Some(saved) if game.active => Before::Game(Box::new(saved)),
            _ => Before::Setup(game.setup.clone()),
        },
    });
}

/// Carries out the trainer's requests (and `--puzzles ID` once).
pub(super) fn handle_requests(
    mut requests: MessageReader<PuzzleRequest>,
    startup: Option<Res<StartupPuzzle>>,
    mut trainer: ResMut<Trainer>,
    mut progress: ResMut<Progress>,
    game: Res<Game>,
    (mut resume, data): (ResMut<ResumeOffer>, Res<DataDir>),
    mut commands: MessageWriter<GameCommand>,
    mut notices: MessageWriter<Notice>,
    mut cmd: Commands,
) {
    let mut wanted: Vec<PuzzleRequest> = Vec::new();
    if let Some(startup) = startup {
        wanted.push(PuzzleRequest::Open(startup.id.clone()));
        trainer.script = startup.moves.iter().copied().collect();
        cmd.remove_resource::<StartupPuzzle>();
    }
    wanted.extend(requests.read().cloned());
    for request in wanted {
        let trainer = &mut *trainer;
        match request {
            PuzzleRequest::Open(id) => {
                if game.networked() {
                    notices.write(Notice::Puzzle(PuzzleNotice::NotInNetworkGame));
                    continue;
                }
                let Some(index) = trainer.puzzles.iter().position(|p| p.id == id) else {
                    notices.write(Notice::Puzzle(PuzzleNotice::Unknown(id)));
                    continue;
                };
                remember_game(trainer, &game, &mut resume, &data);
                trainer.start(index, &mut commands);
            }
            PuzzleRequest::Retry => {
                if let Some(index) = trainer.current.as_ref().map(|c| c.index) {
                    trainer.script.clear();
                    trainer.start(index, &mut commands);
                }
            }
            PuzzleRequest::NextUnsolved => {
                if game.networked() {
                    notices.write(Notice::Puzzle(PuzzleNotice::NotInNetworkGame));
                    continue;
                }
                let from = trainer.current.as_ref().map(|c| c.index);
                match trainer.next_unsolved(&progress, from) {
                    Some(index) => {
                        remember_game(trainer, &game, &mut resume, &data);
                        trainer.script.clear();
                        trainer.start(index, &mut commands);
                    }
                    None => {
                        notices.write(Notice::Puzzle(PuzzleNotice::AllSolved));
                    }
                }
            }
            PuzzleRequest::GiveUp => {
                let Some(current) = trainer.current.as_mut() else {
                    continue;
                };
                if current.state.finished() || current.task.is_some() {
                    continue;
                }
                current.state = AttemptState::Failed {
                    mv: None,
                    defence: None,
                };
                progress.record(&trainer.puzzles[current.index].id, false);
                trainer.script.clear();
                show(trainer, true, &mut commands);
            }
            PuzzleRequest::ShowSolution(solution) => {
                if trainer.current.as_ref().is_some_and(|c| c.state.finished()) {
                    show(trainer, solution, &mut commands);
                }
            }
            PuzzleRequest::Leave => {
                trainer.current = None;
                trainer.script.clear();
                if !game.in_puzzle() {
                    continue;
                }
                commands.write(match trainer.before.take() {
                    Some(Before::Game(saved)) => GameCommand::Load(saved),
                    Some(Before::Setup(setup)) => GameCommand::NewGame(setup),
                    None => GameCommand::NewGame(GameSetup::default()),
                });
            }
        }
    }
}

/// The person's move on the puzzle: the check (and the engine's defence) starts in the
/// background.
pub(super) fn check_moves(
    mut placed: MessageReader<StonePlaced>,
    game: Res<Game>,
    mut trainer: ResMut<Trainer>,
) {
    for stone in placed.read() {
        if stone.origin != Origin::Seat(Actor::Local) || !game.in_puzzle() {
            continue;
        }
        let Some(current) = trainer.current.as_mut() else {
            continue;
        };
        let in_step = current.attempt.as_ref().is_some_and(|a| {
            a.puzzle().side == stone.stone && a.record().moves().len() + 1 == stone.number
        });
        if current.state != AttemptState::Playing || !in_step {
            continue;
        }
        let Some(mut attempt) = current.attempt.take() else {
            continue;
        };
        let mv = stone.pos;
        current.task = Some(AsyncComputeTaskPool::get().spawn(async move {
            let started = Instant::now();
            let answer = attempt.play(mv);
            (attempt, answer, started.elapsed())
        }));
        current.state = AttemptState::Defending { mv };
    }
}

/// The check's answer: the defence is played as the trainer's move, a solved or failed
/// puzzle is counted and ended (after the defence is on the board); the next scripted move
/// is played.
pub(super) fn answer_moves(
    game: Res<Game>,
    mut trainer: ResMut<Trainer>,
    mut progress: ResMut<Progress>,
    mut moves: MessageWriter<MoveRequest>,
    mut commands: MessageWriter<GameCommand>,
) {
    let trainer = &mut *trainer;
    let Some(current) = trainer.current.as_mut() else {
        return;
    };
    if !game.in_puzzle() {
        // A new game or a game opened replaced the puzzle.
        trainer.current = None;
        trainer.before = None;
        trainer.script.clear();
        return;
    }
    if let Some(task) = current.task.as_mut()
        && let Some((attempt, answer, took)) = check_ready(task)
    {
        current.task = None;
        trainer.last_check = Some(took);
        let AttemptState::Defending { mv } = current.state else {
            return;
        };
        let id = trainer.puzzles[current.index].id.clone();
        let reply = |pos: Pos| MoveRequest {
            pos,
            from: Actor::Trainer,
            moves_before: game.record.moves().len(),
        };
        current.state = match answer {
            Ok(Answer::Solved) => {
                progress.record(&id, true);
                AttemptState::Solved
            }
            Ok(Answer::Defended(pos)) => {
                moves.write(reply(pos));
                AttemptState::Playing
            }
            Ok(Answer::Failed { defence }) => {
                progress.record(&id, false);
                if let Some(pos) = defence {
                    moves.write(reply(pos));
                }
                trainer.script.clear();
                AttemptState::Failed {
                    mv: Some(mv),
                    defence,
                }
            }
            // The flow played the move, so the rules allow it; should the attempt refuse it
            // after all, the person tries again from the same position.
            Err(error) => {
                warn!("the puzzle attempt refused {mv}: {error}");
                commands.write(GameCommand::StartPuzzle {
                    record: Box::new(attempt.record().clone()),
                    attacker: attempt.puzzle().side,
                });
                AttemptState::Playing
            }
        };
        current.attempt = Some(attempt);
        return;
    }
    let caught_up = current
        .attempt
        .as_ref()
        .is_some_and(|a| a.record().moves().len() <= game.record.moves().len());
    if current.state.finished() && !current.ended && caught_up {
        current.ended = true;
        commands.write(GameCommand::EndPuzzle);
    }
    if current.state == AttemptState::Playing
        && caught_up
        && game.local_to_move()
        && let Some(pos) = trainer.script.pop_front()
    {
        moves.write(game.local_move(pos));
    }
}
