//! Messages of the peer during play: each is checked against the game through the rules
//! core; a message that does not fit is refused (the peer is told why, the game is unchanged).

use super::Session;
use crate::event::{Event, Pending, Request, Side};
use crate::protocol::{MAX_CHAT_CHARS, MAX_NAME_CHARS, Message, Rejection, Role, valid_name};
use gomoku_rules::{MoveError, Pos, Reason, Stone};
use std::time::Instant;

impl Session {
    pub(super) fn receive_live(&mut self, message: Message, now: Instant) {
        let kind = message.kind();
        match message {
            Message::Move { number, x, y } => self.peer_move(number, x, y),
            Message::UndoRequest { to } => self.peer_request(Request::Undo { to }, kind),
            Message::DrawOffer => self.peer_request(Request::Draw, kind),
            Message::PlayAgain { black } => self.peer_request(Request::PlayAgain { black }, kind),
            Message::UndoAgree { to } => self.peer_answer(Request::Undo { to }, true, kind),
            Message::DrawAgree => self.peer_answer(Request::Draw, true, kind),
            Message::PlayAgainAgree { black } => {
                self.peer_answer(Request::PlayAgain { black }, true, kind);
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
            Message::Sync { state } => self.peer_sync(&state),
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

    fn peer_move(&mut self, number: u32, x: u8, y: u8) {
        let expected = self.record.moves().len() as u32 + 1;
        let peer = self.local_stone().opponent();
        let refusal = if self.pending.is_some() {
            Some(Rejection::RequestPending)
        } else if self.record.is_over() {
            Some(Rejection::GameOver)
        } else if self.record.side_to_move() != peer {
            Some(Rejection::NotYourTurn)
        } else if number != expected {
            Some(Rejection::WrongMoveNumber {
                expected,
                got: number,
            })
        } else {
            match self.record.check(Pos::new(x, y)) {
                Ok(()) => None,
                Err(MoveError::GameOver) => Some(Rejection::GameOver),
                Err(MoveError::OffBoard) => Some(Rejection::OffBoard { x, y }),
                Err(MoveError::Occupied) => Some(Rejection::Occupied { x, y }),
                Err(MoveError::Forbidden(kind)) => Some(Rejection::Forbidden { x, y, kind }),
            }
        };
        if let Some(reason) = refusal {
            self.reject(reason, "move", Some(number));
            // Our game, so that a peer that got out of step can compare.
            self.send(Message::Sync {
                state: self.state(),
            });
            return;
        }
        let pos = Pos::new(x, y);
        if self.record.play(pos).is_ok() {
            self.events.push(Event::PeerMoved { pos, number });
            self.report_result();
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
    /// by resignation or agreement.
    pub(super) fn undo_problem(&self, asker: Stone, to: u32) -> Option<String> {
        let len = self.record.moves().len();
        let to = to as usize;
        if let Some(r) = self.record.result()
            && matches!(
                r.reason,
                Reason::Resignation | Reason::DrawAgreed | Reason::Time
            )
        {
            Some("the game ended by resignation or agreement".to_owned())
        } else if to >= len {
            Some(format!("the game has {len} moves"))
        } else if len - to > 2 {
            Some("only the last move and the reply to it can be taken back".to_owned())
        } else if Stone::for_move(to) != asker {
            Some("the asker must be to move afterwards".to_owned())
        } else {
            None
        }
    }

    /// Takes the game back to `to` moves.
    pub(super) fn undo_to(&mut self, to: u32) {
        while self.record.moves().len() > to as usize {
            if self.record.undo().is_none() {
                break;
            }
        }
    }

    fn peer_answer(&mut self, answer: Request, accepted: bool, kind: &str) {
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
            Request::Undo { to } => self.undo_to(to),
            Request::Draw => {
                if self.record.agree_draw().is_ok() {
                    self.report_result();
                }
            }
            Request::PlayAgain { black } => self.new_game(black),
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
        let len = self.record.moves().len();
        // The peer refused our last move: take it back so that both games agree again.
        if refused == "move"
            && move_number == Some(len as u32)
            && len > 0
            && Stone::for_move(len - 1) == self.local_stone()
        {
            let pos = self.record.moves()[len - 1].pos;
            self.undo_to(len as u32 - 1);
            self.events.push(Event::MoveTakenBack {
                pos,
                number: len as u32,
            });
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
