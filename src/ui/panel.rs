//! The side panel (players, whose turn it is, the move count, the result, the game buttons,
//! the board options, the replay and the move list) under the menu bar (`menu_bar`); while a
//! puzzle is on, the trainer's panel (`puzzles`) instead.

use crate::ai::AiSettings;
use crate::ai::analysis::Analysis;
use crate::ai::player::ComputerPlayer;
use crate::board::layout::{BoardInsets, MENU_HEIGHT, PANEL_WIDTH};
use crate::board::threats::shown_for;
use crate::game::{Game, GameMode};
use crate::i18n::{self, t};
use crate::net::{NetCommand, Network};
use crate::puzzles::{Progress, Trainer};
use crate::review::ReviewState;
use crate::settings::{Settings, SettingsOverrides, ThreatMarks};
use crate::ui::actions::{PointerOverUi, UiAction, UiState};
use crate::ui::network::{self, NetPanel, NetUi};
use crate::ui::state::{can_offer_draw, can_resign};
use crate::ui::words;
use crate::ui::{computer, menu_bar, replay, settings_menu};
use crate::ui::{rule_name, status_line, style};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gomoku_rules::{ForbiddenPolicy, Outcome, Rule, Stone};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PointerOverUi>().add_systems(
        EguiPrimaryContextPass,
        panels
            .in_set(super::UiPasses::Panels)
            .after(style::StyleSet),
    );
}

fn panels(
    mut contexts: EguiContexts,
    game: Res<Game>,
    ui_state: Res<UiState>,
    mut actions: MessageWriter<UiAction>,
    mut pointer: ResMut<PointerOverUi>,
    computer_player: Res<ComputerPlayer>,
    analysis: Res<Analysis>,
    mut settings: ResMut<AiSettings>,
    mut player_settings: ResMut<Settings>,
    mut overrides: ResMut<SettingsOverrides>,
    (mut net, mut net_ui, mut net_commands): (
        ResMut<Network>,
        ResMut<NetUi>,
        MessageWriter<NetCommand>,
    ),
    review: Res<ReviewState>,
    mut insets: ResMut<BoardInsets>,
    (trainer, progress): (Res<Trainer>, Res<Progress>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let mut act = Vec::new();
    // Widgets edit copies: the settings change (and are saved) only when a value does.
    let mut edited = player_settings.clone();
    let mut edited_overrides = *overrides;
    let mut edited_ai = settings.clone();
    let mut sent = Vec::new();
    egui::Panel::top("menu bar")
        .exact_size(MENU_HEIGHT)
        .show(&mut root, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                menu_bar::menu_bar(ui, &game, &mut act);
                computer::menu(ui, &game, &mut edited_ai, &analysis, &mut act);
                network::menu(ui, &net, &mut sent);
                settings_menu::menu(ui, &mut edited, &mut edited_overrides);
                menu_bar::help_menu(ui, &mut act);
            });
        });
    egui::Panel::right("side panel")
        .exact_size(PANEL_WIDTH)
        .resizable(false)
        .frame(
            egui::Frame::new()
                .fill(style::palette(ctx).panel)
                .inner_margin(egui::Margin::symmetric(16, 12)),
        )
        .show(&mut root, |ui| {
            let ai = AiPanel {
                player: &computer_player,
                analysis: &analysis,
                settings: &mut edited_ai,
            };
            let net = NetPanel {
                state: &mut net_ui,
                net: &mut net,
                sent: &mut sent,
            };
            // A small window scrolls the panel rather than cutting it off.
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::VisibleWhenNeeded)
                .show(ui, |ui| {
                    let options = BoardOptions {
                        settings: &mut edited,
                        overrides: &mut edited_overrides,
                    };
                    // A puzzle on the board: the trainer's panel instead of the game's.
                    if game.in_puzzle() && trainer.current.is_some() {
                        super::puzzles::section(ui, &game, &trainer, &progress, &mut act);
                    } else {
                        side_panel(ui, &game, options, &mut act, ai, net, &review);
                    }
                });
        });
    // The review's graph under the board.
    let graph = super::review::graph_review(&game, &review);
    if let Some(reviewed) = graph {
        // Under the board only: beside the side panel, not under it (an area, so that the
        // panels' layout stays as it is).
        let screen = ctx.viewport_rect();
        let height = super::review::GRAPH_HEIGHT;
        let size = egui::vec2(screen.width() - PANEL_WIDTH, height);
        egui::Area::new(egui::Id::new("review graph"))
            .order(egui::Order::Middle)
            .fixed_pos(egui::pos2(screen.min.x, screen.max.y - height))
            .show(ctx, |ui| {
                egui::Frame::new()
                    .fill(style::palette(ctx).panel)
                    .inner_margin(egui::Margin::symmetric(12, 6))
                    .show(ui, |ui| {
                        ui.set_min_size(size - egui::vec2(24.0, 12.0));
                        ui.set_max_size(size - egui::vec2(24.0, 12.0));
                        super::review::graph(ui, &game, reviewed, &mut act);
                    });
            });
    }
    let bottom = if graph.is_some() {
        super::review::GRAPH_HEIGHT
    } else {
        0.0
    };
    if insets.bottom != bottom {
        insets.bottom = bottom;
        ctx.request_repaint();
    }
    let over = ctx.pointer_latest_pos().is_some_and(|p| {
        ctx.layer_id_at(p)
            .is_some_and(|layer| layer.order != egui::Order::Background)
    }) || ctx.egui_is_using_pointer()
        || egui::Popup::is_any_open(ctx);
    pointer.set_if_neq(PointerOverUi(over));
    let _ = &ui_state;
    if edited != *player_settings {
        *player_settings = edited;
    }
    if edited_overrides != *overrides {
        *overrides = edited_overrides;
    }
    if edited_ai != *settings {
        *settings = edited_ai;
    }
    for action in act {
        actions.write(action);
    }
    for command in sent {
        net_commands.write(command);
    }
    Ok(())
}

/// The computer's state shown in the side panel.
struct AiPanel<'a> {
    player: &'a ComputerPlayer,
    analysis: &'a Analysis,
    settings: &'a mut AiSettings,
}

/// The side panel's words for a game, in the current language.
struct PanelWords {
    title: String,
    board: String,
    mode: String,
    status: String,
    moves_played: String,
    undo: String,
    redo: String,
    resign: String,
    offer_draw: String,
    new_game: String,
    restart: String,
    open: String,
    save: String,
    show_move_numbers: String,
    mark_forbidden: String,
    strict: String,
    move_list: String,
    black_first: String,
}

impl PanelWords {
    fn of(game: &Game) -> PanelWords {
        let size = game.record.size();
        PanelWords {
            title: t!("app.title").into_owned(),
            board: format!("{} · {size}×{size}", rule_name(game.record.rule())),
            mode: words::mode_describe(game.mode()),
            status: status_line(game),
            moves_played: t!("panel.moves_played", count = game.record.moves().len()).into_owned(),
            // In a network game an undo is a request to the other player.
            undo: if game.networked() {
                t!("net.undo")
            } else {
                t!("panel.undo")
            }
            .into_owned(),
            redo: t!("panel.redo").into_owned(),
            resign: t!("menu.resign").into_owned(),
            offer_draw: t!("menu.offer_draw").into_owned(),
            new_game: t!("panel.new_game").into_owned(),
            restart: t!("menu.restart").into_owned(),
            open: t!("menu.open").into_owned(),
            save: t!("menu.save").into_owned(),
            show_move_numbers: t!("panel.show_move_numbers").into_owned(),
            mark_forbidden: t!("panel.mark_forbidden").into_owned(),
            strict: t!("panel.strict").into_owned(),
            move_list: t!("panel.moves").into_owned(),
            black_first: t!("panel.black_first").into_owned(),
        }
    }
}

/// Every word of the side panel and the menu bar's titles for `game`, in the current
/// language (what a language switch must change).
#[must_use]
pub fn words(game: &Game) -> Vec<String> {
    let panel = PanelWords::of(game);
    let menus = menu_bar::MenuWords::current();
    vec![
        panel.title,
        panel.board,
        panel.mode,
        panel.status,
        panel.moves_played,
        panel.undo,
        panel.redo,
        panel.resign,
        panel.offer_draw,
        panel.new_game,
        panel.restart,
        panel.open,
        panel.save,
        panel.show_move_numbers,
        panel.mark_forbidden,
        panel.strict,
        panel.move_list,
        panel.black_first,
        menus.game,
        menus.moves,
        menus.help,
        t!("computer.menu").into_owned(),
        t!("settings.menu").into_owned(),
    ]
}

/// The board options the panel edits: the settings, and `--threats` for this run.
struct BoardOptions<'a> {
    settings: &'a mut Settings,
    overrides: &'a mut SettingsOverrides,
}

fn side_panel(
    ui: &mut egui::Ui,
    game: &Game,
    options: BoardOptions,
    act: &mut Vec<UiAction>,
    ai: AiPanel,
    net: NetPanel,
    review: &ReviewState,
) {
    let settings = options.settings;
    let words = PanelWords::of(game);
    ui.horizontal(|ui| {
        ui.heading(
            egui::RichText::new(&words.title)
                .strong()
                .color(style::accent(ui.ctx())),
        );
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.label(egui::RichText::new(&words.board).color(style::muted(ui.ctx())));
        });
    });
    ui.label(egui::RichText::new(&words.mode).color(style::muted(ui.ctx())));
    ui.add_space(6.0);

    for stone in [Stone::Black, Stone::White] {
        player_card(ui, game, stone, net.connected(game, stone));
    }
    ui.add_space(4.0);
    let status = words.status.clone();
    let color = if game.record.is_over() {
        style::accent(ui.ctx())
    } else {
        style::text(ui.ctx())
    };
    ui.label(egui::RichText::new(status).size(16.0).color(color));
    ui.label(egui::RichText::new(&words.moves_played).color(style::muted(ui.ctx())));
    super::opening::section(ui, game);
    if let Some(thinking) = ai.player.thinking() {
        computer::thinking_row(ui, game, &thinking);
    }
    if matches!(game.mode(), GameMode::ComputerVsComputer { .. }) && game.in_progress() {
        computer::watch_controls(ui, ai.settings, act);
    }
    if net.shown(game) {
        ui.add_space(6.0);
        network::section(ui, net, game, act);
    }
    ui.add_space(8.0);

    let wide = egui::vec2((ui.available_width() - 8.0) / 2.0, 30.0);
    let mut button = |ui: &mut egui::Ui, label: &str, enabled: bool, action: UiAction| {
        if ui
            .add_enabled(enabled, egui::Button::new(label).min_size(wide))
            .clicked()
        {
            act.push(action);
        }
    };
    ui.horizontal(|ui| {
        button(ui, &words.undo, game.can_undo(), UiAction::Undo);
        button(ui, &words.redo, game.can_redo(), UiAction::Redo);
    });
    ui.horizontal(|ui| {
        button(ui, &words.resign, can_resign(game), UiAction::Resign);
        button(
            ui,
            &words.offer_draw,
            can_offer_draw(game),
            UiAction::OfferDraw,
        );
    });
    ui.horizontal(|ui| {
        button(ui, &words.new_game, true, UiAction::NewGameDialog);
        button(ui, &words.restart, game.can_restart(), UiAction::Restart);
    });
    ui.horizontal(|ui| {
        button(ui, &words.open, true, UiAction::OpenDialog);
        button(ui, &words.save, game.active, UiAction::SaveDialog);
    });
    computer::assist_buttons(ui, game, ai.analysis, act);
    if ai.analysis.enabled {
        ui.separator();
        computer::analysis_section(ui, game, ai.analysis, ai.player);
    }
    ui.add_space(6.0);
    ui.separator();
    ui.checkbox(&mut settings.move_numbers, &words.show_move_numbers);
    if game.record.rule() == Rule::Renju {
        ui.checkbox(&mut settings.forbidden_marks, &words.mark_forbidden);
        let mut strict = game.record.policy() == ForbiddenPolicy::Lose;
        // In a network game the host's setting holds.
        if ui
            .add_enabled(
                !game.networked(),
                egui::Checkbox::new(&mut strict, &words.strict),
            )
            .on_hover_text(t!("panel.strict_help"))
            .changed()
        {
            act.push(UiAction::SetStrict(strict));
        }
    }
    threat_options(ui, settings, options.overrides);
    super::review::section(ui, game, review, act);
    ui.separator();
    replay::replay_bar(ui, game, act);
    replay::move_list(
        ui,
        game,
        review.for_game(game),
        &words.move_list,
        &words.black_first,
        act,
    );
}

/// "Mark threats: ☐ black's ☐ white's". Unticking a colour that `--threats` showed turns the
/// run's override off and keeps the other colour as it was shown.
fn threat_options(ui: &mut egui::Ui, settings: &mut Settings, overrides: &mut SettingsOverrides) {
    let mut black = shown_for(settings, overrides, Stone::Black);
    let mut white = shown_for(settings, overrides, Stone::White);
    let (was_black, was_white) = (black, white);
    ui.horizontal(|ui| {
        ui.label(t!("threats.title"))
            .on_hover_text(t!("threats.help"));
        ui.checkbox(&mut black, t!("threats.black"));
        ui.checkbox(&mut white, t!("threats.white"));
    });
    if (black, white) != (was_black, was_white) {
        overrides.threats = false;
        settings.threats = ThreatMarks { black, white };
    }
}

/// One player's card; `here`: in a network game, whether that player is connected.
fn player_card(ui: &mut egui::Ui, game: &Game, stone: Stone, here: Option<bool>) {
    let to_move = game.in_progress() && game.stone_to_act() == stone;
    let winner = game
        .record
        .result()
        .is_some_and(|r| r.outcome == Outcome::Win(stone));
    let fill = if to_move {
        style::palette(ui.ctx()).card_active
    } else {
        style::palette(ui.ctx()).card
    };
    let stroke = if to_move || winner {
        egui::Stroke::new(1.5, style::accent(ui.ctx()))
    } else {
        egui::Stroke::new(1.0, style::palette(ui.ctx()).card_stroke)
    };
    egui::Frame::new()
        .fill(fill)
        .stroke(stroke)
        .corner_radius(8.0)
        .inner_margin(egui::Margin::symmetric(10, 8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                style::stone_icon(ui, stone, 11.0);
                if let Some(here) = here {
                    network::presence_dot(ui, here);
                }
                // A long name is cut short rather than running under the state on the right.
                let room = egui::vec2((ui.available_width() - 64.0).max(40.0), 24.0);
                ui.allocate_ui(room, |ui| {
                    ui.add(
                        egui::Label::new(
                            egui::RichText::new(words::name(game, stone))
                                .size(17.0)
                                .strong(),
                        )
                        .truncate(),
                    );
                });
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if winner {
                        ui.label(
                            egui::RichText::new(t!("panel.winner")).color(style::accent(ui.ctx())),
                        );
                    } else if to_move && low_time(game, stone) {
                        ui.label(
                            egui::RichText::new(t!("clock.low")).color(style::error(ui.ctx())),
                        );
                    } else if to_move {
                        ui.label(
                            egui::RichText::new(t!("panel.to_move")).color(style::accent(ui.ctx())),
                        );
                    } else if words::name(game, stone) != i18n::colour_title(stone) {
                        // The colour, unless the name already says it ("White — white").
                        ui.label(
                            egui::RichText::new(i18n::colour_name(stone))
                                .color(style::muted(ui.ctx())),
                        );
                    }
                });
            });
            if let Some(clock) = game.record.clock() {
                clock_row(ui, clock, game.record.holder(stone), game.active);
            }
        });
}

/// Whether the clock of the player holding `stone` runs and is low.
fn low_time(game: &Game, stone: Stone) -> bool {
    let side = game.record.holder(stone);
    game.record
        .clock()
        .is_some_and(|c| c.running() == Some(side) && c.is_low(side))
}

/// A player's clock on their card: running in the accent colour, in the error colour when
/// time is short, with the byo-yomi periods left.
fn clock_row(ui: &mut egui::Ui, clock: &gomoku_rules::Clock, side: gomoku_rules::Side, on: bool) {
    let running = on && clock.running() == Some(side);
    let low = running && clock.is_low(side);
    let palette = style::palette(ui.ctx());
    let color = if clock.flagged() == Some(side) || low {
        palette.error
    } else if running {
        palette.accent
    } else {
        palette.muted
    };
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(t!("clock.title")).color(color));
        ui.label(
            egui::RichText::new(super::opening::words::clock_text(clock, side))
                .monospace()
                .size(18.0)
                .color(color),
        );
    });
}
