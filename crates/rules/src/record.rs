//! The game record: moves in order, undo / redo, and the result with its reason.

use crate::board::{Board, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, Pos, Stone};
use crate::clock::Clock;
use crate::opening::{Decision, Machine, Nigiri, OpeningError, OpeningRule, Step};
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
    /// Renju: black is to move and every empty point is forbidden for it.
    NoLegalMove,
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
            (Outcome::Draw, Reason::NoLegalMove) => {
                f.write_str("draw: every empty point is forbidden for black")
            }
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

/// A game in progress or finished: the rule, the board, the moves and the redo tail, the
/// opening (its rule, decisions and who holds which colour) and the clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    rule: Rule,
    policy: ForbiddenPolicy,
    board: Board,
    moves: Vec<Move>,
    /// Undone ordinary moves, the next one to redo last.
    redo: Vec<Move>,
    result: Option<GameResult>,
    /// The opening's state, derived from `log`.
    pub(crate) opening: Machine,
    /// Every opening decision in order, stone placements included (their stones are also in
    /// `moves`, in the same order).
    pub(crate) log: Vec<Decision>,
    /// Undone opening decisions with the time of their stone, the next one to redo last.
    /// They come before every move of `redo`.
    pub(crate) redo_log: Vec<(Decision, Option<u32>)>,
    pub(crate) nigiri: Option<Nigiri>,
    pub(crate) clock: Option<Clock>,
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
            opening: Machine::new(OpeningRule::Free),
            log: Vec::new(),
            redo_log: Vec::new(),
            nigiri: None,
            clock: None,
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
    /// During an opening the stone must also be what the opening waits for; any other
    /// refusal of the opening reads as `GameOver` here ([`GameRecord::check_decision`] says
    /// exactly why).
    pub fn check(&self, pos: Pos) -> Result<(), MoveError> {
        if self.opening.is_done() {
            self.check_stone(pos)
        } else {
            self.check_decision(&self.stone_decision(pos))
                .map_err(OpeningError::into_move_error)
        }
    }

    /// The decision a stone on `pos` stands for: the choice of a fifth move while white
    /// chooses one, otherwise a placement.
    fn stone_decision(&self, pos: Pos) -> Decision {
        if self.opening.offered().is_empty() || self.opening.is_done() {
            Decision::Place(pos)
        } else if matches!(self.turn().phase, crate::opening::Phase::ChooseFifth { .. }) {
            Decision::ChooseFifth(pos)
        } else {
            Decision::Place(pos)
        }
    }

    /// Whether the next stone may go on `pos`, as far as the board and the rule go.
    pub(crate) fn check_stone(&self, pos: Pos) -> Result<(), MoveError> {
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

    /// Renju, black to move: every empty point is forbidden.
    fn black_has_no_legal_move(&self) -> bool {
        self.rule == Rule::Renju
            && self.side_to_move() == Stone::Black
            && !rules::black_can_move(&self.board)
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

    /// Plays `mv` (keeping its time), clearing the redo tail. During an opening this places
    /// the opening stone the opening waits for ([`GameRecord::decide`] with
    /// [`Decision::Place`]), or, while white chooses a fifth move, chooses the offered one on
    /// that point ([`Decision::ChooseFifth`]); see [`GameRecord::check`] for the errors.
    pub fn play_move(&mut self, mv: Move) -> Result<Played, MoveError> {
        let played = self
            .decide_timed(self.stone_decision(mv.pos), mv.time_ms)
            .map_err(OpeningError::into_move_error)?;
        played.ok_or(MoveError::GameOver)
    }

    /// Puts the next stone on the board and judges the result (no opening bookkeeping).
    pub(crate) fn apply(&mut self, mv: Move) -> Result<Played, MoveError> {
        self.check_stone(mv.pos)?;
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
            (None, None) if self.black_has_no_legal_move() => Some(GameResult {
                outcome: Outcome::Draw,
                reason: Reason::NoLegalMove,
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

    /// Takes the last stone off the board (no opening bookkeeping).
    pub(crate) fn take_back_stone(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.board.set(mv.pos, None);
        self.result = None;
        Some(mv)
    }

    /// Whether the result is one that no move made (resignation, agreed draw, time), which
    /// undo takes back on its own.
    pub(crate) fn result_without_move(&self) -> bool {
        self.result.as_ref().is_some_and(|r| {
            matches!(
                r.reason,
                Reason::Resignation | Reason::DrawAgreed | Reason::Time
            )
        })
    }

    pub(crate) fn clear_result(&mut self) {
        self.result = None;
    }

    pub(crate) fn push_redo(&mut self, mv: Move) {
        self.redo.push(mv);
    }

    pub(crate) fn pop_redo(&mut self) -> Option<Move> {
        self.redo.pop()
    }

    pub(crate) fn next_redo(&self) -> Option<Move> {
        self.redo.last().copied()
    }

    pub(crate) fn clear_redo_moves(&mut self) {
        self.redo.clear();
    }

    /// Takes back the last stone (it goes onto the redo tail), with any opening decisions
    /// made after it. A result that no move made (resignation, agreed draw, time) is taken
    /// back first, on its own. Returns the stone taken back, if any.
    /// [`GameRecord::undo_step`] takes back one step at a time, decisions included.
    pub fn undo(&mut self) -> Option<Move> {
        if self.result_without_move() {
            self.undo_step();
            return None;
        }
        loop {
            match self.undo_step()? {
                Step::Move(mv) => return Some(mv),
                Step::Decision(d, time_ms) => {
                    if let Some(pos) = d.stone() {
                        return Some(Move { pos, time_ms });
                    }
                }
                Step::Result => return None,
            }
        }
    }

    /// Plays the next stone of the redo tail again, with the opening decisions before it; the
    /// rest of the tail stays. [`GameRecord::redo_step`] redoes one step at a time.
    pub fn redo(&mut self) -> Option<Played> {
        loop {
            if let Some(played) = self.redo_one()? {
                return Some(played);
            }
        }
    }

    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.moves.is_empty() || !self.log.is_empty() || self.result_without_move()
    }

    #[must_use]
    pub fn can_redo(&self) -> bool {
        (!self.redo.is_empty() || !self.redo_log.is_empty()) && !self.is_over()
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
        if let Some(clock) = &mut self.clock {
            clock.stop();
        }
        Ok(())
    }

    /// Replaces the whole redo tail (undone opening decisions included) by `next`, first
    /// first. Every move must be playable in turn from the current position (during an
    /// opening, as the opening stones it waits for); on the first one that is not, nothing
    /// changes and its index is returned.
    pub fn set_redo(&mut self, next: Vec<Move>) -> Result<(), (usize, MoveError)> {
        let mut probe = self.clone();
        let mut decisions = Vec::new();
        let mut moves = Vec::new();
        for (i, mv) in next.iter().enumerate() {
            if probe.opening.is_done() {
                probe.apply(*mv).map_err(|e| (i, e))?;
                moves.push(*mv);
            } else {
                let d = Decision::Place(mv.pos);
                probe
                    .decide_inner(d.clone(), mv.time_ms)
                    .map_err(|e| (i, e.into_move_error()))?;
                decisions.push((d, mv.time_ms));
            }
        }
        self.redo_log = decisions.into_iter().rev().collect();
        self.redo = moves.into_iter().rev().collect();
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
