//! The session state machine: one side of a network game, with no I/O. Feed it what arrives
//! ([`Session::connected`], [`Session::receive`], [`Session::frame_error`],
//! [`Session::disconnected`]) and what the local player does ([`Session::act`]); take out the
//! messages to send ([`Session::take_outgoing`]) and the events to show
//! ([`Session::take_events`]). Every message of the peer is checked against the
//! [`GameRecord`] through the rules core before it changes anything.
//!
//! Submodules: `handshake` (hello / welcome), `peer` (messages of the peer during play),
//! `local` (local actions), `sync` (resync after a reconnection or a disagreement),
//! `rate` (the chat flood limit).

mod handshake;
mod local;
mod peer;
mod rate;
mod sync;

use crate::event::{Event, Pending, SyncOutcome};
use crate::frame::FrameError;
use crate::protocol::{GameSettings, GameState, Message, Refusal, Rejection, Role};
use gomoku_rules::{Clock, GameRecord, Outcome, Reason, Side, Stone, TimeControl};
use rate::RateLimit;
use std::time::{Duration, Instant};

/// Limits a session enforces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionConfig {
    /// Chat messages accepted in a burst.
    pub chat_burst: u32,
    /// One more chat message is accepted per this interval once the burst is spent.
    pub chat_refill: Duration,
    /// Bad frames tolerated on one connection before it is dropped.
    pub max_protocol_errors: u32,
}

impl Default for SessionConfig {
    fn default() -> Self {
        SessionConfig {
            chat_burst: 5,
            chat_refill: Duration::from_secs(1),
            max_protocol_errors: 16,
        }
    }
}

/// Where a session stands with its peer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Not connected yet (the host listens, the joiner connects).
    Waiting,
    /// Connected, hello / welcome not exchanged yet.
    Handshake,
    /// Playing (or between games).
    Live,
    /// The connection dropped during the game; waiting for a reconnection.
    Lost,
    /// Over for good (goodbye, refusal, given up, dropped).
    Closed,
}

/// A step we sent, with the game before it, so that a refused step can be taken back.
#[derive(Clone, Debug)]
struct LastSent {
    /// The message type it went as (`move` or `decision`).
    kind: &'static str,
    /// Its move number (a `move`) or step number (a `decision`).
    number: u32,
    decision: gomoku_rules::Decision,
    stone: Option<gomoku_rules::Pos>,
    before: GameRecord,
    last_step_at: Option<Instant>,
}

/// One side of a network game.
#[derive(Debug)]
pub struct Session {
    role: Role,
    config: SessionConfig,
    name: String,
    program: String,
    peer_name: Option<String>,
    peer_program: Option<String>,
    game_id: String,
    game: u32,
    settings: GameSettings,
    record: GameRecord,
    /// Set once a handshake succeeded: later connections resume this game.
    established: bool,
    phase: Phase,
    pending: Option<Pending>,
    /// The request that waited when the connection dropped, until the peer's sync says
    /// whether its answer was lost in flight.
    pending_at_loss: Option<Pending>,
    awaiting_sync: bool,
    /// The protocol version agreed in the handshake.
    version: u32,
    /// When the last step (of either side) was made here, or the game (re)started: the
    /// thinking time of the next step is measured from it.
    last_step_at: Option<Instant>,
    /// The step at which we claimed that the peer ran out of time (sent once per step).
    flag_claimed: Option<u32>,
    /// Our last step, until the peer answers it with a step of its own (or refuses it).
    last_sent: Option<LastSent>,
    peer_chat: RateLimit,
    local_chat: RateLimit,
    flood_reported: bool,
    protocol_errors: u32,
    outgoing: Vec<Message>,
    events: Vec<Event>,
    close: bool,
}

/// `name` made a valid player name: control characters dropped, at most
/// [`MAX_NAME_CHARS`](crate::protocol::MAX_NAME_CHARS) characters, `Player` when nothing is left.
fn local_name(name: &str) -> String {
    let name: String = name
        .chars()
        .filter(|c| !c.is_control())
        .take(crate::protocol::MAX_NAME_CHARS)
        .collect();
    if name.trim().is_empty() {
        "Player".to_owned()
    } else {
        name
    }
}

/// A [`GameRecord`] for `settings`: the rule, the board, the forbidden-move policy, the
/// opening rule (the free opening when the board does not suit it; see
/// [`GameSettings::is_valid`]) and the clock, started for the first player.
#[must_use]
pub fn new_record(settings: &GameSettings) -> GameRecord {
    let size = usize::from(settings.size);
    let mut record = GameRecord::with_opening(settings.rule, size, settings.opening)
        .unwrap_or_else(|_| GameRecord::new(settings.rule, size))
        .with_policy(settings.forbidden);
    if let Some(control) = settings.clock {
        record.set_clock(Some(Clock::new(control)));
        record.start_clock();
    }
    record
}

/// How long `side` may still think before running out of time: main time, then every
/// byo-yomi period left; `None` without a clock or without a limit.
#[must_use]
pub fn time_to_flag(clock: &Clock, side: Side) -> Option<u64> {
    let t = clock.time(side);
    match clock.control() {
        TimeControl::Unlimited => None,
        TimeControl::SuddenDeath { .. } | TimeControl::Fischer { .. } => Some(t.main_ms),
        TimeControl::ByoYomi { period_ms, .. } => {
            Some(t.main_ms.saturating_add(if t.periods > 0 {
                t.period_ms
                    .saturating_add(u64::from(t.periods - 1).saturating_mul(period_ms))
            } else {
                0
            }))
        }
    }
}

/// A duration in whole milliseconds, as claimed on the wire.
fn millis(d: Duration) -> u32 {
    u32::try_from(d.as_millis()).unwrap_or(u32::MAX)
}

impl Session {
    fn new(role: Role, name: &str, settings: GameSettings, config: SessionConfig) -> Session {
        Session {
            role,
            config,
            name: local_name(name),
            program: format!("gomoku {}", env!("CARGO_PKG_VERSION")),
            peer_name: None,
            peer_program: None,
            game_id: String::new(),
            game: 1,
            record: new_record(&settings),
            settings,
            established: false,
            phase: Phase::Waiting,
            pending: None,
            pending_at_loss: None,
            awaiting_sync: false,
            version: crate::protocol::PROTOCOL_VERSION,
            last_step_at: None,
            flag_claimed: None,
            last_sent: None,
            peer_chat: RateLimit::new(config.chat_burst, config.chat_refill),
            local_chat: RateLimit::new(config.chat_burst, config.chat_refill),
            flood_reported: false,
            protocol_errors: 0,
            outgoing: Vec::new(),
            events: Vec::new(),
            close: false,
        }
    }

    /// The host's side of a game with these settings; `game_id` names it for reconnections.
    #[must_use]
    pub fn host(
        name: &str,
        settings: GameSettings,
        game_id: &str,
        config: SessionConfig,
    ) -> Session {
        let mut s = Session::new(Role::Host, name, settings, config);
        s.game_id = game_id.to_owned();
        s
    }

    /// The joiner's side; the game settings come from the host.
    #[must_use]
    pub fn join(name: &str, config: SessionConfig) -> Session {
        Session::new(Role::Joiner, name, GameSettings::default(), config)
    }

    /// Overrides the program name sent in the handshake (at most 64 characters are kept).
    pub fn set_program(&mut self, program: &str) {
        self.program = program.chars().take(64).collect();
    }

    #[must_use]
    pub fn role(&self) -> Role {
        self.role
    }

    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The game as this side holds it (always a game the rules allow).
    #[must_use]
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The settings of the current game (the joiner's are the host's once connected).
    #[must_use]
    pub fn settings(&self) -> &GameSettings {
        &self.settings
    }

    /// The number of the current game (1, then +1 per "play again").
    #[must_use]
    pub fn game_number(&self) -> u32 {
        self.game
    }

    #[must_use]
    pub fn game_id(&self) -> &str {
        &self.game_id
    }

    /// The colour the local player holds now in the current game (the first player holds
    /// black until a swap of the opening gives it to the other).
    #[must_use]
    pub fn local_stone(&self) -> Stone {
        self.record.colour_of(self.local_side())
    }

    /// The local player's side in the opening: the first player (who starts it) or the second.
    #[must_use]
    pub fn local_side(&self) -> Side {
        self.settings.side_of(self.role)
    }

    /// The protocol version agreed with the peer (before the handshake: the best one).
    #[must_use]
    pub fn version(&self) -> u32 {
        self.version
    }

    /// The number of the next step: 1 + the steps made (opening decisions, stones included,
    /// and ordinary moves). `decision` and `flag` messages carry it.
    #[must_use]
    pub fn next_step(&self) -> u32 {
        let log = self.record.opening_log();
        let opening_stones = log.iter().filter(|d| d.stone().is_some()).count();
        let steps = log.len() + self.record.moves().len().saturating_sub(opening_stones);
        u32::try_from(steps).unwrap_or(u32::MAX).saturating_add(1)
    }

    /// When the last step was made here (or the game started, or came back after a
    /// reconnection, a resync or an undo): the thinking time of the step under way runs
    /// from it.
    #[must_use]
    pub fn last_step_at(&self) -> Option<Instant> {
        self.last_step_at
    }

    /// The time spent on the step under way at `now`, as measured here.
    #[must_use]
    pub fn thinking(&self, now: Instant) -> Duration {
        self.last_step_at
            .map_or(Duration::ZERO, |t| now.saturating_duration_since(t))
    }

    /// How long the player of `side` may still think before running out of time, on the
    /// session's clock (charged with the claimed times); `None` without a clock or a limit.
    #[must_use]
    pub fn time_left(&self, side: Side) -> Option<Duration> {
        self.record
            .clock()
            .and_then(|c| time_to_flag(c, side))
            .map(Duration::from_millis)
    }

    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    #[must_use]
    pub fn peer_name(&self) -> Option<&str> {
        self.peer_name.as_deref()
    }

    #[must_use]
    pub fn peer_program(&self) -> Option<&str> {
        self.peer_program.as_deref()
    }

    /// The request waiting for its answer, if any.
    #[must_use]
    pub fn pending(&self) -> Option<Pending> {
        self.pending
    }

    /// Whether the local player may move now.
    #[must_use]
    pub fn local_to_move(&self) -> bool {
        self.phase == Phase::Live
            && self.pending.is_none()
            && !self.record.is_over()
            && self.record.turn().who == self.local_side()
    }

    /// Whether the transport should (re)connect: before the first game, or after a drop.
    #[must_use]
    pub fn wants_connection(&self) -> bool {
        matches!(self.phase, Phase::Waiting | Phase::Lost)
    }

    /// The current game as sent in a `sync` message.
    #[must_use]
    pub fn state(&self) -> GameState {
        let ending = self
            .record
            .result()
            .and_then(|r| match (r.reason, r.outcome) {
                (Reason::Resignation, Outcome::Win(w)) => {
                    Some(crate::protocol::Ending::Resignation {
                        loser: w.opponent(),
                    })
                }
                (Reason::DrawAgreed, _) => Some(crate::protocol::Ending::DrawAgreed),
                (Reason::Time, Outcome::Win(w)) => Some(crate::protocol::Ending::Time {
                    loser: w.opponent(),
                }),
                _ => None,
            });
        GameState {
            game: self.game,
            settings: self.settings,
            moves: self
                .record
                .moves()
                .iter()
                .map(|m| [m.pos.x, m.pos.y])
                .collect(),
            ending,
            opening: self.record.opening_log().to_vec(),
            clock: self.record.clock().cloned(),
        }
    }

    /// Messages to send to the peer, in order.
    pub fn take_outgoing(&mut self) -> Vec<Message> {
        std::mem::take(&mut self.outgoing)
    }

    /// Events for the game, in order.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// Whether the connection should be closed once the outgoing messages are sent (after a
    /// refusal, a goodbye or too many bad frames). Reading it clears it.
    pub fn take_close(&mut self) -> bool {
        std::mem::take(&mut self.close)
    }

    /// A new connection is up: the joiner sends its hello, the host waits for it.
    pub fn connected(&mut self) {
        if self.phase == Phase::Closed {
            return;
        }
        self.phase = Phase::Handshake;
        self.protocol_errors = 0;
        self.flood_reported = false;
        if self.role == Role::Joiner {
            self.send(Message::Hello {
                versions: crate::protocol::SUPPORTED_VERSIONS.to_vec(),
                program: self.program.clone(),
                name: self.name.clone(),
                resume: self.established.then(|| self.game_id.clone()),
            });
        }
    }

    /// The connection dropped (`reason` says how). The game is kept.
    pub fn disconnected(&mut self, reason: &str) {
        match self.phase {
            Phase::Live => {
                self.pending_at_loss = self.pending.take().or(self.pending_at_loss);
                self.phase = Phase::Lost;
                self.events.push(Event::ConnectionLost(reason.to_owned()));
            }
            Phase::Handshake => {
                self.phase = if self.established {
                    Phase::Lost
                } else {
                    Phase::Waiting
                };
            }
            Phase::Waiting | Phase::Lost | Phase::Closed => {}
        }
        self.outgoing.clear();
    }

    /// The transport stopped trying to connect: the session is over.
    pub fn give_up(&mut self, reason: &str) {
        if self.phase != Phase::Closed {
            self.phase = Phase::Closed;
            self.events.push(Event::GaveUp(reason.to_owned()));
        }
    }

    /// Bytes from the peer that are not a message: the peer is told, and after too many the
    /// connection is dropped.
    pub fn frame_error(&mut self, error: FrameError) {
        if !matches!(self.phase, Phase::Live | Phase::Handshake) {
            return;
        }
        self.events.push(Event::ProtocolError(error.clone()));
        if self.phase == Phase::Handshake {
            self.refuse(Refusal::Handshake {
                detail: error.to_string(),
            });
            return;
        }
        self.protocol_errors += 1;
        self.send(Message::rejected(
            Rejection::BadFrame {
                detail: error.to_string(),
            },
            "frame",
            None,
        ));
        if self.protocol_errors >= self.config.max_protocol_errors {
            let reason = format!("{} bad frames from the peer", self.protocol_errors);
            self.send(Message::Goodbye {
                reason: Some(reason.clone()),
            });
            self.phase = Phase::Closed;
            self.close = true;
            self.events.push(Event::Dropped(reason));
        }
    }

    /// A message from the peer.
    pub fn receive(&mut self, message: Message, now: Instant) {
        match (self.phase, message) {
            (_, Message::Heartbeat) => {}
            (Phase::Handshake, message) => self.receive_handshake(message, now),
            (Phase::Live, message) => self.receive_live(message, now),
            // Nothing is connected: a late message of a dead connection.
            (Phase::Waiting | Phase::Lost | Phase::Closed, _) => {}
        }
    }

    fn send(&mut self, message: Message) {
        self.outgoing.push(message);
    }

    fn reject(&mut self, reason: Rejection, refused: &str, move_number: Option<u32>) {
        self.send(Message::rejected(reason.clone(), refused, move_number));
        self.events.push(Event::PeerRejected(reason));
    }

    /// Starts game `game + 1` with `black` as the first player (same opening rule and clock).
    fn new_game(&mut self, black: Role, now: Instant) {
        self.game += 1;
        self.settings.black = black;
        self.record = new_record(&self.settings);
        self.pending = None;
        self.last_step_at = Some(now);
        self.flag_claimed = None;
        self.last_sent = None;
        self.events.push(Event::GameStarted {
            game: self.game,
            settings: self.settings,
            local: self.local_stone(),
        });
    }

    /// Reports the result when the last change ended the game.
    fn report_result(&mut self) {
        if let Some(result) = self.record.result() {
            self.events.push(Event::GameOver(result.clone()));
        }
    }

    fn cancel_pending(&mut self) {
        if let Some(p) = self.pending.take() {
            self.events.push(Event::RequestCancelled(p));
        }
    }

    fn report_sync(&mut self, outcome: SyncOutcome) {
        self.events.push(Event::Resynced {
            outcome,
            moves: self.record.moves().len(),
        });
    }
}
