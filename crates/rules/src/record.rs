//! The game record: moves in order, undo / redo, and the result with its reason.

use crate::board::{Board, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, Pos, Stone};
use crate::rules::{self, Forbidden, Rule};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One move of the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub pos: Pos,
    /// Thinking time spent on the move, when known.
    pub time_ms: Option<u32>,
}

impl Move {
    #[must_use]
    pub fn new(pos: Pos) -> Move {
        Move { pos, time_ms: None }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Win(Stone),
    Draw,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reason {
    /// The winner made five in a row.
    Five,
    /// Black played a forbidden point (renju, strict play) and lost.
    Forbidden(Forbidden),
    /// No empty point is left.
    BoardFull,
    /// The loser resigned.
    Resignation,
    /// Both players agreed to a draw.
    DrawAgreed,
    /// The loser ran out of time.
    Time,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    pub outcome: Outcome,
    pub reason: Reason,
    /// The cells of the winning five (empty unless the reason is `Five`).
    pub line: Vec<Pos>,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.outcome, self.reason) {
            (Outcome::Win(s), Reason::Five) => write!(f, "{s} wins with five in a row"),
            (Outcome::Win(s), Reason::Forbidden(k)) => {
                write!(f, "{s} wins: black played a forbidden {k}")
            }
            (Outcome::Win(s), Reason::Resignation) => write!(f, "{s} wins by resignation"),
            (Outcome::Win(s), Reason::Time) => write!(f, "{s} wins on time"),
            (Outcome::Win(s), _) => write!(f, "{s} wins"),
            (Outcome::Draw, Reason::BoardFull) => f.write_str("draw: the board is full"),
            (Outcome::Draw, Reason::DrawAgreed) => f.write_str("draw by agreement"),
            (Outcome::Draw, _) => f.write_str("draw"),
        }
    }
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum MoveError {
    #[error("the game is already over")]
    GameOver,
    #[error("the point is off the board")]
    OffBoard,
    #[error("the point is already occupied")]
    Occupied,
    #[error("the point is forbidden for black ({0})")]
    Forbidden(Forbidden),
}

/// What to do when black plays a forbidden point under renju.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ForbiddenPolicy {
    /// Refuse the move (friendly play).
    #[default]
    Refuse,
    /// Accept it and black loses on the spot (strict RIF play).
    Lose,
}

/// What a successfully played move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub stone: Stone,
    pub pos: Pos,
    /// Set when this move ended the game.
    pub result: Option<GameResult>,
}

/// A game in progress or finished: the rule, the board, the moves and the redo tail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    rule: Rule,
    policy: ForbiddenPolicy,
    board: Board,
    moves: Vec<Move>,
    /// Undone moves, the next one to redo last.
    redo: Vec<Move>,
    result: Option<GameResult>,
}

impl Default for GameRecord {
    fn default() -> Self {
        GameRecord::new(Rule::default(), DEFAULT_SIZE)
    }
}

impl GameRecord {
    /// A new game. The size is clamped to the supported range (5..=20).
    #[must_use]
    pub fn new(rule: Rule, size: usize) -> GameRecord {
        GameRecord {
            rule,
            policy: ForbiddenPolicy::default(),
            board: Board::new(size.clamp(MIN_SIZE, MAX_SIZE)),
            moves: Vec::new(),
            redo: Vec::new(),
            result: None,
        }
    }

    #[must_use]
    pub fn with_policy(mut self, policy: ForbiddenPolicy) -> GameRecord {
        self.policy = policy;
        self
    }

    pub fn set_policy(&mut self, policy: ForbiddenPolicy) {
        self.policy = policy;
    }

    #[must_use]
    pub fn policy(&self) -> ForbiddenPolicy {
        self.policy
    }

    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[must_use]
    pub fn size(&self) -> usize {
        self.board.size()
    }

    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The undone moves, in the order they would be redone.
    pub fn redo_moves(&self) -> impl DoubleEndedIterator<Item = &Move> + ExactSizeIterator {
        self.redo.iter().rev()
    }

    #[must_use]
    pub fn last_move(&self) -> Option<Pos> {
        self.moves.last().map(|m| m.pos)
    }

    /// The colour to move.
    #[must_use]
    pub fn side_to_move(&self) -> Stone {
        Stone::for_move(self.moves.len())
    }

    #[must_use]
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    #[must_use]
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// Why the side to move may not play at `pos`, or `Ok` if it may.
    /// Under the `Lose` policy a forbidden point is still playable (and loses).
    pub fn check(&self, pos: Pos) -> Result<(), MoveError> {
        if self.result.is_some() {
            return Err(MoveError::GameOver);
        }
        if !self.board.contains(pos) {
            return Err(MoveError::OffBoard);
        }
        if self.board.get(pos).is_some() {
            return Err(MoveError::Occupied);
        }
        if self.policy == ForbiddenPolicy::Refuse
            && let Some(kind) = self.forbidden_at(pos)
        {
            return Err(MoveError::Forbidden(kind));
        }
        Ok(())
    }

    /// Why black, to move under renju, may not play at `pos`; `None` otherwise.
    #[must_use]
    pub fn forbidden_at(&self, pos: Pos) -> Option<Forbidden> {
        (self.rule == Rule::Renju && self.side_to_move() == Stone::Black)
            .then(|| rules::forbidden(&self.board, pos))
            .flatten()
    }

    /// The forbidden points for the side to move (empty unless black is to move under renju).
    #[must_use]
    pub fn forbidden_points(&self) -> Vec<(Pos, Forbidden)> {
        if self.rule == Rule::Renju && self.side_to_move() == Stone::Black && !self.is_over() {
            rules::forbidden_points(&self.board)
        } else {
            Vec::new()
        }
    }

    /// Plays the side to move at `pos`. A new move clears the redo tail.
    pub fn play(&mut self, pos: Pos) -> Result<Played, MoveError> {
        self.play_move(Move::new(pos))
    }

    /// Plays `mv` (keeping its time), clearing the redo tail.
    pub fn play_move(&mut self, mv: Move) -> Result<Played, MoveError> {
        let played = self.apply(mv)?;
        self.redo.clear();
        Ok(played)
    }

    fn apply(&mut self, mv: Move) -> Result<Played, MoveError> {
        self.check(mv.pos)?;
        let stone = self.side_to_move();
        let forbidden = self.forbidden_at(mv.pos);
        let line = rules::winning_line(&self.board, mv.pos, stone, self.rule);
        self.board.set(mv.pos, Some(stone));
        self.moves.push(mv);
        self.result = match (line, forbidden) {
            (Some(line), _) => Some(GameResult {
                outcome: Outcome::Win(stone),
                reason: Reason::Five,
                line,
            }),
            (None, Some(kind)) => Some(GameResult {
                outcome: Outcome::Win(Stone::White),
                reason: Reason::Forbidden(kind),
                line: Vec::new(),
            }),
            (None, None) if self.board.is_full() => Some(GameResult {
                outcome: Outcome::Draw,
                reason: Reason::BoardFull,
                line: Vec::new(),
            }),
            (None, None) => None,
        };
        Ok(Played {
            stone,
            pos: mv.pos,
            result: self.result.clone(),
        })
    }

    /// Takes back the last move (it goes onto the redo tail). A result that no move made
    /// (resignation, agreed draw, time) is taken back first, on its own.
    /// Returns the move taken back, if any.
    pub fn undo(&mut self) -> Option<Move> {
        if let Some(r) = &self.result
            && matches!(
                r.reason,
                Reason::Resignation | Reason::DrawAgreed | Reason::Time
            )
        {
            self.result = None;
            return None;
        }
        let mv = self.moves.pop()?;
        self.board.set(mv.pos, None);
        self.result = None;
        self.redo.push(mv);
        Some(mv)
    }

    /// Plays the next move of the redo tail again; the rest of the tail stays.
    pub fn redo(&mut self) -> Option<Played> {
        let mv = *self.redo.last()?;
        let played = self.apply(mv).ok()?;
        self.redo.pop();
        Some(played)
    }

    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.moves.is_empty()
            || self.result.as_ref().is_some_and(|r| {
                matches!(
                    r.reason,
                    Reason::Resignation | Reason::DrawAgreed | Reason::Time
                )
            })
    }

    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty() && !self.is_over()
    }

    /// `loser` resigns.
    pub fn resign(&mut self, loser: Stone) -> Result<(), MoveError> {
        self.finish(Outcome::Win(loser.opponent()), Reason::Resignation)
    }

    /// The players agreed to a draw.
    pub fn agree_draw(&mut self) -> Result<(), MoveError> {
        self.finish(Outcome::Draw, Reason::DrawAgreed)
    }

    /// `loser` ran out of time.
    pub fn lose_on_time(&mut self, loser: Stone) -> Result<(), MoveError> {
        self.finish(Outcome::Win(loser.opponent()), Reason::Time)
    }

    fn finish(&mut self, outcome: Outcome, reason: Reason) -> Result<(), MoveError> {
        if self.result.is_some() {
            return Err(MoveError::GameOver);
        }
        self.result = Some(GameResult {
            outcome,
            reason,
            line: Vec::new(),
        });
        Ok(())
    }

    /// Replaces the redo tail (`next` first). Every move must be playable in turn from the
    /// current position; on the first one that is not, nothing changes and its index is returned.
    pub fn set_redo(&mut self, next: Vec<Move>) -> Result<(), (usize, MoveError)> {
        let mut probe = self.clone();
        for (i, mv) in next.iter().enumerate() {
            probe.apply(*mv).map_err(|e| (i, e))?;
        }
        self.redo = next.into_iter().rev().collect();
        Ok(())
    }

    /// Plays a sequence of positions from the current state; on the first refused one, stops
    /// and returns its index (the earlier moves stay played).
    pub fn play_all(&mut self, positions: &[Pos]) -> Result<(), (usize, MoveError)> {
        for (i, &p) in positions.iter().enumerate() {
            self.play(p).map_err(|e| (i, e))?;
        }
        Ok(())
    }
}
