//! Text formats for games: Gomocup pos strings, Piskvork PSQ, SGF (`GM[4]`) and the original
//! MFC program's `.gob` files. Every reader replays the moves through the rules and names the
//! first impossible one.

pub mod gob;
pub mod pos;
pub mod psq;
pub mod sgf;

use crate::board::{MAX_SIZE, MIN_SIZE};
use crate::error::FormatError;
use crate::record::{GameRecord, Move};
use crate::rules::Rule;

/// Replays `moves` from an empty board of side `size`, failing at the first impossible move.
/// Under renju a black forbidden move in a file is an error too (strict files record it as a
/// loss, which no move list can express).
pub(crate) fn replay(
    format: &'static str,
    rule: Rule,
    size: usize,
    moves: impl IntoIterator<Item = Move>,
) -> Result<GameRecord, FormatError> {
    check_size(format, size)?;
    let mut record = GameRecord::new(rule, size);
    for (i, mv) in moves.into_iter().enumerate() {
        record
            .play_move(mv)
            .map_err(|reason| FormatError::IllegalMove {
                format,
                number: i + 1,
                pos: mv.pos.to_string(),
                reason,
            })?;
    }
    Ok(record)
}

pub(crate) fn check_size(format: &'static str, size: usize) -> Result<(), FormatError> {
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(FormatError::syntax(
            format,
            format!("board size {size} is not supported (use {MIN_SIZE} to {MAX_SIZE})"),
        ))
    }
}
