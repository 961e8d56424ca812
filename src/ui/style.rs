//! The look of the interface: the fonts (egui's own for Latin and symbols, the shipped Noto
//! Sans SC subset for Chinese) and the colours of the light and dark themes, applied whenever the theme
//! changes.

use crate::settings::Settings;
use crate::theme::{ActiveTheme, Theme};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gomoku_rules::Stone;
use std::sync::Arc;

/// The CJK font shipped in `assets/fonts` (built by `scripts/make_font.py`).
pub const CJK_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansSC-Subset.otf");
const CJK_FONT_NAME: &str = "Noto Sans SC";

/// The interface colours of a theme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    pub accent: egui::Color32,
    pub panel: egui::Color32,
    pub window: egui::Color32,
    pub text: egui::Color32,
    pub muted: egui::Color32,
    pub error: egui::Color32,
    /// A player who is connected (network games).
    pub online: egui::Color32,
    /// A player card, and the card of the player to move.
    pub card: egui::Color32,
    pub card_active: egui::Color32,
    pub card_stroke: egui::Color32,
    /// Sunken areas: lists, the file browser.
    pub inset: egui::Color32,
    /// The "thinking…" read-out.
    pub note: egui::Color32,
}

impl Palette {
    #[must_use]
    pub fn of(theme: Theme) -> Palette {
        match theme {
            Theme::Dark => Palette {
                accent: egui::Color32::from_rgb(214, 158, 86),
                panel: egui::Color32::from_rgb(38, 33, 29),
                window: egui::Color32::from_rgb(46, 40, 35),
                text: egui::Color32::from_rgb(236, 226, 210),
                muted: egui::Color32::from_rgb(170, 156, 138),
                error: egui::Color32::from_rgb(232, 110, 92),
                online: egui::Color32::from_rgb(120, 196, 110),
                card: egui::Color32::from_rgb(48, 42, 37),
                card_active: egui::Color32::from_rgb(74, 58, 40),
                card_stroke: egui::Color32::from_rgb(66, 58, 50),
                inset: egui::Color32::from_rgb(30, 26, 23),
                note: egui::Color32::from_rgb(58, 48, 36),
            },
            Theme::Light => Palette {
                accent: egui::Color32::from_rgb(150, 88, 28),
                panel: egui::Color32::from_rgb(246, 239, 226),
                window: egui::Color32::from_rgb(252, 247, 238),
                text: egui::Color32::from_rgb(52, 40, 28),
                muted: egui::Color32::from_rgb(124, 106, 86),
                error: egui::Color32::from_rgb(180, 50, 36),
                online: egui::Color32::from_rgb(52, 140, 64),
                card: egui::Color32::from_rgb(236, 226, 208),
                card_active: egui::Color32::from_rgb(246, 218, 170),
                card_stroke: egui::Color32::from_rgb(210, 194, 168),
                inset: egui::Color32::from_rgb(255, 252, 246),
                note: egui::Color32::from_rgb(240, 222, 190),
            },
        }
    }
}

fn palette_id() -> egui::Id {
    egui::Id::new("gomoku palette")
}

fn motion_id() -> egui::Id {
    egui::Id::new("gomoku motion")
}

/// The colours of the theme shown now (kept in the egui context by `apply_style`).
#[must_use]
pub fn palette(ctx: &egui::Context) -> Palette {
    ctx.data(|d| d.get_temp::<Palette>(palette_id()))
        .unwrap_or_else(|| Palette::of(Theme::Light))
}

/// The animation level's factor for the interface's own animations (0: none).
#[must_use]
pub fn motion(ctx: &egui::Context) -> f32 {
    ctx.data(|d| d.get_temp::<f32>(motion_id())).unwrap_or(1.0)
}

#[must_use]
pub fn accent(ctx: &egui::Context) -> egui::Color32 {
    palette(ctx).accent
}

#[must_use]
pub fn text(ctx: &egui::Context) -> egui::Color32 {
    palette(ctx).text
}

#[must_use]
pub fn muted(ctx: &egui::Context) -> egui::Color32 {
    palette(ctx).muted
}

#[must_use]
pub fn error(ctx: &egui::Context) -> egui::Color32 {
    palette(ctx).error
}

#[must_use]
pub fn online(ctx: &egui::Context) -> egui::Color32 {
    palette(ctx).online
}

/// The style is set before anything is drawn.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct StyleSet;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, apply_style.in_set(StyleSet));
}

/// The default egui fonts, with the CJK font as the fallback of both families.
#[must_use]
pub fn fonts() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        CJK_FONT_NAME.to_owned(),
        Arc::new(egui::FontData::from_static(CJK_FONT)),
    );
    // Right after egui's Latin font, so that CJK punctuation comes from the CJK font rather
    // than from the emoji fonts that follow.
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        let list = fonts.families.entry(family).or_default();
        list.insert(list.len().min(1), CJK_FONT_NAME.to_owned());
    }
    fonts
}

fn visuals(theme: Theme) -> egui::Visuals {
    let p = Palette::of(theme);
    let mut visuals = match theme {
        Theme::Dark => egui::Visuals::dark(),
        Theme::Light => egui::Visuals::light(),
    };
    visuals.panel_fill = p.panel;
    visuals.window_fill = p.window;
    visuals.extreme_bg_color = p.inset;
    visuals.override_text_color = Some(p.text);
    visuals.hyperlink_color = p.accent;
    visuals.window_corner_radius = egui::CornerRadius::same(10);
    let (idle, hover, active, selection) = match theme {
        Theme::Dark => (
            egui::Color32::from_rgb(64, 55, 47),
            egui::Color32::from_rgb(92, 74, 55),
            egui::Color32::from_rgb(120, 88, 54),
            egui::Color32::from_rgb(140, 96, 46),
        ),
        Theme::Light => (
            egui::Color32::from_rgb(230, 216, 192),
            egui::Color32::from_rgb(240, 208, 160),
            egui::Color32::from_rgb(226, 184, 124),
            egui::Color32::from_rgb(232, 190, 128),
        ),
    };
    visuals.selection.bg_fill = selection;
    visuals.widgets.inactive.weak_bg_fill = idle;
    visuals.widgets.inactive.bg_fill = idle;
    visuals.widgets.hovered.weak_bg_fill = hover;
    visuals.widgets.hovered.bg_fill = hover;
    visuals.widgets.active.weak_bg_fill = active;
    visuals
}

fn apply_style(
    mut contexts: EguiContexts,
    theme: Res<ActiveTheme>,
    settings: Res<Settings>,
    mut fonts_set: Local<bool>,
    mut shown: Local<Option<Theme>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if settings.is_changed() || !*fonts_set {
        let factor = settings.animation.speed_factor();
        ctx.data_mut(|d| d.insert_temp(motion_id(), factor));
    }
    if !*fonts_set {
        ctx.set_fonts(fonts());
        ctx.all_styles_mut(|style| {
            style.spacing.button_padding = egui::vec2(10.0, 5.0);
            // Scroll bars beside the text, not over the ends of its lines, and always shown
            // where there is more to see.
            style.spacing.scroll = egui::style::ScrollStyle::solid();
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
        *fonts_set = true;
    }
    if *shown != Some(theme.0) {
        let egui_theme = match theme.0 {
            Theme::Dark => egui::Theme::Dark,
            Theme::Light => egui::Theme::Light,
        };
        ctx.set_visuals_of(egui_theme, visuals(theme.0));
        ctx.data_mut(|d| d.insert_temp(palette_id(), Palette::of(theme.0)));
        ctx.set_theme(egui_theme);
        *shown = Some(theme.0);
    }
    Ok(())
}

/// A stone drawn in the interface.
pub fn stone_icon(ui: &mut egui::Ui, stone: Stone, radius: f32) {
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(radius * 2.0, radius * 2.0), egui::Sense::hover());
    let painter = ui.painter();
    let c = rect.center();
    painter.circle_filled(
        c + egui::vec2(1.0, 1.5),
        radius,
        egui::Color32::from_black_alpha(90),
    );
    let (fill, shine) = match stone {
        Stone::Black => (
            egui::Color32::from_rgb(22, 22, 26),
            egui::Color32::from_rgb(90, 90, 96),
        ),
        Stone::White => (egui::Color32::from_rgb(236, 233, 224), egui::Color32::WHITE),
    };
    painter.circle_filled(c, radius, fill);
    painter.circle_filled(
        c - egui::vec2(radius * 0.35, radius * 0.35),
        radius * 0.3,
        shine,
    );
}
