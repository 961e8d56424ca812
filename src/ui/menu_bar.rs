//! The menu bar's Game, Moves and Help menus (the Computer and Settings menus live in
//! `computer` and `settings_menu`).

use super::actions::UiAction;
use super::state::{can_offer_draw, can_resign};
use crate::game::Game;
use crate::i18n::t;
use bevy_egui::egui;

pub fn menu_bar(ui: &mut egui::Ui, game: &Game, act: &mut Vec<UiAction>) {
    let words = MenuWords::current();
    ui.menu_button(words.game, |ui| {
        item(
            ui,
            &t!("menu.new_game"),
            "Ctrl+N",
            true,
            UiAction::NewGameDialog,
            act,
        );
        item(
            ui,
            &t!("menu.restart"),
            "",
            game.can_restart(),
            UiAction::Restart,
            act,
        );
        item(
            ui,
            &t!("menu.end_game"),
            "",
            game.can_restart(),
            UiAction::EndGame,
            act,
        );
        ui.separator();
        item(
            ui,
            &t!("menu.open"),
            "Ctrl+O",
            true,
            UiAction::OpenDialog,
            act,
        );
        item(
            ui,
            &t!("menu.save"),
            "Ctrl+S",
            game.active,
            UiAction::SaveDialog,
            act,
        );
        item(ui, &t!("stats.menu"), "", true, UiAction::Statistics, act);
        item(
            ui,
            &t!("puzzles.menu"),
            "",
            !game.networked(),
            UiAction::Puzzles,
            act,
        );
        ui.separator();
        item(ui, &t!("menu.quit"), "Ctrl+Q", true, UiAction::Quit, act);
    });
    ui.menu_button(words.moves, |ui| {
        item(
            ui,
            &t!("menu.undo"),
            "Ctrl+Z",
            game.can_undo(),
            UiAction::Undo,
            act,
        );
        item(
            ui,
            &t!("menu.redo"),
            "Ctrl+Y",
            game.can_redo(),
            UiAction::Redo,
            act,
        );
        ui.separator();
        item(
            ui,
            &t!("menu.resign"),
            "",
            can_resign(game),
            UiAction::Resign,
            act,
        );
        item(
            ui,
            &t!("menu.offer_draw"),
            "",
            can_offer_draw(game),
            UiAction::OfferDraw,
            act,
        );
    });
}

pub fn help_menu(ui: &mut egui::Ui, act: &mut Vec<UiAction>) {
    ui.menu_button(MenuWords::current().help, |ui| {
        item(
            ui,
            &t!("menu.rules_and_keys"),
            "F1",
            true,
            UiAction::Help,
            act,
        );
    });
}

pub fn item(
    ui: &mut egui::Ui,
    label: &str,
    shortcut: &str,
    enabled: bool,
    action: UiAction,
    act: &mut Vec<UiAction>,
) {
    let button = egui::Button::new(label).shortcut_text(shortcut);
    if ui.add_enabled(enabled, button).clicked() {
        act.push(action);
        ui.close();
    }
}

/// The words of the menu bar's titles.
pub struct MenuWords {
    pub game: String,
    pub moves: String,
    pub help: String,
}

impl MenuWords {
    /// The titles in the current language.
    #[must_use]
    pub fn current() -> MenuWords {
        MenuWords {
            game: t!("menu.game").into_owned(),
            moves: t!("menu.move").into_owned(),
            help: t!("menu.help").into_owned(),
        }
    }
}
