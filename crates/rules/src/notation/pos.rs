//! Gomocup "pos" strings such as `h8i9j10`: letter = x from `a`, number = y + 1 counted from
//! the top row, black first.

use super::replay;
use crate::board::Pos;
use crate::error::FormatError;
use crate::record::{GameRecord, Move};
use crate::rules::Rule;

const FORMAT: &str = "pos string";

/// Parses the points of a pos string (whitespace and commas between moves are allowed).
/// Points are checked against a board of side `size`.
pub fn parse_points(text: &str, size: usize) -> Result<Vec<Pos>, FormatError> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(at, c)) = chars.peek() {
        if c.is_whitespace() || c == ',' || c == ';' {
            chars.next();
            continue;
        }
        if !c.is_ascii_alphabetic() {
            return Err(FormatError::syntax(
                FORMAT,
                format!("unexpected {c:?} at character {}", at + 1),
            ));
        }
        chars.next();
        let x = u32::from(c.to_ascii_lowercase() as u8 - b'a');
        let mut digits = String::new();
        while let Some(&(_, d)) = chars.peek() {
            if !d.is_ascii_digit() {
                break;
            }
            digits.push(d);
            chars.next();
        }
        let number: u32 = digits.parse().map_err(|_| {
            FormatError::syntax(
                FORMAT,
                format!("move {} ({c}) has no row number", out.len() + 1),
            )
        })?;
        if number == 0 || number as usize > size || x as usize >= size {
            return Err(FormatError::syntax(
                FORMAT,
                format!(
                    "move {} ({c}{number}) is off the {size}x{size} board",
                    out.len() + 1
                ),
            ));
        }
        out.push(Pos::new(x as u8, (number - 1) as u8));
    }
    Ok(out)
}

/// Reads a pos string as a game under `rule` on a board of side `size`.
pub fn read(text: &str, rule: Rule, size: usize) -> Result<GameRecord, FormatError> {
    super::check_size(FORMAT, size)?;
    let points = parse_points(text, size)?;
    replay(FORMAT, rule, size, points.into_iter().map(Move::new))
}

/// Writes the moves of `record` as a pos string.
#[must_use]
pub fn write(record: &GameRecord) -> String {
    record.moves().iter().map(|m| m.pos.to_string()).collect()
}
