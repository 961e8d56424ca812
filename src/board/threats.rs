//! Threat marks (a setting per colour, off by default; `--threats` for one run): each four
//! and open three of the colours shown is drawn as a line through its stones, each ringed, the points that
//! make five as filled dots and the points that make an open four as rings, in the colour's
//! own hue (black's red, white's blue). The threats come from `gomoku_rules::threats` and are
//! computed again only when the board changes.

use super::layout::BoardLayout;
use crate::game::Game;
use crate::settings::{Settings, SettingsOverrides};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gomoku_rules::{Pos, Stone, Threat, ThreatKind, threats};

/// The threats on the board now, for the colours shown.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct ShownThreats {
    /// The position they were found in (moves, rule, colours shown).
    key: Option<(Vec<Pos>, gomoku_rules::Rule, bool, bool)>,
    pub threats: Vec<(Stone, Threat)>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ShownThreats>()
        .add_systems(Update, find_threats.in_set(crate::GameSystems::Present))
        .add_systems(EguiPrimaryContextPass, draw_threats);
}

/// Whether threat marks are shown for `stone` (the setting, or `--threats`).
#[must_use]
pub fn shown_for(settings: &Settings, overrides: &SettingsOverrides, stone: Stone) -> bool {
    overrides.threats
        || match stone {
            Stone::Black => settings.threats.black,
            Stone::White => settings.threats.white,
        }
}

fn find_threats(
    game: Res<Game>,
    settings: Res<Settings>,
    overrides: Res<SettingsOverrides>,
    mut shown: ResMut<ShownThreats>,
) {
    let black = shown_for(&settings, &overrides, Stone::Black);
    let white = shown_for(&settings, &overrides, Stone::White);
    let on = game.active && !game.record.is_over();
    let key = on.then(|| (game.points(), game.record.rule(), black, white));
    if key == shown.key {
        return;
    }
    let mut found = Vec::new();
    if on {
        for (stone, wanted) in [(Stone::Black, black), (Stone::White, white)] {
            if wanted {
                let board = game.record.board();
                found.extend(
                    threats(board, stone, game.record.rule())
                        .into_iter()
                        .map(|t| (stone, t)),
                );
            }
        }
    }
    *shown = ShownThreats {
        key,
        threats: found,
    };
}

/// The hue of a colour's threats.
fn hue(stone: Stone, alpha: u8) -> egui::Color32 {
    match stone {
        Stone::Black => egui::Color32::from_rgba_unmultiplied(214, 40, 40, alpha),
        Stone::White => egui::Color32::from_rgba_unmultiplied(30, 110, 230, alpha),
    }
}

fn draw_threats(
    mut contexts: EguiContexts,
    shown: Res<ShownThreats>,
    layout: Res<BoardLayout>,
) -> Result {
    if shown.threats.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("threat marks"),
    ));
    let at = |p: Pos| {
        let s = layout.screen(p);
        egui::pos2(s.x, s.y)
    };
    let cell = layout.cell;
    for (stone, threat) in &shown.threats {
        let four = threat.kind == ThreatKind::Four;
        // A line through the stones, from the first to the last, and a ring round each.
        if let (Some(&first), Some(&last)) = (threat.stones.first(), threat.stones.last()) {
            let width = if four { 0.1 } else { 0.07 } * cell;
            painter.line_segment(
                [at(first), at(last)],
                egui::Stroke::new(width, hue(*stone, 200)),
            );
        }
        for &p in &threat.stones {
            painter.circle_stroke(
                at(p),
                cell * 0.49,
                egui::Stroke::new(cell * if four { 0.07 } else { 0.05 }, hue(*stone, 210)),
            );
        }
        for &p in &threat.points {
            if four {
                painter.circle_filled(at(p), cell * 0.2, hue(*stone, 220));
                painter.circle_stroke(
                    at(p),
                    cell * 0.2,
                    egui::Stroke::new(1.5, egui::Color32::from_white_alpha(200)),
                );
            } else {
                painter.circle_stroke(
                    at(p),
                    cell * 0.22,
                    egui::Stroke::new(cell * 0.07, hue(*stone, 210)),
                );
            }
        }
    }
    Ok(())
}
