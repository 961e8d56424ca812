//! Dialogs: new game, confirmations, the draw offer, the result with "play again", the game
//! menu (Esc), switching modes, resuming the autosaved game, the rules help, and the toasts
//! for notices.

use crate::board::layout::{MENU_HEIGHT, PANEL_WIDTH};
use crate::game::{Game, GameCommand, GameMode, Notice, NoticeKind};
use crate::save::ResumeOffer;
use crate::ui::actions::{Dialog, UiAction, UiState};
use crate::ui::panel::stone_icon;
use crate::ui::{computer, rule_name, style};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gomoku_rules::{ForbiddenPolicy, Rule, Stone};

/// Notices on screen, with the time they appeared.
#[derive(Resource, Default)]
pub struct Toasts(pub Vec<(Notice, f64)>);

const TOAST_SECONDS: f64 = 4.5;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Toasts>()
        .add_systems(Update, collect_notices)
        .add_systems(
            EguiPrimaryContextPass,
            (dialogs, toasts).after(super::UiPasses::Panels),
        );
}

fn collect_notices(
    mut notices: MessageReader<Notice>,
    time: Res<Time>,
    mut toasts: ResMut<Toasts>,
) {
    let now = time.elapsed_secs_f64();
    toasts.0.retain(|(_, at)| now - at < TOAST_SECONDS);
    for notice in notices.read() {
        toasts.0.retain(|(n, _)| n != notice);
        toasts.0.push((notice.clone(), now));
    }
    let excess = toasts.0.len().saturating_sub(4);
    toasts.0.drain(..excess);
}

fn toasts(mut contexts: EguiContexts, toasts: Res<Toasts>) -> Result {
    if toasts.0.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let board_center = (ctx.content_rect().width() - PANEL_WIDTH) / 2.0;
    egui::Area::new(egui::Id::new("toasts"))
        .order(egui::Order::Foreground)
        .pivot(egui::Align2::CENTER_TOP)
        .fixed_pos(egui::pos2(board_center, MENU_HEIGHT + 10.0))
        .interactable(false)
        .show(ctx, |ui| {
            for (notice, _) in &toasts.0 {
                let (fill, text) = match notice.kind {
                    NoticeKind::Info => (
                        egui::Color32::from_rgba_unmultiplied(40, 34, 29, 235),
                        style::TEXT,
                    ),
                    NoticeKind::Error => (
                        egui::Color32::from_rgba_unmultiplied(96, 34, 26, 240),
                        egui::Color32::WHITE,
                    ),
                };
                egui::Frame::new()
                    .fill(fill)
                    .corner_radius(8.0)
                    .inner_margin(egui::Margin::symmetric(14, 8))
                    .show(ui, |ui| {
                        ui.set_max_width(560.0);
                        ui.label(egui::RichText::new(&notice.text).color(text).size(15.0));
                    });
                ui.add_space(4.0);
            }
        });
    Ok(())
}

/// A modal dialog centred over the board rather than the whole window.
pub fn modal(id: &str) -> egui::Modal {
    let id = egui::Id::new(id);
    egui::Modal::new(id).area(egui::Modal::default_area(id).anchor(
        egui::Align2::CENTER_CENTER,
        egui::vec2(-PANEL_WIDTH / 2.0, 0.0),
    ))
}

fn dialog_window(title: &str) -> egui::Window<'_> {
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .anchor(
            egui::Align2::CENTER_CENTER,
            egui::vec2(-PANEL_WIDTH / 2.0, 0.0),
        )
}

fn dialogs(
    mut contexts: EguiContexts,
    mut ui_state: ResMut<UiState>,
    game: Res<Game>,
    mut actions: MessageWriter<UiAction>,
    mut commands: MessageWriter<GameCommand>,
    mut resume_answer: ResMut<ResumeOffer>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut act = Vec::new();
    if let Some(saved) = resume_answer.0.clone() {
        let mut answer = None;
        modal("resume").show(&ctx, |ui| {
            ui.set_max_width(380.0);
            ui.heading("Continue the last game?");
            ui.label(format!(
                "{} vs {}, {}, {} moves played, {} to move.",
                saved.players.black.name,
                saved.players.white.name,
                rule_name(saved.record.rule()),
                saved.record.moves().len(),
                if saved.record.side_to_move() == Stone::Black {
                    "black"
                } else {
                    "white"
                },
            ));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button(egui::RichText::new("Resume").strong()).clicked() {
                    answer = Some(true);
                }
                if ui.button("Start afresh").clicked() {
                    answer = Some(false);
                }
            });
        });
        if let Some(resume_it) = answer {
            resume_answer.0 = None;
            if resume_it {
                commands.write(GameCommand::Load(Box::new(saved)));
            }
        }
    } else if let Some(offerer) = game.draw_offer {
        let other = offerer.opponent();
        modal("draw offer").show(&ctx, |ui| {
            ui.heading("Draw offered");
            ui.horizontal(|ui| {
                stone_icon(ui, offerer, 9.0);
                ui.label(format!("{} offers a draw.", game.name(offerer)));
            });
            if game.mode.is_computer(other) {
                // The computer answers by itself, after a short search.
                ui.horizontal(|ui| {
                    ui.add(egui::Spinner::new());
                    ui.label(computer::considering(game.name(other)));
                });
                return;
            }
            ui.label(format!("{}, do you accept?", game.name(other)));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button("Accept the draw").clicked() {
                    commands.write(GameCommand::AnswerDraw { accept: true });
                }
                if ui.button("Refuse, play on").clicked() {
                    commands.write(GameCommand::AnswerDraw { accept: false });
                }
            });
        });
    }
    match ui_state.dialog.clone() {
        Some(Dialog::NewGame) => new_game(&ctx, &mut ui_state, &game, &mut act),
        Some(Dialog::Confirm(question)) => {
            modal("confirm").show(&ctx, |ui| {
                ui.set_max_width(360.0);
                ui.label(egui::RichText::new(question.question()).size(16.0));
                ui.add_space(10.0);
                ui.horizontal(|ui| {
                    if ui
                        .button(egui::RichText::new(question.button()).strong())
                        .clicked()
                    {
                        act.push(UiAction::Confirm);
                    }
                    if ui.button("Cancel").clicked() {
                        act.push(UiAction::Close);
                    }
                });
            });
        }
        Some(Dialog::Result) => {
            if let Some(result) = game.record.result() {
                dialog_window("Game over")
                    // Below the board's centre, so the winning line stays in view.
                    .anchor(
                        egui::Align2::CENTER_BOTTOM,
                        egui::vec2(-PANEL_WIDTH / 2.0, -28.0),
                    )
                    .show(&ctx, |ui| {
                        ui.label(
                            egui::RichText::new(super::result_text(&game, result))
                                .size(18.0)
                                .strong(),
                        );
                        ui.label(format!("after {} moves", game.record.moves().len()));
                        ui.add_space(8.0);
                        ui.horizontal(|ui| {
                            if ui
                                .button(egui::RichText::new("Play again").strong())
                                .clicked()
                            {
                                act.push(UiAction::Close);
                                commands.write(GameCommand::Restart);
                            }
                            if ui.button("New game…").clicked() {
                                act.push(UiAction::NewGameDialog);
                            }
                            if ui.button("Look at the board").clicked() {
                                act.push(UiAction::Close);
                            }
                        });
                    });
            } else {
                act.push(UiAction::Close);
            }
        }
        Some(Dialog::Menu) => {
            modal("menu").show(&ctx, |ui| {
                ui.set_width(220.0);
                ui.vertical_centered_justified(|ui| {
                    ui.heading("Menu");
                    ui.add_space(6.0);
                    let entries = [
                        ("Continue", UiAction::Close, true),
                        ("New game…", UiAction::NewGameDialog, true),
                        ("Restart", UiAction::Restart, game.active),
                        ("End game", UiAction::EndGame, game.active),
                        ("Open…", UiAction::OpenDialog, true),
                        ("Save…", UiAction::SaveDialog, game.active),
                        ("Rules and keys", UiAction::Help, true),
                        ("Quit", UiAction::Quit, true),
                    ];
                    for (label, action, enabled) in entries {
                        if ui
                            .add_enabled(
                                enabled,
                                egui::Button::new(label).min_size(egui::vec2(200.0, 30.0)),
                            )
                            .clicked()
                        {
                            act.push(action);
                        }
                    }
                });
            });
        }
        Some(Dialog::Help) => help(&ctx, &mut ui_state, &mut act),
        Some(Dialog::SwitchMode(mode)) => {
            modal("switch mode").show(&ctx, |ui| {
                ui.set_max_width(380.0);
                ui.heading(mode.describe());
                ui.label("Continue from the position on the board, or start a new game?");
                ui.add_space(10.0);
                ui.horizontal(|ui| {
                    if ui
                        .button(egui::RichText::new("Continue this position").strong())
                        .clicked()
                    {
                        act.push(UiAction::SwitchModeAnswer {
                            keep_position: true,
                        });
                    }
                    if ui.button("New game").clicked() {
                        act.push(UiAction::SwitchModeAnswer {
                            keep_position: false,
                        });
                    }
                    if ui.button("Cancel").clicked() {
                        act.push(UiAction::Close);
                    }
                });
            });
        }
        Some(Dialog::Save | Dialog::Open) | None => {}
    }
    for action in act {
        actions.write(action);
    }
    Ok(())
}

fn new_game(ctx: &egui::Context, ui_state: &mut UiState, game: &Game, act: &mut Vec<UiAction>) {
    modal("new game").show(ctx, |ui| {
        ui.set_width(380.0);
        ui.heading("New game");
        ui.add_space(6.0);
        let setup = &mut ui_state.setup;
        egui::Grid::new("new game form")
            .num_columns(2)
            .spacing([12.0, 10.0])
            .show(ui, |ui| {
                ui.label("Mode");
                egui::ComboBox::from_id_salt("mode")
                    .selected_text(setup.mode.label())
                    .show_ui(ui, |ui| {
                        for mode in GameMode::ALL {
                            let current = setup.mode.same_kind(mode);
                            if ui.selectable_label(current, mode.label()).clicked() && !current {
                                setup.mode = mode;
                            }
                        }
                    });
                ui.end_row();
                match &mut setup.mode {
                    GameMode::HotSeat => {}
                    GameMode::VsComputer { human, level } => {
                        ui.label("You play");
                        ui.horizontal(|ui| {
                            ui.selectable_value(human, Stone::Black, "Black (first)");
                            ui.selectable_value(human, Stone::White, "White");
                        });
                        ui.end_row();
                        ui.label("Computer");
                        computer::level_combo(ui, "level", level);
                        ui.end_row();
                    }
                    GameMode::ComputerVsComputer { black, white } => {
                        ui.label("Black level");
                        computer::level_combo(ui, "black level", black);
                        ui.end_row();
                        ui.label("White level");
                        computer::level_combo(ui, "white level", white);
                        ui.end_row();
                    }
                }
                ui.label("Rule");
                ui.horizontal(|ui| {
                    for rule in Rule::ALL {
                        ui.selectable_value(&mut setup.rule, rule, rule_name(rule));
                    }
                });
                ui.end_row();
                for (stone, name) in [
                    (Stone::Black, &mut setup.black),
                    (Stone::White, &mut setup.white),
                ] {
                    if setup.mode.is_computer(stone) {
                        continue;
                    }
                    ui.horizontal(|ui| {
                        stone_icon(ui, stone, 8.0);
                        ui.label(if stone == Stone::Black {
                            "Black"
                        } else {
                            "White"
                        });
                    });
                    ui.add(egui::TextEdit::singleline(name).char_limit(32));
                    ui.end_row();
                }
                if setup.rule == Rule::Renju {
                    ui.label("Forbidden moves");
                    ui.vertical(|ui| {
                        ui.radio_value(
                            &mut setup.policy,
                            ForbiddenPolicy::Refuse,
                            "Refused (friendly)",
                        );
                        ui.radio_value(
                            &mut setup.policy,
                            ForbiddenPolicy::Lose,
                            "Lose the game (strict RIF)",
                        );
                    });
                    ui.end_row();
                }
            });
        ui.label(egui::RichText::new(super::rule_summary(setup.rule)).color(style::MUTED));
        if game.worth_keeping() {
            ui.label(
                egui::RichText::new("The game on the board will be replaced.")
                    .color(style::MUTED)
                    .small(),
            );
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button(egui::RichText::new("Start").strong()).clicked() {
                act.push(UiAction::StartGame(setup.clone()));
            }
            if ui.button("Cancel").clicked() {
                act.push(UiAction::Close);
            }
        });
    });
}

fn help(ctx: &egui::Context, ui_state: &mut UiState, act: &mut Vec<UiAction>) {
    modal("help").show(ctx, |ui| {
        ui.set_width(520.0);
        ui.heading("Rules and keys");
        ui.horizontal(|ui| {
            for rule in Rule::ALL {
                ui.selectable_value(&mut ui_state.help_rule, rule, rule_name(rule));
            }
        });
        ui.separator();
        egui::ScrollArea::vertical()
            .max_height(360.0)
            .show(ui, |ui| {
                ui.label(super::rule_help(ui_state.help_rule));
                ui.add_space(8.0);
                ui.label(egui::RichText::new("Keys").strong());
                egui::Grid::new("keys")
                    .num_columns(2)
                    .spacing([16.0, 4.0])
                    .show(ui, |ui| {
                        for (key, what) in [
                            ("Click", "place a stone on the highlighted point"),
                            ("Ctrl+N", "new game"),
                            ("Ctrl+Z", "undo"),
                            ("Ctrl+Y, Ctrl+Shift+Z", "redo"),
                            ("Ctrl+S", "save"),
                            ("Ctrl+O", "open"),
                            ("Ctrl+Q", "quit"),
                            ("Ctrl+H", "hint: the engine's best move"),
                            ("Ctrl+A", "analysis panel on / off"),
                            ("Space", "pause / resume computer vs computer"),
                            ("F1", "this help"),
                            ("Esc", "menu / close a dialog"),
                        ] {
                            ui.label(egui::RichText::new(key).monospace());
                            ui.label(what);
                            ui.end_row();
                        }
                    });
            });
        ui.add_space(6.0);
        if ui.button("Close").clicked() {
            act.push(UiAction::Close);
        }
    });
}
