//! The game on the board (`Game`: record, seats, replay position, the pending proposal; a
//! puzzle of the trainer is a game too, with a trainer seat) and the first game of the run
//! (`StartupGame`).

use super::messages::{MoveRequest, Notice, Proposal, ProposalKind};
use super::seats::{Actor, GameMode, Seat, Seats};
use super::setup::GameSetup;
use bevy::prelude::*;
use gomoku_rules::opening::Phase;
use gomoku_rules::save::{Players, SavedGame};
use gomoku_rules::{Clock, GameRecord, Nigiri, Pos, Side, Stone, TimeControl, Turn};

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
    /// False once the game was ended with "End game" (the board stays empty) or a puzzle
    /// ended (its stones stay): the board takes no moves.
    pub active: bool,
    /// A proposal waiting for the other seat's answer.
    pub pending: Option<Proposal>,
    /// The setup the game was started with ("Restart" and "Play again" reuse it).
    pub setup: GameSetup,
    /// While the player steps through the game: the whole game (`record` is then the position
    /// shown). "Continue from here" plays on from the shown position.
    pub review: Option<GameRecord>,
    /// The fifth moves the player with black has picked so far for an offer, with the
    /// `progress` they were picked at (a draft of another position does not count).
    pub offer_draft: (usize, Vec<Pos>),
}

impl Default for Game {
    fn default() -> Self {
        Game::new(GameSetup::default())
    }
}

impl Game {
    /// A new game of `setup`; with 猜先 the first player is drawn from the system clock.
    #[must_use]
    pub fn new(setup: GameSetup) -> Game {
        Game::drawn(setup, nigiri_seed())
    }

    /// A new game of `setup`, with the nigiri (if the setup asks for one) drawn from `seed`.
    #[must_use]
    pub fn drawn(setup: GameSetup, seed: u64) -> Game {
        let size = setup.board_size();
        let mut record = GameRecord::with_opening(setup.rule, size, setup.opening_rule())
            .unwrap_or_else(|_| GameRecord::new(setup.rule, size))
            .with_policy(setup.policy);
        if setup.clock != TimeControl::Unlimited {
            record = record.with_clock(Clock::new(setup.clock));
        }
        let mut seats = setup.seats.clone();
        if setup.nigiri {
            let nigiri = Nigiri::from_seed(seed);
            record = record.with_nigiri(nigiri);
            // The player listed second guessed right: they start (and hold black).
            if nigiri.swaps_players() {
                std::mem::swap(&mut seats.black, &mut seats.white);
            }
        }
        let mut game = Game::started(setup, record);
        game.seats = seats;
        game
    }

    /// A game continued from a saved or imported record.
    #[must_use]
    pub fn from_saved(saved: SavedGame) -> Game {
        let setup = GameSetup {
            seats: Seats::from_players(&saved.players),
            rule: saved.record.rule(),
            policy: saved.record.policy(),
            size: saved.record.size(),
            opening: saved.record.opening_rule(),
            nigiri: saved.record.nigiri().is_some(),
            clock: saved
                .record
                .clock()
                .map_or(TimeControl::Unlimited, Clock::control),
        };
        Game::started(setup, saved.record)
    }

    fn started(setup: GameSetup, mut record: GameRecord) -> Game {
        record.start_clock();
        Game {
            record,
            seats: setup.seats.clone(),
            active: true,
            pending: None,
            setup,
            review: None,
            offer_draft: (0, Vec::new()),
        }
    }

    /// A puzzle's position `record`: the person here plays `attacker`, the trainer defends.
    #[must_use]
    pub fn puzzle(record: GameRecord, attacker: Stone) -> Game {
        let mut seats = Seats::new(Seat::LOCAL, Seat::LOCAL);
        *seats.get_mut(attacker.opponent()) = Seat::Trainer;
        let setup = GameSetup {
            seats,
            rule: record.rule(),
            policy: record.policy(),
            size: record.size(),
            ..GameSetup::default()
        };
        Game::started(setup, record)
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

    /// Whose decision the game waits for and what it is (a move, or a step of the opening).
    #[must_use]
    pub fn turn(&self) -> Turn {
        self.record.turn()
    }

    /// The colour of the player who must act now: the side to move in ordinary play; during
    /// an opening, the player whose decision it is (the first player places stones of both
    /// colours).
    #[must_use]
    pub fn stone_to_act(&self) -> Stone {
        self.record.colour_of(self.record.turn().who)
    }

    /// The controller of the player who must act now, while a game is in progress.
    #[must_use]
    pub fn actor_to_move(&self) -> Option<Actor> {
        self.in_progress()
            .then(|| self.seats.actor(self.stone_to_act()))
    }

    /// The opening is under way and waits for something other than a stone of ordinary play.
    #[must_use]
    pub fn in_opening(&self) -> bool {
        !self.record.opening_done() && !self.record.is_over()
    }

    /// The seats follow the players when a decision (a swap, a choice of colour, or undoing
    /// one) changes which colour each holds: `black_before` is who held black before.
    pub fn follow_colours(&mut self, black_before: Side) {
        if self.record.holder(Stone::Black) != black_before {
            std::mem::swap(&mut self.seats.black, &mut self.seats.white);
        }
    }

    /// The colour of the stone a click places now (for the ghost): the opening stone's
    /// colour, black while black picks or white chooses fifth moves, else the side to move.
    #[must_use]
    pub fn ghost_colour(&self) -> Stone {
        match self.record.turn().phase {
            Phase::Place { stone, .. } => stone,
            Phase::OfferFifths { .. } | Phase::ChooseFifth { .. } => Stone::Black,
            _ => self.record.side_to_move(),
        }
    }

    /// Whether a click on `pos` can do something now (the ghost shows only there).
    #[must_use]
    pub fn clickable(&self, pos: Pos) -> bool {
        match self.record.turn().phase {
            Phase::ChooseFifth { offered } => offered.contains(&pos),
            Phase::Swap | Phase::DeclareFifths { .. } | Phase::Swap2 | Phase::Swap2Colour => false,
            _ => self.record.board().get(pos).is_none(),
        }
    }

    /// The fifth moves picked so far for black's offer, while black offers.
    #[must_use]
    pub fn offer_draft(&self) -> &[Pos] {
        match self.record.turn().phase {
            Phase::OfferFifths { .. }
                if !self.record.is_over() && self.offer_draft.0 == self.progress() =>
            {
                &self.offer_draft.1
            }
            _ => &[],
        }
    }

    /// The fifth moves offered for white's choice, while white chooses.
    #[must_use]
    pub fn offered_fifths(&self) -> &[Pos] {
        match self.record.turn().phase {
            Phase::ChooseFifth { .. } if !self.record.is_over() => self.record.offered_fifths(),
            _ => &[],
        }
    }

    /// A game is on and the computer plays the side to move.
    #[must_use]
    pub fn computer_to_move(&self) -> bool {
        self.actor_to_move() == Some(Actor::Computer)
    }

    /// A person at this computer must act now (a stone, or a decision of the opening).
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

    /// Whether a person here has something to take back (against the computer or a remote
    /// player: one of the person's own moves or decisions, or a result).
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.can_undo_for(self.mode().human())
    }

    /// Whether an undo back to before `owner`'s last step (or, for `None`, one step) is
    /// possible.
    #[must_use]
    pub fn can_undo_for(&self, owner: Option<Stone>) -> bool {
        self.active
            && self.review.is_none()
            && self.record.can_undo()
            && super::history::undo_steps(&self.record, owner.map(|s| self.record.holder(s)))
                .is_some()
    }

    /// How far the game has gone: stones plus opening decisions (a stamp that tells whether a
    /// decision was made for the position on the board).
    #[must_use]
    pub fn progress(&self) -> usize {
        self.record.moves().len() + self.record.opening_log().len()
    }

    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.active
            && self.review.is_none()
            && self.record.can_redo()
            && !self.networked()
            && !self.in_puzzle()
    }

    /// Whether the game can be restarted or ended here (not a network game: both sides hold
    /// it; "play again" and "leave" are the network's ways; not a puzzle: the trainer retries
    /// and leaves).
    #[must_use]
    pub fn can_restart(&self) -> bool {
        self.active && !self.networked() && !self.in_puzzle()
    }

    /// A puzzle of the trainer is on the board (undo, redo, replay, hints, analysis, draws,
    /// resigning, seats, statistics and the autosave keep out of it).
    #[must_use]
    pub fn in_puzzle(&self) -> bool {
        self.seats.stones_of(Actor::Trainer).next().is_some()
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

/// A seed for the nigiri: the system clock's nanoseconds (the draw only has to be
/// unpredictable to the players).
fn nigiri_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
