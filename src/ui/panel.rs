//! The side panel: players, whose turn it is, the move count and the result.

use crate::board::layout::{MENU_HEIGHT, PANEL_WIDTH};
use crate::game::Game;
use crate::ui::style;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gomoku_rules::Stone;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, side_panel);
}

fn side_panel(mut contexts: EguiContexts, game: Res<Game>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::Panel::top("menu bar")
        .exact_size(MENU_HEIGHT)
        .show(&mut root, |ui| {
            ui.horizontal_centered(|ui| ui.label("Gomoku"));
        });
    egui::Panel::right("side panel")
        .exact_size(PANEL_WIDTH)
        .resizable(false)
        .show(&mut root, |ui| {
            ui.add_space(8.0);
            ui.heading(format!("{}", game.record.rule()));
            ui.add_space(8.0);
            for stone in [Stone::Black, Stone::White] {
                let to_move = game.in_progress() && game.record.side_to_move() == stone;
                let text = egui::RichText::new(game.name(stone)).size(17.0);
                ui.label(if to_move {
                    text.strong().color(style::ACCENT)
                } else {
                    text
                });
            }
            ui.label(format!("Moves: {}", game.record.moves().len()));
        });
    Ok(())
}
