//! The match flow, with no window and no words: who holds each colour (`seats`), what starts
//! a game (`setup`), the game on the board (`state`), the messages in and out (`messages`), playing moves and commands
//! (`flow`), undo / redo / replay (`history`) and proposals between the seats (`proposals`).
//!
//! Reads `MoveRequest`, `Decide` (opening decisions), `GameCommand`, `Propose`, `Answer`;
//! writes `StonePlaced`, `StoneRemoved`, `BoardReset`, `GameOver` (each with its `Origin`),
//! `Decided`, `MoveRefused`, `ProposalMade`, `ProposalAnswered` and `Notice`. The game's clock
//! runs here (`flow::run_clock`). All rules live in `gomoku-rules`.

mod events;
mod flow;
pub mod history;
pub mod messages;
pub mod network;
mod proposals;
pub mod seats;
pub mod setup;
pub mod state;

pub use events::GameEvents;
pub use history::position_at;
pub use messages::*;
pub use network::NetNotice;
pub use seats::{Actor, DEFAULT_LEVEL, GameMode, Seat, Seats, clean_name, computer_record_name};
pub use setup::{BOARD_SIZES, GameSetup};
pub use state::{Game, StartupGame};

use crate::GameSystems;
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Game>()
        .add_message::<MoveRequest>()
        .add_message::<GameCommand>()
        .add_message::<Propose>()
        .add_message::<Answer>()
        .add_message::<StonePlaced>()
        .add_message::<StoneRemoved>()
        .add_message::<BoardReset>()
        .add_message::<GameOver>()
        .add_message::<MoveRefused>()
        .add_message::<ProposalMade>()
        .add_message::<ProposalAnswered>()
        .add_message::<Notice>()
        .add_message::<Decide>()
        .add_message::<Decided>()
        .add_systems(Startup, flow::start_first_game)
        .add_systems(
            Update,
            (
                flow::run_commands,
                proposals::handle_proposals,
                flow::make_decisions,
                flow::play_moves,
                flow::run_clock,
            )
                .chain()
                .in_set(GameSystems::Flow),
        );
}
