//! Local actions: checked like the peer's messages, applied to the game, then sent.

use super::{Phase, Session};
use crate::event::{Action, ActionError, Pending, Request, Side};
use crate::protocol::{MAX_CHAT_CHARS, MAX_NAME_CHARS, Message, valid_name};
use gomoku_rules::{Pos, Stone};
use std::time::Instant;

impl Session {
    /// Does `action` for the local player: on success the game is updated and the message
    /// for the peer is queued; on error nothing changes.
    ///
    /// # Errors
    /// An [`ActionError`] saying why the action is not possible now.
    pub fn act(&mut self, action: Action, now: Instant) -> Result<(), ActionError> {
        match self.phase {
            Phase::Closed => return Err(ActionError::Closed),
            Phase::Live => {}
            Phase::Waiting | Phase::Handshake | Phase::Lost => {
                if !matches!(action, Action::Leave(_)) {
                    return Err(ActionError::NotConnected);
                }
            }
        }
        match action {
            Action::Move(pos) => self.local_move(pos),
            Action::RequestUndo => {
                self.no_pending()?;
                let to = self.undo_target().ok_or(ActionError::NothingToUndo)?;
                if self.undo_problem(self.local_stone(), to).is_some() {
                    return Err(ActionError::NothingToUndo);
                }
                self.ask(Request::Undo { to }, Message::UndoRequest { to });
                Ok(())
            }
            Action::OfferDraw => {
                self.no_pending()?;
                if self.record.is_over() {
                    return Err(ActionError::GameOver);
                }
                self.ask(Request::Draw, Message::DrawOffer);
                Ok(())
            }
            Action::PlayAgain(black) => {
                self.no_pending()?;
                if !self.record.is_over() {
                    return Err(ActionError::GameNotOver);
                }
                let black = black.unwrap_or(self.settings.black.other());
                self.ask(Request::PlayAgain { black }, Message::PlayAgain { black });
                Ok(())
            }
            Action::AnswerUndo(yes) => {
                let Some(Request::Undo { to }) = self.asked_by_peer() else {
                    return Err(ActionError::NoRequest);
                };
                self.pending = None;
                if yes {
                    self.undo_to(to);
                    self.send(Message::UndoAgree { to });
                } else {
                    self.send(Message::UndoRefuse);
                }
                Ok(())
            }
            Action::AnswerDraw(yes) => {
                if self.asked_by_peer() != Some(Request::Draw) {
                    return Err(ActionError::NoRequest);
                }
                self.pending = None;
                if yes && self.record.agree_draw().is_ok() {
                    self.send(Message::DrawAgree);
                    self.report_result();
                } else {
                    self.send(Message::DrawRefuse);
                }
                Ok(())
            }
            Action::AnswerPlayAgain(yes) => {
                let Some(Request::PlayAgain { black }) = self.asked_by_peer() else {
                    return Err(ActionError::NoRequest);
                };
                self.pending = None;
                if yes {
                    self.send(Message::PlayAgainAgree { black });
                    self.new_game(black);
                } else {
                    self.send(Message::PlayAgainRefuse);
                }
                Ok(())
            }
            Action::Resign => {
                if self.record.is_over() {
                    return Err(ActionError::GameOver);
                }
                self.cancel_pending();
                self.record
                    .resign(self.local_stone())
                    .map_err(|_| ActionError::GameOver)?;
                self.send(Message::Resign);
                self.report_result();
                Ok(())
            }
            Action::Chat(text) => {
                if text.trim().is_empty() {
                    return Err(ActionError::ChatEmpty);
                }
                if text.chars().count() > MAX_CHAT_CHARS {
                    return Err(ActionError::ChatTooLong {
                        max: MAX_CHAT_CHARS,
                    });
                }
                if !self.local_chat.allow(now) {
                    return Err(ActionError::ChatFlood);
                }
                self.send(Message::Chat { text });
                Ok(())
            }
            Action::Rename(name) => {
                if !valid_name(&name) {
                    return Err(ActionError::BadName {
                        max: MAX_NAME_CHARS,
                    });
                }
                self.name.clone_from(&name);
                self.send(Message::Name { name });
                Ok(())
            }
            Action::Leave(reason) => {
                if matches!(self.phase, Phase::Live | Phase::Handshake) {
                    self.send(Message::Goodbye { reason });
                }
                self.phase = Phase::Closed;
                self.pending = None;
                self.close = true;
                Ok(())
            }
        }
    }

    fn local_move(&mut self, pos: Pos) -> Result<(), ActionError> {
        self.no_pending()?;
        if self.record.is_over() {
            return Err(ActionError::GameOver);
        }
        if self.record.side_to_move() != self.local_stone() {
            return Err(ActionError::NotYourTurn);
        }
        self.record.play(pos)?;
        self.send(Message::Move {
            number: self.record.moves().len() as u32,
            x: pos.x,
            y: pos.y,
        });
        self.report_result();
        Ok(())
    }

    fn no_pending(&self) -> Result<(), ActionError> {
        match self.pending {
            Some(_) => Err(ActionError::RequestPending),
            None => Ok(()),
        }
    }

    fn asked_by_peer(&self) -> Option<Request> {
        self.pending
            .filter(|p| p.from == Side::Peer)
            .map(|p| p.request)
    }

    fn ask(&mut self, request: Request, message: Message) {
        self.pending = Some(Pending {
            from: Side::Local,
            request,
        });
        self.send(message);
    }

    /// The move count an undo request of the local player goes back to: before its last
    /// move (and the peer's reply to it, if there is one).
    fn undo_target(&self) -> Option<u32> {
        let len = self.record.moves().len();
        let me = self.local_stone();
        let last_mine = (0..len).rev().take(2).find(|&i| Stone::for_move(i) == me)?;
        Some(last_mine as u32)
    }
}
