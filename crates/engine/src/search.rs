//! The tree search below the root (see [`crate::root`] for the root, iterative deepening and
//! threads): principal-variation alpha-beta with a transposition table, killer and history
//! move ordering, late-move reductions, futility and reverse futility pruning, rule-based
//! forced moves at every node (win, forced block, open four, threat defence), wins without
//! search (a double three or four-three against an opponent without fours), a quiescence of
//! four-threes and of fours near the side's last move (VCF chains), and mate scores with
//! distance; also the search's public types ([`Limits`], [`SearchInfo`],
//! [`SearchResult`]).

use crate::board::{Board, CELLS, DIR_STEP, EMPTY, STRIDE, Side};
use crate::busy::{self, Busy};
use crate::eval::evaluate;
use crate::movegen::{has_threat, scored_moves, static_win, threat_defences};
use crate::pattern::{C_FIVE, C_FLEX_FOUR, C_FOUR, C_FOUR_THREE, C_THREE};
use crate::timeman::TimeControl;
use crate::tt::{EXACT, LOWER, Tt, UPPER};
use gomoku_rules::Pos;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Score of a win on the spot; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;

/// Scores beyond this are forced wins or losses.
pub const MATE_BOUND: i32 = 29_000;
pub(crate) const INF: i32 = 31_000;
const MAX_PLY: usize = 128;
/// Moves kept at an ordinary interior node (fours are always kept).
const WIDTH: usize = 20;
/// Futility margins by remaining depth.
const FUTILITY: [i32; 4] = [0, 120, 300, 600];
/// Reverse futility margins by remaining depth.
const REVERSE_FUTILITY: [i32; 4] = [0, 250, 500, 800];
/// How far beyond the iteration's depth the quiescence may go.
const QUIESCENCE_PLIES: i32 = 12;

/// What to search for: stop at the first limit reached. With no limit at all the search runs
/// until the `stop` flag is set or a forced result is found (at most depth 60).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub time: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

impl Limits {
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    #[must_use]
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }

    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// Progress report after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    pub depth: u32,
    /// Deepest ply reached (with forced-move extensions and quiescence).
    pub sel_depth: u32,
    /// Evaluation for the side to move (positive = good), mate scores beyond ±29000.
    pub eval: i32,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub pv: Vec<Pos>,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    pub best: Pos,
    /// Evaluation for the side to move (positive = good), mate scores beyond ±29000.
    pub eval: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Pos>,
    /// The side to move has a proven forced win.
    pub forced_win: bool,
    /// Moves (of the side to move) to the win when positive, to the loss when negative.
    pub mate_in: Option<i32>,
}

/// One search over a board, borrowing the engine's transposition table.
pub struct Searcher<'a> {
    pub b: Board,
    pub(crate) tt: &'a Tt,
    pub(crate) stop: &'a AtomicBool,
    pub(crate) clock: TimeControl,
    pub(crate) deadline: Option<Instant>,
    pub(crate) node_limit: u64,
    pub nodes: u64,
    /// Nodes of every thread of this search, added in steps of 1024 (for the reports).
    pub(crate) shared_nodes: Option<&'a AtomicU64>,
    /// `nodes` when they were last added to `shared_nodes`.
    pub(crate) flushed: u64,
    next_check: u64,
    pub(crate) stopped: bool,
    pub(crate) sel_depth: usize,
    pub(crate) root_depth: i32,
    killers: [[usize; 2]; MAX_PLY],
    history: Vec<[i32; CELLS]>,
    pub(crate) pv: Vec<[usize; MAX_PLY]>,
    pub(crate) pv_len: [usize; MAX_PLY],
    /// Seeded noise added to evaluations (weaker levels); 0 = none.
    pub noise: i32,
    pub noise_seed: u64,
    /// The time a timed search aims at within its limit (see [`crate::timeman::MoveTime`]).
    pub target: Option<Duration>,
    /// Root moves not to consider (n-best analysis).
    pub exclude: Vec<usize>,
    /// The root moves in the order of the last iteration (best first), when it ends.
    pub(crate) root_order: Vec<usize>,
    scratch: Vec<(usize, i32, bool)>,
    /// The positions the other threads are searching (several threads only).
    pub(crate) busy: Option<&'a Busy>,
}

impl<'a> Searcher<'a> {
    pub fn new(b: Board, tt: &'a Tt, stop: &'a AtomicBool) -> Searcher<'a> {
        Searcher {
            b,
            tt,
            stop,
            clock: TimeControl::new(&Limits::default()),
            deadline: None,
            node_limit: u64::MAX,
            nodes: 0,
            shared_nodes: None,
            flushed: 0,
            next_check: 1024,
            stopped: false,
            sel_depth: 0,
            root_depth: 0,
            killers: [[usize::MAX; 2]; MAX_PLY],
            history: vec![[0; CELLS]; 2],
            pv: vec![[0; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            noise: 0,
            noise_seed: 0,
            target: None,
            exclude: Vec::new(),
            root_order: Vec::new(),
            scratch: Vec::new(),
            busy: None,
        }
    }

    pub(crate) fn eval(&self) -> i32 {
        let v = evaluate(&self.b);
        if self.noise == 0 {
            return v;
        }
        let mut h = self.b.hash() ^ self.noise_seed;
        h ^= h >> 33;
        h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 33;
        v + (h % (2 * self.noise as u64 + 1)) as i32 - self.noise
    }

    fn check_stop(&mut self) {
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        // The clock, the flag and the shared count every 1024 nodes.
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 1024;
            if let Some(shared) = self.shared_nodes {
                shared.fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
                self.flushed = self.nodes;
            }
            if self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d)
            {
                self.stopped = true;
            }
        }
    }

    pub(crate) fn pvs(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        self.nodes += 1;
        self.check_stop();
        if self.stopped {
            return 0;
        }
        self.sel_depth = self.sel_depth.max(ply);
        let s: Side = self.b.to_move();
        let o = s ^ 1;
        let p = ply as i32;
        if self.b.count(s, C_FIVE) > 0 {
            return MATE - p - 1;
        }
        if self.b.is_full() || ply >= MAX_PLY - 8 {
            return 0;
        }
        // Mate distance pruning.
        let alpha0 = alpha.max(-(MATE - p));
        let beta0 = beta.min(MATE - p - 1);
        if alpha0 >= beta0 {
            return alpha0;
        }
        if self.b.count(o, C_FIVE) > 0 {
            let mut fives = Vec::new();
            self.b.find(o, C_FIVE, &mut fives);
            if fives.len() > 1 || !self.b.is_legal_for(s, fives[0]) {
                return -(MATE - p - 2);
            }
            self.b.make(fives[0]);
            let v = -self.pvs(depth, -beta, -alpha, ply + 1);
            self.b.unmake();
            self.update_pv(ply, fives[0]);
            return v;
        }
        if self.b.count(s, C_FLEX_FOUR) > 0 {
            return MATE - p - 3;
        }
        if static_win(&self.b) {
            return MATE - p - 5;
        }
        if depth <= 0 {
            return self.quiescence(alpha, beta, ply);
        }
        let pv_node = beta - alpha > 1;
        let key = self.b.hash();
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            if e.mv != 0 && self.b.cell(usize::from(e.mv)) == EMPTY {
                tt_move = Some(usize::from(e.mv));
            }
            let v = from_tt(i32::from(e.value), ply);
            if !pv_node && i32::from(e.depth) >= depth && settles(e.bound, v, alpha, beta) {
                return v;
            }
        }
        // Futility: near the leaves, quiet moves cannot lift a hopeless static evaluation.
        let threatened = has_threat(&self.b, o);
        let static_eval = if !pv_node && depth <= 3 && !threatened {
            Some(self.eval())
        } else {
            None
        };
        // Reverse futility: far above beta near the leaves, the side to move keeps its edge.
        if let Some(e) = static_eval
            && beta.abs() < MATE_BOUND
            && e - REVERSE_FUTILITY[depth as usize] >= beta
        {
            return e;
        }
        let width = if pv_node {
            WIDTH
        } else {
            [0, 5, 7, 9, 11, 13, 15, 17, 20][depth.clamp(0, 8) as usize]
        };
        let moves = self.node_moves(ply, tt_move, width);
        if moves.is_empty() {
            // Every defence is forbidden or there is nothing to play.
            return if threatened { -(MATE - p - 4) } else { 0 };
        }
        let alpha_orig = alpha;
        let mut best = -INF;
        let mut best_move = moves[0];
        // Moves in search order with their index in `moves` and whether they may still be
        // put off because another thread is searching them (ABDADA).
        let shared = self.busy.filter(|_| depth >= busy::MIN_DEPTH);
        let mut queue: Vec<(usize, usize, bool)> = Vec::new();
        let mut q = 0;
        loop {
            let (i, m, may_wait) = if q < moves.len() {
                (q, moves[q], shared.is_some() && q > 0)
            } else if let Some(&e) = queue.get(q - moves.len()) {
                e
            } else {
                break;
            };
            q += 1;
            let quiet = !threatened
                && self.b.class(s, m) < C_THREE
                && self.b.class(o, m) < C_THREE
                && Some(m) != tt_move;
            if i > 0
                && quiet
                && best > -MATE_BOUND
                && static_eval.is_some_and(|e| e + FUTILITY[depth as usize] <= alpha)
            {
                continue;
            }
            self.b.make(m);
            let child = self.b.hash();
            if let Some(busy) = shared {
                if may_wait && busy.contains(child) {
                    self.b.unmake();
                    queue.push((i, m, false));
                    continue;
                }
                busy.enter(child);
            }
            let mut v;
            if i == 0 {
                v = -self.pvs(depth - 1, -beta, -alpha, ply + 1);
            } else {
                let mut r = 0;
                if depth >= 2 && i > usize::from(pv_node) {
                    r = lmr(depth, i);
                    if pv_node {
                        r -= 1;
                    }
                    r = r.clamp(0, depth - 1);
                }
                v = -self.pvs(depth - 1 - r, -alpha - 1, -alpha, ply + 1);
                if v > alpha && r > 0 && !self.stopped {
                    v = -self.pvs(depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if v > alpha && v < beta && !self.stopped {
                    v = -self.pvs(depth - 1, -beta, -alpha, ply + 1);
                }
            }
            self.b.unmake();
            if let Some(busy) = shared {
                busy.leave(child);
            }
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_move = m;
                if v > alpha {
                    alpha = v;
                    self.update_pv(ply, m);
                    if v >= beta {
                        if quiet {
                            let k = &mut self.killers[ply];
                            if k[0] != m {
                                k[1] = k[0];
                                k[0] = m;
                            }
                        }
                        self.history[s][m] += depth * depth;
                        break;
                    }
                }
            }
        }
        if best == -INF {
            // Every move was pruned: the static evaluation stands.
            return static_eval.unwrap_or(alpha);
        }
        let bound = bound_of(best, alpha_orig, beta);
        self.tt
            .store(key, to_tt(best, ply), depth, bound, Some(best_move));
        best
    }

    /// Leaf search: stand pat on the evaluation, or attack with fours: a four-three (which
    /// usually wins by force) anywhere, and plain fours near the side's own last move (the
    /// opponent's reply to a four is forced, so a chain of them is a VCF that costs one node
    /// per move and shows the position at its end).
    fn quiescence(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        let s = self.b.to_move();
        let stand = self.eval();
        if stand >= beta {
            return stand;
        }
        if ply as i32 > self.root_depth + QUIESCENCE_PLIES {
            return stand;
        }
        let alpha_orig = alpha;
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut moves = Vec::new();
        self.b.find(s, C_FOUR_THREE, &mut moves);
        moves.truncate(3);
        self.near_fours(&mut moves);
        if moves.is_empty() {
            return stand;
        }
        // The table: any entry settles the bound it proves; its move goes first.
        let key = self.b.hash();
        let entry = self.tt.probe(key);
        if let Some(e) = entry {
            let v = from_tt(i32::from(e.value), ply);
            if e.depth >= 0 && settles(e.bound, v, alpha, beta) {
                return v;
            }
            if let Some(i) = moves.iter().position(|&m| m == usize::from(e.mv)) {
                moves.swap(0, i);
            }
        }
        let mut best_move = None;
        for m in moves {
            if s == 0 && self.b.is_forbidden(m) {
                continue;
            }
            self.b.make(m);
            let v = -self.pvs(0, -beta, -alpha, ply + 1);
            self.b.unmake();
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    best_move = Some(m);
                    self.update_pv(ply, m);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        // Deeper entries of this position stay.
        if entry.is_none_or(|e| e.depth <= 0) {
            let bound = bound_of(best, alpha_orig, beta);
            self.tt.store(key, to_tt(best, ply), 0, bound, best_move);
        }
        best
    }

    /// Adds the plain fours of the side to move within two points of its own last move, or
    /// on its four lines within four points (the square and the line ends do not overlap).
    fn near_fours(&self, out: &mut Vec<usize>) {
        let h = self.b.history();
        if h.len() < 2 {
            return;
        }
        let last = h[h.len() - 2];
        let s = self.b.to_move();
        let add = |b: &Board, p: usize, out: &mut Vec<usize>| {
            if b.cell(p) == EMPTY && b.class(s, p) == C_FOUR {
                out.push(p);
            }
        };
        let stride = STRIDE as isize;
        for dy in -2isize..=2 {
            for dx in -2isize..=2 {
                if dx != 0 || dy != 0 {
                    add(&self.b, (last as isize + dy * stride + dx) as usize, out);
                }
            }
        }
        for &d in &DIR_STEP {
            for k in [-4isize, -3, 3, 4] {
                add(&self.b, (last as isize + d * k) as usize, out);
            }
        }
    }

    fn update_pv(&mut self, ply: usize, m: usize) {
        self.pv[ply][ply] = m;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// The moves searched at an interior node, best first, and how many of them (from the
    /// front) are forcing (threat defences, or moves that make or block a three or four).
    /// Quiet moves are limited to the best `width`; fours are always kept.
    fn node_moves(&mut self, ply: usize, tt_move: Option<usize>, width: usize) -> Vec<usize> {
        let s = self.b.to_move();
        let o = s ^ 1;
        let mut moves = Vec::new();
        if has_threat(&self.b, o) {
            threat_defences(&mut self.b, &mut moves);
            if let Some(t) = tt_move
                && let Some(i) = moves.iter().position(|&m| m == t)
            {
                moves.remove(i);
                moves.insert(0, t);
            }
            return moves;
        }
        let mut scored = std::mem::take(&mut self.scratch);
        scored_moves(&mut self.b, &mut scored);
        let killers = self.killers[ply];
        for (p, v, four) in &mut scored {
            if Some(*p) == tt_move {
                *v += 1 << 24;
            } else if *four {
                *v += 1 << 20;
            } else if killers.contains(p) {
                *v += 300;
            }
            *v += (self.history[s][*p] >> 3).min(500);
        }
        // Only the best `width` need sorting; fours beyond them (when more than `width`
        // moves are fours or the TT move) follow in order.
        let order = |&(p, v, _): &(usize, i32, bool)| (-v, p);
        let top = width.min(scored.len());
        if top < scored.len() {
            if top > 0 {
                scored.select_nth_unstable_by_key(top - 1, order);
            }
            scored[..top].sort_unstable_by_key(order);
            let (head, rest) = scored.split_at_mut(top);
            moves.extend(head.iter().map(|&(p, _, _)| p));
            if rest.iter().any(|&(_, _, four)| four) {
                rest.sort_unstable_by_key(order);
                moves.extend(rest.iter().filter(|m| m.2).map(|&(p, _, _)| p));
            }
        } else {
            scored.sort_unstable_by_key(order);
            moves.extend(scored.iter().map(|&(p, _, _)| p));
        }
        self.scratch = scored;
        moves
    }
}

/// Late-move reduction for the `i`-th move at remaining depth `depth`.
pub(crate) fn lmr(depth: i32, i: usize) -> i32 {
    let d = f64::from(depth.max(1)).ln();
    let m = (i.max(1) as f64).ln();
    (1.2 + d * m / 0.7) as i32
}

/// Whether a table entry's value `v` with `bound` settles a node searched with (`alpha`, `beta`).
fn settles(bound: u8, v: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        EXACT => true,
        LOWER => v >= beta,
        _ => v <= alpha,
    }
}

/// The bound a search result `best` proves, searched from the window (`alpha`, `beta`).
fn bound_of(best: i32, alpha: i32, beta: i32) -> u8 {
    if best >= beta {
        LOWER
    } else if best > alpha {
        EXACT
    } else {
        UPPER
    }
}

fn to_tt(v: i32, ply: usize) -> i32 {
    if v > MATE_BOUND {
        v + ply as i32
    } else if v < -MATE_BOUND {
        v - ply as i32
    } else {
        v
    }
}

fn from_tt(v: i32, ply: usize) -> i32 {
    if v > MATE_BOUND {
        v - ply as i32
    } else if v < -MATE_BOUND {
        v + ply as i32
    } else {
        v
    }
}
