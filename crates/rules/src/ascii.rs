//! ASCII boards: `X` black, `O` white, `.` empty, one text row per board row (top first).
//! Used by tests and debugging output; spaces between cells are optional.

use crate::board::{Board, MAX_SIZE, MIN_SIZE, Pos, Stone};
use crate::error::FormatError;

const FORMAT: &str = "ascii board";

/// Parses a square ASCII board. Accepts `X`/`x`/`B`/`●` for black, `O`/`o`/`W`/`○` for white,
/// `.`/`+`/`_` for empty; blank lines and spaces are ignored.
pub fn parse_ascii(text: &str) -> Result<Board, FormatError> {
    let rows: Vec<Vec<Option<Stone>>> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .enumerate()
        .map(|(r, line)| {
            line.chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| match c {
                    'X' | 'x' | 'B' | '●' => Ok(Some(Stone::Black)),
                    'O' | 'o' | 'W' | '○' => Ok(Some(Stone::White)),
                    '.' | '+' | '_' => Ok(None),
                    other => Err(FormatError::syntax(
                        FORMAT,
                        format!("row {}: unexpected character {other:?}", r + 1),
                    )),
                })
                .collect()
        })
        .collect::<Result<_, _>>()?;
    let n = rows.len();
    if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
        return Err(FormatError::syntax(
            FORMAT,
            format!("{n} rows; a board has {MIN_SIZE} to {MAX_SIZE}"),
        ));
    }
    let mut board = Board::new(n);
    for (y, row) in rows.iter().enumerate() {
        if row.len() != n {
            return Err(FormatError::syntax(
                FORMAT,
                format!("row {} has {} cells, expected {n}", y + 1, row.len()),
            ));
        }
        for (x, &cell) in row.iter().enumerate() {
            board.set(Pos::new(x as u8, y as u8), cell);
        }
    }
    Ok(board)
}

/// The board as text, one row per line, cells separated by spaces.
#[must_use]
pub fn to_ascii(board: &Board) -> String {
    let mut s = String::new();
    for y in 0..board.size() {
        let row: Vec<&str> = (0..board.size())
            .map(|x| match board.get(Pos::new(x as u8, y as u8)) {
                Some(Stone::Black) => "X",
                Some(Stone::White) => "O",
                None => ".",
            })
            .collect();
        s.push_str(&row.join(" "));
        s.push('\n');
    }
    s
}
