//! Generates the puzzle trainer's data file from self-play.
//!
//! ```text
//! make-puzzles [--seed 1] [--per-kind 40] [--max-games 400] [--max-seconds 900]
//!              [--rules freestyle,standard,renju] [--out crates/engine/data/puzzles.tsv]
//! ```
//! For each rule, games are played from the embedded 15×15 openings by two seeded levels
//! (Novice to Advanced: the weaker ones blunder into tactics). After every move from the
//! sixth on, the side to move is checked with the solvers ([`gomoku_engine::puzzles::forced_win`]):
//! a win by fours of 2 to 12 attacker moves, kept when its first move is the only four that
//! wins or it is at most 3 moves long; otherwise a win in 3 by threes and fours (2 or 3
//! attacker moves, no win by fours). The first puzzle of each kind per game is kept (a game
//! ends once it gave both), repeated positions are skipped, and each rule stops at
//! `--per-kind` puzzles of each kind. Puzzles are graded by attacker moves and numbered per
//! rule and kind. Everything is fixed by the seed and the node budgets, and each rule's games
//! by the seed and the rule alone: the same command writes the same file, unless
//! `--max-seconds` (per rule) ends a rule early — the summary says so.

use clap::Parser;
use gomoku_engine::fixtures::openings_15;
use gomoku_engine::puzzles::{MAX_FOURS_MOVES, Puzzle, PuzzleKind, five_points, forced_win};
use gomoku_engine::rng::Rng;
use gomoku_engine::{Engine, Level};
use gomoku_rules::{Board, GameRecord, Pos, Rule, Stone, is_legal};
use std::collections::HashSet;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Parser, Debug)]
#[command(about = "Generate puzzles (forced wins) from self-play")]
struct Args {
    /// Seed of the openings, levels and level noise.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Puzzles of each kind per rule.
    #[arg(long, default_value_t = 40)]
    per_kind: usize,
    /// Games per rule at most.
    #[arg(long, default_value_t = 400)]
    max_games: usize,
    /// Time limit per rule.
    #[arg(long, default_value_t = 900)]
    max_seconds: u64,
    /// Rules, comma-separated.
    #[arg(long, default_value = "freestyle,standard,renju")]
    rules: String,
    /// Output file.
    #[arg(long, default_value = "crates/engine/data/puzzles.tsv")]
    out: String,
}

const LEVELS: [Level; 3] = [Level::Novice, Level::Intermediate, Level::Advanced];
const MAX_PLIES: usize = 120;
/// Node budget of each solver call (the shipped-puzzle test and the trainer use more).
const NODES: u64 = 30_000;

fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "freestyle",
        Rule::Standard => "standard",
        Rule::Renju => "renju",
    }
}

/// Whether a four of `side` other than `first` also wins by fours.
fn other_four_wins(board: &Board, side: Stone, rule: Rule, first: Pos) -> bool {
    board.points().any(|m| {
        if m == first || !is_legal(board, m, side, rule) {
            return false;
        }
        let mut b = board.clone();
        b.set(m, Some(side));
        let fives = five_points(&b, side, rule);
        match fives.as_slice() {
            [] => false,
            [block] => {
                if !is_legal(&b, *block, side.opponent(), rule) {
                    return true; // the only block is forbidden: this four wins too
                }
                b.set(*block, Some(side.opponent()));
                forced_win(&b, side, rule, PuzzleKind::Fours, MAX_FOURS_MOVES, NODES).is_some()
            }
            _ => true, // an open four or a double four
        }
    })
}

/// A puzzle of a `wanted` kind for the side to move in `record`, if its position is one.
fn puzzle_at(record: &GameRecord, rule: Rule, wanted: &[PuzzleKind]) -> Option<Puzzle> {
    let board = record.board();
    let side = record.side_to_move();
    // An immediate five, or a five threat to answer first: not a puzzle.
    if !five_points(board, side, rule).is_empty()
        || !five_points(board, side.opponent(), rule).is_empty()
    {
        return None;
    }
    let moves: Vec<Pos> = record.moves().iter().map(|m| m.pos).collect();
    let make = |kind, solution: Vec<Pos>, grade, unique| Puzzle {
        id: String::new(),
        rule,
        kind,
        side,
        grade,
        unique,
        moves: moves.clone(),
        solution,
    };
    if let Some((line, n)) =
        forced_win(board, side, rule, PuzzleKind::Fours, MAX_FOURS_MOVES, NODES)
    {
        if !(2..=MAX_FOURS_MOVES).contains(&n) || !wanted.contains(&PuzzleKind::Fours) {
            return None;
        }
        let unique = !other_four_wins(board, side, rule, line[0]);
        return (unique || n <= 3).then(|| make(PuzzleKind::Fours, line, n, unique));
    }
    if !wanted.contains(&PuzzleKind::WinIn3) {
        return None;
    }
    let (line, n) = forced_win(board, side, rule, PuzzleKind::WinIn3, 3, NODES)?;
    (n >= 2).then(|| make(PuzzleKind::WinIn3, line, n, false))
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut rules = Vec::new();
    for name in args.rules.split(',') {
        match name.trim() {
            "freestyle" => rules.push(Rule::Freestyle),
            "standard" => rules.push(Rule::Standard),
            "renju" => rules.push(Rule::Renju),
            other => {
                eprintln!("unknown rule {other:?} (freestyle, standard, renju)");
                return ExitCode::FAILURE;
            }
        }
    }
    let start = Instant::now();
    let openings = openings_15();
    let mut lines = vec![
        "# Puzzles generated by make-puzzles (crates/engine/src/bin/make-puzzles.rs).".to_string(),
        format!(
            "# make-puzzles --seed {} --per-kind {} --max-games {} --rules {}",
            args.seed, args.per_kind, args.max_games, args.rules
        ),
        "# id\trule\tkind\tside\tgrade\tunique\tmoves\tsolution".to_string(),
    ];
    for &rule in &rules {
        // Each rule's games depend on the seed and the rule only, so one rule can be made
        // again on its own.
        let rule_key = u64::from(rule.gomocup_code()) + 1;
        let mut rng = Rng::new(args.seed ^ rule_key.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let deadline = Instant::now() + Duration::from_secs(args.max_seconds);
        let mut found: Vec<Puzzle> = Vec::new();
        let mut seen = HashSet::new();
        let mut games = 0;
        let count = |found: &[Puzzle], kind| found.iter().filter(|p| p.kind == kind).count();
        while games < args.max_games
            && Instant::now() < deadline
            && (count(&found, PuzzleKind::Fours) < args.per_kind
                || count(&found, PuzzleKind::WinIn3) < args.per_kind)
        {
            games += 1;
            let opening = &openings[rng.below(openings.len() as u64) as usize];
            let levels = [0, 1].map(|_| LEVELS[rng.below(LEVELS.len() as u64) as usize]);
            let game_seed = rng.next_u64();
            let mut record = GameRecord::new(rule, 15);
            if record.play_all(opening).is_err() {
                continue;
            }
            let mut engine = Engine::new(rule, 15);
            // The kinds still wanted from this game: one puzzle of each at most.
            let mut wanted: Vec<PuzzleKind> = [PuzzleKind::Fours, PuzzleKind::WinIn3]
                .into_iter()
                .filter(|&k| count(&found, k) < args.per_kind)
                .collect();
            while !record.is_over() && record.moves().len() < MAX_PLIES && !wanted.is_empty() {
                if record.moves().len() >= 6
                    && let Some(p) = puzzle_at(&record, rule, &wanted)
                    && seen.insert((record.board().clone(), p.side))
                {
                    wanted.retain(|&k| k != p.kind);
                    found.push(p);
                }
                let side = record.side_to_move();
                let level = levels[usize::from(side == Stone::White)];
                engine.set_position(record.board(), side);
                let mv = engine.choose_move(level, game_seed);
                if record.play(mv).is_err() {
                    break;
                }
            }
        }
        let (fours, win3) = (
            count(&found, PuzzleKind::Fours),
            count(&found, PuzzleKind::WinIn3),
        );
        let complete = fours >= args.per_kind && win3 >= args.per_kind;
        eprintln!(
            "{}: {games} games, {fours} win-by-fours and {win3} win-in-3 puzzles, {:.0} s{}",
            rule_name(rule),
            start.elapsed().as_secs_f64(),
            if complete { "" } else { " (ended early)" }
        );
        found.sort_by_key(|p| (p.kind == PuzzleKind::WinIn3, p.grade));
        let mut numbers = [0, 0];
        for mut p in found {
            let k = usize::from(p.kind == PuzzleKind::WinIn3);
            numbers[k] += 1;
            let kind = ["fours", "win3"][k];
            p.id = format!("{}-{kind}-{:03}", rule_name(rule), numbers[k]);
            lines.push(p.to_line());
        }
    }
    let text = lines.join("\n") + "\n";
    if let Err(e) = std::fs::write(&args.out, text) {
        eprintln!("{}: {e}", args.out);
        return ExitCode::FAILURE;
    }
    eprintln!("wrote {}", args.out);
    ExitCode::SUCCESS
}
