//! Undo, redo and the replay: taking moves and opening decisions back (for one player, up to
//! that player's own last step), playing them again, and stepping through a game to any
//! position.

use super::events::GameEvents;
use super::messages::{Notice, Origin, StonePlaced, StoneRemoved};
use super::seats::Actor;
use super::state::Game;
use gomoku_rules::{GameRecord, Side, Step, Stone};

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

/// How many steps an undo for `owner` takes back: to before `owner`'s last step (a move, an
/// opening stone or decision), so that `owner` must act again; without an owner (hot-seat,
/// watching the computer) one step. A result is taken back first (and alone, when `owner`
/// is to act after it). `None`: `owner` has nothing to take back.
#[must_use]
pub fn undo_steps(record: &GameRecord, owner: Option<Side>) -> Option<usize> {
    let Some(owner) = owner else {
        return record.can_undo().then_some(1);
    };
    let mut trial = record.clone();
    let mut steps = 0;
    while trial.undo_step().is_some() {
        steps += 1;
        if trial.turn().who == owner {
            return Some(steps);
        }
    }
    None
}

/// Takes back steps for `owner` (see [`undo_steps`]); the seats follow the colours when a
/// swap is taken back.
pub fn undo(game: &mut Game, owner: Option<Stone>, events: &mut GameEvents) {
    let owner = owner.map(|s| game.record.holder(s));
    let Some(steps) = undo_steps(&game.record, owner) else {
        events.notice(Notice::NothingToUndo);
        return;
    };
    let black_before = game.record.holder(Stone::Black);
    for _ in 0..steps {
        match game.record.undo_step() {
            Some(Step::Move(mv)) => removed(events, mv.pos),
            Some(Step::Decision(decision, _)) => {
                if let Some(pos) = decision.stone() {
                    removed(events, pos);
                }
            }
            Some(Step::Result) => events.notice(Notice::ResultTakenBack),
            None => break,
        }
    }
    game.follow_colours(black_before);
}

fn removed(events: &mut GameEvents, pos: gomoku_rules::Pos) {
    events.removed.write(StoneRemoved {
        pos,
        origin: Origin::Undo,
    });
}

/// Replays one step; against the computer, up to the person's next turn.
pub fn redo(game: &mut Game, events: &mut GameEvents) {
    let mut replayed = false;
    let with_person = game.mode().human().is_some();
    loop {
        let black_before = game.record.holder(Stone::Black);
        let Some(step) = game.record.redo_step() else {
            break;
        };
        game.follow_colours(black_before);
        replayed = true;
        let stone = match &step {
            Step::Move(mv) => Some(mv.pos),
            Step::Decision(decision, _) => decision.stone(),
            Step::Result => None,
        };
        let number = game.record.moves().len();
        if let Some(pos) = stone {
            events.placed.write(StonePlaced {
                pos,
                stone: Stone::for_move(number - 1),
                number,
                origin: Origin::Redo,
            });
        }
        if let Some(result) = game.record.result().cloned() {
            events.game_over(&result, Origin::Redo);
            break;
        }
        if !(with_person && game.actor_to_move() == Some(Actor::Computer)) {
            break;
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
