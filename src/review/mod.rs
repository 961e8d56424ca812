//! Game review ("Analyse game"): `gomoku_engine::review` searches every position of the game
//! with a fixed node budget on a thread of its own (so the computer's searches keep the task
//! pool), one position at a time, stoppable at once and resumable. The result — black's
//! winning chances after each move, every move judged (inaccuracy, mistake, blunder, missed
//! win) with the engine's better move and line, a summary per player — is kept here for the
//! panel, the graph and the board, and saved with the game (`save.rs`).
//!
//! Reads `ReviewCommand`; writes `Notice::Review`. A review belongs to one game: it is shown
//! only while the game on the board (the whole game, when the replay shows an earlier
//! position) has exactly the moves reviewed.

pub mod view;

use crate::GameSystems;
use crate::game::{Game, Notice, ReviewNotice};
use bevy::prelude::*;
use gomoku_engine::review::{GameReview, Progress, REVIEW_VERSION, Review, ReviewSettings, Step};
use gomoku_rules::Pos;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// What the player asks of the review.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum ReviewCommand {
    /// Analyse the game on the board (continuing a partial review of it).
    Start,
    /// Stop the analysis; what is done is kept.
    Stop,
    /// Show the engine's line instead of move `n` (1-based), or no line.
    ShowLine(Option<usize>),
    /// A review read from a file with the game just opened.
    Loaded(Box<GameReview>),
}

/// The node budget per position (tests use a smaller one).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct ReviewBudget(pub ReviewSettings);

/// The review of the game on the board, finished, partial or running.
#[derive(Resource, Default)]
pub struct ReviewState {
    review: Option<GameReview>,
    progress: Option<Progress>,
    job: Option<ReviewJob>,
    /// The move (1-based) whose better line is shown on the board.
    pub line_for: Option<usize>,
}

/// What the review thread shares with the game.
#[derive(Default)]
struct Shared {
    review: Option<GameReview>,
    progress: Option<Progress>,
    finished: bool,
}

struct ReviewJob {
    /// The game analysed: rule, board size, moves.
    game: (gomoku_rules::Rule, usize, Vec<Pos>),
    stop: Arc<AtomicBool>,
    shared: Arc<Mutex<Shared>>,
    thread: Option<JoinHandle<()>>,
}

impl ReviewJob {
    fn start(review: Review, game: (gomoku_rules::Rule, usize, Vec<Pos>)) -> ReviewJob {
        let stop = Arc::new(AtomicBool::new(false));
        let shared = Arc::new(Mutex::new(Shared::default()));
        let (stop_flag, out) = (Arc::clone(&stop), Arc::clone(&shared));
        let thread = std::thread::Builder::new()
            .name("game review".into())
            .spawn(move || run(review, &stop_flag, &out))
            .ok();
        ReviewJob {
            game,
            stop,
            shared,
            thread,
        }
    }

    /// Stops the thread without waiting for it (it leaves its position at once).
    fn cancel(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.take();
    }
}

fn run(mut review: Review, stop: &AtomicBool, out: &Mutex<Shared>) {
    loop {
        let step = review.step(stop);
        let Ok(mut shared) = out.lock() else {
            return;
        };
        match step {
            Step::Reviewed(progress) => {
                shared.progress = Some(progress);
                shared.review = Some(review.review());
            }
            Step::Stopped => return,
            Step::Finished => {
                shared.progress = Some(review.progress());
                shared.review = Some(review.review());
                shared.finished = true;
                return;
            }
        }
    }
}

/// The moves of the whole game on the board (the replay's full game while it shows an earlier
/// position).
#[must_use]
pub fn game_moves(game: &Game) -> Vec<Pos> {
    game.full_record().moves().iter().map(|m| m.pos).collect()
}

impl ReviewState {
    /// The review of the game on the board, if there is one (finished or partial).
    #[must_use]
    pub fn for_game(&self, game: &Game) -> Option<&GameReview> {
        let record = game.full_record();
        self.review
            .as_ref()
            .filter(|r| r.matches(record.rule(), record.size(), &game_moves(game)))
    }

    /// A finished review of the game on the board.
    #[must_use]
    pub fn finished(&self, game: &Game) -> Option<&GameReview> {
        self.for_game(game)
            .filter(|r| r.positions.len() == r.game.len() + 1)
    }

    /// The analysis is running.
    #[must_use]
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Positions done and to do, time spent and left, while it runs.
    #[must_use]
    pub fn progress(&self) -> Option<Progress> {
        self.progress.filter(|_| self.running())
    }

    /// Whether the game on the board can be analysed now.
    #[must_use]
    pub fn can_start(&self, game: &Game) -> bool {
        !self.running()
            && game.active
            && !game.networked()
            && !game.full_record().moves().is_empty()
            && self.finished(game).is_none()
    }
}

/// `--review FILE`: once the file's game is on the board, its saved review is taken up, or
/// the analysis starts.
#[derive(Resource, Clone, Debug, Default)]
pub struct StartupReview(pub Option<GameReview>);

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<ReviewCommand>()
        .init_resource::<ReviewState>()
        .init_resource::<ReviewBudget>()
        .add_systems(
            Update,
            (
                startup_review
                    .run_if(resource_exists::<StartupReview>)
                    .in_set(GameSystems::Input),
                (commands, poll).chain().in_set(GameSystems::React),
            ),
        );
}

fn startup_review(
    mut commands: Commands,
    startup: Res<StartupReview>,
    mut requests: MessageWriter<ReviewCommand>,
) {
    requests.write(match &startup.0 {
        Some(review) => ReviewCommand::Loaded(Box::new(review.clone())),
        None => ReviewCommand::Start,
    });
    commands.remove_resource::<StartupReview>();
}

fn commands(
    mut requests: MessageReader<ReviewCommand>,
    game: Res<Game>,
    budget: Res<ReviewBudget>,
    mut state: ResMut<ReviewState>,
    mut notices: MessageWriter<Notice>,
) {
    for request in requests.read() {
        match request {
            ReviewCommand::Start => {
                if !state.can_start(&game) {
                    if state.running() || state.finished(&game).is_some() {
                        continue;
                    }
                    notices.write(Notice::Review(ReviewNotice::NothingToReview));
                    continue;
                }
                let record = game.full_record();
                let moves = game_moves(&game);
                let Ok(mut review) =
                    Review::from_moves(record.rule(), record.size(), &moves, budget.0)
                else {
                    notices.write(Notice::Review(ReviewNotice::NothingToReview));
                    continue;
                };
                if let Some(partial) = state.for_game(&game) {
                    review.resume(partial);
                }
                state.progress = Some(review.progress());
                state.job = Some(ReviewJob::start(
                    review,
                    (record.rule(), record.size(), moves),
                ));
            }
            ReviewCommand::Stop => {
                if let Some(job) = state.job.take() {
                    job.cancel();
                    let (done, total) = state.progress.map_or((0, 0), |p| (p.done, p.total));
                    notices.write(Notice::Review(ReviewNotice::Stopped { done, total }));
                }
            }
            ReviewCommand::ShowLine(n) => state.line_for = *n,
            ReviewCommand::Loaded(review) => {
                let record = game.full_record();
                let usable = review.version == REVIEW_VERSION
                    && review.matches(record.rule(), record.size(), &game_moves(&game));
                if let Some(job) = state.job.take() {
                    job.cancel();
                }
                if usable {
                    state.review = Some((**review).clone());
                } else {
                    notices.write(Notice::Review(ReviewNotice::SavedReviewUnusable));
                }
            }
        }
    }
}

/// Takes the thread's latest results; drops a running review when the game changes under it.
fn poll(game: Res<Game>, mut state: ResMut<ReviewState>, mut notices: MessageWriter<Notice>) {
    let Some(job) = &state.job else {
        return;
    };
    let (review, progress, finished) = match job.shared.lock() {
        Ok(mut shared) => (shared.review.take(), shared.progress, shared.finished),
        Err(_) => (None, None, true),
    };
    if let Some(review) = review {
        state.review = Some(review);
    }
    if progress.is_some() {
        state.progress = progress;
    }
    let record = game.full_record();
    let now = (record.rule(), record.size(), game_moves(&game));
    let changed = state.job.as_ref().is_some_and(|j| j.game != now);
    if changed {
        if let Some(job) = state.job.take() {
            job.cancel();
        }
        notices.write(Notice::Review(ReviewNotice::GameChanged));
    } else if finished {
        state.job = None;
        let seconds = state.progress.map_or(0, |p| p.elapsed.as_secs());
        notices.write(Notice::Review(ReviewNotice::Finished { seconds }));
    }
}
