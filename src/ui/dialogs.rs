//! Dialogs: new game, confirmations, proposals (undo, draw, play again) as the answering
//! person sees them and as the asking one waits for them, the result with "play again", the
//! game menu (Esc), switching modes, resuming the autosaved game, the rules help, the puzzle
//! list, and the toasts for notices. Every button writes a `UiAction`.

use crate::anim;
use crate::board::layout::{BoardLayout, MENU_HEIGHT, PANEL_WIDTH};
use crate::game::{Actor, BOARD_SIZES, Game, GameMode, Notice, Origin, ProposalKind, StonePlaced};
use crate::i18n::{self, t};
use crate::puzzles::{Progress, Trainer};
use crate::save::ResumeOffer;
use crate::stats::Stats;
use crate::ui::actions::{Dialog, UiAction, UiState};
use crate::ui::modal::{modal, slide_in};
use crate::ui::words::{self, player_name};
use crate::ui::{computer, rule_name, style};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gomoku_rules::{ForbiddenPolicy, Rule, Stone};

/// A notice on screen, worded when it arrived.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Toast {
    pub text: String,
    pub error: bool,
    /// "Wait for the computer / your opponent": gone as soon as that move is played.
    pub until_move: bool,
}

/// Notices on screen, with the time they appeared.
#[derive(Resource, Default)]
pub struct Toasts(pub Vec<(Toast, f64)>);

/// How long a notice stays on screen, in seconds.
pub const TOAST_SECONDS: f64 = 4.5;

impl Toasts {
    /// When the next notice leaves the screen (on the clock of `Time`), if any is shown.
    #[must_use]
    pub fn next_expiry(&self) -> Option<f64> {
        self.0
            .iter()
            .map(|(_, at)| at + TOAST_SECONDS)
            .min_by(f64::total_cmp)
    }
}

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
    mut placed: MessageReader<StonePlaced>,
    game: Res<Game>,
    time: Res<Time>,
    mut toasts: ResMut<Toasts>,
) {
    let now = time.elapsed_secs_f64();
    toasts.0.retain(|(_, at)| now - at < TOAST_SECONDS);
    // The move a "wait" notice asked for has come.
    if placed
        .read()
        .any(|p| p.origin != Origin::Seat(Actor::Local))
    {
        toasts.0.retain(|(toast, _)| !toast.until_move);
    }
    for notice in notices.read() {
        let toast = Toast {
            text: words::notice_text(notice, &game),
            error: notice.is_error(),
            until_move: matches!(notice, Notice::WaitForComputer | Notice::WaitForOpponent),
        };
        toasts.0.retain(|(n, _)| *n != toast);
        toasts.0.push((toast, now));
    }
    let excess = toasts.0.len().saturating_sub(4);
    toasts.0.drain(..excess);
}

/// A new toast slides down into place over this time (scaled by the animation level).
const TOAST_SLIDE_SECONDS: f32 = 0.18;

fn toasts(
    mut contexts: EguiContexts,
    toasts: Res<Toasts>,
    time: Res<Time>,
    layout: Res<BoardLayout>,
) -> Result {
    let Some((_, newest)) = toasts.0.last() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let board_center = (ctx.content_rect().width() - PANEL_WIDTH) / 2.0;
    // Below the column letters, over the board's first rows.
    let top =
        (layout.screen(gomoku_rules::Pos::new(0, 0)).y + layout.cell * 0.1).max(MENU_HEIGHT + 10.0);
    let duration = TOAST_SLIDE_SECONDS * style::motion(ctx);
    let age = (time.elapsed_secs_f64() - newest) as f32;
    let t = if duration > 0.0 {
        (age / duration).clamp(0.0, 1.0)
    } else {
        1.0
    };
    if t < 1.0 {
        ctx.request_repaint();
    }
    let slide = (1.0 - anim::ease_out(t)) * 16.0;
    egui::Area::new(egui::Id::new("toasts"))
        .order(egui::Order::Foreground)
        .pivot(egui::Align2::CENTER_TOP)
        .fixed_pos(egui::pos2(board_center, top - slide))
        .interactable(false)
        .show(ctx, |ui| {
            for (notice, _) in &toasts.0 {
                let (fill, text) = match notice.error {
                    false => (
                        egui::Color32::from_rgba_unmultiplied(40, 34, 29, 235),
                        egui::Color32::from_rgb(236, 226, 210),
                    ),
                    true => (
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

fn dialogs(
    mut contexts: EguiContexts,
    mut ui_state: ResMut<UiState>,
    game: Res<Game>,
    mut actions: MessageWriter<UiAction>,
    resume: Res<ResumeOffer>,
    stats: Option<Res<Stats>>,
    (trainer, progress): (Res<Trainer>, Res<Progress>),
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut act = Vec::new();
    if let Some(saved) = &resume.0 {
        modal(&ctx, "resume").show(&ctx, |ui| {
            ui.set_max_width(380.0);
            ui.heading(t!("resume.title"));
            ui.label(t!(
                "resume.summary",
                black = player_name(&saved.players.black, Stone::Black),
                white = player_name(&saved.players.white, Stone::White),
                rule = rule_name(saved.record.rule()),
                moves = saved.record.moves().len(),
                colour = i18n::colour_name(saved.record.side_to_move()),
            ));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui
                    .button(egui::RichText::new(t!("resume.resume")).strong())
                    .clicked()
                {
                    act.push(UiAction::Resume(true));
                }
                if ui.button(t!("resume.afresh")).clicked() {
                    act.push(UiAction::Resume(false));
                }
            });
        });
    } else if let Some(proposal) = game.pending {
        proposal_dialog(&ctx, &game, proposal, &mut act);
    }
    match ui_state.dialog.clone() {
        Some(Dialog::NewGame) => new_game(&ctx, &mut ui_state, &game, &mut act),
        Some(Dialog::Confirm(question)) => {
            modal(&ctx, "confirm").show(&ctx, |ui| {
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
                    if ui.button(t!("confirm.cancel")).clicked() {
                        act.push(UiAction::Close);
                    }
                });
            });
        }
        Some(Dialog::Result) => {
            if let Some(result) = game.record.result() {
                let title = t!("result_dialog.title");
                let slide = slide_in(&ctx, egui::Id::new("result slide"));
                egui::Window::new(&*title)
                    .collapsible(false)
                    .resizable(false)
                    // Below the board's centre, so the winning line stays in view.
                    .anchor(
                        egui::Align2::CENTER_BOTTOM,
                        egui::vec2(-PANEL_WIDTH / 2.0, -28.0 + slide),
                    )
                    .show(&ctx, |ui| {
                        ui.label(
                            egui::RichText::new(super::result_text(&game, result))
                                .size(18.0)
                                .strong(),
                        );
                        ui.label(t!("result_dialog.after", moves = game.record.moves().len()));
                        ui.add_space(8.0);
                        ui.horizontal(|ui| {
                            if ui
                                .button(egui::RichText::new(t!("result_dialog.again")).strong())
                                .clicked()
                            {
                                act.push(UiAction::PlayAgain);
                            }
                            if ui.button(t!("menu.new_game")).clicked() {
                                act.push(UiAction::NewGameDialog);
                            }
                            if !game.networked()
                                && ui
                                    .button(t!("review.result_button"))
                                    .on_hover_text(t!("review.analyse_help"))
                                    .clicked()
                            {
                                act.push(UiAction::AnalyseGame);
                            }
                            if ui.button(t!("result_dialog.look")).clicked() {
                                act.push(UiAction::Close);
                            }
                        });
                    });
            } else {
                act.push(UiAction::Close);
            }
        }
        Some(Dialog::Menu) => {
            modal(&ctx, "menu").show(&ctx, |ui| {
                ui.set_width(220.0);
                ui.vertical_centered_justified(|ui| {
                    ui.heading(t!("menu.title"));
                    ui.add_space(6.0);
                    let entries = [
                        (t!("menu.continue"), UiAction::Close, true),
                        (t!("menu.new_game"), UiAction::NewGameDialog, true),
                        (t!("menu.restart"), UiAction::Restart, game.active),
                        (t!("menu.end_game"), UiAction::EndGame, game.active),
                        (t!("menu.open"), UiAction::OpenDialog, true),
                        (t!("menu.save"), UiAction::SaveDialog, game.active),
                        (t!("stats.menu"), UiAction::Statistics, true),
                        (t!("menu.rules_and_keys"), UiAction::Help, true),
                        (t!("menu.quit"), UiAction::Quit, true),
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
        Some(Dialog::Help) => super::help::window(&ctx, &mut ui_state, &mut act),
        Some(Dialog::Statistics) => super::stats_window::window(&ctx, stats.as_deref(), &mut act),
        Some(Dialog::SwitchMode(mode)) => {
            modal(&ctx, "switch mode").show(&ctx, |ui| {
                ui.set_max_width(380.0);
                ui.heading(words::mode_describe(mode));
                ui.label(t!("switch.question"));
                ui.add_space(10.0);
                ui.horizontal(|ui| {
                    if ui
                        .button(egui::RichText::new(t!("switch.keep")).strong())
                        .clicked()
                    {
                        act.push(UiAction::SwitchModeAnswer {
                            keep_position: true,
                        });
                    }
                    if ui.button(t!("panel.new_game")).clicked() {
                        act.push(UiAction::SwitchModeAnswer {
                            keep_position: false,
                        });
                    }
                    if ui.button(t!("confirm.cancel")).clicked() {
                        act.push(UiAction::Close);
                    }
                });
            });
        }
        Some(Dialog::Puzzles) => {
            super::puzzles::list::window(&ctx, &trainer, &progress, game.record.rule(), &mut act);
        }
        Some(Dialog::Save | Dialog::Open) | None => {}
    }
    for action in act {
        actions.write(action);
    }
    Ok(())
}

/// A proposal as the people here see it: the answering person gets the question; the asking
/// person (or anyone, while the computer or a remote player considers it) sees it wait.
fn proposal_dialog(
    ctx: &egui::Context,
    game: &Game,
    proposal: crate::game::Proposal,
    act: &mut Vec<UiAction>,
) {
    let (by, to) = (proposal.by, proposal.to());
    let (title, offers) = match proposal.kind {
        ProposalKind::Draw => (
            t!("draw.title"),
            t!("draw.offers", name = words::name(game, by)),
        ),
        ProposalKind::Undo => (
            t!("proposal.undo_title"),
            t!("proposal.undo_asks", name = words::name(game, by)),
        ),
        ProposalKind::PlayAgain => (
            t!("proposal.again_title"),
            t!("proposal.again_asks", name = words::name(game, by)),
        ),
    };
    modal(ctx, "proposal").show(ctx, |ui| {
        ui.set_max_width(380.0);
        ui.heading(title);
        ui.horizontal(|ui| {
            style::stone_icon(ui, by, 9.0);
            ui.label(offers);
        });
        match game.seats.actor(to) {
            Actor::Local => {
                ui.label(t!("draw.accept_question", name = words::name(game, to)));
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button(t!("draw.accept")).clicked() {
                        act.push(UiAction::Answer(true));
                    }
                    if ui.button(t!("draw.refuse")).clicked() {
                        act.push(UiAction::Answer(false));
                    }
                });
            }
            Actor::Computer => {
                // The computer answers by itself, after a short search.
                ui.horizontal(|ui| {
                    ui.add(egui::Spinner::new());
                    ui.label(computer::considering(&words::name(game, to)));
                });
            }
            // A puzzle takes no proposals; the trainer would be waited for like a remote player.
            Actor::Remote | Actor::Trainer => {
                ui.horizontal(|ui| {
                    ui.add(egui::Spinner::new());
                    ui.label(t!("proposal.waiting", name = words::name(game, to)));
                });
            }
        }
    });
}

fn new_game(ctx: &egui::Context, ui_state: &mut UiState, game: &Game, act: &mut Vec<UiAction>) {
    modal(ctx, "new game").show(ctx, |ui| {
        ui.set_width(380.0);
        ui.heading(t!("panel.new_game"));
        ui.add_space(6.0);
        let setup = &mut ui_state.form;
        egui::Grid::new("new game form")
            .num_columns(2)
            .spacing([12.0, 10.0])
            .show(ui, |ui| {
                ui.label(t!("new_game.mode"));
                egui::ComboBox::from_id_salt("mode")
                    .selected_text(words::mode_label(setup.mode))
                    .show_ui(ui, |ui| {
                        for mode in GameMode::CHOICES {
                            let current = setup.mode.same_kind(mode);
                            if ui
                                .selectable_label(current, words::mode_label(mode))
                                .clicked()
                                && !current
                            {
                                setup.mode = mode;
                            }
                        }
                    });
                ui.end_row();
                match &mut setup.mode {
                    GameMode::HotSeat | GameMode::Network { .. } => {}
                    GameMode::VsComputer { human, level } => {
                        ui.label(t!("new_game.you_play"));
                        ui.horizontal(|ui| {
                            ui.selectable_value(human, Stone::Black, t!("new_game.black_first"));
                            ui.selectable_value(
                                human,
                                Stone::White,
                                i18n::colour_title(Stone::White),
                            );
                        });
                        ui.end_row();
                        ui.label(t!("new_game.computer"));
                        computer::level_combo(ui, "level", level);
                        ui.end_row();
                    }
                    GameMode::ComputerVsComputer { black, white } => {
                        ui.label(t!("computer.black_level"));
                        computer::level_combo(ui, "black level", black);
                        ui.end_row();
                        ui.label(t!("computer.white_level"));
                        computer::level_combo(ui, "white level", white);
                        ui.end_row();
                    }
                }
                ui.label(t!("new_game.rule"));
                ui.horizontal(|ui| {
                    for rule in Rule::ALL {
                        ui.selectable_value(&mut setup.rule, rule, rule_name(rule));
                    }
                });
                ui.end_row();
                // Renju is played on 15×15 only: the other sizes are greyed out for it.
                ui.label(t!("new_game.board"));
                ui.horizontal(|ui| {
                    let renju = setup.rule == Rule::Renju;
                    for size in BOARD_SIZES {
                        let enabled = !renju || size == gomoku_rules::DEFAULT_SIZE;
                        let chosen = if renju {
                            size == gomoku_rules::DEFAULT_SIZE
                        } else {
                            setup.size == size
                        };
                        if ui
                            .add_enabled(
                                enabled,
                                egui::Button::selectable(chosen, format!("{size}×{size}")),
                            )
                            .clicked()
                        {
                            setup.size = size;
                        }
                    }
                });
                ui.end_row();
                super::opening::form_rows(ui, setup);
                let mode = setup.mode;
                let [black, white] = &mut setup.names;
                for (stone, name) in [(Stone::Black, black), (Stone::White, white)] {
                    if mode.computer(stone).is_some() {
                        continue;
                    }
                    ui.horizontal(|ui| {
                        style::stone_icon(ui, stone, 8.0);
                        ui.label(i18n::colour_title(stone));
                    });
                    ui.add(
                        egui::TextEdit::singleline(name)
                            .char_limit(32)
                            .hint_text(i18n::colour_title(stone)),
                    );
                    ui.end_row();
                }
                // Always there (greyed out but for renju), so that the dialog keeps its size
                // when the rule changes.
                let renju = setup.rule == Rule::Renju;
                ui.add_enabled(renju, egui::Label::new(t!("new_game.forbidden")));
                ui.add_enabled_ui(renju, |ui| {
                    ui.vertical(|ui| {
                        ui.radio_value(
                            &mut setup.policy,
                            ForbiddenPolicy::Refuse,
                            t!("new_game.refused"),
                        );
                        ui.radio_value(
                            &mut setup.policy,
                            ForbiddenPolicy::Lose,
                            t!("new_game.lose"),
                        );
                    });
                });
                ui.end_row();
            });
        ui.label(
            egui::RichText::new(super::rule_summary(setup.rule)).color(style::muted(ui.ctx())),
        );
        if setup.opening != gomoku_rules::OpeningRule::Free {
            ui.label(
                egui::RichText::new(super::opening::words::rule_summary(setup.opening))
                    .color(style::muted(ui.ctx())),
            );
        }
        if game.networked() {
            ui.label(
                egui::RichText::new(t!("new_game.leaves_network")).color(style::error(ui.ctx())),
            );
        } else if game.worth_keeping() {
            ui.label(egui::RichText::new(t!("new_game.replaced")).color(style::muted(ui.ctx())));
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui
                .button(egui::RichText::new(t!("new_game.start")).strong())
                .clicked()
            {
                act.push(UiAction::StartGame(setup.setup()));
            }
            if ui.button(t!("confirm.cancel")).clicked() {
                act.push(UiAction::Close);
            }
        });
    });
}
