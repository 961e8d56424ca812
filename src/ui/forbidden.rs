//! Why a point is forbidden, in words: beside a forbidden point under the pointer (whose lines
//! `board/explain.rs` draws), a small card names the rule broken and each line that breaks it
//! — and for a three that does not count, why not (its straight-four points are themselves
//! forbidden, the recursive renju case, or it is blocked).

use super::style;
use super::words::pos_label;
use crate::board::explain::Explained;
use crate::board::layout::BoardLayout;
use crate::i18n::{forbidden_name, t};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gomoku_rules::explain::{Direction, Shape, ShapeLine, ThreeStatus};
use gomoku_rules::{PointExplanation, Pos};

/// The card's width, in logical pixels.
const CARD_WIDTH: f32 = 300.0;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        explanation_card.after(super::UiPasses::Panels),
    );
}

fn direction_name(d: Direction) -> String {
    match d {
        Direction::Horizontal => t!("why.horizontal"),
        Direction::Vertical => t!("why.vertical"),
        Direction::Diagonal => t!("why.diagonal"),
        Direction::AntiDiagonal => t!("why.anti_diagonal"),
    }
    .into_owned()
}

fn points_text(points: impl Iterator<Item = Pos>, size: usize) -> String {
    points
        .map(|p| pos_label(p, size))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One sentence about one line through the point.
#[must_use]
pub fn line_sentence(line: &ShapeLine, size: usize) -> String {
    let direction = direction_name(line.direction);
    let stones = points_text(line.stones.iter().copied(), size);
    let keys = points_text(line.points.iter().map(|k| k.pos), size);
    match line.shape {
        Shape::Five => t!("why.five", direction = direction, stones = stones),
        Shape::Overline => t!("why.overline", direction = direction, stones = stones),
        Shape::Four => t!(
            "why.four",
            direction = direction,
            stones = stones,
            keys = keys
        ),
        Shape::Three(ThreeStatus::Counts) => {
            t!(
                "why.three",
                direction = direction,
                stones = stones,
                keys = keys
            )
        }
        Shape::Three(ThreeStatus::FourPointsForbidden) => {
            let reasons = line
                .points
                .iter()
                .map(|k| {
                    let why = k.forbidden.map(forbidden_name).unwrap_or_default();
                    t!(
                        "why.point_forbidden",
                        point = pos_label(k.pos, size),
                        kind = why
                    )
                    .into_owned()
                })
                .collect::<Vec<_>>()
                .join(t!("why.and").as_ref());
            t!(
                "why.fake_three",
                direction = direction,
                stones = stones,
                reasons = reasons
            )
        }
        Shape::Three(ThreeStatus::Blocked) => {
            t!("why.blocked_three", direction = direction, stones = stones)
        }
    }
    .into_owned()
}

/// The card's title and sentences: the verdict, the lines that decide it, then the threes
/// that do not count.
#[must_use]
pub fn explanation_text(e: &PointExplanation, size: usize) -> (String, Vec<String>) {
    let title = match e.forbidden {
        Some(kind) => t!(
            "why.title",
            point = pos_label(e.point, size),
            kind = forbidden_name(kind)
        )
        .into_owned(),
        None => t!("why.allowed", point = pos_label(e.point, size)).into_owned(),
    };
    let mut lines: Vec<String> = e
        .decisive()
        .into_iter()
        .map(|l| line_sentence(l, size))
        .collect();
    lines.extend(
        e.discounted_threes()
            .into_iter()
            .map(|l| line_sentence(l, size)),
    );
    (title, lines)
}

fn explanation_card(
    mut contexts: EguiContexts,
    explained: Res<Explained>,
    layout: Res<BoardLayout>,
) -> Result {
    let Some(e) = &explained.0 else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let (title, lines) = explanation_text(e, layout.size);
    // Beside the lines, on the side with room, so that it hides none of them.
    let shown: Vec<Pos> = e
        .lines
        .iter()
        .filter(|l| l.counts() || matches!(l.shape, Shape::Three(_)))
        .flat_map(|l| {
            l.stones
                .iter()
                .chain(l.points.iter().map(|k| &k.pos))
                .copied()
        })
        .chain(std::iter::once(e.point))
        .collect();
    let xs = shown.iter().map(|&p| layout.screen(p).x);
    let (left, right) = xs.fold((f32::MAX, f32::MIN), |(a, b), x| (a.min(x), b.max(x)));
    let margin = layout.cell * 0.7;
    let board_right = layout.window.x - crate::board::layout::PANEL_WIDTH;
    let x = if right + margin + CARD_WIDTH < board_right {
        right + margin
    } else {
        (left - margin - CARD_WIDTH).max(4.0)
    };
    let at = layout.screen(e.point);
    let palette = style::palette(ctx);
    egui::Area::new(egui::Id::new("why forbidden"))
        .order(egui::Order::Tooltip)
        .fixed_pos(egui::pos2(x, (at.y - layout.cell).max(4.0)))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(CARD_WIDTH - 16.0);
                ui.label(egui::RichText::new(title).strong().color(palette.error));
                for line in lines {
                    ui.label(format!("• {line}"));
                }
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_rules::explain::LinePoint;
    use gomoku_rules::{Board, Forbidden};

    #[test]
    fn a_fake_three_says_which_point_is_forbidden_and_why() {
        crate::i18n::set_language(crate::i18n::Language::En);
        let line = ShapeLine {
            direction: Direction::Diagonal,
            shape: Shape::Three(ThreeStatus::FourPointsForbidden),
            stones: vec![Pos::new(5, 5), Pos::new(6, 6), Pos::new(7, 7)],
            points: vec![LinePoint {
                pos: Pos::new(8, 8),
                forbidden: Some(Forbidden::DoubleFour),
            }],
        };
        let text = line_sentence(&line, 15);
        assert!(text.contains("F10 G9 H8"), "{text}");
        assert!(text.contains("I7"), "{text}");
        assert!(text.to_lowercase().contains("double-four"), "{text}");
        assert!(text.contains("does not count"), "{text}");
        let _ = Board::new(15);
    }
}
