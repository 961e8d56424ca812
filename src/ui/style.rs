//! The look of the interface: warm colours that go with the wooden board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub const ACCENT: egui::Color32 = egui::Color32::from_rgb(196, 140, 72);
pub const PANEL_FILL: egui::Color32 = egui::Color32::from_rgb(38, 33, 29);
pub const TEXT: egui::Color32 = egui::Color32::from_rgb(236, 226, 210);
pub const MUTED: egui::Color32 = egui::Color32::from_rgb(170, 156, 138);
pub const ERROR: egui::Color32 = egui::Color32::from_rgb(232, 110, 92);

/// The style is set before anything is drawn.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct StyleSet;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, apply_style.in_set(StyleSet));
}

fn apply_style(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut visuals = egui::Visuals::dark();
    visuals.panel_fill = PANEL_FILL;
    visuals.window_fill = egui::Color32::from_rgb(46, 40, 35);
    visuals.extreme_bg_color = egui::Color32::from_rgb(28, 24, 21);
    visuals.override_text_color = Some(TEXT);
    visuals.selection.bg_fill = egui::Color32::from_rgb(140, 96, 46);
    visuals.hyperlink_color = ACCENT;
    visuals.widgets.inactive.weak_bg_fill = egui::Color32::from_rgb(64, 55, 47);
    visuals.widgets.inactive.bg_fill = egui::Color32::from_rgb(64, 55, 47);
    visuals.widgets.hovered.weak_bg_fill = egui::Color32::from_rgb(92, 74, 55);
    visuals.widgets.hovered.bg_fill = egui::Color32::from_rgb(92, 74, 55);
    visuals.widgets.active.weak_bg_fill = egui::Color32::from_rgb(120, 88, 54);
    visuals.window_corner_radius = egui::CornerRadius::same(10);
    ctx.set_theme(egui::Theme::Dark);
    ctx.set_visuals_of(egui::Theme::Dark, visuals);
    ctx.all_styles_mut(|style| {
        style.spacing.button_padding = egui::vec2(10.0, 5.0);
        style.spacing.item_spacing = egui::vec2(8.0, 7.0);
        style
            .text_styles
            .insert(egui::TextStyle::Heading, egui::FontId::proportional(21.0));
        style
            .text_styles
            .insert(egui::TextStyle::Body, egui::FontId::proportional(15.0));
        style
            .text_styles
            .insert(egui::TextStyle::Button, egui::FontId::proportional(15.0));
    });
    *done = true;
    Ok(())
}
