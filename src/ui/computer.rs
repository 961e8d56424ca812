//! The computer in the interface: the Computer menu (mode, levels, Master's time, resigning,
//! pace), the "thinking…" read-out, the computer vs computer controls, the hint and analysis
//! buttons, and the analysis panel (evaluation bar and number, principal variation, threat
//! warning). All of its words are in `text`.

use crate::ai::analysis::{Analysis, AnalysisView};
use crate::ai::player::{ComputerPlayer, Thinking};
use crate::ai::{AiSettings, MASTER_SECONDS, PACE_SECONDS};
use crate::game::{DEFAULT_LEVEL, Game, GameMode, colour_name, pos_label};
use crate::ui::actions::UiAction;
use crate::ui::style;
use bevy_egui::egui;
use gomoku_engine::{Level, MATE, MATE_BOUND};
use gomoku_rules::Stone;

/// The words of this module, in one place.
pub mod text {
    pub const MENU: &str = "Computer";
    pub const HOT_SEAT: &str = "Hot-seat (two players)";
    pub const PLAY_BLACK: &str = "Play black against the computer";
    pub const PLAY_WHITE: &str = "Play white against the computer";
    pub const WATCH: &str = "Computer vs computer";
    pub const LEVEL: &str = "Level";
    pub const BLACK_LEVEL: &str = "Black's level";
    pub const WHITE_LEVEL: &str = "White's level";
    pub const MASTER_BY_TIME: &str = "Master thinks by time";
    pub const MASTER_BY_TIME_HELP: &str = "Off: Master searches a fixed number of positions (repeatable games). \
         On: it thinks for the time set here on every move.";
    pub const SECONDS: &str = " s per move";
    pub const RESIGN: &str = "Computer resigns lost positions";
    pub const RESIGN_HELP: &str =
        "Advanced, Expert and Master resign when their search proves a loss within three moves.";
    pub const PACE: &str = "Delay between moves";
    pub const PACE_SUFFIX: &str = " s";
    pub const HINT: &str = "💡 Hint";
    pub const HINT_HELP: &str = "Mark the engine's best move for the side to move (Ctrl+H)";
    pub const ANALYSIS: &str = "📈 Analysis";
    pub const ANALYSIS_HELP: &str =
        "Evaluation, the expected line as ghost stones, and threats (Ctrl+A)";
    pub const PAUSE: &str = "⏸ Pause";
    pub const RESUME: &str = "▶ Resume";
    pub const THINKING: &str = "is thinking…";
    pub const DEPTH: &str = "depth";
    pub const NODES: &str = "nodes";
    pub const ANALYSIS_TITLE: &str = "Analysis";
    pub const ANALYSING: &str = "analysing…";
    pub const COMPUTERS_SEARCH: &str = "the computer's search";
    pub const WAITING_FOR_MOVE: &str = "Waiting for the computer's move.";
    pub const NO_ANALYSIS: &str = "No game in progress.";
    pub const LINE: &str = "Line:";
    pub const EVEN: &str = "even";
    pub const BETTER: &str = "better";
    pub const WINS_IN: &str = "wins in";
    pub const MOVES: &str = "moves";
    pub const MOVE: &str = "move";
    pub const THREAT: &str = "threatens a forced win by fours:";
    pub const NO_THREAT: &str = "No forced win by fours for";
    pub const CONSIDERING: &str = "is considering the offer…";

    /// What each level plays like.
    #[must_use]
    pub fn level_blurb(level: gomoku_engine::Level) -> &'static str {
        use gomoku_engine::Level;
        match level {
            Level::Beginner => "Looks one move ahead; good for learning the shapes.",
            Level::Novice => "Sees simple threats, often plays loosely.",
            Level::Intermediate => "Reads four moves ahead with a little variety.",
            Level::Advanced => "A full search of ten thousand positions.",
            Level::Expert => "A full search of fifty thousand positions.",
            Level::Master => "The engine at full strength.",
        }
    }
}

/// The level shown in the menu for the current mode (the computer's, or black's when it plays
/// both sides).
fn current_level(mode: GameMode) -> Level {
    match mode {
        GameMode::HotSeat => DEFAULT_LEVEL,
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
    ui.menu_button(text::MENU, |ui| {
        let level = current_level(game.mode);
        let modes = [
            (text::HOT_SEAT, GameMode::HotSeat),
            (
                text::PLAY_BLACK,
                GameMode::VsComputer {
                    human: Stone::Black,
                    level,
                },
            ),
            (
                text::PLAY_WHITE,
                GameMode::VsComputer {
                    human: Stone::White,
                    level,
                },
            ),
            (
                text::WATCH,
                GameMode::ComputerVsComputer {
                    black: level,
                    white: game.mode.computer(Stone::White).unwrap_or(level),
                },
            ),
        ];
        for (label, mode) in modes {
            let current = match (game.mode, mode) {
                (GameMode::VsComputer { human: a, .. }, GameMode::VsComputer { human: b, .. }) => {
                    a == b
                }
                (a, b) => a.same_kind(b),
            };
            if ui.radio(current, label).clicked() && !current {
                act.push(UiAction::SwitchMode(mode));
                ui.close();
            }
        }
        ui.separator();
        match game.mode {
            GameMode::HotSeat => {}
            GameMode::VsComputer { human, level } => {
                ui.menu_button(text::LEVEL, |ui| {
                    level_items(ui, level, act, |level| GameMode::VsComputer {
                        human,
                        level,
                    });
                });
            }
            GameMode::ComputerVsComputer { black, white } => {
                ui.menu_button(text::BLACK_LEVEL, |ui| {
                    level_items(ui, black, act, |black| GameMode::ComputerVsComputer {
                        black,
                        white,
                    });
                });
                ui.menu_button(text::WHITE_LEVEL, |ui| {
                    level_items(ui, white, act, |white| GameMode::ComputerVsComputer {
                        black,
                        white,
                    });
                });
            }
        }
        ui.checkbox(&mut settings.master_by_time, text::MASTER_BY_TIME)
            .on_hover_text(text::MASTER_BY_TIME_HELP);
        ui.add_enabled(
            settings.master_by_time,
            egui::Slider::new(&mut settings.master_seconds, MASTER_SECONDS)
                .step_by(0.5)
                .suffix(text::SECONDS),
        );
        ui.checkbox(&mut settings.resign_hopeless, text::RESIGN)
            .on_hover_text(text::RESIGN_HELP);
        ui.separator();
        let on_turn = game.in_progress() && !game.computer_to_move();
        let hint = egui::Button::new(text::HINT).shortcut_text("Ctrl+H");
        if ui.add_enabled(on_turn, hint).clicked() {
            act.push(UiAction::Hint);
            ui.close();
        }
        let mut shown = analysis.enabled;
        if ui.checkbox(&mut shown, text::ANALYSIS).clicked() {
            act.push(UiAction::ToggleAnalysis);
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
            .radio(level == current, level.name())
            .on_hover_text(text::level_blurb(level))
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
        .selected_text(level.name())
        .show_ui(ui, |ui| {
            for l in Level::ALL {
                ui.selectable_value(level, l, l.name())
                    .on_hover_text(text::level_blurb(l));
            }
        });
}

/// "Computer · Expert is thinking… depth 9 · +0.4 · 85k nodes · 1.2 s".
pub fn thinking_row(ui: &mut egui::Ui, game: &Game, thinking: &Thinking) {
    egui::Frame::new()
        .fill(egui::Color32::from_rgb(58, 48, 36))
        .corner_radius(6.0)
        .inner_margin(egui::Margin::symmetric(10, 6))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                ui.add(egui::Spinner::new().size(16.0).color(style::ACCENT));
                ui.label(
                    egui::RichText::new(format!(
                        "{} {}",
                        game.name(thinking.stone),
                        text::THINKING
                    ))
                    .color(style::ACCENT)
                    .strong(),
                );
            });
            let mut parts = Vec::new();
            if let Some(info) = &thinking.info {
                parts.push(format!("{} {}", text::DEPTH, info.depth));
                parts.push(eval_words(thinking.stone, info.eval));
                parts.push(format!("{} {}", short_count(info.nodes), text::NODES));
            }
            parts.push(format!("{}.{} s", thinking.seconds, thinking.tenths));
            ui.label(
                egui::RichText::new(parts.join(" · "))
                    .monospace()
                    .color(style::MUTED),
            );
        });
}

/// Pause / resume and the pace, in computer vs computer.
pub fn watch_controls(ui: &mut egui::Ui, settings: &mut AiSettings, act: &mut Vec<UiAction>) {
    ui.horizontal(|ui| {
        let label = if settings.paused {
            text::RESUME
        } else {
            text::PAUSE
        };
        if ui
            .add(egui::Button::new(label).min_size(egui::vec2(90.0, 26.0)))
            .on_hover_text("Space")
            .clicked()
        {
            act.push(UiAction::TogglePause);
        }
        ui.label(egui::RichText::new(text::PACE).color(style::MUTED));
    });
    ui.add(
        egui::Slider::new(&mut settings.pace, PACE_SECONDS)
            .step_by(0.1)
            .suffix(text::PACE_SUFFIX),
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
        let on_turn = game.in_progress() && !game.computer_to_move();
        if ui
            .add_enabled(on_turn, egui::Button::new(text::HINT).min_size(wide))
            .on_hover_text(text::HINT_HELP)
            .clicked()
        {
            act.push(UiAction::Hint);
        }
        if ui
            .add(
                egui::Button::new(text::ANALYSIS)
                    .selected(analysis.enabled)
                    .min_size(wide),
            )
            .on_hover_text(text::ANALYSIS_HELP)
            .clicked()
        {
            act.push(UiAction::ToggleAnalysis);
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
        ui.label(egui::RichText::new(text::ANALYSIS_TITLE).strong());
        let view = analysis.view(game, computer);
        if view.as_ref().is_some_and(|v| v.running) {
            ui.add(egui::Spinner::new().size(12.0));
            let what = if view.is_some_and(|v| v.computers) {
                text::COMPUTERS_SEARCH
            } else {
                text::ANALYSING
            };
            ui.label(egui::RichText::new(what).color(style::MUTED).small());
        }
    });
    if !game.in_progress() {
        ui.label(egui::RichText::new(text::NO_ANALYSIS).color(style::MUTED));
        return;
    }
    let Some(view) = analysis.view(game, computer) else {
        let note = if game.computer_to_move() {
            text::WAITING_FOR_MOVE
        } else {
            text::ANALYSING
        };
        ui.label(egui::RichText::new(note).color(style::MUTED));
        return;
    };
    eval_bar(ui, &view);
    let size = game.record.size();
    let mut details = vec![format!("{} {}", text::DEPTH, view.depth)];
    if view.nodes > 0 {
        details.push(format!("{} {}", short_count(view.nodes), text::NODES));
    }
    ui.label(
        egui::RichText::new(details.join(" · "))
            .color(style::MUTED)
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
            ui.label(egui::RichText::new(text::LINE).color(style::MUTED));
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
                        egui::RichText::new(format!(
                            "⚠ {} {} {}",
                            capitalised(colour_name(opponent)),
                            text::THREAT,
                            line.join(" ")
                        ))
                        .color(egui::Color32::WHITE),
                    );
                });
        }
        None if !view.running => {
            ui.label(
                egui::RichText::new(format!("{} {}.", text::NO_THREAT, colour_name(opponent)))
                    .color(style::MUTED)
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
        egui::Stroke::new(1.0, style::ACCENT),
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
        let unit = if moves == 1 { text::MOVE } else { text::MOVES };
        return format!(
            "{} {} {moves} {unit}",
            capitalised(colour_name(winner)),
            text::WINS_IN
        );
    }
    let value = f64::from(black_eval) / 100.0;
    if black_eval.abs() < 15 {
        format!("{value:+.2} ({})", text::EVEN)
    } else {
        let better = if black_eval > 0 {
            Stone::Black
        } else {
            Stone::White
        };
        format!("{value:+.2} ({} {})", colour_name(better), text::BETTER)
    }
}

/// The draw offer's note while the computer weighs it.
#[must_use]
pub fn considering(name: &str) -> String {
    format!("{name} {}", text::CONSIDERING)
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
