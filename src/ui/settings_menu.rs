//! The Settings menu: language, theme, sound, animation and what the board shows. Every
//! change takes effect at once and is saved (see `settings`).

use crate::i18n::{Language, t};
use crate::settings::{AnimationLevel, Settings, SettingsOverrides};
use crate::theme::Theme;
use crate::ui::words;
use bevy_egui::egui;

/// The Settings menu in the menu bar.
pub fn menu(ui: &mut egui::Ui, settings: &mut Settings, overrides: &mut SettingsOverrides) {
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
            if ui
                .radio(shown == theme, words::theme_label(theme))
                .clicked()
            {
                settings.theme = theme;
                overrides.theme = None;
            }
        }
        ui.separator();
        ui.label(egui::RichText::new(t!("settings.board")).strong());
        ui.checkbox(&mut settings.move_numbers, t!("menu.move_numbers"));
        ui.checkbox(&mut settings.coordinates, t!("settings.coordinates"));
        ui.checkbox(&mut settings.forbidden_marks, t!("menu.forbidden_points"));
        ui.separator();
        ui.label(egui::RichText::new(t!("settings.animation")).strong());
        for level in AnimationLevel::ALL {
            ui.radio_value(
                &mut settings.animation,
                level,
                words::animation_label(level),
            );
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
