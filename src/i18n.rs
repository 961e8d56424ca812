//! Languages: every visible word comes from the translation tables in
//! `assets/locales/app.yml` (rust-i18n, 中文 and English side by side), looked up with `t!`.
//! The language follows the settings (or `--lang`), defaulting to the system locale; this
//! module also names the rules' and engine's enums in the current language.

use gomoku_engine::Level;
use gomoku_rules::{Forbidden, Rule, Stone};
pub use rust_i18n::t;
use serde::{Deserialize, Serialize};

/// A language of the interface.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    #[default]
    En,
    Zh,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::Zh, Language::En];

    /// The locale code of the translation tables.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Zh => "zh",
        }
    }

    /// The language's own name (shown the same in every language).
    #[must_use]
    pub fn native_name(self) -> &'static str {
        match self {
            Language::En => "English",
            Language::Zh => "中文",
        }
    }

    /// `zh`, `zh-CN`, `zh_Hans_CN`, `en-GB`…: the language of a locale name, if we have it.
    #[must_use]
    pub fn from_locale(locale: &str) -> Option<Language> {
        let primary = locale
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match primary.as_str() {
            "zh" => Some(Language::Zh),
            "en" => Some(Language::En),
            _ => None,
        }
    }

    /// The system's language when we have it, English otherwise.
    #[must_use]
    pub fn system() -> Language {
        sys_locale::get_locales()
            .find_map(|l| Language::from_locale(&l))
            .unwrap_or_default()
    }
}

/// Switches every `t!` lookup to `language`.
pub fn set_language(language: Language) {
    if current() != language {
        rust_i18n::set_locale(language.code());
    }
}

/// The language `t!` looks up now.
#[must_use]
pub fn current() -> Language {
    Language::from_locale(&rust_i18n::locale()).unwrap_or_default()
}

/// Every key and text of a language's table, sorted by key.
#[must_use]
pub fn messages(language: Language) -> Vec<(String, String)> {
    let mut all: Vec<(String, String)> = crate::_rust_i18n_backend()
        .messages_for_locale(language.code())
        .unwrap_or_default()
        .into_iter()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    all.sort();
    all
}

/// The rule's name.
#[must_use]
pub fn rule_name(rule: Rule) -> String {
    match rule {
        Rule::Freestyle => t!("rule.freestyle"),
        Rule::Standard => t!("rule.standard"),
        Rule::Renju => t!("rule.renju"),
    }
    .into_owned()
}

/// A computer level's name.
#[must_use]
pub fn level_name(level: Level) -> String {
    match level {
        Level::Beginner => t!("level.beginner"),
        Level::Novice => t!("level.novice"),
        Level::Intermediate => t!("level.intermediate"),
        Level::Advanced => t!("level.advanced"),
        Level::Expert => t!("level.expert"),
        Level::Master => t!("level.master"),
    }
    .into_owned()
}

/// "black" or "white" in a sentence.
#[must_use]
pub fn colour_name(stone: Stone) -> String {
    match stone {
        Stone::Black => t!("colour.black"),
        Stone::White => t!("colour.white"),
    }
    .into_owned()
}

/// "Black" or "White" as a name or a title.
#[must_use]
pub fn colour_title(stone: Stone) -> String {
    match stone {
        Stone::Black => t!("colour.black_title"),
        Stone::White => t!("colour.white_title"),
    }
    .into_owned()
}

/// A renju forbidden shape's name (the rules crate's `Display` is English only).
#[must_use]
pub fn forbidden_name(kind: Forbidden) -> String {
    match kind {
        Forbidden::DoubleThree => t!("forbidden.double_three"),
        Forbidden::DoubleFour => t!("forbidden.double_four"),
        Forbidden::Overline => t!("forbidden.overline"),
    }
    .into_owned()
}
