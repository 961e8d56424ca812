//! The game on the board (`Game`: record, seats, replay position, the pending proposal) and
//! the first game of the run (`StartupGame`).

use super::messages::{MoveRequest, Notice, Proposal, ProposalKind};
use super::seats::{Actor, GameMode, Seats};
use super::setup::GameSetup;
use bevy::prelude::*;
use gomoku_rules::save::{Players, SavedGame};
use gomoku_rules::{GameRecord, Pos, Stone};

/// The first game of the run, from the command line: a setup, and a game to continue from
/// (`--open`, `--moves`) if any.
#[derive(Resource, Clone, Debug, Default)]
pub struct StartupGame {
    pub setup: GameSetup,
    pub saved: Option<SavedGame>,
    /// A game was asked for on the command line (e.g. `--mode`): the autosave is not offered.
    pub fresh: bool,
    /// The file asked for could not be opened: shown once the window is up.
    pub problem: Option<Notice>,
}

/// The game on the board.
#[derive(Resource, Clone, Debug)]
pub struct Game {
    pub record: GameRecord,
    pub seats: Seats,
    /// False once the game was ended with "End game": the board stays empty and takes no moves.
    pub active: bool,
    /// A proposal waiting for the other seat's answer.
    pub pending: Option<Proposal>,
    /// The setup the game was started with ("Restart" and "Play again" reuse it).
    pub setup: GameSetup,
    /// While the player steps through the game: the whole game (`record` is then the position
    /// shown). "Continue from here" plays on from the shown position.
    pub review: Option<GameRecord>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(GameSetup::default())
    }
}

impl Game {
    #[must_use]
    pub fn new(setup: GameSetup) -> Game {
        let record = GameRecord::new(setup.rule, setup.board_size()).with_policy(setup.policy);
        Game::started(setup, record)
    }

    /// A game continued from a saved or imported record.
    #[must_use]
    pub fn from_saved(saved: SavedGame) -> Game {
        let setup = GameSetup {
            seats: Seats::from_players(&saved.players),
            rule: saved.record.rule(),
            policy: saved.record.policy(),
            size: saved.record.size(),
        };
        Game::started(setup, saved.record)
    }

    fn started(setup: GameSetup, record: GameRecord) -> Game {
        Game {
            record,
            seats: setup.seats.clone(),
            active: true,
            pending: None,
            setup,
            review: None,
        }
    }

    /// The same setup again, from an empty board ("Restart", "Play again").
    pub fn restart(&mut self) {
        *self = Game::new(self.setup.clone());
    }

    #[must_use]
    pub fn mode(&self) -> GameMode {
        self.seats.mode()
    }

    /// The players as saved with the game.
    #[must_use]
    pub fn players(&self) -> Players {
        self.seats.players()
    }

    /// The game as it is saved (the whole game while replaying).
    #[must_use]
    pub fn saved(&self) -> SavedGame {
        SavedGame {
            record: self.full_record().clone(),
            players: self.players(),
        }
    }

    /// Moves can be played: a game is on, not finished, and not being replayed.
    #[must_use]
    pub fn in_progress(&self) -> bool {
        self.active && !self.record.is_over() && self.review.is_none()
    }

    /// The controller of the side to move, while a game is in progress.
    #[must_use]
    pub fn actor_to_move(&self) -> Option<Actor> {
        self.in_progress()
            .then(|| self.seats.actor(self.record.side_to_move()))
    }

    /// A game is on and the computer plays the side to move.
    #[must_use]
    pub fn computer_to_move(&self) -> bool {
        self.actor_to_move() == Some(Actor::Computer)
    }

    /// A person at this computer may place the next stone now.
    #[must_use]
    pub fn local_to_move(&self) -> bool {
        self.actor_to_move() == Some(Actor::Local) && self.pending.is_none()
    }

    /// A proposal of this kind waits for an answer.
    #[must_use]
    pub fn pending_kind(&self) -> Option<ProposalKind> {
        self.pending.map(|p| p.kind)
    }

    /// The whole game: while replaying, the game being replayed, else the record on the board.
    #[must_use]
    pub fn full_record(&self) -> &GameRecord {
        self.review.as_ref().unwrap_or(&self.record)
    }

    /// A game with moves on the board and no result: leaving it loses something.
    #[must_use]
    pub fn worth_keeping(&self) -> bool {
        let full = self.full_record();
        self.active && !full.is_over() && !full.moves().is_empty()
    }

    /// The number of positions a replay steps through, less one: every move played and
    /// taken back.
    #[must_use]
    pub fn replay_len(&self) -> usize {
        let full = self.full_record();
        full.moves().len() + full.redo_moves().len()
    }

    /// The move the board shows (0: the empty board).
    #[must_use]
    pub fn replay_index(&self) -> usize {
        self.record.moves().len()
    }

    /// The move list as points.
    #[must_use]
    pub fn points(&self) -> Vec<Pos> {
        self.record.moves().iter().map(|m| m.pos).collect()
    }

    /// The colour whose last move an undo by `by` takes back to: `by`'s own last move.
    #[must_use]
    pub fn last_move_of(&self, stone: Stone) -> Option<usize> {
        (0..self.record.moves().len())
            .rev()
            .find(|&i| Stone::for_move(i) == stone)
    }

    /// Whether a person here has something to take back (against the computer or a remote
    /// player: one of the person's own moves, or a result).
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.can_undo_for(self.mode().human())
    }

    /// Whether an undo back to `owner`'s last move (or, for `None`, one move) is possible.
    #[must_use]
    pub fn can_undo_for(&self, owner: Option<Stone>) -> bool {
        if !self.active || self.review.is_some() || !self.record.can_undo() {
            return false;
        }
        match owner {
            Some(owner) => self.record.is_over() || self.last_move_of(owner).is_some(),
            None => true,
        }
    }

    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.active && self.review.is_none() && self.record.can_redo() && !self.networked()
    }

    /// Whether the game can be restarted or ended here (not a network game: both sides hold
    /// it; "play again" and "leave" are the network's ways).
    #[must_use]
    pub fn can_restart(&self) -> bool {
        self.active && !self.networked()
    }

    /// A player on the network holds a seat (replay, redo and mode changes are locked).
    #[must_use]
    pub fn networked(&self) -> bool {
        self.seats.stones_of(Actor::Remote).next().is_some()
    }

    /// The request a person's click on `pos` makes now.
    #[must_use]
    pub fn local_move(&self, pos: Pos) -> MoveRequest {
        MoveRequest {
            pos,
            from: Actor::Local,
            moves_before: self.record.moves().len(),
        }
    }
}
