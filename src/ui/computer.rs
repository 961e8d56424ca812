//! The computer in the interface: the Computer menu (mode, levels, Master's time, resigning,
//! pace), the "thinking…" read-out, the computer vs computer controls, the hint and analysis
//! buttons, and the analysis panel (evaluation bar and number, principal variation, threat
//! warning). Its words are under `computer` in the translation tables.

use crate::ai::ComputerRequest;
use crate::ai::analysis::{Analysis, no_help};
use crate::ai::player::{ComputerPlayer, Thinking};
use crate::ai::readout::AnalysisView;
use crate::ai::{AiSettings, MASTER_SECONDS, PACE_SECONDS};
use crate::game::{DEFAULT_LEVEL, Game, GameMode};
use crate::i18n::{colour_name, level_name, t};
use crate::ui::actions::UiAction;
use crate::ui::style;
use crate::ui::words::{self, pos_label};
use bevy_egui::egui;
use gomoku_engine::{Level, MATE, MATE_BOUND};
use gomoku_rules::Stone;

/// What each level plays like.
#[must_use]
pub fn level_blurb(level: Level) -> String {
    match level {
        Level::Beginner => t!("computer.blurb_beginner"),
        Level::Novice => t!("computer.blurb_novice"),
        Level::Intermediate => t!("computer.blurb_intermediate"),
        Level::Advanced => t!("computer.blurb_advanced"),
        Level::Expert => t!("computer.blurb_expert"),
        Level::Master => t!("computer.blurb_master"),
    }
    .into_owned()
}

/// The level shown in the menu for the current mode (the computer's, or black's when it plays
/// both sides).
fn current_level(mode: GameMode) -> Level {
    match mode {
        GameMode::HotSeat | GameMode::Network { .. } => DEFAULT_LEVEL,
        GameMode::VsComputer { level, .. } => level,
        GameMode::ComputerVsComputer { black, .. } => black,
    }
}

/// The Computer menu.
pub fn menu(
    ui: &mut egui::Ui,
    game: &Game,
    settings: &mut AiSettings,
    analysis: &Analysis,
    act: &mut Vec<UiAction>,
) {
    ui.menu_button(&*t!("computer.menu"), |ui| {
        let level = current_level(game.mode());
        let modes = [
            (&*t!("computer.hot_seat"), GameMode::HotSeat),
            (
                &*t!("computer.play_black"),
                GameMode::VsComputer {
                    human: Stone::Black,
                    level,
                },
            ),
            (
                &*t!("computer.play_white"),
                GameMode::VsComputer {
                    human: Stone::White,
                    level,
                },
            ),
            (
                &*t!("computer.watch"),
                GameMode::ComputerVsComputer {
                    black: level,
                    white: game.mode().computer(Stone::White).unwrap_or(level),
                },
            ),
        ];
        for (label, mode) in modes {
            let current = match (game.mode(), mode) {
                (GameMode::VsComputer { human: a, .. }, GameMode::VsComputer { human: b, .. }) => {
                    a == b
                }
                (a, b) => a.same_kind(b),
            };
            let locked = game.networked();
            if ui
                .add_enabled(!locked, egui::RadioButton::new(current, label))
                .clicked()
                && !current
            {
                act.push(UiAction::SwitchMode(mode));
                ui.close();
            }
        }
        ui.separator();
        match game.mode() {
            GameMode::HotSeat | GameMode::Network { .. } => {}
            GameMode::VsComputer { human, level } => {
                ui.menu_button(&*t!("computer.level"), |ui| {
                    level_items(ui, level, act, |level| GameMode::VsComputer {
                        human,
                        level,
                    });
                });
            }
            GameMode::ComputerVsComputer { black, white } => {
                ui.menu_button(&*t!("computer.black_level"), |ui| {
                    level_items(ui, black, act, |black| GameMode::ComputerVsComputer {
                        black,
                        white,
                    });
                });
                ui.menu_button(&*t!("computer.white_level"), |ui| {
                    level_items(ui, white, act, |white| GameMode::ComputerVsComputer {
                        black,
                        white,
                    });
                });
            }
        }
        ui.checkbox(&mut settings.master_by_time, t!("computer.master_by_time"))
            .on_hover_text(&*t!("computer.master_by_time_help"));
        ui.add_enabled(
            settings.master_by_time,
            egui::Slider::new(&mut settings.master_seconds, MASTER_SECONDS)
                .step_by(0.5)
                .suffix(t!("computer.seconds")),
        );
        ui.add_enabled(
            settings.master_by_time,
            egui::Checkbox::new(
                &mut settings.master_all_cores,
                t!("computer.all_cores", cores = crate::ai::cores()),
            ),
        )
        .on_hover_text(&*t!("computer.all_cores_help"));
        ui.checkbox(&mut settings.resign_hopeless, t!("computer.resign"))
            .on_hover_text(&*t!("computer.resign_help"));
        ui.separator();
        let on_turn = game.in_progress() && !game.computer_to_move();
        let hint = egui::Button::new(t!("computer.hint")).shortcut_text("Ctrl+H");
        if ui.add_enabled(on_turn, hint).clicked() {
            act.push(UiAction::Computer(ComputerRequest::Hint));
            ui.close();
        }
        let mut shown = analysis.enabled;
        if ui.checkbox(&mut shown, t!("computer.analysis")).clicked() {
            act.push(UiAction::Computer(ComputerRequest::ToggleAnalysis));
        }
    });
}

fn level_items(
    ui: &mut egui::Ui,
    current: Level,
    act: &mut Vec<UiAction>,
    mode: impl Fn(Level) -> GameMode,
) {
    for level in Level::ALL {
        if ui
            .radio(level == current, level_name(level))
            .on_hover_text(level_blurb(level))
            .clicked()
        {
            act.push(UiAction::SwitchMode(mode(level)));
            ui.close();
        }
    }
}

/// A level picker for the new game dialog.
pub fn level_combo(ui: &mut egui::Ui, id: &str, level: &mut Level) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(level_name(*level))
        .show_ui(ui, |ui| {
            for l in Level::ALL {
                ui.selectable_value(level, l, level_name(l))
                    .on_hover_text(level_blurb(l));
            }
        });
}

/// "Computer · Expert is thinking… depth 9 · +0.4 · 85k nodes · 1.2 s".
pub fn thinking_row(ui: &mut egui::Ui, game: &Game, thinking: &Thinking) {
    egui::Frame::new()
        .fill(style::palette(ui.ctx()).note)
        .corner_radius(6.0)
        .inner_margin(egui::Margin::symmetric(10, 6))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                ui.add(
                    egui::Spinner::new()
                        .size(16.0)
                        .color(style::accent(ui.ctx())),
                );
                ui.label(
                    egui::RichText::new(t!(
                        "computer.thinking",
                        name = words::name(game, thinking.stone)
                    ))
                    .color(style::accent(ui.ctx()))
                    .strong(),
                );
            });
            let mut parts = Vec::new();
            if let Some(info) = &thinking.info {
                parts.push(t!("computer.depth", depth = info.depth).into_owned());
                parts.push(eval_words(thinking.stone, info.eval));
                parts.push(t!("computer.nodes", count = short_count(info.nodes)).into_owned());
            }
            parts.push(format!("{}.{} s", thinking.seconds, thinking.tenths));
            ui.label(
                egui::RichText::new(parts.join(" · "))
                    .monospace()
                    .color(style::muted(ui.ctx())),
            );
        });
}

/// Pause / resume and the pace, in computer vs computer.
pub fn watch_controls(ui: &mut egui::Ui, settings: &mut AiSettings, act: &mut Vec<UiAction>) {
    ui.horizontal(|ui| {
        let label = if settings.paused {
            &*t!("computer.resume")
        } else {
            &*t!("computer.pause")
        };
        if ui
            .add(egui::Button::new(label).min_size(egui::vec2(90.0, 26.0)))
            .on_hover_text(t!("help.space"))
            .clicked()
        {
            act.push(UiAction::Computer(ComputerRequest::TogglePause));
        }
        ui.label(egui::RichText::new(t!("computer.pace")).color(style::muted(ui.ctx())));
    });
    ui.add(
        egui::Slider::new(&mut settings.pace, PACE_SECONDS)
            .step_by(0.1)
            .suffix(&*t!("computer.pace_suffix")),
    );
}

/// The hint button and the analysis toggle.
pub fn assist_buttons(
    ui: &mut egui::Ui,
    game: &Game,
    analysis: &Analysis,
    act: &mut Vec<UiAction>,
) {
    let wide = egui::vec2((ui.available_width() - 8.0) / 2.0, 28.0);
    ui.horizontal(|ui| {
        let on_turn = game.in_progress() && !game.computer_to_move() && !no_help(game);
        if ui
            .add_enabled(
                on_turn,
                egui::Button::new(t!("computer.hint")).min_size(wide),
            )
            .on_hover_text(&*t!("computer.hint_help"))
            .clicked()
        {
            act.push(UiAction::Computer(ComputerRequest::Hint));
        }
        if ui
            .add_enabled(
                !no_help(game),
                egui::Button::new(t!("computer.analysis"))
                    .selected(analysis.enabled)
                    .min_size(wide),
            )
            .on_hover_text(&*t!("computer.analysis_help"))
            .clicked()
        {
            act.push(UiAction::Computer(ComputerRequest::ToggleAnalysis));
        }
    });
}

/// The analysis panel: evaluation bar and number, depth, the line, and the threat warning.
pub fn analysis_section(
    ui: &mut egui::Ui,
    game: &Game,
    analysis: &Analysis,
    computer: &ComputerPlayer,
) {
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(&*t!("computer.analysis_title")).strong());
        let view = crate::ai::readout::analysis_view(analysis, game, computer);
        if view.as_ref().is_some_and(|v| v.running) {
            ui.add(egui::Spinner::new().size(12.0));
            let what = if view.is_some_and(|v| v.computers) {
                &*t!("computer.computers_search")
            } else {
                &*t!("computer.analysing")
            };
            ui.label(
                egui::RichText::new(what)
                    .color(style::muted(ui.ctx()))
                    .small(),
            );
        }
    });
    if !game.in_progress() {
        ui.label(egui::RichText::new(t!("computer.no_analysis")).color(style::muted(ui.ctx())));
        return;
    }
    let Some(view) = crate::ai::readout::analysis_view(analysis, game, computer) else {
        let note = if game.computer_to_move() {
            &*t!("computer.waiting_for_move")
        } else {
            &*t!("computer.analysing")
        };
        ui.label(egui::RichText::new(note).color(style::muted(ui.ctx())));
        return;
    };
    eval_bar(ui, &view);
    let size = game.record.size();
    let mut details = vec![t!("computer.depth", depth = view.depth).into_owned()];
    if view.nodes > 0 {
        details.push(t!("computer.nodes", count = short_count(view.nodes)).into_owned());
    }
    ui.label(
        egui::RichText::new(details.join(" · "))
            .color(style::muted(ui.ctx()))
            .small(),
    );
    if !view.pv.is_empty() {
        let line: Vec<String> = view
            .pv
            .iter()
            .take(crate::ai::view::PV_SHOWN)
            .map(|&p| pos_label(p, size))
            .collect();
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(t!("computer.line")).color(style::muted(ui.ctx())));
            ui.label(egui::RichText::new(line.join(" ")).monospace());
        });
    }
    let opponent = view.to_move.opponent();
    match &view.threat {
        Some(threat) => {
            let line: Vec<String> = threat.iter().map(|&p| pos_label(p, size)).collect();
            egui::Frame::new()
                .fill(egui::Color32::from_rgb(96, 34, 26))
                .corner_radius(6.0)
                .inner_margin(egui::Margin::symmetric(8, 5))
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.label(
                        egui::RichText::new(t!(
                            "computer.threat",
                            colour = capitalised(&colour_name(opponent)),
                            line = line.join(" ")
                        ))
                        .color(egui::Color32::WHITE),
                    );
                });
        }
        None if !view.running => {
            ui.label(
                egui::RichText::new(t!("computer.no_threat", colour = colour_name(opponent)))
                    .color(style::muted(ui.ctx()))
                    .small(),
            );
        }
        None => {}
    }
}

/// The bar: black's share from the left, white's from the right, with the number.
fn eval_bar(ui: &mut egui::Ui, view: &AnalysisView) {
    let Some(eval) = view.eval else {
        return;
    };
    let black_eval = if view.to_move == Stone::Black {
        eval
    } else {
        -eval
    };
    let share = if black_eval.abs() > MATE_BOUND {
        if black_eval > 0 { 1.0 } else { 0.0 }
    } else {
        0.5 + 0.5 * (black_eval as f32 / 400.0).tanh()
    };
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(ui.available_width(), 14.0), egui::Sense::hover());
    let painter = ui.painter();
    painter.rect_filled(rect, 4.0, egui::Color32::from_rgb(236, 233, 224));
    let mut black = rect;
    black.set_width(rect.width() * share);
    painter.rect_filled(black, 4.0, egui::Color32::from_rgb(22, 22, 26));
    painter.line_segment(
        [rect.center_top(), rect.center_bottom()],
        egui::Stroke::new(1.0, style::accent(ui.ctx())),
    );
    painter.rect_stroke(
        rect,
        4.0,
        egui::Stroke::new(1.5, egui::Color32::from_rgb(150, 128, 100)),
        egui::StrokeKind::Outside,
    );
    ui.label(egui::RichText::new(eval_words(view.to_move, eval)).strong());
}

/// An evaluation for `side` (the side to move) in words, from black's point of view:
/// "+0.42 (black better)", "even", "White wins in 3 moves".
#[must_use]
pub fn eval_words(side: Stone, eval: i32) -> String {
    let black_eval = if side == Stone::Black { eval } else { -eval };
    if black_eval.abs() > MATE_BOUND {
        let winner = if black_eval > 0 {
            Stone::Black
        } else {
            Stone::White
        };
        let moves = (MATE - black_eval.abs() + 1) / 2;
        let colour = capitalised(&colour_name(winner));
        return if moves == 1 {
            t!("computer.wins_in_one", colour = colour)
        } else {
            t!("computer.wins_in", colour = colour, moves = moves)
        }
        .into_owned();
    }
    let value = f64::from(black_eval) / 100.0;
    if black_eval.abs() < 15 {
        t!("computer.even", value = format!("{value:+.2}")).into_owned()
    } else {
        let better = if black_eval > 0 {
            Stone::Black
        } else {
            Stone::White
        };
        t!(
            "computer.better",
            value = format!("{value:+.2}"),
            colour = colour_name(better)
        )
        .into_owned()
    }
}

/// The draw offer's note while the computer weighs it.
#[must_use]
pub fn considering(name: &str) -> String {
    t!("computer.considering", name = name).into_owned()
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// 1234 → "1.2k", 2_500_000 → "2.5M".
fn short_count(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_read_from_blacks_side() {
        assert_eq!(eval_words(Stone::Black, 5), "+0.05 (even)");
        assert_eq!(eval_words(Stone::White, 250), "-2.50 (white better)");
        assert_eq!(eval_words(Stone::Black, 120), "+1.20 (black better)");
        assert_eq!(eval_words(Stone::White, MATE - 5), "White wins in 3 moves");
        assert_eq!(
            eval_words(Stone::White, -(MATE - 1)),
            "Black wins in 1 move"
        );
        assert_eq!(short_count(999), "999");
        assert_eq!(short_count(85_300), "85.3k");
    }
}
