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
use gomoku_rules::{GameRecord, Pos, Stone};

impl Session {
    pub(super) fn peer_sync(&mut self, state: &GameState) {
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
        if !s.is_valid() {
            return Err(format!("board size {} is not supported", s.size));
        }
        if (s.rule, s.size, s.forbidden)
            != (
                self.settings.rule,
                self.settings.size,
                self.settings.forbidden,
            )
        {
            return Err("the rule or the board differs from this game's".to_owned());
        }
        let mut record = new_record(s);
        for (i, &[x, y]) in state.moves.iter().enumerate() {
            record
                .play(Pos::new(x, y))
                .map_err(|e| format!("move {} at ({x}, {y}): {e}", i + 1))?;
        }
        match state.ending {
            None => Ok(()),
            Some(Ending::Resignation { loser }) => record.resign(loser),
            Some(Ending::DrawAgreed) => record.agree_draw(),
        }
        .map_err(|e| format!("the ending: {e}"))?;
        Ok(record)
    }

    /// Whether a lost message explains the difference between our game and `theirs`.
    fn explains(&self, state: &GameState, theirs: &GameRecord, lost: Option<Pending>) -> bool {
        let peer = self.settings.stone_of(self.role.other());
        let ours = self.record.moves();
        let their_moves = theirs.moves();
        let asked = lost.filter(|p| p.from == Side::Local).map(|p| p.request);
        if state.game != self.game {
            // Our "play again" was agreed and the agreement lost.
            return state.game == self.game + 1
                && self.record.is_over()
                && asked
                    == Some(Request::PlayAgain {
                        black: state.settings.black,
                    })
                && their_moves.iter().enumerate().all(|(i, _)| {
                    Stone::for_move(i) == state.settings.stone_of(self.role.other())
                })
                && state.ending.is_none();
        }
        if state.settings != self.settings || self.record.is_over() {
            return false;
        }
        let ending_ok = match state.ending {
            None => true,
            Some(Ending::Resignation { loser }) => loser == peer,
            Some(Ending::DrawAgreed) => asked == Some(Request::Draw),
        };
        if their_moves.len() >= ours.len() {
            their_moves.starts_with(ours)
                && their_moves[ours.len()..]
                    .iter()
                    .enumerate()
                    .all(|(i, _)| Stone::for_move(ours.len() + i) == peer)
                && ending_ok
        } else {
            ours.starts_with(their_moves)
                && asked
                    == Some(Request::Undo {
                        to: their_moves.len() as u32,
                    })
                && state.ending.is_none()
        }
    }
}

/// Whether two records hold the same moves and the same result (redo tails aside).
fn same_game(a: &GameRecord, b: &GameRecord) -> bool {
    a.moves().len() == b.moves().len()
        && a.moves().iter().zip(b.moves()).all(|(x, y)| x.pos == y.pos)
        && a.result() == b.result()
}
