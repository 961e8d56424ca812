//! Piskvork's PSQ game files:
//! ```text
//! Piskvork 15x15, 11:11, 0
//! 8,8,0
//! 9,9,1250
//! -1
//! ```
//! Moves are `x,y,time_ms` with 1-based coordinates. Whatever follows the move list (engine
//! names, `-1` markers) is ignored. Piskvork files carry no rule; the caller supplies it.

use super::replay;
use crate::board::Pos;
use crate::error::FormatError;
use crate::record::{GameRecord, Move};
use crate::rules::Rule;

const FORMAT: &str = "PSQ";

/// Reads a PSQ file as a game under `rule`.
pub fn read(text: &str, rule: Rule) -> Result<GameRecord, FormatError> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let header = lines
        .next()
        .ok_or_else(|| FormatError::syntax(FORMAT, "the file is empty"))?;
    let size = parse_header(header)?;
    let mut moves = Vec::new();
    for line in lines {
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        if fields.len() < 2 || fields.len() > 3 {
            break; // end of the move list
        }
        let (Ok(x), Ok(y)) = (fields[0].parse::<i64>(), fields[1].parse::<i64>()) else {
            break;
        };
        if x == -1 || y == -1 {
            break;
        }
        let number = moves.len() + 1;
        if x < 1 || y < 1 || x > size as i64 || y > size as i64 {
            return Err(FormatError::syntax(
                FORMAT,
                format!("move {number} ({x},{y}) is off the {size}x{size} board"),
            ));
        }
        let time_ms = match fields.get(2) {
            Some(t) => Some(t.parse::<u32>().map_err(|_| {
                FormatError::syntax(FORMAT, format!("move {number}: bad time {t:?}"))
            })?),
            None => None,
        };
        moves.push(Move {
            pos: Pos::new((x - 1) as u8, (y - 1) as u8),
            time_ms,
        });
    }
    replay(FORMAT, rule, size, moves)
}

fn parse_header(header: &str) -> Result<usize, FormatError> {
    let bad = || {
        FormatError::syntax(
            FORMAT,
            format!("the first line should look like \"Piskvork 15x15, 11:11, 0\", not {header:?}"),
        )
    };
    let rest = header
        .strip_prefix("Piskvork")
        .or_else(|| header.strip_prefix("Piskvorky"))
        .ok_or_else(bad)?;
    let dims = rest.trim().split(',').next().ok_or_else(bad)?.trim();
    let (w, h) = dims.split_once('x').ok_or_else(bad)?;
    let (w, h): (usize, usize) = (
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    );
    if w != h {
        return Err(FormatError::syntax(
            FORMAT,
            format!("only square boards are supported, not {w}x{h}"),
        ));
    }
    super::check_size(FORMAT, w)?;
    Ok(w)
}

/// Writes `record` as a PSQ file (times of 0 where unknown).
#[must_use]
pub fn write(record: &GameRecord) -> String {
    let n = record.size();
    let mut s = format!("Piskvork {n}x{n}, 11:11, 0\n");
    for m in record.moves() {
        s.push_str(&format!(
            "{},{},{}\n",
            m.pos.x + 1,
            m.pos.y + 1,
            m.time_ms.unwrap_or(0)
        ));
    }
    s.push_str("-1\n");
    s
}
