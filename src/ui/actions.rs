//! What the player asks for through the menu, the panel buttons, the dialogs or the keyboard
//! (`UiAction`), and which dialog is open. Needs no window, so tests drive it directly.
//!
//! Reads `UiAction`, `GameOver`, `ProposalMade`; writes `GameCommand`, `Propose`, `Answer`,
//! `ComputerRequest`, `PuzzleRequest`, `ReviewCommand`, `ResetStats` and `Notice`.

pub use super::state::{
    Confirm, Dialog, NewGameForm, PointerOverUi, ReplayStep, UiState, question_for_local,
};
use crate::GameSystems;
use crate::ai::ComputerRequest;
use crate::board::picking::BoardInputBlocked;
use crate::game::{
    Actor, Answer, Decide, Game, GameCommand, GameMode, GameOver, GameSetup, Notice, Origin,
    ProposalKind, Propose,
};
use crate::puzzles::PuzzleRequest;
use crate::review::ReviewCommand;
use crate::save::ResumeOffer;
use crate::stats::ResetStats;
use bevy::prelude::*;
use bevy::window::WindowCloseRequested;
use gomoku_rules::{Decision, ForbiddenPolicy, Stone};

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
    /// Take back (a proposal to the other seat, answered at once by a person sharing this
    /// computer or by the computer).
    Undo,
    Redo,
    Resign,
    OfferDraw,
    /// A new game with the same setup once this one is over (a proposal, as undo).
    PlayAgain,
    /// A person's answer to the proposal waiting for them.
    Answer(bool),
    /// The answer to the resume offer: continue the autosaved game, or start afresh.
    Resume(bool),
    /// Strict RIF play (a forbidden move loses) or friendly play.
    SetStrict(bool),
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
    /// Hint, analysis panel, pause: passed on to the computer player.
    Computer(ComputerRequest),
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
    /// A decision of the opening by a person here (swap, fifth moves, Swap2, colour, or a
    /// stone of a standard opening chosen from the list).
    Decide(Decision),
    /// Open the puzzle list.
    Puzzles,
    /// A request to the puzzle trainer (the open dialog closes).
    Puzzle(PuzzleRequest),
    /// Analyse the whole game (the review).
    AnalyseGame,
    /// Stop the analysis (what is done is kept).
    StopAnalysis,
    /// Show the engine's line instead of move `n` (the replay steps to the position before
    /// it), or hide it.
    ShowBetterLine(Option<usize>),
}

/// The colour a person here acts for: their own seat, or in hot-seat the side to move.
fn local_stone(game: &Game) -> Option<Stone> {
    let mine: Vec<Stone> = game.seats.stones_of(Actor::Local).collect();
    match mine.as_slice() {
        [one] => Some(*one),
        [] => None,
        _ => Some(game.record.side_to_move()),
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
                    .in_set(GameSystems::Input),
                show_result.in_set(GameSystems::React),
            ),
        );
}

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
        actions.write(UiAction::Computer(ComputerRequest::TogglePause));
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
        Some(UiAction::Computer(ComputerRequest::Hint))
    } else if keys.just_pressed(KeyCode::KeyA) {
        Some(UiAction::Computer(ComputerRequest::ToggleAnalysis))
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

/// The messages an action turns into.
#[derive(bevy::ecs::system::SystemParam)]
struct ActionOutputs<'w> {
    commands: MessageWriter<'w, GameCommand>,
    proposals: MessageWriter<'w, Propose>,
    answers: MessageWriter<'w, Answer>,
    computer: MessageWriter<'w, ComputerRequest>,
    exit: MessageWriter<'w, AppExit>,
    notices: MessageWriter<'w, Notice>,
    reset_stats: MessageWriter<'w, ResetStats>,
    decisions: MessageWriter<'w, Decide>,
    puzzles: MessageWriter<'w, PuzzleRequest>,
    review: MessageWriter<'w, ReviewCommand>,
}

impl ActionOutputs<'_> {
    fn propose(&mut self, kind: ProposalKind) {
        self.proposals.write(Propose {
            kind,
            from: Actor::Local,
        });
    }
}

fn handle_actions(
    mut actions: MessageReader<UiAction>,
    mut ui: ResMut<UiState>,
    game: Res<Game>,
    mut resume: ResMut<ResumeOffer>,
    mut out: ActionOutputs,
) {
    let mut queued_stones = 0;
    for action in actions.read() {
        // A question to the people here (resume the last game, answer a proposal) is
        // answered first.
        let allowed = match action {
            UiAction::Quit | UiAction::Confirm => true,
            UiAction::Resume(_) => resume.0.is_some(),
            UiAction::Answer(_) => resume.0.is_none() && question_for_local(&game),
            _ => resume.0.is_none() && !question_for_local(&game),
        };
        if !allowed {
            continue;
        }
        match action {
            UiAction::NewGameDialog => {
                ui.form = NewGameForm::of(&game.setup);
                ui.dialog = Some(Dialog::NewGame);
            }
            UiAction::StartGame(setup) => {
                ui.dialog = None;
                out.commands.write(GameCommand::NewGame(setup.clone()));
            }
            UiAction::Restart => ask_or_do(&mut ui, &game, Confirm::Restart, &mut out),
            UiAction::EndGame => ask_or_do(&mut ui, &game, Confirm::EndGame, &mut out),
            UiAction::Quit => ask_or_do(&mut ui, &game, Confirm::Quit, &mut out),
            UiAction::Confirm => {
                if let Some(Dialog::Confirm(question)) = ui.dialog.clone() {
                    ui.dialog = None;
                    if question == Confirm::ResetStatistics {
                        out.reset_stats.write(ResetStats);
                        ui.dialog = Some(Dialog::Statistics);
                    } else {
                        do_confirmed(question, &mut out);
                    }
                }
            }
            UiAction::Undo => out.propose(ProposalKind::Undo),
            UiAction::Redo => {
                out.commands.write(GameCommand::Redo);
            }
            UiAction::PlayAgain => {
                ui.dialog = None;
                out.propose(ProposalKind::PlayAgain);
            }
            UiAction::Answer(accept) => {
                out.answers.write(Answer {
                    accept: *accept,
                    from: Actor::Local,
                });
            }
            UiAction::Resume(resume_it) => {
                if let Some(saved) = resume.0.take()
                    && *resume_it
                {
                    out.commands.write(GameCommand::Load(Box::new(saved)));
                }
            }
            UiAction::SetStrict(strict) => {
                out.commands.write(GameCommand::SetPolicy(if *strict {
                    ForbiddenPolicy::Lose
                } else {
                    ForbiddenPolicy::Refuse
                }));
            }
            UiAction::Resign => match local_stone(&game) {
                _ if !game.in_progress() => {
                    out.notices.write(Notice::NoGame);
                }
                Some(stone) => {
                    out.commands.write(GameCommand::Resign {
                        stone,
                        from: Actor::Local,
                    });
                }
                None => {
                    out.notices.write(Notice::Watching);
                }
            },
            UiAction::Decide(decision) => {
                // Several stones of a standard opening follow each other in one frame.
                let progress_before = game.progress() + queued_stones;
                if decision.stone().is_some() {
                    queued_stones += 2;
                }
                out.decisions.write(Decide {
                    decision: decision.clone(),
                    from: Actor::Local,
                    progress_before: Some(progress_before),
                });
            }
            UiAction::OfferDraw => {
                if !game.in_progress() {
                    out.notices.write(Notice::NoGame);
                } else if local_stone(&game).is_none() {
                    out.notices.write(Notice::Watching);
                } else if !game.local_to_move() {
                    out.notices.write(Notice::DrawOnYourTurn);
                } else {
                    out.propose(ProposalKind::Draw);
                }
            }
            UiAction::SwitchMode(mode) => {
                let setup = game.setup.with_mode(*mode);
                if game.worth_keeping() && !mode.same_kind(game.mode()) || !game.active {
                    if game.active {
                        ui.dialog = Some(Dialog::SwitchMode(*mode));
                    } else {
                        out.commands.write(GameCommand::NewGame(setup));
                    }
                } else {
                    out.commands.write(GameCommand::SetSeats(setup.seats));
                }
            }
            UiAction::SwitchModeAnswer { keep_position } => {
                if let Some(Dialog::SwitchMode(mode)) = ui.dialog.clone() {
                    ui.dialog = None;
                    let setup = game.setup.with_mode(mode);
                    out.commands.write(if *keep_position {
                        GameCommand::SetSeats(setup.seats)
                    } else {
                        GameCommand::NewGame(setup)
                    });
                }
            }
            UiAction::Computer(request) => {
                out.computer.write(*request);
            }
            UiAction::Replay(step) => {
                let target = step.target(&game);
                if game.active && target != game.replay_index() {
                    out.commands.write(GameCommand::ReplayTo(target));
                }
            }
            UiAction::ReplayTo(n) => {
                if game.active && *n != game.replay_index() {
                    out.commands.write(GameCommand::ReplayTo(*n));
                }
            }
            UiAction::ContinueFromHere => {
                out.commands.write(GameCommand::ContinueFromHere);
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
            UiAction::Puzzles => ui.dialog = Some(Dialog::Puzzles),
            UiAction::Puzzle(request) => {
                ui.dialog = None;
                out.puzzles.write(request.clone());
            }
            UiAction::AnalyseGame => {
                if ui.dialog == Some(Dialog::Result) {
                    ui.dialog = None;
                }
                out.review.write(ReviewCommand::Start);
            }
            UiAction::StopAnalysis => {
                out.review.write(ReviewCommand::Stop);
            }
            UiAction::ShowBetterLine(n) => {
                if let Some(before) = n.and_then(|n| n.checked_sub(1))
                    && game.active
                    && before != game.replay_index()
                {
                    out.commands.write(GameCommand::ReplayTo(before));
                }
                out.review.write(ReviewCommand::ShowLine(*n));
            }
        }
    }
}

/// Asks first when a game worth keeping is on; otherwise does it at once.
fn ask_or_do(ui: &mut UiState, game: &Game, question: Confirm, out: &mut ActionOutputs) {
    if game.worth_keeping() {
        ui.dialog = Some(Dialog::Confirm(question));
    } else {
        ui.dialog = None;
        do_confirmed(question, out);
    }
}

fn do_confirmed(question: Confirm, out: &mut ActionOutputs) {
    match question {
        Confirm::Restart => {
            out.commands.write(GameCommand::Restart);
        }
        Confirm::EndGame => {
            out.commands.write(GameCommand::EndGame);
        }
        Confirm::Quit => {
            out.exit.write(AppExit::Success);
        }
        // Answered in `handle_actions`.
        Confirm::ResetStatistics => {}
    }
}

/// The result dialog opens when a game ends (a puzzle's end is told by the trainer's panel);
/// a finished game opened from a file shows its result in the panel only.
fn show_result(game: Res<Game>, mut over: MessageReader<GameOver>, mut ui: ResMut<UiState>) {
    let ended = over.read().filter(|o| o.origin != Origin::Load).count() > 0;
    if ended && ui.dialog.is_none() && !game.in_puzzle() {
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
