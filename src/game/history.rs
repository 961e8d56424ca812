//! Undo, redo and the replay: taking moves back (for one player, up to that player's own
//! last move), playing them again, and stepping through a game to any position.

use super::events::GameEvents;
use super::messages::{Notice, Origin, StonePlaced, StoneRemoved};
use super::state::Game;
use gomoku_rules::{GameRecord, Stone};

/// The position after `n` moves of `full` (its result kept only at its own position).
#[must_use]
pub fn position_at(full: &GameRecord, n: usize) -> GameRecord {
    let mut record = full.clone();
    let total = full.moves().len() + full.redo_moves().len();
    for _ in 0..=2 * total + 1 {
        if record.moves().len() > n {
            record.undo();
        } else if record.moves().len() < n {
            if record.redo().is_none() {
                break;
            }
        } else {
            break;
        }
    }
    record
}

/// Takes back moves. For a player `owner` who shares the board with another controller (the
/// computer, a remote player), back to before `owner`'s last move, so that it is `owner`'s
/// turn again; otherwise (hot-seat, watching the computer) one move. A result is taken back
/// first.
pub fn undo(game: &mut Game, owner: Option<Stone>, events: &mut GameEvents) {
    let target = match owner {
        Some(owner) => match game.last_move_of(owner) {
            Some(index) => index,
            // Only the other side's opening move: taking it back would only replay it.
            None if !game.record.is_over() => {
                events.notice(Notice::NothingToUndo);
                return;
            }
            None => game.record.moves().len(),
        },
        None => game.record.moves().len().saturating_sub(1),
    };
    let mut changed = false;
    loop {
        let was_over = game.record.is_over();
        match game.record.undo() {
            Some(mv) => {
                changed = true;
                events.removed.write(StoneRemoved {
                    pos: mv.pos,
                    origin: Origin::Undo,
                });
            }
            None if was_over => {
                changed = true;
                events.notice(Notice::ResultTakenBack);
                let to_move = game.record.side_to_move();
                if owner.is_none_or(|o| o == to_move) {
                    return;
                }
            }
            None => break,
        }
        if game.record.moves().len() <= target {
            break;
        }
    }
    if !changed {
        events.notice(Notice::NothingToUndo);
    }
}

/// Replays one move; against the computer, up to the person's next turn.
pub fn redo(game: &mut Game, events: &mut GameEvents) {
    let mut replayed = false;
    let human = game.mode().human();
    while let Some(played) = game.record.redo() {
        replayed = true;
        let number = game.record.moves().len();
        events.played(&played, number, Origin::Redo);
        if played.result.is_some() {
            break;
        }
        match human {
            Some(human) if game.record.side_to_move() != human => {}
            _ => break,
        }
    }
    if !replayed {
        events.notice(Notice::NothingToRedo);
    }
}

/// Steps the replay to the position after `n` moves: the stones that differ are taken off
/// and put on one by one (so the board animates and sounds like play), and the result shows
/// again at the end. Back at the game's own position the replay ends.
pub fn replay_to(game: &mut Game, n: usize, events: &mut GameEvents) {
    let full = game.review.take().unwrap_or_else(|| game.record.clone());
    let total = full.moves().len() + full.redo_moves().len();
    let target = if n == full.moves().len() {
        full.clone()
    } else {
        position_at(&full, n.min(total))
    };
    let shown = game.record.moves();
    let common = shown
        .iter()
        .zip(target.moves())
        .take_while(|(a, b)| a.pos == b.pos)
        .count();
    for mv in shown[common..].iter().rev() {
        events.removed.write(StoneRemoved {
            pos: mv.pos,
            origin: Origin::Replay,
        });
    }
    for (i, mv) in target.moves().iter().enumerate().skip(common) {
        events.placed.write(StonePlaced {
            pos: mv.pos,
            stone: Stone::for_move(i),
            number: i + 1,
            origin: Origin::Replay,
        });
    }
    if let Some(result) = target.result()
        && game.record.result() != Some(result)
    {
        events.game_over(result, Origin::Replay);
    }
    let back_home = target.moves().len() == full.moves().len();
    game.record = target;
    game.review = (!back_home).then_some(full);
}

/// Plays on from the position the replay shows; the later moves are dropped.
pub fn continue_from_here(game: &mut Game, events: &mut GameEvents) {
    if game.review.take().is_some() {
        let dropped = game.record.redo_moves().len();
        // An empty tail always fits.
        let _ = game.record.set_redo(Vec::new());
        events.notice(Notice::ReplayContinued {
            number: game.record.moves().len(),
            dropped,
        });
    }
}
