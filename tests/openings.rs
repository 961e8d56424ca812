//! Opening rules and clocks, headless: two people at one computer play through each opening
//! rule (stones by clicks, decisions as the decision window sends them), the seats follow a
//! swap, refused decisions are worded, undo steps back through decisions, a game saved in the
//! middle of an opening reopens there, and a clock that runs out ends the game on time
//! (Bevy's manual time update, no sleeping).

mod common;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use common::{app, click, drain, game, notice_texts, p, send};
use gomoku::game::{GameCommand, GameOver, GameSetup, Seat, Seats};
use gomoku::ui::actions::UiAction;
use gomoku_rules::opening::Phase;
use gomoku_rules::{
    Decision, OPENINGS, OpeningRule, Outcome, Reason, Rule, Side, Stone, Swap2Choice, TimeControl,
};
use std::time::Duration;

/// Ann (listed first: black, the first player) and Bo at one computer.
fn hot_seat(rule: Rule, opening: OpeningRule) -> GameSetup {
    GameSetup {
        seats: Seats::new(Seat::local("Ann"), Seat::local("Bo")),
        rule,
        opening,
        ..GameSetup::default()
    }
}

fn start(setup: GameSetup) -> (App, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    send(&mut app, GameCommand::NewGame(setup));
    drain::<gomoku::game::Notice>(&mut app);
    (app, dir)
}

fn decide(app: &mut App, decision: Decision) {
    send(app, UiAction::Decide(decision));
    app.update();
}

fn phase(app: &App) -> Phase {
    game(app).turn().phase
}

fn black_name(app: &App) -> Option<String> {
    game(app).seats.black.name().map(str::to_owned)
}

#[test]
fn rif_is_played_through_by_two_people_with_a_swap_a_refused_symmetric_offer_and_undo() {
    let (mut app, _dir) = start(hot_seat(Rule::Renju, OpeningRule::Rif));
    // 寒星 from the list: three stones at once.
    let kagetsu = OPENINGS.iter().position(|o| o.chinese == "寒星").unwrap();
    for stone in OPENINGS[kagetsu]
        .stones(15, gomoku_rules::Symmetry::Identity)
        .unwrap()
    {
        send(&mut app, UiAction::Decide(Decision::Place(stone)));
    }
    app.update();
    assert_eq!(game(&app).record.moves().len(), 3);
    assert_eq!(game(&app).record.opening_name().unwrap().0.chinese, "寒星");
    assert_eq!(phase(&app), Phase::Swap);
    // Bo swaps: Bo now plays black, Ann white.
    decide(&mut app, Decision::Swap(true));
    assert_eq!(black_name(&app).as_deref(), Some("Bo"));
    let texts = notice_texts(&mut app);
    assert!(
        texts.iter().any(|t| t.contains("Bo swaps")),
        "the swap is told: {texts:?}"
    );
    // Ann (white) plays 4 anywhere: on the line of the three, which keeps the position
    // symmetric left to right.
    let column = game(&app).record.moves()[0].pos.x;
    let four = gomoku_rules::Pos::new(column, 12);
    let request = game(&app).local_move(four);
    send(&mut app, request);
    assert!(matches!(phase(&app), Phase::OfferFifths { count: 2 }));
    // Bo (black) picks two fifth moves; a point symmetric to the first is refused.
    let board = game(&app).record.board().clone();
    let first = p("g10");
    let mirror = gomoku_rules::opening::Symmetry::ALL
        .into_iter()
        .filter(|s| s.preserves(&board))
        .map(|s| s.apply(first, 15))
        .find(|&q| q != first && board.get(q).is_none());
    click(&mut app, "g10");
    assert!(mirror.is_some(), "the position has a symmetry");
    if let Some(mirror) = mirror {
        let request = game(&app).local_move(mirror);
        send(&mut app, request);
        let texts = notice_texts(&mut app);
        assert!(
            texts.iter().any(|t| t.contains("symmetric")),
            "a symmetric pair is refused with its reason: {texts:?}"
        );
        assert_eq!(game(&app).offer_draft(), [first]);
    }
    click(&mut app, "f6");
    assert_eq!(game(&app).offer_draft(), [p("g10"), p("f6")]);
    let offer = game(&app).offer_draft().to_vec();
    decide(&mut app, Decision::OfferFifths(offer));
    assert_eq!(game(&app).offered_fifths(), [p("g10"), p("f6")]);
    // Ann (white) picks f6 by clicking it, then plays 6.
    click(&mut app, "f6");
    assert_eq!(game(&app).record.moves().len(), 5);
    assert_eq!(game(&app).record.moves()[4].pos, p("f6"));
    click(&mut app, "k11");
    assert!(game(&app).record.opening_done());
    assert_eq!(phase(&app), Phase::Play);
    assert_eq!(game(&app).record.side_to_move(), Stone::Black);

    // Undo steps back one step at a time: stone 6, the choice of 5, the offer, stone 4,
    // then the swap (and the seats swap back).
    for _ in 0..4 {
        send(&mut app, UiAction::Undo);
    }
    assert_eq!(game(&app).record.moves().len(), 3);
    assert_eq!(black_name(&app).as_deref(), Some("Bo"));
    send(&mut app, UiAction::Undo);
    assert_eq!(phase(&app), Phase::Swap);
    assert_eq!(black_name(&app).as_deref(), Some("Ann"));
    // Redo brings the swap back.
    send(&mut app, UiAction::Redo);
    assert_eq!(black_name(&app).as_deref(), Some("Bo"));
}

#[test]
fn swap2_place_two_then_the_first_player_takes_white() {
    let (mut app, _dir) = start(hot_seat(Rule::Freestyle, OpeningRule::Swap2));
    click(&mut app, "h8h9j10");
    assert_eq!(phase(&app), Phase::Swap2);
    assert_eq!(game(&app).turn().who, Side::Second);
    decide(&mut app, Decision::Swap2(Swap2Choice::PlaceTwo));
    click(&mut app, "g7k11");
    assert_eq!(phase(&app), Phase::Swap2Colour);
    assert_eq!(game(&app).turn().who, Side::First);
    decide(&mut app, Decision::TakeColour(Stone::White));
    assert!(game(&app).record.opening_done());
    assert_eq!(black_name(&app).as_deref(), Some("Bo"));
    // White (Ann) plays 6.
    assert_eq!(game(&app).record.side_to_move(), Stone::White);
    click(&mut app, "l12");
    assert_eq!(game(&app).record.moves().len(), 6);
}

#[test]
fn swap_after_three_and_a_decision_out_of_turn_is_refused() {
    let (mut app, _dir) = start(hot_seat(Rule::Standard, OpeningRule::Swap));
    // Before the three stones there is nothing to swap.
    decide(&mut app, Decision::Swap(true));
    let texts = notice_texts(&mut app);
    assert!(
        texts.iter().any(|t| t.contains("waits for something else")),
        "{texts:?}"
    );
    click(&mut app, "h8h9j10");
    assert_eq!(phase(&app), Phase::Swap);
    decide(&mut app, Decision::Swap(false));
    assert!(game(&app).record.opening_done());
    assert_eq!(black_name(&app).as_deref(), Some("Ann"));
    assert_eq!(game(&app).record.side_to_move(), Stone::White);
}

#[test]
fn soosorv8_declares_three_fifths_with_a_second_swap() {
    let (mut app, _dir) = start(hot_seat(Rule::Renju, OpeningRule::Soosorv8));
    click(&mut app, "h8h9h10");
    decide(&mut app, Decision::Swap(false));
    click(&mut app, "j9");
    assert!(matches!(phase(&app), Phase::DeclareFifths { max: 8 }));
    decide(&mut app, Decision::DeclareFifths(3));
    assert_eq!(phase(&app), Phase::Swap);
    decide(&mut app, Decision::Swap(true));
    assert_eq!(black_name(&app).as_deref(), Some("Bo"));
    assert!(matches!(phase(&app), Phase::OfferFifths { count: 3 }));
    for point in ["f6", "k12", "e11"] {
        click(&mut app, point);
    }
    let draft = game(&app).offer_draft().to_vec();
    assert_eq!(draft.len(), 3, "three distinct, non-symmetric points");
    decide(&mut app, Decision::OfferFifths(draft));
    click(&mut app, "k12");
    click(&mut app, "g12");
    assert!(game(&app).record.opening_done());
    assert_eq!(game(&app).record.moves().len(), 6);
}

#[test]
fn a_game_saved_mid_opening_reopens_mid_opening_with_its_seats() {
    let (mut app, _dir) = start(hot_seat(Rule::Freestyle, OpeningRule::Swap2));
    click(&mut app, "h8h9j10");
    decide(&mut app, Decision::Swap2(Swap2Choice::TakeBlack));
    assert_eq!(black_name(&app).as_deref(), Some("Bo"));
    let saved = game(&app).saved();
    let text = gomoku_rules::save::to_ron(&saved.record, &saved.players);
    let back = gomoku_rules::save::from_ron(&text).unwrap();
    send(&mut app, GameCommand::NewGame(GameSetup::default()));
    send(&mut app, GameCommand::Load(Box::new(back)));
    assert_eq!(game(&app).record.opening_rule(), OpeningRule::Swap2);
    assert_eq!(black_name(&app).as_deref(), Some("Bo"));
    assert_eq!(game(&app).record.side_to_move(), Stone::White);
    assert_eq!(game(&app).record.moves().len(), 3);
}

#[test]
fn the_clock_runs_for_the_player_to_move_and_a_flag_fall_ends_the_game_on_time() {
    let mut setup = hot_seat(Rule::Freestyle, OpeningRule::Free);
    setup.clock = TimeControl::Fischer {
        main_ms: 3_000,
        increment_ms: 1_000,
    };
    let (mut app, _dir) = start(setup);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        500,
    )));
    for _ in 0..3 {
        app.update();
    }
    let clock = game(&app).record.clock().unwrap().clone();
    let black = clock.remaining(Side::First).unwrap();
    assert!(
        black <= Duration::from_millis(2_000) && black >= Duration::from_millis(1_000),
        "black's clock ran: {black:?}"
    );
    assert_eq!(clock.remaining(Side::Second), Some(Duration::from_secs(3)));
    // Black moves: the increment is added and white's clock runs.
    click(&mut app, "h8");
    let clock = game(&app).record.clock().unwrap().clone();
    assert_eq!(clock.running(), Some(Side::Second));
    assert!(clock.remaining(Side::First).unwrap() > black);
    drain::<GameOver>(&mut app);
    let mut over = Vec::new();
    for _ in 0..12 {
        app.update();
        over.extend(drain::<GameOver>(&mut app));
    }
    assert_eq!(over.len(), 1, "the game ends once");
    assert_eq!(over[0].result.outcome, Outcome::Win(Stone::Black));
    assert!(over[0].fresh(), "a time loss counts in the statistics");
    assert_eq!(over[0].result.reason, Reason::Time);
    assert!(game(&app).record.is_over());
    let texts: Vec<String> = vec![gomoku::ui::status_line(game(&app))];
    assert!(texts[0].contains("on time"), "{texts:?}");
}

#[test]
fn a_saved_game_keeps_each_players_time() {
    let mut setup = hot_seat(Rule::Freestyle, OpeningRule::Free);
    setup.clock = "10m/3x30s".parse().unwrap();
    let (mut app, _dir) = start(setup);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs(7)));
    app.update();
    app.update();
    click(&mut app, "h8");
    let before = game(&app).record.clock().unwrap().clone();
    let text = {
        let s = game(&app).saved();
        gomoku_rules::save::to_ron(&s.record, &s.players)
    };
    let back = gomoku_rules::save::from_ron(&text).unwrap();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::ZERO));
    send(&mut app, GameCommand::Load(Box::new(back)));
    let after = game(&app).record.clock().unwrap();
    assert_eq!(
        after.remaining(Side::First),
        before.remaining(Side::First),
        "black's time is kept"
    );
    assert!(after.remaining(Side::First).unwrap() < Duration::from_secs(600));
    assert_eq!(after.running(), Some(Side::Second));
}

/// The computer plays both players through `opening`, to the first move of ordinary play.
fn computer_completes(rule: Rule, opening: OpeningRule, size: usize) {
    use gomoku::game::GameMode;
    use gomoku_engine::Level;
    let mut setup = GameSetup {
        rule,
        opening,
        size,
        ..GameSetup::default()
    }
    .with_mode(GameMode::ComputerVsComputer {
        black: Level::Novice,
        white: Level::Intermediate,
    });
    setup.nigiri = true;
    let (mut app, _dir) = start(setup);
    let started = std::time::Instant::now();
    let mut decided = Vec::new();
    while !game(&app).record.opening_done() {
        app.update();
        decided.extend(drain::<gomoku::game::Decided>(&mut app));
        std::thread::sleep(Duration::from_millis(2));
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{opening:?}: stuck at {:?}",
            game(&app).turn()
        );
        assert!(
            !game(&app).record.is_over(),
            "{opening:?}: the game ended in the opening"
        );
    }
    let refused = drain::<gomoku::game::MoveRefused>(&mut app);
    assert!(refused.is_empty(), "{opening:?}: refused {refused:?}");
    assert!(
        decided
            .iter()
            .all(|d| d.origin == gomoku::game::Origin::Seat(gomoku::game::Actor::Computer)),
        "every step was the computer's"
    );
    if opening.uses_standard_openings() {
        assert!(
            game(&app).record.opening_name().is_some(),
            "{opening:?}: the computer proposes one of the 26 openings"
        );
    }
}

#[test]
fn the_computer_completes_every_opening_in_every_role() {
    computer_completes(Rule::Standard, OpeningRule::Swap, 15);
    computer_completes(Rule::Renju, OpeningRule::Rif, 15);
    computer_completes(Rule::Renju, OpeningRule::Soosorv8, 15);
    computer_completes(Rule::Freestyle, OpeningRule::Swap2, 15);
    computer_completes(Rule::Freestyle, OpeningRule::Swap2, 20);
}

#[test]
fn a_person_playing_first_against_the_computer_gets_its_swap_decision() {
    use gomoku::game::GameMode;
    use gomoku_engine::Level;
    let setup = GameSetup {
        rule: Rule::Freestyle,
        opening: OpeningRule::Swap2,
        ..GameSetup::default()
    }
    .with_mode(GameMode::VsComputer {
        human: Stone::Black,
        level: Level::Novice,
    });
    let (mut app, _dir) = start(setup);
    // A lopsided start (white 2 far away in the corner): the computer answers Swap2.
    click(&mut app, "h8a1h9");
    let started = std::time::Instant::now();
    while game(&app).turn().phase == Phase::Swap2 {
        app.update();
        std::thread::sleep(Duration::from_millis(2));
        assert!(started.elapsed() < Duration::from_secs(30), "no answer");
    }
    let log = game(&app).record.opening_log().to_vec();
    assert!(
        matches!(log.last(), Some(Decision::Swap2(_))),
        "the computer answered: {log:?}"
    );
}

#[test]
fn the_computer_gives_each_move_a_share_of_its_own_clock() {
    use gomoku::ai::player::clock_share;
    use gomoku_rules::{Clock, GameRecord};
    let timed = |spec: &str| {
        let mut record =
            GameRecord::new(Rule::Freestyle, 15).with_clock(Clock::new(spec.parse().unwrap()));
        record.start_clock();
        record
    };
    assert_eq!(clock_share(&GameRecord::new(Rule::Freestyle, 15)), None);
    let sudden = clock_share(&timed("1m")).unwrap();
    assert!(
        sudden <= Duration::from_secs(2) && sudden >= Duration::from_secs(1),
        "{sudden:?}"
    );
    let fischer = clock_share(&timed("1m+10s")).unwrap();
    assert!(fischer > sudden, "the increment is used: {fischer:?}");
    // In byo-yomi, well within the period.
    let mut byo = timed("1s/3x20s");
    byo.tick(Duration::from_secs(2));
    let share = clock_share(&byo).unwrap();
    assert!(
        share < Duration::from_secs(20) && share >= Duration::from_secs(5),
        "{share:?}"
    );
    // Almost out of time: still something, never more than half of what is left.
    let mut short = timed("1m");
    short.tick(Duration::from_millis(59_700));
    assert!(clock_share(&short).unwrap() <= Duration::from_millis(150));
}
