//! The Gomocup (Piskvork) brain protocol with the common Yixin extensions, over any
//! reader / writer pair (stdin / stdout in `pbrain-gomoku`, pipes in tests).
//!
//! Commands are read on their own thread and queued; `STOP`, `YXSTOP` and `END` also stop a
//! running search at once (the best move so far is answered). Every reply line is flushed.
//! Moves from the manager are checked against the rules; bad input is answered with
//! `ERROR ...`, unknown commands with `UNKNOWN ...`, and nothing panics.

use crate::engine::Engine;
use crate::level::Level;
use crate::search::{Limits, SearchInfo};
use crate::timeman::{Clock, MoveTime, budget, move_time};
use gomoku_rules::{Board, Pos, Rule, Stone, forbidden_points};
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, channel};

/// Options given on the command line.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Play at this fixed level instead of full strength.
    pub level: Option<Level>,
    /// Seed for the levels' randomness.
    pub seed: u64,
    /// No `MESSAGE` progress lines.
    pub quiet: bool,
    /// Search threads at full strength until the manager sends `INFO thread_num` (0 counts
    /// as 1; the levels always use one).
    pub threads: usize,
    /// The evaluation network (the embedded one unless a file or none is asked for).
    pub net: crate::eval_net::NetChoice,
}

struct Brain<W: Write> {
    out: W,
    opts: Options,
    engine: Option<Engine>,
    rule: Rule,
    size: usize,
    /// Stones in move order with their colours.
    moves: Vec<(Pos, Stone)>,
    clock: Clock,
    hash_mb: usize,
    threads: usize,
    stop: Arc<AtomicBool>,
    thinking: Arc<AtomicBool>,
    /// `STOP` / `YXSTOP` lines read from the input so far (by the reader thread) and handled
    /// so far (by the command loop): when a search starts with more read than handled, a stop
    /// command already follows the one that started it (input sent in one piece).
    stops_read: Arc<AtomicUsize>,
    stops_handled: usize,
}

/// The rule for a Gomocup rule code (`INFO rule`, and the `--rule` option of `pbrain-gomoku
/// depth` and `arena`): a bit field where 1 = exactly five and 4 = renju, so 0 is freestyle,
/// 1 standard, 4 and 5 renju. Codes with other bits (2 continuous game, 8 caro, ...) are an
/// error. The one mapping used by the brain and both command lines.
pub fn rule_from_code(text: &str) -> Result<Rule, String> {
    let code: u32 = text
        .trim()
        .parse()
        .map_err(|_| format!("bad rule code {text:?} (0 freestyle, 1 standard, 4 renju)"))?;
    // Only the bits this engine plays: 8 (caro) or 2 (continuous game) with them are other
    // games, not standard or renju.
    Some(code)
        .filter(|c| c & !5 == 0)
        .and_then(Rule::from_gomocup_code)
        .ok_or_else(|| format!("unsupported rule code {code} (0 freestyle, 1 standard, 4 renju)"))
}

fn is_stop_word(line: &str) -> bool {
    let word = line.trim().to_ascii_uppercase();
    word == "STOP" || word == "YXSTOP"
}

/// Runs the protocol until `END` or the end of the input.
pub fn run<R, W>(input: R, output: W, opts: Options)
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let stop = Arc::new(AtomicBool::new(false));
    let thinking = Arc::new(AtomicBool::new(false));
    let stops_read = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = channel::<String>();
    {
        let stop = Arc::clone(&stop);
        let thinking = Arc::clone(&thinking);
        let stops_read = Arc::clone(&stops_read);
        std::thread::spawn(move || {
            for line in input.lines() {
                let Ok(line) = line else { break };
                if is_stop_word(&line) {
                    stops_read.fetch_add(1, Ordering::SeqCst);
                }
                if (is_stop_word(&line) || line.trim().eq_ignore_ascii_case("END"))
                    && thinking.load(Ordering::SeqCst)
                {
                    stop.store(true, Ordering::SeqCst);
                }
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
    }
    let threads = opts.threads.clamp(1, crate::root::MAX_THREADS);
    let mut brain = Brain {
        out: output,
        opts,
        engine: None,
        rule: Rule::Freestyle,
        size: 15,
        moves: Vec::new(),
        clock: Clock::default(),
        hash_mb: crate::engine::DEFAULT_HASH_MB,
        threads,
        stop,
        thinking,
        stops_read,
        stops_handled: 0,
    };
    while let Ok(line) = rx.recv() {
        if is_stop_word(&line) {
            brain.stops_handled += 1;
        }
        if !brain.command(line.trim(), &rx) {
            break;
        }
    }
}

impl<W: Write> Brain<W> {
    fn say(&mut self, text: &str) {
        let _ = writeln!(self.out, "{text}");
        let _ = self.out.flush();
    }

    fn board(&self) -> Board {
        let mut b = Board::new(self.size);
        for &(p, s) in &self.moves {
            b.set(p, Some(s));
        }
        b
    }

    fn to_move(&self) -> Stone {
        let black = self.moves.iter().filter(|m| m.1 == Stone::Black).count();
        let white = self.moves.len() - black;
        if black > white {
            Stone::White
        } else {
            Stone::Black
        }
    }

    fn new_engine(&self) -> Engine {
        let mut e = Engine::new(self.rule, self.size);
        e.set_hash_mb(self.hash_mb);
        e.set_threads(self.threads);
        e.set_net(self.opts.net);
        e
    }

    fn start(&mut self, size: usize) {
        self.size = size;
        self.moves.clear();
        self.engine = Some(self.new_engine());
        self.say("OK");
    }

    /// Handles one command; returns false to quit.
    fn command(&mut self, line: &str, rx: &Receiver<String>) -> bool {
        if line.is_empty() {
            return true;
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w.to_ascii_uppercase(), r.trim()),
            None => (line.to_ascii_uppercase(), ""),
        };
        match word.as_str() {
            "START" => match rest.parse::<usize>() {
                Ok(n) if (gomoku_rules::MIN_SIZE..=gomoku_rules::MAX_SIZE).contains(&n) => {
                    self.start(n);
                }
                _ => self.say(&format!("ERROR unsupported board size {rest:?}")),
            },
            "RECTSTART" => {
                let dims: Vec<Option<usize>> =
                    rest.split(',').map(|t| t.trim().parse().ok()).collect();
                match dims.as_slice() {
                    [Some(w), Some(h)]
                        if w == h
                            && (gomoku_rules::MIN_SIZE..=gomoku_rules::MAX_SIZE).contains(w) =>
                    {
                        self.start(*w);
                    }
                    [Some(_), Some(_)] => self.say("ERROR only square boards are supported"),
                    _ => self.say(&format!("ERROR bad RECTSTART {rest:?}")),
                }
            }
            "RESTART" => {
                if self.engine.is_none() {
                    self.say("ERROR no board: send START first");
                } else {
                    self.moves.clear();
                    if let Some(e) = self.engine.as_mut() {
                        e.clear_hash();
                    }
                    self.say("OK");
                }
            }
            "INFO" => self.info(rest),
            "BEGIN" => {
                if self.ready() {
                    if self.moves.is_empty() {
                        self.think_and_play();
                    } else {
                        self.say("ERROR BEGIN on a board that is not empty");
                    }
                }
            }
            "TURN" => {
                if self.ready() {
                    match self.parse_point(rest) {
                        Ok(p) => {
                            let stone = self.to_move();
                            self.check_forbidden(p, stone);
                            self.moves.push((p, stone));
                            self.think_and_play();
                        }
                        Err(e) => self.say(&format!("ERROR {e}")),
                    }
                }
            }
            "BOARD" | "YXBOARD" => {
                let lines = read_block(rx);
                if self.ready() {
                    match self.set_board(&lines) {
                        Ok(()) if word == "BOARD" => self.think_and_play(),
                        Ok(()) => {}
                        Err(e) => self.say(&format!("ERROR {e}")),
                    }
                }
            }
            "SWAP2BOARD" => {
                let lines = read_block(rx);
                if self.ready() {
                    match self.set_swap2_stones(&lines) {
                        Ok(()) => self.swap2(),
                        Err(e) => self.say(&format!("ERROR {e}")),
                    }
                }
            }
            "TAKEBACK" => {
                if self.ready() {
                    match self.parse_any_point(rest) {
                        Ok(p) => {
                            if let Some(i) = self.moves.iter().rposition(|m| m.0 == p) {
                                self.moves.remove(i);
                                self.say("OK");
                            } else {
                                self.say(&format!("ERROR no stone at {rest}"));
                            }
                        }
                        Err(e) => self.say(&format!("ERROR {e}")),
                    }
                }
            }
            "YXSHOWFORBID" => {
                if self.ready() {
                    let mut s = String::from("FORBID ");
                    if self.rule == Rule::Renju {
                        for (p, _) in forbidden_points(&self.board()) {
                            s.push_str(&format!("{:02}{:02}", p.x, p.y));
                        }
                    }
                    s.push('.');
                    self.say(&s);
                }
            }
            "YXNBEST" => {
                if self.ready() {
                    let n = rest.parse::<usize>().unwrap_or(1).clamp(1, 10);
                    self.nbest(n);
                }
            }
            "STOP" | "YXSTOP" => {}
            "ABOUT" => self.say(&format!(
                "name=\"gomoku-engine\", version=\"{}\", author=\"gomoku project\", country=\"-\"",
                env!("CARGO_PKG_VERSION")
            )),
            "END" => return false,
            _ => self.say(&format!("UNKNOWN {line}")),
        }
        true
    }

    fn ready(&mut self) -> bool {
        if self.engine.is_none() {
            self.say("ERROR no board: send START first");
            false
        } else {
            true
        }
    }

    fn info(&mut self, rest: &str) {
        let (key, value) = match rest.split_once(char::is_whitespace) {
            Some((k, v)) => (k.to_ascii_lowercase(), v.trim()),
            None => (rest.to_ascii_lowercase(), ""),
        };
        let num = value.parse::<i64>().ok();
        match (key.as_str(), num) {
            ("timeout_turn", Some(v)) => self.clock.timeout_turn = v.max(0) as u64,
            ("timeout_match", Some(v)) => self.clock.timeout_match = v.max(0) as u64,
            ("time_left", Some(v)) => self.clock.time_left = Some(v.max(0) as u64),
            ("max_memory", Some(v)) => {
                // Use about a third of the allowance for the hash table.
                let mb = if v <= 0 { 64 } else { ((v as usize) >> 20) / 3 };
                self.hash_mb = mb.clamp(1, 1024);
                if let Some(e) = self.engine.as_mut() {
                    e.set_hash_mb(self.hash_mb);
                }
            }
            ("rule", Some(_)) => match rule_from_code(value) {
                Ok(rule) => {
                    if rule != self.rule {
                        self.rule = rule;
                        if self.engine.is_some() {
                            self.engine = Some(self.new_engine());
                        }
                    }
                }
                Err(e) => self.say(&format!("ERROR {e}")),
            },
            ("thread_num", Some(v)) => {
                self.threads = (v.max(1) as usize).min(crate::root::MAX_THREADS);
                if let Some(e) = self.engine.as_mut() {
                    e.set_threads(self.threads);
                }
            }
            (
                "game_type" | "folder" | "thread_num" | "evaluate" | "caution_factor"
                | "usedatabase" | "pondering" | "strength" | "timeincrement" | "max_depth"
                | "max_node",
                _,
            ) => {}
            (_, None) if !key.is_empty() => {}
            _ => {}
        }
    }

    fn parse_any_point(&self, text: &str) -> Result<Pos, String> {
        let mut it = text.split(',').map(|t| t.trim().parse::<i64>());
        let (Some(Ok(x)), Some(Ok(y))) = (it.next(), it.next()) else {
            return Err(format!("bad point {text:?}"));
        };
        let n = self.size as i64;
        if x < 0 || y < 0 || x >= n || y >= n {
            return Err(format!("point {x},{y} is off the {n}x{n} board"));
        }
        Ok(Pos::new(x as u8, y as u8))
    }

    fn parse_point(&self, text: &str) -> Result<Pos, String> {
        let p = self.parse_any_point(text)?;
        if self.moves.iter().any(|m| m.0 == p) {
            return Err(format!("point {},{} is occupied", p.x, p.y));
        }
        Ok(p)
    }

    fn check_forbidden(&mut self, p: Pos, stone: Stone) {
        if self.rule == Rule::Renju
            && stone == Stone::Black
            && let Some(f) = gomoku_rules::forbidden(&self.board(), p)
        {
            self.say(&format!(
                "MESSAGE move {},{} is forbidden for black ({f})",
                p.x, p.y
            ));
        }
    }

    /// Sets the position from the stones of `SWAP2BOARD`: `x,y` lines in the order they were
    /// placed (black, white, black, white, black), as Gomocup's manager sends them, or
    /// `x,y,field` lines as in `BOARD`.
    fn set_swap2_stones(&mut self, lines: &[String]) -> Result<(), String> {
        if !lines.iter().all(|l| l.split(',').count() == 2) {
            return self.set_board(lines);
        }
        let mut moves: Vec<(Pos, Stone)> = Vec::with_capacity(lines.len());
        for (i, l) in lines.iter().enumerate() {
            let p = self.parse_any_point(l)?;
            if moves.iter().any(|m| m.0 == p) {
                return Err(format!("point {},{} given twice", p.x, p.y));
            }
            moves.push((p, Stone::for_move(i)));
        }
        self.moves = moves;
        Ok(())
    }

    /// Sets the position from `x,y,field` lines (1 own, 2 opponent, 3 continuous game,
    /// counted as the opponent's).
    fn set_board(&mut self, lines: &[String]) -> Result<(), String> {
        let mut stones: Vec<(Pos, bool)> = Vec::new();
        for l in lines {
            let f: Vec<&str> = l.split(',').map(str::trim).collect();
            if f.len() != 3 {
                return Err(format!("bad board line {l:?}"));
            }
            let p = self.parse_any_point(&format!("{},{}", f[0], f[1]))?;
            let own = match f[2] {
                "1" => true,
                "2" | "3" => false,
                other => return Err(format!("bad field {other:?} in {l:?}")),
            };
            if stones.iter().any(|s| s.0 == p) {
                return Err(format!("point {},{} given twice", p.x, p.y));
            }
            stones.push((p, own));
        }
        let own = stones.iter().filter(|s| s.1).count();
        let opp = stones.len() - own;
        // The side with more stones moved first; with equal counts the side to move (us)
        // is black.
        let own_black = match own.cmp(&opp) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => true,
        };
        let colour = |is_own: bool| {
            if is_own == own_black {
                Stone::Black
            } else {
                Stone::White
            }
        };
        let blacks: Vec<Pos> = stones
            .iter()
            .filter(|s| colour(s.1) == Stone::Black)
            .map(|s| s.0)
            .collect();
        let whites: Vec<Pos> = stones
            .iter()
            .filter(|s| colour(s.1) == Stone::White)
            .map(|s| s.0)
            .collect();
        self.moves.clear();
        for i in 0..blacks.len().max(whites.len()) {
            if let Some(&b) = blacks.get(i) {
                self.moves.push((b, Stone::Black));
            }
            if let Some(&w) = whites.get(i) {
                self.moves.push((w, Stone::White));
            }
        }
        Ok(())
    }

    fn sync_engine(&mut self) -> Stone {
        let board = self.board();
        let side = self.to_move();
        if let Some(e) = self.engine.as_mut() {
            e.set_position(&board, side);
        }
        side
    }

    fn think(&mut self, exclude: &[Pos]) -> Option<Pos> {
        let side = self.sync_engine();
        let board = self.board();
        if board.is_full() {
            return None;
        }
        let empty = self.size * self.size - board.stone_count();
        let MoveTime { target, max: time } = move_time(&self.clock, empty);
        self.stop.store(false, Ordering::SeqCst);
        self.thinking.store(true, Ordering::SeqCst);
        if self.stops_read.load(Ordering::SeqCst) > self.stops_handled {
            self.stop.store(true, Ordering::SeqCst);
        }
        let quiet = self.opts.quiet;
        let stop = Arc::clone(&self.stop);
        let level = self.opts.level;
        let seed = self.opts.seed;
        let mut messages: Vec<String> = Vec::new();
        let engine = self.engine.as_mut()?;
        engine.set_time_target(target);
        let best = if let Some(level) = level {
            engine.choose_move_limited(level, seed, Some(time), &stop)
        } else {
            let out = &mut self.out;
            let mut report = |i: &SearchInfo| {
                if !quiet {
                    let pv: Vec<String> = i.pv.iter().map(|p| format!("{},{}", p.x, p.y)).collect();
                    let _ = writeln!(
                        out,
                        "MESSAGE depth {}-{} eval {} nodes {} nps {} time {} pv {}",
                        i.depth,
                        i.sel_depth,
                        i.eval,
                        i.nodes,
                        i.nps,
                        i.time_ms,
                        pv.join(" ")
                    );
                    let _ = out.flush();
                }
            };
            if exclude.is_empty() {
                engine.search(Limits::time(time), &stop, &mut report).best
            } else {
                engine
                    .search_excluding(Limits::time(time), &stop, exclude, &mut report)
                    .best
            }
        };
        self.thinking.store(false, Ordering::SeqCst);
        // Safety net: the answer must be a legal point.
        let legal = board.get(best).is_none()
            && !(self.rule == Rule::Renju
                && side == Stone::Black
                && gomoku_rules::forbidden(&board, best).is_some());
        let best = if legal {
            best
        } else {
            messages.push(format!(
                "MESSAGE engine proposed an illegal point {},{}",
                best.x, best.y
            ));
            board
                .points()
                .find(|&p| gomoku_rules::is_legal(&board, p, side, self.rule))?
        };
        for m in messages {
            self.say(&m);
        }
        Some(best)
    }

    fn think_and_play(&mut self) {
        match self.think(&[]) {
            Some(p) => {
                let side = self.to_move();
                self.moves.push((p, side));
                self.say(&format!("{},{}", p.x, p.y));
            }
            None => self.say_no_move(),
        }
    }

    /// Why [`Self::think`] found no move: the board is full, or (renju) every empty point is
    /// forbidden for black.
    fn say_no_move(&mut self) {
        if self.board().is_full() {
            self.say("ERROR the board is full");
        } else {
            self.say("ERROR no legal move: every empty point is forbidden for black");
        }
    }

    fn nbest(&mut self, n: usize) {
        let mut found: Vec<Pos> = Vec::new();
        let saved = self.clock;
        self.clock.timeout_turn = (budget(&saved, 100).as_millis() as u64 / n as u64).max(20);
        self.clock.time_left = None;
        self.clock.timeout_match = 0;
        for _ in 0..n {
            match self.think(&found) {
                Some(p) if !found.contains(&p) => found.push(p),
                _ => break,
            }
        }
        self.clock = saved;
        let list: Vec<String> = found.iter().map(|p| format!("{},{}", p.x, p.y)).collect();
        self.say(&format!("MESSAGE NBEST {}", list.join(" ")));
        match found.first() {
            Some(p) => self.say(&format!("{},{}", p.x, p.y)),
            None => self.say_no_move(),
        }
    }

    /// Swap2 opening, decided by [`crate::opening::decide`] (the same code as the game's
    /// computer): with an empty board propose three stones; with three, take black (`SWAP`),
    /// play on as white, or place two more stones; with five, take black (`SWAP`) or play on
    /// as white.
    fn swap2(&mut self) {
        use gomoku_rules::{Decision, GameRecord, OpeningRule, Swap2Choice};
        let options = crate::opening::OpeningOptions {
            nodes: SWAP2_NODES,
            seed: self.moves.len() as u64 + 1,
        };
        let blacks: Vec<Pos> = self
            .moves
            .iter()
            .filter(|m| m.1 == Stone::Black)
            .map(|m| m.0)
            .collect();
        let whites: Vec<Pos> = self
            .moves
            .iter()
            .filter(|m| m.1 == Stone::White)
            .map(|m| m.0)
            .collect();
        let order: Vec<Decision> = match (blacks.len(), whites.len()) {
            (0, 0) => Vec::new(),
            (2, 1) => vec![
                Decision::Place(blacks[0]),
                Decision::Place(whites[0]),
                Decision::Place(blacks[1]),
            ],
            (3, 2) => vec![
                Decision::Place(blacks[0]),
                Decision::Place(whites[0]),
                Decision::Place(blacks[1]),
                Decision::Swap2(Swap2Choice::PlaceTwo),
                Decision::Place(whites[1]),
                Decision::Place(blacks[2]),
            ],
            _ => {
                self.say("ERROR SWAP2BOARD expects 0 stones, or 3 or 5 stones of a Swap2 opening");
                return;
            }
        };
        let Ok(mut record) = GameRecord::with_opening(self.rule, self.size, OpeningRule::Swap2)
        else {
            self.say("ERROR Swap2 is not possible on this board");
            return;
        };
        for d in order {
            if let Err(e) = record.decide(d) {
                self.say(&format!("ERROR the stones are not a Swap2 opening: {e}"));
                return;
            }
        }
        let place = |record: &mut GameRecord, n: usize| -> Vec<String> {
            let mut out = Vec::new();
            for _ in 0..n {
                let d = crate::opening::decide(record, &options);
                if let Some(p) = d.stone() {
                    out.push(format!("{},{}", p.x, p.y));
                }
                if record.decide(d).is_err() {
                    break;
                }
            }
            out
        };
        match crate::opening::decide(&record, &options) {
            Decision::Place(_) if self.moves.is_empty() => {
                let stones = place(&mut record, 3);
                self.say(&stones.join(" "));
            }
            Decision::Swap2(Swap2Choice::PlaceTwo) => {
                let _ = record.decide(Decision::Swap2(Swap2Choice::PlaceTwo));
                let stones = place(&mut record, 2);
                self.say(&stones.join(" "));
            }
            Decision::Swap2(Swap2Choice::TakeBlack) | Decision::TakeColour(Stone::Black) => {
                self.say("SWAP");
            }
            _ => self.think_and_play(),
        }
    }
}

/// The node budget of each Swap2 decision of the brain.
const SWAP2_NODES: u64 = 200_000;

/// Lines up to `DONE` (exclusive).
fn read_block(rx: &Receiver<String>) -> Vec<String> {
    let mut lines = Vec::new();
    while let Ok(l) = rx.recv() {
        let l = l.trim().to_string();
        if l.eq_ignore_ascii_case("DONE") {
            break;
        }
        if !l.is_empty() {
            lines.push(l);
        }
    }
    lines
}
