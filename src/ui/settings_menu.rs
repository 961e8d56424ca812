//! The Settings menu: language, theme, sound, animation and what the board shows. Every
//! change takes effect at once and is saved (see `settings`).

use crate::board::marks::BoardMarks;
use crate::i18n::{Language, t};
use crate::settings::{AnimationLevel, Settings, SettingsOverrides};
use crate::theme::Theme;
use bevy_egui::egui;

/// The Settings menu in the menu bar.
pub fn menu(
    ui: &mut egui::Ui,
    settings: &mut Settings,
    overrides: &mut SettingsOverrides,
    marks: &mut BoardMarks,
) {
    ui.menu_button(t!("settings.menu"), |ui| {
        ui.label(egui::RichText::new(t!("settings.language")).strong());
        let shown = overrides.language(settings);
        for language in Language::ALL {
            if ui
                .radio(shown == language, language.native_name())
                .clicked()
            {
                settings.language = language;
                overrides.language = None;
            }
        }
        ui.separator();
        ui.label(egui::RichText::new(t!("settings.theme")).strong());
        let shown = overrides.theme(settings);
        for theme in Theme::ALL {
            if ui.radio(shown == theme, theme.label()).clicked() {
                settings.theme = theme;
                overrides.theme = None;
            }
        }
        ui.separator();
        ui.label(egui::RichText::new(t!("settings.board")).strong());
        ui.checkbox(&mut marks.move_numbers, t!("menu.move_numbers"));
        ui.checkbox(&mut marks.coordinates, t!("settings.coordinates"));
        ui.checkbox(&mut marks.forbidden_points, t!("menu.forbidden_points"));
        ui.separator();
        ui.label(egui::RichText::new(t!("settings.animation")).strong());
        for level in AnimationLevel::ALL {
            ui.radio_value(&mut settings.animation, level, level.label());
        }
        ui.separator();
        ui.label(egui::RichText::new(t!("settings.sound")).strong());
        ui.checkbox(&mut settings.sound, t!("settings.sound_on"));
        ui.add_enabled(
            settings.sound,
            egui::Slider::new(&mut settings.volume, 0.0..=1.0)
                .text(t!("settings.volume"))
                .custom_formatter(|v, _| format!("{:.0} %", v * 100.0)),
        );
    });
}
