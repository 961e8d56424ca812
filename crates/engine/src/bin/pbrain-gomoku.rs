//! Gomocup / Piskvork brain: `pbrain-gomoku [--level NAME] [--seed N] [--quiet]` speaks the
//! protocol on stdin / stdout.
//!
//! Measurement subcommands:
//! - `pbrain-gomoku bench [DEPTH]`: fixed-depth search of the benchmark positions (default
//!   depth 10), printing nodes per position, total nodes and nodes per second;
//! - `pbrain-gomoku puzzles [--mode 32|64|67] [--step N] [--limit N] [--time MS]`: solves the
//!   embedded renju puzzles and prints the share solved and the median time;
//! - `pbrain-gomoku depth [--rule 0|1|4] [--openings N] [--ms MS] [--nodes N]`: the depth of
//!   the last completed iteration of a timed search (default 1000 ms; or a node-limited one,
//!   which does not depend on the load) after each of the first N openings (default 12) and
//!   in each benchmark position.

use gomoku_engine::bench::{bench, depth_in_limits, run_puzzles};
use gomoku_engine::protocol::{Options, run};
use gomoku_engine::{Level, Limits};
use std::io::BufReader;
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => {
            let depth = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(10);
            let r = bench(depth);
            for (name, nodes, d, ms) in &r.positions {
                println!("{nodes:>12} nodes  depth {d:>2}  {ms:>6} ms  {name}");
            }
            println!("depth {depth}: {} positions", r.positions.len());
            println!("total nodes: {}", r.nodes);
            println!("time: {} ms", r.time.as_millis());
            println!("nodes/second: {}", r.nps());
        }
        Some("depth") => {
            let get = |flag: &str, default: u64| {
                args.iter()
                    .position(|a| a == flag)
                    .and_then(|i| args.get(i + 1))
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(default)
            };
            let rule = match get("--rule", 0) {
                1 => gomoku_rules::Rule::Standard,
                4 => gomoku_rules::Rule::Renju,
                _ => gomoku_rules::Rule::Freestyle,
            };
            let ms = get("--ms", 1000);
            let nodes = get("--nodes", 0);
            let limits = if nodes > 0 {
                Limits::nodes(nodes)
            } else {
                Limits::time(Duration::from_millis(ms))
            };
            let rows = depth_in_limits(rule, get("--openings", 12) as usize, limits);
            let budget = if nodes > 0 {
                format!("{nodes} nodes")
            } else {
                format!("{ms} ms")
            };
            for r in &rows {
                println!(
                    "{:<32} depth {:>2}-{:<2} nodes {:>9} nps {:>7}",
                    r.name, r.depth, r.sel_depth, r.nodes, r.nps
                );
            }
            let mut d: Vec<u32> = rows.iter().map(|r| r.depth).collect();
            d.sort_unstable();
            if let (Some(lo), Some(hi)) = (d.first(), d.last()) {
                println!(
                    "{rule}, {budget}: depth {lo}..{hi}, median {}",
                    d[d.len() / 2]
                );
            }
        }
        Some("puzzles") => {
            let get = |flag: &str, default: usize| {
                args.iter()
                    .position(|a| a == flag)
                    .and_then(|i| args.get(i + 1))
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(default)
            };
            let modes: Vec<u32> = match args.iter().position(|a| a == "--mode") {
                Some(i) => args
                    .get(i + 1)
                    .and_then(|v| v.parse().ok())
                    .into_iter()
                    .collect(),
                None => vec![32, 67, 64],
            };
            let step = get("--step", 1);
            let limit = get("--limit", usize::MAX);
            let time = Duration::from_millis(get("--time", 1000) as u64);
            for mode in modes {
                let s = run_puzzles(mode, step, limit, time);
                let name = match mode {
                    32 => "VCF",
                    64 => "VCT",
                    67 => "win in 3",
                    _ => "other",
                };
                println!(
                    "mode {mode} ({name}): solved {}/{} ({:.1} %) within {} ms, median {:.1} ms{}",
                    s.solved,
                    s.total,
                    100.0 * s.solved as f64 / s.total.max(1) as f64,
                    time.as_millis(),
                    s.median_ms(),
                    if mode == 67 {
                        format!(", win found within 3 moves: {}", s.short_enough)
                    } else {
                        String::new()
                    }
                );
                for f in s.failed.iter().take(20) {
                    println!("  unsolved: {f}");
                }
            }
        }
        _ => {
            let mut opts = Options::default();
            let mut i = 0;
            while i < args.len() {
                match args[i].as_str() {
                    "--level" => {
                        let name = args.get(i + 1).cloned().unwrap_or_default();
                        match Level::from_name(&name) {
                            Some(l) => opts.level = Some(l),
                            None => {
                                eprintln!("unknown level {name:?}; use one of {:?}", Level::ALL);
                                std::process::exit(2);
                            }
                        }
                        i += 1;
                    }
                    "--seed" => {
                        opts.seed = args.get(i + 1).and_then(|v| v.parse().ok()).unwrap_or(0);
                        i += 1;
                    }
                    "--quiet" => opts.quiet = true,
                    other => {
                        eprintln!("unknown argument {other:?}");
                        std::process::exit(2);
                    }
                }
                i += 1;
            }
            run(BufReader::new(std::io::stdin()), std::io::stdout(), opts);
        }
    }
}
