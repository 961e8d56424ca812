//! Resync: after a reconnection (and after any refused move) each side sends its whole game.
//! The receiver replays the peer's game through the rules core and adopts it only when it is
//! what a lost message explains:
//!
//! - it extends ours by moves of the peer's colour only (a move in flight when the link fell);
//! - it is ours finished by the peer's resignation, or by a draw we had offered;
//! - it is ours taken back to the count our undo request asked for (the agreement was lost);
//! - it is the next game, started by the peer agreeing to our "play again".
//!
//! Otherwise ours stands, and the peer, applying the same rules to ours, adopts it. A request
//! that waited when the link fell is cancelled once the peer's game has been compared.

use super::{Session, new_record};
use crate::event::{Pending, Request, Side, SyncOutcome};
use crate::protocol::{Ending, GameState, Rejection};
use gomoku_rules::{Decision, GameRecord, Pos};
use std::time::Instant;

impl Session {
    pub(super) fn peer_sync(&mut self, state: &GameState, now: Instant) {
        let lost = if std::mem::take(&mut self.awaiting_sync) {
            self.pending_at_loss.take()
        } else {
            self.pending.filter(|p| p.from == Side::Local)
        };
        let theirs = match self.replay(state) {
            Ok(record) => record,
            Err(detail) => {
                self.reject(Rejection::BadSync { detail }, "sync", None);
                self.cancel_lost(lost);
                return;
            }
        };
        let same = state.game == self.game
            && state.settings == self.settings
            && same_game(&theirs, &self.record);
        if same {
            self.report_sync(SyncOutcome::Same);
        } else if self.explains(state, &theirs, lost) {
            let new_game = state.game != self.game;
            let was_over = self.record.is_over();
            let answered = new_game
                || theirs.moves().len() < self.record.moves().len()
                || state.ending == Some(Ending::DrawAgreed);
            self.game = state.game;
            self.settings = state.settings;
            self.record = theirs;
            self.last_step_at = Some(now);
            self.flag_claimed = None;
            self.last_sent = None;
            if self.pending == lost {
                self.pending = None;
            }
            self.report_sync(SyncOutcome::Adopted);
            if new_game {
                self.events.push(crate::event::Event::GameStarted {
                    game: self.game,
                    settings: self.settings,
                    local: self.local_stone(),
                });
            } else if !was_over {
                self.report_result();
            }
            if answered {
                return;
            }
        } else {
            self.report_sync(SyncOutcome::Kept);
        }
        self.cancel_lost(lost);
    }

    /// Reports a request lost with the connection as cancelled.
    fn cancel_lost(&mut self, lost: Option<Pending>) {
        if let Some(p) = lost
            && self.pending != Some(p)
        {
            self.events.push(crate::event::Event::RequestCancelled(p));
        }
    }

    /// The peer's game replayed through the rules, or why it cannot be.
    fn replay(&self, state: &GameState) -> Result<GameRecord, String> {
        let s = &state.settings;
        if let Some(problem) = s.problem() {
            return Err(problem);
        }
        if (s.rule, s.size, s.forbidden, s.opening, s.clock)
            != (
                self.settings.rule,
                self.settings.size,
                self.settings.forbidden,
                self.settings.opening,
                self.settings.clock,
            )
        {
            return Err(
                "the rule, the board, the opening or the clock differs from this game's".to_owned(),
            );
        }
        let mut record = new_record(s);
        let mut stones = state.moves.iter().enumerate();
        for (i, decision) in state.opening.iter().enumerate() {
            if let Some(pos) = decision.stone() {
                match stones.next() {
                    Some((_, &[x, y])) if Pos::new(x, y) == pos => {}
                    _ => {
                        return Err(format!(
                            "opening step {} puts a stone that is not among the moves",
                            i + 1
                        ));
                    }
                }
            }
            record
                .decide(decision.clone())
                .map_err(|e| format!("opening step {}: {e}", i + 1))?;
        }
        for (i, &[x, y]) in stones {
            record
                .play(Pos::new(x, y))
                .map_err(|e| format!("move {} at ({x}, {y}): {e}", i + 1))?;
        }
        if record.opening_log().len() != state.opening.len() {
            return Err("the opening decisions are missing".to_owned());
        }
        match state.ending {
            None => Ok(()),
            Some(Ending::Resignation { loser }) => record.resign(loser),
            Some(Ending::DrawAgreed) => record.agree_draw(),
            Some(Ending::Time { loser }) => record.lose_on_time(loser),
        }
        .map_err(|e| format!("the ending: {e}"))?;
        match (&state.clock, s.clock) {
            (Some(clock), Some(control)) if clock.control() == control => {
                record.set_clock(Some(clock.clone()));
            }
            (None, _) => {}
            (Some(_), _) => return Err("the clock differs from this game's".to_owned()),
        }
        Ok(record)
    }

    /// Whether a lost message explains the difference between our game and `theirs`.
    fn explains(&self, state: &GameState, theirs: &GameRecord, lost: Option<Pending>) -> bool {
        let peer = self.settings.side_of(self.role.other());
        let ours = steps(&self.record);
        let their_steps = steps(theirs);
        let asked = lost.filter(|p| p.from == Side::Local).map(|p| p.request);
        if state.game != self.game {
            // Our "play again" was agreed and the agreement lost.
            let peer = state.settings.side_of(self.role.other());
            return state.game == self.game + 1
                && self.record.is_over()
                && asked
                    == Some(Request::PlayAgain {
                        black: state.settings.black,
                    })
                && all_by(new_record(&state.settings), &their_steps, peer)
                && state.ending.is_none();
        }
        if state.settings != self.settings || self.record.is_over() {
            return false;
        }
        let peer_colour = theirs.colour_of(peer);
        let ending_ok = match state.ending {
            None => true,
            Some(Ending::Resignation { loser } | Ending::Time { loser }) => loser == peer_colour,
            Some(Ending::DrawAgreed) => asked == Some(Request::Draw),
        };
        if their_steps.len() >= ours.len() {
            let mut probe = self.record.clone();
            probe.set_clock(None);
            their_steps.starts_with(&ours)
                && all_by(probe, &their_steps[ours.len()..], peer)
                && ending_ok
        } else {
            ours.starts_with(&their_steps)
                && asked
                    == Some(Request::Undo {
                        to: theirs.moves().len() as u32,
                    })
                && state.ending.is_none()
        }
    }
}

/// Every step of a game in order: the opening decisions (stones included), then the moves.
fn steps(record: &GameRecord) -> Vec<Decision> {
    let log = record.opening_log();
    let opening_stones = log.iter().filter(|d| d.stone().is_some()).count();
    log.iter()
        .cloned()
        .chain(
            record.moves()[opening_stones.min(record.moves().len())..]
                .iter()
                .map(|m| Decision::Place(m.pos)),
        )
        .collect()
}

/// Whether every one of `steps`, made from `record` on, belongs to `side`.
fn all_by(mut record: GameRecord, steps: &[Decision], side: gomoku_rules::Side) -> bool {
    steps
        .iter()
        .all(|d| record.turn().who == side && !record.is_over() && record.decide(d.clone()).is_ok())
}

/// Whether two records hold the same steps and the same result (redo tails and clocks aside).
fn same_game(a: &GameRecord, b: &GameRecord) -> bool {
    steps(a) == steps(b) && a.result() == b.result()
}
