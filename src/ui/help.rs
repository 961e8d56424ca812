//! The help window: the rules of each rule set in words with small board diagrams drawn with
//! egui's painter (five in a row, an overline, renju's forbidden double-three, double-four and
//! overline), the opening rules (三手可交换, RIF, Soosõrv-8, Swap2) each with a numbered
//! diagram, the clocks, and the keyboard shortcuts.

use super::actions::{UiAction, UiState};
use super::modal::modal;
use super::{opening, rule_name};
use crate::i18n::t;
use bevy_egui::egui;
use gomoku_rules::{OpeningRule, Rule};

/// A diagram as rows of text: `X` black, `O` white, `x` a black stone of the winning line,
/// `*` the point in question (black's forbidden move), `1`–`9` stones by move number (odd
/// black, even white), `a`–`h` offered fifth moves, `.` empty.
type Diagram = &'static [&'static str];

const FIVE: Diagram = &[
    ". . . . . . .",
    ". O . . . . .",
    ". x x x x x .",
    ". . O O . O .",
    ". . . . O . .",
];

const OVERLINE: Diagram = &[
    ". . . . . . . .",
    ". O . O . . O .",
    "X X X * X X . .",
    ". . O . O . . .",
];

const DOUBLE_THREE: Diagram = &[
    ". . . . . . .",
    ". . . X . . .",
    ". . . X . . .",
    ". X X * . . .",
    ". . . . . . .",
    ". . . . . . .",
];

const DOUBLE_FOUR: Diagram = &[
    ". . . . . . .",
    ". . . X . . .",
    ". . . X . . .",
    ". . . X . . .",
    "X X X * . . .",
    ". . . O . . .",
];

const SWAP_AFTER_3: Diagram = &[
    ". . . . . .",
    ". . 2 . . .",
    ". . 1 3 . .",
    ". . . . . .",
    ". . . . . .",
];

const RIF: Diagram = &[
    ". . . . . . .",
    ". a . 3 . . .",
    ". . . 2 4 . .",
    ". . . 1 . . .",
    ". . . . . b .",
    ". . . . . . .",
];

const SOOSORV: Diagram = &[
    ". . . . . . .",
    ". a . 3 . . .",
    ". . . 2 4 c .",
    ". . . 1 . . .",
    ". . . . . b .",
    ". . . . . . .",
];

const SWAP2: Diagram = &[
    ". . . . . .",
    ". . 2 . 4 .",
    ". . 1 3 . .",
    ". . 5 . . .",
    ". . . . . .",
];

/// The opening rules with a diagram each (the free opening needs none).
fn opening_diagrams() -> Vec<(OpeningRule, Option<Diagram>)> {
    vec![
        (OpeningRule::Free, None),
        (OpeningRule::Swap, Some(SWAP_AFTER_3)),
        (OpeningRule::Rif, Some(RIF)),
        (OpeningRule::Soosorv8, Some(SOOSORV)),
        (OpeningRule::Swap2, Some(SWAP2)),
    ]
}

/// The diagrams of a rule set, with their captions.
fn diagrams(rule: Rule) -> Vec<(Diagram, String)> {
    match rule {
        Rule::Freestyle => vec![(FIVE, t!("help.diagram_five").into_owned())],
        Rule::Standard => vec![
            (FIVE, t!("help.diagram_five").into_owned()),
            (OVERLINE, t!("help.diagram_overline_standard").into_owned()),
        ],
        Rule::Renju => vec![
            (DOUBLE_THREE, t!("rule_help.double_three").into_owned()),
            (DOUBLE_FOUR, t!("rule_help.double_four").into_owned()),
            (OVERLINE, t!("rule_help.overline").into_owned()),
        ],
    }
}

/// Draws a diagram on a small wooden board.
fn draw(ui: &mut egui::Ui, diagram: Diagram) {
    let rows: Vec<Vec<char>> = diagram
        .iter()
        .map(|r| r.chars().filter(|c| !c.is_whitespace()).collect())
        .collect();
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let cell = 18.0;
    let size = egui::vec2(cols as f32 * cell, rows.len() as f32 * cell);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(rect.expand(2.0));
    painter.rect_filled(rect, 3.0, egui::Color32::from_rgb(222, 184, 122));
    let line = egui::Stroke::new(1.0, egui::Color32::from_rgb(60, 40, 20));
    let at = |x: usize, y: usize| {
        rect.min + egui::vec2((x as f32 + 0.5) * cell, (y as f32 + 0.5) * cell)
    };
    for y in 0..rows.len() {
        painter.line_segment([at(0, y), at(cols - 1, y)], line);
    }
    for x in 0..cols {
        painter.line_segment([at(x, 0), at(x, rows.len() - 1)], line);
    }
    let radius = cell * 0.44;
    let black = egui::Color32::from_rgb(24, 24, 28);
    let white = egui::Color32::from_rgb(240, 236, 226);
    let red = egui::Color32::from_rgb(214, 40, 26);
    for (y, row) in rows.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let p = at(x, y);
            match c {
                'X' | 'x' => {
                    painter.circle_filled(p, radius, black);
                    if c == 'x' {
                        painter.circle_stroke(
                            p,
                            radius + 1.5,
                            egui::Stroke::new(2.0, egui::Color32::from_rgb(255, 196, 64)),
                        );
                    }
                }
                'O' => {
                    painter.circle_filled(p, radius, white);
                    painter.circle_stroke(p, radius, egui::Stroke::new(0.8, black));
                }
                '1'..='9' => {
                    let n = c.to_digit(10).unwrap_or(1);
                    let (fill, ink) = if n % 2 == 1 {
                        (black, white)
                    } else {
                        (white, black)
                    };
                    painter.circle_filled(p, radius, fill);
                    painter.circle_stroke(p, radius, egui::Stroke::new(0.8, black));
                    painter.text(
                        p,
                        egui::Align2::CENTER_CENTER,
                        c,
                        egui::FontId::proportional(cell * 0.6),
                        ink,
                    );
                }
                'a'..='h' => {
                    painter.circle(
                        p,
                        radius,
                        egui::Color32::from_rgba_unmultiplied(20, 18, 16, 110),
                        egui::Stroke::new(1.5, egui::Color32::from_rgb(214, 120, 40)),
                    );
                    painter.text(
                        p,
                        egui::Align2::CENTER_CENTER,
                        "5",
                        egui::FontId::proportional(cell * 0.6),
                        white,
                    );
                }
                '*' => {
                    let d = radius * 0.7;
                    let stroke = egui::Stroke::new(2.5, red);
                    painter.line_segment([p + egui::vec2(-d, -d), p + egui::vec2(d, d)], stroke);
                    painter.line_segment([p + egui::vec2(-d, d), p + egui::vec2(d, -d)], stroke);
                }
                _ => {}
            }
        }
    }
}

/// The help window.
pub fn window(ctx: &egui::Context, ui_state: &mut UiState, act: &mut Vec<UiAction>) {
    modal(ctx, "help").show(ctx, |ui| {
        ui.set_width(560.0);
        ui.heading(t!("menu.rules_and_keys"));
        ui.horizontal(|ui| {
            for rule in Rule::ALL {
                ui.selectable_value(&mut ui_state.help_rule, rule, rule_name(rule));
            }
        });
        ui.separator();
        egui::ScrollArea::vertical()
            .max_height(super::modal::scroll_height(ctx, 420.0))
            .show(ui, |ui| {
                ui.label(super::rule_help(ui_state.help_rule));
                ui.add_space(6.0);
                for (diagram, caption) in diagrams(ui_state.help_rule) {
                    ui.horizontal(|ui| {
                        draw(ui, diagram);
                        ui.add_space(8.0);
                        ui.vertical(|ui| {
                            ui.set_max_width(ui.available_width());
                            ui.add(egui::Label::new(caption).wrap());
                        });
                    });
                    ui.add_space(4.0);
                }
                ui.add_space(8.0);
                ui.label(egui::RichText::new(t!("help.openings")).strong());
                for (rule, diagram) in opening_diagrams() {
                    ui.horizontal(|ui| {
                        if let Some(diagram) = diagram {
                            draw(ui, diagram);
                            ui.add_space(8.0);
                        }
                        ui.vertical(|ui| {
                            ui.set_max_width(ui.available_width());
                            ui.label(egui::RichText::new(opening::words::rule_name(rule)).strong());
                            ui.add(egui::Label::new(opening::words::rule_summary(rule)).wrap());
                        });
                    });
                    ui.add_space(4.0);
                }
                ui.label(egui::RichText::new(t!("help.clocks")).strong());
                ui.add(egui::Label::new(t!("help.clocks_text")).wrap());
                ui.add_space(8.0);
                ui.label(egui::RichText::new(t!("help.keys")).strong());
                egui::Grid::new("keys")
                    .num_columns(2)
                    .spacing([16.0, 4.0])
                    .show(ui, |ui| {
                        for (key, what) in [
                            (t!("help.click"), t!("help.click_what")),
                            ("Ctrl+N".into(), t!("help.new_game")),
                            ("Ctrl+Z".into(), t!("help.undo")),
                            ("Ctrl+Y, Ctrl+Shift+Z".into(), t!("help.redo")),
                            ("Ctrl+S".into(), t!("help.save")),
                            ("Ctrl+O".into(), t!("help.open")),
                            ("Ctrl+Q".into(), t!("help.quit")),
                            ("Ctrl+H".into(), t!("help.hint")),
                            ("Ctrl+A".into(), t!("help.analysis")),
                            (t!("help.space"), t!("help.pause")),
                            ("F1".into(), t!("help.this_help")),
                            ("Esc".into(), t!("help.menu")),
                            ("Home ← → End".into(), t!("help.replay_keys")),
                        ] {
                            ui.label(egui::RichText::new(key).monospace());
                            ui.label(what);
                            ui.end_row();
                        }
                    });
            });
        ui.add_space(6.0);
        if ui.button(t!("help.close")).clicked() {
            act.push(UiAction::Close);
        }
    });
}
