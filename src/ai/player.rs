//! The computer's turns: when the side to move is a computer player, its level's search runs
//! in the background on a snapshot of the position, and the answer is played as a
//! `ComputerMove` (the same rules check a click goes through). The search is cancelled as
//! soon as the position, the mode or the level changes, on pause and on quit. Also answers
//! draw offers made to the computer and resigns lost positions at the higher levels.

use super::search::{Budget, SearchJob, SearchOutcome};
use super::{AiActivity, AiSettings, AiSystems};
use crate::game::{
    BoardReset, ComputerMove, Game, GameCommand, GameFlowSystems, GameMode, Notice, StonePlaced,
    StoneRemoved,
};
use crate::i18n::t;
use crate::save::ResumeOffer;
use crate::ui::actions::UiAction;
use bevy::prelude::*;
use gomoku_engine::{Level, Limits, MATE_BOUND, SearchInfo};
use gomoku_rules::{GameRecord, Pos, Stone};
use std::time::{Duration, Instant};

/// The computer accepts a draw when its evaluation is within this margin of even (engine
/// units: about 100 for an open two-and-a-half; the side to move's tempo alone is worth up to
/// about 100 in a quiet position).
pub const DRAW_MARGIN: i32 = 200;
/// Budget of the search that weighs a draw offer.
const DRAW_LIMITS: Limits = Limits {
    time: Some(Duration::from_secs(2)),
    depth: None,
    nodes: Some(60_000),
};
/// The lowest level that resigns lost positions (when the setting is on).
pub const RESIGNING_LEVEL: Level = Level::Advanced;
/// The computer resigns only a loss its search proves within this many of its own moves (a
/// longer forced win is left for the opponent to find).
pub const RESIGN_WITHIN: i32 = 3;

/// The computer player's state.
#[derive(Resource, Default)]
pub struct ComputerPlayer {
    job: Option<(SearchJob, Level)>,
    /// A move found before the computer vs computer pace allows it.
    held: Option<(SearchJob, SearchOutcome, Level)>,
    /// When the last stone was placed (for the pace).
    last_stone: Option<Instant>,
    /// The search that weighs a draw offer.
    draw_job: Option<SearchJob>,
    /// The last move the computer played, with what its search found.
    pub last: Option<MoveReport>,
}

/// A computer move and the search behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    pub stone: Stone,
    pub level: Level,
    /// The move list before the move.
    pub before: Vec<Pos>,
    pub outcome: SearchOutcome,
}

/// The computer's search in progress, for the "thinking…" read-out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    pub stone: Stone,
    pub level: Level,
    pub seconds: u32,
    pub tenths: u32,
    pub info: Option<SearchInfo>,
}

impl ComputerPlayer {
    /// The search running for the computer's move, if any.
    #[must_use]
    pub fn thinking(&self) -> Option<Thinking> {
        let (job, level) = match (&self.job, &self.held) {
            (Some((job, level)), _) => (job, level),
            // A move found and waiting for the pace still shows its search.
            (None, Some((job, _, level))) => (job, level),
            (None, None) => return None,
        };
        let tenths = (job.seconds() * 10.0) as u32;
        Some(Thinking {
            stone: job.to_move,
            level: *level,
            seconds: tenths / 10,
            tenths: tenths % 10,
            info: job.live(),
        })
    }

    /// Whether a computer search (move or draw answer) is running.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.job.is_some() || self.draw_job.is_some()
    }

    /// Whether a found move waits for the pace.
    #[must_use]
    pub fn waiting(&self) -> bool {
        self.held.is_some()
    }

    /// Stops every search.
    pub fn cancel(&mut self) {
        self.job = None;
        self.held = None;
        self.draw_job = None;
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ComputerPlayer>()
        .configure_sets(Update, AiSystems.before(GameFlowSystems))
        .add_systems(
            Update,
            (
                (pause_requests, play_computer_moves, answer_draw_offers)
                    .chain()
                    .in_set(AiSystems)
                    .after(crate::ui::actions::UiActionSystems),
                (note_board_changes, cancel_on_exit, report_activity)
                    .chain()
                    .after(GameFlowSystems),
            ),
        );
}

fn pause_requests(
    mut actions: MessageReader<UiAction>,
    game: Res<Game>,
    mut settings: ResMut<AiSettings>,
    mut notices: MessageWriter<Notice>,
) {
    for action in actions.read() {
        if *action != UiAction::TogglePause {
            continue;
        }
        if matches!(game.mode, GameMode::ComputerVsComputer { .. }) {
            settings.paused = !settings.paused;
            let text = if settings.paused {
                t!("computer.paused")
            } else {
                t!("computer.resumed")
            };
            notices.write(Notice::info(text));
        } else {
            notices.write(Notice::info(t!("computer.not_watching")));
        }
    }
}

/// Whether the computer may play now.
fn may_move(game: &Game, settings: &AiSettings, resume: &ResumeOffer) -> bool {
    let watching = matches!(game.mode, GameMode::ComputerVsComputer { .. });
    game.computer_to_move()
        && game.draw_offer.is_none()
        && resume.0.is_none()
        && !(watching && settings.paused)
}

fn play_computer_moves(
    game: Res<Game>,
    settings: Res<AiSettings>,
    resume: Res<ResumeOffer>,
    mut player: ResMut<ComputerPlayer>,
    mut moves: MessageWriter<ComputerMove>,
    mut commands: MessageWriter<GameCommand>,
    mut notices: MessageWriter<Notice>,
) {
    let allowed = may_move(&game, &settings, &resume);
    let level = game.mode.computer(game.record.side_to_move());
    // Cancel a search the game has moved away from (undo, new game, open, mode or level
    // change, pause, a result).
    let stale = |job: &SearchJob, job_level: Level| {
        !allowed || !job.is_for(&game.record) || level != Some(job_level)
    };
    if player.job.as_ref().is_some_and(|(job, l)| stale(job, *l)) {
        player.job = None;
    }
    if player
        .held
        .as_ref()
        .is_some_and(|(job, _, l)| !allowed || !job.is_for(&game.record) || level != Some(*l))
    {
        player.held = None;
    }
    let Some(level) = level.filter(|_| allowed) else {
        return;
    };
    let stone = game.record.side_to_move();
    // A finished search: play its move (or resign), when the pace allows.
    let finished = match player.job.as_mut() {
        Some((job, _)) => job.poll(),
        None => None,
    };
    if let Some(outcome) = finished {
        let (job, level) = player.job.take().expect("the job just finished");
        player.held = Some((job, outcome, level));
    }
    if player.held.is_some() {
        let pace = match game.mode {
            GameMode::ComputerVsComputer { .. } => Duration::from_secs_f32(settings.pace.max(0.0)),
            _ => Duration::ZERO,
        };
        if player.last_stone.is_some_and(|at| at.elapsed() < pace) {
            return;
        }
        let (job, outcome, _) = player.held.take().expect("checked above");
        let hopeless = outcome.eval.is_some_and(|e| e < -MATE_BOUND)
            && outcome
                .mate_in
                .is_some_and(|m| (-RESIGN_WITHIN..0).contains(&m));
        if settings.resign_hopeless && level >= RESIGNING_LEVEL && hopeless {
            commands.write(GameCommand::ResignAs(stone));
            notices.write(Notice::info(t!(
                "computer.resigns",
                name = game.name(stone)
            )));
        } else {
            let pos = legal_or_fallback(&game.record, outcome.best);
            moves.write(ComputerMove {
                pos,
                stone,
                moves_before: game.record.moves().len(),
            });
        }
        player.last = Some(MoveReport {
            stone,
            level,
            before: job.moves.clone(),
            outcome,
        });
        return;
    }
    if player.job.is_some() {
        return;
    }
    if game.record.moves().is_empty() {
        // The computer as black opens at the centre.
        let centre = (game.record.size() / 2) as u8;
        moves.write(ComputerMove {
            pos: Pos::new(centre, centre),
            stone,
            moves_before: 0,
        });
        return;
    }
    let budget = Budget::level(level, settings.seed, settings.master_time());
    player.job = Some((SearchJob::start(&game.record, budget, false), level));
}

/// The engine's move, or (should it ever name a point the rules refuse) the first legal one.
fn legal_or_fallback(record: &GameRecord, best: Pos) -> Pos {
    if record.check(best).is_ok() {
        return best;
    }
    error!("the engine chose {best}, which the rules refuse; playing the first legal point");
    record
        .board()
        .points()
        .find(|&p| record.check(p).is_ok())
        .unwrap_or(best)
}

/// A draw offered to the computer is accepted only when its evaluation is near even.
fn answer_draw_offers(
    game: Res<Game>,
    mut player: ResMut<ComputerPlayer>,
    mut commands: MessageWriter<GameCommand>,
    mut notices: MessageWriter<Notice>,
) {
    let asked = game
        .draw_offer
        .filter(|offerer| game.in_progress() && game.mode.is_computer(offerer.opponent()));
    let Some(offerer) = asked else {
        player.draw_job = None;
        return;
    };
    if player
        .draw_job
        .as_ref()
        .is_some_and(|job| !job.is_for(&game.record))
    {
        player.draw_job = None;
    }
    let Some(job) = player.draw_job.as_mut() else {
        let job = SearchJob::start(&game.record, Budget::Limits(DRAW_LIMITS), false);
        player.draw_job = Some(job);
        return;
    };
    let Some(outcome) = job.poll() else {
        return;
    };
    player.draw_job = None;
    let to_move = game.record.side_to_move();
    let eval = outcome.eval.unwrap_or(0);
    let computer_eval = if to_move == offerer { -eval } else { eval };
    let accept = computer_eval.abs() <= DRAW_MARGIN;
    if accept {
        let name = game.name(offerer.opponent());
        notices.write(Notice::info(t!("computer.accepts_draw", name = name)));
    }
    commands.write(GameCommand::AnswerDraw { accept });
}

/// Remembers when stones appear (for the pace); in computer vs computer an undo pauses the
/// game, so that the computer does not simply play the move again.
fn note_board_changes(
    mut placed: MessageReader<StonePlaced>,
    mut removed: MessageReader<StoneRemoved>,
    mut resets: MessageReader<BoardReset>,
    game: Res<Game>,
    mut player: ResMut<ComputerPlayer>,
    mut settings: ResMut<AiSettings>,
) {
    if placed.read().count() > 0 {
        player.last_stone = Some(Instant::now());
    }
    let watching = matches!(game.mode, GameMode::ComputerVsComputer { .. });
    if removed.read().count() > 0 && watching && !settings.paused {
        settings.paused = true;
    }
    if resets.read().count() > 0 {
        player.cancel();
        player.last = None;
        player.last_stone = None;
        settings.paused = false;
    }
}

fn cancel_on_exit(mut exit: MessageReader<AppExit>, mut player: ResMut<ComputerPlayer>) {
    if exit.read().count() > 0 {
        player.cancel();
    }
}

/// Sums up what the computer is busy with, or about to start (a move just played may hand
/// the turn to the computer: the next frame must come without waiting for input).
fn report_activity(
    game: Res<Game>,
    settings: Res<AiSettings>,
    resume: Res<ResumeOffer>,
    player: Res<ComputerPlayer>,
    analysis: Res<super::analysis::Analysis>,
    mut activity: ResMut<AiActivity>,
) {
    let draw_asked = game
        .draw_offer
        .is_some_and(|offerer| game.mode.is_computer(offerer.opponent()));
    activity.set_if_neq(AiActivity {
        thinking: player.job.is_some() || may_move(&game, &settings, &resume),
        analysing: player.draw_job.is_some() || draw_asked || analysis.pending(&game),
        waiting: player.waiting(),
    });
}
