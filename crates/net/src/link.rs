//! [`Link`]: a [`Session`] on real sockets. The host listens (and keeps listening for a
//! reconnection); the joiner connects, and reconnects for a while when the link falls. The
//! caller drives it: [`Link::poll`] never blocks (call it once per frame from a game loop),
//! [`Link::wait`] blocks up to a timeout (for a plain thread); [`Link::act`] does a local action.

use crate::event::{Action, ActionError, Event};
use crate::frame::encode;
use crate::protocol::{DEFAULT_PORT, GameSettings, Role};
use crate::session::{Phase, Session, SessionConfig};
use crate::transport::{self, Connection, Inbox, Incoming, Waker};
use crossbeam_channel::Receiver;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpListener, ToSocketAddrs};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Timing of the transport (the defaults suit a LAN; tests shorten them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetConfig {
    /// A heartbeat is sent when nothing else was sent for this long.
    pub heartbeat: Duration,
    /// A peer silent for this long is declared lost.
    pub peer_timeout: Duration,
    /// A write that blocks this long fails (the connection is then lost).
    pub write_timeout: Duration,
    /// One connection attempt of the joiner.
    pub connect_timeout: Duration,
    /// How long the joiner tries to reach the host the first time.
    pub join_for: Duration,
    /// How long the joiner tries to reconnect after the link fell.
    pub reconnect_for: Duration,
    /// Pause between the joiner's attempts.
    pub retry_interval: Duration,
    pub session: SessionConfig,
}

impl Default for NetConfig {
    fn default() -> Self {
        NetConfig {
            heartbeat: Duration::from_secs(2),
            peer_timeout: Duration::from_secs(8),
            write_timeout: Duration::from_secs(5),
            connect_timeout: Duration::from_secs(3),
            join_for: Duration::from_secs(10),
            reconnect_for: Duration::from_secs(60),
            retry_interval: Duration::from_millis(500),
            session: SessionConfig::default(),
        }
    }
}

/// A network game over TCP: one side's [`Session`] plus its sockets and threads.
///
/// `Link` is `Send + Sync`, so a Bevy resource can hold it. Only [`Link::wait`] and
/// [`Link::leave`] ever block. Dropping it closes the connection without a goodbye (the peer
/// sees a lost connection); `act(Action::Leave(..))` says goodbye without waiting, and
/// [`Link::leave`] says goodbye and waits until it is sent (before a program exits).
#[derive(Debug)]
pub struct Link {
    session: Session,
    config: NetConfig,
    tx: Inbox,
    rx: Receiver<Incoming>,
    conn: Option<Connection>,
    next_conn: u64,
    stop: Arc<AtomicBool>,
    /// The host's listening addresses; the joiner's target addresses.
    addrs: Vec<SocketAddr>,
    connecting: bool,
    /// The joiner stops trying to (re)connect at this instant.
    give_up_at: Option<Instant>,
    events: Vec<Event>,
}

impl Link {
    /// Hosts a game on `addr` (port 0 picks a free port; see [`Link::local_addrs`]).
    ///
    /// # Errors
    /// When the address cannot be bound.
    pub fn host(
        addr: SocketAddr,
        name: &str,
        settings: GameSettings,
        config: NetConfig,
    ) -> std::io::Result<Link> {
        Link::host_on(vec![TcpListener::bind(addr)?], name, settings, config)
    }

    /// Hosts a game on already bound listeners (for example one IPv4 and one IPv6).
    ///
    /// # Errors
    /// When a listener cannot be configured or its thread cannot start.
    pub fn host_on(
        listeners: Vec<TcpListener>,
        name: &str,
        settings: GameSettings,
        config: NetConfig,
    ) -> std::io::Result<Link> {
        let addrs = listeners
            .iter()
            .map(TcpListener::local_addr)
            .collect::<std::io::Result<Vec<_>>>()?;
        let session = Session::host(name, settings, &new_game_id(), config.session);
        let link = Link::new(session, config, addrs);
        transport::listen(listeners, link.tx.clone(), link.stop.clone())?;
        Ok(link)
    }

    /// Joins the game hosted at one of `addrs` (tried in order), retrying for
    /// [`NetConfig::join_for`].
    #[must_use]
    pub fn join(addrs: Vec<SocketAddr>, name: &str, config: NetConfig) -> Link {
        let session = Session::join(name, config.session);
        let mut link = Link::new(session, config, addrs);
        link.give_up_at = Some(Instant::now() + config.join_for);
        link.connecting = true;
        transport::connect(
            link.addrs.clone(),
            Duration::ZERO,
            config.join_for,
            &config,
            link.tx.clone(),
            link.stop.clone(),
        );
        link
    }

    fn new(session: Session, config: NetConfig, addrs: Vec<SocketAddr>) -> Link {
        let (tx, rx) = crossbeam_channel::unbounded();
        Link {
            session,
            config,
            tx: Inbox::new(tx),
            rx,
            conn: None,
            next_conn: 0,
            stop: Arc::new(AtomicBool::new(false)),
            addrs,
            connecting: false,
            give_up_at: None,
            events: Vec::new(),
        }
    }

    /// The session: the game, the settings, the names, the pending request.
    #[must_use]
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Has `waker` called (from a socket thread) whenever something arrives for [`Link::poll`]:
    /// a game loop that sleeps between frames wakes with it instead of polling on a timer. Only
    /// the first waker set counts; returns whether this one was set.
    pub fn set_waker(&self, waker: impl Fn() + Send + Sync + 'static) -> bool {
        let waker: Waker = Arc::new(waker);
        self.tx.set_waker(waker)
    }

    /// The host's listening addresses (the joiner's target addresses).
    #[must_use]
    pub fn local_addrs(&self) -> &[SocketAddr] {
        &self.addrs
    }

    /// Whether a connection is up (handshake done or not).
    #[must_use]
    pub fn is_connected(&self) -> bool {
        self.conn.is_some()
    }

    /// Handles everything that arrived, without blocking, and returns the events.
    pub fn poll(&mut self) -> Vec<Event> {
        while let Ok(item) = self.rx.try_recv() {
            self.handle(item);
        }
        std::mem::take(&mut self.events)
    }

    /// Waits up to `timeout` for something to arrive, then handles everything that did.
    pub fn wait(&mut self, timeout: Duration) -> Vec<Event> {
        if let Ok(item) = self.rx.recv_timeout(timeout) {
            self.handle(item);
        }
        self.poll()
    }

    /// Does a local action (see [`Session::act`]) and sends it.
    ///
    /// # Errors
    /// Why the action is not possible now; nothing was sent.
    pub fn act(&mut self, action: Action) -> Result<(), ActionError> {
        let result = self.session.act(action, Instant::now());
        self.flush();
        result
    }

    /// Makes a local opening decision (see [`Action::Decide`]): checked first, then sent.
    ///
    /// # Errors
    /// Why the decision is not possible now; nothing was sent.
    pub fn decide(&mut self, decision: gomoku_rules::Decision) -> Result<(), ActionError> {
        self.act(Action::Decide(decision))
    }

    /// Says that the player to act has run out of time (see [`Action::ClaimTime`]): the
    /// local player's confession, or a claim against the peer measured from our last step.
    ///
    /// # Errors
    /// [`ActionError::TimeLeft`] while the peer still has time here, [`ActionError::NoClock`]
    /// in a game without a limit.
    pub fn flag(&mut self) -> Result<(), ActionError> {
        self.act(Action::ClaimTime)
    }

    /// Says goodbye and closes the connection, waiting (up to the write timeout) until the
    /// goodbye is sent.
    pub fn leave(mut self, reason: Option<String>) {
        let _ = self.session.act(Action::Leave(reason), Instant::now());
        self.session.take_close();
        if let Some(conn) = self.conn.take() {
            for message in self.session.take_outgoing() {
                if let Ok(bytes) = encode(&message) {
                    conn.send(bytes);
                }
            }
            conn.close_and_wait();
        }
    }

    fn handle(&mut self, item: Incoming) {
        match item {
            Incoming::Accepted(stream) => {
                if self.conn.is_some() || !self.session.wants_connection() {
                    transport::refuse_busy(stream);
                } else {
                    self.open(stream);
                }
            }
            Incoming::Connected(stream) => {
                self.connecting = false;
                if self.conn.is_none() && self.session.wants_connection() {
                    self.open(stream);
                }
            }
            Incoming::ConnectFailed { attempt, error } => {
                self.events.push(Event::Reconnecting { attempt, error });
            }
            Incoming::GaveUp(reason) => {
                self.connecting = false;
                self.session.give_up(&reason);
            }
            Incoming::Frame { conn, message, at } if self.is_current(conn) => {
                // Measured to the frame's arrival, so that a game loop that polls late does
                // not count its own delay against the peer's claimed time.
                self.session.receive(message, at);
            }
            Incoming::FrameError { conn, error } if self.is_current(conn) => {
                self.session.frame_error(error);
            }
            Incoming::Closed { conn, reason } if self.is_current(conn) => {
                if let Some(c) = self.conn.take() {
                    c.abort();
                }
                self.session.disconnected(&reason);
            }
            Incoming::Frame { .. } | Incoming::FrameError { .. } | Incoming::Closed { .. } => {}
        }
        self.flush();
    }

    fn is_current(&self, conn: u64) -> bool {
        self.conn.as_ref().is_some_and(|c| c.id == conn)
    }

    fn open(&mut self, stream: std::net::TcpStream) {
        self.next_conn += 1;
        match Connection::start(self.next_conn, stream, &self.config, self.tx.clone()) {
            Ok(conn) => {
                self.conn = Some(conn);
                self.session.connected();
            }
            Err(e) => self
                .session
                .disconnected(&format!("could not set up the connection: {e}")),
        }
    }

    /// Sends the session's messages, closes the connection when it asks, and has the joiner
    /// reconnect when the link fell.
    fn flush(&mut self) {
        for message in self.session.take_outgoing() {
            match (encode(&message), &self.conn) {
                (Ok(bytes), Some(conn)) => conn.send(bytes),
                (Err(e), _) => self.events.push(Event::ProtocolError(e)),
                (Ok(_), None) => {}
            }
        }
        if self.session.take_close()
            && let Some(conn) = self.conn.take()
        {
            conn.close();
        }
        if self.session.phase() == Phase::Live {
            self.give_up_at = None;
        }
        if self.session.role() == Role::Joiner
            && self.conn.is_none()
            && !self.connecting
            && self.session.wants_connection()
        {
            self.reconnect();
        }
        self.events.extend(self.session.take_events());
    }

    /// Starts the joiner's connector, after a pause, for what is left of the window (the
    /// first join's, or the reconnection's counted from the drop), or gives up when nothing
    /// is left.
    fn reconnect(&mut self) {
        let now = Instant::now();
        let deadline = *self
            .give_up_at
            .get_or_insert(now + self.config.reconnect_for);
        let window = deadline.saturating_duration_since(now);
        if window.is_zero() {
            self.session.give_up("could not reach the host in time");
            return;
        }
        self.connecting = true;
        transport::connect(
            self.addrs.clone(),
            self.config.retry_interval.min(window),
            window,
            &self.config,
            self.tx.clone(),
            self.stop.clone(),
        );
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(conn) = self.conn.take() {
            conn.close();
        }
    }
}

/// A listener on `port` of every interface: IPv6 and IPv4 (`[::]`, dual-stack), or IPv4
/// alone (`0.0.0.0`) where IPv6 is not available.
///
/// # Errors
/// When neither can be bound (the port is taken, or not allowed).
pub fn bind_all(port: u16) -> std::io::Result<TcpListener> {
    TcpListener::bind(SocketAddr::new(Ipv6Addr::UNSPECIFIED.into(), port))
        .or_else(|_| TcpListener::bind(SocketAddr::new(Ipv4Addr::UNSPECIFIED.into(), port)))
}

/// A fresh game id (16 hex digits), unique enough to tell games apart on reconnection.
#[must_use]
pub fn new_game_id() -> String {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::AtomicU64;
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    h.write_u32(std::process::id());
    if let Ok(t) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        h.write_u128(t.as_nanos());
    }
    format!("{:016x}", h.finish())
}

/// The addresses of `text`: `IP`, `IP:PORT`, `[IPv6]:PORT`, `HOST` or `HOST:PORT`; the port
/// defaults to [`DEFAULT_PORT`].
///
/// # Errors
/// When the text names no address.
pub fn parse_address(text: &str) -> Result<Vec<SocketAddr>, String> {
    let t = text.trim();
    if let Ok(addr) = t.parse::<SocketAddr>() {
        return Ok(vec![addr]);
    }
    let bare = t
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .unwrap_or(t);
    if let Ok(ip) = bare.parse::<IpAddr>() {
        return Ok(vec![SocketAddr::new(ip, DEFAULT_PORT)]);
    }
    if t.is_empty() || t.contains(char::is_whitespace) {
        return Err(format!("`{t}` is not an address"));
    }
    let with_port = match t.rsplit_once(':') {
        Some((_, port)) if port.parse::<u16>().is_ok() => t.to_owned(),
        _ => format!("{t}:{DEFAULT_PORT}"),
    };
    let addrs: Vec<SocketAddr> = with_port
        .to_socket_addrs()
        .map_err(|e| format!("`{t}`: {e}"))?
        .collect();
    if addrs.is_empty() {
        Err(format!("`{t}` names no address"))
    } else {
        Ok(addrs)
    }
}
