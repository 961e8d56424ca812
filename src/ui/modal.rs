//! Modal dialogs centred over the board, sliding up into place as they open (shared by the
//! dialogs, the help, the statistics window and the file dialog).

use super::style;
use crate::anim;
use crate::board::layout::PANEL_WIDTH;
use bevy_egui::egui;

/// A modal dialog centred over the board rather than the whole window (in a small window,
/// where the board's part is narrower than a dialog, over the whole window). It slides up into
/// place when it opens.
pub fn modal(ctx: &egui::Context, id: &str) -> egui::Modal {
    let id = egui::Id::new(id);
    let slide = slide_in(ctx, id);
    let board_part = ctx.content_rect().width() - PANEL_WIDTH;
    let shift = if board_part < 560.0 {
        0.0
    } else {
        -PANEL_WIDTH / 2.0
    };
    egui::Modal::new(id).area(
        egui::Modal::default_area(id).anchor(egui::Align2::CENTER_CENTER, egui::vec2(shift, slide)),
    )
}

/// The height a dialog's scrolling part may take in this window (`most` in a large one),
/// leaving room for its title and buttons.
#[must_use]
pub fn scroll_height(ctx: &egui::Context, most: f32) -> f32 {
    (ctx.content_rect().height() - 190.0).clamp(140.0, most)
}

/// How far below its place a dialog shown since a moment ago is drawn: 36 px when it opens,
/// easing to 0 over `anim::SLIDE_SECONDS` (scaled by the animation level). A dialog drawn
/// in the previous pass is still open; otherwise it opens now.
pub fn slide_in(ctx: &egui::Context, id: egui::Id) -> f32 {
    let now = ctx.input(|i| i.time);
    let pass = ctx.cumulative_pass_nr();
    let key = id.with("slide in");
    let start = match ctx.data(|d| d.get_temp::<(u64, f64)>(key)) {
        Some((last, start)) if last + 1 >= pass => start,
        _ => now,
    };
    ctx.data_mut(|d| d.insert_temp(key, (pass, start)));
    let duration = f64::from(anim::SLIDE_SECONDS * style::motion(ctx));
    let t = if duration <= 0.0 {
        1.0
    } else {
        ((now - start) / duration).clamp(0.0, 1.0) as f32
    };
    if t < 1.0 {
        ctx.request_repaint();
    }
    (1.0 - anim::ease_out(t)) * 36.0
}
