//! The in-game file dialog (no system dialog needed): save in the game's format or export to
//! PSQ, SGF or a pos string (also to the clipboard); open saves and import .gob, PSQ, SGF or a
//! pasted pos string. It starts in the `saves` folder of the platform's data folder.

use crate::game::{FileNotice, Game, Notice};
use crate::i18n::t;
use crate::save::{self, FileFormat, ImportRequest, OpenRequest, SaveRequest};
use crate::ui::actions::{Dialog, UiAction, UiState};
use crate::ui::words;
use crate::ui::{rule_name, style};
use bevy::clipboard::Clipboard;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gomoku_rules::Rule;
use std::path::{Path, PathBuf};

/// The form of the file dialog.
#[derive(Resource, Default)]
struct FileForm {
    name: String,
    format: Option<FileFormat>,
    rule: Option<Rule>,
    selected: Option<PathBuf>,
    pasted: String,
    /// The path a save would overwrite, waiting for a second click.
    overwrite: Option<PathBuf>,
    /// The folder listing, refreshed when the dialog opens or the folder changes.
    listing: Option<(PathBuf, Vec<PathBuf>, Vec<FileEntry>)>,
    /// The folder typed by the player.
    folder_text: String,
    was_open: bool,
    /// A game was asked to be opened: the dialog closes when it is, and stays with the
    /// reason when it is not.
    waiting: bool,
    /// Why the last file or text could not be opened.
    error: Option<String>,
}

/// A game file in the listing, with what the player needs to choose it.
#[derive(Clone, Debug, Default)]
struct FileEntry {
    path: PathBuf,
    /// When it was last written, e.g. "2 h ago".
    age: String,
    /// Rule, moves and players, or why it cannot be read.
    summary: String,
}

impl FileEntry {
    fn of(path: PathBuf) -> FileEntry {
        let age = std::fs::metadata(&path)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .map(age_words)
            .unwrap_or_default();
        let summary = match save::read_file(&path, Rule::default()) {
            Ok(saved) => t!(
                "files.summary",
                rule = rule_name(saved.record.rule()),
                moves = saved.record.moves().len(),
                black = words::player_name(&saved.players.black, gomoku_rules::Stone::Black),
                white = words::player_name(&saved.players.white, gomoku_rules::Stone::White)
            )
            .into_owned(),
            Err(_) => t!("files.unreadable").into_owned(),
        };
        FileEntry { path, age, summary }
    }
}

/// "just now", "5 min ago", "3 h ago", "2 days ago".
fn age_words(age: std::time::Duration) -> String {
    let minutes = age.as_secs() / 60;
    match minutes {
        0 => t!("files.just_now"),
        1..60 => t!("files.minutes_ago", n = minutes),
        60..1440 => t!("files.hours_ago", n = minutes / 60),
        _ => t!("files.days_ago", n = minutes / 1440),
    }
    .into_owned()
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<FileForm>()
        .add_systems(Update, follow_opens.in_set(crate::GameSystems::React))
        .add_systems(
            EguiPrimaryContextPass,
            file_dialog.after(super::UiPasses::Panels),
        );
}

/// Closes the Open dialog once the game asked for is on the board; keeps it open with the
/// reason when it could not be opened.
fn follow_opens(
    mut notices: MessageReader<Notice>,
    game: Res<Game>,
    mut form: ResMut<FileForm>,
    mut ui_state: ResMut<UiState>,
) {
    for notice in notices.read() {
        let Notice::File(file) = notice else {
            continue;
        };
        if !form.waiting {
            continue;
        }
        match file {
            FileNotice::Opened { .. } => {
                form.waiting = false;
                form.error = None;
                if ui_state.dialog == Some(Dialog::Open) {
                    ui_state.dialog = None;
                }
            }
            FileNotice::NotOpened { .. } => {
                form.waiting = false;
                form.error = Some(words::notice_text(notice, &game));
            }
            _ => {}
        }
    }
}

fn listing(dir: &Path) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let mut folders: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
                .map(|e| e.path())
                .filter(|p| {
                    !p.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
                })
                .collect()
        })
        .unwrap_or_default();
    folders.sort();
    (folders, save::list_games(dir))
}

/// A file name from a player's name: letters and digits, one hyphen for every run of
/// anything else.
fn file_part(name: &str) -> String {
    name.split(|c: char| !c.is_alphanumeric())
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// "Ann-vs-Computer-Master-12": the players and the number of moves.
#[must_use]
pub fn default_name(game: &Game) -> String {
    format!(
        "{}-vs-{}-{}",
        file_part(&words::name(game, gomoku_rules::Stone::Black)),
        file_part(&words::name(game, gomoku_rules::Stone::White)),
        game.record.moves().len()
    )
}

fn file_dialog(
    mut contexts: EguiContexts,
    mut ui_state: ResMut<UiState>,
    mut form: ResMut<FileForm>,
    game: Res<Game>,
    mut clipboard: Option<ResMut<Clipboard>>,
    mut saves: MessageWriter<SaveRequest>,
    mut opens: MessageWriter<OpenRequest>,
    mut imports: MessageWriter<ImportRequest>,
    mut actions: MessageWriter<UiAction>,
    mut notices: MessageWriter<Notice>,
) -> Result {
    let saving = match ui_state.dialog {
        Some(Dialog::Save) => true,
        Some(Dialog::Open) => false,
        _ => {
            form.was_open = false;
            return Ok(());
        }
    };
    if !form.was_open {
        form.was_open = true;
        form.name = default_name(&game);
        form.format.get_or_insert(FileFormat::Ron);
        form.rule = Some(game.record.rule());
        form.selected = None;
        form.overwrite = None;
        form.listing = None;
        form.folder_text = ui_state.folder.display().to_string();
        form.waiting = false;
        form.error = None;
    }
    let folder = ui_state.folder.clone();
    if form
        .listing
        .as_ref()
        .is_none_or(|(dir, _, _)| *dir != folder)
    {
        let (folders, files) = listing(&folder);
        let files = files.into_iter().map(FileEntry::of).collect();
        form.listing = Some((folder.clone(), folders, files));
        form.folder_text = folder.display().to_string();
    }
    let ctx = contexts.ctx_mut()?;
    let mut close = false;
    let mut go_to: Option<PathBuf> = None;
    let title = if saving {
        t!("files.save_title")
    } else {
        t!("files.open_title")
    };
    super::modal::modal(ctx, "file dialog").show(ctx, |ui| {
        ui.set_width(560.0);
        ui.heading(title);
        ui.horizontal(|ui| {
            if ui.button("⬆").on_hover_text(t!("files.parent")).clicked()
                && let Some(parent) = folder.parent()
            {
                go_to = Some(parent.to_path_buf());
            }
            let edit =
                ui.add(egui::TextEdit::singleline(&mut form.folder_text).desired_width(480.0));
            if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                go_to = Some(PathBuf::from(form.folder_text.trim()));
            }
        });
        let (_, folders, files) = form.listing.clone().unwrap_or_default();
        egui::Frame::new()
            .fill(style::palette(ui.ctx()).inset)
            .corner_radius(6.0)
            .inner_margin(6.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(220.0)
                    .min_scrolled_height(220.0)
                    .show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        for dir in &folders {
                            let name = dir
                                .file_name()
                                .map(|n| n.to_string_lossy().into_owned())
                                .unwrap_or_default();
                            if ui
                                .selectable_label(false, format!("📁 {name}"))
                                .double_clicked()
                            {
                                go_to = Some(dir.clone());
                            }
                        }
                        for entry in &files {
                            let file = &entry.path;
                            let name = file
                                .file_name()
                                .map(|n| n.to_string_lossy().into_owned())
                                .unwrap_or_default();
                            let selected = form.selected.as_ref() == Some(file);
                            let response = ui
                                .horizontal(|ui| {
                                    let response =
                                        ui.selectable_label(selected, format!("🗋 {name}"));
                                    ui.label(
                                        egui::RichText::new(format!(
                                            "{} · {}",
                                            entry.age, entry.summary
                                        ))
                                        .color(style::muted(ui.ctx())),
                                    );
                                    response
                                })
                                .inner;
                            if response.clicked() {
                                form.selected = Some(file.clone());
                                if saving {
                                    form.name = file
                                        .file_stem()
                                        .map(|s| s.to_string_lossy().into_owned())
                                        .unwrap_or_default();
                                    form.overwrite = None;
                                }
                            }
                            if response.double_clicked() && !saving {
                                opens.write(OpenRequest {
                                    path: file.clone(),
                                    rule: form.rule.unwrap_or_default(),
                                });
                                form.waiting = true;
                                form.error = None;
                            }
                        }
                        if folders.is_empty() && files.is_empty() {
                            ui.label(
                                egui::RichText::new(t!("files.empty"))
                                    .color(style::muted(ui.ctx())),
                            );
                        }
                    });
            });
        ui.add_space(4.0);
        if saving {
            save_form(
                ui,
                &mut form,
                &folder,
                &game,
                &mut clipboard,
                &mut saves,
                &mut notices,
                &mut close,
            );
        } else {
            open_form(ui, &mut form, &mut clipboard, &mut opens, &mut imports);
            if let Some(error) = &form.error {
                ui.label(egui::RichText::new(error).color(style::error(ui.ctx())));
            }
        }
        ui.add_space(4.0);
        if ui.button(t!("confirm.cancel")).clicked() {
            actions.write(UiAction::Close);
        }
    });
    if let Some(dir) = go_to {
        ui_state.folder = dir;
        form.selected = None;
    }
    if close {
        actions.write(UiAction::Close);
    }
    Ok(())
}

fn save_form(
    ui: &mut egui::Ui,
    form: &mut FileForm,
    folder: &Path,
    game: &Game,
    clipboard: &mut Option<ResMut<Clipboard>>,
    saves: &mut MessageWriter<SaveRequest>,
    notices: &mut MessageWriter<Notice>,
    close: &mut bool,
) {
    let format = form.format.unwrap_or(FileFormat::Ron);
    ui.horizontal(|ui| {
        ui.label(t!("files.name"));
        if ui
            .add(egui::TextEdit::singleline(&mut form.name).desired_width(250.0))
            .changed()
        {
            form.overwrite = None;
        }
        ui.label(format!(".{}", format.extension()));
    });
    ui.horizontal(|ui| {
        ui.label(t!("files.format"));
        for f in FileFormat::ALL {
            if ui
                .selectable_label(format == f, words::format_label(f))
                .clicked()
            {
                form.format = Some(f);
                form.overwrite = None;
            }
        }
    });
    if format != FileFormat::Ron {
        ui.label(
            egui::RichText::new(t!("files.export_note"))
                .color(style::muted(ui.ctx()))
                .small(),
        );
    }
    let name = form.name.trim().to_owned();
    let path = folder.join(format!("{name}.{}", format.extension()));
    if let Some(target) = &form.overwrite {
        ui.label(
            egui::RichText::new(t!("files.exists", path = target.display()))
                .color(style::error(ui.ctx())),
        );
    }
    ui.horizontal(|ui| {
        let valid = !name.is_empty() && !name.contains(['/', '\\']);
        if ui
            .add_enabled(
                valid,
                egui::Button::new(egui::RichText::new(t!("files.save")).strong()),
            )
            .clicked()
        {
            if path.exists() && form.overwrite.as_ref() != Some(&path) {
                form.overwrite = Some(path.clone());
            } else {
                saves.write(SaveRequest {
                    path: path.clone(),
                    format,
                });
                *close = true;
            }
        }
        if ui.button(t!("files.copy")).clicked() {
            let text = save::export(game.full_record(), &game.players(), format);
            notices.write(Notice::File(
                match clipboard.as_mut().map(|c| c.set_text(text)) {
                    Some(Ok(())) => FileNotice::Copied {
                        extension: format.extension(),
                    },
                    _ => FileNotice::NoClipboard,
                },
            ));
        }
    });
}

fn open_form(
    ui: &mut egui::Ui,
    form: &mut FileForm,
    clipboard: &mut Option<ResMut<Clipboard>>,
    opens: &mut MessageWriter<OpenRequest>,
    imports: &mut MessageWriter<ImportRequest>,
) {
    let mut rule = form.rule.unwrap_or_default();
    ui.horizontal(|ui| {
        ui.label(t!("files.rule_for"));
        for r in Rule::ALL {
            ui.selectable_value(&mut rule, r, rule_name(r));
        }
    });
    form.rule = Some(rule);
    ui.horizontal(|ui| {
        let chosen = form.selected.clone();
        if ui
            .add_enabled(
                chosen.is_some(),
                egui::Button::new(egui::RichText::new(t!("files.open")).strong()),
            )
            .clicked()
            && let Some(path) = chosen
        {
            opens.write(OpenRequest { path, rule });
            form.waiting = true;
            form.error = None;
        }
        if let Some(path) = &form.selected {
            ui.label(
                egui::RichText::new(
                    path.file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default(),
                )
                .color(style::muted(ui.ctx())),
            );
        }
    });
    ui.separator();
    ui.label(t!("files.paste_note"));
    ui.add(
        egui::TextEdit::multiline(&mut form.pasted)
            .desired_rows(3)
            .desired_width(f32::INFINITY)
            .hint_text("h8 i9 h9 …"),
    );
    ui.horizontal(|ui| {
        if ui.button(t!("files.paste")).clicked()
            && let Some(clipboard) = clipboard.as_mut()
            && let Some(Ok(text)) = clipboard.fetch_text().poll_result()
        {
            form.pasted = text;
        }
        if ui
            .add_enabled(
                !form.pasted.trim().is_empty(),
                egui::Button::new(t!("files.import")),
            )
            .clicked()
        {
            imports.write(ImportRequest {
                text: form.pasted.clone(),
                rule,
            });
            form.waiting = true;
            form.error = None;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameSetup, Seat, Seats};

    #[test]
    fn default_names_have_one_hyphen_between_words() {
        assert_eq!(file_part("Computer · Master"), "Computer-Master");
        assert_eq!(file_part("  小明 (2) "), "小明-2");
        let game = Game::new(GameSetup {
            seats: Seats::new(
                Seat::local("Ann"),
                Seat::Computer {
                    level: gomoku_engine::Level::Master,
                },
            ),
            ..GameSetup::default()
        });
        crate::i18n::set_language(crate::i18n::Language::En);
        assert_eq!(default_name(&game), "Ann-vs-Computer-Master-0");
    }
}
