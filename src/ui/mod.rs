//! The interface drawn with egui: menu bar, side panel, the computer's menu and analysis
//! panel, dialogs, the file dialog, toasts and keyboard shortcuts. `actions` holds the part
//! that needs no window.

pub mod actions;
pub mod clipboard;
pub mod computer;
pub mod dialogs;
pub mod files;
pub mod forbidden;
pub mod help;
pub mod icon;
pub mod idle;
pub mod menu_bar;
pub mod modal;
pub mod network;
pub mod opening;
pub mod panel;
pub mod puzzles;
pub mod replay;
pub mod reveal;
pub mod review;
pub mod settings_menu;
pub mod state;
pub mod stats_window;
pub mod style;
pub mod words;

use crate::game::Game;
use crate::i18n::{self, t};

use bevy::prelude::*;
use gomoku_rules::{GameResult, Outcome, Reason, Rule};

/// Order of the egui systems: the panels first, the windows above them.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UiPasses {
    Panels,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        style::plugin,
        panel::plugin,
        dialogs::plugin,
        files::plugin,
        clipboard::plugin,
        idle::plugin,
        icon::plugin,
        network::plugin,
        opening::plugin,
        reveal::plugin,
        forbidden::plugin,
    ));
}

pub use crate::i18n::rule_name;

/// One line about the rule, for the new game dialog.
#[must_use]
pub fn rule_summary(rule: Rule) -> String {
    match rule {
        Rule::Freestyle => t!("rule_summary.freestyle"),
        Rule::Standard => t!("rule_summary.standard"),
        Rule::Renju => t!("rule_summary.renju"),
    }
    .into_owned()
}

/// The rules of a rule set in plain words.
#[must_use]
pub fn rule_help(rule: Rule) -> String {
    match rule {
        Rule::Freestyle => t!("rule_help.freestyle"),
        Rule::Standard => t!("rule_help.standard"),
        Rule::Renju => t!("rule_help.renju"),
    }
    .into_owned()
}

/// Whose turn it is, or how the game ended.
#[must_use]
pub fn status_line(game: &Game) -> String {
    if !game.active {
        return t!("status.no_game").into_owned();
    }
    match game.record.result() {
        Some(result) => result_text(game, result),
        None if game.in_opening() && game.turn().phase != gomoku_rules::opening::Phase::Play => {
            let stone = game.stone_to_act();
            opening::words::phase_prompt(&game.turn().phase, &words::name(game, stone))
        }
        None => {
            let stone = game.record.side_to_move();
            let name = words::name(game, stone);
            let colour = i18n::colour_name(stone);
            let title = i18n::colour_title(stone);
            let who = if name == title {
                name
            } else {
                t!("status.name_colour", name = name, colour = colour).into_owned()
            };
            t!(
                "status.to_play",
                who = who,
                number = game.record.moves().len() + 1
            )
            .into_owned()
        }
    }
}

/// How a game ended, with the players' names.
#[must_use]
pub fn result_text(game: &Game, result: &GameResult) -> String {
    match (result.outcome, result.reason) {
        (Outcome::Win(s), Reason::Five) => t!("result.five", name = words::name(game, s)),
        (Outcome::Win(s), Reason::Forbidden(kind)) => t!(
            "result.forbidden",
            name = words::name(game, s),
            kind = i18n::forbidden_name(kind)
        ),
        (Outcome::Win(s), Reason::Resignation) => t!(
            "result.resignation",
            name = words::name(game, s),
            loser = words::name(game, s.opponent())
        ),
        (Outcome::Win(s), Reason::Time) => t!("result.time", name = words::name(game, s)),
        (Outcome::Win(s), _) => t!("result.win", name = words::name(game, s)),
        (Outcome::Draw, Reason::BoardFull) => t!("result.board_full"),
        (Outcome::Draw, Reason::NoLegalMove) => t!("result.no_legal_move"),
        (Outcome::Draw, Reason::DrawAgreed) => t!("result.draw_agreed"),
        (Outcome::Draw, _) => t!("result.draw"),
    }
    .into_owned()
}
