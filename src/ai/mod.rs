//! The computer player: background searches (`search`), the computer's seats — its moves as
//! `MoveRequest`s, its answers to proposals and its resignations (`player`), hints and the
//! analysis panel's data (`analysis`), and what is drawn of them on the board (`view`).
//! Everything but `view` runs headless. Reads `ComputerRequest` and the game's messages.

pub mod analysis;
pub mod opening;
pub mod player;
pub mod readout;
pub mod search;
pub mod view;

use crate::GameSystems;
use bevy::prelude::*;
use std::time::Duration;

/// The computer's settings, chosen in the Computer menu.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct AiSettings {
    /// Master thinks for `master_seconds` per move instead of its fixed node budget.
    pub master_by_time: bool,
    pub master_seconds: f32,
    /// Master thinking by time searches on every core of the processor (one thread otherwise,
    /// and always for the node budgets, which stay repeatable).
    pub master_all_cores: bool,
    /// The searching levels (Advanced and up) resign a position they see as lost.
    pub resign_hopeless: bool,
    /// Least time between two moves in computer vs computer, in seconds.
    pub pace: f32,
    /// Computer vs computer is paused.
    pub paused: bool,
    /// Seed of the weaker levels' noise: the same seed and moves give the same game.
    pub seed: u64,
}

/// The range of the Master time setting, in seconds.
pub const MASTER_SECONDS: std::ops::RangeInclusive<f32> = 0.5..=10.0;
/// The range of the computer vs computer pace, in seconds.
pub const PACE_SECONDS: std::ops::RangeInclusive<f32> = 0.0..=3.0;

impl Default for AiSettings {
    fn default() -> Self {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0x5EED, |d| d.as_nanos() as u64);
        AiSettings {
            master_by_time: false,
            master_seconds: 2.0,
            master_all_cores: true,
            resign_hopeless: true,
            pace: 0.6,
            paused: false,
            seed,
        }
    }
}

impl AiSettings {
    /// The search threads of Master thinking by time.
    #[must_use]
    pub fn master_threads(&self) -> usize {
        if self.master_all_cores { cores() } else { 1 }
    }

    /// Master's time per move, when it thinks by time.
    #[must_use]
    pub fn master_time(&self) -> Option<Duration> {
        self.master_by_time.then(|| {
            Duration::from_secs_f32(
                self.master_seconds
                    .clamp(*MASTER_SECONDS.start(), *MASTER_SECONDS.end()),
            )
        })
    }
}

/// The processor's cores (1 when the system does not say).
#[must_use]
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// What the computer is busy with this frame (read by the redraw requests, the screenshot
/// and the frame statistics).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiActivity {
    /// A computer player searches its move.
    pub thinking: bool,
    /// A hint, analysis or draw answer is being searched.
    pub analysing: bool,
    /// A computer move waits for the computer vs computer pace.
    pub waiting: bool,
}

impl AiActivity {
    #[must_use]
    pub fn busy(self) -> bool {
        self.thinking || self.analysing || self.waiting
    }
}

/// What the player asks of the computer (menu, panel, keyboard, command line).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComputerRequest {
    /// Show the engine's best move for the side to move.
    Hint,
    /// Show or hide the analysis panel.
    ToggleAnalysis,
    /// Pause or resume computer vs computer.
    TogglePause,
}

/// `--analysis` and `--hint`: asked for once the first game is on the board.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StartupRequests {
    pub analysis: bool,
    pub hint: bool,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<AiSettings>()
        .init_resource::<AiActivity>()
        .add_message::<ComputerRequest>()
        .add_plugins((player::plugin, analysis::plugin))
        .add_systems(
            Update,
            startup_requests
                .run_if(resource_exists::<StartupRequests>)
                .in_set(GameSystems::React),
        );
}

/// Runs once, after the first game (and any game loaded at start) is on the board.
fn startup_requests(
    mut commands: Commands,
    requests: Res<StartupRequests>,
    mut actions: MessageWriter<ComputerRequest>,
) {
    if requests.analysis {
        actions.write(ComputerRequest::ToggleAnalysis);
    }
    if requests.hint {
        actions.write(ComputerRequest::Hint);
    }
    commands.remove_resource::<StartupRequests>();
}
