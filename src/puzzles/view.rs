//! The trainer on the board: the solution as numbered translucent ghost stones over the
//! puzzle's position (once the attempt is over and the solution is asked for; the first
//! move ringed; `board/ghosts.rs` draws them), and redraw requests while the engine looks
//! for its defence (the window otherwise sleeps until input). Reads `Trainer`, `Game`;
//! writes `Ghosts::puzzle`, `RequestRedraw`.

use super::Trainer;
use crate::GameSystems;
use crate::board::ghosts::{Ghost, Ghosts, line_ghosts};
use crate::game::Game;
use bevy::prelude::*;
use bevy::window::RequestRedraw;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            update_ghosts.in_set(GameSystems::React),
            request_redraws.in_set(GameSystems::Present),
        ),
    );
}

/// The solution line to draw over the board (its first move ringed), if the trainer shows it.
#[must_use]
pub fn solution_line(trainer: &Trainer, game: &Game) -> Vec<Ghost> {
    let (Some(current), Some(puzzle)) = (trainer.current.as_ref(), trainer.puzzle()) else {
        return Vec::new();
    };
    if !current.showing_solution || !game.in_puzzle() {
        return Vec::new();
    }
    let mut line = line_ghosts(game, &puzzle.solution, puzzle.side, usize::MAX);
    if let Some(first) = line.first_mut() {
        first.ringed = true;
    }
    line
}

fn update_ghosts(game: Res<Game>, trainer: Res<Trainer>, mut ghosts: ResMut<Ghosts>) {
    let line = solution_line(&trainer, &game);
    if line != ghosts.puzzle {
        ghosts.puzzle = line;
    }
}

/// Frames keep coming while the defence is searched, so it appears as soon as it is found.
fn request_redraws(trainer: Res<Trainer>, mut redraw: MessageWriter<RequestRedraw>) {
    if trainer.busy() {
        redraw.write(RequestRedraw);
    }
}
