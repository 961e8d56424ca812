//! The review on the board: while the replay shows the position after a move the review
//! judged an inaccuracy, a mistake, a blunder or a missed win, that stone gets a badge
//! (`?!`, `?`, `??`, `!`) and the engine's better move shows as a ghost stone; with "show the
//! line" the replay stands one move earlier and the engine's line is played out as numbered
//! ghost stones (`board/ghosts.rs` draws them).

use super::ReviewState;
use crate::board::ghosts::{Ghost, Ghosts, line_ghosts};
use crate::board::layout::BoardLayout;
use crate::game::Game;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gomoku_engine::review::{Judgement, MoveReview};

/// The ring around the engine's better move.
const BETTER_RING: egui::Color32 = egui::Color32::from_rgb(46, 200, 170);

/// Moves of the better line shown.
pub const LINE_SHOWN: usize = 10;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, update_ghosts.in_set(crate::GameSystems::React))
        .add_systems(EguiPrimaryContextPass, draw_badge);
}

/// How a judged move is marked: its badge and colour, if it is marked at all.
#[must_use]
pub fn badge(m: &MoveReview) -> Option<(&'static str, egui::Color32)> {
    if m.missed_win.is_some() && m.judgement < Judgement::Blunder {
        return Some(("!", egui::Color32::from_rgb(190, 60, 200)));
    }
    match m.judgement {
        Judgement::Inaccuracy => Some(("?!", egui::Color32::from_rgb(226, 178, 30))),
        Judgement::Mistake => Some(("?", egui::Color32::from_rgb(236, 120, 30))),
        Judgement::Blunder => Some(("??", egui::Color32::from_rgb(214, 40, 40))),
        Judgement::Best | Judgement::Good => None,
    }
}

/// The judged move the board shows: the last move of the position on the board.
#[must_use]
pub fn shown_move<'a>(state: &'a ReviewState, game: &Game) -> Option<&'a MoveReview> {
    let n = game.replay_index();
    let review = state.for_game(game)?;
    n.checked_sub(1).and_then(|i| review.moves.get(i))
}

/// The ghost stones of the review for the position on the board.
#[must_use]
pub fn review_ghosts(state: &ReviewState, game: &Game) -> Vec<Ghost> {
    let Some(review) = state.for_game(game) else {
        return Vec::new();
    };
    let n = game.replay_index();
    // The line instead of move `line_for`, on the position before it.
    if let Some(line_for) = state.line_for
        && line_for == n + 1
        && let Some(m) = review.moves.get(n)
    {
        let line = if m.better_line.is_empty() {
            m.better.into_iter().collect()
        } else {
            m.better_line.clone()
        };
        return line_ghosts(game, &line, m.mover, LINE_SHOWN);
    }
    match shown_move(state, game) {
        Some(m) if badge(m).is_some() => m
            .better
            .filter(|&p| game.record.board().is_empty_at(p))
            .map(|pos| Ghost {
                pos,
                stone: m.mover,
                number: None,
                ringed: false,
            })
            .into_iter()
            .collect(),
        _ => Vec::new(),
    }
}

fn update_ghosts(state: Res<ReviewState>, game: Res<Game>, mut ghosts: ResMut<Ghosts>) {
    let wanted = review_ghosts(&state, &game);
    if wanted != ghosts.review {
        ghosts.review = wanted;
    }
}

fn draw_badge(
    mut contexts: EguiContexts,
    state: Res<ReviewState>,
    game: Res<Game>,
    layout: Res<BoardLayout>,
) -> Result {
    let Some(m) = shown_move(&state, &game) else {
        return Ok(());
    };
    let Some((text, color)) = badge(m) else {
        return Ok(());
    };
    if state.line_for.is_some_and(|n| n == game.replay_index() + 1) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("review badge"),
    ));
    let cell = layout.cell;
    let centre = layout.screen(m.played);
    let at = egui::pos2(centre.x + cell * 0.36, centre.y - cell * 0.36);
    painter.circle_filled(at, cell * 0.27, color);
    painter.circle_stroke(
        at,
        cell * 0.27,
        egui::Stroke::new(1.5, egui::Color32::from_white_alpha(230)),
    );
    painter.text(
        at,
        egui::Align2::CENTER_CENTER,
        text,
        egui::FontId::proportional(cell * 0.32),
        egui::Color32::WHITE,
    );
    // The better move's ring, so that the ghost stands out from the stones.
    if let Some(better) = m.better.filter(|&p| game.record.board().is_empty_at(p)) {
        let b = layout.screen(better);
        painter.circle_stroke(
            egui::pos2(b.x, b.y),
            cell * 0.47,
            egui::Stroke::new(cell * 0.06, BETTER_RING),
        );
    }
    Ok(())
}
