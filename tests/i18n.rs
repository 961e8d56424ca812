//! Languages: both translation tables have the same keys, every key the code looks up exists
//! (and every key is used), every character of every text has a glyph in the shipped font,
//! and switching the language changes the panels' words.

use gomoku::game::{Game, GameSetup};
use gomoku::i18n::{self, Language, messages};
use gomoku::ui::style::CJK_FONT;
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
    let mut dirs = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src"
    ))];
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
