//! The puzzle list: the shipped puzzles by rule and kind, each with its number, grade (moves
//! to win) and solved / failed mark; a click opens it on the board, "Next unsolved" the first one not
//! solved yet. Reads `Trainer` and `Progress`; writes `UiAction`s.

use super::{SOLVED, words};
use crate::i18n::{self, t};
use crate::puzzles::{Mark, Progress, PuzzleRequest, Trainer};
use crate::ui::actions::UiAction;
use crate::ui::modal::{modal, scroll_height};
use crate::ui::style;
use bevy_egui::egui;
use gomoku_engine::puzzles::PuzzleKind;
use gomoku_rules::Rule;

const RULES: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];
const KINDS: [PuzzleKind; 2] = [PuzzleKind::Fours, PuzzleKind::WinIn3];
/// Puzzles in a row of the grid.
const PER_ROW: usize = 8;

/// The rule and kind the list shows.
fn tab_id() -> egui::Id {
    egui::Id::new("puzzle list tab")
}

/// The puzzle list window; `default_rule`: the tab shown first (the game's rule).
pub fn window(
    ctx: &egui::Context,
    trainer: &Trainer,
    progress: &Progress,
    default_rule: Rule,
    act: &mut Vec<UiAction>,
) {
    let initial = trainer
        .puzzle()
        .map_or((default_rule, PuzzleKind::Fours), |p| (p.rule, p.kind));
    let (mut rule, mut kind) = ctx.data(|d| d.get_temp(tab_id())).unwrap_or(initial);
    let palette = style::palette(ctx);
    modal(ctx, "puzzles").show(ctx, |ui| {
        ui.set_width(520.0);
        ui.heading(t!("puzzles.title"));
        ui.label(egui::RichText::new(t!("puzzles.list_hint")).color(palette.muted));
        let total = trainer.puzzles.len();
        let solved = progress.solved_among(trainer.puzzles.iter().map(|p| p.id.as_str()));
        ui.label(t!("puzzles.progress", solved = solved, total = total));
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            for r in RULES {
                ui.selectable_value(&mut rule, r, i18n::rule_name(r));
            }
        });
        ui.horizontal(|ui| {
            for k in KINDS {
                let ids = trainer
                    .puzzles
                    .iter()
                    .filter(|p| p.rule == rule && p.kind == k);
                let done = progress.solved_among(ids.clone().map(|p| p.id.as_str()));
                let label = format!("{} ({done}/{})", words::kind_name(k), ids.count());
                ui.selectable_value(&mut kind, k, label);
            }
        });
        ui.separator();
        let shown: Vec<usize> = (0..trainer.puzzles.len())
            .filter(|&i| trainer.puzzles[i].rule == rule && trainer.puzzles[i].kind == kind)
            .collect();
        let current = trainer.current.as_ref().map(|c| c.index);
        egui::ScrollArea::vertical()
            .max_height(scroll_height(ctx, 360.0))
            .show(ui, |ui| {
                egui::Grid::new("puzzle grid")
                    .spacing([6.0, 6.0])
                    .min_col_width(58.0)
                    .show(ui, |ui| {
                        for (n, &index) in shown.iter().enumerate() {
                            let puzzle = &trainer.puzzles[index];
                            let mark = progress.mark(&puzzle.id);
                            let (fill, stroke) = match mark {
                                Mark::Solved => (SOLVED.gamma_multiply(0.35), SOLVED),
                                Mark::Failed => (palette.error.gamma_multiply(0.18), palette.error),
                                Mark::New => (palette.card, palette.card_stroke),
                            };
                            let width = if current == Some(index) { 2.5 } else { 1.0 };
                            let text = egui::RichText::new(format!(
                                "{}\n{}",
                                words::number(trainer, index),
                                t!("puzzles.grade", n = puzzle.grade)
                            ))
                            .size(12.5);
                            let entry = progress.entry(&puzzle.id);
                            let hover = format!(
                                "{}\n{}\n{}",
                                words::grade(puzzle),
                                words::mark_name(mark),
                                t!(
                                    "puzzles.attempts",
                                    n = entry.attempts,
                                    solved = entry.solved
                                )
                            );
                            let button = egui::Button::new(text)
                                .fill(fill)
                                .stroke(egui::Stroke::new(width, stroke))
                                .min_size(egui::vec2(58.0, 44.0));
                            if ui.add(button).on_hover_text(hover).clicked() {
                                act.push(UiAction::Puzzle(PuzzleRequest::Open(puzzle.id.clone())));
                            }
                            if (n + 1) % PER_ROW == 0 {
                                ui.end_row();
                            }
                        }
                    });
            });
        ui.separator();
        ui.horizontal(|ui| {
            legend(ui, SOLVED, &words::mark_name(Mark::Solved));
            legend(ui, palette.error, &words::mark_name(Mark::Failed));
            legend(ui, palette.card_stroke, &words::mark_name(Mark::New));
        });
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            if ui
                .button(egui::RichText::new(t!("puzzles.next")).strong())
                .clicked()
            {
                act.push(UiAction::Puzzle(PuzzleRequest::NextUnsolved));
            }
            if ui.button(t!("puzzles.close")).clicked() {
                act.push(UiAction::Close);
            }
        });
    });
    ctx.data_mut(|d| d.insert_temp(tab_id(), (rule, kind)));
}

/// A small coloured square and its meaning.
fn legend(ui: &mut egui::Ui, colour: egui::Color32, text: &str) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
    ui.painter().rect_filled(rect, 3.0, colour);
    ui.label(text);
}
