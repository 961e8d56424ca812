//! Gomocup / Piskvork brain: `pbrain-gomoku [--level NAME] [--seed N] [--threads N] [--quiet]`
//! speaks the protocol on stdin / stdout (a manager starts it without arguments).
//!
//! Measurement subcommands (`pbrain-gomoku help SUBCOMMAND` for the options):
//! - `bench [DEPTH] [--check]`: fixed-depth search of the benchmark positions (default depth
//!   10), printing nodes per position, total nodes and nodes per second; `--check` compares the
//!   total with the figure kept in `gomoku_engine::bench` and exits with status 1 on a mismatch;
//! - `puzzles [--mode 32|64|67] [--step N] [--limit N] [--time MS]`: solves the embedded renju
//!   puzzles and prints the share solved and the median time;
//! - `depth [--rule CODE] [--openings N] [--ms MS] [--nodes N] [--depth D] [--threads N]`: the
//!   depth of the last completed iteration of a timed search (or a node-limited one, which does
//!   not depend on the load) after each of the first N openings and in each benchmark position,
//!   or with `--depth` the nodes each search needs to reach that depth;
//! - `selfplay --rule CODE --games N --nodes N --out FILE`, `fit --data FILE --out FILE` and
//!   `fit-table --data FILE --out FILE`:
//!   the evaluation's training pipeline (see `training.rs`);
//! - `review GAME [--rule CODE] [--nodes N] [--all]`: the engine's review of a saved game
//!   (PSQ or SGF, e.g. one the arena saved): the moves that lost chances, with the engine's
//!   better move and line, and a summary per player.

/// `println!` that ends the command quietly (status 0) when stdout is closed, e.g. when the
/// output is piped into `head`, instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            return std::process::ExitCode::SUCCESS;
        }
    };
}

#[path = "pbrain-gomoku/review.rs"]
mod review;
#[path = "pbrain-gomoku/training.rs"]
mod training;

use clap::{Parser, Subcommand};
use gomoku_engine::bench::{BENCH_DEPTH, BENCH_NODES, bench, depth_in_limits, run_puzzles};
use gomoku_engine::eval_net::{Net, NetChoice};
use gomoku_engine::protocol::{Options, rule_from_code, run};
use gomoku_engine::{Level, Limits};
use gomoku_rules::Rule;
use std::io::{BufReader, Write};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser, Debug)]
#[command(
    name = "pbrain-gomoku",
    version,
    about = "Gomocup brain (gomoku, standard, renju)"
)]
struct Cli {
    /// Play at this fixed level (Beginner, Novice, Intermediate, Advanced, Expert, Master)
    /// instead of full strength.
    #[arg(long, value_parser = parse_level)]
    level: Option<Level>,
    /// Seed for the levels' randomness.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Search threads at full strength until the manager sends `INFO thread_num`.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    threads: u16,
    /// No `MESSAGE` progress lines.
    #[arg(long)]
    quiet: bool,
    /// Evaluation network: a network file written by `fit-net`, or `off` for none (default:
    /// the embedded network of the rule).
    #[arg(long)]
    net: Option<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Reviews a saved game (PSQ, or SGF when the name ends in .sgf): the moves that lost
    /// chances (inaccuracies, mistakes, blunders, missed wins) with the engine's better move.
    Review {
        /// The game file.
        game: String,
        /// Gomocup rule code: 0 freestyle, 1 standard, 4 renju (an SGF file's own rule wins).
        #[arg(long, default_value = "0", value_parser = rule_from_code)]
        rule: Rule,
        /// Node budget of the main search per position (the same work for every position).
        #[arg(long, default_value_t = gomoku_engine::ReviewSettings::default().nodes)]
        nodes: u64,
        /// Every move, not only those that lost chances.
        #[arg(long)]
        all: bool,
    },
    /// Fixed-depth search of the benchmark positions (deterministic node counts).
    Bench {
        /// Search depth.
        #[arg(default_value_t = BENCH_DEPTH)]
        depth: u32,
        /// Exit with status 1 unless the total node count equals the expected figure.
        #[arg(long)]
        check: bool,
    },
    /// Solves the embedded renju puzzles (32 VCF, 67 win in 3, 64 VCT; all three by default).
    Puzzles {
        #[arg(long)]
        mode: Option<u32>,
        /// Every N-th puzzle.
        #[arg(long, default_value_t = 1)]
        step: usize,
        /// At most N puzzles per mode.
        #[arg(long, default_value_t = usize::MAX)]
        limit: usize,
        /// Time per puzzle in milliseconds.
        #[arg(long, default_value_t = 1000)]
        time: u64,
    },
    /// Depth reached by a timed (or node-limited) search after the openings and in the bench
    /// positions.
    Depth {
        /// Gomocup rule code: 0 freestyle, 1 standard, 4 renju.
        #[arg(long, default_value = "0", value_parser = rule_from_code)]
        rule: Rule,
        /// How many of the embedded 15×15 openings.
        #[arg(long, default_value_t = 12)]
        openings: usize,
        /// Time per search in milliseconds.
        #[arg(long, default_value_t = 1000)]
        ms: u64,
        /// A node budget instead of the time (0 = use the time).
        #[arg(long, default_value_t = 0)]
        nodes: u64,
        /// A fixed depth instead of the time or nodes (0 = none): the nodes each search
        /// needs to reach it.
        #[arg(long, default_value_t = 0)]
        depth: u32,
        /// Search threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: u16,
    },
    /// Training data: self-play games (one thread, a node budget per move), appended to a
    /// file one game a line.
    Selfplay {
        /// Gomocup rule code: 0 freestyle, 1 standard, 4 renju.
        #[arg(long, default_value = "0", value_parser = rule_from_code)]
        rule: Rule,
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Nodes per move.
        #[arg(long, default_value_t = 3000)]
        nodes: u64,
        /// Seed of the first game (game i uses seed + i and opening i mod the number of
        /// openings).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Openings file (Piskvork offset format, 15×15); the embedded set by default.
        #[arg(long, conflicts_with = "random_openings")]
        openings: Option<String>,
        /// Instead of an openings file: a random opening per game (from its seed) of 3–5
        /// stones within this many points of the centre.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=7))]
        random_openings: Option<u8>,
        /// Data file to append to.
        #[arg(long)]
        out: String,
    },
    /// Fits the evaluation weights to self-play data (logistic regression of the results on
    /// the features) and writes a weight file.
    Fit {
        /// Data files written by `selfplay`.
        #[arg(long, num_args = 1.., required_unless_present = "values")]
        data: Vec<String>,
        /// Files of labelled positions (`CHANCE` then a game line: the position after its
        /// moves, labelled with the side to move's winning chance).
        #[arg(long, num_args = 1..)]
        values: Vec<String>,
        /// Files of labelled move choices (`x,y` then a game line: the move a stronger
        /// player chose in the position after the game's moves), fitted beside the results.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// The move choices' share of the loss.
        #[arg(long, default_value_t = 0.1)]
        move_share: f64,
        /// Weights to start from (default: the embedded ones).
        #[arg(long)]
        weights: Option<String>,
        /// Weight file to write.
        #[arg(long)]
        out: String,
        #[arg(long, default_value_t = 400)]
        iterations: usize,
        /// Pull towards the starting weights.
        #[arg(long, default_value_t = 1e-4)]
        l2: f64,
        /// Keep the starting weights' logistic scale instead of fitting it.
        #[arg(long)]
        keep_scale: bool,
    },
    /// Fits the evaluation's per-combination table to self-play data (the feature weights
    /// fixed) and writes a table file.
    FitTable {
        /// Data files written by `selfplay`.
        #[arg(long, num_args = 1.., required_unless_present = "values")]
        data: Vec<String>,
        /// Files of labelled positions (as for `fit`).
        #[arg(long, num_args = 1..)]
        values: Vec<String>,
        /// Files of labelled move choices (as for `fit`).
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// The move choices' share of the loss.
        #[arg(long, default_value_t = 0.1)]
        move_share: f64,
        /// Candidates per move choice: the chosen one and those the search orders first.
        #[arg(long, default_value_t = 24)]
        move_width: usize,
        /// Table to start from (default: the embedded one).
        #[arg(long)]
        start: Option<String>,
        /// Table file to write.
        #[arg(long)]
        out: String,
        #[arg(long, default_value_t = 300)]
        iterations: usize,
        /// Pull of every entry towards 0.
        #[arg(long, default_value_t = 1.0)]
        l2: f64,
        /// Label each training position also with a search of this many nodes (0 = the
        /// game's result alone).
        #[arg(long, default_value_t = 0)]
        search_nodes: u64,
        /// The game result's share of the label (the search's chance gets the rest).
        #[arg(long, default_value_t = 0.5)]
        blend: f32,
    },
    /// Fits the evaluation network of one rule to self-play data (the rest of the evaluation
    /// fixed) and writes a network file.
    FitNet {
        /// Data files written by `selfplay` (games of other rules are skipped).
        #[arg(long, num_args = 1.., required = true)]
        data: Vec<String>,
        #[arg(long, default_value = "0", value_parser = rule_from_code)]
        rule: Rule,
        /// Network file to write (`crates/engine/data/eval_net_<rule>.bin` is the embedded one).
        #[arg(long)]
        out: String,
        #[arg(long, default_value_t = 12)]
        epochs: usize,
        /// Positions per Adam step.
        #[arg(long, default_value_t = 2048)]
        batch: usize,
        /// Adam's step size at the start (falls linearly to a tenth).
        #[arg(long, default_value_t = 0.002)]
        rate: f32,
        /// Decoupled weight decay.
        #[arg(long, default_value_t = 0.0001)]
        decay: f32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Label each position also with a search of this many nodes (0 = the game's result
        /// alone); the held-out positions are labelled the same way.
        #[arg(long, default_value_t = 0)]
        search_nodes: u64,
        /// The game result's share of the label (the search's chance gets the rest).
        #[arg(long, default_value_t = 0.5)]
        blend: f32,
    },
    /// Fits the move-ordering table to the quiet moves chosen in self-play data (or by a
    /// search of each position) and writes a table file.
    FitOrder {
        /// Data files written by `selfplay` (or by `--save-labels`).
        #[arg(long, num_args = 1.., required = true)]
        data: Vec<String>,
        /// Table file to write.
        #[arg(long)]
        out: String,
        #[arg(long, default_value_t = 300)]
        iterations: usize,
        /// Pull of every entry towards its hand-set value.
        #[arg(long, default_value_t = 0.01)]
        l2: f64,
        /// Label each position with the best move of a search of this many nodes (0 = the
        /// move played next).
        #[arg(long, default_value_t = 0)]
        search_nodes: u64,
        /// Plies after each game's opening that are not used (0 for `--save-labels` files).
        #[arg(long, default_value_t = gomoku_engine::train::NOISY_PLIES)]
        skip_plies: usize,
        /// Use every N-th eligible position.
        #[arg(long, default_value_t = 1)]
        every: usize,
        /// Write the searched labels here (one line per position, the label its last move).
        #[arg(long)]
        save_labels: Option<String>,
        /// The cut reported as "within the first N" (interior nodes keep 5 to 20 quiet moves).
        #[arg(long, default_value_t = 7)]
        width: usize,
    },
}

fn parse_level(name: &str) -> Result<Level, String> {
    Level::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        format!("unknown level {name:?}; use one of {}", names.join(", "))
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Bench { depth, check }) => bench_command(depth, check),
        Some(Command::Review {
            game,
            rule,
            nodes,
            all,
        }) => review::review_command(
            &game,
            rule,
            gomoku_engine::ReviewSettings {
                nodes,
                ..gomoku_engine::ReviewSettings::default()
            },
            all,
        ),
        Some(Command::Depth {
            rule,
            openings,
            ms,
            nodes,
            depth,
            threads,
        }) => depth_command(rule, openings, (ms, nodes, depth), usize::from(threads)),
        Some(Command::Puzzles {
            mode,
            step,
            limit,
            time,
        }) => puzzles_command(mode, step, limit, Duration::from_millis(time)),
        Some(Command::Selfplay {
            rule,
            games,
            nodes,
            seed,
            openings,
            random_openings,
            out,
        }) => {
            let openings = match (random_openings, openings) {
                (Some(radius), _) => training::Openings::Random(radius),
                (None, Some(file)) => training::Openings::File(file),
                (None, None) => training::Openings::Embedded,
            };
            training::selfplay_command(rule, games, nodes, seed, &openings, &out)
        }
        Some(Command::Fit {
            data,
            values,
            moves,
            move_share,
            weights,
            out,
            iterations,
            l2,
            keep_scale,
        }) => training::fit_command(
            &data,
            &values,
            &training::MoveFiles {
                files: &moves,
                share: move_share,
                width: usize::MAX,
            },
            weights.as_deref(),
            &out,
            iterations,
            l2,
            keep_scale,
        ),
        Some(Command::FitNet {
            data,
            rule,
            out,
            epochs,
            batch,
            rate,
            decay,
            seed,
            search_nodes,
            blend,
        }) => training::fit_net_command(
            &data,
            rule,
            &out,
            labels(search_nodes, blend),
            gomoku_engine::train::net::NetFit {
                epochs,
                batch,
                rate,
                decay,
                seed,
            },
        ),
        Some(Command::FitTable {
            data,
            values,
            moves,
            move_share,
            move_width,
            start,
            out,
            iterations,
            l2,
            search_nodes,
            blend,
        }) => training::fit_table_command(
            &data,
            &values,
            &training::MoveFiles {
                files: &moves,
                share: move_share,
                width: move_width,
            },
            start.as_deref(),
            &out,
            iterations,
            l2,
            labels(search_nodes, blend),
        ),
        Some(Command::FitOrder {
            data,
            out,
            iterations,
            l2,
            search_nodes,
            skip_plies,
            every,
            save_labels,
            width,
        }) => training::fit_order_command(&training::FitOrder {
            data: &data,
            out: &out,
            iterations,
            l2,
            labels: gomoku_engine::train::order::OrderLabels {
                search_nodes,
                skip_plies,
                every,
            },
            save_labels: save_labels.as_deref(),
            width,
        }),
        None => {
            let net = match cli.net.as_deref() {
                None => NetChoice::Embedded,
                Some("off") => NetChoice::Off,
                Some(file) => match std::fs::read(file)
                    .map_err(|e| e.to_string())
                    .and_then(|b| Net::from_bytes(&b))
                {
                    // Read once for the life of the process.
                    Ok(n) => NetChoice::Net(Box::leak(Box::new(n))),
                    Err(e) => {
                        eprintln!("{file}: {e}");
                        return ExitCode::from(2);
                    }
                },
            };
            let opts = Options {
                level: cli.level,
                seed: cli.seed,
                quiet: cli.quiet,
                threads: usize::from(cli.threads),
                net,
            };
            run(BufReader::new(std::io::stdin()), std::io::stdout(), opts);
            ExitCode::SUCCESS
        }
    }
}

fn bench_command(depth: u32, check: bool) -> ExitCode {
    if check && depth != BENCH_DEPTH {
        eprintln!("bench --check compares the depth-{BENCH_DEPTH} figure only");
        return ExitCode::from(2);
    }
    let r = bench(depth);
    for (name, nodes, d, ms) in &r.positions {
        say!("{nodes:>12} nodes  depth {d:>2}  {ms:>6} ms  {name}");
    }
    say!("depth {depth}: {} positions", r.positions.len());
    say!("total nodes: {}", r.nodes);
    say!("time: {} ms", r.time.as_millis());
    say!("nodes/second: {}", r.nps());
    if !check {
        return ExitCode::SUCCESS;
    }
    if r.nodes == BENCH_NODES {
        say!("node count as expected ({BENCH_NODES})");
        ExitCode::SUCCESS
    } else {
        eprintln!(
            "node count {} differs from the expected {BENCH_NODES}: the search behaviour \
             changed; if that is intended, update BENCH_NODES in crates/engine/src/bench.rs",
            r.nodes
        );
        ExitCode::FAILURE
    }
}

fn depth_command(
    rule: Rule,
    openings: usize,
    (ms, nodes, depth): (u64, u64, u32),
    threads: usize,
) -> ExitCode {
    let (limits, budget) = if depth > 0 {
        (Limits::depth(depth), format!("depth {depth}"))
    } else if nodes > 0 {
        (Limits::nodes(nodes), format!("{nodes} nodes"))
    } else {
        (Limits::time(Duration::from_millis(ms)), format!("{ms} ms"))
    };
    let rows = depth_in_limits(rule, openings, limits, threads);
    for r in &rows {
        say!(
            "{:<32} depth {:>2}-{:<2} nodes {:>9} nps {:>7}",
            r.name,
            r.depth,
            r.sel_depth,
            r.nodes,
            r.nps
        );
    }
    let mut d: Vec<u32> = rows.iter().map(|r| r.depth).collect();
    d.sort_unstable();
    if let (Some(lo), Some(hi)) = (d.first(), d.last()) {
        say!(
            "{rule}, {budget}, {threads} thread(s): depth {lo}..{hi}, median {}",
            d[d.len() / 2]
        );
    }
    let openings_nodes: u64 = rows
        .iter()
        .filter(|r| r.name.starts_with("opening"))
        .map(|r| r.nodes)
        .sum();
    let all_nodes: u64 = rows.iter().map(|r| r.nodes).sum();
    say!("nodes: openings {openings_nodes}, all {all_nodes}");
    ExitCode::SUCCESS
}

fn puzzles_command(mode: Option<u32>, step: usize, limit: usize, time: Duration) -> ExitCode {
    let modes = mode.map_or_else(|| vec![32, 67, 64], |m| vec![m]);
    for mode in modes {
        let s = run_puzzles(mode, step, limit, time);
        let name = match mode {
            32 => "VCF",
            64 => "VCT",
            67 => "win in 3",
            _ => "other",
        };
        say!(
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
            say!("  unsolved: {f}");
        }
    }
    ExitCode::SUCCESS
}

/// How a fit labels its positions: the game's result, or blended with a search of
/// `search_nodes` nodes (`blend` = the result's share).
fn labels(search_nodes: u64, blend: f32) -> gomoku_engine::train::Labels {
    gomoku_engine::train::Labels {
        search_nodes,
        blend: if search_nodes == 0 {
            1.0
        } else {
            blend.clamp(0.0, 1.0)
        },
        scale: gomoku_engine::eval::weight_set().scale,
    }
}

#[cfg(test)]
mod tests {
    use super::{Cli, Command};
    use clap::Parser;

    /// The training commands take several data files after one `--data`, as documented
    /// (`--data FILE…`), and a repeated `--data` adds to them.
    #[test]
    fn data_files_follow_one_flag_or_several() {
        let cli = Cli::try_parse_from([
            "pbrain-gomoku",
            "fit-net",
            "--data",
            "a.txt",
            "b.txt",
            "--data",
            "c.txt",
            "--out",
            "n.bin",
            "--search-nodes",
            "5000",
        ])
        .expect("valid command line");
        match cli.command {
            Some(Command::FitNet {
                data, search_nodes, ..
            }) => {
                assert_eq!(data, ["a.txt", "b.txt", "c.txt"]);
                assert_eq!(search_nodes, 5000);
            }
            other => panic!("parsed as {other:?}"),
        }
        let cli =
            Cli::try_parse_from(["pbrain-gomoku", "fit", "--values", "v1", "v2", "--out", "w"])
                .expect("valid command line");
        assert!(matches!(cli.command, Some(Command::Fit { values, .. }) if values == ["v1", "v2"]));
        assert!(Cli::try_parse_from(["pbrain-gomoku", "fit-net", "--data", "--out", "n"]).is_err());
    }
}
