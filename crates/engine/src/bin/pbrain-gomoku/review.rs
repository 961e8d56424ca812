//! `review GAME`: the engine's review of a saved game (PSQ or SGF), one line per move — what
//! the arena's saved games need to find the move that decided them.

use gomoku_engine::review::Judgement;
use gomoku_engine::{ReviewSettings, review_game};
use gomoku_rules::notation::{psq, sgf};
use gomoku_rules::{GameRecord, Pos, Rule, Stone};
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

/// Reads a game: SGF when the file name ends in `.sgf`, PSQ otherwise.
fn read_game(file: &str, rule: Rule) -> Result<GameRecord, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let game = if file.to_ascii_lowercase().ends_with(".sgf") {
        sgf::read(&text, rule).map(|g| g.record)
    } else {
        psq::read(&text, rule)
    };
    game.map_err(|e| format!("{file}: {e}"))
}

fn line(moves: &[Pos]) -> String {
    let shown: Vec<String> = moves.iter().take(12).map(Pos::to_string).collect();
    shown.join(" ")
}

/// Reviews `file` under `rule`; `all` prints every move, otherwise only the inaccuracies,
/// mistakes, blunders and missed wins.
pub fn review_command(file: &str, rule: Rule, settings: ReviewSettings, all: bool) -> ExitCode {
    let record = match read_game(file, rule) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let stop = AtomicBool::new(false);
    let review = match review_game(&record, settings, &stop, &mut |_| {}) {
        Ok(Some(r)) => r,
        Ok(None) => return ExitCode::FAILURE,
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    say!(
        "{file}: {} moves, {rule}; chances from -1 (lost) to +1 (won), black's unless said",
        review.moves.len()
    );
    for m in &review.moves {
        let flagged = m.missed_win.is_some()
            || matches!(
                m.judgement,
                Judgement::Inaccuracy | Judgement::Mistake | Judgement::Blunder
            );
        if !all && !flagged {
            continue;
        }
        let after = &review.positions[m.index + 1];
        let colour = if m.mover == Stone::Black {
            "black"
        } else {
            "white"
        };
        let mut text = format!(
            "{:3}. {colour} {:4} {:11} mover {:+.2} -> {:+.2} (black {:+.2}, depth {})",
            m.index + 1,
            m.played.to_string(),
            m.judgement.to_string(),
            m.before,
            m.after,
            after.black_chances,
            review.positions[m.index].depth,
        );
        if let Some(b) = m.better {
            text.push_str(&format!("  better {b}: {}", line(&m.better_line)));
        }
        if let Some(w) = &m.missed_win {
            text.push_str(&format!("  missed {:?}: {}", w.kind, line(&w.line)));
        }
        say!("{text}");
    }
    for (colour, s) in [("black", review.black), ("white", review.white)] {
        say!(
            "{colour}: {} moves, {} best, {} inaccuracies, {} mistakes, {} blunders, {} missed wins, average loss {:.3}",
            s.moves,
            s.best,
            s.inaccuracies,
            s.mistakes,
            s.blunders,
            s.missed_wins,
            s.average_loss
        );
    }
    ExitCode::SUCCESS
}
