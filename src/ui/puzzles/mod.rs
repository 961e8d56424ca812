//! The puzzle trainer's side panel while a puzzle is on the board: the puzzle's title and
//! grade, the prompt, whose move it is or that the engine defends, solved / failed with the
//! reason and the solution, and the buttons (retry, next unsolved, solution, give up, the
//! list, leave); the list window lives in `list`, the wording in `words`. Reads `Trainer`,
//! `Progress` and `Game`; writes `UiAction`s.

pub mod list;
pub mod words;

use crate::game::Game;
use crate::i18n::t;
use crate::puzzles::{AttemptState, Progress, PuzzleRequest, Trainer};
use crate::ui::actions::UiAction;
use crate::ui::style;
use bevy_egui::egui;

/// A colour for "solved" that reads on both themes.
pub const SOLVED: egui::Color32 = egui::Color32::from_rgb(46, 160, 67);

/// The trainer's part of the side panel (instead of the game's buttons).
pub fn section(
    ui: &mut egui::Ui,
    game: &Game,
    trainer: &Trainer,
    progress: &Progress,
    act: &mut Vec<UiAction>,
) {
    let (Some(current), Some(puzzle)) = (trainer.current.as_ref(), trainer.puzzle()) else {
        return;
    };
    let palette = style::palette(ui.ctx());
    ui.horizontal(|ui| {
        ui.heading(
            egui::RichText::new(t!("puzzles.title"))
                .strong()
                .color(palette.accent),
        );
    });
    ui.label(egui::RichText::new(words::title(trainer, current.index)).color(palette.muted));
    ui.add_space(6.0);
    egui::Frame::new()
        .fill(palette.card_active)
        .stroke(egui::Stroke::new(1.5, palette.accent))
        .corner_radius(8.0)
        .inner_margin(egui::Margin::symmetric(12, 10))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                style::stone_icon(ui, puzzle.side, 11.0);
                let prompt = egui::RichText::new(words::prompt(puzzle))
                    .size(17.0)
                    .strong();
                ui.add(egui::Label::new(prompt).wrap());
            });
            ui.label(egui::RichText::new(words::grade(puzzle)).color(palette.muted));
            ui.label(words::you_play(puzzle));
        });
    ui.add_space(8.0);
    let (headline, why) = words::state_text(puzzle, current.state);
    let colour = match current.state {
        AttemptState::Solved => SOLVED,
        AttemptState::Failed { .. } => palette.error,
        _ => palette.text,
    };
    ui.horizontal(|ui| {
        if matches!(current.state, AttemptState::Defending { .. }) {
            ui.spinner();
        }
        ui.label(
            egui::RichText::new(headline)
                .size(18.0)
                .strong()
                .color(colour),
        );
    });
    if let Some(why) = why {
        ui.label(why);
    }
    let entry = progress.entry(&puzzle.id);
    if entry.attempts > 0 {
        ui.label(
            egui::RichText::new(t!(
                "puzzles.attempts",
                n = entry.attempts,
                solved = entry.solved
            ))
            .color(palette.muted),
        );
    }
    if current.state.finished() {
        ui.add_space(6.0);
        ui.label(egui::RichText::new(t!("puzzles.solution")).strong());
        egui::Frame::new()
            .fill(palette.inset)
            .corner_radius(6.0)
            .inner_margin(egui::Margin::symmetric(8, 6))
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(egui::RichText::new(words::solution_line(puzzle)).monospace());
            });
    }
    let line = words::attempt_line(&game.record, puzzle);
    if !line.is_empty() && !current.showing_solution {
        ui.add_space(4.0);
        ui.label(egui::RichText::new(t!("puzzles.moves")).color(palette.muted));
        ui.add(egui::Label::new(egui::RichText::new(line).monospace()).wrap());
    }
    ui.add_space(8.0);
    buttons(ui, game, current.state, current.showing_solution, act);
    ui.add_space(8.0);
    ui.separator();
    let total = trainer.puzzles.len();
    let solved = progress.solved_among(trainer.puzzles.iter().map(|p| p.id.as_str()));
    ui.label(t!("puzzles.progress", solved = solved, total = total));
    ui.add(egui::ProgressBar::new(solved as f32 / total.max(1) as f32).desired_height(8.0));
}

fn buttons(
    ui: &mut egui::Ui,
    game: &Game,
    state: AttemptState,
    showing_solution: bool,
    act: &mut Vec<UiAction>,
) {
    let wide = egui::vec2((ui.available_width() - 8.0) / 2.0, 30.0);
    let mut button = |ui: &mut egui::Ui, label: String, enabled: bool, request: PuzzleRequest| {
        if ui
            .add_enabled(enabled, egui::Button::new(label).min_size(wide))
            .clicked()
        {
            act.push(UiAction::Puzzle(request));
        }
    };
    let finished = state.finished();
    ui.horizontal(|ui| {
        button(
            ui,
            t!("puzzles.retry").into_owned(),
            true,
            PuzzleRequest::Retry,
        );
        button(
            ui,
            t!("puzzles.next").into_owned(),
            true,
            PuzzleRequest::NextUnsolved,
        );
    });
    ui.horizontal(|ui| {
        if showing_solution {
            button(
                ui,
                t!("puzzles.show_attempt").into_owned(),
                finished,
                PuzzleRequest::ShowSolution(false),
            );
        } else {
            button(
                ui,
                t!("puzzles.show_solution").into_owned(),
                finished,
                PuzzleRequest::ShowSolution(true),
            );
        }
        button(
            ui,
            t!("puzzles.give_up").into_owned(),
            state == AttemptState::Playing && game.in_puzzle(),
            PuzzleRequest::GiveUp,
        );
    });
    ui.horizontal(|ui| {
        if ui
            .add(egui::Button::new(t!("puzzles.list")).min_size(wide))
            .clicked()
        {
            act.push(UiAction::Puzzles);
        }
        if ui
            .add(egui::Button::new(t!("puzzles.leave")).min_size(wide))
            .clicked()
        {
            act.push(UiAction::Puzzle(PuzzleRequest::Leave));
        }
    });
}
