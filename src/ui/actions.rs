//! What the player asks for through the menu, the panel buttons or the keyboard, and which
//! dialog is open. Needs no window, so tests drive it directly.

use crate::board::picking::BoardInputBlocked;
use crate::game::{Game, GameCommand, GameFlowSystems, GameMode, GameOver, GameSetup, Notice};
use crate::i18n::t;
use crate::save::{DataDir, ResumeOffer};
use crate::stats::ResetStats;
use bevy::prelude::*;
use bevy::window::WindowCloseRequested;
use gomoku_rules::Rule;
use std::path::PathBuf;

/// A request from the interface.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum UiAction {
    /// Open the new game dialog.
    NewGameDialog,
    /// Start the game set up in the dialog.
    StartGame(GameSetup),
    Restart,
    EndGame,
    Quit,
    Undo,
    Redo,
    Resign,
    OfferDraw,
    SaveDialog,
    OpenDialog,
    Help,
    /// Esc: close the open dialog, or open the game menu.
    Menu,
    /// The player confirmed the dialog's question.
    Confirm,
    /// Close the open dialog without doing anything.
    Close,
    /// Change who plays; asks whether to continue the position when a game is on.
    SwitchMode(GameMode),
    /// The answer to the switch question: keep the position, or start a new game.
    SwitchModeAnswer {
        keep_position: bool,
    },
    /// Show the engine's best move for the side to move.
    Hint,
    /// Show or hide the analysis panel.
    ToggleAnalysis,
    /// Pause or resume computer vs computer.
    TogglePause,
    /// Step the replay.
    Replay(ReplayStep),
    /// Show the position after this many moves (the replay slider).
    ReplayTo(usize),
    /// Play on from the position shown in the replay.
    ContinueFromHere,
    /// Open the statistics window.
    Statistics,
    /// Clear the statistics (asks first).
    ResetStatistics,
}

/// A step of the replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayStep {
    First,
    Back,
    Forward,
    Last,
}

impl ReplayStep {
    /// The position this step goes to in `game`.
    #[must_use]
    pub fn target(self, game: &Game) -> usize {
        let (now, len) = (game.replay_index(), game.replay_len());
        match self {
            ReplayStep::First => 0,
            ReplayStep::Back => now.saturating_sub(1),
            ReplayStep::Forward => (now + 1).min(len),
            ReplayStep::Last => len,
        }
    }
}

/// A question asked before something that throws a game away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirm {
    Restart,
    EndGame,
    Quit,
    ResetStatistics,
}

impl Confirm {
    #[must_use]
    pub fn question(self) -> String {
        match self {
            Confirm::Restart => t!("confirm.restart"),
            Confirm::EndGame => t!("confirm.end_game"),
            Confirm::Quit => t!("confirm.quit"),
            Confirm::ResetStatistics => t!("confirm.reset_stats"),
        }
        .into_owned()
    }

    #[must_use]
    pub fn button(self) -> String {
        match self {
            Confirm::Restart => t!("menu.restart"),
            Confirm::EndGame => t!("menu.end_game"),
            Confirm::Quit => t!("menu.quit"),
            Confirm::ResetStatistics => t!("stats.reset"),
        }
        .into_owned()
    }
}

/// The dialog in front of the board, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    NewGame,
    Confirm(Confirm),
    Help,
    Save,
    Open,
    Menu,
    Result,
    Statistics,
    /// Continue the position in this mode, or start afresh?
    SwitchMode(GameMode),
}

/// State of the interface that outlives a frame.
#[derive(Resource, Clone, Debug)]
pub struct UiState {
    pub dialog: Option<Dialog>,
    /// The new game form.
    pub setup: GameSetup,
    /// The rule whose help is shown.
    pub help_rule: Rule,
    /// The folder the file dialog shows.
    pub folder: PathBuf,
}

impl FromWorld for UiState {
    fn from_world(world: &mut World) -> Self {
        let folder = world
            .get_resource::<DataDir>()
            .map_or_else(|| PathBuf::from("."), DataDir::saves);
        let setup = world
            .get_resource::<Game>()
            .map(|g| g.setup.clone())
            .unwrap_or_default();
        UiState {
            dialog: None,
            help_rule: setup.rule,
            setup,
            folder,
        }
    }
}

impl UiState {
    /// Whether a dialog (or another question) stands in front of the board.
    #[must_use]
    pub fn modal(&self, game: &Game, resume: &ResumeOffer) -> bool {
        self.dialog.is_some() || game.draw_offer.is_some() || resume.0.is_some()
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<UiAction>()
        // Registered by the window plugin in the game; added here so the tests need no window.
        .add_message::<WindowCloseRequested>()
        .init_resource::<UiState>()
        .add_systems(
            Update,
            (
                (shortcuts, close_requests, handle_actions, block_board)
                    .chain()
                    .in_set(UiActionSystems)
                    .before(GameFlowSystems),
                show_result.after(GameFlowSystems),
            ),
        );
}

/// The systems that turn input into `UiAction`s and handle them.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct UiActionSystems;

/// Keyboard shortcuts (not while a text field has the keyboard).
fn shortcuts(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    egui_input: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut actions: MessageWriter<UiAction>,
) {
    let Some(keys) = keys else {
        return;
    };
    if egui_input.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    // A modifier released in the same frame as the key still counts (fast typists, scripts).
    let held = |codes: &[KeyCode]| {
        keys.any_pressed(codes.iter().copied()) || keys.any_just_released(codes.iter().copied())
    };
    let ctrl = held(&[
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ]);
    let shift = held(&[KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.just_pressed(KeyCode::Escape) {
        actions.write(UiAction::Menu);
    }
    if keys.just_pressed(KeyCode::F1) {
        actions.write(UiAction::Help);
    }
    if keys.just_pressed(KeyCode::Space) {
        actions.write(UiAction::TogglePause);
    }
    for (key, step) in [
        (KeyCode::Home, ReplayStep::First),
        (KeyCode::ArrowLeft, ReplayStep::Back),
        (KeyCode::ArrowRight, ReplayStep::Forward),
        (KeyCode::End, ReplayStep::Last),
    ] {
        if keys.just_pressed(key) {
            actions.write(UiAction::Replay(step));
        }
    }
    if !ctrl {
        return;
    }
    let action = if keys.just_pressed(KeyCode::KeyN) {
        Some(UiAction::NewGameDialog)
    } else if keys.just_pressed(KeyCode::KeyZ) && shift || keys.just_pressed(KeyCode::KeyY) {
        Some(UiAction::Redo)
    } else if keys.just_pressed(KeyCode::KeyZ) {
        Some(UiAction::Undo)
    } else if keys.just_pressed(KeyCode::KeyS) {
        Some(UiAction::SaveDialog)
    } else if keys.just_pressed(KeyCode::KeyO) {
        Some(UiAction::OpenDialog)
    } else if keys.just_pressed(KeyCode::KeyQ) {
        Some(UiAction::Quit)
    } else if keys.just_pressed(KeyCode::KeyH) {
        Some(UiAction::Hint)
    } else if keys.just_pressed(KeyCode::KeyA) {
        Some(UiAction::ToggleAnalysis)
    } else {
        None
    };
    if let Some(action) = action {
        actions.write(action);
    }
}

/// The window's close button asks like the Quit menu entry.
fn close_requests(
    mut requests: MessageReader<WindowCloseRequested>,
    mut actions: MessageWriter<UiAction>,
) {
    if requests.read().count() > 0 {
        actions.write(UiAction::Quit);
    }
}

fn handle_actions(
    mut actions: MessageReader<UiAction>,
    mut ui: ResMut<UiState>,
    game: Res<Game>,
    resume: Res<ResumeOffer>,
    mut commands: MessageWriter<GameCommand>,
    mut exit: MessageWriter<AppExit>,
    mut notices: MessageWriter<Notice>,
    mut reset_stats: MessageWriter<ResetStats>,
) {
    for action in actions.read() {
        // A question to both players (resume the last game, accept a draw) is answered first.
        let question_pending = resume.0.is_some() || game.draw_offer.is_some();
        if question_pending && *action != UiAction::Quit && *action != UiAction::Confirm {
            continue;
        }
        match action {
            UiAction::NewGameDialog => {
                ui.setup = game.setup.clone();
                ui.dialog = Some(Dialog::NewGame);
            }
            UiAction::StartGame(setup) => {
                ui.dialog = None;
                commands.write(GameCommand::NewGame(setup.clone()));
            }
            UiAction::Restart => {
                ask_or_do(&mut ui, &game, Confirm::Restart, &mut commands, &mut exit)
            }
            UiAction::EndGame => {
                ask_or_do(&mut ui, &game, Confirm::EndGame, &mut commands, &mut exit)
            }
            UiAction::Quit => ask_or_do(&mut ui, &game, Confirm::Quit, &mut commands, &mut exit),
            UiAction::Confirm => {
                if let Some(Dialog::Confirm(question)) = ui.dialog.clone() {
                    ui.dialog = None;
                    if question == Confirm::ResetStatistics {
                        reset_stats.write(ResetStats);
                        ui.dialog = Some(Dialog::Statistics);
                    } else {
                        do_confirmed(question, &mut commands, &mut exit);
                    }
                }
            }
            UiAction::Undo => {
                commands.write(GameCommand::Undo);
            }
            UiAction::Redo => {
                commands.write(GameCommand::Redo);
            }
            UiAction::Resign => match game.mode {
                _ if !game.in_progress() => {
                    notices.write(Notice::info(t!("actions.no_game")));
                }
                GameMode::VsComputer { human, .. } => {
                    commands.write(GameCommand::ResignAs(human));
                }
                GameMode::ComputerVsComputer { .. } => {
                    notices.write(Notice::info(t!("actions.watching")));
                }
                GameMode::HotSeat => {
                    commands.write(GameCommand::Resign);
                }
            },
            UiAction::OfferDraw => {
                if !game.in_progress() {
                    notices.write(Notice::info(t!("actions.no_game")));
                } else if matches!(game.mode, GameMode::ComputerVsComputer { .. }) {
                    notices.write(Notice::info(t!("actions.watching")));
                } else if game.computer_to_move() {
                    notices.write(Notice::info(t!("actions.draw_on_your_turn")));
                } else {
                    commands.write(GameCommand::OfferDraw);
                }
            }
            UiAction::SwitchMode(mode) => {
                if game.worth_keeping() && !mode.same_kind(game.mode) || !game.active {
                    if game.active {
                        ui.dialog = Some(Dialog::SwitchMode(*mode));
                    } else {
                        commands.write(GameCommand::NewGame(GameSetup {
                            mode: *mode,
                            ..game.setup.clone()
                        }));
                    }
                } else {
                    commands.write(GameCommand::SetMode(*mode));
                }
            }
            UiAction::SwitchModeAnswer { keep_position } => {
                if let Some(Dialog::SwitchMode(mode)) = ui.dialog.clone() {
                    ui.dialog = None;
                    commands.write(if *keep_position {
                        GameCommand::SetMode(mode)
                    } else {
                        GameCommand::NewGame(GameSetup {
                            mode,
                            ..game.setup.clone()
                        })
                    });
                }
            }
            // Handled by the computer player and the analysis.
            UiAction::Hint | UiAction::ToggleAnalysis | UiAction::TogglePause => {}
            UiAction::Replay(step) => {
                let target = step.target(&game);
                if game.active && target != game.replay_index() {
                    commands.write(GameCommand::ReplayTo(target));
                }
            }
            UiAction::ReplayTo(n) => {
                if game.active && *n != game.replay_index() {
                    commands.write(GameCommand::ReplayTo(*n));
                }
            }
            UiAction::ContinueFromHere => {
                commands.write(GameCommand::ContinueFromHere);
            }
            UiAction::Statistics => ui.dialog = Some(Dialog::Statistics),
            UiAction::ResetStatistics => {
                ui.dialog = Some(Dialog::Confirm(Confirm::ResetStatistics));
            }
            UiAction::SaveDialog => ui.dialog = Some(Dialog::Save),
            UiAction::OpenDialog => ui.dialog = Some(Dialog::Open),
            UiAction::Help => {
                ui.help_rule = game.record.rule();
                ui.dialog = Some(Dialog::Help);
            }
            UiAction::Menu => {
                ui.dialog = match ui.dialog {
                    Some(_) => None,
                    None => Some(Dialog::Menu),
                };
            }
            UiAction::Close => ui.dialog = None,
        }
    }
}

/// Asks first when a game worth keeping is on; otherwise does it at once.
fn ask_or_do(
    ui: &mut UiState,
    game: &Game,
    question: Confirm,
    commands: &mut MessageWriter<GameCommand>,
    exit: &mut MessageWriter<AppExit>,
) {
    if game.worth_keeping() {
        ui.dialog = Some(Dialog::Confirm(question));
    } else {
        ui.dialog = None;
        do_confirmed(question, commands, exit);
    }
}

fn do_confirmed(
    question: Confirm,
    commands: &mut MessageWriter<GameCommand>,
    exit: &mut MessageWriter<AppExit>,
) {
    match question {
        Confirm::Restart => {
            commands.write(GameCommand::Restart);
        }
        Confirm::EndGame => {
            commands.write(GameCommand::EndGame);
        }
        Confirm::Quit => {
            exit.write(AppExit::Success);
        }
        // Answered in `handle_actions`.
        Confirm::ResetStatistics => {}
    }
}

/// The result dialog opens when a game ends.
fn show_result(mut over: MessageReader<GameOver>, mut ui: ResMut<UiState>) {
    if over.read().count() > 0 && ui.dialog.is_none() {
        ui.dialog = Some(Dialog::Result);
    }
}

fn block_board(
    ui: Res<UiState>,
    game: Res<Game>,
    resume: Res<ResumeOffer>,
    mut blocked: ResMut<BoardInputBlocked>,
    pointer_over_ui: Option<Res<PointerOverUi>>,
) {
    let over_ui = pointer_over_ui.is_some_and(|p| p.0);
    blocked.set_if_neq(BoardInputBlocked(ui.modal(&game, &resume) || over_ui));
}

/// Set by the egui pass: the pointer is over a menu, popup or window.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointerOverUi(pub bool);
