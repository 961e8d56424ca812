//! Network play, headless: the game's logic plugins host a game on 127.0.0.1 and a plain
//! `gomoku_net::Link` in the test thread joins it. The remote seat is driven through the real
//! loopback session: a game to a five, undo requests and draw offers both ways with both
//! answers, chat, play again with the colours swapped, statistics per opponent name.
//! Only 127.0.0.1 is ever used. The ignored `latency` test is the benchmark: the time from a
//! move the peer sends to the game's `StonePlaced`, the app sleeping until the link wakes it
//! (as the window's event loop does) and then running one update.

mod common;

use bevy::prelude::*;
use common::{app, drain, game, p, send};
use gomoku::game::{
    Actor, GameCommand, GameSetup, MoveRequest, NetNotice, Notice, Origin, Proposal, ProposalKind,
    Seat, StonePlaced,
};
use gomoku::net::{HostBoard, NetCommand, NetStatus, Network};
use gomoku::stats::Stats;
use gomoku::ui::actions::UiAction;
use gomoku_net::{Action, Event, Link, NetConfig, Request};
use gomoku_rules::{Pos, Reason, Rule, Stone};
use std::net::{IpAddr, Ipv4Addr};
use std::time::{Duration, Instant};

const LOOPBACK: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

/// Runs the app and the joiner until `done` holds (or fails after 5 s); returns the joiner's
/// events.
fn pump(app: &mut App, joiner: &mut Link, done: impl Fn(&App, &[Event]) -> bool) -> Vec<Event> {
    let start = Instant::now();
    let mut events = Vec::new();
    loop {
        app.update();
        events.extend(joiner.wait(Duration::from_millis(2)));
        if done(app, &events) {
            return events;
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "timed out; joiner saw {events:?}"
        );
    }
}

fn net(app: &App) -> &Network {
    app.world().resource::<Network>()
}

/// Ann hosts a freestyle game on 127.0.0.1 playing black; Bo joins from a plain link.
fn hosted(app: &mut App) -> Link {
    send(
        app,
        GameCommand::NewGame(GameSetup {
            rule: Rule::Freestyle,
            ..GameSetup::default()
        }),
    );
    send(
        app,
        NetCommand::Host {
            port: 0,
            name: "Ann".into(),
            local: Stone::Black,
            bind: Some(LOOPBACK),
            board: None,
        },
    );
    assert_eq!(net(app).status, NetStatus::Waiting);
    assert!(game(app).networked(), "the board is a network game at once");
    let addr = net(app).listening[0];
    assert_eq!(addr.ip(), LOOPBACK);
    let mut joiner = Link::join(vec![addr], "Bo", NetConfig::default());
    let events = pump(app, &mut joiner, |app, events| {
        net(app).status == NetStatus::Connected
            && events
                .iter()
                .any(|e| matches!(e, Event::GameStarted { .. }))
    });
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Connected { peer_name, .. } if peer_name == "Ann"))
    );
    let seats = &game(app).seats;
    assert_eq!(seats.black, Seat::local("Ann"));
    assert_eq!(
        seats.white,
        Seat::Remote {
            name: Some("Bo".into())
        }
    );
    assert_eq!(joiner.session().local_stone(), Stone::White);
    joiner
}

/// Ann clicks `pos`; waits until Bo has it.
fn ann_plays(app: &mut App, joiner: &mut Link, pos: &str) {
    let before = game(app).record.moves().len();
    app.world_mut().write_message(MoveRequest {
        pos: p(pos),
        from: Actor::Local,
        moves_before: before,
    });
    let events = pump(app, joiner, |_, events| {
        events.iter().any(|e| matches!(e, Event::PeerMoved { .. }))
    });
    assert!(events.contains(&Event::PeerMoved {
        pos: p(pos),
        number: before as u32 + 1
    }));
}

/// Bo plays `pos`; waits until the board shows it.
fn bo_plays(app: &mut App, joiner: &mut Link, pos: &str) {
    let before = game(app).record.moves().len();
    joiner.act(Action::Move(p(pos))).unwrap();
    pump(app, joiner, |app, _| {
        game(app).record.moves().len() == before + 1
    });
    assert_eq!(game(app).record.moves().last().unwrap().pos, p(pos));
}

fn same_game(app: &App, joiner: &Link) {
    let board: Vec<Pos> = game(app).points();
    let theirs: Vec<Pos> = joiner
        .session()
        .record()
        .moves()
        .iter()
        .map(|m| m.pos)
        .collect();
    assert_eq!(board, theirs);
}

#[test]
fn a_network_game_with_requests_both_ways_chat_and_play_again() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    let mut joiner = hosted(&mut app);

    ann_plays(&mut app, &mut joiner, "h8");
    bo_plays(&mut app, &mut joiner, "i8");
    ann_plays(&mut app, &mut joiner, "h9");
    bo_plays(&mut app, &mut joiner, "i9");
    ann_plays(&mut app, &mut joiner, "a1");

    // Ann asks to take back a1; Bo refuses, then agrees.
    send(&mut app, UiAction::Undo);
    let events = pump(&mut app, &mut joiner, |_, e| {
        e.iter().any(|e| matches!(e, Event::Requested(_)))
    });
    assert!(events.contains(&Event::Requested(Request::Undo { to: 4 })));
    assert_eq!(game(&app).pending.map(|p| p.kind), Some(ProposalKind::Undo));
    joiner.act(Action::AnswerUndo(false)).unwrap();
    pump(&mut app, &mut joiner, |app, _| game(app).pending.is_none());
    assert_eq!(
        game(&app).record.moves().len(),
        5,
        "a refused undo takes nothing"
    );
    send(&mut app, UiAction::Undo);
    pump(&mut app, &mut joiner, |_, e| {
        e.iter().any(|e| matches!(e, Event::Requested(_)))
    });
    joiner.act(Action::AnswerUndo(true)).unwrap();
    pump(&mut app, &mut joiner, |app, _| {
        game(app).record.moves().len() == 4
    });
    same_game(&app, &joiner);
    ann_plays(&mut app, &mut joiner, "h10");
    bo_plays(&mut app, &mut joiner, "a15");

    // Bo asks to take back a15: the board shows the question; Ann agrees.
    joiner.act(Action::RequestUndo).unwrap();
    pump(&mut app, &mut joiner, |app, _| game(app).pending.is_some());
    assert_eq!(
        game(&app).pending,
        Some(Proposal {
            kind: ProposalKind::Undo,
            by: Stone::White
        })
    );
    send(&mut app, UiAction::Answer(true));
    let events = pump(&mut app, &mut joiner, |_, e| {
        e.iter().any(|e| matches!(e, Event::Answered { .. }))
    });
    assert!(events.contains(&Event::Answered {
        request: Request::Undo { to: 5 },
        accepted: true
    }));
    assert_eq!(game(&app).record.moves().len(), 5);
    same_game(&app, &joiner);
    bo_plays(&mut app, &mut joiner, "i10");

    // Draw offers: Bo offers, Ann refuses; Ann offers, Bo refuses.
    joiner.act(Action::OfferDraw).unwrap();
    pump(&mut app, &mut joiner, |app, _| game(app).pending.is_some());
    assert_eq!(game(&app).pending.map(|p| p.kind), Some(ProposalKind::Draw));
    send(&mut app, UiAction::Answer(false));
    let events = pump(&mut app, &mut joiner, |_, e| {
        e.iter().any(|e| matches!(e, Event::Answered { .. }))
    });
    assert!(events.contains(&Event::Answered {
        request: Request::Draw,
        accepted: false
    }));
    send(&mut app, UiAction::OfferDraw);
    pump(&mut app, &mut joiner, |_, e| {
        e.contains(&Event::Requested(Request::Draw))
    });
    joiner.act(Action::AnswerDraw(false)).unwrap();
    pump(&mut app, &mut joiner, |app, _| game(app).pending.is_none());
    assert!(game(&app).in_progress());

    // Chat both ways.
    joiner.act(Action::Chat("你好 Ann".into())).unwrap();
    pump(&mut app, &mut joiner, |app, _| !net(app).chat.is_empty());
    assert_eq!(net(&app).chat[0].text, "你好 Ann");
    assert!(net(&app).chat[0].from_peer);
    assert_eq!(net(&app).unread, 1);
    send(&mut app, NetCommand::Chat("hello Bo".into()));
    pump(&mut app, &mut joiner, |_, e| {
        e.contains(&Event::Chat("hello Bo".into()))
    });

    // Ann completes five: both sides see the result.
    ann_plays(&mut app, &mut joiner, "h11");
    bo_plays(&mut app, &mut joiner, "i11");
    ann_plays(&mut app, &mut joiner, "h12");
    let result = game(&app).record.result().cloned().unwrap();
    assert_eq!(result.reason, Reason::Five);
    assert_eq!(joiner.session().record().result(), Some(&result));
    let stats = app.world().resource::<Stats>();
    assert_eq!(stats.players["Ann"].wins, 1);
    assert_eq!(
        stats.players["Bo"].losses, 1,
        "statistics per opponent name"
    );

    // Bo proposes to play again; Ann agrees: the colours swap.
    joiner.act(Action::PlayAgain(None)).unwrap();
    pump(&mut app, &mut joiner, |app, _| game(app).pending.is_some());
    send(&mut app, UiAction::Answer(true));
    // Both ends: the board here, and Bo told of the new game.
    pump(&mut app, &mut joiner, |app, e| {
        game(app).record.moves().is_empty()
            && game(app).seats.black.actor() == Actor::Remote
            && e.iter().any(|e| matches!(e, Event::GameStarted { .. }))
    });
    assert_eq!(joiner.session().local_stone(), Stone::Black);
    assert_eq!(game(&app).seats.white, Seat::local("Ann"));
    bo_plays(&mut app, &mut joiner, "h8");
    ann_plays(&mut app, &mut joiner, "h9");

    // Ann resigns: Bo is told; Bo leaves and the board becomes a local game.
    send(&mut app, UiAction::Resign);
    let events = pump(&mut app, &mut joiner, |_, e| {
        e.iter().any(|e| matches!(e, Event::PeerResigned))
    });
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::GameOver(r) if r.reason == Reason::Resignation))
    );
    assert_eq!(
        game(&app).record.result().unwrap().reason,
        Reason::Resignation
    );
    joiner.act(Action::Leave(None)).unwrap();
    pump(&mut app, &mut joiner, |app, _| {
        net(app).status == NetStatus::Closed
    });
    app.update();
    assert!(!game(&app).networked());
    assert_eq!(game(&app).seats.black, Seat::local("Bo"));
}

#[test]
fn a_local_move_the_session_refuses_is_taken_back_and_told() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    let mut joiner = hosted(&mut app);
    ann_plays(&mut app, &mut joiner, "h8");
    bo_plays(&mut app, &mut joiner, "i8");
    // Bo's connection falls: a move made here now cannot be sent, and is taken back.
    drop(joiner);
    let start = Instant::now();
    while net(&app).status == NetStatus::Connected {
        app.update();
        std::thread::sleep(Duration::from_millis(2));
        assert!(start.elapsed() < Duration::from_secs(5));
    }
    assert_eq!(net(&app).status, NetStatus::Lost);
    assert_eq!(game(&app).record.moves().len(), 2, "the game is kept");
    assert!(game(&app).networked());
    drain::<Notice>(&mut app);
    app.world_mut().write_message(MoveRequest {
        pos: p("h9"),
        from: Actor::Local,
        moves_before: 2,
    });
    app.update();
    app.update();
    assert!(
        drain::<Notice>(&mut app)
            .iter()
            .any(|n| matches!(n, Notice::Network(NetNotice::NotSent { .. })))
    );
    assert_eq!(game(&app).points(), vec![p("h8"), p("i8")]);
    assert!(game(&app).networked(), "still waiting for Bo to come back");
}

#[test]
fn restart_replay_and_redo_are_locked_and_a_new_game_leaves_the_network_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    let mut joiner = hosted(&mut app);
    ann_plays(&mut app, &mut joiner, "h8");
    bo_plays(&mut app, &mut joiner, "i9");
    assert!(!game(&app).can_restart(), "restart is greyed out");
    for command in [
        GameCommand::Restart,
        GameCommand::EndGame,
        GameCommand::ReplayTo(0),
        GameCommand::Redo,
    ] {
        send(&mut app, command.clone());
        app.update();
        assert_eq!(game(&app).record.moves().len(), 2, "{command:?} is ignored");
        assert!(game(&app).active && game(&app).networked());
    }
    same_game(&app, &joiner);
    // No engine help for either player while the game is on.
    drain::<Notice>(&mut app);
    send(&mut app, gomoku::ai::ComputerRequest::Hint);
    assert!(drain::<Notice>(&mut app).contains(&Notice::NoHelpInNetworkGame));
    let analysis = app.world().resource::<gomoku::ai::analysis::Analysis>();
    assert!(!analysis.pending(game(&app)), "no search runs for a hint");

    // A new game (renju on the board) takes the board and leaves the network game: the other
    // player is told, and the board is not put back to the network game afterwards.
    send(
        &mut app,
        GameCommand::NewGame(GameSetup {
            rule: Rule::Renju,
            ..GameSetup::default()
        }),
    );
    pump(&mut app, &mut joiner, |_, events| {
        events.iter().any(|e| matches!(e, Event::PeerLeft(_)))
    });
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(net(&app).status, NetStatus::Closed);
    assert!(!game(&app).networked());
    assert!(game(&app).record.moves().is_empty());
    assert_eq!(game(&app).record.rule(), Rule::Renju);
    assert!(drain::<Notice>(&mut app).contains(&Notice::Network(NetNotice::Left)));
}

/// Ann hosts `board` on 127.0.0.1 playing `local`; Bo joins from a plain link once the game
/// has started.
fn host_board(app: &mut App, local: Stone, board: HostBoard) -> Link {
    send(
        app,
        NetCommand::Host {
            port: 0,
            name: "Ann".into(),
            local,
            bind: Some(LOOPBACK),
            board: Some(board),
        },
    );
    let addr = net(app).listening[0];
    let mut joiner = Link::join(vec![addr], "Bo", NetConfig::default());
    pump(app, &mut joiner, |app, events| {
        net(app).status == NetStatus::Connected
            && events
                .iter()
                .any(|e| matches!(e, Event::GameStarted { .. }))
    });
    joiner
}

#[test]
fn the_host_offers_a_19_by_19_board_and_the_joiner_gets_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    let board = HostBoard {
        rule: Rule::Freestyle,
        size: 19,
        opening: gomoku_rules::OpeningRule::Free,
        clock: gomoku_rules::TimeControl::Unlimited,
    };
    let mut joiner = host_board(&mut app, Stone::White, board);
    assert_eq!(game(&app).record.size(), 19);
    assert_eq!(joiner.session().settings().size, 19);
    assert_eq!(joiner.session().settings().rule, Rule::Freestyle);
    // Bo plays black on the far corner of the big board.
    let corner = Pos::new(18, 18);
    joiner.act(Action::Move(corner)).unwrap();
    pump(&mut app, &mut joiner, |app, _| {
        game(app).record.moves().len() == 1
    });
    assert_eq!(game(&app).record.moves()[0].pos, corner);
}

#[test]
fn a_swap2_opening_with_a_clock_is_played_over_the_network_and_the_seats_follow_the_choice() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    let board = HostBoard {
        rule: Rule::Freestyle,
        size: 15,
        opening: gomoku_rules::OpeningRule::Swap2,
        clock: "5m+2s".parse().unwrap(),
    };
    let mut joiner = host_board(&mut app, Stone::Black, board);
    assert_eq!(
        game(&app).record.opening_rule(),
        gomoku_rules::OpeningRule::Swap2
    );
    assert!(
        game(&app).record.clock().is_some(),
        "the host's clock holds"
    );
    // Ann, the first player, places the three stones.
    for pos in ["h8", "h9", "j10"] {
        ann_plays(&mut app, &mut joiner, pos);
    }
    // Bo takes black: the board's seats follow.
    joiner
        .act(Action::Decide(gomoku_rules::Decision::Swap2(
            gomoku_rules::Swap2Choice::TakeBlack,
        )))
        .unwrap();
    pump(&mut app, &mut joiner, |app, _| {
        game(app).record.opening_done()
    });
    let seats = &game(&app).seats;
    assert_eq!(
        seats.black,
        Seat::Remote {
            name: Some("Bo".into())
        }
    );
    assert_eq!(seats.white, Seat::local("Ann"));
    // Ann, now white, plays 4; Bo answers with 5.
    ann_plays(&mut app, &mut joiner, "g7");
    bo_plays(&mut app, &mut joiner, "k11");
    same_game(&app, &joiner);
    // Both clocks agree on the time of the player who is not thinking (the board takes the
    // session's figure once the step is on it).
    app.update();
    let ours = game(&app).record.clock().unwrap().clone();
    let theirs = joiner.session().record().clock().unwrap().clone();
    let waiting = gomoku_rules::Side::Second;
    assert_eq!(ours.time(waiting).main_ms, theirs.time(waiting).main_ms);
    assert!(
        ours.time(waiting).main_ms > 300_000,
        "Bo's increments are counted"
    );
}

/// The benchmark: `cargo test -p gomoku --test network -- --ignored --nocapture latency`.
#[test]
#[ignore = "benchmark"]
fn latency() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    let mut joiner = hosted(&mut app);
    let (wake, woken) = std::sync::mpsc::channel();
    assert!(net(&app).link().unwrap().set_waker(move || {
        let _ = wake.send(());
    }));
    let mut times = Vec::new();
    let mut rng = fastrand::Rng::with_seed(7);
    while times.len() < 1000 {
        let record = joiner.session().record().clone();
        if record.is_over() || record.moves().len() >= 40 {
            if !record.is_over() {
                send(&mut app, UiAction::Resign);
                pump(&mut app, &mut joiner, |_, e| {
                    e.iter().any(|e| matches!(e, Event::PeerResigned))
                });
            }
            if let Err(error) = joiner.act(Action::PlayAgain(None)) {
                panic!(
                    "{error}: {:?} {:?}",
                    joiner.session().pending(),
                    game(&app).pending
                );
            }
            pump(&mut app, &mut joiner, |app, _| game(app).pending.is_some());
            send(&mut app, UiAction::Answer(true));
            pump(&mut app, &mut joiner, |app, e| {
                game(app).record.moves().is_empty()
                    && e.iter().any(|e| matches!(e, Event::GameStarted { .. }))
            });
            drain::<StonePlaced>(&mut app);
            continue;
        }
        let empty: Vec<Pos> = (0..15u8)
            .flat_map(|y| (0..15u8).map(move |x| Pos::new(x, y)))
            .filter(|&p| record.board().get(p).is_none())
            .collect();
        let pos = empty[rng.usize(..empty.len())];
        if joiner.session().local_to_move() {
            drain::<StonePlaced>(&mut app);
            while woken.try_recv().is_ok() {}
            let sent = Instant::now();
            joiner.act(Action::Move(pos)).unwrap();
            // As the window does: sleep until the link wakes the app, then update.
            woken
                .recv_timeout(Duration::from_secs(5))
                .expect("the link woke the app");
            loop {
                app.update();
                if drain::<StonePlaced>(&mut app)
                    .iter()
                    .any(|s| s.origin == Origin::Seat(Actor::Remote))
                {
                    times.push(sent.elapsed());
                    break;
                }
                assert!(sent.elapsed() < Duration::from_secs(5));
            }
            joiner.poll();
        } else {
            let before = record.moves().len();
            app.world_mut().write_message(MoveRequest {
                pos,
                from: Actor::Local,
                moves_before: before,
            });
            pump(&mut app, &mut joiner, |_, e| {
                e.iter().any(|e| matches!(e, Event::PeerMoved { .. }))
            });
        }
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    println!(
        "peer move → StonePlaced over 127.0.0.1, {} moves: p50 {:?}, p90 {:?}, p99 {:?}, max {:?}",
        times.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        times[times.len() - 1]
    );
}

#[test]
fn the_game_joins_a_host_and_plays_white() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    let settings = gomoku_net::GameSettings {
        rule: Rule::Freestyle,
        ..gomoku_net::GameSettings::default()
    };
    let mut host = Link::host(
        std::net::SocketAddr::new(LOOPBACK, 0),
        "Peer",
        settings,
        NetConfig::default(),
    )
    .unwrap();
    let address = host.local_addrs()[0].to_string();
    send(
        &mut app,
        NetCommand::Join {
            address,
            name: "Ann".into(),
        },
    );
    pump(&mut app, &mut host, |app, e| {
        net(app).status == NetStatus::Connected
            && game(app).networked()
            && e.iter().any(|e| matches!(e, Event::GameStarted { .. }))
    });
    assert_eq!(game(&app).seats.white, Seat::local("Ann"));
    bo_plays(&mut app, &mut host, "h8");
    ann_plays(&mut app, &mut host, "i9");
    for _ in 0..5 {
        app.update();
    }
    same_game(&app, &host);
    assert_eq!(game(&app).record.moves().len(), 2);
    // A last move sent together with the goodbye is still played.
    host.act(Action::Move(p("h9"))).unwrap();
    host.act(Action::Leave(None)).unwrap();
    pump(&mut app, &mut host, |app, _| {
        net(app).status == NetStatus::Closed
    });
    app.update();
    app.update();
    assert_eq!(game(&app).points(), vec![p("h8"), p("i9"), p("h9")]);
    assert!(!game(&app).networked(), "the board is a local game now");
}
