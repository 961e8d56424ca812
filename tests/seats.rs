//! Seats, headless: a game whose white seat is `Remote`, driven by `MoveRequest`s from the
//! test. Moves out of turn and stale moves are refused, proposals from either side are
//! answered by the other, nothing that came in goes out again, and two apps joined by an
//! in-memory link play a whole game with the same result on both sides.

mod common;

use bevy::prelude::*;
use common::{app, click, drain, game, p, send};
use gomoku::game::{
    Actor, Answer, GameCommand, GameOver, GameSetup, MoveRefused, MoveRequest, Notice, Origin,
    Proposal, ProposalAnswered, ProposalKind, ProposalMade, Propose, Refusal, Seat, Seats,
    StonePlaced,
};
use gomoku::ui::actions::UiAction;
use gomoku_rules::notation::pos::parse_points;
use gomoku_rules::{Outcome, Reason, Rule, Stone};

/// Ann (here) plays black against Bo on the network.
fn remote_game(app: &mut App, local: Stone) {
    let (black, white) = match local {
        Stone::Black => (
            Seat::local("Ann"),
            Seat::Remote {
                name: Some("Bo".into()),
            },
        ),
        Stone::White => (
            Seat::Remote {
                name: Some("Bo".into()),
            },
            Seat::local("Ann"),
        ),
    };
    send(
        app,
        GameCommand::NewGame(GameSetup {
            seats: Seats::new(black, white),
            rule: Rule::Freestyle,
            ..GameSetup::default()
        }),
    );
    drain::<StonePlaced>(app);
}

fn remote_move(app: &mut App, pos: &str, moves_before: usize) {
    send(
        app,
        MoveRequest {
            pos: p(pos),
            from: Actor::Remote,
            moves_before,
        },
    );
}

/// What a network link would send: the moves made by the seat of this computer.
fn outgoing(app: &mut App) -> Vec<StonePlaced> {
    drain::<StonePlaced>(app)
        .into_iter()
        .filter(|s| s.origin == Origin::Seat(Actor::Local))
        .collect()
}

#[test]
fn moves_come_only_from_the_seat_to_move_and_for_the_position_on_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    remote_game(&mut app, Stone::Black);
    // The remote player cannot move for black.
    remote_move(&mut app, "a1", 0);
    assert_eq!(
        drain::<MoveRefused>(&mut app)[0].reason,
        Refusal::NotYourTurn
    );
    click(&mut app, "h8");
    let sent = outgoing(&mut app);
    assert_eq!(sent.len(), 1, "the local move goes out");
    assert_eq!(sent[0].pos, p("h8"));
    // The person here cannot move for white, and is told to wait.
    drain::<Notice>(&mut app);
    click(&mut app, "i9");
    assert_eq!(drain::<Notice>(&mut app), vec![Notice::WaitForOpponent]);
    assert_eq!(
        drain::<MoveRefused>(&mut app)[0].reason,
        Refusal::NotYourTurn
    );
    // A remote move made for another position is dropped.
    remote_move(&mut app, "i9", 0);
    assert_eq!(drain::<MoveRefused>(&mut app)[0].reason, Refusal::Stale);
    assert_eq!(game(&app).record.moves().len(), 1);
    // The right one is played, tagged as the remote player's, and not sent back.
    remote_move(&mut app, "i9", 1);
    assert_eq!(game(&app).points(), parse_points("h8 i9", 15).unwrap());
    let placed = drain::<StonePlaced>(&mut app);
    assert_eq!(placed.len(), 1);
    assert_eq!(placed[0].origin, Origin::Seat(Actor::Remote));
    assert!(
        placed
            .iter()
            .all(|s| s.origin != Origin::Seat(Actor::Local))
    );
    // An occupied point from the remote player is refused by the rules.
    click(&mut app, "j10");
    remote_move(&mut app, "h8", 3);
    assert!(matches!(
        drain::<MoveRefused>(&mut app)[0].reason,
        Refusal::Rules(_)
    ));
    assert_eq!(game(&app).record.moves().len(), 3);
}

#[test]
fn proposals_wait_for_the_other_seat_and_block_moves_meanwhile() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    remote_game(&mut app, Stone::Black);
    click(&mut app, "h8");
    remote_move(&mut app, "i9", 1);
    click(&mut app, "h9");
    // Ann asks to take back h9: the remote player must answer.
    send(&mut app, UiAction::Undo);
    let asked = Proposal {
        kind: ProposalKind::Undo,
        by: Stone::Black,
    };
    assert_eq!(drain::<ProposalMade>(&mut app), vec![ProposalMade(asked)]);
    assert_eq!(game(&app).pending, Some(asked));
    assert_eq!(game(&app).record.moves().len(), 3, "nothing changes yet");
    // Nobody moves while it waits; the asker cannot answer for the other side.
    remote_move(&mut app, "i10", 3);
    assert_eq!(
        drain::<MoveRefused>(&mut app)[0].reason,
        Refusal::WaitForAnswer
    );
    send(
        &mut app,
        Answer {
            accept: true,
            from: Actor::Local,
        },
    );
    assert_eq!(game(&app).pending, Some(asked));
    // The remote player agrees: h9 is taken back, it is Ann's turn again.
    send(
        &mut app,
        Answer {
            accept: true,
            from: Actor::Remote,
        },
    );
    assert_eq!(game(&app).points(), parse_points("h8 i9", 15).unwrap());
    assert_eq!(game(&app).record.side_to_move(), Stone::Black);
    assert_eq!(
        drain::<ProposalAnswered>(&mut app),
        vec![ProposalAnswered {
            proposal: asked,
            accepted: true,
            by: Actor::Remote
        }]
    );
    click(&mut app, "g7");

    // The remote player offers a draw; Ann refuses in the dialog.
    send(
        &mut app,
        Propose {
            kind: ProposalKind::Draw,
            from: Actor::Remote,
        },
    );
    assert_eq!(game(&app).pending.map(|p| p.by), Some(Stone::White));
    drain::<Notice>(&mut app);
    send(&mut app, UiAction::Answer(false));
    assert_eq!(game(&app).pending, None);
    assert!(game(&app).in_progress());
    // Offered again and accepted: the game ends in a draw agreed by the person here.
    send(
        &mut app,
        Propose {
            kind: ProposalKind::Draw,
            from: Actor::Remote,
        },
    );
    send(&mut app, UiAction::Answer(true));
    let over = drain::<GameOver>(&mut app);
    assert_eq!(over[0].result.reason, Reason::DrawAgreed);
    assert_eq!(over[0].origin, Origin::Seat(Actor::Local));

    // Play again, proposed by the remote player and accepted here.
    send(
        &mut app,
        Propose {
            kind: ProposalKind::PlayAgain,
            from: Actor::Remote,
        },
    );
    send(&mut app, UiAction::Answer(true));
    assert!(game(&app).record.moves().is_empty());
    assert_eq!(game(&app).seats.actor(Stone::White), Actor::Remote);
}

#[test]
fn only_a_seat_resigns_for_itself_and_a_refusal_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    remote_game(&mut app, Stone::Black);
    click(&mut app, "h8");
    send(
        &mut app,
        GameCommand::Resign {
            stone: Stone::White,
            from: Actor::Local,
        },
    );
    assert!(
        game(&app).in_progress(),
        "a person here cannot resign for Bo"
    );
    send(&mut app, UiAction::Undo);
    drain::<Notice>(&mut app);
    send(
        &mut app,
        Answer {
            accept: false,
            from: Actor::Remote,
        },
    );
    assert!(matches!(
        drain::<Notice>(&mut app)[..],
        [Notice::ProposalRefused(Proposal {
            kind: ProposalKind::Undo,
            ..
        })]
    ));
    assert_eq!(
        game(&app).record.moves().len(),
        1,
        "the refused undo took nothing"
    );
    send(
        &mut app,
        GameCommand::Resign {
            stone: Stone::White,
            from: Actor::Remote,
        },
    );
    let over = drain::<GameOver>(&mut app);
    assert_eq!(over[0].result.outcome, Outcome::Win(Stone::Black));
    assert_eq!(over[0].origin, Origin::Seat(Actor::Remote));
}

#[test]
fn two_apps_joined_by_a_link_play_the_same_game_and_nothing_echoes() {
    let dir_a = tempfile::tempdir().unwrap();
    let dir_b = tempfile::tempdir().unwrap();
    let mut a = app(dir_a.path());
    let mut b = app(dir_b.path());
    remote_game(&mut a, Stone::Black);
    remote_game(&mut b, Stone::White);
    let moves = parse_points("h8 a1 h9 a2 h10 a3 h11 a4 h12", 15).unwrap();
    let mut relayed = 0;
    for (i, pos) in moves.into_iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };
        let request = game(mover).local_move(pos);
        send(mover, request);
        // The link carries what the mover's own seat played, and only that.
        for placed in outgoing(mover) {
            relayed += 1;
            send(
                other,
                MoveRequest {
                    pos: placed.pos,
                    from: Actor::Remote,
                    moves_before: placed.number - 1,
                },
            );
        }
        assert!(outgoing(other).is_empty(), "a move that came in went out");
    }
    assert_eq!(relayed, 9);
    assert_eq!(game(&a).record, game(&b).record);
    assert_eq!(
        game(&a).record.result().map(|r| r.outcome),
        Some(Outcome::Win(Stone::Black))
    );
}
