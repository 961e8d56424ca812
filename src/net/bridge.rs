//! The bridge between the link and the match flow. `poll_link` (in `GameSystems::Seats`) turns
//! what the link reports into the flow's messages — the peer's moves as `MoveRequest`s from
//! `Actor::Remote`, its requests as `Propose`, its answers as `Answer`, its resignation as a
//! `GameCommand` — and the connection's changes into notices. `forward_local` (in
//! `GameSystems::React`) sends what the seat of this computer did: only messages whose origin
//! is `Actor::Local`, so nothing that came in goes out again. The link's session checks every
//! message through the rules core and holds the game both sides agreed on; whenever the board
//! differs from it (a local move the session refused, a resync), the board is reloaded from it.

use super::{ChatLine, NetStatus, Network};
use crate::game::{
    Actor, Answer, Decide, Decided, Game, GameCommand, GameEvents, GameOver, GameSetup,
    MoveRequest, NetNotice, Notice, Origin, Proposal, ProposalAnswered, ProposalKind, ProposalMade,
    Propose, Seat, Seats, StonePlaced,
};
use bevy::prelude::*;
use gomoku_net::{Action, Event, Request, Session, Side, SyncOutcome, new_record};
use gomoku_rules::{Decision, GameRecord, Reason, Stone, TimeControl};

/// The seats of the session's game: the person here and the other player.
fn seats_of(session: &Session) -> Seats {
    let me = Seat::local(session.name());
    let peer = Seat::Remote {
        name: session.peer_name().map(str::to_owned),
    };
    match session.local_stone() {
        Stone::Black => Seats::new(me, peer),
        Stone::White => Seats::new(peer, me),
    }
}

/// The proposal the board should show for the session's pending request.
fn pending_of(session: &Session) -> Option<Proposal> {
    session.pending().map(|p| Proposal {
        kind: match p.request {
            Request::Undo { .. } => ProposalKind::Undo,
            Request::Draw => ProposalKind::Draw,
            Request::PlayAgain { .. } => ProposalKind::PlayAgain,
        },
        by: match p.from {
            Side::Local => session.local_stone(),
            Side::Peer => session.local_stone().opponent(),
        },
    })
}

/// Puts `record` on the board with the session's seats and announces the whole board.
fn show(net: &mut Network, game: &mut Game, events: &mut GameEvents, record: GameRecord) {
    let Some(link) = net.link.as_ref() else {
        return;
    };
    let session = link.session();
    let settings = session.settings();
    let mut shown = Game::new(GameSetup {
        seats: seats_of(session),
        rule: settings.rule,
        policy: settings.forbidden,
        size: usize::from(settings.size),
        opening: settings.opening,
        nigiri: false,
        clock: settings.clock.unwrap_or(TimeControl::Unlimited),
    });
    shown.record = record;
    shown.pending = pending_of(session);
    *game = shown;
    events.replace(game);
    net.shown_game = session.game_number();
    net.reload = false;
}

/// Shows the link's game as the session holds it.
pub(super) fn load_from_link(net: &mut Network, game: &mut Game, events: &mut GameEvents) {
    if let Some(record) = net.link.as_ref().map(|l| l.session().record().clone()) {
        show(net, game, events, record);
    }
}

/// The network seats turn into people at this computer (the connection is over): the game
/// can be saved and played on as a local game.
pub(super) fn seats_become_local(game: &mut Game) {
    for seats in [&mut game.seats, &mut game.setup.seats] {
        for stone in [Stone::Black, Stone::White] {
            if let Seat::Remote { name } = seats.get(stone) {
                *seats.get_mut(stone) = Seat::Local { name: name.clone() };
            }
        }
    }
}

/// Whether the board shows the game the session holds (same moves, same end, same request).
fn board_agrees(game: &Game, session: &Session) -> bool {
    let theirs = session.record();
    game.record.moves().len() == theirs.moves().len()
        && game
            .record
            .moves()
            .iter()
            .zip(theirs.moves())
            .all(|(a, b)| a.pos == b.pos)
        && game.record.result() == theirs.result()
}

/// The flow's messages for what the link reported.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct FlowIn<'w> {
    moves: MessageWriter<'w, MoveRequest>,
    decisions: MessageWriter<'w, Decide>,
    proposals: MessageWriter<'w, Propose>,
    answers: MessageWriter<'w, Answer>,
    commands: MessageWriter<'w, GameCommand>,
}

fn kind_of(request: Request) -> ProposalKind {
    match request {
        Request::Undo { .. } => ProposalKind::Undo,
        Request::Draw => ProposalKind::Draw,
        Request::PlayAgain { .. } => ProposalKind::PlayAgain,
    }
}

fn set_peer_name(game: &mut Game, name: &str) {
    for seats in [&mut game.seats, &mut game.setup.seats] {
        for stone in [Stone::Black, Stone::White] {
            if let Seat::Remote { .. } = seats.get(stone) {
                *seats.get_mut(stone) = Seat::Remote {
                    name: Some(name.to_owned()),
                };
            }
        }
    }
}

pub(super) fn poll_link(
    mut net: ResMut<Network>,
    mut game: ResMut<Game>,
    mut events: GameEvents,
    mut flow: FlowIn,
) {
    if net.unseat {
        net.unseat = false;
        seats_become_local(&mut game);
    }
    if !net.active() {
        return;
    }
    // Everything of the last frame has been played by now: the board and the session agree,
    // unless the session refused something the board took (or the game was resynced).
    let Some((agrees, expected)) = net
        .link
        .as_ref()
        .map(|l| (board_agrees(&game, l.session()), pending_of(l.session())))
    else {
        return;
    };
    let started = net.status != NetStatus::Connecting;
    if started && game.review.is_none() {
        if net.reload || !agrees {
            load_from_link(&mut net, &mut game, &mut events);
        } else if game.pending != expected {
            game.pending = expected;
        }
        if agrees && let Some(link) = net.link.as_ref() {
            agree_on_time(&mut game, link.session());
        }
    }
    let Some(link) = net.link.as_mut() else {
        return;
    };
    let reported = link.poll();
    let peer_stone = link.session().local_stone().opponent();
    let peer = link.session().peer_name().unwrap_or_default().to_owned();
    let mut notice = |n: NetNotice| {
        events.notices.write(Notice::Network(n));
    };
    let mut closed = false;
    let mut started_game = None;
    // During an opening the peer's stones and decisions go to the flow as one ordered queue.
    let in_opening = !game.record.opening_done();
    for event in reported {
        match event {
            Event::Connected {
                peer_name, resumed, ..
            } => {
                net.status = NetStatus::Connected;
                set_peer_name(&mut game, &peer_name);
                notice(NetNotice::Connected {
                    peer: peer_name,
                    resumed,
                });
            }
            Event::GameStarted { settings, .. } => {
                net.status = NetStatus::Connected;
                started_game = Some(new_record(&settings));
            }
            Event::PeerMoved { pos, .. } if in_opening => {
                flow.decisions.write(Decide {
                    decision: Decision::Place(pos),
                    from: Actor::Remote,
                    progress_before: None,
                });
            }
            Event::PeerMoved { pos, number } => {
                flow.moves.write(MoveRequest {
                    pos,
                    from: Actor::Remote,
                    moves_before: (number as usize).saturating_sub(1),
                });
            }
            Event::PeerDecided { decision, .. } => {
                flow.decisions.write(Decide {
                    decision,
                    from: Actor::Remote,
                    progress_before: None,
                });
            }
            // The clocks are brought into line with the session's once the step is on the
            // board (`agree_on_time`).
            Event::PeerTimeUsed { .. } => {}
            Event::DecisionTakenBack { .. } => {
                net.reload = true;
                notice(NetNotice::MoveTakenBack);
            }
            Event::Requested(request) => {
                flow.proposals.write(Propose {
                    kind: kind_of(request),
                    from: Actor::Remote,
                });
            }
            Event::Answered {
                request: Request::PlayAgain { .. },
                accepted: true,
            } => {} // `GameStarted` follows.
            Event::Answered { accepted, .. } => {
                flow.answers.write(Answer {
                    accept: accepted,
                    from: Actor::Remote,
                });
            }
            Event::RequestCancelled(_) => {
                game.pending = None;
                notice(NetNotice::RequestCancelled);
            }
            Event::PeerResigned => {
                flow.commands.write(GameCommand::Resign {
                    stone: peer_stone,
                    from: Actor::Remote,
                });
            }
            // A game lost on time (a flag either side claimed) is the session's to tell; the
            // flow finds fives itself, resignations come above.
            Event::GameOver(result) => {
                if result.reason == Reason::Time && !game.record.is_over() {
                    net.reload = true;
                }
            }
            Event::Chat(text) => {
                net.chat.push(ChatLine {
                    from_peer: true,
                    name: peer.clone(),
                    text,
                });
                net.unread += 1;
            }
            Event::PeerRenamed(name) => set_peer_name(&mut game, &name),
            Event::PeerRejected(why) => notice(NetNotice::PeerRefused { why }),
            Event::RejectedByPeer(why) => notice(NetNotice::RefusedByPeer { why }),
            Event::MoveTakenBack { .. } => {
                net.reload = true;
                notice(NetNotice::MoveTakenBack);
            }
            Event::ProtocolError(error) => notice(NetNotice::Unreadable {
                detail: error.to_string(),
            }),
            Event::HandshakeFailed(why) => notice(NetNotice::JoinFailed { why }),
            Event::ConnectionLost(_) => {
                net.status = NetStatus::Lost;
                notice(NetNotice::ConnectionLost);
            }
            Event::Reconnecting { .. } => {
                if net.status == NetStatus::Lost {
                    net.status = NetStatus::Reconnecting;
                    notice(NetNotice::Reconnecting);
                }
            }
            Event::Resynced { outcome, .. } => {
                net.status = NetStatus::Connected;
                let adopted = outcome == SyncOutcome::Adopted;
                net.reload |= adopted;
                notice(NetNotice::Resynced { adopted });
            }
            Event::PeerLeft(_) => {
                closed = true;
                notice(NetNotice::PeerLeft { peer: peer.clone() });
            }
            Event::Refused(why) => {
                closed = true;
                notice(NetNotice::HostRefused { why });
            }
            Event::GaveUp(detail) | Event::Dropped(detail) => {
                closed = true;
                notice(NetNotice::Closed { detail });
            }
        }
    }
    if let Some(record) = started_game {
        show(&mut net, &mut game, &mut events, record);
    }
    if closed {
        net.status = NetStatus::Closed;
        net.unseat = true;
    }
}

/// The clocks of the board and of the session agree: the player whose clock is not running
/// has the time the session charged (the session counts the time each step claimed; the
/// board's clock only runs the turn under way).
fn agree_on_time(game: &mut Game, session: &Session) {
    let Some(theirs) = session.record().clock() else {
        return;
    };
    let Some(ours) = game.record.clock_mut() else {
        return;
    };
    for side in [gomoku_rules::Side::First, gomoku_rules::Side::Second] {
        if ours.running() != Some(side) && ours.time(side) != theirs.time(side) {
            ours.set_time(side, theirs.time(side));
        }
    }
}

/// The flow's messages about what the seat here did.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct LocalOut<'w, 's> {
    placed: MessageReader<'w, 's, StonePlaced>,
    decided: MessageReader<'w, 's, Decided>,
    made: MessageReader<'w, 's, ProposalMade>,
    answered: MessageReader<'w, 's, ProposalAnswered>,
    over: MessageReader<'w, 's, GameOver>,
}

pub(super) fn forward_local(
    mut net: ResMut<Network>,
    mut game: ResMut<Game>,
    mut out: LocalOut,
    mut notices: MessageWriter<Notice>,
) {
    let active = net.active();
    let mut actions = Vec::new();
    for placed in out.placed.read() {
        if placed.origin == Origin::Seat(Actor::Local) {
            actions.push(Action::Move(placed.pos));
        }
    }
    for decided in out.decided.read() {
        // Stones go as moves (above); the other decisions as decisions.
        if decided.origin == Origin::Seat(Actor::Local) && decided.decision.stone().is_none() {
            actions.push(Action::Decide(decided.decision.clone()));
        }
    }
    for answered in out.answered.read() {
        if answered.by == Actor::Local {
            let yes = answered.accepted;
            actions.push(match answered.proposal.kind {
                ProposalKind::Undo => Action::AnswerUndo(yes),
                ProposalKind::Draw => Action::AnswerDraw(yes),
                ProposalKind::PlayAgain => Action::AnswerPlayAgain(yes),
            });
        }
    }
    let mut asked = false;
    for ProposalMade(proposal) in out.made.read() {
        if game.seats.actor(proposal.by) == Actor::Local {
            asked = true;
            actions.push(match proposal.kind {
                ProposalKind::Undo => Action::RequestUndo,
                ProposalKind::Draw => Action::OfferDraw,
                ProposalKind::PlayAgain => Action::PlayAgain(None),
            });
        }
    }
    for over in out.over.read() {
        if over.origin == Origin::Seat(Actor::Local) && over.result.reason == Reason::Resignation {
            actions.push(Action::Resign);
        }
        // A clock ran out here: the session checks the claim against its own measurement
        // (and tells the other side); a claim it refuses brings the game back.
        if over.origin.in_play() && over.result.reason == Reason::Time {
            actions.push(Action::ClaimTime);
        }
    }
    let Some(link) = net.link.as_mut().filter(|_| active) else {
        return;
    };
    let mut refused = false;
    for action in actions {
        if let Err(error) = link.act(action) {
            refused = true;
            notices.write(Notice::Network(NetNotice::NotSent { why: error }));
        }
    }
    if refused {
        // The board goes back to the game both sides hold (next frame, with its events).
        net.reload = true;
        if asked {
            game.pending = None;
        }
    }
}
