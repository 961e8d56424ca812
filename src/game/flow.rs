//! The match flow: plays `MoveRequest`s from the seat to move through the rules core, and
//! carries out `GameCommand`s (new game, load, resign, seats, replay …).

use super::events::GameEvents;
use super::history;
use super::messages::{GameCommand, MoveRefused, MoveRequest, Notice, Origin, Refusal};
use super::seats::Actor;
use super::state::{Game, StartupGame};
use bevy::prelude::*;

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

/// Why `request` cannot be played now, before the rules are asked.
fn refusal(game: &Game, request: &MoveRequest) -> Option<Refusal> {
    if !game.active {
        return Some(Refusal::NoGame);
    }
    if game.review.is_some() {
        return Some(Refusal::Replaying);
    }
    if request.moves_before != game.record.moves().len() {
        return Some(Refusal::Stale);
    }
    if !game.record.is_over() && game.seats.actor(game.record.side_to_move()) != request.from {
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
        Refusal::NoGame => Notice::NoGame,
        Refusal::Replaying => Notice::ContinueReplayFirst,
        Refusal::WaitForAnswer => Notice::WaitForAnswer,
        Refusal::NotYourTurn => match game.seats.actor(game.record.side_to_move()) {
            Actor::Computer => Notice::WaitForComputer,
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
        let result = match refusal(&game, request) {
            Some(reason) => Err(reason),
            None => game.record.play(request.pos).map_err(Refusal::Rules),
        };
        match result {
            Ok(played) => {
                let number = game.record.moves().len();
                events.played(&played, number, Origin::Seat(request.from));
            }
            Err(reason) => {
                let refused = MoveRefused {
                    pos: request.pos,
                    from: request.from,
                    reason,
                };
                events.refused.write(refused);
                if request.from == Actor::Local
                    && let Some(notice) = local_notice(&game, &refused)
                {
                    events.notice(notice);
                }
            }
        }
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
    )
}
