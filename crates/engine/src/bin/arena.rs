//! Plays two Gomocup protocol engines against each other.
//!
//! ```text
//! arena --engine1 "target/release/pbrain-gomoku" --engine2 "target/release/pbrain-gomoku --level beginner"
//!       [--openings FILE] [--rule 0|1|4 (Gomocup rule code)] [--size 15] [--games N] [--turn-ms 1000] [--match-ms 0]
//!       [--concurrency 1] [--sprt ELO0,ELO1] [--out DIR] [--format psq|sgf] [--quiet]
//! ```
//! Each opening (Piskvork offset format; the embedded 15×15 set by default) is played twice,
//! once with each engine as black. Games are judged with `gomoku-rules`: an illegal or
//! unreadable move, a forbidden renju move, exceeding the time or crashing loses; a full board
//! is a draw. Prints W/D/L for engine 1, the score, Elo ± 95 % error, and the SPRT state when
//! asked (the match then stops as soon as a bound is crossed).

use clap::{Parser, ValueEnum};
use gomoku_engine::fixtures::{even_openings, openings_15, parse_offset_openings};
use gomoku_engine::protocol::rule_from_code;
use gomoku_rules::{ForbiddenPolicy, GameRecord, Outcome, Pos, Reason, Rule, Stone};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
struct Config {
    engines: [String; 2],
    openings: Vec<Vec<Pos>>,
    rule: Rule,
    size: usize,
    games: usize,
    /// Time per move of engine 1 and engine 2.
    turn_ms: [u64; 2],
    match_ms: u64,
    concurrency: usize,
    sprt: Option<(f64, f64)>,
    out: Option<String>,
    sgf: bool,
    quiet: bool,
}

/// The command line.
#[derive(Parser, Debug)]
#[command(
    name = "arena",
    version,
    about = "Plays two Gomocup protocol engines against each other"
)]
struct Args {
    /// Command line of engine 1: a program and its arguments, run as `sh -c "exec LINE"` (for
    /// environment variables: `env NAME=VALUE program …`); results are from its point of view.
    #[arg(long)]
    engine1: String,
    /// Command line of engine 2.
    #[arg(long)]
    engine2: String,
    /// Openings file (Piskvork offset format); the embedded 15×15 set by default; `even`:
    /// the embedded 15×15 openings rated even for the rule (decided by play, not by colour).
    #[arg(long)]
    openings: Option<String>,
    /// Gomocup rule code: 0 freestyle, 1 standard, 4 renju.
    #[arg(long, default_value = "0", value_parser = rule_from_code)]
    rule: Rule,
    /// Board size.
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u8).range(5..=20))]
    size: u8,
    /// At most this many games (default: every opening with both colours).
    #[arg(long)]
    games: Option<usize>,
    /// Time per move in milliseconds (0 = none).
    #[arg(long, default_value_t = 1000)]
    turn_ms: u64,
    /// Time per move of engine 2 when it differs from engine 1's (time odds, e.g. to measure
    /// what twice the time is worth against an opponent).
    #[arg(long)]
    turn_ms2: Option<u64>,
    /// Time per game and engine in milliseconds (0 = none).
    #[arg(long, default_value_t = 0)]
    match_ms: u64,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    concurrency: u16,
    /// Sequential probability ratio test between two Elo differences: stop as soon as one
    /// is accepted.
    #[arg(long, value_name = "ELO0,ELO1", value_parser = parse_sprt)]
    sprt: Option<(f64, f64)>,
    /// Save every game in this folder.
    #[arg(long)]
    out: Option<String>,
    /// Format of the saved games.
    #[arg(long, value_enum, default_value_t = Format::Psq)]
    format: Format,
    /// Only the summary, not a line per game.
    #[arg(long)]
    quiet: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    Psq,
    Sgf,
}

fn parse_sprt(text: &str) -> Result<(f64, f64), String> {
    let (a, b) = text
        .split_once(',')
        .ok_or_else(|| "expected ELO0,ELO1, e.g. 0,10".to_string())?;
    let p = |t: &str| {
        t.trim()
            .parse::<f64>()
            .map_err(|_| format!("bad Elo figure {t:?}"))
    };
    Ok((p(a)?, p(b)?))
}

fn parse_args() -> Result<Config, String> {
    let a = Args::parse();
    let size = usize::from(a.size);
    let openings = match &a.openings {
        Some(f) if f == "even" && size == 15 => even_openings(a.rule),
        Some(f) if f == "even" => return Err("the even openings are for 15×15".to_string()),
        Some(f) => {
            let text = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
            parse_offset_openings(&text, size)
        }
        None if size == 15 => openings_15(),
        None => vec![vec![]],
    };
    if openings.is_empty() {
        return Err("no usable openings".to_string());
    }
    Ok(Config {
        engines: [a.engine1, a.engine2],
        openings,
        rule: a.rule,
        size,
        games: a.games.unwrap_or(usize::MAX),
        turn_ms: [a.turn_ms, a.turn_ms2.unwrap_or(a.turn_ms)],
        match_ms: a.match_ms,
        concurrency: usize::from(a.concurrency),
        sprt: a.sprt,
        out: a.out,
        sgf: a.format == Format::Sgf,
        quiet: a.quiet,
    })
}

/// A running engine process.
struct Player {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Player {
    fn spawn(cmd: &str) -> std::io::Result<Player> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {cmd}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Player {
            child,
            stdin,
            lines: rx,
        })
    }

    fn send(&mut self, text: &str) -> bool {
        writeln!(self.stdin, "{text}").is_ok() && self.stdin.flush().is_ok()
    }

    /// The next reply line that is not a MESSAGE / DEBUG line.
    fn reply(&self, timeout: Duration) -> Result<String, &'static str> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    let t = l.trim();
                    let upper = t.to_ascii_uppercase();
                    if t.is_empty() || upper.starts_with("MESSAGE") || upper.starts_with("DEBUG") {
                        continue;
                    }
                    return Ok(t.to_string());
                }
                Err(RecvTimeoutError::Timeout) => return Err("time"),
                Err(RecvTimeoutError::Disconnected) => return Err("crash"),
            }
        }
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        let _ = self.send("END");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One game's result from engine 1's point of view: 1 win, 0.5 draw, 0 loss.
struct GameOutcome {
    score: f64,
    reason: String,
    record: GameRecord,
    engine1_black: bool,
    /// The thinking time of engine 1 and engine 2.
    thought: [Thought; 2],
}

/// One engine's thinking time over a game or a match.
#[derive(Clone, Copy, Default)]
struct Thought {
    /// Milliseconds spent (the match clock).
    ms: u64,
    /// Moves answered.
    moves: u32,
    /// The longest answer, in milliseconds.
    longest: u64,
}

impl Thought {
    fn add(&mut self, other: Thought) {
        self.ms += other.ms;
        self.moves += other.moves;
        self.longest = self.longest.max(other.longest);
    }
}

impl GameOutcome {
    /// Ended by a five, a full board or (renju) black left with only forbidden points (not by
    /// time, a crash, a bad answer or a forbidden move).
    fn on_board(&self) -> bool {
        self.record.result().is_some_and(|r| {
            matches!(
                r.reason,
                Reason::Five | Reason::BoardFull | Reason::NoLegalMove
            )
        })
    }
}

fn parse_move(text: &str) -> Option<Pos> {
    let mut it = text.split(',').map(|t| t.trim().parse::<u8>());
    match (it.next(), it.next(), it.next()) {
        (Some(Ok(x)), Some(Ok(y)), None) => Some(Pos::new(x, y)),
        _ => None,
    }
}

fn play_game(c: &Config, opening: &[Pos], engine1_black: bool) -> GameOutcome {
    let mut record = GameRecord::new(c.rule, c.size).with_policy(ForbiddenPolicy::Lose);
    // Thinking time by colour (black, white) while playing; by engine in the outcome.
    let mut thought = [Thought::default(); 2];
    let by_engine = |t: [Thought; 2]| if engine1_black { t } else { [t[1], t[0]] };
    let result = |record: GameRecord, winner: Option<Stone>, reason: String, t: [Thought; 2]| {
        let score = match winner {
            None => 0.5,
            Some(s) => {
                if (s == Stone::Black) == engine1_black {
                    1.0
                } else {
                    0.0
                }
            }
        };
        GameOutcome {
            score,
            reason,
            record,
            engine1_black,
            thought: by_engine(t),
        }
    };
    let loses = |record: GameRecord, loser: Stone, reason: String, t: [Thought; 2]| {
        result(record, Some(loser.opponent()), reason, t)
    };
    for &p in opening {
        if record.play(p).is_err() {
            return result(record, None, "bad opening".into(), thought);
        }
    }
    // players[0] plays black.
    let (cmds, turn_ms) = if engine1_black {
        ([&c.engines[0], &c.engines[1]], c.turn_ms)
    } else {
        ([&c.engines[1], &c.engines[0]], [c.turn_ms[1], c.turn_ms[0]])
    };
    let mut players = Vec::new();
    for (i, cmd) in cmds.iter().enumerate() {
        match Player::spawn(cmd) {
            Ok(p) => players.push(p),
            Err(e) => {
                let colour = if i == 0 { Stone::Black } else { Stone::White };
                return loses(
                    record,
                    colour,
                    format!("{colour} could not start: {e}"),
                    thought,
                );
            }
        }
    }
    for (i, p) in players.iter_mut().enumerate() {
        let colour = if i == 0 { Stone::Black } else { Stone::White };
        p.send(&format!("START {}", c.size));
        match p.reply(Duration::from_secs(15)) {
            Ok(r) if r.eq_ignore_ascii_case("OK") => {}
            Ok(r) => {
                return loses(
                    record,
                    colour,
                    format!("{colour} answered START with {r:?}"),
                    thought,
                );
            }
            Err(e) => {
                return loses(record, colour, format!("{colour} START: {e}"), thought);
            }
        }
        for line in [
            format!("INFO timeout_turn {}", turn_ms[i]),
            format!("INFO timeout_match {}", c.match_ms),
            format!("INFO max_memory {}", 256u64 << 20),
            format!("INFO rule {}", c.rule.gomocup_code()),
            "INFO game_type 1".to_string(),
        ] {
            p.send(&line);
        }
    }
    // One-time set-up (a rule's pattern tables, the hash table) happens on the INFO lines;
    // wait for an answer to ABOUT so that it is not charged to the first move's clock.
    for (i, p) in players.iter_mut().enumerate() {
        p.send("ABOUT");
        if let Err(e) = p.reply(Duration::from_secs(30)) {
            let colour = if i == 0 { Stone::Black } else { Stone::White };
            return loses(record, colour, format!("{colour} ABOUT: {e}"), thought);
        }
    }
    let mut first = [true, true];
    let tolerance = 1000;
    loop {
        if let Some(r) = record.result() {
            let winner = match r.outcome {
                Outcome::Win(s) => Some(s),
                Outcome::Draw => None,
            };
            let reason = r.to_string();
            return result(record, winner, reason, thought);
        }
        let side = record.side_to_move();
        let i = usize::from(side == Stone::White);
        let p = &mut players[i];
        if c.match_ms > 0 {
            p.send(&format!(
                "INFO time_left {}",
                c.match_ms.saturating_sub(thought[i].ms)
            ));
        }
        if first[i] {
            first[i] = false;
            if record.moves().is_empty() {
                p.send("BEGIN");
            } else {
                p.send("BOARD");
                for m in record.moves() {
                    let own = record.board().get(m.pos) == Some(side);
                    p.send(&format!(
                        "{},{},{}",
                        m.pos.x,
                        m.pos.y,
                        if own { 1 } else { 2 }
                    ));
                }
                p.send("DONE");
            }
        } else {
            let last = record.last_move().expect("moves");
            p.send(&format!("TURN {},{}", last.x, last.y));
        }
        let t = Instant::now();
        let limit = if turn_ms[i] > 0 {
            turn_ms[i]
        } else {
            3_600_000
        };
        let reply = p.reply(Duration::from_millis(limit + tolerance));
        let dt = t.elapsed().as_millis() as u64;
        thought[i].add(Thought {
            ms: dt,
            moves: 1,
            longest: dt,
        });
        let mv = match reply {
            Ok(r) => match parse_move(&r) {
                Some(m) => m,
                None => {
                    return loses(record, side, format!("{side} answered {r:?}"), thought);
                }
            },
            Err(e) => {
                return loses(record, side, format!("{side} lost: {e}"), thought);
            }
        };
        if c.match_ms > 0 && thought[i].ms > c.match_ms + tolerance {
            return loses(
                record,
                side,
                format!("{side} exceeded the match time"),
                thought,
            );
        }
        if let Err(e) = record.play(mv) {
            return loses(
                record,
                side,
                format!("{side} played {},{}: {e}", mv.x, mv.y),
                thought,
            );
        }
    }
}

fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

#[derive(Default)]
struct Tally {
    /// Engine 1's wins, draws and losses as black and as white.
    by_colour: [[u32; 3]; 2],
    /// Games that ended otherwise than by a five or a full board, with their reasons.
    off_board: Vec<String>,
    /// The thinking time of engine 1 and engine 2.
    thought: [Thought; 2],
}

impl Tally {
    /// Engine 1's wins, draws and losses over both colours.
    fn wdl(&self) -> [u32; 3] {
        let [b, w] = self.by_colour;
        [b[0] + w[0], b[1] + w[1], b[2] + w[2]]
    }

    fn n(&self) -> f64 {
        f64::from(self.wdl().iter().sum::<u32>())
    }

    fn score(&self) -> f64 {
        let [wins, draws, _] = self.wdl();
        (f64::from(wins) + 0.5 * f64::from(draws)) / self.n().max(1.0)
    }

    fn variance(&self) -> f64 {
        let s = self.score();
        let n = self.n().max(1.0);
        let [wins, draws, losses] = self.wdl();
        (f64::from(wins) * (1.0 - s).powi(2)
            + f64::from(draws) * (0.5 - s).powi(2)
            + f64::from(losses) * s.powi(2))
            / n
    }

    /// Elo and its 95 % error margin.
    fn elo(&self) -> (f64, f64) {
        let s = self.score();
        let se = (self.variance() / self.n().max(1.0)).sqrt();
        let lo = elo(s - 1.96 * se);
        let hi = elo(s + 1.96 * se);
        (elo(s), (hi - lo) / 2.0)
    }

    /// Log-likelihood ratio of H1 (elo1) against H0 (elo0), normal approximation.
    fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let var = self.variance();
        if var <= 0.0 || self.n() < 2.0 {
            return 0.0;
        }
        let s0 = 1.0 / (1.0 + 10f64.powf(-elo0 / 400.0));
        let s1 = 1.0 / (1.0 + 10f64.powf(-elo1 / 400.0));
        self.n() * (s1 - s0) * (2.0 * self.score() - s0 - s1) / (2.0 * var)
    }
}

fn main() -> ExitCode {
    let c = match parse_args() {
        Ok(c) => Arc::new(c),
        Err(e) => {
            eprintln!("arena: {e}");
            return ExitCode::from(2);
        }
    };
    let total_games = (c.openings.len() * 2).min(c.games);
    if let Some(dir) = &c.out
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!("arena: {dir}: {e}");
        return ExitCode::from(2);
    }
    let next = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let tally = Arc::new(Mutex::new(Tally::default()));
    let bounds = ((0.05f64 / 0.95).ln(), (0.95f64 / 0.05).ln());
    let mut workers = Vec::new();
    for _ in 0..c.concurrency.min(total_games.max(1)) {
        let (c, next, stop, tally) = (
            Arc::clone(&c),
            Arc::clone(&next),
            Arc::clone(&stop),
            Arc::clone(&tally),
        );
        workers.push(std::thread::spawn(move || {
            loop {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let g = next.fetch_add(1, Ordering::SeqCst);
                if g >= total_games {
                    break;
                }
                let opening = &c.openings[g / 2];
                let engine1_black = g % 2 == 0;
                let out = play_game(&c, opening, engine1_black);
                if let Some(dir) = &c.out {
                    let (b, w) = if out.engine1_black { ("engine1", "engine2") } else { ("engine2", "engine1") };
                    let (ext, text) = if c.sgf {
                        ("sgf", gomoku_rules::notation::sgf::write(&out.record, Some(b), Some(w)))
                    } else {
                        ("psq", gomoku_rules::notation::psq::write(&out.record))
                    };
                    let _ = std::fs::write(format!("{dir}/game_{:04}.{ext}", g + 1), text);
                }
                let mut t = tally.lock().expect("tally");
                // 0 win, 1 draw, 2 loss for engine 1.
                let k = match out.score {
                    s if s > 0.75 => 0,
                    s if s < 0.25 => 2,
                    _ => 1,
                };
                t.by_colour[usize::from(!out.engine1_black)][k] += 1;
                for (sum, game) in t.thought.iter_mut().zip(out.thought) {
                    sum.add(game);
                }
                if !out.on_board() {
                    t.off_board.push(format!("game {}: {}", g + 1, out.reason));
                }
                let (e, err) = t.elo();
                let [w, d, l] = t.wdl();
                if !c.quiet {
                    println!(
                        "game {:>4} opening {:>3} engine1 {} : {} in {} moves ({})  W/D/L {}/{}/{}  elo {:+.0} ± {:.0}",
                        g + 1,
                        g / 2 + 1,
                        if out.engine1_black { "black" } else { "white" },
                        ["win", "draw", "loss"][k],
                        out.record.moves().len(),
                        out.reason,
                        w,
                        d,
                        l,
                        e,
                        err
                    );
                }
                if let Some((e0, e1)) = c.sprt {
                    let llr = t.llr(e0, e1);
                    if llr <= bounds.0 || llr >= bounds.1 {
                        stop.store(true, Ordering::SeqCst);
                    }
                }
            }
        }));
    }
    for w in workers {
        let _ = w.join();
    }
    let t = tally.lock().expect("tally");
    let (e, err) = t.elo();
    println!("engine1: {}", c.engines[0]);
    println!("engine2: {}", c.engines[1]);
    println!(
        "rule {} size {} turn {} ms match {} ms",
        c.rule,
        c.size,
        if c.turn_ms[0] == c.turn_ms[1] {
            c.turn_ms[0].to_string()
        } else {
            format!("{} / {}", c.turn_ms[0], c.turn_ms[1])
        },
        c.match_ms
    );
    let [w, d, l] = t.wdl();
    println!(
        "games {}  W/D/L {}/{}/{}  score {:.1} %  elo {:+.1} ± {:.1}",
        t.n(),
        w,
        d,
        l,
        100.0 * t.score(),
        e,
        err
    );
    for (name, [w, d, l]) in ["black", "white"].into_iter().zip(t.by_colour) {
        println!("engine1 as {name}: W/D/L {w}/{d}/{l}");
    }
    for (name, th) in ["engine1", "engine2"].into_iter().zip(t.thought) {
        println!(
            "{name} thought {:.0} ms a move on average ({} moves, the longest {} ms)",
            th.ms as f64 / f64::from(th.moves.max(1)),
            th.moves,
            th.longest
        );
    }
    println!(
        "games not ended by a five or a full board: {}",
        t.off_board.len()
    );
    for line in &t.off_board {
        println!("  {line}");
    }
    if let Some((e0, e1)) = c.sprt {
        let llr = t.llr(e0, e1);
        let verdict = if llr >= bounds.1 {
            "H1 accepted"
        } else if llr <= bounds.0 {
            "H0 accepted"
        } else {
            "inconclusive"
        };
        println!(
            "SPRT elo0 {e0} elo1 {e1}: LLR {llr:.2} [{:.2}, {:.2}] {verdict}",
            bounds.0, bounds.1
        );
    }
    ExitCode::SUCCESS
}
