//! The handshake: the joiner's `hello`, the host's `welcome` or `refused`, and the `sync`
//! both sides send when a lost connection comes back.

use super::{Phase, Session, new_record};
use crate::event::Event;
use crate::protocol::{Message, PROTOCOL_VERSION, Refusal, Role, SUPPORTED_VERSIONS, valid_name};
use std::time::Instant;

impl Session {
    pub(super) fn receive_handshake(&mut self, message: Message, now: Instant) {
        match (self.role, message) {
            (
                Role::Host,
                Message::Hello {
                    versions,
                    program,
                    name,
                    resume,
                },
            ) => self.hello(&versions, program, name, resume, now),
            (
                Role::Joiner,
                Message::Welcome {
                    version,
                    program,
                    name,
                    game_id,
                    game,
                    settings,
                },
            ) => {
                if !SUPPORTED_VERSIONS.contains(&version) {
                    return self.refuse(Refusal::Version {
                        host: vec![version],
                        joiner: SUPPORTED_VERSIONS.to_vec(),
                    });
                }
                if let Some(detail) = settings.problem() {
                    return self.refuse(Refusal::Settings { detail });
                }
                if settings.needs_version() > version {
                    return self.refuse(Refusal::Settings {
                        detail: format!(
                            "an opening rule or a clock needs protocol version {}, not {version}",
                            settings.needs_version()
                        ),
                    });
                }
                if self.established && game_id != self.game_id {
                    return self.refuse(Refusal::UnknownGame {
                        game_id: self.game_id.clone(),
                        current: game_id,
                    });
                }
                self.peer_name = Some(sanitize_name(name));
                self.peer_program = Some(program);
                self.version = version;
                self.go_live(now);
                if !self.established {
                    self.established = true;
                    self.game_id = game_id;
                    self.game = game;
                    self.settings = settings;
                    self.record = new_record(&settings);
                    self.announce(false);
                    self.events.push(Event::GameStarted {
                        game,
                        settings,
                        local: self.local_stone(),
                    });
                }
            }
            // Resuming, the host may not have noticed the old connection fall yet: retry.
            (Role::Joiner, Message::Refused { reason, .. })
                if self.established && reason == Refusal::Busy =>
            {
                self.phase = Phase::Lost;
                self.close = true;
                self.events.push(Event::HandshakeFailed(reason));
            }
            (Role::Joiner, Message::Refused { reason, .. }) => {
                self.phase = Phase::Closed;
                self.close = true;
                self.events.push(Event::Refused(reason));
            }
            (_, Message::Goodbye { reason }) => {
                self.phase = Phase::Closed;
                self.close = true;
                self.events.push(Event::PeerLeft(reason));
            }
            (_, other) => self.refuse(Refusal::Handshake {
                detail: format!(
                    "expected {}, got {}",
                    if self.role == Role::Host {
                        "hello"
                    } else {
                        "welcome"
                    },
                    other.kind()
                ),
            }),
        }
    }

    fn hello(
        &mut self,
        versions: &[u32],
        program: String,
        name: String,
        resume: Option<String>,
        now: Instant,
    ) {
        // The versions that can carry this game (an opening rule or a clock needs 2).
        let usable: Vec<u32> = SUPPORTED_VERSIONS
            .iter()
            .copied()
            .filter(|&v| v >= self.settings.needs_version())
            .collect();
        let Some(version) = versions
            .iter()
            .copied()
            .filter(|v| usable.contains(v))
            .max()
        else {
            return self.refuse(Refusal::Version {
                host: usable,
                joiner: versions.to_vec(),
            });
        };
        debug_assert!(version <= PROTOCOL_VERSION);
        match (&resume, self.established) {
            (Some(id), _) if *id != self.game_id => {
                return self.refuse(Refusal::UnknownGame {
                    game_id: id.clone(),
                    current: self.game_id.clone(),
                });
            }
            (None, true) => return self.refuse(Refusal::Busy),
            _ => {}
        }
        self.peer_name = Some(sanitize_name(name));
        self.peer_program = Some(program);
        self.send(Message::Welcome {
            version,
            program: self.program.clone(),
            name: self.name.clone(),
            game_id: self.game_id.clone(),
            game: self.game,
            settings: self.settings,
        });
        self.version = version;
        self.go_live(now);
        if !self.established {
            self.established = true;
            self.announce(false);
            self.events.push(Event::GameStarted {
                game: self.game,
                settings: self.settings,
                local: self.local_stone(),
            });
        }
    }

    /// The handshake succeeded; on a reconnection, both sides send their game.
    fn go_live(&mut self, now: Instant) {
        self.phase = Phase::Live;
        // The thinking time runs from here (after a reconnection, afresh).
        self.last_step_at = Some(now);
        self.flag_claimed = None;
        self.last_sent = None;
        if self.established {
            self.awaiting_sync = true;
            self.send(Message::Sync {
                state: self.state(),
            });
            self.announce(true);
        }
    }

    fn announce(&mut self, resumed: bool) {
        self.events.push(Event::Connected {
            peer_name: self.peer_name.clone().unwrap_or_default(),
            peer_program: self.peer_program.clone().unwrap_or_default(),
            resumed,
        });
    }

    /// Refuses the connection during the handshake and closes it. The host keeps
    /// listening; the joiner is done.
    pub(super) fn refuse(&mut self, reason: Refusal) {
        self.send(Message::refused(reason.clone()));
        self.close = true;
        match self.role {
            Role::Host => {
                self.phase = if self.established {
                    Phase::Lost
                } else {
                    Phase::Waiting
                };
                self.events.push(Event::HandshakeFailed(reason));
            }
            Role::Joiner => {
                self.phase = Phase::Closed;
                self.events.push(Event::Refused(reason));
            }
        }
    }
}

/// The peer's name, or a stand-in when it is not a valid name.
fn sanitize_name(name: String) -> String {
    if valid_name(&name) {
        name
    } else {
        "?".to_owned()
    }
}
