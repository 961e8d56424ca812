//! Framing: one message per line of JSON, at most [`MAX_FRAME`] bytes. [`Decoder`] turns any
//! byte stream, cut anywhere, into messages and frame errors while holding at most one
//! frame's worth of bytes, so a peer can never make us buffer without end.

use crate::protocol::Message;
use serde::Deserialize;

/// The longest frame, in bytes, not counting its newline.
pub const MAX_FRAME: usize = 8 * 1024;

/// Why a frame could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    #[error("a frame is longer than {MAX_FRAME} bytes")]
    TooLong,
    #[error("a frame is not UTF-8")]
    NotUtf8,
    #[error("a frame is not a known message: {0}")]
    Invalid(String),
}

/// Encodes `message` as one frame: its JSON and a newline.
///
/// # Errors
/// [`FrameError::TooLong`] when the JSON exceeds [`MAX_FRAME`] (the session never builds such a
/// message: chat, names and records are bounded well below it).
pub fn encode(message: &Message) -> Result<Vec<u8>, FrameError> {
    let mut bytes = serde_json::to_vec(message).map_err(|e| FrameError::Invalid(e.to_string()))?;
    if bytes.len() > MAX_FRAME {
        return Err(FrameError::TooLong);
    }
    bytes.push(b'\n');
    Ok(bytes)
}

/// Decodes one frame (without its newline).
///
/// # Errors
/// A [`FrameError`] saying why the bytes are not a message.
pub fn decode(line: &[u8]) -> Result<Message, FrameError> {
    if line.len() > MAX_FRAME {
        return Err(FrameError::TooLong);
    }
    let text = std::str::from_utf8(line).map_err(|_| FrameError::NotUtf8)?;
    match serde_json::from_str::<Message>(text) {
        Ok(message) => Ok(message),
        Err(error) => lenient_hello(text).ok_or_else(|| FrameError::Invalid(clip(&error))),
    }
}

/// An error's text, at most 200 characters (it may quote the peer's input).
fn clip(error: &impl std::fmt::Display) -> String {
    let text = error.to_string();
    match text.char_indices().nth(200) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text,
    }
}

/// A `hello` from any protocol version, read leniently (unknown fields ignored), so that a
/// version this program cannot speak is still recognised and refused with a clear message.
fn lenient_hello(text: &str) -> Option<Message> {
    #[derive(Deserialize)]
    struct AnyHello {
        #[serde(rename = "type")]
        kind: String,
        versions: Vec<u32>,
        #[serde(default)]
        program: String,
        #[serde(default)]
        name: String,
        #[serde(default)]
        resume: Option<String>,
    }
    let hello: AnyHello = serde_json::from_str(text).ok()?;
    (hello.kind == "hello").then_some(Message::Hello {
        versions: hello.versions,
        program: hello.program,
        name: hello.name,
        resume: hello.resume,
    })
}

/// Splits a byte stream into frames and decodes them.
#[derive(Debug, Default)]
pub struct Decoder {
    /// The bytes of the frame being read (never more than `MAX_FRAME`).
    line: Vec<u8>,
    /// Set while skipping the rest of an over-long frame, up to its newline.
    skipping: bool,
}

impl Decoder {
    #[must_use]
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Feeds `bytes` and appends every complete frame's message or error to `out`. Blank
    /// lines are skipped and a `\r` before the newline is dropped (so `nc` works too).
    pub fn feed(&mut self, mut bytes: &[u8], out: &mut Vec<Result<Message, FrameError>>) {
        while !bytes.is_empty() {
            let (chunk, rest, complete) = match bytes.iter().position(|&b| b == b'\n') {
                Some(i) => (&bytes[..i], &bytes[i + 1..], true),
                None => (bytes, &[][..], false),
            };
            bytes = rest;
            if !self.skipping {
                if self.line.len() + chunk.len() > MAX_FRAME + 1 {
                    // One byte of slack for a `\r` before the newline.
                    self.line.clear();
                    self.skipping = true;
                    out.push(Err(FrameError::TooLong));
                } else {
                    self.line.extend_from_slice(chunk);
                }
            }
            if complete {
                if !self.skipping {
                    self.finish_line(out);
                }
                self.line.clear();
                self.skipping = false;
            }
        }
    }

    fn finish_line(&mut self, out: &mut Vec<Result<Message, FrameError>>) {
        let mut line = self.line.as_slice();
        if let Some(stripped) = line.strip_suffix(b"\r") {
            line = stripped;
        }
        if line.iter().all(u8::is_ascii_whitespace) {
            return;
        }
        out.push(decode(line));
    }

    /// Whether part of a frame has been read (a connection closing now cut a frame in two).
    #[must_use]
    pub fn has_partial_frame(&self) -> bool {
        self.skipping || !self.line.is_empty()
    }

    /// Bytes held for the frame being read (at most `MAX_FRAME + 1`).
    #[must_use]
    pub fn buffered(&self) -> usize {
        self.line.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_later_versions_hello_is_still_read() {
        let line = br#"{"type":"hello","versions":[1,2],"program":"p","name":"n","resume":"g","avatar":1}"#;
        assert_eq!(
            decode(line),
            Ok(Message::Hello {
                versions: vec![1, 2],
                program: "p".into(),
                name: "n".into(),
                resume: Some("g".into()),
            })
        );
        // Any other message with an unknown field is refused.
        assert!(matches!(
            decode(br#"{"type":"move","number":1,"x":7,"y":7,"z":0}"#),
            Err(FrameError::Invalid(_))
        ));
    }

    #[test]
    fn blank_lines_and_carriage_returns_are_tolerated() {
        let mut out = Vec::new();
        Decoder::new().feed(b"\n  \r\n{\"type\":\"heartbeat\"}\r\n", &mut out);
        assert_eq!(out, vec![Ok(Message::Heartbeat)]);
    }
}
