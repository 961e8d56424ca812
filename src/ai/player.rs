//! The computer's seats: when the side to move is a computer seat, its level's search runs in
//! the background on a snapshot of the position, and the answer is played as a
//! `MoveRequest` from `Actor::Computer` (the same rules check a click goes through). The
//! search is cancelled as soon as the position, the seats or the level change, on pause and
//! on quit. Also answers proposals made to a computer seat (a draw only near even) and
//! resigns lost positions at the higher levels.

use super::opening::OpeningJob;
use super::search::{Budget, SearchJob, SearchOutcome};
use super::{AiActivity, AiSettings, ComputerRequest};
use crate::GameSystems;
use crate::game::{
    Actor, Answer, BoardReset, Decide, Game, GameCommand, GameMode, MoveRequest, Notice, Origin,
    ProposalKind, StonePlaced, StoneRemoved,
};
use crate::save::ResumeOffer;
use bevy::prelude::*;
use gomoku_engine::{Level, Limits, MATE_BOUND, SearchInfo};
use gomoku_rules::opening::Phase;
use gomoku_rules::{GameRecord, Pos, Stone, TimeControl};
use std::time::{Duration, Instant};

/// The computer accepts a draw when its evaluation is within this margin of even (engine
/// units: a 12-ply search of four lone corner stones gives the side to move about +470, its
/// tempo and the open board; an open three is worth well over 1 000).
pub const DRAW_MARGIN: i32 = 600;
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
    /// A decision of the opening being weighed, for the game's `progress` and the level.
    opening: Option<(OpeningJob, usize, Level)>,
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
        self.job.is_some() || self.draw_job.is_some() || self.opening.is_some()
    }

    /// Whether a found move waits for the pace.
    #[must_use]
    pub fn waiting(&self) -> bool {
        self.held.is_some()
    }

    /// Stops every search.
    pub fn cancel(&mut self) {
        self.opening = None;
        self.job = None;
        self.held = None;
        self.draw_job = None;
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ComputerPlayer>().add_systems(
        Update,
        (
            (pause_requests, play_computer_moves, answer_proposals)
                .chain()
                .in_set(GameSystems::Seats),
            (note_board_changes, cancel_on_exit, report_activity)
                .chain()
                .in_set(GameSystems::React),
        ),
    );
}

fn pause_requests(
    mut actions: MessageReader<ComputerRequest>,
    game: Res<Game>,
    mut settings: ResMut<AiSettings>,
    mut notices: MessageWriter<Notice>,
) {
    for action in actions.read() {
        if *action != ComputerRequest::TogglePause {
            continue;
        }
        if watching(&game) {
            settings.paused = !settings.paused;
            notices.write(Notice::Paused(settings.paused));
        } else {
            notices.write(Notice::NotWatching);
        }
    }
}

/// The computer plays both sides.
fn watching(game: &Game) -> bool {
    matches!(game.mode(), GameMode::ComputerVsComputer { .. })
}

/// Whether the computer may play now.
fn may_move(game: &Game, settings: &AiSettings, resume: &ResumeOffer) -> bool {
    game.computer_to_move()
        && game.pending.is_none()
        && resume.0.is_none()
        && !(watching(game) && settings.paused)
}

fn play_computer_moves(
    game: Res<Game>,
    settings: Res<AiSettings>,
    resume: Res<ResumeOffer>,
    mut player: ResMut<ComputerPlayer>,
    mut moves: MessageWriter<MoveRequest>,
    mut decisions: MessageWriter<Decide>,
    mut commands: MessageWriter<GameCommand>,
    mut notices: MessageWriter<Notice>,
) {
    let allowed = may_move(&game, &settings, &resume);
    let level = game.seats.get(game.stone_to_act()).level();
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
        player.opening = None;
        return;
    };
    // A decision of the opening (anything but a stone of ordinary play).
    if game.in_opening() && game.turn().phase != Phase::Play {
        player.job = None;
        player.held = None;
        let progress = game.progress();
        if player
            .opening
            .as_ref()
            .is_some_and(|(_, at, l)| *at != progress || *l != level)
        {
            player.opening = None;
        }
        match player.opening.as_mut() {
            None => {
                player.opening = Some((
                    OpeningJob::start(&game.record, level, settings.seed),
                    progress,
                    level,
                ));
            }
            Some((job, _, _)) => {
                if let Some(decision) = job.poll() {
                    player.opening = None;
                    decisions.write(Decide {
                        decision,
                        from: Actor::Computer,
                        progress_before: Some(progress),
                    });
                }
            }
        }
        return;
    }
    player.opening = None;
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
        let pace = if watching(&game) {
            Duration::from_secs_f32(settings.pace.max(0.0))
        } else {
            Duration::ZERO
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
            commands.write(GameCommand::Resign {
                stone,
                from: Actor::Computer,
            });
            notices.write(Notice::ComputerResigns(stone));
        } else {
            moves.write(MoveRequest {
                pos: legal_or_fallback(&game.record, outcome.best),
                from: Actor::Computer,
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
        moves.write(MoveRequest {
            pos: Pos::new(centre, centre),
            from: Actor::Computer,
            moves_before: 0,
        });
        return;
    }
    let budget = Budget::level(
        level,
        settings.seed,
        settings.master_time(),
        settings.master_threads(),
    )
    .within(clock_share(&game.record));
    player.job = Some((SearchJob::start(&game.record, budget, false), level));
}

/// The share of its own clock the computer gives the move now, in a timed game: about a
/// thirtieth of its main time (plus most of the increment), within a period in byo-yomi,
/// never more than half of what is left, and a margin for the frame that plays the move.
#[must_use]
pub fn clock_share(record: &GameRecord) -> Option<Duration> {
    let clock = record.clock()?;
    let side = record.turn().who;
    let left = clock.remaining(side)?;
    let margin = Duration::from_millis(250);
    let share = match clock.control() {
        TimeControl::Unlimited => return None,
        TimeControl::ByoYomi { period_ms, .. } if clock.in_byo_yomi(side) => {
            Duration::from_millis(period_ms) * 3 / 5
        }
        TimeControl::ByoYomi { period_ms, .. } => left / 25 + Duration::from_millis(period_ms) / 2,
        TimeControl::Fischer { increment_ms, .. } => {
            left / 30 + Duration::from_millis(increment_ms) * 3 / 4
        }
        TimeControl::SuddenDeath { .. } => left / 30,
    };
    Some(
        share
            .min(left / 2)
            .saturating_sub(margin)
            .max(Duration::from_millis(20)),
    )
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

/// The proposal waiting for a computer seat's answer, if any.
fn proposal_to_computer(game: &Game) -> Option<crate::game::Proposal> {
    game.pending
        .filter(|p| game.seats.actor(p.to()) == Actor::Computer)
}

/// Answers proposals made to a computer seat: undo and play again are agreed to; a draw is
/// accepted only when the computer's evaluation is near even.
fn answer_proposals(
    game: Res<Game>,
    mut player: ResMut<ComputerPlayer>,
    mut answers: MessageWriter<Answer>,
    mut notices: MessageWriter<Notice>,
) {
    let Some(proposal) = proposal_to_computer(&game) else {
        player.draw_job = None;
        return;
    };
    if proposal.kind != ProposalKind::Draw || !game.in_progress() {
        answers.write(Answer {
            accept: true,
            from: Actor::Computer,
        });
        return;
    }
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
    let computer_eval = if to_move == proposal.by { -eval } else { eval };
    let accept = computer_eval.abs() <= DRAW_MARGIN;
    if accept {
        notices.write(Notice::ComputerAccepted(proposal));
    }
    answers.write(Answer {
        accept,
        from: Actor::Computer,
    });
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
    let undone = removed.read().any(|r| r.origin == Origin::Undo);
    if undone && watching(&game) && !settings.paused {
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
    let draw_asked = proposal_to_computer(&game).is_some();
    activity.set_if_neq(AiActivity {
        thinking: player.job.is_some() || may_move(&game, &settings, &resume),
        analysing: player.draw_job.is_some() || draw_asked || analysis.pending(&game),
        waiting: player.waiting(),
    });
}
