//! Proposals: undo, draw and play again are proposed by one seat and answered by the other —
//! a person with a dialog, the computer by its policy, a remote player over the network. One
//! proposal waits at a time; while it waits, nobody moves. Between two people at one
//! computer (and from the computer's point of view, for undo and play again) the answer is
//! yes at once, as it always was. A puzzle takes no proposals.

use super::events::GameEvents;
use super::history;
use super::messages::{
    Answer, Notice, Origin, Proposal, ProposalAnswered, ProposalKind, ProposalMade, Propose,
    PuzzleNotice,
};
use super::seats::Actor;
use super::state::Game;
use bevy::prelude::*;
use gomoku_rules::Stone;

/// The colour that proposes for `from`: its only seat, or with two seats (hot-seat) the one
/// the proposal concerns. `None`: `from` holds no seat.
fn proposer(game: &Game, kind: ProposalKind, from: Actor) -> Option<Stone> {
    let mine: Vec<Stone> = game.seats.stones_of(from).collect();
    match mine.as_slice() {
        [] => None,
        [one] => Some(*one),
        _ => Some(match kind {
            // The player who moved last takes the move back.
            ProposalKind::Undo => game.record.side_to_move().opponent(),
            ProposalKind::Draw | ProposalKind::PlayAgain => game.record.side_to_move(),
        }),
    }
}

/// The player who takes back: the proposer when the other seat is someone else's (the
/// computer, a remote player), else nobody in particular (one move back).
fn undo_owner(game: &Game, by: Stone) -> Option<Stone> {
    (game.seats.actor(by) != game.seats.actor(by.opponent())).then_some(by)
}

/// Whether the proposal can be made now; a person is told why not.
fn allowed(game: &Game, proposal: Proposal, events: &mut GameEvents) -> bool {
    let ok = match proposal.kind {
        ProposalKind::Undo => game.can_undo_for(undo_owner(game, proposal.by)),
        ProposalKind::Draw => game.in_progress(),
        ProposalKind::PlayAgain => game.active && game.record.is_over(),
    };
    if !ok {
        events.notice(match proposal.kind {
            ProposalKind::Undo => Notice::NothingToUndo,
            ProposalKind::Draw | ProposalKind::PlayAgain => Notice::NoGame,
        });
    }
    ok
}

/// The answer the other seat gives without being asked: people sharing the computer agree
/// to undo and play again, and so does the computer.
fn answer_at_once(game: &Game, proposal: Proposal) -> Option<bool> {
    let by = game.seats.actor(proposal.by);
    match (game.seats.actor(proposal.to()), proposal.kind) {
        (_, ProposalKind::Draw) | (Actor::Remote | Actor::Trainer, _) => None,
        (Actor::Computer, _) => Some(true),
        (Actor::Local, _) if by == Actor::Local => Some(true),
        (Actor::Local, _) => None,
    }
}

fn carry_out(game: &mut Game, proposal: Proposal, answered_by: Actor, events: &mut GameEvents) {
    match proposal.kind {
        ProposalKind::Undo => {
            let owner = undo_owner(game, proposal.by);
            history::undo(game, owner, events);
        }
        ProposalKind::Draw => {
            if game.record.agree_draw().is_ok()
                && let Some(result) = game.record.result().cloned()
            {
                events.game_over(&result, Origin::Seat(answered_by));
            }
        }
        ProposalKind::PlayAgain => {
            game.restart();
            events.replace(game);
        }
    }
}

pub(super) fn handle_proposals(
    mut proposals: MessageReader<Propose>,
    mut answers: MessageReader<Answer>,
    mut game: ResMut<Game>,
    mut events: GameEvents,
) {
    for propose in proposals.read() {
        if game.in_puzzle() {
            events.notice(Notice::Puzzle(PuzzleNotice::NotInPuzzle));
            continue;
        }
        let Some(by) = proposer(&game, propose.kind, propose.from) else {
            // Watching the computer play itself: the watcher undoes and restarts at once.
            if propose.from == Actor::Local {
                match propose.kind {
                    ProposalKind::Undo if game.active => {
                        history::undo(&mut game, None, &mut events)
                    }
                    ProposalKind::PlayAgain => {
                        game.restart();
                        events.replace(&game);
                    }
                    _ => events.notice(Notice::Watching),
                }
            }
            continue;
        };
        if game.pending.is_some() {
            events.notice(Notice::WaitForAnswer);
            continue;
        }
        let proposal = Proposal {
            kind: propose.kind,
            by,
        };
        if !allowed(&game, proposal, &mut events) {
            continue;
        }
        match answer_at_once(&game, proposal) {
            Some(_) => {
                let to = game.seats.actor(proposal.to());
                carry_out(&mut game, proposal, to, &mut events);
            }
            None => {
                game.pending = Some(proposal);
                events.proposed.write(ProposalMade(proposal));
            }
        }
    }
    for answer in answers.read() {
        let Some(proposal) = game.pending else {
            continue;
        };
        if game.seats.actor(proposal.to()) != answer.from {
            continue;
        }
        game.pending = None;
        if answer.accept {
            carry_out(&mut game, proposal, answer.from, &mut events);
        } else {
            events.notice(Notice::ProposalRefused(proposal));
        }
        events.answered.write(ProposalAnswered {
            proposal,
            accepted: answer.accept,
            by: answer.from,
        });
    }
}
