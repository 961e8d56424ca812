//! The original MFC game's `.gob` files: 225 numbers row by row (-1 empty, 0 white, 1 black),
//! the colour to move (1 = black, 0 = white), the index of the last move (-1 for none), then
//! index + 1 pairs `x y` (x = column, y = row from the top). Separators may be NUL bytes,
//! CR, LF, tabs or spaces. The board must agree with the move list.

use super::replay;
use crate::board::{Pos, Stone};
use crate::error::FormatError;
use crate::record::{GameRecord, Move};
use crate::rules::Rule;

const FORMAT: &str = ".gob";
/// The MFC game's board side.
pub const GOB_SIZE: usize = 15;

/// Reads a `.gob` file (raw bytes, as the MFC program wrote them) as a game under `rule`.
pub fn read(bytes: &[u8], rule: Rule) -> Result<GameRecord, FormatError> {
    let text = String::from_utf8_lossy(bytes);
    let mut numbers = text
        .split(|c: char| c == '\0' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .enumerate()
        .map(|(i, t)| {
            t.parse::<i64>().map_err(|_| {
                FormatError::syntax(FORMAT, format!("item {}: {t:?} is not a number", i + 1))
            })
        });
    let mut next = |what: &str| -> Result<i64, FormatError> {
        numbers.next().unwrap_or_else(|| {
            Err(FormatError::syntax(
                FORMAT,
                format!("the file ends before {what}"),
            ))
        })
    };
    let mut cells = Vec::with_capacity(GOB_SIZE * GOB_SIZE);
    for i in 0..GOB_SIZE * GOB_SIZE {
        let v = next("the end of the board")?;
        cells.push(match v {
            -1 => None,
            0 => Some(Stone::White),
            1 => Some(Stone::Black),
            other => {
                return Err(FormatError::syntax(
                    FORMAT,
                    format!(
                        "board cell {} (row {}, column {}) holds {other}; expected -1, 0 or 1",
                        i + 1,
                        i / GOB_SIZE + 1,
                        i % GOB_SIZE + 1
                    ),
                ));
            }
        });
    }
    let to_move = match next("the colour to move")? {
        1 => Stone::Black,
        0 => Stone::White,
        other => {
            return Err(FormatError::syntax(
                FORMAT,
                format!("the colour to move is {other}; expected 1 (black) or 0 (white)"),
            ));
        }
    };
    let last = next("the index of the last move")?;
    if !(-1..(GOB_SIZE * GOB_SIZE) as i64).contains(&last) {
        return Err(FormatError::syntax(
            FORMAT,
            format!("the last move index {last} is out of range"),
        ));
    }
    let mut pairs = Vec::new();
    for i in 0..=last {
        let what = format!("move {}", i + 1);
        let x = next(&what)?;
        let y = next(&what)?;
        if !(0..GOB_SIZE as i64).contains(&x) || !(0..GOB_SIZE as i64).contains(&y) {
            return Err(FormatError::syntax(
                FORMAT,
                format!("move {} ({x} {y}) is off the board", i + 1),
            ));
        }
        pairs.push(Pos::new(x as u8, y as u8));
    }
    let record = replay(FORMAT, rule, GOB_SIZE, pairs.iter().copied().map(Move::new))?;
    let matches = record
        .board()
        .points()
        .all(|p| record.board().get(p) == cells[usize::from(p.y) * GOB_SIZE + usize::from(p.x)]);
    if !matches {
        return Err(FormatError::syntax(
            FORMAT,
            "the board does not match the move list",
        ));
    }
    if record.side_to_move() != to_move && !record.is_over() {
        return Err(FormatError::syntax(
            FORMAT,
            format!(
                "the file says {to_move} is to move, but after {} moves it is {}",
                record.moves().len(),
                record.side_to_move()
            ),
        ));
    }
    Ok(record)
}

/// Writes `record` in the `.gob` layout (15×15 only; other sizes give `None`).
#[must_use]
pub fn write(record: &GameRecord) -> Option<Vec<u8>> {
    if record.size() != GOB_SIZE {
        return None;
    }
    let mut s = String::new();
    for p in record.board().points() {
        s.push_str(match record.board().get(p) {
            None => "-1",
            Some(Stone::White) => "0",
            Some(Stone::Black) => "1",
        });
        s.push(if p.x as usize == GOB_SIZE - 1 {
            '\n'
        } else {
            ' '
        });
    }
    let to_move = i32::from(record.side_to_move() == Stone::Black);
    s.push_str(&format!("{to_move}\n{}\n", record.moves().len() as i64 - 1));
    for m in record.moves() {
        s.push_str(&format!("{} {}\n", m.pos.x, m.pos.y));
    }
    Some(s.into_bytes())
}
