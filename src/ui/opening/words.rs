//! The opening rules and clocks in words: rule names and summaries, what the game waits for,
//! what a player decided, why a decision was refused, and the time on a player's clock.

use crate::i18n::{self, Language, t};
use gomoku_rules::opening::{Area, Phase};
use gomoku_rules::{
    Clock, Decision, Opening, OpeningError, OpeningRule, Pos, Side, Stone, Swap2Choice, TimeControl,
};
use std::time::Duration;

fn point(pos: Pos, size: usize) -> String {
    pos.to_renju(size)
}

fn points(list: &[Pos], size: usize) -> String {
    list.iter()
        .map(|&p| point(p, size))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The rule's name, e.g. "Swap2", "三手可交换".
#[must_use]
pub fn rule_name(rule: OpeningRule) -> String {
    match rule {
        OpeningRule::Free => t!("opening.free"),
        OpeningRule::Swap => t!("opening.swap"),
        OpeningRule::Rif => t!("opening.rif"),
        OpeningRule::Soosorv8 => t!("opening.soosorv8"),
        OpeningRule::Swap2 => t!("opening.swap2"),
    }
    .into_owned()
}

/// How the rule goes, in a few sentences (help and the New game dialog).
#[must_use]
pub fn rule_summary(rule: OpeningRule) -> String {
    match rule {
        OpeningRule::Free => t!("opening.free_summary"),
        OpeningRule::Swap => t!("opening.swap_summary"),
        OpeningRule::Rif => t!("opening.rif_summary"),
        OpeningRule::Soosorv8 => t!("opening.soosorv8_summary"),
        OpeningRule::Swap2 => t!("opening.swap2_summary"),
    }
    .into_owned()
}

/// A standard opening's name in the current language: 花月 in Chinese, "Kagetsu (Flower
/// Moon)" in English, with its code.
#[must_use]
pub fn opening_name(opening: &Opening) -> String {
    match i18n::current() {
        Language::Zh => format!("{} {}", opening.chinese, opening.code()),
        Language::En => format!(
            "{} ({}) {}",
            opening.romaji,
            opening.english,
            opening.code()
        ),
    }
}

fn area_text(area: Area) -> String {
    match area {
        Area::Anywhere => t!("opening.area_anywhere").into_owned(),
        Area::NearCentre(0) => t!("opening.area_centre").into_owned(),
        Area::NearCentre(d) => t!("opening.area_square", n = 2 * d + 1).into_owned(),
    }
}

/// What `name` (holding `stone`) must do now, e.g. "Ann: place stone 2 (white) within the
/// central 3×3 square".
#[must_use]
pub fn phase_prompt(phase: &Phase, name: &str) -> String {
    match phase {
        Phase::Play => t!("opening.prompt_play", name = name),
        Phase::Place {
            number,
            stone,
            area,
        } => t!(
            "opening.prompt_place",
            name = name,
            number = number,
            colour = i18n::colour_name(*stone),
            area = area_text(*area)
        ),
        Phase::Swap => t!("opening.prompt_swap", name = name),
        Phase::DeclareFifths { max } => t!("opening.prompt_declare", name = name, max = max),
        Phase::OfferFifths { count } => t!("opening.prompt_offer", name = name, count = count),
        Phase::ChooseFifth { .. } => t!("opening.prompt_choose", name = name),
        Phase::Swap2 => t!("opening.prompt_swap2", name = name),
        Phase::Swap2Colour => t!("opening.prompt_colour", name = name),
    }
    .into_owned()
}

/// A Swap2 answer's button label.
#[must_use]
pub fn swap2_choice(choice: Swap2Choice) -> String {
    match choice {
        Swap2Choice::TakeBlack => t!("opening.take_black"),
        Swap2Choice::TakeWhite => t!("opening.take_white"),
        Swap2Choice::PlaceTwo => t!("opening.place_two"),
    }
    .into_owned()
}

/// What a player decided, e.g. "Ann swaps: Ann now plays black." (`stone`: the colour the
/// player holds after the decision).
#[must_use]
pub fn decided(decision: &Decision, name: &str, stone: Stone, size: usize) -> String {
    let colour = i18n::colour_name(stone);
    match decision {
        Decision::Place(pos) => t!("opening.decided_place", name = name, at = point(*pos, size)),
        Decision::Swap(true) => t!("opening.decided_swap", name = name, colour = colour),
        Decision::Swap(false) => t!("opening.decided_keep", name = name, colour = colour),
        Decision::DeclareFifths(n) => t!("opening.decided_declare", name = name, n = n),
        Decision::OfferFifths(list) => t!(
            "opening.decided_offer",
            name = name,
            points = points(list, size)
        ),
        Decision::ChooseFifth(pos) => {
            t!(
                "opening.decided_choose",
                name = name,
                at = point(*pos, size)
            )
        }
        Decision::Swap2(choice) => t!(
            "opening.decided_swap2",
            name = name,
            choice = swap2_choice(*choice),
            colour = colour
        ),
        Decision::TakeColour(_) => t!("opening.decided_colour", name = name, colour = colour),
    }
    .into_owned()
}

fn side_text(side: Side) -> String {
    match side {
        Side::First => t!("opening.first_player"),
        Side::Second => t!("opening.second_player"),
    }
    .into_owned()
}

/// Why the opening refused a decision, in the board's coordinates.
#[must_use]
pub fn error_text(error: &OpeningError, size: usize) -> String {
    match error {
        OpeningError::Move(e) => std::borrow::Cow::Owned(super::super::words::move_error_text(*e)),
        OpeningError::NotNow { .. } => t!("opening.err_not_now"),
        OpeningError::NotYours { owner } => {
            t!("opening.err_not_yours", owner = side_text(*owner))
        }
        OpeningError::OutsideArea { number, area, .. } => {
            t!("opening.err_area", number = number, area = area_text(*area))
        }
        OpeningError::NoCentre { .. } => t!("opening.err_no_centre", size = size),
        OpeningError::DeclaredOutOfRange { max, got } => {
            t!("opening.err_declared", max = max, got = got)
        }
        OpeningError::FifthCount { expected, got } => {
            t!("opening.err_count", expected = expected, got = got)
        }
        OpeningError::BadFifth { pos, reason } => t!(
            "opening.err_bad_fifth",
            at = point(*pos, size),
            why = super::super::words::refusal_text(*pos, size, *reason)
        ),
        OpeningError::DuplicateFifth(pos) => t!("opening.err_twice", at = point(*pos, size)),
        OpeningError::SymmetricFifths { a, b, .. } => t!(
            "opening.err_symmetric",
            a = point(*a, size),
            b = point(*b, size)
        ),
        OpeningError::NotOffered(pos) => t!("opening.err_not_offered", at = point(*pos, size)),
    }
    .into_owned()
}

/// A time as a clock shows it: `9:58`, `1:02:03`, and tenths below ten seconds (`7.4`).
#[must_use]
pub fn clock_time(time: Duration) -> String {
    let ms = time.as_millis();
    let secs = ms / 1000;
    if secs < 10 {
        return format!("{}.{}", secs, (ms % 1000) / 100);
    }
    let (h, m, s) = (secs / 3600, (secs / 60) % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A player's clock as the player card shows it: the time left, and in byo-yomi the periods
/// left ("0:27 · 3×30s").
#[must_use]
pub fn clock_text(clock: &Clock, side: Side) -> String {
    let Some(left) = clock.remaining(side) else {
        return String::new();
    };
    let time = clock.time(side);
    match clock.control() {
        TimeControl::ByoYomi { period_ms, .. } if clock.in_byo_yomi(side) => t!(
            "clock.byo_yomi_left",
            time = clock_time(left),
            periods = time.periods,
            period = period_ms / 1000
        )
        .into_owned(),
        _ => clock_time(left),
    }
}

/// A time control in words, e.g. "10 min + 5 s per move".
#[must_use]
pub fn control_text(control: TimeControl) -> String {
    let min = |ms: u64| {
        let m = ms as f64 / 60_000.0;
        if m.fract() == 0.0 {
            format!("{m:.0}")
        } else {
            format!("{m:.1}")
        }
    };
    let sec = |ms: u64| format!("{}", ms / 1000);
    match control {
        TimeControl::Unlimited => t!("clock.unlimited"),
        TimeControl::SuddenDeath { main_ms } => t!("clock.sudden_text", min = min(main_ms)),
        TimeControl::Fischer {
            main_ms,
            increment_ms,
        } => t!(
            "clock.fischer_text",
            min = min(main_ms),
            sec = sec(increment_ms)
        ),
        TimeControl::ByoYomi {
            main_ms,
            periods,
            period_ms,
        } => t!(
            "clock.byo_yomi_text",
            min = min(main_ms),
            periods = periods,
            sec = sec(period_ms)
        ),
    }
    .into_owned()
}
