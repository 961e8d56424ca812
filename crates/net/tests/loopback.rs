//! Two links over real loopback sockets (IPv4 and IPv6): a whole game to a five, every
//! message kind with both answers of each request, play again with swapped colours, a second
//! joiner turned away, and the peer binary playing itself.

mod common;

use common::{connected_pair, fast, loopback_v4, p, wait_for, wait_for_polling};
use gomoku_net::{Action, Event, GameSettings, Link, Refusal, Request, Role, Session};
use gomoku_rules::{Outcome, Reason, Stone};
use std::net::SocketAddr;

fn moved(e: &Event) -> bool {
    matches!(e, Event::PeerMoved { .. })
}

fn play_to_a_five(addr: SocketAddr) {
    let (mut host, mut joiner) = connected_pair(addr, GameSettings::default());
    assert_eq!(joiner.session().local_stone(), Stone::White);
    for i in 0..4 {
        host.act(Action::Move(p(3 + i, 7))).unwrap();
        wait_for(&mut joiner, "black's move", moved);
        joiner.act(Action::Move(p(3 + i, 9))).unwrap();
        wait_for(&mut host, "white's move", moved);
    }
    host.act(Action::Move(p(7, 7))).unwrap();
    let Event::GameOver(result) = wait_for(&mut joiner, "the result", |e| {
        matches!(e, Event::GameOver(_))
    }) else {
        unreachable!()
    };
    assert_eq!(
        (result.outcome, result.reason),
        (Outcome::Win(Stone::Black), Reason::Five)
    );
    assert_eq!(result.line.len(), 5);
    assert_eq!(host.session().record(), joiner.session().record());
}

#[test]
fn a_whole_game_to_a_five_over_ipv4() {
    play_to_a_five(loopback_v4());
}

#[test]
fn a_whole_game_to_a_five_over_ipv6() {
    play_to_a_five("[::1]:0".parse().unwrap());
}

#[test]
fn every_request_with_both_answers_and_the_other_messages() {
    let (mut host, mut joiner) = connected_pair(loopback_v4(), GameSettings::default());
    host.act(Action::Move(p(7, 7))).unwrap();
    wait_for(&mut joiner, "move 1", moved);
    joiner.act(Action::Move(p(8, 8))).unwrap();
    wait_for(&mut host, "move 2", moved);

    // Undo, refused then agreed: black asks to take back its move and white's reply.
    for agree in [false, true] {
        host.act(Action::RequestUndo).unwrap();
        let asked = Request::Undo { to: 0 };
        wait_for(&mut joiner, "undo request", |e| {
            *e == Event::Requested(asked)
        });
        joiner.act(Action::AnswerUndo(agree)).unwrap();
        wait_for(&mut host, "undo answer", |e| {
            *e == Event::Answered {
                request: asked,
                accepted: agree,
            }
        });
    }
    assert!(host.session().record().moves().is_empty());
    assert!(joiner.session().record().moves().is_empty());
    host.act(Action::Move(p(7, 7))).unwrap();
    wait_for(&mut joiner, "move 1 again", moved);

    // Chat and a new name.
    joiner.act(Action::Chat("再来 good luck".into())).unwrap();
    wait_for(&mut host, "chat", |e| {
        *e == Event::Chat("再来 good luck".into())
    });
    host.act(Action::Rename("Ann".into())).unwrap();
    wait_for(&mut joiner, "rename", |e| {
        *e == Event::PeerRenamed("Ann".into())
    });
    assert_eq!(joiner.session().peer_name(), Some("Ann"));

    // Draw, refused then agreed.
    for agree in [false, true] {
        joiner.act(Action::OfferDraw).unwrap();
        wait_for(&mut host, "draw offer", |e| {
            *e == Event::Requested(Request::Draw)
        });
        host.act(Action::AnswerDraw(agree)).unwrap();
        wait_for(&mut joiner, "draw answer", |e| {
            *e == Event::Answered {
                request: Request::Draw,
                accepted: agree,
            }
        });
    }
    assert_eq!(
        joiner.session().record().result().unwrap().reason,
        Reason::DrawAgreed
    );

    // Play again, refused then agreed: colours swap.
    for agree in [false, true] {
        host.act(Action::PlayAgain(None)).unwrap();
        let asked = Request::PlayAgain {
            black: Role::Joiner,
        };
        wait_for(&mut joiner, "play again", |e| *e == Event::Requested(asked));
        joiner.act(Action::AnswerPlayAgain(agree)).unwrap();
        wait_for(&mut host, "play again answer", |e| {
            *e == Event::Answered {
                request: asked,
                accepted: agree,
            }
        });
    }
    assert_eq!(host.session().game_number(), 2);
    assert_eq!(host.session().local_stone(), Stone::White);
    assert_eq!(joiner.session().local_stone(), Stone::Black);

    // Resignation in the new game.
    joiner.act(Action::Move(p(7, 7))).unwrap();
    wait_for(&mut host, "game 2 move 1", moved);
    host.act(Action::Resign).unwrap();
    wait_for(&mut joiner, "resignation", |e| *e == Event::PeerResigned);
    let r = joiner.session().record().result().unwrap();
    assert_eq!(
        (r.outcome, r.reason),
        (Outcome::Win(Stone::Black), Reason::Resignation)
    );

    // Goodbye.
    joiner.leave(Some("bye".into()));
    wait_for(&mut host, "goodbye", |e| {
        *e == Event::PeerLeft(Some("bye".into()))
    });
    assert_eq!(host.session().record().moves().len(), 1);
}

#[test]
fn a_second_joiner_is_told_the_host_is_busy() {
    let (mut host, _joiner) = connected_pair(loopback_v4(), GameSettings::default());
    let mut intruder = Link::join(host.local_addrs().to_vec(), "Eve", fast());
    wait_for_polling(&mut intruder, &mut host, "refusal", |e| {
        *e == Event::Refused(Refusal::Busy)
    });
    // The game goes on.
    host.act(Action::Move(p(7, 7))).unwrap();
}

#[test]
fn the_waker_is_called_when_the_peers_move_arrives() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::{Duration, Instant};

    let (mut host, mut joiner) = connected_pair(loopback_v4(), GameSettings::default());
    let wakes = Arc::new(AtomicUsize::new(0));
    let counter = wakes.clone();
    // Set after the threads started: they see it all the same.
    assert!(joiner.set_waker(move || {
        counter.fetch_add(1, Ordering::SeqCst);
    }));
    assert!(!joiner.set_waker(|| {}), "only the first waker counts");
    joiner.poll();
    let before = wakes.load(Ordering::SeqCst);
    host.act(Action::Move(p(7, 7))).unwrap();
    // Without polling: the socket thread calls the waker when the frame arrives.
    let deadline = Instant::now() + Duration::from_secs(5);
    while wakes.load(Ordering::SeqCst) == before {
        assert!(Instant::now() < deadline, "the waker was never called");
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(
        joiner.poll().iter().any(moved),
        "the move was there to poll"
    );
}

#[test]
fn links_can_live_in_a_bevy_resource() {
    fn send_sync<T: Send + Sync + 'static>() {}
    send_sync::<Link>();
    send_sync::<Session>();
}

#[test]
fn two_peer_binaries_play_two_games_with_alternating_colours() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let exe = env!("CARGO_BIN_EXE_gomoku-peer");
    let mut host = Command::new(exe)
        .args(["--host", "0", "--bind", "127.0.0.1", "--level", "Beginner"])
        .args(["--games", "2", "--name", "Hosty", "--size", "11"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(host.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let addr = first
        .strip_prefix("listening on ")
        .expect(&first)
        .to_owned();
    let joiner = Command::new(exe)
        .args(["--join", &addr, "--level", "Beginner", "--games", "2"])
        .args(["--name", "Joey", "--seed", "7"])
        .stderr(Stdio::null())
        .output()
        .unwrap();
    let host_status = host.wait().unwrap();
    let host_lines: Vec<String> = lines.map(Result::unwrap).collect();
    let joiner_out = String::from_utf8(joiner.stdout).unwrap();
    assert!(joiner.status.success() && host_status.success());
    let joiner_lines: Vec<&str> = joiner_out.lines().collect();
    assert_eq!(host_lines, joiner_lines, "both report the same results");
    assert_eq!(host_lines.len(), 2);
    assert!(host_lines[0].starts_with("game 1: ") && host_lines[0].contains("black Hosty"));
    assert!(host_lines[1].starts_with("game 2: ") && host_lines[1].contains("black Joey"));
}

#[test]
fn two_peer_binaries_play_openings_with_a_clock() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let exe = env!("CARGO_BIN_EXE_gomoku-peer");
    for (rule, opening) in [
        ("freestyle", "swap2"),
        ("renju", "rif"),
        ("renju", "soosorv8"),
    ] {
        let mut host = Command::new(exe)
            .args(["--host", "0", "--bind", "127.0.0.1", "--level", "Beginner"])
            .args(["--rule", rule, "--opening", opening, "--clock", "5m+1s"])
            .args(["--games", "2", "--name", "Hosty"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(host.stdout.take().unwrap()).lines();
        let first = lines.next().unwrap().unwrap();
        let addr = first
            .strip_prefix("listening on ")
            .expect(&first)
            .to_owned();
        let joiner = Command::new(exe)
            .args(["--join", &addr, "--level", "Beginner", "--games", "2"])
            .args(["--name", "Joey", "--seed", "7"])
            .stderr(Stdio::null())
            .output()
            .unwrap();
        let host_status = host.wait().unwrap();
        let host_lines: Vec<String> = lines.map(Result::unwrap).collect();
        let joiner_out = String::from_utf8(joiner.stdout).unwrap();
        assert!(
            joiner.status.success() && host_status.success(),
            "{opening}: {joiner_out}"
        );
        let joiner_lines: Vec<&str> = joiner_out.lines().collect();
        assert_eq!(
            host_lines, joiner_lines,
            "{opening}: both report the same results"
        );
        assert_eq!(host_lines.len(), 2, "{opening}");
    }
}

#[test]
fn a_player_against_the_peer_binary_gets_undo_agreed_draw_declined_and_a_result() {
    use std::process::{Command, Stdio};
    // Default timings on both sides (the binary's heartbeat is the default one).
    let config = gomoku_net::NetConfig::default();
    let settings = GameSettings {
        rule: gomoku_rules::Rule::Freestyle,
        size: 9,
        ..GameSettings::default()
    };
    let mut me = Link::host(loopback_v4(), "Me", settings, config).unwrap();
    let bot = Command::new(env!("CARGO_BIN_EXE_gomoku-peer"))
        .args(["--join", &me.local_addrs()[0].to_string()])
        .args(["--level", "Beginner", "--games", "1", "--name", "Bot"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for(&mut me, "the bot", |e| matches!(e, Event::Connected { .. }));
    assert_eq!(me.session().peer_name(), Some("Bot"));
    me.act(Action::Chat("good luck".into())).unwrap();
    me.act(Action::Move(p(4, 4))).unwrap();
    wait_for(&mut me, "the bot's reply", moved);
    me.act(Action::RequestUndo).unwrap();
    wait_for(&mut me, "undo agreed", |e| {
        *e == Event::Answered {
            request: Request::Undo { to: 0 },
            accepted: true,
        }
    });
    assert!(me.session().record().moves().is_empty());
    me.act(Action::Move(p(4, 4))).unwrap();
    wait_for(&mut me, "the bot's reply", moved);
    me.act(Action::OfferDraw).unwrap();
    wait_for(&mut me, "draw declined", |e| {
        *e == Event::Answered {
            request: Request::Draw,
            accepted: false,
        }
    });
    me.act(Action::Resign).unwrap();
    wait_for(&mut me, "the bot leaving", |e| {
        *e == Event::PeerLeft(Some("done".into()))
    });
    let out = bot.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().trim(),
        "game 1: white wins by resignation (black Me, white Bot, 2 moves)"
    );
}
