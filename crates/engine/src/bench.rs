//! Measurements: the fixed-depth node-count benchmark and the puzzle solver statistics.

use crate::engine::{Engine, find_vcf};
use crate::fixtures::{Puzzle, bench_positions, puzzles};
use crate::search::Limits;
use gomoku_rules::Rule;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The depth of the standard bench (`pbrain-gomoku bench`, CI).
pub const BENCH_DEPTH: u32 = 10;

/// Total nodes of [`bench`] at [`BENCH_DEPTH`]. The count is deterministic, so it changes only
/// when the search behaviour changes; CI runs `pbrain-gomoku bench --check`, which fails on a
/// mismatch, so such a change updates this figure knowingly (with its measurements).
pub const BENCH_NODES: u64 = 228_381;

/// Result of [`bench`].
#[derive(Clone, Debug)]
pub struct BenchReport {
    /// (description, nodes, depth reached, milliseconds) per position.
    pub positions: Vec<(String, u64, u32, u64)>,
    pub nodes: u64,
    pub time: Duration,
}

impl BenchReport {
    #[must_use]
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-9)) as u64
    }
}

/// Searches every bench position to `depth` with a fresh engine (deterministic node counts).
#[must_use]
pub fn bench(depth: u32) -> BenchReport {
    let mut report = BenchReport {
        positions: Vec::new(),
        nodes: 0,
        time: Duration::ZERO,
    };
    for pos in bench_positions() {
        let mut e = Engine::new(pos.rule, pos.size);
        e.set_hash_mb(16);
        if e.set_moves(&pos.moves).is_err() {
            continue;
        }
        let stop = AtomicBool::new(false);
        let t = Instant::now();
        let r = e.search(Limits::depth(depth), &stop, &mut |_| {});
        let dt = t.elapsed();
        let moves: String = pos.moves.iter().map(ToString::to_string).collect();
        report.positions.push((
            format!("{} {} {}", pos.rule, pos.size, moves),
            r.nodes,
            r.depth,
            dt.as_millis() as u64,
        ));
        report.nodes += r.nodes;
        report.time += dt;
    }
    report
}

/// Statistics of one puzzle class.
#[derive(Clone, Debug, Default)]
pub struct PuzzleStats {
    pub mode: u32,
    pub total: usize,
    pub solved: usize,
    /// Solve times of the solved puzzles, in milliseconds.
    pub times_ms: Vec<f64>,
    /// Sources of the unsolved puzzles.
    pub failed: Vec<String>,
    /// Win-in-3 puzzles whose win was found within three attacker moves.
    pub short_enough: usize,
}

impl PuzzleStats {
    #[must_use]
    pub fn median_ms(&self) -> f64 {
        let mut t = self.times_ms.clone();
        if t.is_empty() {
            return 0.0;
        }
        t.sort_by(f64::total_cmp);
        t[t.len() / 2]
    }
}

/// Solves one puzzle within `time`; returns the solve time when the forced win was found.
#[must_use]
pub fn solve_puzzle(p: &Puzzle, time: Duration) -> Option<(Duration, Option<i32>)> {
    let t = Instant::now();
    if p.mode == 32 {
        let line = find_vcf(
            &p.board,
            p.side,
            Rule::Renju,
            Limits {
                time: Some(time),
                nodes: Some(u64::MAX),
                depth: None,
            },
        )?;
        return Some((t.elapsed(), Some(line.len().div_ceil(2) as i32)));
    }
    let mut e = Engine::new(Rule::Renju, p.board.size());
    e.set_hash_mb(16);
    e.set_position(&p.board, p.side);
    let stop = AtomicBool::new(false);
    let r = e.search(Limits::time(time), &stop, &mut |_| {});
    r.forced_win.then(|| (t.elapsed(), r.mate_in))
}

/// Runs the puzzles of `mode` (every `step`-th one, at most `limit`), `time` each.
#[must_use]
pub fn run_puzzles(mode: u32, step: usize, limit: usize, time: Duration) -> PuzzleStats {
    let mut stats = PuzzleStats {
        mode,
        ..PuzzleStats::default()
    };
    for p in puzzles()
        .into_iter()
        .filter(|p| p.mode == mode)
        .step_by(step.max(1))
        .take(limit)
    {
        stats.total += 1;
        match solve_puzzle(&p, time) {
            Some((dt, mate)) => {
                stats.solved += 1;
                stats.times_ms.push(dt.as_secs_f64() * 1000.0);
                if mate.is_some_and(|m| m <= 3) {
                    stats.short_enough += 1;
                }
            }
            None => stats.failed.push(p.source.clone()),
        }
    }
    stats
}

/// One row of [`depth_in_time`]: the position, the last completed iteration, the selective
/// depth, nodes and nodes per second.
#[derive(Clone, Debug)]
pub struct DepthRow {
    pub name: String,
    pub depth: u32,
    pub sel_depth: u32,
    pub nodes: u64,
    pub nps: u64,
}

/// Searches each of the first `openings` 15×15 openings (side to move after the opening)
/// under `rule`, then each benchmark position, for `time` with a fresh engine, and reports
/// the depth of the last completed iteration.
#[must_use]
pub fn depth_in_time(rule: Rule, openings: usize, time: Duration) -> Vec<DepthRow> {
    depth_in_limits(rule, openings, Limits::time(time), 1)
}

/// As [`depth_in_time`] with any limits (`Limits::nodes` gives a figure that does not depend
/// on the machine's load) and `threads` search threads.
#[must_use]
pub fn depth_in_limits(
    rule: Rule,
    openings: usize,
    limits: Limits,
    threads: usize,
) -> Vec<DepthRow> {
    let mut jobs: Vec<(String, Rule, usize, Vec<gomoku_rules::Pos>)> = Vec::new();
    for (i, o) in crate::fixtures::openings_15()
        .into_iter()
        .take(openings)
        .enumerate()
    {
        jobs.push((format!("opening {:>2}", i + 1), rule, 15, o));
    }
    for (i, p) in bench_positions().into_iter().enumerate() {
        jobs.push((
            format!("bench {:>2} ({}, {} stones)", i + 1, p.rule, p.moves.len()),
            p.rule,
            p.size,
            p.moves,
        ));
    }
    let mut rows = Vec::new();
    for (name, rule, size, moves) in jobs {
        let mut e = Engine::new(rule, size);
        e.set_threads(threads);
        if e.set_moves(&moves).is_err() {
            continue;
        }
        let stop = AtomicBool::new(false);
        let mut last = None;
        let r = e.search(limits, &stop, &mut |i| last = Some(i.clone()));
        let (sel, nps) = last.map_or((0, 0), |i| (i.sel_depth, i.nps));
        rows.push(DepthRow {
            name,
            depth: r.depth,
            sel_depth: sel,
            nodes: r.nodes,
            nps,
        });
    }
    rows
}
