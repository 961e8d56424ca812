//! The root of a search: immediate decisions and the side to move's threat searches
//! ([`Searcher::prepare`]), the root move list with the opponent's VCF filtered out, iterative
//! deepening over it ([`Searcher::iterate`]), and Lazy SMP ([`search_threads`]): helper
//! threads search the same root over the shared transposition table, each putting off the
//! moves another thread is searching ([`crate::busy`]); the answer is the main thread's unless
//! a helper completed a deeper iteration (or proved a win). A timed search then spends the
//! rest of its turn checking the answer against the opponent's VCT
//! ([`Searcher::check_answer`]).

use crate::board::Board;
use crate::busy::{self, Busy};
use crate::eval::evaluate;
use crate::movegen::{has_threat, ordered_candidates, threat_defences};
use crate::pattern::{C_FIVE, C_FLEX_FOUR, C_THREE};
use crate::search::{INF, Limits, MATE, MATE_BOUND, SearchInfo, SearchResult, Searcher, lmr};
use crate::timeman::{TimeControl, clock_out};
use crate::tt::Tt;
use crate::vcf::Vcf;
use crate::vct::Vct;
use gomoku_rules::Pos;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Most search threads.
pub const MAX_THREADS: usize = 64;
/// Threats of the opponent's VCT that the check of the answer looks for.
const CHECK_THREATS: u32 = 10;
/// Root moves the check of the answer tries, the answer included.
const CHECK_MOVES: usize = 4;

/// What [`Searcher::prepare`] found.
pub(crate) enum Prepared {
    /// The answer, found without a tree search.
    Done(SearchResult),
    /// The root moves to search.
    Root(Vec<usize>),
}

fn max_depth(limits: Limits) -> i32 {
    limits.depth.unwrap_or(60).clamp(1, 100) as i32
}

fn result(best: Pos, eval: i32, depth: u32, nodes: u64, pv: Vec<Pos>) -> SearchResult {
    let mate_in = (eval.abs() > MATE_BOUND).then(|| ((MATE - eval.abs() + 1) / 2) * eval.signum());
    SearchResult {
        best,
        eval,
        depth,
        nodes,
        pv,
        forced_win: eval > MATE_BOUND,
        mate_in,
    }
}

/// Searches `board` with `threads` threads (1 = this thread only, the deterministic search of
/// the bench and the levels) over `tt`, starting a new table generation; a timed search aims
/// at `target` within its limit when some. Node limits count the
/// main thread's nodes; the reported node counts are all threads'.
pub(crate) fn search_threads(
    board: &Board,
    tt: &mut Tt,
    stop: &AtomicBool,
    limits: Limits,
    (threads, target): (usize, Option<Duration>),
    exclude: Vec<usize>,
    info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    tt.new_search();
    let tt = &*tt;
    let mut main = Searcher::new(board.clone(), tt, stop);
    main.exclude = exclude;
    main.target = target;
    let root = match main.prepare(limits) {
        Prepared::Done(r) => return r,
        Prepared::Root(root) => root,
    };
    let depth = max_depth(limits);
    let threads = threads.clamp(1, MAX_THREADS);
    if threads == 1 {
        let r = main.iterate(root, depth, info, 0);
        return main.check_answer(r);
    }
    let helpers_stop = AtomicBool::new(false);
    let counter = AtomicU64::new(main.nodes);
    let busy = Busy::new();
    main.shared_nodes = Some(&counter);
    main.busy = Some(&busy);
    main.flushed = main.nodes;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .map(|k| {
                let root = root.clone();
                let (helpers_stop, counter, busy) = (&helpers_stop, &counter, &busy);
                scope.spawn(move || {
                    let mut h = Searcher::new(board.clone(), tt, helpers_stop);
                    h.shared_nodes = Some(counter);
                    h.busy = Some(busy);
                    h.iterate(root, depth, &mut |_| {}, k)
                })
            })
            .collect();
        let mut r = main.iterate(root, depth, info, 0);
        helpers_stop.store(true, Ordering::Relaxed);
        let mut nodes = r.nodes;
        for h in handles {
            let Ok(h) = h.join() else { continue };
            nodes += h.nodes;
            if deeper(&h, &r) {
                r = h;
            }
        }
        r.nodes = nodes;
        main.check_answer(r)
    })
}

/// Whether a helper's answer `h` replaces the one kept so far, `r`: it completed a deeper
/// iteration (odd helpers search one ply deeper than the main thread, so when the main thread
/// stops, such a helper may have finished the next depth), or it proved a win `r` has not.
/// A proven win is never replaced.
fn deeper(h: &SearchResult, r: &SearchResult) -> bool {
    if r.forced_win {
        return false;
    }
    h.forced_win || h.depth > r.depth
}

impl Searcher<'_> {
    /// Runs the search on this thread; `info` is called after every completed iteration.
    pub fn run(&mut self, limits: Limits, info: &mut dyn FnMut(&SearchInfo)) -> SearchResult {
        match self.prepare(limits) {
            Prepared::Done(r) => r,
            Prepared::Root(root) => self.iterate(root, max_depth(limits), info, 0),
        }
    }

    /// Starts the clock and settles what needs no tree search: an empty board, a five, a
    /// forced block, an open four, a VCF or VCT of the side to move. Otherwise returns the
    /// root moves (threat defences or the best 40 candidates, without the excluded ones and,
    /// when the opponent has a VCF, only the moves that stop it if any do).
    pub(crate) fn prepare(&mut self, limits: Limits) -> Prepared {
        self.clock = TimeControl::new(&limits).with_target(self.target);
        self.deadline = self.clock.deadline();
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        let s = self.b.to_move();
        let o = s ^ 1;
        let size = self.b.size();
        let centre = Pos::new((size / 2) as u8, (size / 2) as u8);
        let done =
            |best, eval, depth, nodes, pv| Prepared::Done(result(best, eval, depth, nodes, pv));
        if self.b.stones() == 0 {
            return done(centre, 0, 1, 1, vec![centre]);
        }
        // Immediate decisions.
        if let Some(p) = self.b.find_one(s, C_FIVE) {
            let pos = self.b.pos(p);
            return done(pos, MATE - 1, 1, 1, vec![pos]);
        }
        let mut opp_fives = Vec::new();
        self.b.find(o, C_FIVE, &mut opp_fives);
        if let Some(&q) = opp_fives.first() {
            let pos = self.b.pos(q);
            let eval = if opp_fives.len() > 1 {
                -(MATE - 2)
            } else {
                evaluate(&self.b)
            };
            if self.b.is_legal_for(s, q) || self.first_legal().is_none() {
                return done(pos, eval, 1, 1, vec![pos]);
            }
            let any = self.first_legal().expect("checked");
            return done(self.b.pos(any), -(MATE - 2), 1, 1, vec![self.b.pos(any)]);
        }
        if let Some(p) = self.b.find_one(s, C_FLEX_FOUR) {
            let pos = self.b.pos(p);
            return done(pos, MATE - 3, 1, 1, vec![pos]);
        }
        // Our own VCF, then our own VCT on a share of the budget.
        let mut vcf = Vcf::new(
            self.node_limit.min(self.clock.vcf_nodes()),
            self.deadline,
            Some(self.stop),
        );
        if let Some(line) = vcf.solve(&mut self.b, 60) {
            self.nodes += vcf.nodes;
            let pv: Vec<Pos> = line.iter().map(|&p| self.b.pos(p)).collect();
            let eval = MATE - vcf.plies_to_five(line.len()) as i32;
            return done(pv[0], eval, line.len() as u32, self.nodes, pv);
        }
        self.nodes += vcf.nodes;
        let (vct_nodes, vct_deadline) = self
            .clock
            .vct_budget(self.node_limit.saturating_sub(self.nodes));
        let mut vct = Vct::new(vct_nodes, vct_deadline, Some(self.stop));
        let found = vct.solve(&mut self.b, 8);
        self.nodes += vct.nodes;
        if let Some(line) = found {
            let pv: Vec<Pos> = line.iter().map(|&p| self.b.pos(p)).collect();
            let eval = MATE - vct.plies_to_five(line.len()) as i32;
            return done(pv[0], eval, line.len() as u32, self.nodes, pv);
        }

        let mut root: Vec<usize> = Vec::new();
        if has_threat(&self.b, o) {
            threat_defences(&mut self.b, &mut root);
        }
        if root.is_empty() {
            let mut scored = Vec::new();
            ordered_candidates(&mut self.b, &mut scored);
            root.extend(scored.iter().take(40).map(|&(p, _)| p));
        }
        if root.len() > self.exclude.len() {
            root.retain(|m| !self.exclude.contains(m));
        }
        if root.is_empty() {
            let p = self.first_legal().unwrap_or(self.b.points()[0]);
            return done(self.b.pos(p), 0, 1, self.nodes, vec![self.b.pos(p)]);
        }
        self.filter_opponent_vcf(&mut root);
        Prepared::Root(root)
    }

    /// Iterative deepening over the `root` moves up to `max_depth`. `helper` is 0 for the main
    /// thread; a helper thread (Lazy SMP) reports nothing, runs until its stop flag is set and
    /// shares the transposition table with the main thread; odd-numbered helpers search one
    /// ply deeper.
    pub(crate) fn iterate(
        &mut self,
        mut root: Vec<usize>,
        max_depth: i32,
        info: &mut dyn FnMut(&SearchInfo),
        helper: usize,
    ) -> SearchResult {
        let s = self.b.to_move();
        let o = s ^ 1;
        let skew = (helper % 2) as i32;

        let mut best = root[0];
        // The previous iteration's best move and value (for the time control).
        let mut last: Option<(usize, i32)> = None;
        let mut best_value = -INF;
        let mut best_pv: Vec<usize> = vec![best];
        let mut completed = 0;
        let mut scores = vec![-INF; root.len()];
        for depth in 1..=max_depth {
            let iter_start = Instant::now();
            let depth = depth + skew;
            self.root_depth = depth;
            let mut alpha = -INF;
            let beta = INF;
            let mut iter_best = None;
            let shared = self.busy.filter(|_| depth >= busy::MIN_DEPTH);
            let mut queue: Vec<(usize, bool)> = (0..root.len()).map(|i| (i, i > 0)).collect();
            let mut q = 0;
            while let Some(&(i, may_wait)) = queue.get(q) {
                q += 1;
                let m = root[i];
                let quiet = self.b.class(s, m) < C_THREE && self.b.class(o, m) < C_THREE;
                self.b.make(m);
                let child = self.b.hash();
                if let Some(busy) = shared {
                    if may_wait && busy.contains(child) {
                        self.b.unmake();
                        queue.push((i, false));
                        continue;
                    }
                    busy.enter(child);
                }
                let v = if i == 0 {
                    -self.pvs(depth - 1, -beta, -alpha, 1)
                } else {
                    let r = if depth >= 3 && i >= 3 {
                        (lmr(depth, i) - 1).clamp(0, depth - 2) / if quiet { 1 } else { 2 }
                    } else {
                        0
                    };
                    let mut v = -self.pvs(depth - 1 - r, -alpha - 1, -alpha, 1);
                    if v > alpha && r > 0 && !self.stopped {
                        v = -self.pvs(depth - 1, -alpha - 1, -alpha, 1);
                    }
                    if v > alpha && !self.stopped {
                        -self.pvs(depth - 1, -beta, -alpha, 1)
                    } else {
                        v
                    }
                };
                self.b.unmake();
                if let Some(busy) = shared {
                    busy.leave(child);
                }
                if self.stopped {
                    break;
                }
                scores[i] = if v > alpha { v } else { -INF + i as i32 };
                if v > alpha {
                    alpha = v;
                    let mut line = vec![m];
                    line.extend_from_slice(&self.pv[1][1..self.pv_len[1].max(1)]);
                    iter_best = Some((m, v, line));
                }
            }
            if let Some((m, v, line)) = iter_best {
                // A partial iteration only counts when it found a better move than the
                // previous best (which it searched first).
                if !self.stopped || m != best || depth == 1 {
                    best = m;
                    best_value = v;
                    best_pv = line;
                    if !self.stopped {
                        completed = depth;
                    }
                }
            }
            if self.stopped {
                break;
            }
            completed = depth;
            // Best first, then by this iteration's scores.
            let mut order: Vec<(usize, i32)> =
                root.iter().copied().zip(scores.iter().copied()).collect();
            order.sort_by_key(|&(p, v)| (p != best, -v));
            root = order.iter().map(|&(p, _)| p).collect();
            scores = order.iter().map(|&(_, v)| v).collect();
            let elapsed = self.clock.start().elapsed();
            if helper > 0 {
                continue;
            }
            info(&SearchInfo {
                depth: depth as u32,
                sel_depth: self.sel_depth as u32,
                eval: best_value,
                nodes: self.nodes_all(),
                nps: (self.nodes_all() as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                time_ms: elapsed.as_millis() as u64,
                pv: best_pv.iter().map(|&p| self.b.pos(p)).collect(),
            });
            if best_value.abs() > MATE_BOUND && MATE - best_value.abs() <= depth + 1 {
                break;
            }
            if best_value > MATE_BOUND {
                break;
            }
            let now = Instant::now();
            let changed = last.is_some_and(|(m, _)| m != best);
            let drop = last.map_or(0, |(_, v)| v - best_value);
            last = Some((best, best_value));
            if !self
                .clock
                .next_iteration(now - iter_start, now, changed, drop)
            {
                break;
            }
            if root.len() == 1 && self.deadline.is_some() {
                break;
            }
        }
        self.root_order = root;
        let pv = best_pv.iter().map(|&p| self.b.pos(p)).collect();
        result(
            self.b.pos(best),
            best_value,
            completed.max(1) as u32,
            self.nodes,
            pv,
        )
    }

    /// Nodes of all threads (exact for one thread; in steps of 1024 per thread otherwise).
    fn nodes_all(&self) -> u64 {
        self.shared_nodes.map_or(self.nodes, |n| {
            n.load(Ordering::Relaxed) + (self.nodes & 1023)
        })
    }

    fn first_legal(&mut self) -> Option<usize> {
        let s = self.b.to_move();
        let mut cand = Vec::new();
        self.b.candidates(&mut cand);
        if cand.is_empty() {
            cand = self.b.points().to_vec();
        }
        cand.into_iter()
            .find(|&p| self.b.cell(p) == crate::board::EMPTY && self.b.is_legal_for(s, p))
    }

    /// Spends the rest of a timed turn ([`TimeControl::check_deadline`]) checking the answer
    /// `r` against the opponent's VCT of up to [`CHECK_THREATS`] threats, a longer one than
    /// the root's filter looks for: if the opponent has one after `r.best`, the next moves of
    /// the last iteration's order are checked the same way (at most [`CHECK_MOVES`] in all),
    /// and the first after which no VCT is found (or the check runs out of time) is played
    /// instead. Proven wins and losses, single moves and searches without a clock are left
    /// as they are.
    fn check_answer(&mut self, r: SearchResult) -> SearchResult {
        let Some(deadline) = self.clock.check_deadline() else {
            return r;
        };
        if r.eval.abs() > MATE_BOUND || self.root_order.len() < 2 {
            return r;
        }
        let best = self.b.index(r.best);
        let others = self.root_order.iter().copied().filter(|&m| m != best);
        let moves: Vec<usize> = std::iter::once(best)
            .chain(others)
            .take(CHECK_MOVES)
            .collect();
        let mut nodes = r.nodes;
        for m in moves {
            if clock_out(Some(deadline), Some(self.stop)) {
                break;
            }
            self.b.make(m);
            let mut vct = Vct::new(u64::MAX, Some(deadline), Some(self.stop));
            let refuted = vct.solve(&mut self.b, CHECK_THREATS).is_some();
            nodes += vct.nodes;
            self.b.unmake();
            if !refuted {
                if m == best {
                    break;
                }
                let pos = self.b.pos(m);
                return SearchResult {
                    best: pos,
                    pv: vec![pos],
                    nodes,
                    ..r
                };
            }
        }
        SearchResult { nodes, ..r }
    }

    /// When the opponent has a VCF, keeps only the root moves after which it has none (if
    /// any move achieves that); when it has no VCF but a VCT, likewise with its VCT, on the
    /// budgets of [`TimeControl::vct_filter_nodes`].
    fn filter_opponent_vcf(&mut self, root: &mut Vec<usize>) {
        let vcf_threat = self.filter_threat(root, false, 20_000, 10_000, self.deadline);
        if !vcf_threat {
            let (probe, per_move) = self.clock.vct_filter_nodes(self.node_limit);
            if probe > 0 {
                let deadline = self.clock.vct_filter_deadline();
                self.filter_threat(root, true, probe, per_move, deadline);
            }
        }
    }

    /// Looks for the opponent's VCF (or VCT) with `probe` nodes as if we passed; if it has one,
    /// adds the points of its line to `root` and keeps the moves after which a search of
    /// `per_move` nodes finds none (all of them if every move fails; the moves not checked by
    /// `deadline` stay). Returns whether the opponent had one.
    fn filter_threat(
        &mut self,
        root: &mut Vec<usize>,
        vct: bool,
        probe: u64,
        per_move: u64,
        deadline: Option<Instant>,
    ) -> bool {
        let stop = Some(self.stop);
        let solve = |b: &mut Board, nodes: u64, deadline| {
            if vct {
                let mut v = Vct::new(nodes, deadline, stop);
                (v.solve(b, 6), v.nodes)
            } else {
                let mut v = Vcf::new(nodes, deadline, stop);
                (v.solve(b, 40), v.nodes)
            }
        };
        self.b.pass();
        let (threat, n) = solve(&mut self.b, probe, deadline);
        self.nodes += n;
        self.b.pass();
        let Some(line) = threat else { return false };
        // The points of the opponent's line are natural defences; add them.
        for &p in &line {
            if !root.contains(&p) && self.b.is_legal_for(self.b.to_move(), p) {
                root.push(p);
            }
        }
        let mut keep = Vec::new();
        for &m in root.iter() {
            if clock_out(deadline, Some(self.stop)) {
                // Out of time: the moves not checked yet stay.
                keep.push(m);
                continue;
            }
            self.b.make(m);
            let (found, n) = solve(&mut self.b, per_move, deadline);
            self.nodes += n;
            self.b.unmake();
            if found.is_none() {
                keep.push(m);
            }
        }
        if !keep.is_empty() {
            *root = keep;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_rules::{Rule, Stone, parse_ascii};

    /// White to move; black's four-three at f6 (the closed three c6–e6 and the two f7–f8)
    /// wins by fours.
    fn black_threatens_a_four_three() -> Board {
        let text = "
            . . . . . . . . . . .
            . . . . . . . . . O .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . O X X X . . . . . .
            . . . . O . . . . . .
            . . . . O X . . . . .
            . . . . . X . . . . .
            . O . . . . . . . X .
            . . . . . . . . . . .";
        Board::from_position(
            Rule::Freestyle,
            &parse_ascii(text).expect("board"),
            Stone::White,
        )
    }

    /// The rest of a timed turn checks the answer against the opponent's VCT: a move that
    /// leaves one is replaced by the next move in the order that does not; a search without
    /// a clock keeps its answer.
    #[test]
    fn an_answer_that_allows_a_vct_is_replaced() {
        let b = black_threatens_a_four_three();
        let tt = Tt::new(1);
        let stop = AtomicBool::new(false);
        let at = |x, y| b.index(Pos::new(x, y));
        let answer_at = |p: usize, eval: i32| result(b.pos(p), eval, 10, 1000, vec![b.pos(p)]);
        let check = |clock: Limits, order: Vec<usize>, r: SearchResult| {
            let mut s = Searcher::new(b.clone(), &tt, &stop);
            s.clock = TimeControl::new(&clock);
            s.root_order = order;
            s.check_answer(r).best
        };
        let timed = Limits::time(Duration::from_secs(30));
        // a11 and j6 leave the four-three; f6 takes its point.
        let order = vec![at(0, 10), at(9, 5), at(5, 5), at(5, 4)];
        assert_eq!(
            check(timed, order.clone(), answer_at(at(0, 10), 0)),
            Pos::new(5, 5)
        );
        // An answer after which black has no VCT stays.
        let safe = vec![at(5, 4), at(0, 10), at(5, 5)];
        assert_eq!(check(timed, safe, answer_at(at(5, 4), 0)), Pos::new(5, 4));
        // No clock (the levels, the bench), or a proven result: the answer stays.
        let nodes = Limits::nodes(100_000);
        assert_eq!(
            check(nodes, order.clone(), answer_at(at(0, 10), 0)),
            Pos::new(0, 10)
        );
        let lost = answer_at(at(0, 10), -(MATE - 8));
        assert_eq!(check(timed, order, lost), Pos::new(0, 10));
    }

    fn answer(x: u8, eval: i32, depth: u32) -> SearchResult {
        result(Pos::new(x, 7), eval, depth, 1000, vec![Pos::new(x, 7)])
    }

    /// A helper's answer is played when it looked deeper or proved a win, never over a win
    /// the main thread proved.
    #[test]
    fn deeper_or_winning_helper_answers_are_played() {
        let main = answer(1, 40, 14);
        assert!(deeper(&answer(2, -30, 15), &main));
        assert!(!deeper(&answer(2, 90, 14), &main));
        assert!(!deeper(&answer(2, 90, 13), &main));
        assert!(deeper(&answer(2, MATE - 9, 12), &main));
        let won = answer(1, MATE - 7, 9);
        assert!(!deeper(&answer(2, 0, 20), &won));
        assert!(!deeper(&answer(2, MATE - 5, 20), &won));
    }
}
