//! The network game's interface: the "Network game" menu, the host and join dialogs (the
//! host's LAN addresses with copy buttons, the recent addresses), and the network section of
//! the side panel (drawn by `panel.rs`, beside the board rather than over it) — the
//! connection's state, the addresses to give the other player, play again, leave, and the chat
//! (scrollback, input, unread count).

use super::actions::UiAction;
use super::style;
use crate::game::{Actor, BOARD_SIZES, Game};
use crate::i18n::{colour_name, t};
use crate::net::{HostBoard, NetCommand, NetStatus, Network, lan_addresses};
use crate::settings::Settings;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gomoku_rules::{DEFAULT_SIZE, Rule, Stone};
use std::net::IpAddr;

/// Which network dialog the menu opened (passed through egui's memory: the menu bar is
/// drawn by the side panel's system).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Open {
    Host,
    Join,
}

const OPEN: &str = "network menu request";

/// The dialogs' fields and the chat's state.
#[derive(Resource)]
pub(crate) struct NetUi {
    host: bool,
    join: bool,
    chat: bool,
    name: String,
    port: u16,
    local: Stone,
    /// The rule and board size the host offers.
    board: HostBoard,
    address: String,
    input: String,
    /// The host's addresses, looked up when the host dialog opens.
    addresses: Vec<IpAddr>,
    status: NetStatus,
}

impl Default for NetUi {
    fn default() -> Self {
        NetUi {
            host: false,
            join: false,
            chat: true,
            name: String::new(),
            port: crate::net::DEFAULT_PORT,
            local: Stone::Black,
            board: HostBoard {
                rule: Rule::Renju,
                size: DEFAULT_SIZE,
                opening: gomoku_rules::OpeningRule::Free,
                clock: gomoku_rules::TimeControl::Unlimited,
            },
            address: String::new(),
            input: String::new(),
            addresses: Vec::new(),
            status: NetStatus::Off,
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<NetUi>().add_systems(
        EguiPrimaryContextPass,
        network_ui.after(super::UiPasses::Panels),
    );
}

/// The "Network game" menu of the menu bar.
pub fn menu(ui: &mut egui::Ui, net: &Network, sent: &mut Vec<NetCommand>) {
    ui.menu_button(t!("net.menu"), |ui| {
        let mut open = None;
        if ui.button(t!("net.host_menu")).clicked() {
            open = Some(Open::Host);
        }
        if ui.button(t!("net.join_menu")).clicked() {
            open = Some(Open::Join);
        }
        ui.separator();
        if ui
            .add_enabled(net.active(), egui::Button::new(t!("net.leave")))
            .clicked()
        {
            sent.push(NetCommand::Leave);
            ui.close();
        }
        if let Some(open) = open {
            ui.ctx()
                .data_mut(|d| d.insert_temp(egui::Id::new(OPEN), open));
            ui.close();
        }
    });
}

/// The connection's state in words.
#[must_use]
pub fn status_text(status: NetStatus) -> String {
    match status {
        NetStatus::Off => t!("net.status_off"),
        NetStatus::Waiting => t!("net.status_waiting"),
        NetStatus::Connecting => t!("net.status_connecting"),
        NetStatus::Connected => t!("net.status_connected"),
        NetStatus::Lost => t!("net.status_lost"),
        NetStatus::Reconnecting => t!("net.status_reconnecting"),
        NetStatus::Closed => t!("net.status_closed"),
    }
    .into_owned()
}

fn network_ui(
    mut contexts: EguiContexts,
    mut state: ResMut<NetUi>,
    net: Res<Network>,
    game: Res<Game>,
    mut settings: ResMut<Settings>,
    mut commands: MessageWriter<NetCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let request = ctx.data_mut(|d| {
        let id = egui::Id::new(OPEN);
        let open = d.get_temp::<Open>(id);
        d.remove::<Open>(id);
        open
    });
    match request {
        Some(Open::Host) => {
            state.host = true;
            state.name.clone_from(&settings.net_name);
            state.port = settings.net_port;
            state.addresses = lan_addresses();
            state.board = HostBoard {
                rule: game.setup.rule,
                size: game.setup.board_size(),
                opening: game.setup.opening_rule(),
                clock: game.setup.clock,
            };
        }
        Some(Open::Join) => {
            state.join = true;
            state.name.clone_from(&settings.net_name);
            state.address = settings
                .recent_addresses
                .first()
                .cloned()
                .unwrap_or_default();
        }
        None => {}
    }
    // A host started from the command line shows its addresses too.
    if state.status != NetStatus::Waiting
        && net.status == NetStatus::Waiting
        && state.addresses.is_empty()
    {
        state.addresses = lan_addresses();
    }
    state.status = net.status;
    let mut sent = Vec::new();
    // The dialogs edit a copy: the settings change (and are saved) only when a value does.
    let mut edited = settings.clone();
    host_dialog(&ctx, &mut state, &mut edited, &mut sent);
    join_dialog(&ctx, &mut state, &mut edited, &mut sent);
    if edited != *settings {
        *settings = edited;
    }
    for command in sent {
        commands.write(command);
    }
    Ok(())
}

fn name_field(ui: &mut egui::Ui, name: &mut String) {
    ui.horizontal(|ui| {
        ui.label(t!("net.your_name"));
        ui.add(egui::TextEdit::singleline(name).desired_width(180.0));
    });
}

fn host_dialog(
    ctx: &egui::Context,
    state: &mut NetUi,
    settings: &mut Settings,
    sent: &mut Vec<NetCommand>,
) {
    let mut open = state.host;
    let mut start = false;
    egui::Window::new(t!("net.host_title"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            name_field(ui, &mut state.name);
            ui.horizontal(|ui| {
                ui.label(t!("net.port"));
                ui.add(egui::DragValue::new(&mut state.port).range(1024..=65535));
                ui.label(
                    egui::RichText::new(t!("net.port_default", port = crate::net::DEFAULT_PORT))
                        .color(style::muted(ui.ctx())),
                );
            });
            ui.horizontal(|ui| {
                ui.label(t!("net.you_play"));
                for stone in [Stone::Black, Stone::White] {
                    ui.radio_value(&mut state.local, stone, colour_name(stone));
                }
            });
            board_choice(ui, &mut state.board);
            ui.add_space(6.0);
            ui.label(egui::RichText::new(t!("net.addresses")).strong());
            if state.addresses.is_empty() {
                ui.label(egui::RichText::new(t!("net.no_addresses")).color(style::muted(ui.ctx())));
            }
            addresses(ui, &state.addresses, state.port);
            ui.add_space(6.0);
            start = ui.button(t!("net.host_button")).clicked();
        });
    state.host = open && !start;
    if start {
        settings.net_name = state.name.trim().to_owned();
        settings.net_port = state.port;
        sent.push(NetCommand::Host {
            port: state.port,
            name: state.name.clone(),
            local: state.local,
            bind: None,
            board: Some(state.board),
        });
    }
}

fn join_dialog(
    ctx: &egui::Context,
    state: &mut NetUi,
    settings: &mut Settings,
    sent: &mut Vec<NetCommand>,
) {
    let mut open = state.join;
    let mut start = false;
    egui::Window::new(t!("net.join_title"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            name_field(ui, &mut state.name);
            ui.horizontal(|ui| {
                ui.label(t!("net.address"));
                let edit = ui.add(
                    egui::TextEdit::singleline(&mut state.address)
                        .hint_text(t!("net.address_hint", port = crate::net::DEFAULT_PORT))
                        .desired_width(220.0),
                );
                start |= edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            });
            if !settings.recent_addresses.is_empty() {
                ui.label(egui::RichText::new(t!("net.recent")).strong());
                for address in &settings.recent_addresses {
                    if ui.small_button(address).clicked() {
                        state.address.clone_from(address);
                    }
                }
            }
            ui.add_space(6.0);
            start |= ui
                .add_enabled(
                    !state.address.trim().is_empty(),
                    egui::Button::new(t!("net.join_button")),
                )
                .clicked();
        });
    state.join = open && !start;
    if start && !state.address.trim().is_empty() {
        let address = state.address.trim().to_owned();
        settings.net_name = state.name.trim().to_owned();
        settings.recent_addresses.retain(|a| a != &address);
        settings.recent_addresses.insert(0, address.clone());
        settings.recent_addresses.truncate(8);
        sent.push(NetCommand::Join {
            address,
            name: state.name.clone(),
        });
    }
}

/// The host's rule and board size (renju: 15×15 only).
fn board_choice(ui: &mut egui::Ui, board: &mut HostBoard) {
    ui.horizontal(|ui| {
        ui.label(t!("new_game.rule"));
        for rule in Rule::ALL {
            ui.selectable_value(&mut board.rule, rule, super::rule_name(rule));
        }
    });
    if board.rule == Rule::Renju {
        board.size = DEFAULT_SIZE;
    }
    ui.horizontal(|ui| {
        ui.label(t!("new_game.board"));
        for size in BOARD_SIZES {
            let enabled = board.rule != Rule::Renju || size == DEFAULT_SIZE;
            if ui
                .add_enabled(
                    enabled,
                    egui::Button::selectable(board.size == size, format!("{size}×{size}")),
                )
                .clicked()
            {
                board.size = size;
            }
        }
    });
    let size = if board.rule == Rule::Renju {
        DEFAULT_SIZE
    } else {
        board.size
    };
    ui.horizontal(|ui| {
        ui.label(t!("opening.rule"));
        super::opening::opening_choice(ui, &mut board.opening, size);
    });
    ui.horizontal(|ui| {
        ui.label(t!("clock.title"));
        super::opening::clock_editor(ui, &mut board.clock);
    });
}

/// The addresses the other player can join, each with a copy button.
fn addresses(ui: &mut egui::Ui, ips: &[IpAddr], port: u16) {
    for ip in ips {
        let text = match ip {
            IpAddr::V4(_) => format!("{ip}:{port}"),
            IpAddr::V6(_) => format!("[{ip}]:{port}"),
        };
        ui.horizontal(|ui| {
            ui.monospace(&text);
            if ui.small_button(t!("net.copy")).clicked() {
                ui.ctx().copy_text(text.clone());
            }
        });
    }
}

/// What the side panel's network section works on.
pub(crate) struct NetPanel<'a> {
    pub state: &'a mut NetUi,
    pub net: &'a mut Network,
    pub sent: &'a mut Vec<NetCommand>,
}

impl NetPanel<'_> {
    /// Whether the side panel shows the network section (a network game is on or the board
    /// holds one).
    pub fn shown(&self, game: &Game) -> bool {
        self.net.active() || game.networked()
    }

    /// Whether the player of `stone` is here: the person at this computer always, the other
    /// player while connected. `None` outside network games.
    pub fn connected(&self, game: &Game, stone: Stone) -> Option<bool> {
        game.networked().then(|| match game.seats.actor(stone) {
            Actor::Remote => self.net.status == NetStatus::Connected,
            _ => true,
        })
    }
}

/// A dot: green when on, red when not.
pub fn presence_dot(ui: &mut egui::Ui, on: bool) {
    let colour = if on {
        style::online(ui.ctx())
    } else {
        style::error(ui.ctx())
    };
    let (dot, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
    ui.painter().circle_filled(dot.center(), 4.0, colour);
}

/// The side panel's network section: the connection, the addresses while waiting for a
/// player, play again and leave, and the chat.
pub(crate) fn section(ui: &mut egui::Ui, panel: NetPanel, game: &Game, act: &mut Vec<UiAction>) {
    let NetPanel { state, net, sent } = panel;
    ui.horizontal(|ui| {
        presence_dot(ui, net.status == NetStatus::Connected);
        ui.label(egui::RichText::new(t!("net.section_title")).strong());
        ui.label(egui::RichText::new(status_text(net.status)).color(style::muted(ui.ctx())));
    });
    if net.status == NetStatus::Waiting {
        ui.label(egui::RichText::new(t!("net.addresses")).color(style::muted(ui.ctx())));
        let port = net.listening.first().map_or(state.port, |a| a.port());
        if state.addresses.is_empty() {
            ui.label(egui::RichText::new(t!("net.no_addresses")).color(style::muted(ui.ctx())));
        }
        addresses(ui, &state.addresses, port);
    }
    let live = net.status == NetStatus::Connected && game.networked();
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(
                live && game.record.is_over() && game.pending.is_none(),
                egui::Button::new(t!("net.play_again")),
            )
            .clicked()
        {
            act.push(UiAction::PlayAgain);
        }
        if ui
            .add_enabled(net.active(), egui::Button::new(t!("net.leave")))
            .clicked()
        {
            sent.push(NetCommand::Leave);
        }
    });
    chat(ui, state, net, sent);
}

fn chat(ui: &mut egui::Ui, state: &mut NetUi, net: &mut Network, sent: &mut Vec<NetCommand>) {
    let title = if net.unread > 0 && !state.chat {
        t!("net.chat_unread", count = net.unread).into_owned()
    } else {
        t!("net.chat").into_owned()
    };
    let header = ui.selectable_label(state.chat, egui::RichText::new(title).strong());
    if header.clicked() {
        state.chat = !state.chat;
    }
    if !state.chat {
        return;
    }
    net.unread = 0;
    egui::ScrollArea::vertical()
        .id_salt("chat")
        .max_height(140.0)
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            if net.chat.is_empty() {
                ui.label(egui::RichText::new(t!("net.chat_empty")).color(style::muted(ui.ctx())));
            }
            for line in &net.chat {
                let colour = if line.from_peer {
                    style::accent(ui.ctx())
                } else {
                    style::text(ui.ctx())
                };
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        egui::RichText::new(format!("{}:", line.name))
                            .color(colour)
                            .strong(),
                    );
                    ui.label(&line.text);
                });
            }
        });
    let can_chat = net.status == NetStatus::Connected;
    ui.horizontal(|ui| {
        let edit = ui.add_enabled(
            can_chat,
            egui::TextEdit::singleline(&mut state.input)
                .char_limit(gomoku_net::MAX_CHAT_CHARS)
                .hint_text(t!("net.chat_hint"))
                .desired_width(ui.available_width() - 64.0),
        );
        let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let send = ui
            .add_enabled(can_chat, egui::Button::new(t!("net.send")))
            .clicked();
        if (enter || send) && !state.input.trim().is_empty() {
            sent.push(NetCommand::Chat(std::mem::take(&mut state.input)));
            if enter {
                edit.request_focus();
            }
        }
    });
}
