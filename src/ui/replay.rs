//! The replay controls (⏮ ◀ ▶ ⏭, a slider, "continue from here") and the move list of the
//! side panel.

use super::actions::{ReplayStep, UiAction};
use super::style;
use super::words::pos_label;
use crate::game::Game;
use crate::i18n::t;
use crate::review::view::badge;
use bevy_egui::egui;
use gomoku_engine::review::GameReview;

/// ⏮ ◀ ▶ ⏭ and a slider over every position of the game; while replaying, "continue from
/// here".
pub fn replay_bar(ui: &mut egui::Ui, game: &Game, act: &mut Vec<UiAction>) {
    let len = game.replay_len();
    if !game.active || len == 0 {
        return;
    }
    if game.networked() {
        // Both players hold the game: replay waits until the network game is over.
        ui.label(egui::RichText::new(t!("replay.after_network")).color(style::muted(ui.ctx())));
        return;
    }
    let now = game.replay_index();
    ui.horizontal(|ui| {
        for (label, step, enabled, key) in [
            ("⏮", ReplayStep::First, now > 0, "Home"),
            ("◀", ReplayStep::Back, now > 0, "←"),
            ("▶", ReplayStep::Forward, now < len, "→"),
            ("⏭", ReplayStep::Last, now < len, "End"),
        ] {
            let button = egui::Button::new(label).min_size(egui::vec2(30.0, 24.0));
            if ui
                .add_enabled(enabled, button)
                .on_hover_text(format!("{} ({key})", replay_hint(step)))
                .clicked()
            {
                act.push(UiAction::Replay(step));
            }
        }
    });
    let mut shown = now;
    ui.spacing_mut().slider_width = ui.available_width() - 56.0;
    let slider = egui::Slider::new(&mut shown, 0..=len).show_value(true);
    if ui.add(slider).changed() && shown != now {
        act.push(UiAction::ReplayTo(shown));
    }
    if game.review.is_some() {
        // Wrapped: in some languages the button does not fit beside the label.
        ui.horizontal_wrapped(|ui| {
            ui.label(
                egui::RichText::new(t!("replay.showing", number = now, total = len))
                    .color(style::accent(ui.ctx())),
            );
            if ui
                .button(t!("replay.continue"))
                .on_hover_text(t!("replay.continue_help"))
                .clicked()
            {
                act.push(UiAction::ContinueFromHere);
            }
        });
    }
}

fn replay_hint(step: ReplayStep) -> String {
    match step {
        ReplayStep::First => t!("replay.first"),
        ReplayStep::Back => t!("replay.back"),
        ReplayStep::Forward => t!("replay.forward"),
        ReplayStep::Last => t!("replay.last"),
    }
    .into_owned()
}

/// The moves in pairs, the undone ones greyed; with a review, each judged move's badge. A
/// click on a move shows the position after it (not during a network game).
pub fn move_list(
    ui: &mut egui::Ui,
    game: &Game,
    review: Option<&GameReview>,
    title: &str,
    black_first: &str,
    act: &mut Vec<UiAction>,
) {
    ui.label(egui::RichText::new(title).strong());
    let moves = game.record.moves();
    let size = game.record.size();
    let shown = game.replay_index();
    let redo: Vec<_> = game.record.redo_moves().collect();
    let clickable = game.active && !game.networked() && !game.in_puzzle();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            egui::Grid::new("moves")
                .num_columns(3)
                .spacing([18.0, 3.0])
                .striped(true)
                .show(ui, |ui| {
                    let all: Vec<(gomoku_rules::Pos, bool)> = moves
                        .iter()
                        .map(|m| (m.pos, false))
                        .chain(redo.iter().map(|m| (m.pos, true)))
                        .collect();
                    for (i, pair) in all.chunks(2).enumerate() {
                        ui.label(
                            egui::RichText::new(format!("{}.", i + 1))
                                .color(style::muted(ui.ctx())),
                        );
                        for (j, (pos, undone)) in pair.iter().enumerate() {
                            let index = 2 * i + j;
                            let mark = review.and_then(|r| r.moves.get(index)).and_then(badge);
                            let mut label = pos_label(*pos, size);
                            if let Some((symbol, _)) = mark {
                                label.push_str(symbol);
                            }
                            let mut text = egui::RichText::new(label).monospace();
                            if let Some((_, colour)) = mark {
                                text = text.color(colour).strong();
                            }
                            if *undone {
                                text = text.color(style::muted(ui.ctx())).italics();
                            }
                            if index + 1 == shown && game.review.is_some() {
                                text = text.background_color(style::palette(ui.ctx()).card_active);
                            }
                            let response = ui.add(egui::Label::new(text).sense(if clickable {
                                egui::Sense::click()
                            } else {
                                egui::Sense::hover()
                            }));
                            if response.clicked() && index + 1 != shown {
                                act.push(UiAction::ReplayTo(index + 1));
                            }
                        }
                        ui.end_row();
                    }
                });
            if moves.is_empty() && redo.is_empty() {
                ui.label(egui::RichText::new(black_first).color(style::muted(ui.ctx())));
            }
        });
}
