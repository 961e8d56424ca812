//! The statistics window: wins, losses and draws per player and per mode and level, with a
//! button that clears them (after a question).

use super::actions::UiAction;
use super::modal::modal;
use super::{style, words};
use crate::i18n::t;
use crate::stats::{Stats, Tally};
use bevy_egui::egui;

/// The rows of a table: a name and its tally.
fn table(ui: &mut egui::Ui, id: &str, heads: [String; 4], rows: Vec<(String, Tally)>) {
    egui::Grid::new(id)
        .num_columns(5)
        .striped(true)
        .spacing([18.0, 4.0])
        .show(ui, |ui| {
            for head in &heads {
                ui.label(egui::RichText::new(head).strong());
            }
            ui.label(egui::RichText::new(t!("stats.games")).strong());
            ui.end_row();
            for (name, tally) in rows {
                ui.label(name);
                ui.label(tally.wins.to_string());
                ui.label(tally.losses.to_string());
                ui.label(tally.draws.to_string());
                ui.label(
                    egui::RichText::new(tally.games().to_string()).color(style::muted(ui.ctx())),
                );
                ui.end_row();
            }
        });
}

/// The statistics window.
pub fn window(ctx: &egui::Context, stats: Option<&Stats>, act: &mut Vec<UiAction>) {
    modal(ctx, "statistics").show(ctx, |ui| {
        ui.set_width(480.0);
        ui.heading(t!("stats.title"));
        let stats = stats.cloned().unwrap_or_default();
        egui::ScrollArea::vertical()
            .max_height(super::modal::scroll_height(ctx, 420.0))
            .show(ui, |ui| {
                if stats.players.is_empty() {
                    ui.label(egui::RichText::new(t!("stats.none")).color(style::muted(ui.ctx())));
                } else {
                    ui.label(egui::RichText::new(t!("stats.by_player")).strong());
                    table(
                        ui,
                        "stats players",
                        [
                            t!("stats.player").into_owned(),
                            t!("stats.wins").into_owned(),
                            t!("stats.losses").into_owned(),
                            t!("stats.draws").into_owned(),
                        ],
                        stats
                            .players
                            .iter()
                            .map(|(k, v)| (words::player_key_label(k), *v))
                            .collect(),
                    );
                    ui.add_space(8.0);
                    ui.label(egui::RichText::new(t!("stats.by_mode")).strong());
                    let (people, colours): (Vec<_>, Vec<_>) =
                        stats.modes.iter().partition(|(k, _)| !k.by_colour());
                    if !people.is_empty() {
                        table(
                            ui,
                            "stats vs computer",
                            [
                                t!("stats.mode").into_owned(),
                                t!("stats.your_wins").into_owned(),
                                t!("stats.your_losses").into_owned(),
                                t!("stats.draws").into_owned(),
                            ],
                            people
                                .into_iter()
                                .map(|(k, v)| (words::mode_key_label(k), *v))
                                .collect(),
                        );
                        ui.add_space(4.0);
                    }
                    if !colours.is_empty() {
                        table(
                            ui,
                            "stats by colour",
                            [
                                t!("stats.mode").into_owned(),
                                t!("stats.black_wins").into_owned(),
                                t!("stats.white_wins").into_owned(),
                                t!("stats.draws").into_owned(),
                            ],
                            colours
                                .into_iter()
                                .map(|(k, v)| (words::mode_key_label(k), *v))
                                .collect(),
                        );
                    }
                }
            });
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    !stats.players.is_empty(),
                    egui::Button::new(t!("stats.reset")),
                )
                .clicked()
            {
                act.push(UiAction::ResetStatistics);
            }
            if ui.button(t!("help.close")).clicked() {
                act.push(UiAction::Close);
            }
        });
    });
}
