//! The interface drawn with egui: menu bar, side panel, the computer's menu and analysis
//! panel, dialogs, the file dialog, toasts and keyboard shortcuts. `actions` holds the part
//! that needs no window.

pub mod actions;
pub mod clipboard;
pub mod computer;
pub mod dialogs;
pub mod files;
pub mod idle;
pub mod panel;
pub mod style;

use crate::game::Game;
use bevy::prelude::*;
use gomoku_rules::{GameResult, Outcome, Reason, Rule, Stone};

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
    ));
}

/// The rule's name as shown to the player.
#[must_use]
pub fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "Freestyle",
        Rule::Standard => "Standard",
        Rule::Renju => "Renju",
    }
}

/// One line about the rule, for the new game dialog.
#[must_use]
pub fn rule_summary(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "Five or more in a row wins, for both players.",
        Rule::Standard => "Exactly five in a row wins; six or more does not count.",
        Rule::Renju => {
            "Black may not make a double-three, double-four or overline; white may. \
             Exactly five wins for black, five or more for white."
        }
    }
}

/// The rules of a rule set in plain words.
#[must_use]
pub fn rule_help(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => {
            "Freestyle gomoku\n\n\
             Black and white take turns placing one stone on an empty intersection; black \
             starts. The first player to get five or more stones in an unbroken line — \
             across, down or diagonally — wins. If the board fills up first, the game is a \
             draw. Black's first move is a real advantage in freestyle."
        }
        Rule::Standard => {
            "Standard gomoku\n\n\
             As freestyle, but only exactly five in a row wins. A line of six or more \
             (an overline) does not win for either player; the game goes on. This takes a \
             little of black's advantage away."
        }
        Rule::Renju => {
            "Renju\n\n\
             Renju balances black's first-move advantage with forbidden moves for black:\n\
             • double-three: one stone that makes two open threes at once \
             (lines that can become an open four);\n\
             • double-four: one stone that makes two fours at once;\n\
             • overline: six or more black stones in a row.\n\
             A move that makes exactly five wins even if it also makes one of these.\n\n\
             Black wins only with exactly five; white wins with five or more and has no \
             forbidden moves. While black is to move, the forbidden points are marked with a \
             red cross. With friendly play such a move is refused; with strict RIF play it \
             is played and black loses at once."
        }
    }
}

/// Whose turn it is, or how the game ended.
#[must_use]
pub fn status_line(game: &Game) -> String {
    if !game.active {
        return "No game — start a new one.".to_owned();
    }
    match game.record.result() {
        Some(result) => result_text(game, result),
        None => {
            let stone = game.record.side_to_move();
            let colour = if stone == Stone::Black {
                "black"
            } else {
                "white"
            };
            let name = game.name(stone);
            let who = if name.eq_ignore_ascii_case(colour) {
                name.to_owned()
            } else {
                format!("{name} ({colour})")
            };
            format!("{who} to play move {}", game.record.moves().len() + 1)
        }
    }
}

/// How a game ended, with the players' names.
#[must_use]
pub fn result_text(game: &Game, result: &GameResult) -> String {
    match (result.outcome, result.reason) {
        (Outcome::Win(s), Reason::Five) => format!("{} wins with five in a row!", game.name(s)),
        (Outcome::Win(s), Reason::Forbidden(kind)) => {
            format!("{} wins: black played a forbidden {kind}.", game.name(s))
        }
        (Outcome::Win(s), Reason::Resignation) => format!(
            "{} wins: {} resigned.",
            game.name(s),
            game.name(s.opponent())
        ),
        (Outcome::Win(s), Reason::Time) => format!("{} wins on time.", game.name(s)),
        (Outcome::Win(s), _) => format!("{} wins.", game.name(s)),
        (Outcome::Draw, Reason::BoardFull) => "Draw: the board is full.".to_owned(),
        (Outcome::Draw, Reason::DrawAgreed) => "Draw by agreement.".to_owned(),
        (Outcome::Draw, _) => "Draw.".to_owned(),
    }
}
