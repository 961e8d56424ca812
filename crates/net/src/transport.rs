//! Socket threads: per connection a reader (bounded [`Decoder`], read timeout = the silent-peer
//! limit) and a writer (queued frames, a heartbeat when idle, write timeout); a listener for the
//! host and a connector (with retries) for the joiner. Everything they see goes to one channel
//! of [`Incoming`] that [`crate::Link`] drains.

use crate::frame::{Decoder, FrameError, encode};
use crate::link::NetConfig;
use crate::protocol::{Message, Refusal};
use crossbeam_channel::{RecvTimeoutError, Sender};
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// How often the listener and the connector look at their stop flag.
const POLL: Duration = Duration::from_millis(10);

/// What the socket threads report.
#[derive(Debug)]
pub(crate) enum Incoming {
    /// The host's listener accepted a connection.
    Accepted(TcpStream),
    /// The joiner's connector reached the host.
    Connected(TcpStream),
    ConnectFailed {
        attempt: u32,
        error: String,
    },
    GaveUp(String),
    Frame {
        conn: u64,
        message: Message,
        /// When the frame was read off the socket (thinking times are measured to it).
        at: Instant,
    },
    FrameError {
        conn: u64,
        error: FrameError,
    },
    Closed {
        conn: u64,
        reason: String,
    },
}

/// Called after each report reaches the channel, from the socket thread that made it: a game
/// wakes its event loop with it, so that a move from the peer shows at once.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// The sending end of the reports' channel, with the waker (set once, possibly after the
/// threads have started).
#[derive(Clone)]
pub(crate) struct Inbox {
    tx: Sender<Incoming>,
    waker: Arc<OnceLock<Waker>>,
}

impl Inbox {
    pub(crate) fn new(tx: Sender<Incoming>) -> Inbox {
        Inbox {
            tx,
            waker: Arc::new(OnceLock::new()),
        }
    }

    /// Sets the waker; the first one set stays. Returns whether this one was set.
    pub(crate) fn set_waker(&self, waker: Waker) -> bool {
        self.waker.set(waker).is_ok()
    }

    /// Queues a report and wakes the receiver (not for a heartbeat: it changes nothing a
    /// player sees). `Err` when the receiver is gone.
    pub(crate) fn send(&self, item: Incoming) -> Result<(), ()> {
        let heartbeat = matches!(
            item,
            Incoming::Frame {
                message: Message::Heartbeat,
                ..
            }
        );
        self.tx.send(item).map_err(|_| ())?;
        if let Some(wake) = self.waker.get().filter(|_| !heartbeat) {
            wake();
        }
        Ok(())
    }
}

impl std::fmt::Debug for Inbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inbox")
            .field("waker", &self.waker.get().is_some())
            .finish_non_exhaustive()
    }
}

enum Outgoing {
    Frame(Vec<u8>),
    /// Send what is queued, then close our direction (the peer reads everything first).
    Close,
}

/// One TCP connection and its two threads.
#[derive(Debug)]
pub(crate) struct Connection {
    pub(crate) id: u64,
    stream: TcpStream,
    writer: Sender<Outgoing>,
    writer_thread: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for Outgoing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outgoing::Frame(b) => write!(f, "Frame({} bytes)", b.len()),
            Outgoing::Close => f.write_str("Close"),
        }
    }
}

impl Connection {
    /// Starts the reader and writer threads of `stream`.
    pub(crate) fn start(
        id: u64,
        stream: TcpStream,
        config: &NetConfig,
        incoming: Inbox,
    ) -> std::io::Result<Connection> {
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(config.peer_timeout))?;
        stream.set_write_timeout(Some(config.write_timeout))?;
        let reader = stream.try_clone()?;
        let writer_stream = stream.try_clone()?;
        let (writer, queue) = crossbeam_channel::unbounded::<Outgoing>();
        let timeout = config.peer_timeout;
        let reader_incoming = incoming.clone();
        thread::Builder::new()
            .name(format!("net-read-{id}"))
            .spawn(move || read_loop(id, reader, timeout, &reader_incoming))?;
        let heartbeat = config.heartbeat;
        let writer_thread = thread::Builder::new()
            .name(format!("net-write-{id}"))
            .spawn(move || {
                let mut stream = writer_stream;
                let beat = encode(&Message::Heartbeat).unwrap_or_default();
                loop {
                    let bytes = match queue.recv_timeout(heartbeat) {
                        Ok(Outgoing::Frame(bytes)) => bytes,
                        Err(RecvTimeoutError::Timeout) => beat.clone(),
                        Ok(Outgoing::Close) | Err(RecvTimeoutError::Disconnected) => {
                            let _ = stream.flush();
                            let _ = stream.shutdown(Shutdown::Write);
                            return;
                        }
                    };
                    if let Err(e) = stream.write_all(&bytes) {
                        let _ = incoming.send(Incoming::Closed {
                            conn: id,
                            reason: format!("could not send to the peer: {e}"),
                        });
                        let _ = stream.shutdown(Shutdown::Both);
                        return;
                    }
                }
            })?;
        Ok(Connection {
            id,
            stream,
            writer,
            writer_thread: Some(writer_thread),
        })
    }

    /// Queues one encoded frame.
    pub(crate) fn send(&self, bytes: Vec<u8>) {
        let _ = self.writer.send(Outgoing::Frame(bytes));
    }

    /// Sends what is queued, then closes our direction, without waiting.
    pub(crate) fn close(self) {
        let _ = self.writer.send(Outgoing::Close);
    }

    /// [`Connection::close`], then waits for the writer to finish (bounded by the write
    /// timeout), so that the last frames are out before the program exits.
    pub(crate) fn close_and_wait(mut self) {
        let _ = self.writer.send(Outgoing::Close);
        if let Some(t) = self.writer_thread.take() {
            let _ = t.join();
        }
    }

    /// Closes at once in both directions (the threads end on their own).
    pub(crate) fn abort(self) {
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}

fn read_loop(id: u64, mut stream: TcpStream, timeout: Duration, incoming: &Inbox) {
    let mut decoder = Decoder::new();
    let mut buf = [0u8; 4096];
    let mut frames = Vec::new();
    let reason = loop {
        match stream.read(&mut buf) {
            Ok(0) if decoder.has_partial_frame() => {
                break "the peer closed the connection in the middle of a frame".to_owned();
            }
            Ok(0) => break "the peer closed the connection".to_owned(),
            Ok(n) => {
                let at = Instant::now();
                decoder.feed(&buf[..n], &mut frames);
                for frame in frames.drain(..) {
                    let item = match frame {
                        Ok(message) => Incoming::Frame {
                            conn: id,
                            message,
                            at,
                        },
                        Err(error) => Incoming::FrameError { conn: id, error },
                    };
                    if incoming.send(item).is_err() {
                        return;
                    }
                }
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                break format!(
                    "nothing heard from the peer for {:.1} s",
                    timeout.as_secs_f64()
                );
            }
            Err(e) => break format!("the connection failed: {e}"),
        }
    };
    let _ = stream.shutdown(Shutdown::Both);
    let _ = incoming.send(Incoming::Closed { conn: id, reason });
}

/// Accepts connections on `listeners` until `stop` is set.
pub(crate) fn listen(
    listeners: Vec<TcpListener>,
    incoming: Inbox,
    stop: Arc<AtomicBool>,
) -> std::io::Result<()> {
    for l in &listeners {
        l.set_nonblocking(true)?;
    }
    thread::Builder::new()
        .name("net-listen".to_owned())
        .spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                for l in &listeners {
                    if let Ok((stream, _)) = l.accept() {
                        if stream.set_nonblocking(false).is_err() {
                            continue;
                        }
                        if incoming.send(Incoming::Accepted(stream)).is_err() {
                            return;
                        }
                    }
                }
                thread::sleep(POLL);
            }
        })?;
    Ok(())
}

/// Tries to connect to one of `addrs` every `retry_interval` for `window`, the first time
/// after `delay`.
pub(crate) fn connect(
    addrs: Vec<SocketAddr>,
    delay: Duration,
    window: Duration,
    config: &NetConfig,
    incoming: Inbox,
    stop: Arc<AtomicBool>,
) {
    let connect_timeout = config.connect_timeout;
    let retry = config.retry_interval;
    let report = incoming.clone();
    let spawned = thread::Builder::new()
        .name("net-connect".to_owned())
        .spawn(move || {
            let deadline = Instant::now() + window;
            let start = Instant::now() + delay;
            while Instant::now() < start {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                thread::sleep(POLL.min(delay));
            }
            let mut attempt = 0;
            loop {
                attempt += 1;
                let mut last = String::from("no address to connect to");
                for addr in &addrs {
                    match TcpStream::connect_timeout(addr, connect_timeout) {
                        Ok(stream) => {
                            let _ = incoming.send(Incoming::Connected(stream));
                            return;
                        }
                        Err(e) => last = format!("{addr}: {e}"),
                    }
                }
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let _ = incoming.send(Incoming::ConnectFailed {
                    attempt,
                    error: last.clone(),
                });
                let next = Instant::now() + retry;
                if next >= deadline {
                    let _ = incoming.send(Incoming::GaveUp(format!(
                        "could not reach the host in {:.0} s ({last})",
                        window.as_secs_f64()
                    )));
                    return;
                }
                while Instant::now() < next {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    thread::sleep(POLL.min(retry));
                }
            }
        });
    if let Err(e) = spawned {
        let _ = report.send(Incoming::GaveUp(format!("could not start connecting: {e}")));
    }
}

/// Tells a second joiner that the host is busy, then lets the connection go.
pub(crate) fn refuse_busy(stream: TcpStream) {
    let _ = thread::Builder::new()
        .name("net-busy".to_owned())
        .spawn(move || {
            let mut stream = stream;
            let _ = stream.set_write_timeout(Some(Duration::from_millis(200)));
            let _ = stream.set_read_timeout(Some(Duration::from_millis(500)));
            if let Ok(bytes) = encode(&Message::refused(Refusal::Busy)) {
                let _ = stream.write_all(&bytes);
            }
            let _ = stream.shutdown(Shutdown::Write);
            // Drain what the joiner sent so that closing does not reset the connection.
            let mut sink = [0u8; 1024];
            while matches!(stream.read(&mut sink), Ok(n) if n > 0) {}
        });
}
