//! Requests and chat on the in-memory pipe: undo (its rules, both answers), draw, resignation,
//! play again (colours swap unless chosen), chat and names with their limits, and two requests
//! crossing (the host's stands).

mod common;

use common::{Pipe, move_msg, p, poke, rejections};
use gomoku_net::{
    Action, ActionError, Event, GameSettings, Message, Pending, Rejection, Request, Role, Side,
};
use gomoku_rules::{Outcome, Reason, Stone};

fn renju() -> GameSettings {
    GameSettings::default()
}

#[test]
fn undo_goes_back_to_the_asked_count_when_agreed() {
    let mut pipe = Pipe::new(renju());
    pipe.host_act(Action::Move(p(7, 7)));
    pipe.joiner_act(Action::Move(p(8, 8)));
    pipe.host_act(Action::Move(p(9, 9)));
    // The joiner (white) is to move: undo takes back the host's reply and its own move.
    pipe.joiner_act(Action::RequestUndo);
    let asked = Request::Undo { to: 1 };
    assert!(pipe.host.take_events().contains(&Event::Requested(asked)));
    // Nobody moves while the request waits.
    assert_eq!(
        pipe.joiner.act(Action::Move(p(1, 1)), pipe.now),
        Err(ActionError::RequestPending)
    );
    assert_eq!(
        poke(&mut pipe, move_msg(4, p(1, 1))),
        vec![Rejection::RequestPending]
    );
    pipe.host_act(Action::AnswerUndo(false));
    assert!(pipe.joiner.take_events().contains(&Event::Answered {
        request: asked,
        accepted: false
    }));
    assert_eq!(pipe.joiner.record().moves().len(), 3);
    pipe.joiner_act(Action::RequestUndo);
    pipe.host_act(Action::AnswerUndo(true));
    assert!(pipe.joiner.take_events().contains(&Event::Answered {
        request: asked,
        accepted: true
    }));
    for s in [&pipe.host, &pipe.joiner] {
        assert_eq!(s.record().moves().len(), 1);
        assert_eq!(s.record().side_to_move(), Stone::White);
    }
    // Black just moved: its undo takes back that one move.
    pipe.joiner_act(Action::Move(p(8, 8)));
    pipe.joiner_act(Action::RequestUndo);
    assert!(
        pipe.host
            .take_events()
            .contains(&Event::Requested(Request::Undo { to: 1 }))
    );
}

#[test]
fn an_undo_request_the_rules_do_not_allow_is_refused() {
    let mut pipe = Pipe::new(renju());
    pipe.host_act(Action::Move(p(7, 7)));
    pipe.joiner_act(Action::Move(p(8, 8)));
    pipe.host_act(Action::Move(p(9, 9)));
    let bad = |to| Message::UndoRequest { to };
    for to in [3, 0, 2] {
        // 3: nothing to take back; 0: more than a move and its reply; 2: black would move.
        let r = poke(&mut pipe, bad(to));
        assert!(
            matches!(r.as_slice(), [Rejection::BadUndo { .. }]),
            "{to}: {r:?}"
        );
    }
    assert!(pipe.host.pending().is_none());
    // White has no move to take back before its first move.
    let mut fresh = Pipe::new(renju());
    fresh.host_act(Action::Move(p(7, 7)));
    assert_eq!(
        fresh.joiner.act(Action::RequestUndo, fresh.now),
        Err(ActionError::NothingToUndo)
    );
}

#[test]
fn draw_offers_and_resignation() {
    let mut pipe = Pipe::new(renju());
    pipe.host_act(Action::Move(p(7, 7)));
    pipe.host_act(Action::OfferDraw);
    assert!(
        pipe.joiner
            .take_events()
            .contains(&Event::Requested(Request::Draw))
    );
    pipe.joiner_act(Action::AnswerDraw(false));
    assert!(!pipe.host.record().is_over());
    pipe.host_act(Action::OfferDraw);
    pipe.joiner_act(Action::AnswerDraw(true));
    for s in [&pipe.host, &pipe.joiner] {
        assert_eq!(s.record().result().unwrap().reason, Reason::DrawAgreed);
    }
    assert_eq!(
        poke(&mut pipe, Message::DrawOffer),
        vec![Rejection::GameOver]
    );
    assert_eq!(poke(&mut pipe, Message::Resign), vec![Rejection::GameOver]);

    let mut pipe = Pipe::new(renju());
    pipe.joiner_act(Action::Resign);
    let r = pipe.host.record().result().unwrap();
    assert_eq!(
        (r.outcome, r.reason),
        (Outcome::Win(Stone::Black), Reason::Resignation)
    );
    assert!(pipe.host.take_events().contains(&Event::PeerResigned));
}

#[test]
fn play_again_swaps_colours_unless_chosen_otherwise() {
    let mut pipe = Pipe::new(renju());
    assert_eq!(
        pipe.host.act(Action::PlayAgain(None), pipe.now),
        Err(ActionError::GameNotOver)
    );
    assert_eq!(
        poke(&mut pipe, Message::PlayAgain { black: Role::Host }),
        vec![Rejection::GameNotOver]
    );
    pipe.host_act(Action::Resign);
    pipe.joiner_act(Action::PlayAgain(None));
    assert!(
        pipe.host
            .take_events()
            .contains(&Event::Requested(Request::PlayAgain {
                black: Role::Joiner
            }))
    );
    pipe.host_act(Action::AnswerPlayAgain(false));
    assert_eq!(pipe.host.game_number(), 1);
    pipe.joiner_act(Action::PlayAgain(None));
    pipe.host_act(Action::AnswerPlayAgain(true));
    for s in [&pipe.host, &pipe.joiner] {
        assert_eq!(s.game_number(), 2);
        assert!(s.record().moves().is_empty() && !s.record().is_over());
    }
    assert_eq!(pipe.joiner.local_stone(), Stone::Black);
    assert_eq!(pipe.host.local_stone(), Stone::White);
    pipe.joiner_act(Action::Resign);
    // The same colours again, by choice.
    pipe.host_act(Action::PlayAgain(Some(Role::Joiner)));
    pipe.joiner_act(Action::AnswerPlayAgain(true));
    assert_eq!(pipe.joiner.local_stone(), Stone::Black);
    assert_eq!(pipe.joiner.game_number(), 3);
}

#[test]
fn chat_names_and_the_flood_limit() {
    let mut pipe = Pipe::new(renju());
    pipe.joiner_act(Action::Chat("你好 hello".into()));
    pipe.joiner_act(Action::Rename("Bo Li".into()));
    let events = pipe.host.take_events();
    assert!(events.contains(&Event::Chat("你好 hello".into())));
    assert!(events.contains(&Event::PeerRenamed("Bo Li".into())));
    assert_eq!(pipe.host.peer_name(), Some("Bo Li"));
    assert_eq!(
        pipe.joiner.act(Action::Chat("x".repeat(501)), pipe.now),
        Err(ActionError::ChatTooLong { max: 500 })
    );
    assert!(matches!(
        poke(
            &mut pipe,
            Message::Chat {
                text: "é".repeat(501)
            }
        )
        .as_slice(),
        [Rejection::ChatTooLong { chars: 501, .. }]
    ));
    assert_eq!(
        poke(&mut pipe, Message::Name { name: " ".into() }),
        vec![Rejection::BadName { max: 40 }]
    );
    // A flood from the peer: the burst passes, the rest is dropped, refused once.
    let mut flood = Pipe::new(renju());
    let mut refusals = 0;
    for i in 0..50 {
        flood.host.receive(
            Message::Chat {
                text: format!("spam {i}"),
            },
            flood.now,
        );
        refusals += rejections(&mut flood.host).len();
    }
    let shown = flood
        .host
        .take_events()
        .iter()
        .filter(|e| matches!(e, Event::Chat(_)))
        .count();
    assert_eq!((shown, refusals), (5, 1));
    // A second later one more gets through.
    let later = flood.now + std::time::Duration::from_secs(1);
    flood
        .host
        .receive(Message::Chat { text: "ok".into() }, later);
    assert!(flood.host.take_events().contains(&Event::Chat("ok".into())));
    // The local side is held to the same limit.
    for _ in 0..5 {
        flood
            .joiner
            .act(Action::Chat("hi".into()), flood.now)
            .unwrap();
    }
    assert_eq!(
        flood.joiner.act(Action::Chat("hi".into()), flood.now),
        Err(ActionError::ChatFlood)
    );
}

#[test]
fn when_both_ask_at_once_the_hosts_request_stands() {
    let mut pipe = Pipe::new(renju());
    pipe.host_act(Action::Move(p(7, 7)));
    pipe.host.act(Action::OfferDraw, pipe.now).unwrap();
    pipe.joiner.act(Action::OfferDraw, pipe.now).unwrap();
    pipe.deliver();
    let host_pending = Pending {
        from: Side::Local,
        request: Request::Draw,
    };
    assert_eq!(pipe.host.pending(), Some(host_pending));
    assert_eq!(
        pipe.joiner.pending(),
        Some(Pending {
            from: Side::Peer,
            request: Request::Draw
        })
    );
    pipe.joiner_act(Action::AnswerDraw(true));
    assert!(pipe.host.record().is_over() && pipe.joiner.record().is_over());
}
