//! Languages: both translation tables have the same keys, every key the code looks up exists
//! (and every key is used), every character of every text has a glyph in the shipped font,
//! and switching the language changes the panels' words.

use gomoku::game::{Game, GameMode, GameSetup, NetNotice, Notice, PuzzleNotice, ReviewNotice};
use gomoku::i18n::{self, Language, messages};
use gomoku::ui::style::CJK_FONT;
use gomoku::ui::words;
use gomoku_net::{ActionError, Refusal, Rejection};
use gomoku_rules::opening::Phase;
use gomoku_rules::{
    Area, Decision, MoveError, OpeningError, OpeningRule, Side, Stone, Swap2Choice, Symmetry,
};
use std::collections::BTreeSet;
use std::sync::Mutex;

/// The language is global: tests that switch it take turns.
static LANGUAGE: Mutex<()> = Mutex::new(());

fn keys(language: Language) -> BTreeSet<String> {
    messages(language).into_iter().map(|(k, _)| k).collect()
}

/// Every `t!("key"` in the game's sources.
fn keys_in_code() -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    // The checkout the tests run in (not necessarily the one the binary was built in).
    let root = std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(
        || env!("CARGO_MANIFEST_DIR").into(),
        std::path::PathBuf::from,
    );
    let mut dirs = vec![root.join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for (i, _) in text.match_indices("t!(") {
                    // `t!(`, not `format!(` or `assert!(`.
                    let before = text[..i].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                        continue;
                    }
                    let rest = text[i + 3..].trim_start();
                    if let Some(rest) = rest.strip_prefix('"') {
                        let key = &rest[..rest.find('"').unwrap()];
                        found.insert(key.to_owned());
                    }
                }
            }
        }
    }
    found
}

#[test]
fn both_languages_have_every_key() {
    let en = keys(Language::En);
    let zh = keys(Language::Zh);
    assert!(en.len() > 200, "only {} keys", en.len());
    let only_en: Vec<_> = en.difference(&zh).collect();
    let only_zh: Vec<_> = zh.difference(&en).collect();
    assert!(only_en.is_empty(), "missing in 中文: {only_en:?}");
    assert!(only_zh.is_empty(), "missing in English: {only_zh:?}");
    for (key, text) in messages(Language::Zh) {
        assert!(!text.trim().is_empty(), "{key} is empty");
    }
}

#[test]
fn every_key_in_the_code_is_translated_and_every_translation_used() {
    let used = keys_in_code();
    let known = keys(Language::En);
    assert!(
        used.len() > 200,
        "only {} keys found in the code",
        used.len()
    );
    let missing: Vec<_> = used.difference(&known).collect();
    assert!(
        missing.is_empty(),
        "looked up but not translated: {missing:?}"
    );
    let unused: Vec<_> = known.difference(&used).collect();
    assert!(unused.is_empty(), "translated but never shown: {unused:?}");
}

#[test]
fn the_shipped_font_has_every_character_of_every_text() {
    let face = ttf_parser::Face::parse(CJK_FONT, 0).expect("the font parses");
    let mut missing = BTreeSet::new();
    for language in Language::ALL {
        let texts = messages(language).into_iter().map(|(_, text)| text);
        let names = Language::ALL.iter().map(|l| l.native_name().to_owned());
        for text in texts.chain(names) {
            for c in text.chars() {
                // egui's own fonts cover Latin, symbols and emoji; the CJK font covers the rest.
                let cjk = !c.is_ascii() && !matches!(c, '…' | '—' | '·' | '×' | '•' | '⚠');
                if cjk && !c.is_whitespace() && face.glyph_index(c).is_none() {
                    missing.insert(c);
                }
            }
        }
    }
    let emoji_or_symbols = [
        '💡', '📈', '⏸', '▶', '⟲', '⟳', '⏮', '⏭', '◀', '🗋', '📁', '⬆',
    ];
    missing.retain(|c| !emoji_or_symbols.contains(c));
    assert!(
        missing.is_empty(),
        "no glyph for {missing:?}: run scripts/make_font.py"
    );
    for c in "五子棋黑白胜和悔棋，。：（）".chars() {
        assert!(face.glyph_index(c).is_some(), "{c}");
    }
}

/// The side panel's and menus' words for a game, in the current language.
fn panel_words(game: &Game) -> Vec<String> {
    gomoku::ui::panel::words(game)
}

#[test]
fn switching_the_language_changes_every_panel() {
    let _turn = LANGUAGE.lock().unwrap_or_else(|e| e.into_inner());
    let game = Game::new(GameSetup::default());
    i18n::set_language(Language::En);
    let english = panel_words(&game);
    i18n::set_language(Language::Zh);
    let chinese = panel_words(&game);
    i18n::set_language(Language::En);
    assert_eq!(
        english,
        panel_words(&game),
        "switching back restores English"
    );
    assert_eq!(english.len(), chinese.len());
    for (en, zh) in english.iter().zip(&chinese) {
        assert_ne!(en, zh, "not translated");
        assert!(
            zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{zh:?} has no Chinese"
        );
    }
    assert!(english.iter().any(|w| w.contains("Renju")));
    assert!(chinese.iter().any(|w| w.contains("连珠")));
}

#[test]
fn system_locales_map_to_languages() {
    assert_eq!(Language::from_locale("zh-CN"), Some(Language::Zh));
    assert_eq!(Language::from_locale("zh_TW.UTF-8"), Some(Language::Zh));
    assert_eq!(Language::from_locale("en-GB"), Some(Language::En));
    assert_eq!(Language::from_locale("fr-FR"), None);
}

/// One notice of every kind (the match makes a new kind fail to compile here until it is
/// added).
fn every_notice() -> Vec<Notice> {
    use gomoku::game::{FileNotice as F, OpenProblem as O, Proposal, ProposalKind as K};
    let pos = gomoku_rules::Pos::new(7, 7);
    let proposal = |kind| Proposal {
        kind,
        by: Stone::Black,
    };
    let path = std::path::PathBuf::from("/tmp/game.ron");
    let problems = [
        O::Unreadable("denied".into()),
        O::NotText,
        O::Empty,
        O::Damaged {
            detail: "ron: 1:5".into(),
        },
        O::NewerVersion {
            found: 9,
            supported: 2,
        },
        O::Impossible {
            number: 4,
            pos: Some(pos),
            size: 15,
            error: MoveError::Occupied,
        },
    ];
    let mut all = vec![
        Notice::NoGame,
        Notice::ContinueReplayFirst,
        Notice::WaitForComputer,
        Notice::WaitForOpponent,
        Notice::WaitForAnswer,
        Notice::Refused {
            pos,
            size: 15,
            error: MoveError::Forbidden(gomoku_rules::Forbidden::DoubleThree),
        },
        Notice::GameEnded,
        Notice::NowPlaying(GameMode::Network {
            local: Stone::White,
        }),
        Notice::ComputerAccepted(proposal(K::Draw)),
        Notice::ReplayContinued {
            number: 3,
            dropped: 2,
        },
        Notice::NothingToUndo,
        Notice::ResultTakenBack,
        Notice::NothingToRedo,
        Notice::Paused(true),
        Notice::Paused(false),
        Notice::NotWatching,
        Notice::Watching,
        Notice::DrawOnYourTurn,
        Notice::NoHintNow,
        Notice::NoHelpInNetworkGame,
        Notice::ComputerResigns(Stone::White),
    ];
    for kind in [K::Undo, K::Draw, K::PlayAgain] {
        all.push(Notice::ProposalRefused(proposal(kind)));
    }
    let files = [
        F::Saved { path: path.clone() },
        F::NotSaved {
            path: path.clone(),
            error: "full".into(),
        },
        F::Opened {
            name: Some("a.ron".into()),
            moves: 3,
        },
        F::Opened {
            name: None,
            moves: 3,
        },
        F::AutosaveNotSaved {
            path: path.clone(),
            error: "full".into(),
        },
        F::SettingsUnreadable("x".into()),
        F::SettingsNotSaved {
            path: path.clone(),
            error: "full".into(),
        },
        F::StatisticsUnreadable("x".into()),
        F::StatisticsNotSaved {
            path,
            error: "full".into(),
        },
        F::StatisticsCleared,
        F::Copied { extension: "sgf" },
        F::NoClipboard,
    ];
    all.extend(files.into_iter().map(Notice::File));
    for problem in problems {
        all.push(Notice::File(F::AutosaveUnreadable(problem.clone())));
        all.push(Notice::File(F::NotOpened {
            name: Some("a.sgf".into()),
            problem,
        }));
    }
    let detail = || "x".to_owned();
    all.extend(
        [
            NetNotice::Hosting { port: 5515 },
            NetNotice::CannotHost { detail: detail() },
            NetNotice::Joining {
                address: "127.0.0.1".into(),
            },
            NetNotice::BadAddress { detail: detail() },
            NetNotice::Connected {
                peer: "Bo".into(),
                resumed: false,
            },
            NetNotice::Connected {
                peer: "Bo".into(),
                resumed: true,
            },
            NetNotice::ConnectionLost,
            NetNotice::Reconnecting,
            NetNotice::Resynced { adopted: false },
            NetNotice::Resynced { adopted: true },
            NetNotice::PeerLeft { peer: "Bo".into() },
            NetNotice::Closed { detail: detail() },
            NetNotice::Unreadable { detail: detail() },
            NetNotice::MoveTakenBack,
            NetNotice::RequestCancelled,
            NetNotice::Left,
        ]
        .map(Notice::Network),
    );
    // Every reason the network gives, inside the notices that carry it.
    let rejections = [
        Rejection::NotYourTurn,
        Rejection::WrongMoveNumber {
            expected: 3,
            got: 5,
        },
        Rejection::OffBoard { x: 30, y: 2 },
        Rejection::Occupied { x: 7, y: 7 },
        Rejection::Forbidden {
            x: 7,
            y: 7,
            kind: gomoku_rules::Forbidden::DoubleThree,
        },
        Rejection::GameOver,
        Rejection::GameNotOver,
        Rejection::RequestPending,
        Rejection::NoRequest,
        Rejection::BadUndo {
            to: 2,
            detail: detail(),
        },
        Rejection::ChatTooLong {
            chars: 600,
            max: 500,
        },
        Rejection::ChatFlood,
        Rejection::BadName { max: 24 },
        Rejection::Unexpected { detail: detail() },
        Rejection::BadFrame { detail: detail() },
        Rejection::BadSync { detail: detail() },
        Rejection::WrongStepNumber {
            expected: 4,
            got: 5,
        },
        Rejection::Opening { detail: detail() },
        Rejection::TimeClaim {
            claimed_ms: 100,
            measured_ms: 9000,
            tolerance_ms: 1900,
        },
        Rejection::TimeLeft { left_ms: 4200 },
        Rejection::NoClock,
    ];
    for why in rejections {
        all.push(Notice::Network(NetNotice::PeerRefused { why: why.clone() }));
        all.push(Notice::Network(NetNotice::RefusedByPeer { why }));
    }
    let refusals = [
        Refusal::Version {
            host: vec![1],
            joiner: vec![2, 3],
        },
        Refusal::Busy,
        Refusal::UnknownGame {
            game_id: "a".into(),
            current: "b".into(),
        },
        Refusal::Settings { detail: detail() },
        Refusal::Handshake { detail: detail() },
    ];
    for why in refusals {
        all.push(Notice::Network(NetNotice::HostRefused { why: why.clone() }));
        all.push(Notice::Network(NetNotice::JoinFailed { why }));
    }
    let action_errors = [
        ActionError::NotConnected,
        ActionError::Closed,
        ActionError::NotYourTurn,
        ActionError::RequestPending,
        ActionError::NoRequest,
        ActionError::Move(MoveError::Occupied),
        ActionError::Move(MoveError::OffBoard),
        ActionError::Move(MoveError::GameOver),
        ActionError::Move(MoveError::Forbidden(gomoku_rules::Forbidden::Overline)),
        ActionError::GameOver,
        ActionError::GameNotOver,
        ActionError::NothingToUndo,
        ActionError::ChatTooLong { max: 500 },
        ActionError::ChatEmpty,
        ActionError::ChatFlood,
        ActionError::BadName { max: 24 },
        ActionError::Opening(OpeningError::NotOffered(gomoku_rules::Pos::new(7, 7))),
        ActionError::TimeLeft { left_ms: 3000 },
        ActionError::NoClock,
        ActionError::OutOfTime,
    ];
    for why in action_errors {
        all.push(Notice::Network(NetNotice::NotSent { why }));
    }
    // Every refusal of the opening, and every decision.
    let at = gomoku_rules::Pos::new(7, 7);
    let other = gomoku_rules::Pos::new(5, 9);
    let opening_errors = [
        OpeningError::Move(MoveError::Occupied),
        OpeningError::NotNow {
            waiting: Phase::Swap,
            got: Decision::Place(at),
        },
        OpeningError::NotYours { owner: Side::First },
        OpeningError::OutsideArea {
            rule: OpeningRule::Rif,
            number: 2,
            area: Area::NearCentre(1),
        },
        OpeningError::NoCentre {
            rule: OpeningRule::Rif,
            size: 20,
        },
        OpeningError::DeclaredOutOfRange { max: 8, got: 9 },
        OpeningError::FifthCount {
            expected: 2,
            got: 3,
        },
        OpeningError::BadFifth {
            pos: at,
            reason: MoveError::Occupied,
        },
        OpeningError::DuplicateFifth(at),
        OpeningError::SymmetricFifths {
            a: at,
            b: other,
            symmetry: Symmetry::MirrorColumns,
        },
        OpeningError::NotOffered(at),
    ];
    for error in opening_errors {
        all.push(Notice::OpeningRefused(error));
    }
    let decisions = [
        Decision::Place(at),
        Decision::Swap(true),
        Decision::Swap(false),
        Decision::DeclareFifths(3),
        Decision::OfferFifths(vec![at, other]),
        Decision::ChooseFifth(at),
        Decision::Swap2(Swap2Choice::TakeBlack),
        Decision::Swap2(Swap2Choice::TakeWhite),
        Decision::Swap2(Swap2Choice::PlaceTwo),
        Decision::TakeColour(Stone::White),
    ];
    for decision in decisions {
        all.push(Notice::Decided {
            decision,
            seat: gomoku::game::Seat::local("Ann"),
            stone: Stone::Black,
        });
    }
    for puzzle in [
        PuzzleNotice::NotInPuzzle,
        PuzzleNotice::Over,
        PuzzleNotice::AllSolved,
        PuzzleNotice::Unknown("renju-fours-999".into()),
        PuzzleNotice::NotInNetworkGame,
        PuzzleNotice::ProgressUnreadable("expected ')'".into()),
        PuzzleNotice::ProgressNotSaved {
            path: "/tmp/puzzles.ron".into(),
            error: "disk full".into(),
        },
    ] {
        all.push(Notice::Puzzle(puzzle));
    }
    for review in [
        ReviewNotice::Finished { seconds: 12 },
        ReviewNotice::Stopped { done: 4, total: 30 },
        ReviewNotice::NothingToReview,
        ReviewNotice::GameChanged,
        ReviewNotice::SavedReviewUnusable,
    ] {
        all.push(Notice::Review(review));
    }
    for notice in &all {
        // Every kind is listed above.
        match notice {
            Notice::NoGame
            | Notice::ContinueReplayFirst
            | Notice::WaitForComputer
            | Notice::WaitForOpponent
            | Notice::WaitForAnswer
            | Notice::Refused { .. }
            | Notice::OpeningRefused(_)
            | Notice::Decided { .. }
            | Notice::GameEnded
            | Notice::NowPlaying(_)
            | Notice::ProposalRefused(_)
            | Notice::ComputerAccepted(_)
            | Notice::ReplayContinued { .. }
            | Notice::NothingToUndo
            | Notice::ResultTakenBack
            | Notice::NothingToRedo
            | Notice::Paused(_)
            | Notice::NotWatching
            | Notice::Watching
            | Notice::DrawOnYourTurn
            | Notice::NoHintNow
            | Notice::NoHelpInNetworkGame
            | Notice::ComputerResigns(_)
            | Notice::File(_)
            | Notice::Network(_)
            | Notice::Puzzle(_)
            | Notice::Review(_) => {}
        }
    }
    all
}

#[test]
fn every_notice_is_worded_in_both_languages() {
    let _turn = LANGUAGE.lock().unwrap_or_else(|e| e.into_inner());
    let game = Game::new(GameSetup::default());
    for notice in every_notice() {
        i18n::set_language(Language::En);
        let english = words::notice_text(&notice, &game);
        i18n::set_language(Language::Zh);
        let chinese = words::notice_text(&notice, &game);
        i18n::set_language(Language::En);
        assert!(!english.contains("%{"), "{notice:?}: {english}");
        assert!(
            !english.is_empty() && english.contains(' '),
            "{notice:?}: {english:?} (a missing key reads as its name)"
        );
        assert!(
            chinese
                .chars()
                .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{notice:?}: {chinese:?} has no Chinese"
        );
    }
}

#[test]
fn network_refusals_name_points_as_the_board_does_in_both_languages() {
    let _turn = LANGUAGE.lock().unwrap_or_else(|e| e.into_inner());
    let game = Game::new(GameSetup::default());
    let notice = Notice::Network(NetNotice::PeerRefused {
        why: Rejection::Occupied { x: 7, y: 7 },
    });
    i18n::set_language(Language::En);
    let english = words::notice_text(&notice, &game);
    i18n::set_language(Language::Zh);
    let chinese = words::notice_text(&notice, &game);
    i18n::set_language(Language::En);
    assert!(english.contains("H8 is already taken"), "{english}");
    assert!(chinese.contains("H8 已有棋子"), "{chinese}");
    assert!(!english.contains("(7, 7)"), "{english}");
    // A point off the board keeps its numbers.
    let off = words::rejection_text(&Rejection::OffBoard { x: 30, y: 2 }, 15);
    assert!(off.contains("(30, 2)"), "{off}");
}
