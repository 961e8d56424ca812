//! The match flow: plays `MoveRequest`s from the seat to move through the rules core, and
//! carries out `GameCommand`s (new game, load, resign, seats, replay, puzzles …).

use super::events::GameEvents;
use super::history;
use super::messages::{
    Decide, Decided, GameCommand, MoveRefused, MoveRequest, Notice, Origin, PuzzleNotice, Refusal,
};
use super::seats::Actor;
use super::state::{Game, StartupGame};
use bevy::prelude::*;
use gomoku_rules::opening::Phase;
use gomoku_rules::{Decision, OpeningError, Stone};

/// Sets up the first game without announcing a change, so the autosave of the last run stays
/// until the player decides whether to resume it.
pub(super) fn start_first_game(
    startup: Option<Res<StartupGame>>,
    mut game: ResMut<Game>,
    mut commands: MessageWriter<GameCommand>,
    mut notices: MessageWriter<Notice>,
) {
    let Some(startup) = startup else {
        return;
    };
    *game = Game::new(startup.setup.clone());
    if let Some(problem) = &startup.problem {
        notices.write(problem.clone());
    }
    if let Some(saved) = &startup.saved {
        commands.write(GameCommand::Load(Box::new(saved.clone())));
    }
}

/// Why a stone or decision from `from` cannot be taken now, before the rules are asked
/// (`fresh`: it was made for the position on the board).
fn refusal(game: &Game, from: Actor, fresh: bool) -> Option<Refusal> {
    if !game.active {
        return Some(Refusal::NoGame);
    }
    if game.review.is_some() {
        return Some(Refusal::Replaying);
    }
    if !fresh {
        return Some(Refusal::Stale);
    }
    if !game.record.is_over() && game.seats.actor(game.stone_to_act()) != from {
        return Some(Refusal::NotYourTurn);
    }
    if game.pending.is_some() {
        return Some(Refusal::WaitForAnswer);
    }
    None
}

/// What a person reads about a refused move (other controllers are told by their own
/// channels).
fn local_notice(game: &Game, refused: &MoveRefused) -> Option<Notice> {
    Some(match refused.reason {
        Refusal::Rules(error) => Notice::Refused {
            pos: refused.pos,
            size: game.record.size(),
            error,
        },
        Refusal::NoGame if game.in_puzzle() => Notice::Puzzle(PuzzleNotice::Over),
        Refusal::NoGame => Notice::NoGame,
        Refusal::Opening => return None,
        Refusal::Replaying => Notice::ContinueReplayFirst,
        Refusal::WaitForAnswer => Notice::WaitForAnswer,
        Refusal::NotYourTurn => match game.seats.actor(game.stone_to_act()) {
            Actor::Computer | Actor::Trainer => Notice::WaitForComputer,
            _ => Notice::WaitForOpponent,
        },
        Refusal::Stale => return None,
    })
}

pub(super) fn play_moves(
    mut requests: MessageReader<MoveRequest>,
    mut game: ResMut<Game>,
    mut events: GameEvents,
) {
    for request in requests.read() {
        let fresh = request.moves_before == game.record.moves().len();
        if let Phase::OfferFifths { count } = game.record.turn().phase
            && !game.record.is_over()
        {
            pick_fifth(&mut game, request, count, fresh, &mut events);
            continue;
        }
        let decision = stone_decision(&game, request.pos);
        act(
            &mut game,
            decision,
            request.from,
            fresh,
            &mut events,
            Some(request.pos),
        );
    }
}

/// Carries out the opening decisions of the seats.
pub(super) fn make_decisions(
    mut decisions: MessageReader<Decide>,
    mut game: ResMut<Game>,
    mut events: GameEvents,
) {
    for decide in decisions.read() {
        let fresh = decide
            .progress_before
            .is_none_or(|before| before == game.progress());
        let decision = match decide.decision {
            Decision::Place(pos) => stone_decision(&game, pos),
            ref other => other.clone(),
        };
        let pos = decision.stone();
        act(&mut game, decision, decide.from, fresh, &mut events, pos);
    }
}

/// While black offers fifth moves, a click picks a point for the offer (or drops a picked
/// one); a point the offer cannot take is refused with the reason. The offer itself is made
/// with `Decide` once it is complete.
fn pick_fifth(
    game: &mut Game,
    request: &MoveRequest,
    count: u8,
    fresh: bool,
    events: &mut GameEvents,
) {
    if let Some(reason) = refusal(game, request.from, fresh) {
        let refused = MoveRefused {
            pos: request.pos,
            from: request.from,
            reason,
        };
        events.refused.write(refused);
        if request.from == Actor::Local
            && let Some(notice) = local_notice(game, &refused)
        {
            events.notice(notice);
        }
        return;
    }
    let mut draft = game.offer_draft().to_vec();
    if let Some(i) = draft.iter().position(|&p| p == request.pos) {
        draft.remove(i);
    } else if draft.len() < usize::from(count) {
        draft.push(request.pos);
        if let Err(error) = game.record.check_offer(&draft) {
            if request.from == Actor::Local {
                events.notice(Notice::OpeningRefused(error));
            }
            return;
        }
    } else {
        if request.from == Actor::Local {
            events.notice(Notice::OpeningRefused(OpeningError::FifthCount {
                expected: count,
                got: draft.len() + 1,
            }));
        }
        return;
    }
    game.offer_draft = (game.progress(), draft);
}

/// What a stone on `pos` decides now: the choice of an offered fifth move while white
/// chooses one, else a stone (of the opening or of ordinary play).
fn stone_decision(game: &Game, pos: gomoku_rules::Pos) -> Decision {
    match game.record.turn().phase {
        Phase::ChooseFifth { .. } if !game.record.is_over() => Decision::ChooseFifth(pos),
        _ => Decision::Place(pos),
    }
}

/// Takes `decision` from `from` through the rules: the stone it places and the result it
/// makes are announced, a swap moves the seats with the players, a refusal is reported
/// (and worded for a person here). `pos`: the point a refused stone was meant for.
fn act(
    game: &mut Game,
    decision: Decision,
    from: Actor,
    fresh: bool,
    events: &mut GameEvents,
    pos: Option<gomoku_rules::Pos>,
) {
    let opening = !game.record.opening_done();
    let mut opening_error = None;
    let result = match refusal(game, from, fresh) {
        Some(reason) => Err(reason),
        None => {
            let by = game.record.turn().who;
            let black_before = game.record.holder(Stone::Black);
            match game.record.decide(decision.clone()) {
                Ok(played) => {
                    game.follow_colours(black_before);
                    Ok((played, by))
                }
                Err(OpeningError::Move(e) | OpeningError::BadFifth { reason: e, .. })
                    if decision.stone().is_some() =>
                {
                    Err(Refusal::Rules(e))
                }
                Err(e) => {
                    opening_error = Some(e);
                    Err(Refusal::Opening)
                }
            }
        }
    };
    match result {
        Ok((played, by)) => {
            if let Some(played) = played {
                let number = game.record.moves().len();
                events.played(&played, number, Origin::Seat(from));
            }
            if opening {
                events.decided.write(Decided {
                    decision: decision.clone(),
                    by,
                    origin: Origin::Seat(from),
                });
                if !matches!(decision, Decision::Place(_)) {
                    let stone = game.record.colour_of(by);
                    events.notice(Notice::Decided {
                        decision,
                        seat: game.seats.get(stone).clone(),
                        stone,
                    });
                }
            }
        }
        Err(reason) => {
            if let Some(pos) = pos {
                let refused = MoveRefused { pos, from, reason };
                events.refused.write(refused);
                if from == Actor::Local
                    && let Some(notice) = local_notice(game, &refused)
                {
                    events.notice(notice);
                }
            } else if from == Actor::Local
                && let Some(notice) = local_notice_for_decision(game, reason)
            {
                events.notice(notice);
            }
            if from == Actor::Local
                && let Some(error) = opening_error
            {
                events.notice(Notice::OpeningRefused(error));
            }
        }
    }
}

/// What a person reads about a refused decision that places no stone.
fn local_notice_for_decision(game: &Game, reason: Refusal) -> Option<Notice> {
    let pos = gomoku_rules::Pos::new(0, 0);
    match reason {
        Refusal::Rules(_) | Refusal::Opening | Refusal::Stale => None,
        _ => local_notice(
            game,
            &MoveRefused {
                pos,
                from: Actor::Local,
                reason,
            },
        ),
    }
}

/// Runs the clock of the player who must act, by real time (so it keeps time while the
/// window sleeps between frames); a player whose time runs out loses on time. The clock
/// stops while a proposal waits for the other player's answer and while the replay shows
/// an earlier position.
pub(super) fn run_clock(time: Res<Time<Real>>, mut game: ResMut<Game>, mut events: GameEvents) {
    let running = game.record.clock().and_then(|c| c.running()).is_some();
    if !running || !game.in_progress() || game.pending.is_some() {
        return;
    }
    let loser = game.stone_to_act();
    if let Some(result) = game.record.tick(time.delta()) {
        let actor = game.seats.actor(loser);
        events.game_over(&result, Origin::Seat(actor));
    }
}

pub(super) fn run_commands(
    mut commands: MessageReader<GameCommand>,
    mut game: ResMut<Game>,
    mut events: GameEvents,
) {
    for command in commands.read() {
        if game.networked() && locked_in_network_game(command) {
            continue;
        }
        if game.in_puzzle() && locked_in_puzzle(command) {
            events.notice(Notice::Puzzle(PuzzleNotice::NotInPuzzle));
            continue;
        }
        match command {
            GameCommand::NewGame(setup) => {
                *game = Game::new(setup.clone());
                events.replace(&game);
            }
            GameCommand::Restart => {
                game.restart();
                events.replace(&game);
            }
            GameCommand::EndGame => {
                game.restart();
                game.active = false;
                events.replace(&game);
                events.notice(Notice::GameEnded);
            }
            GameCommand::Redo => {
                if game.active && game.pending.is_none() {
                    history::redo(&mut game, &mut events);
                }
            }
            GameCommand::Resign { stone, from } => {
                if game.in_progress()
                    && game.seats.actor(*stone) == *from
                    && game.record.resign(*stone).is_ok()
                {
                    game.pending = None;
                    if let Some(result) = game.record.result().cloned() {
                        events.game_over(&result, Origin::Seat(*from));
                    }
                }
            }
            GameCommand::SetSeats(seats) => {
                game.seats = seats.clone();
                game.setup.seats = seats.clone();
                game.pending = None;
                events.notice(Notice::NowPlaying(seats.mode()));
            }
            GameCommand::SetPolicy(policy) => {
                game.record.set_policy(*policy);
                game.setup.policy = *policy;
            }
            GameCommand::Load(saved) => {
                *game = Game::from_saved((**saved).clone());
                events.replace(&game);
            }
            GameCommand::ReplayTo(n) => {
                if game.active && game.pending.is_none() {
                    history::replay_to(&mut game, *n, &mut events);
                }
            }
            GameCommand::ContinueFromHere => history::continue_from_here(&mut game, &mut events),
            GameCommand::StartPuzzle { record, attacker } => {
                *game = Game::puzzle((**record).clone(), *attacker);
                events.replace(&game);
            }
            GameCommand::EndPuzzle => {
                if game.in_puzzle() {
                    game.active = false;
                }
            }
        }
    }
}

/// What the host's settings and the shared game rule out during a network game: replay,
/// redo, another forbidden-move policy, other seats, restarting or ending on one side only.
fn locked_in_network_game(command: &GameCommand) -> bool {
    matches!(
        command,
        GameCommand::Redo
            | GameCommand::Restart
            | GameCommand::EndGame
            | GameCommand::SetSeats(_)
            | GameCommand::SetPolicy(_)
            | GameCommand::ReplayTo(_)
            | GameCommand::ContinueFromHere
            | GameCommand::StartPuzzle { .. }
    )
}

/// What a puzzle rules out: redo, replay, restarting or ending it (the trainer retries and
/// leaves), resigning, other seats, another forbidden-move policy. A new game, a game
/// opened and another puzzle replace it.
fn locked_in_puzzle(command: &GameCommand) -> bool {
    matches!(
        command,
        GameCommand::Redo
            | GameCommand::Restart
            | GameCommand::EndGame
            | GameCommand::Resign { .. }
            | GameCommand::SetSeats(_)
            | GameCommand::SetPolicy(_)
            | GameCommand::ReplayTo(_)
            | GameCommand::ContinueFromHere
    )
}
