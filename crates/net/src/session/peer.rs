//! Messages of the peer during play: each is checked against the game through the rules
//! core; a message that does not fit is refused (the peer is told why, the game is unchanged).

use super::{Session, millis, time_to_flag};
use crate::event::{Event, Pending, Request, Side};
use crate::protocol::{
    MAX_CHAT_CHARS, MAX_NAME_CHARS, Message, Rejection, Role, time_tolerance, valid_name,
};
use gomoku_rules::{Decision, MoveError, OpeningError, OpeningRule, Phase, Pos, Reason, Stone};
use std::time::{Duration, Instant};

/// The refusal for a decision the rules do not allow.
fn opening_rejection(error: OpeningError) -> Rejection {
    match error {
        OpeningError::Move(MoveError::GameOver) => Rejection::GameOver,
        other => Rejection::Opening {
            detail: other.to_string(),
        },
    }
}

/// The refusal for a stone the rules do not allow on `(x, y)`.
fn stone_rejection(error: OpeningError, x: u8, y: u8) -> Rejection {
    match error {
        OpeningError::Move(e) | OpeningError::BadFifth { reason: e, .. } => match e {
            MoveError::GameOver => Rejection::GameOver,
            MoveError::OffBoard => Rejection::OffBoard { x, y },
            MoveError::Occupied => Rejection::Occupied { x, y },
            MoveError::Forbidden(kind) => Rejection::Forbidden { x, y, kind },
        },
        other => opening_rejection(other),
    }
}

/// How a step of the peer arrived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Via {
    /// A `move` message with its move number.
    Move(u32),
    /// A `decision` message with its step number.
    Decision(u32),
}

impl Session {
    pub(super) fn receive_live(&mut self, message: Message, now: Instant) {
        let kind = message.kind();
        match message {
            Message::Move {
                number,
                x,
                y,
                used_ms,
            } => {
                let decision = self.stone_decision(Pos::new(x, y));
                self.peer_step(Via::Move(number), decision, used_ms, now);
            }
            Message::Decision {
                number,
                decision,
                used_ms,
            } => self.peer_step(Via::Decision(number), decision, used_ms, now),
            Message::Flag { number, used_ms } => self.peer_flag(number, used_ms, now),
            Message::UndoRequest { to } => self.peer_request(Request::Undo { to }, kind),
            Message::DrawOffer => self.peer_request(Request::Draw, kind),
            Message::PlayAgain { black } => self.peer_request(Request::PlayAgain { black }, kind),
            Message::UndoAgree { to } => self.peer_answer(Request::Undo { to }, true, kind, now),
            Message::DrawAgree => self.peer_answer(Request::Draw, true, kind, now),
            Message::PlayAgainAgree { black } => {
                self.peer_answer(Request::PlayAgain { black }, true, kind, now);
            }
            Message::UndoRefuse => self.peer_refuses(|r| matches!(r, Request::Undo { .. }), kind),
            Message::DrawRefuse => self.peer_refuses(|r| r == Request::Draw, kind),
            Message::PlayAgainRefuse => {
                self.peer_refuses(|r| matches!(r, Request::PlayAgain { .. }), kind);
            }
            Message::Resign => {
                if self.record.is_over() {
                    return self.reject(Rejection::GameOver, kind, None);
                }
                self.cancel_pending();
                let peer = self.local_stone().opponent();
                if self.record.resign(peer).is_ok() {
                    self.events.push(Event::PeerResigned);
                    self.report_result();
                }
            }
            Message::Chat { text } => self.peer_chat(text, now),
            Message::Name { name } => {
                if valid_name(&name) {
                    self.peer_name = Some(name.clone());
                    self.events.push(Event::PeerRenamed(name));
                } else {
                    self.reject(
                        Rejection::BadName {
                            max: MAX_NAME_CHARS as u32,
                        },
                        kind,
                        None,
                    );
                }
            }
            Message::Sync { state } => self.peer_sync(&state, now),
            Message::Rejected {
                reason,
                refused,
                move_number,
                ..
            } => self.rejected_by_peer(reason, &refused, move_number),
            Message::Goodbye { reason } => {
                self.phase = super::Phase::Closed;
                self.close = true;
                self.pending = None;
                self.events.push(Event::PeerLeft(reason));
            }
            Message::Heartbeat => {}
            Message::Hello { .. } | Message::Welcome { .. } | Message::Refused { .. } => {
                self.reject(
                    Rejection::Unexpected {
                        detail: format!("{kind} after the handshake"),
                    },
                    kind,
                    None,
                );
            }
        }
    }

    /// The decision a stone on `pos` stands for now: the choice of an offered fifth move
    /// while one is chosen, a placement otherwise.
    pub(super) fn stone_decision(&self, pos: Pos) -> Decision {
        if matches!(self.record.turn().phase, Phase::ChooseFifth { .. }) && !self.record.is_over() {
            Decision::ChooseFifth(pos)
        } else {
            Decision::Place(pos)
        }
    }

    /// Why the peer may not make `decision` now (arrived `via`), or `None`.
    fn peer_step_problem(&self, via: Via, decision: &Decision) -> Option<Rejection> {
        let peer = self.local_side().other();
        let moves = u32::try_from(self.record.moves().len()).unwrap_or(u32::MAX);
        if self.pending.is_some() {
            return Some(Rejection::RequestPending);
        }
        if self.record.is_over() {
            return Some(Rejection::GameOver);
        }
        if self.record.turn().who != peer {
            return Some(Rejection::NotYourTurn);
        }
        match via {
            Via::Move(number) if number != moves + 1 => {
                return Some(Rejection::WrongMoveNumber {
                    expected: moves + 1,
                    got: number,
                });
            }
            Via::Decision(number) if number != self.next_step() => {
                return Some(Rejection::WrongStepNumber {
                    expected: self.next_step(),
                    got: number,
                });
            }
            _ => {}
        }
        if let Decision::OfferFifths(points) = decision
            && points.len() > usize::from(OpeningRule::SOOSORV_MAX_FIFTHS)
        {
            // Refused before the pairwise symmetry check, which a long list would make slow.
            return Some(Rejection::Opening {
                detail: format!("{} fifth moves are too many", points.len()),
            });
        }
        let checked = self.record.check_decision(decision);
        match (checked, decision.stone()) {
            (Ok(()), _) => None,
            (Err(e), Some(pos)) => Some(stone_rejection(e, pos.x, pos.y)),
            (Err(e), None) => Some(opening_rejection(e)),
        }
    }

    /// Why the peer's claimed time is refused, or `None`: shorter than the time measured here
    /// since we handed the turn over, less the tolerance; or missing in a game with a clock.
    fn time_claim_problem(&self, used_ms: Option<u32>, now: Instant) -> Option<Rejection> {
        let Some(claimed) = used_ms else {
            return self
                .record
                .clock()
                .is_some()
                .then(|| Rejection::Unexpected {
                    detail: "a step without its used time in a game with a clock".to_owned(),
                });
        };
        let measured = self.thinking(now);
        let tolerance = time_tolerance(measured);
        (Duration::from_millis(u64::from(claimed)) + tolerance < measured).then(|| {
            Rejection::TimeClaim {
                claimed_ms: claimed,
                measured_ms: u64::try_from(measured.as_millis()).unwrap_or(u64::MAX),
                tolerance_ms: u64::try_from(tolerance.as_millis()).unwrap_or(u64::MAX),
            }
        })
    }

    /// A stone or decision of the peer: checked against the opening, the turn, its number and
    /// its claimed time; the clock is charged with the claim, then the step is made.
    fn peer_step(&mut self, via: Via, decision: Decision, used_ms: Option<u32>, now: Instant) {
        let (kind, number) = match via {
            Via::Move(n) => ("move", n),
            Via::Decision(n) => ("decision", n),
        };
        let refusal = self
            .peer_step_problem(via, &decision)
            .or_else(|| self.time_claim_problem(used_ms, now));
        if let Some(reason) = refusal {
            self.reject(reason, kind, Some(number));
            // Our game, so that a peer that got out of step can compare.
            self.send(Message::Sync {
                state: self.state(),
            });
            return;
        }
        if let Some(used) = used_ms {
            self.events.push(Event::PeerTimeUsed { used_ms: used });
            // The peer's time ran out before the step: it loses on time, the step is void.
            if self
                .record
                .tick(Duration::from_millis(u64::from(used)))
                .is_some()
            {
                self.finish_on_time(now);
                return;
            }
        }
        let step = self.next_step();
        match self.record.decide(decision.clone()) {
            Ok(Some(played)) => {
                let number = u32::try_from(self.record.moves().len()).unwrap_or(u32::MAX);
                self.events.push(Event::PeerMoved {
                    pos: played.pos,
                    number,
                });
            }
            Ok(None) => self.events.push(Event::PeerDecided {
                decision,
                number: step,
                local: self.local_stone(),
            }),
            // Checked above; nothing changed.
            Err(_) => return,
        }
        self.last_step_at = Some(now);
        self.flag_claimed = None;
        self.last_sent = None;
        self.report_result();
    }

    /// The game ended on time (the clock flagged): requests are dropped, the result reported.
    pub(super) fn finish_on_time(&mut self, now: Instant) {
        self.cancel_pending();
        self.last_step_at = Some(now);
        self.report_result();
    }

    /// Charges the player to act all the time left (the clock flags); returns the charge.
    pub(super) fn flag_player_to_act(&mut self, at_least: u32) -> Option<u32> {
        let who = self.record.turn().who;
        let left = time_to_flag(self.record.clock()?, who)?;
        let charge = u32::try_from(left).unwrap_or(u32::MAX).max(at_least);
        self.record.tick(Duration::from_millis(u64::from(charge)))?;
        Some(charge)
    }

    /// A `flag` of the peer: its own time ran out (final), or a claim that ours did, which
    /// is confirmed when the time measured here since the turn came to us, plus the
    /// tolerance, reaches the time left on our clock.
    fn peer_flag(&mut self, number: u32, used_ms: Option<u32>, now: Instant) {
        let refusal = if self.record.is_over() {
            Some(Rejection::GameOver)
        } else if self
            .record
            .clock()
            .and_then(|c| time_to_flag(c, self.record.turn().who))
            .is_none()
        {
            Some(Rejection::NoClock)
        } else if number != self.next_step() {
            Some(Rejection::WrongStepNumber {
                expected: self.next_step(),
                got: number,
            })
        } else {
            None
        };
        if let Some(reason) = refusal {
            return self.reject(reason, "flag", None);
        }
        let peer = self.local_side().other();
        if self.record.turn().who == peer {
            // The peer says its own time ran out.
            let used = used_ms.unwrap_or(0);
            self.events.push(Event::PeerTimeUsed { used_ms: used });
            if self.flag_player_to_act(used).is_some() {
                self.finish_on_time(now);
            }
            return;
        }
        let measured = self.thinking(now);
        let left = self.time_left(self.local_side()).unwrap_or(Duration::ZERO);
        if measured + time_tolerance(measured) < left {
            return self.reject(
                Rejection::TimeLeft {
                    left_ms: u64::try_from((left - measured).as_millis()).unwrap_or(u64::MAX),
                },
                "flag",
                None,
            );
        }
        if let Some(charged) = self.flag_player_to_act(millis(measured).min(millis(left))) {
            self.send(Message::Flag {
                number,
                used_ms: Some(charged),
            });
            self.finish_on_time(now);
        }
    }

    fn peer_request(&mut self, request: Request, kind: &str) {
        if let Some(p) = self.pending {
            // Both sides asked at once: the host's request stands.
            if p.from == Side::Local && self.role == Role::Joiner {
                self.cancel_pending();
            } else {
                return self.reject(Rejection::RequestPending, kind, None);
            }
        }
        let peer = self.local_stone().opponent();
        let check = match request {
            Request::Undo { to } => self
                .undo_problem(peer, to)
                .map(|detail| Rejection::BadUndo { to, detail }),
            Request::Draw => self.record.is_over().then_some(Rejection::GameOver),
            Request::PlayAgain { .. } => (!self.record.is_over()).then_some(Rejection::GameNotOver),
        };
        if let Some(reason) = check {
            return self.reject(reason, kind, None);
        }
        self.pending = Some(Pending {
            from: Side::Peer,
            request,
        });
        self.events.push(Event::Requested(request));
    }

    /// Why `asker` may not take the game back to `to` moves: at most the asker's last move
    /// and the reply to it, so that the asker is to move afterwards; not after a game ended
    /// by resignation, agreement or time; never into the opening (its stones and decisions
    /// stay: the players agreed on them step by step).
    pub(super) fn undo_problem(&self, asker: Stone, to: u32) -> Option<String> {
        let len = self.record.moves().len();
        let to = to as usize;
        let opening_stones = self
            .record
            .opening_log()
            .iter()
            .filter(|d| d.stone().is_some())
            .count();
        if let Some(r) = self.record.result()
            && matches!(
                r.reason,
                Reason::Resignation | Reason::DrawAgreed | Reason::Time
            )
        {
            Some("the game ended by resignation, agreement or time".to_owned())
        } else if to >= len {
            Some(format!("the game has {len} moves"))
        } else if !self.record.opening_done() || to < opening_stones {
            Some("the opening cannot be taken back".to_owned())
        } else if len - to > 2 {
            Some("only the last move and the reply to it can be taken back".to_owned())
        } else if Stone::for_move(to) != asker {
            Some("the asker must be to move afterwards".to_owned())
        } else {
            None
        }
    }

    /// Takes the game back to `to` moves; the thinking time runs afresh from `now`.
    pub(super) fn undo_to(&mut self, to: u32, now: Instant) {
        while self.record.moves().len() > to as usize {
            if self.record.undo().is_none() {
                break;
            }
        }
        self.last_step_at = Some(now);
        self.flag_claimed = None;
        self.last_sent = None;
    }

    fn peer_answer(&mut self, answer: Request, accepted: bool, kind: &str, now: Instant) {
        let Some(Pending {
            from: Side::Local,
            request,
        }) = self.pending
        else {
            return self.reject(Rejection::NoRequest, kind, None);
        };
        if request != answer {
            return self.reject(Rejection::NoRequest, kind, None);
        }
        self.pending = None;
        self.events.push(Event::Answered { request, accepted });
        match request {
            Request::Undo { to } => self.undo_to(to, now),
            Request::Draw => {
                if self.record.agree_draw().is_ok() {
                    self.report_result();
                }
            }
            Request::PlayAgain { black } => self.new_game(black, now),
        }
    }

    fn peer_refuses(&mut self, matches: impl Fn(Request) -> bool, kind: &str) {
        match self.pending {
            Some(Pending {
                from: Side::Local,
                request,
            }) if matches(request) => {
                self.pending = None;
                self.events.push(Event::Answered {
                    request,
                    accepted: false,
                });
            }
            _ => self.reject(Rejection::NoRequest, kind, None),
        }
    }

    fn peer_chat(&mut self, text: String, now: Instant) {
        let chars = text.chars().count();
        if chars > MAX_CHAT_CHARS {
            return self.reject(
                Rejection::ChatTooLong {
                    chars: chars as u32,
                    max: MAX_CHAT_CHARS as u32,
                },
                "chat",
                None,
            );
        }
        if !self.peer_chat.allow(now) {
            // Told once per flood, so that a flood is not answered with one.
            if !std::mem::replace(&mut self.flood_reported, true) {
                self.reject(Rejection::ChatFlood, "chat", None);
            }
            return;
        }
        self.flood_reported = false;
        self.events.push(Event::Chat(text));
    }

    fn rejected_by_peer(&mut self, reason: Rejection, refused: &str, move_number: Option<u32>) {
        self.events.push(Event::RejectedByPeer(reason));
        // The peer refused our last step: take it back so that both games agree again.
        if let Some(last) = self.last_sent.take() {
            if last.kind == refused && Some(last.number) == move_number {
                self.record = last.before;
                self.last_step_at = last.last_step_at;
                self.events.push(match last.stone {
                    Some(pos) => Event::MoveTakenBack {
                        pos,
                        number: last.number,
                    },
                    None => Event::DecisionTakenBack {
                        decision: last.decision,
                        number: last.number,
                    },
                });
            } else {
                self.last_sent = Some(last);
            }
        }
        if refused == "flag" {
            self.flag_claimed = None;
        }
        // The peer refused our request: it will not be answered.
        let refused_request = match refused {
            "undo_request" => Some(matches!(
                self.pending.map(|p| p.request),
                Some(Request::Undo { .. })
            )),
            "draw_offer" => Some(self.pending.map(|p| p.request) == Some(Request::Draw)),
            "play_again" => Some(matches!(
                self.pending.map(|p| p.request),
                Some(Request::PlayAgain { .. })
            )),
            _ => None,
        };
        if refused_request == Some(true) && self.pending.is_some_and(|p| p.from == Side::Local) {
            self.cancel_pending();
        }
    }
}
