//! [`Engine`]: the public entry point holding the rule, the position and the hash table.

use crate::beginner;
use crate::board::Board;
use crate::level::Level;
use crate::root::{MAX_THREADS, search_threads};
use crate::search::{Limits, SearchInfo, SearchResult, Searcher};
use crate::tt::Tt;
use crate::vcf::Vcf;
use crate::vct::Vct;
use gomoku_rules::{GameRecord, Pos, Rule, Stone};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Default hash table size in MiB.
pub const DEFAULT_HASH_MB: usize = 32;

/// A computer player for one rule and board size.
pub struct Engine {
    rule: Rule,
    size: usize,
    board: Box<Board>,
    position: gomoku_rules::Board,
    tt: Tt,
    threads: usize,
    time_target: Option<std::time::Duration>,
    net: crate::eval_net::NetChoice,
}

impl Engine {
    /// An engine for `rule` on a `size`×`size` board (5..=20), with an empty board, black
    /// to move.
    #[must_use]
    pub fn new(rule: Rule, size: usize) -> Engine {
        let board = Box::new(Board::new(rule, size));
        let size = board.size();
        Engine {
            rule,
            size,
            board,
            position: gomoku_rules::Board::new(size),
            tt: Tt::new(DEFAULT_HASH_MB),
            threads: 1,
            time_target: None,
            net: crate::eval_net::NetChoice::Embedded,
        }
    }

    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    /// Resizes the hash table (MiB) and clears it.
    pub fn set_hash_mb(&mut self, megabytes: usize) {
        self.tt = Tt::new(megabytes);
    }

    /// Search threads of [`Engine::search`] (clamped to 1..=[`MAX_THREADS`]). With more than
    /// one, helper threads search the same position over the shared hash table (Lazy SMP):
    /// deeper in the same time, but no longer repeatable. The levels
    /// ([`Engine::choose_move`]) always search on one thread.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The time that searches limited by time alone aim at (`None`, the default: the time
    /// limit is a fixed budget per move). With a target the search stops earlier when its
    /// best move is stable and goes on, up to the time limit, while it changes or its value
    /// falls — how a tournament engine spends a match clock.
    pub fn set_time_target(&mut self, target: Option<std::time::Duration>) {
        self.time_target = target;
    }

    /// Forgets everything learnt in earlier searches.
    pub fn clear_hash(&mut self) {
        self.tt.clear();
    }

    /// Sets the position: the stones of `board` (same size as the engine) and the side to
    /// move.
    pub fn set_position(&mut self, board: &gomoku_rules::Board, to_move: Stone) {
        self.position = board.clone();
        *self.board = Board::from_position(self.rule, board, to_move);
        if !matches!(self.net, crate::eval_net::NetChoice::Embedded) {
            self.board.set_net(self.net.resolve(self.rule));
        }
    }

    /// Which evaluation network to use (the embedded one by default).
    pub fn set_net(&mut self, net: crate::eval_net::NetChoice) {
        self.net = net;
        self.board.set_net(net.resolve(self.rule));
    }

    /// Sets the position from a move list (black first), checked with the rules.
    pub fn set_moves(&mut self, moves: &[Pos]) -> Result<(), String> {
        let mut record = GameRecord::new(self.rule, self.size);
        record
            .play_all(moves)
            .map_err(|(i, e)| format!("move {} ({}): {e}", i + 1, moves[i]))?;
        let to_move = Stone::for_move(moves.len());
        self.set_position(record.board(), to_move);
        Ok(())
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &gomoku_rules::Board {
        &self.position
    }

    /// The side to move.
    #[must_use]
    pub fn to_move(&self) -> Stone {
        crate::board::stone_of(self.board.to_move())
    }

    /// Searches the current position. `stop` may be set from another thread to end the
    /// search at once (the best move so far is returned); `info` gets a report after each
    /// completed iteration.
    pub fn search(
        &mut self,
        limits: Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.search_excluding(limits, stop, &[], info)
    }

    /// Like [`Engine::search`], but never answers one of the points in `exclude` (unless
    /// the position leaves no choice); used for n-best analysis.
    pub fn search_excluding(
        &mut self,
        limits: Limits,
        stop: &AtomicBool,
        exclude: &[Pos],
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let ex = exclude.iter().map(|&p| self.board.index(p)).collect();
        search_threads(
            &self.board,
            &mut self.tt,
            stop,
            limits,
            (self.threads, self.time_target),
            ex,
            info,
        )
    }

    /// The move of `level` in the current position (repeatable for a given `seed`).
    pub fn choose_move(&mut self, level: Level, seed: u64) -> Pos {
        let stop = AtomicBool::new(false);
        self.choose_move_limited(level, seed, None, &stop)
    }

    /// [`Engine::choose_move`] with a safety time limit and a stop flag (the level's own
    /// budget normally ends the search first, which keeps the choice repeatable).
    pub fn choose_move_limited(
        &mut self,
        level: Level,
        seed: u64,
        time: Option<std::time::Duration>,
        stop: &AtomicBool,
    ) -> Pos {
        let side = self.to_move();
        let Some(mut limits) = level.limits() else {
            return beginner::choose(&self.position, side, self.rule, seed);
        };
        limits.time = time;
        // A fresh table keeps fixed-budget levels independent of earlier searches.
        let mut tt = Tt::new(8);
        tt.new_search();
        let mut s = Searcher::new((*self.board).clone(), &tt, stop);
        s.noise = level.noise();
        s.noise_seed =
            seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ self.position.stone_count() as u64;
        s.run(limits, &mut |_| {}).best
    }
}

/// The move `level` would play for `side` on `board` under `rule`.
#[must_use]
pub fn choose_move(
    level: Level,
    rule: Rule,
    board: &gomoku_rules::Board,
    side: Stone,
    seed: u64,
) -> Pos {
    let mut e = Engine::new(rule, board.size());
    e.set_position(board, side);
    e.choose_move(level, seed)
}

/// A forced win by continuous fours for `side` on `board` (attacker and defender moves
/// alternating, ending with the attacker's five, open four or unanswerable four), searched
/// within `limits` (nodes and time; default 200 000 nodes).
#[must_use]
pub fn find_vcf(
    board: &gomoku_rules::Board,
    side: Stone,
    rule: Rule,
    limits: Limits,
) -> Option<Vec<Pos>> {
    let mut b = Board::from_position(rule, board, side);
    let deadline = limits.time.map(|t| Instant::now() + t);
    let mut vcf = Vcf::new(limits.nodes.unwrap_or(200_000), deadline, None);
    let depth = limits.depth.unwrap_or(100);
    let line = vcf.solve(&mut b, depth)?;
    Some(line.iter().map(|&p| b.pos(p)).collect())
}

/// A forced win by continuous threats (open threes and fours) for `side` on `board`, searched
/// within `limits` (nodes and time; default 300 000 nodes; `depth` = attacker threat moves
/// before the final sequence of fours, default 8). The line alternates attacker and defender
/// moves and follows, at each defender move, the longest defence found; the other defences
/// are refuted too. `None` when no win was found within the budget.
#[must_use]
pub fn find_vct(
    board: &gomoku_rules::Board,
    side: Stone,
    rule: Rule,
    limits: Limits,
) -> Option<Vec<Pos>> {
    let mut b = Board::from_position(rule, board, side);
    let deadline = limits.time.map(|t| Instant::now() + t);
    let mut vct = Vct::new(limits.nodes.unwrap_or(300_000), deadline, None);
    let line = vct.solve(&mut b, limits.depth.unwrap_or(8))?;
    Some(line.iter().map(|&p| b.pos(p)).collect())
}
