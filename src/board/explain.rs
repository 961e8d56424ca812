//! Why a point is forbidden, on the board: while the pointer rests on a renju-forbidden point
//! before black plays, the lines that make it forbidden (`gomoku_rules::explain`) are drawn —
//! the two threes, the fours or the overline as red bands through their stones with their key
//! points — and a three that does not count as a pale band, its straight-four points crossed
//! where they are themselves forbidden. The sentences beside it are the interface's
//! (`ui/forbidden.rs`), from the same `Explained` data.

use super::layout::BoardLayout;
use super::picking::HoveredPoint;
use crate::game::Game;
use crate::settings::Settings;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gomoku_rules::explain::{Shape, ShapeLine, ThreeStatus};
use gomoku_rules::{PointExplanation, Pos, Rule, Stone, explain};

/// The explanation of the forbidden point under the pointer, if it is one.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Explained(pub Option<PointExplanation>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Explained>()
        .add_systems(Update, explain_hovered.in_set(crate::GameSystems::Present))
        .add_systems(EguiPrimaryContextPass, draw_lines);
}

/// The forbidden point under `hovered`, explained (only while its cross is shown).
#[must_use]
pub fn explain_at(
    game: &Game,
    settings: &Settings,
    hovered: Option<Pos>,
) -> Option<PointExplanation> {
    let pos = hovered?;
    if !settings.forbidden_marks || !game.in_progress() {
        return None;
    }
    // Where the crosses are shown: renju, black to move (`GameRecord::forbidden_points`).
    let marked = game.record.rule() == Rule::Renju && game.record.side_to_move() == Stone::Black;
    marked.then(|| explain(game.record.board(), pos)).flatten()
}

fn explain_hovered(
    game: Res<Game>,
    settings: Res<Settings>,
    hovered: Res<HoveredPoint>,
    mut explained: ResMut<Explained>,
    mut looked_at: Local<Option<Pos>>,
) {
    // Only when the pointer moves to another point or the position changes (the forbidden
    // points of the whole board are not looked for again every frame).
    if *looked_at == hovered.0 && !game.is_changed() && !settings.is_changed() {
        return;
    }
    *looked_at = hovered.0;
    let new = explain_at(&game, &settings, hovered.0);
    if explained.0 != new {
        explained.0 = new;
    }
}

const RED: egui::Color32 = egui::Color32::from_rgb(222, 38, 30);

fn draw_lines(
    mut contexts: EguiContexts,
    explained: Res<Explained>,
    layout: Res<BoardLayout>,
) -> Result {
    let Some(e) = &explained.0 else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("forbidden lines"),
    ));
    let at = |p: Pos| {
        let s = layout.screen(p);
        egui::pos2(s.x, s.y)
    };
    let cell = layout.cell;
    let decisive = e.decisive();
    for line in &e.lines {
        let counts = decisive.iter().any(|d| std::ptr::eq(*d, line));
        let discounted = matches!(
            line.shape,
            Shape::Three(ThreeStatus::FourPointsForbidden | ThreeStatus::Blocked)
        );
        if !counts && !discounted {
            continue;
        }
        band(&painter, line, &at, cell, counts);
        for key in &line.points {
            let p = at(key.pos);
            if key.forbidden.is_some() {
                // A straight-four point that is itself forbidden: crossed out.
                let d = cell * 0.16;
                let stroke = egui::Stroke::new(cell * 0.06, egui::Color32::from_gray(70));
                painter.line_segment([p + egui::vec2(-d, -d), p + egui::vec2(d, d)], stroke);
                painter.line_segment([p + egui::vec2(-d, d), p + egui::vec2(d, -d)], stroke);
            } else {
                let color = if counts {
                    RED
                } else {
                    egui::Color32::from_gray(90)
                };
                painter.circle_stroke(p, cell * 0.18, egui::Stroke::new(cell * 0.05, color));
            }
        }
    }
    // The point itself.
    painter.circle_stroke(
        at(e.point),
        cell * 0.42,
        egui::Stroke::new(cell * 0.06, RED),
    );
    Ok(())
}

/// A band through a line's stones: red when it counts, pale grey (thinner) when it does not.
fn band(
    painter: &egui::Painter,
    line: &ShapeLine,
    at: &impl Fn(Pos) -> egui::Pos2,
    cell: f32,
    counts: bool,
) {
    let mut stones = line.stones.clone();
    stones.sort();
    let (Some(&first), Some(&last)) = (stones.first(), stones.last()) else {
        return;
    };
    let (width, color) = if counts {
        (0.3, egui::Color32::from_rgba_unmultiplied(222, 38, 30, 120))
    } else {
        // Light, so that it shows over black stones as over the wood.
        (
            0.16,
            egui::Color32::from_rgba_unmultiplied(236, 236, 230, 200),
        )
    };
    painter.line_segment(
        [at(first), at(last)],
        egui::Stroke::new(width * cell, color),
    );
}
