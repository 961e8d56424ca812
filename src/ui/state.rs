//! The interface's state that outlives a frame: which dialog is open, the new game form, the
//! folder the file dialog shows, where the pointer is; the replay steps and the questions
//! asked before a game is thrown away.

use crate::game::{Actor, Game, GameMode, GameSetup, clean_name};
use crate::i18n::t;
use crate::save::{DataDir, ResumeOffer};
use bevy::prelude::*;
use gomoku_rules::{ForbiddenPolicy, OpeningRule, Rule, Stone, TimeControl};
use std::path::PathBuf;

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
    /// The puzzle trainer's list.
    Puzzles,
}

/// The new game form: the mode and the people's names as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameForm {
    pub mode: GameMode,
    /// Black's and white's names (used where a person plays that colour).
    pub names: [String; 2],
    pub rule: Rule,
    pub policy: ForbiddenPolicy,
    pub size: usize,
    pub opening: OpeningRule,
    pub nigiri: bool,
    pub clock: TimeControl,
}

impl NewGameForm {
    #[must_use]
    pub fn of(setup: &GameSetup) -> NewGameForm {
        let name = |stone: Stone| setup.seats.get(stone).name().unwrap_or_default().to_owned();
        NewGameForm {
            // A new game after a network game is played here.
            mode: match setup.mode() {
                GameMode::Network { .. } => GameMode::HotSeat,
                mode => mode,
            },
            names: [name(Stone::Black), name(Stone::White)],
            rule: setup.rule,
            policy: setup.policy,
            size: setup.size,
            opening: setup.opening,
            nigiri: setup.nigiri,
            clock: setup.clock,
        }
    }

    /// The game the form describes.
    #[must_use]
    pub fn setup(&self) -> GameSetup {
        let [black, white] = &self.names;
        GameSetup {
            seats: crate::game::Seats::default()
                .for_mode(self.mode, [clean_name(black), clean_name(white)]),
            rule: self.rule,
            policy: self.policy,
            size: self.size,
            opening: self.opening,
            nigiri: self.nigiri,
            clock: self.clock,
        }
    }
}

/// State of the interface that outlives a frame.
#[derive(Resource, Clone, Debug)]
pub struct UiState {
    pub dialog: Option<Dialog>,
    /// The new game form.
    pub form: NewGameForm,
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
            form: NewGameForm::of(&setup),
            folder,
        }
    }
}

impl UiState {
    /// Whether a dialog (or another question) stands in front of the board.
    #[must_use]
    pub fn modal(&self, game: &Game, resume: &ResumeOffer) -> bool {
        self.dialog.is_some() || question_for_local(game) || resume.0.is_some()
    }
}

/// Set by the egui pass: the pointer is over a menu, popup or window.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointerOverUi(pub bool);

/// A proposal waits for the answer of a person at this computer.
#[must_use]
pub fn question_for_local(game: &Game) -> bool {
    game.pending
        .is_some_and(|p| game.seats.actor(p.to()) == Actor::Local)
}

/// A person plays in this game and it is on.
pub fn can_resign(game: &Game) -> bool {
    game.in_progress() && !matches!(game.mode(), GameMode::ComputerVsComputer { .. })
}

/// A person may offer a draw on their own turn.
pub fn can_offer_draw(game: &Game) -> bool {
    can_resign(game) && game.local_to_move()
}
