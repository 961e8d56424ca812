//! The opening and the clock inside [`GameRecord`]: creating a game with an opening rule,
//! whose turn it is, deciding, undoing and redoing one step at a time, and running the clock.

use super::catalogue::{Opening, centre};
use super::machine::{Machine, check_offer};
use super::symmetry::Symmetry;
use super::{Decision, Nigiri, OpeningError, OpeningRule, Phase, Side, Turn};
use crate::board::{Pos, Stone};
use crate::clock::Clock;
use crate::record::{GameRecord, GameResult, Move, MoveError, Played};
use crate::rules::Rule;
use std::time::Duration;

/// One step of the game's history, as [`GameRecord::undo_step`] and
/// [`GameRecord::redo_step`] report it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// An ordinary move.
    Move(Move),
    /// An opening decision, with the time of its stone if it placed one.
    Decision(Decision, Option<u32>),
    /// A result no move made (resignation, agreed draw, time), taken back.
    Result,
}

impl OpeningError {
    /// The nearest [`MoveError`], for callers that only know moves: the move's own error, or
    /// `GameOver` for a refusal of the opening (the game does not take that stone now).
    #[must_use]
    pub fn into_move_error(self) -> MoveError {
        match self {
            OpeningError::Move(e) | OpeningError::BadFifth { reason: e, .. } => e,
            _ => MoveError::GameOver,
        }
    }
}

impl GameRecord {
    /// A new game that starts with `opening`. RIF and Soosõrv-8 need a board with a centre
    /// point (an odd size).
    pub fn with_opening(
        rule: Rule,
        size: usize,
        opening: OpeningRule,
    ) -> Result<GameRecord, OpeningError> {
        let mut record = GameRecord::new(rule, size);
        if opening.uses_standard_openings() && centre(record.size()).is_none() {
            return Err(OpeningError::NoCentre {
                rule: opening,
                size: record.size(),
            });
        }
        record.opening = Machine::new(opening);
        Ok(record)
    }

    /// Records how the first player was drawn.
    #[must_use]
    pub fn with_nigiri(mut self, nigiri: Nigiri) -> GameRecord {
        self.nigiri = Some(nigiri);
        self
    }

    /// The nigiri that chose the first player, if there was one.
    #[must_use]
    pub fn nigiri(&self) -> Option<Nigiri> {
        self.nigiri
    }

    /// Attaches a clock; its time runs once [`Clock::start`]ed (see [`GameRecord::start_clock`]).
    #[must_use]
    pub fn with_clock(mut self, clock: Clock) -> GameRecord {
        self.clock = Some(clock);
        self
    }

    pub fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock;
    }

    #[must_use]
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// The clock, to pause or resume it, or to correct a player's time.
    pub fn clock_mut(&mut self) -> Option<&mut Clock> {
        self.clock.as_mut()
    }

    /// Starts (or resumes) the clock of whoever must act now; no effect once the game is over.
    pub fn start_clock(&mut self) {
        let who = self.turn().who;
        if !self.is_over()
            && let Some(clock) = &mut self.clock
        {
            clock.start(who);
        }
    }

    /// Runs the clock for `elapsed`. When the player to act runs out of time, the game ends
    /// on time (they lose with the colour they hold now) and the result is returned.
    pub fn tick(&mut self, elapsed: Duration) -> Option<GameResult> {
        if self.is_over() {
            return None;
        }
        let flagged = self.clock.as_mut()?.advance(elapsed)?;
        self.lose_on_time(self.colour_of(flagged)).ok()?;
        self.result().cloned()
    }

    #[must_use]
    pub fn opening_rule(&self) -> OpeningRule {
        self.opening.rule()
    }

    /// Whether the opening is over (always, under the free opening): ordinary play.
    #[must_use]
    pub fn opening_done(&self) -> bool {
        self.opening.is_done()
    }

    /// The opening decisions so far, stone placements included, in order.
    #[must_use]
    pub fn opening_log(&self) -> &[Decision] {
        &self.log
    }

    /// The undone opening decisions, in the order they would be redone (before
    /// [`GameRecord::redo_moves`]).
    pub fn redo_decisions(&self) -> impl DoubleEndedIterator<Item = &Decision> + ExactSizeIterator {
        self.redo_log.iter().rev().map(|(d, _)| d)
    }

    /// The fifth moves black offered (empty before the offer); after white's choice, still
    /// the whole offer.
    #[must_use]
    pub fn offered_fifths(&self) -> &[Pos] {
        self.opening.offered()
    }

    /// The standard opening the first three stones form, and its orientation, if they form one.
    #[must_use]
    pub fn opening_name(&self) -> Option<(Opening, Symmetry)> {
        let first: Vec<Pos> = self.moves().iter().take(3).map(|m| m.pos).collect();
        Opening::recognise(&first, self.size())
    }

    /// Whose decision it is and what may be chosen. After the game ended: `Play`, for the
    /// player who would have moved.
    #[must_use]
    pub fn turn(&self) -> Turn {
        self.opening.turn(self.side_to_move())
    }

    /// Who holds `stone` now (the first player holds black until a swap).
    #[must_use]
    pub fn holder(&self, stone: Stone) -> Side {
        self.opening.holder(stone)
    }

    /// The colour `side` holds now.
    #[must_use]
    pub fn colour_of(&self, side: Side) -> Stone {
        if self.holder(Stone::Black) == side {
            Stone::Black
        } else {
            Stone::White
        }
    }

    /// Why `decision` may not be made now, or `Ok` if it may.
    pub fn check_decision(&self, decision: &Decision) -> Result<(), OpeningError> {
        let mut probe = self.clone();
        probe.clock = None;
        probe.decide_inner(decision.clone(), None).map(|_| ())
    }

    /// Checks a partial offer of fifth moves (as black picks them one by one): each point a
    /// possible black move, none twice, no two symmetric. The count is not checked.
    pub fn check_offer(&self, points: &[Pos]) -> Result<(), OpeningError> {
        if !matches!(self.turn().phase, Phase::OfferFifths { .. }) {
            return Err(OpeningError::NotNow {
                waiting: self.turn().phase,
                got: Decision::OfferFifths(points.to_vec()),
            });
        }
        check_offer(self.board(), self.rule(), points)
    }

    /// Places a standard opening chosen from the list ([`OPENINGS`](super::OPENINGS)), seen
    /// through `symmetry`, as the first player's three stones. Nothing changes on a refusal.
    pub fn place_opening(
        &mut self,
        opening: Opening,
        symmetry: Symmetry,
    ) -> Result<(), OpeningError> {
        let stones = opening
            .stones(self.size(), symmetry)
            .ok_or(OpeningError::NoCentre {
                rule: self.opening_rule(),
                size: self.size(),
            })?;
        let mut probe = self.clone();
        for pos in stones {
            probe.decide(Decision::Place(pos))?;
        }
        *self = probe;
        Ok(())
    }

    /// The first fifth moves of `candidates` (in their order) that make a valid offer of the
    /// size black must offer now: a candidate that is impossible, repeated or symmetric to
    /// one taken already is passed over. `None` when the phase is not an offer or too few
    /// candidates fit. (The computer lists its candidates weakest first.)
    #[must_use]
    pub fn pick_offer(&self, candidates: impl IntoIterator<Item = Pos>) -> Option<Vec<Pos>> {
        let Phase::OfferFifths { count } = self.turn().phase else {
            return None;
        };
        let mut offer = Vec::with_capacity(usize::from(count));
        for p in candidates {
            offer.push(p);
            if check_offer(self.board(), self.rule(), &offer).is_err() {
                offer.pop();
            } else if offer.len() == usize::from(count) {
                return Some(offer);
            }
        }
        None
    }

    /// Makes `decision` (whoever it belongs to), clearing the redo tail. Returns the stone
    /// it placed, if it placed one.
    pub fn decide(&mut self, decision: Decision) -> Result<Option<Played>, OpeningError> {
        self.decide_timed(decision, None)
    }

    /// Makes `decision` on behalf of `side`: refused unless the decision is theirs.
    pub fn decide_as(
        &mut self,
        side: Side,
        decision: Decision,
    ) -> Result<Option<Played>, OpeningError> {
        let owner = self.turn().who;
        if owner != side && !self.is_over() {
            return Err(OpeningError::NotYours { owner });
        }
        self.decide(decision)
    }

    /// Makes `decision`, with the thinking time of the stone it places.
    pub fn decide_timed(
        &mut self,
        decision: Decision,
        time_ms: Option<u32>,
    ) -> Result<Option<Played>, OpeningError> {
        let played = self.decide_inner(decision, time_ms)?;
        self.clear_redo_moves();
        self.redo_log.clear();
        self.sync_clock(true);
        Ok(played)
    }

    /// Validates and applies `decision` (no redo or clock bookkeeping).
    pub(crate) fn decide_inner(
        &mut self,
        decision: Decision,
        time_ms: Option<u32>,
    ) -> Result<Option<Played>, OpeningError> {
        if self.is_over() {
            return Err(MoveError::GameOver.into());
        }
        if self.opening.is_done() {
            return match decision {
                Decision::Place(pos) => Ok(Some(self.apply(Move { pos, time_ms })?)),
                other => Err(OpeningError::NotNow {
                    waiting: Phase::Play,
                    got: other,
                }),
            };
        }
        self.opening
            .validate(&decision, self.board(), self.rule())?;
        let played = match decision.stone() {
            Some(pos) => Some(self.apply(Move { pos, time_ms })?),
            None => None,
        };
        self.opening.advance(&decision);
        self.log.push(decision);
        Ok(played)
    }

    /// Takes back one step: a result no move made, the last move, or the last opening
    /// decision (with its stone). Returns what was taken back.
    pub fn undo_step(&mut self) -> Option<Step> {
        let step = if self.result_without_move() {
            self.clear_result();
            Step::Result
        } else {
            let opening_stones = self.log.iter().filter(|d| d.stone().is_some()).count();
            if self.moves().len() > opening_stones {
                let mv = self.take_back_stone()?;
                self.push_redo(mv);
                Step::Move(mv)
            } else {
                let d = self.log.pop()?;
                let time_ms = match d.stone() {
                    Some(_) => self.take_back_stone()?.time_ms,
                    None => None,
                };
                self.clear_result();
                self.opening = Machine::replay(self.opening.rule(), &self.log);
                self.redo_log.push((d.clone(), time_ms));
                Step::Decision(d, time_ms)
            }
        };
        self.sync_clock(false);
        Some(step)
    }

    /// Redoes one step of the redo tail. Returns what was redone.
    pub fn redo_step(&mut self) -> Option<Step> {
        let step = match self.redo_log.last() {
            Some((d, t)) => Step::Decision(d.clone(), *t),
            None => Step::Move(self.next_redo()?),
        };
        self.redo_one()?;
        Some(step)
    }

    /// Redoes one step: `None` if nothing was redone, `Some(None)` for a decision without a
    /// stone, `Some(Some(played))` for a stone.
    pub(crate) fn redo_one(&mut self) -> Option<Option<Played>> {
        if self.is_over() {
            return None;
        }
        let played = if let Some((d, t)) = self.redo_log.last().cloned() {
            let played = self.decide_inner(d, t).ok()?;
            self.redo_log.pop();
            played
        } else {
            let mv = self.next_redo()?;
            let played = self.apply(mv).ok()?;
            self.pop_redo();
            Some(played)
        };
        self.sync_clock(true);
        Some(played)
    }

    /// Restores a saved redo tail: opening decisions (next first), then moves (next first).
    pub(crate) fn restore_redo(
        &mut self,
        decisions: Vec<(Decision, Option<u32>)>,
        moves: Vec<Move>,
    ) -> Result<(), (usize, OpeningError)> {
        let mut probe = self.clone();
        probe.clock = None;
        for (i, (d, t)) in decisions.iter().enumerate() {
            probe.decide_inner(d.clone(), *t).map_err(|e| (i, e))?;
        }
        if !moves.is_empty() && !probe.opening.is_done() {
            return Err((
                decisions.len(),
                OpeningError::NotNow {
                    waiting: probe.turn().phase,
                    got: Decision::Place(moves[0].pos),
                },
            ));
        }
        for (i, mv) in moves.iter().enumerate() {
            probe
                .apply(*mv)
                .map_err(|e| (decisions.len() + i, e.into()))?;
        }
        self.redo_log = decisions.into_iter().rev().collect();
        self.clear_redo_moves();
        for mv in moves.into_iter().rev() {
            self.push_redo(mv);
        }
        Ok(())
    }

    /// Keeps the clock with the player who must act: ends the running player's turn (when
    /// `end_turn`), or just hands the time over (after an undo); stops it at game end.
    fn sync_clock(&mut self, end_turn: bool) {
        if self.clock.is_none() {
            return;
        }
        let over = self.is_over();
        let who = self.turn().who;
        if let Some(clock) = &mut self.clock {
            if over {
                clock.stop();
            } else if end_turn {
                clock.end_turn(who);
            } else {
                clock.hand_to(who);
            }
        }
    }
}
