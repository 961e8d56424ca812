//! Local actions: checked like the peer's messages, applied to the game, then sent.

use super::{LastSent, Phase, Session, millis};
use crate::event::{Action, ActionError, Pending, Request, Side};
use crate::protocol::{MAX_CHAT_CHARS, MAX_NAME_CHARS, Message, valid_name};
use gomoku_rules::{Decision, OpeningError, Stone};
use std::time::{Duration, Instant};

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
            Action::Move(pos) => {
                let decision = self.stone_decision(pos);
                self.local_step(decision, now)
            }
            Action::Decide(decision) => self.local_step(decision, now),
            Action::ClaimTime => self.claim_time(now),
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
                    self.undo_to(to, now);
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
                    self.new_game(black, now);
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

    /// A stone or decision of the local player: checked, timed (from the moment the turn
    /// came here), charged to the clock, made and sent.
    fn local_step(&mut self, decision: Decision, now: Instant) -> Result<(), ActionError> {
        self.no_pending()?;
        if self.record.is_over() {
            return Err(ActionError::GameOver);
        }
        if self.record.turn().who != self.local_side() {
            return Err(ActionError::NotYourTurn);
        }
        match self.record.check_decision(&decision) {
            Ok(()) => {}
            Err(OpeningError::Move(e) | OpeningError::BadFifth { reason: e, .. })
                if decision.stone().is_some() =>
            {
                return Err(ActionError::Move(e));
            }
            Err(e) => return Err(ActionError::Opening(e)),
        }
        let used = millis(self.thinking(now));
        let step = self.next_step();
        let before = self.record.clone();
        if self
            .record
            .tick(Duration::from_millis(u64::from(used)))
            .is_some()
        {
            // Our time ran out before this step: the game is lost on time.
            self.send(Message::Flag {
                number: step,
                used_ms: Some(used),
            });
            self.finish_on_time(now);
            return Err(ActionError::OutOfTime);
        }
        let played = match self.record.decide(decision.clone()) {
            Ok(played) => played,
            Err(e) => {
                self.record = before;
                return Err(ActionError::Opening(e));
            }
        };
        let used_ms = (self.version >= 2).then_some(used);
        let (kind, number) = match &played {
            Some(p) => {
                let number = u32::try_from(self.record.moves().len()).unwrap_or(u32::MAX);
                self.send(Message::Move {
                    number,
                    x: p.pos.x,
                    y: p.pos.y,
                    used_ms,
                });
                ("move", number)
            }
            None => {
                self.send(Message::Decision {
                    number: step,
                    decision: decision.clone(),
                    used_ms,
                });
                ("decision", step)
            }
        };
        self.last_sent = Some(LastSent {
            kind,
            number,
            stone: played.as_ref().map(|p| p.pos),
            decision,
            before,
            last_step_at: self.last_step_at,
        });
        self.last_step_at = Some(now);
        self.flag_claimed = None;
        self.report_result();
        Ok(())
    }

    /// The local player says the player to act has run out of time (see [`Action::ClaimTime`]).
    fn claim_time(&mut self, now: Instant) -> Result<(), ActionError> {
        if self.record.is_over() {
            return Err(ActionError::GameOver);
        }
        let who = self.record.turn().who;
        let left = self.time_left(who).ok_or(ActionError::NoClock)?;
        let step = self.next_step();
        let measured = self.thinking(now);
        if who == self.local_side() {
            // Ours ran out: final.
            let charged = self
                .flag_player_to_act(millis(measured))
                .ok_or(ActionError::NoClock)?;
            self.send(Message::Flag {
                number: step,
                used_ms: Some(charged),
            });
            self.finish_on_time(now);
            return Ok(());
        }
        if measured < left {
            return Err(ActionError::TimeLeft {
                left_ms: u64::try_from((left - measured).as_millis()).unwrap_or(u64::MAX),
            });
        }
        // The peer confirms with its own flag (or refuses); one claim per step.
        if self.flag_claimed != Some(step) {
            self.flag_claimed = Some(step);
            self.send(Message::Flag {
                number: step,
                used_ms: None,
            });
        }
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
