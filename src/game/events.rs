//! `GameEvents`: the writers of the flow's outgoing messages, with the helpers that announce
//! a whole board (after a load) or a result.

use super::messages::{
    BoardReset, Decided, GameOver, MoveRefused, Notice, Origin, ProposalAnswered, ProposalMade,
    StonePlaced, StoneRemoved,
};
use super::state::Game;
use bevy::prelude::*;
use gomoku_rules::{GameResult, Played, Stone};

/// The messages a change of the game produces.
#[derive(bevy::ecs::system::SystemParam)]
pub struct GameEvents<'w> {
    pub placed: MessageWriter<'w, StonePlaced>,
    pub removed: MessageWriter<'w, StoneRemoved>,
    pub reset: MessageWriter<'w, BoardReset>,
    pub over: MessageWriter<'w, GameOver>,
    pub refused: MessageWriter<'w, MoveRefused>,
    pub notices: MessageWriter<'w, Notice>,
    pub proposed: MessageWriter<'w, ProposalMade>,
    pub answered: MessageWriter<'w, ProposalAnswered>,
    pub decided: MessageWriter<'w, Decided>,
}

impl GameEvents<'_> {
    pub fn notice(&mut self, notice: Notice) {
        self.notices.write(notice);
    }

    pub fn game_over(&mut self, result: &GameResult, origin: Origin) {
        self.over.write(GameOver {
            result: result.clone(),
            line: result.line.clone(),
            origin,
        });
    }

    /// A stone the record just played (move `number`), and the result it made, if any.
    pub fn played(&mut self, played: &Played, number: usize, origin: Origin) {
        self.placed.write(StonePlaced {
            pos: played.pos,
            stone: played.stone,
            number,
            origin,
        });
        if let Some(result) = &played.result {
            self.game_over(result, origin);
        }
    }

    /// Clears the board and announces every stone of `game` (and its result, if any).
    pub fn replace(&mut self, game: &Game) {
        self.reset.write(BoardReset {
            origin: Origin::Load,
        });
        for (i, mv) in game.record.moves().iter().enumerate() {
            self.placed.write(StonePlaced {
                pos: mv.pos,
                stone: Stone::for_move(i),
                number: i + 1,
                origin: Origin::Load,
            });
        }
        if let Some(result) = game.record.result() {
            self.game_over(result, Origin::Load);
        }
    }
}
