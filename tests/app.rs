//! Headless app tests: the game's logic plugins under `MinimalPlugins`, driven by the same
//! messages the mouse picking and the interface send.

mod common;

use bevy::prelude::*;
use common::{app, click, drain, game, notice_texts, p, send, setup};
use gomoku::board::stones::{BoardPos, MoveNumber, StoneColor};
use gomoku::game::{
    Actor, FileNotice, Game, GameCommand, GameMode, GameOver, MoveRefused, MoveRequest, Notice,
    OpenProblem, Origin, Refusal, StonePlaced, StoneRemoved,
};
use gomoku::game::{Proposal, ProposalKind};
use gomoku::save::{FileFormat, OpenRequest, ResumeOffer, SaveRequest};
use gomoku::ui::actions::{Confirm, Dialog, UiAction, UiState};
use gomoku::ui::words;
use gomoku_rules::notation::pos::parse_points;
use gomoku_rules::{Forbidden, ForbiddenPolicy, MoveError, Outcome, Pos, Reason, Rule, Stone};

fn new_game(app: &mut App, rule: Rule) {
    send(
        app,
        GameCommand::NewGame(setup(GameMode::HotSeat, rule, "Ann", "Bo")),
    );
}

fn stones(app: &mut App) -> Vec<(Pos, Stone, usize)> {
    let mut query = app
        .world_mut()
        .query::<(&BoardPos, &StoneColor, &MoveNumber)>();
    let mut all: Vec<_> = query
        .iter(app.world())
        .map(|(p, c, n)| (p.0, c.0, n.0))
        .collect();
    all.sort_by_key(|s| s.2);
    all
}

#[test]
fn a_click_places_a_stone_entity_of_the_colour_to_move() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    new_game(&mut app, Rule::Freestyle);
    drain::<StonePlaced>(&mut app);
    click(&mut app, "h8");
    assert_eq!(
        drain::<StonePlaced>(&mut app),
        vec![StonePlaced {
            pos: p("h8"),
            stone: Stone::Black,
            number: 1,
            origin: Origin::Seat(Actor::Local),
        }]
    );
    click(&mut app, "i9");
    assert_eq!(
        stones(&mut app),
        vec![(p("h8"), Stone::Black, 1), (p("i9"), Stone::White, 2)]
    );
    assert_eq!(game(&app).record.side_to_move(), Stone::Black);
}

#[test]
fn occupied_and_off_board_clicks_are_refused_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    new_game(&mut app, Rule::Freestyle);
    click(&mut app, "h8");
    drain::<Notice>(&mut app);
    click(&mut app, "h8");
    let off_board = game(&app).local_move(Pos::new(15, 3));
    send(&mut app, off_board);
    let refused = drain::<MoveRefused>(&mut app);
    assert_eq!(
        refused,
        vec![
            MoveRefused {
                pos: p("h8"),
                from: Actor::Local,
                reason: Refusal::Rules(MoveError::Occupied)
            },
            MoveRefused {
                pos: Pos::new(15, 3),
                from: Actor::Local,
                reason: Refusal::Rules(MoveError::OffBoard)
            }
        ]
    );
    let notices = drain::<Notice>(&mut app);
    assert!(notices.iter().all(Notice::is_error));
    let text = words::notice_text(&notices[0], game(&app));
    assert!(text.contains("H8 is already taken"), "{text}");
    assert_eq!(stones(&mut app).len(), 1);
    assert_eq!(game(&app).record.side_to_move(), Stone::White);
}

#[test]
fn five_in_a_row_ends_the_game_with_the_winning_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    new_game(&mut app, Rule::Freestyle);
    drain::<GameOver>(&mut app);
    // Black builds h8..l8 (played out of order), white answers on row 10.
    click(&mut app, "j8 a10 h8 b10 l8 c10 i8 d10");
    assert!(drain::<GameOver>(&mut app).is_empty());
    click(&mut app, "k8");
    let over = drain::<GameOver>(&mut app);
    assert_eq!(over.len(), 1);
    assert_eq!(over[0].result.outcome, Outcome::Win(Stone::Black));
    assert_eq!(over[0].result.reason, Reason::Five);
    let mut line = over[0].line.clone();
    line.sort();
    assert_eq!(line, parse_points("h8 i8 j8 k8 l8", 15).unwrap());
    // The result dialog opens; the board takes no more moves.
    assert_eq!(
        app.world().resource::<UiState>().dialog,
        Some(Dialog::Result)
    );
    click(&mut app, "a1");
    assert_eq!(
        drain::<MoveRefused>(&mut app)[0].reason,
        Refusal::Rules(MoveError::GameOver)
    );
    assert_eq!(stones(&mut app).len(), 9);
}

#[test]
fn a_full_board_without_five_is_a_draw() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    new_game(&mut app, Rule::Freestyle);
    drain::<GameOver>(&mut app);
    // Pairs across, alternating down: no line longer than two in any direction.
    let colour = |x: u8, y: u8| (x / 2 + y) % 2;
    let cells: Vec<Pos> = (0..15u8)
        .flat_map(|y| (0..15u8).map(move |x| Pos::new(x, y)))
        .collect();
    let mut first: Vec<Pos> = cells
        .iter()
        .copied()
        .filter(|p| colour(p.x, p.y) == 0)
        .collect();
    let mut second: Vec<Pos> = cells
        .iter()
        .copied()
        .filter(|p| colour(p.x, p.y) == 1)
        .collect();
    if first.len() < second.len() {
        std::mem::swap(&mut first, &mut second);
    }
    assert_eq!((first.len(), second.len()), (113, 112));
    for i in 0..113 {
        let request = |pos, moves_before| MoveRequest {
            pos,
            from: Actor::Local,
            moves_before,
        };
        app.world_mut().write_message(request(first[i], 2 * i));
        if i < 112 {
            app.world_mut().write_message(request(second[i], 2 * i + 1));
        }
    }
    app.update();
    assert!(drain::<MoveRefused>(&mut app).is_empty());
    let over = drain::<GameOver>(&mut app);
    assert_eq!(over.len(), 1);
    assert_eq!(over[0].result.outcome, Outcome::Draw);
    assert_eq!(over[0].result.reason, Reason::BoardFull);
    assert!(over[0].line.is_empty());
    assert_eq!(stones(&mut app).len(), 225);
}

#[test]
fn undo_and_redo_take_back_and_replay_stones() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    new_game(&mut app, Rule::Standard);
    click(&mut app, "h8 i9 h9");
    send(&mut app, UiAction::Undo);
    assert_eq!(
        drain::<StoneRemoved>(&mut app),
        vec![StoneRemoved {
            pos: p("h9"),
            origin: Origin::Undo
        }]
    );
    send(&mut app, UiAction::Undo);
    assert_eq!(stones(&mut app), vec![(p("h8"), Stone::Black, 1)]);
    assert_eq!(game(&app).record.side_to_move(), Stone::White);
    send(&mut app, UiAction::Redo);
    assert_eq!(
        stones(&mut app),
        vec![(p("h8"), Stone::Black, 1), (p("i9"), Stone::White, 2)]
    );
    assert!(game(&app).record.can_redo());
    // A new move drops the rest of the redo tail.
    click(&mut app, "a1");
    assert!(!game(&app).record.can_redo());
    assert_eq!(stones(&mut app)[2], (p("a1"), Stone::Black, 3));
}

#[test]
fn restart_asks_first_then_clears_the_board_keeping_the_setup() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    new_game(&mut app, Rule::Renju);
    click(&mut app, "h8 i9");
    send(&mut app, UiAction::Restart);
    assert_eq!(
        app.world().resource::<UiState>().dialog,
        Some(Dialog::Confirm(Confirm::Restart))
    );
    assert_eq!(stones(&mut app).len(), 2);
    send(&mut app, UiAction::Close);
    assert_eq!(stones(&mut app).len(), 2);
    send(&mut app, UiAction::Restart);
    send(&mut app, UiAction::Confirm);
    assert!(stones(&mut app).is_empty());
    let game = game(&app);
    assert!(game.record.moves().is_empty());
    assert_eq!(game.record.rule(), Rule::Renju);
    assert_eq!(words::name(game, Stone::Black), "Ann");
}

#[test]
fn quitting_or_closing_the_window_asks_while_a_game_is_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    new_game(&mut app, Rule::Freestyle);
    drain::<AppExit>(&mut app);
    send(&mut app, UiAction::Quit);
    assert_eq!(
        drain::<AppExit>(&mut app),
        vec![AppExit::Success],
        "an empty board quits at once"
    );
    let mut app = self::app(dir.path());
    new_game(&mut app, Rule::Freestyle);
    click(&mut app, "h8");
    let window = app.world_mut().spawn_empty().id();
    send(&mut app, bevy::window::WindowCloseRequested { window });
    assert_eq!(
        app.world().resource::<UiState>().dialog,
        Some(Dialog::Confirm(Confirm::Quit))
    );
    assert!(drain::<AppExit>(&mut app).is_empty());
    send(&mut app, UiAction::Confirm);
    assert_eq!(drain::<AppExit>(&mut app), vec![AppExit::Success]);
}

#[test]
fn renju_refuses_a_forbidden_point_and_strict_play_loses_on_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    new_game(&mut app, Rule::Renju);
    // Black g8 h8 and j9 j10: j8 makes two open threes at once.
    click(&mut app, "g8 a1 h8 a3 j9 o1 j10 o3");
    assert!(
        game(&app)
            .record
            .forbidden_points()
            .contains(&(p("j8"), Forbidden::DoubleThree))
    );
    drain::<Notice>(&mut app);
    click(&mut app, "j8");
    assert_eq!(
        drain::<MoveRefused>(&mut app),
        vec![MoveRefused {
            pos: p("j8"),
            from: Actor::Local,
            reason: Refusal::Rules(MoveError::Forbidden(Forbidden::DoubleThree))
        }]
    );
    let notice = &notice_texts(&mut app)[0];
    assert!(notice.contains("double-three"), "{notice:?}");
    assert_eq!(stones(&mut app).len(), 8);

    send(&mut app, GameCommand::SetPolicy(ForbiddenPolicy::Lose));
    drain::<GameOver>(&mut app);
    click(&mut app, "j8");
    let over = drain::<GameOver>(&mut app);
    assert_eq!(over[0].result.outcome, Outcome::Win(Stone::White));
    assert_eq!(
        over[0].result.reason,
        Reason::Forbidden(Forbidden::DoubleThree)
    );
}

#[test]
fn resign_and_draw_offers_end_the_game_only_when_meant() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    new_game(&mut app, Rule::Freestyle);
    click(&mut app, "h8 i9");
    send(&mut app, UiAction::OfferDraw);
    assert_eq!(
        game(&app).pending,
        Some(Proposal {
            kind: ProposalKind::Draw,
            by: Stone::Black
        })
    );
    send(&mut app, UiAction::Answer(false));
    assert_eq!(game(&app).pending, None);
    assert!(game(&app).in_progress());
    send(&mut app, UiAction::OfferDraw);
    drain::<GameOver>(&mut app);
    send(&mut app, UiAction::Answer(true));
    assert_eq!(
        drain::<GameOver>(&mut app)[0].result.reason,
        Reason::DrawAgreed
    );
    send(&mut app, UiAction::Undo);
    assert!(game(&app).in_progress(), "undo takes the agreed draw back");
    send(&mut app, UiAction::Resign);
    let over = drain::<GameOver>(&mut app);
    assert_eq!(over[0].result.outcome, Outcome::Win(Stone::White));
    assert_eq!(over[0].result.reason, Reason::Resignation);
}

#[test]
fn save_then_open_restores_the_game_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    new_game(&mut app, Rule::Renju);
    click(&mut app, "h8 i9 h9 h10 g9");
    send(&mut app, UiAction::Undo);
    let before = game(&app).clone();
    let path = dir.path().join("saves").join("round trip.ron");
    send(
        &mut app,
        SaveRequest {
            path: path.clone(),
            format: FileFormat::Ron,
        },
    );
    assert!(path.exists());
    for format in [FileFormat::Psq, FileFormat::Sgf, FileFormat::Pos] {
        let export = dir.path().join(format!("export.{}", format.extension()));
        send(
            &mut app,
            SaveRequest {
                path: export,
                format,
            },
        );
    }
    new_game(&mut app, Rule::Freestyle);
    assert!(stones(&mut app).is_empty());

    send(
        &mut app,
        OpenRequest {
            path,
            rule: Rule::Freestyle,
        },
    );
    app.update();
    let after = game(&app);
    assert_eq!(after.record, before.record);
    assert_eq!(after.seats, before.seats);
    assert_eq!(stones(&mut app).len(), 4);

    for format in [FileFormat::Psq, FileFormat::Sgf, FileFormat::Pos] {
        let export = dir.path().join(format!("export.{}", format.extension()));
        send(
            &mut app,
            OpenRequest {
                path: export,
                rule: Rule::Renju,
            },
        );
        app.update();
        let points = |g: &Game| g.record.moves().iter().map(|m| m.pos).collect::<Vec<_>>();
        assert_eq!(points(game(&app)), points(&before), "{format:?}");
        assert_eq!(game(&app).record.rule(), Rule::Renju, "{format:?}");
    }
}

#[test]
fn the_autosave_is_offered_on_the_next_launch_and_resumes_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let mut first = app(dir.path());
    new_game(&mut first, Rule::Renju);
    click(&mut first, "h8 i9 h9 i10");
    send(&mut first, UiAction::Undo);
    let before = game(&first).clone();
    drop(first);
    let autosave = std::fs::read_to_string(dir.path().join("autosave.ron")).unwrap();

    let mut second = app(dir.path());
    second.update();
    let offer = second.world().resource::<ResumeOffer>().0.clone();
    let offer = offer.expect("the unfinished game is offered");
    assert_eq!(offer.record, before.record);
    assert!(stones(&mut second).is_empty());
    assert_eq!(
        std::fs::read_to_string(dir.path().join("autosave.ron")).unwrap(),
        autosave,
        "the autosave stays until the player answers"
    );
    // "Resume" in the dialog loads the offered game.
    send(&mut second, UiAction::Resume(true));
    second.update();
    assert!(second.world().resource::<ResumeOffer>().0.is_none());
    assert_eq!(game(&second).record, before.record);
    assert_eq!(game(&second).seats, before.seats);
    assert_eq!(game(&second).record.side_to_move(), Stone::White);
    assert_eq!(stones(&mut second).len(), 3);
    assert!(game(&second).record.can_redo());
}

#[test]
fn a_corrupted_file_opens_nothing_says_why_and_keeps_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    new_game(&mut app, Rule::Freestyle);
    click(&mut app, "h8 i9 j10");
    let before = game(&app).record.clone();
    let bad = dir.path().join("broken.ron");
    std::fs::write(
        &bad,
        "(version: 1, rule: Renju, board_size: 15, moves: [(x: 7, y: 7), (x: 7",
    )
    .unwrap();
    let foreign = dir.path().join("notes.txt");
    std::fs::write(&foreign, "shopping list: eggs, milk").unwrap();
    let illegal = dir.path().join("illegal.txt");
    std::fs::write(&illegal, "h8h8").unwrap();
    drain::<Notice>(&mut app);
    let expected = |problem: &OpenProblem| match problem {
        OpenProblem::Damaged { .. } => "damaged or cut short",
        OpenProblem::Impossible { .. } => "move 2 is impossible — H8 is already taken",
        _ => "Could not",
    };
    for path in [bad, foreign, illegal, dir.path().join("missing.sgf")] {
        send(
            &mut app,
            OpenRequest {
                path: path.clone(),
                rule: Rule::Freestyle,
            },
        );
        app.update();
        let notices = drain::<Notice>(&mut app);
        assert_eq!(notices.len(), 1, "{path:?}: {notices:?}");
        assert!(notices[0].is_error());
        let Notice::File(FileNotice::NotOpened { problem, .. }) = &notices[0] else {
            panic!("{notices:?}");
        };
        let text = words::notice_text(&notices[0], game(&app));
        assert!(text.contains(expected(problem)), "{text}");
        assert_eq!(game(&app).record, before, "{path:?}");
        assert_eq!(stones(&mut app).len(), 3);
    }
}

#[test]
fn a_corrupted_autosave_is_reported_and_not_offered() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("autosave.ron"), "\u{0}\u{1}garbage").unwrap();
    let mut app = app(dir.path());
    assert!(app.world().resource::<ResumeOffer>().0.is_none());
    let notices = drain::<Notice>(&mut app);
    assert!(
        notices
            .iter()
            .any(|n| matches!(n, Notice::File(FileNotice::AutosaveUnreadable(_)))),
        "{notices:?}"
    );
}
