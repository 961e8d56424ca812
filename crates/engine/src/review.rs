//! Game review: the engine's opinion of every position of a finished (or unfinished) game, and
//! of every move played — for an evaluation graph, mistake marks and a summary per player.
//!
//! Each position gets the same fixed work, so a review is repeatable: a fresh hash table, a
//! VCF search and (when none is found) a VCT search for the side to move, each with its own
//! node budget, then a main search limited by nodes ([`ReviewSettings`]). A VCT answer is
//! kept only if the opponent has no win by fours after its first move (the VCT solver can
//! overlook a defender's own fours when both sides attack). A caller drives a
//! [`Review`] one position at a time ([`Review::step`], e.g. on a background thread, checking
//! a shared stop flag and reporting [`Progress`] with an estimate of the time left), or runs
//! [`review_game`] with a progress callback. The result, [`GameReview`], is plain serde data
//! that a save file can keep.
//!
//! # Winning chances
//! An evaluation `e` (for the side to move) means chances `tanh(e / (2·K))` in −1..+1 with
//! `K` = [`CHANCE_SCALE`] = 1041: the winning probability `1 / (1 + exp(−e / K))` of the
//! logistic the evaluation weights were fitted with, stretched to −1..+1. So ±400 is ±0.19,
//! ±1000 ±0.45, ±2000 ±0.74, ±4000 ±0.96. Proven wins and losses are ±1
//! exactly: a VCF or VCT of the side to move, a mate score of the search, a finished game, and
//! a position reached by the first move of a VCF or VCT proven in the position before (the
//! solver's line holds against every reply, though the next position's own search may not
//! see it). The graph shows black's
//! chances.
//!
//! # Judging a move
//! The loss of a move is the mover's chances before it (the position it was played in) minus
//! the mover's chances after it (the next position), at least 0. The engine's own best move is
//! [`Judgement::Best`] whatever the figures; otherwise a loss of [`INACCURACY`] (0.2, ten
//! points of winning probability) or more is an inaccuracy, [`MISTAKE`] (0.4) a mistake and
//! [`BLUNDER`] (0.6) a blunder; so is any move after which the opponent has a proven win
//! when the mover had none against them before. A move is a *missed win* when the mover had
//! a win proven by the VCF or VCT solver, did not play its first move, and the position after
//! the move is no longer a proven win for the mover (a mate score of the main search alone
//! does not count: its selective search is no proof).

use crate::board::Board as EngineBoard;
use crate::engine::Engine;
use crate::search::{Limits, MATE, MATE_BOUND, SearchResult};
use crate::vcf::Vcf;
use crate::vct::Vct;
use gomoku_rules::{Board, ForbiddenPolicy, GameRecord, MoveError, Outcome, Pos, Rule, Stone};
use std::fmt;

mod data;

pub use data::{
    BLUNDER, CHANCE_SCALE, ForcedWin, GameReview, INACCURACY, Judgement, MISTAKE, MoveReview,
    PlayerSummary, PositionReview, REVIEW_VERSION, ReviewSettings, WinKind, chances_from_eval,
};
use data::{judge, summarise};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Hash table of the review's engine, cleared before each position.
const HASH_MB: usize = 16;
/// VCT depth: attacker threat moves before the final fours.
const VCT_DEPTH: u32 = 8;

/// A move of the game could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewError {
    /// Index of the refused move (0-based).
    pub index: usize,
    pub pos: Pos,
    pub error: MoveError,
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({}): {}", self.index + 1, self.pos, self.error)
    }
}

impl std::error::Error for ReviewError {}

/// How far a review is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions reviewed so far, out of `total`.
    pub done: usize,
    pub total: usize,
    /// Time spent on the positions reviewed by this [`Review`] (not those loaded).
    pub elapsed: Duration,
    /// Estimated time to the end: the mean time per position so far × positions left.
    pub remaining: Option<Duration>,
}

/// What one [`Review::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// One more position was reviewed.
    Reviewed(Progress),
    /// The stop flag was set; the position will be reviewed again by the next step.
    Stopped,
    /// Every position is reviewed.
    Finished,
}

/// A review in progress, driven one position at a time.
pub struct Review {
    rule: Rule,
    size: usize,
    settings: ReviewSettings,
    moves: Vec<Pos>,
    /// The board before each move, and the final board.
    boards: Vec<Board>,
    /// Black's chances in the final position when the game ended on the board.
    final_result: Option<f32>,
    engine: Engine,
    positions: Vec<PositionReview>,
    spent: Duration,
    timed: usize,
}

impl Review {
    /// A review of the moves of `record` (its opening stones included, black first).
    pub fn new(record: &GameRecord, settings: ReviewSettings) -> Result<Review, ReviewError> {
        let moves: Vec<Pos> = record.moves().iter().map(|m| m.pos).collect();
        Review::from_moves(record.rule(), record.size(), &moves, settings)
    }

    /// A review of `moves` (black first) under `rule` on a `size` board; every move is
    /// checked with the rules (a forbidden black move ends the game as a loss).
    pub fn from_moves(
        rule: Rule,
        size: usize,
        moves: &[Pos],
        settings: ReviewSettings,
    ) -> Result<Review, ReviewError> {
        let mut record = GameRecord::new(rule, size).with_policy(ForbiddenPolicy::Lose);
        let mut boards = vec![record.board().clone()];
        for (index, &pos) in moves.iter().enumerate() {
            record
                .play(pos)
                .map_err(|error| ReviewError { index, pos, error })?;
            boards.push(record.board().clone());
        }
        let final_result = record.result().map(|r| match r.outcome {
            Outcome::Win(Stone::Black) => 1.0,
            Outcome::Win(Stone::White) => -1.0,
            Outcome::Draw => 0.0,
        });
        let mut engine = Engine::new(rule, record.size());
        engine.set_hash_mb(HASH_MB);
        Ok(Review {
            rule,
            size: record.size(),
            settings,
            moves: moves.to_vec(),
            boards,
            final_result,
            engine,
            positions: Vec::new(),
            spent: Duration::ZERO,
            timed: 0,
        })
    }

    /// Continues a saved review of the same game (same rule, size, moves and settings);
    /// otherwise starts afresh.
    pub fn resume(&mut self, saved: &GameReview) {
        if saved.matches(self.rule, self.size, &self.moves)
            && saved.settings == self.settings
            && saved.positions.len() <= self.boards.len()
        {
            self.positions.clone_from(&saved.positions);
        }
    }

    /// Positions to review: the start and one after each move.
    #[must_use]
    pub fn total(&self) -> usize {
        self.boards.len()
    }

    /// Positions reviewed so far.
    #[must_use]
    pub fn done(&self) -> usize {
        self.positions.len()
    }

    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.done() == self.total()
    }

    /// The progress so far.
    #[must_use]
    pub fn progress(&self) -> Progress {
        let left = self.total() - self.done();
        Progress {
            done: self.done(),
            total: self.total(),
            elapsed: self.spent,
            remaining: (self.timed > 0).then(|| self.spent / self.timed as u32 * left as u32),
        }
    }

    /// Reviews the next position. `stop` (shared with another thread) abandons the
    /// position at once; the next call starts it again.
    pub fn step(&mut self, stop: &AtomicBool) -> Step {
        if self.is_finished() {
            return Step::Finished;
        }
        let start = Instant::now();
        let Some(position) = self.review_position(self.done(), stop) else {
            return Step::Stopped;
        };
        self.positions.push(position);
        self.spent += start.elapsed();
        self.timed += 1;
        Step::Reviewed(self.progress())
    }

    /// The review of the positions done so far (the moves between two reviewed positions are
    /// judged): the whole review once [`Review::is_finished`].
    #[must_use]
    pub fn review(&self) -> GameReview {
        let moves: Vec<MoveReview> = self
            .positions
            .windows(2)
            .enumerate()
            .map(|(i, w)| judge(i, self.moves[i], &w[0], &w[1]))
            .collect();
        GameReview {
            version: REVIEW_VERSION,
            rule: self.rule,
            size: self.size,
            settings: self.settings,
            game: self.moves.clone(),
            positions: self.positions.clone(),
            black: summarise(&moves, Stone::Black),
            white: summarise(&moves, Stone::White),
            moves,
        }
    }

    /// Position `i` (after `i` moves), or `None` when stopped.
    fn review_position(&mut self, i: usize, stop: &AtomicBool) -> Option<PositionReview> {
        let board = &self.boards[i];
        let to_move = Stone::for_move(i);
        let black = |chances: f32| match to_move {
            Stone::Black => chances,
            Stone::White => -chances,
        };
        if i == self.moves.len()
            && let Some(result) = self.final_result
        {
            let eval = if result == 0.0 {
                0
            } else if black(result) > 0.0 {
                MATE
            } else {
                -MATE
            };
            return Some(PositionReview {
                to_move,
                terminal: true,
                eval,
                black_chances: result,
                best: None,
                line: Vec::new(),
                depth: 0,
                nodes: 0,
                forced_win: None,
            });
        }
        let mut forced_win = solve(self.rule, board, to_move, self.settings, stop)?;
        self.engine.set_position(board, to_move);
        self.engine.clear_hash();
        let result: SearchResult =
            self.engine
                .search(Limits::nodes(self.settings.nodes), stop, &mut |_| {});
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        if forced_win.is_none() && result.eval >= MATE_BOUND {
            forced_win = Some(ForcedWin {
                kind: WinKind::Search,
                line: result.pv.clone(),
            });
        }
        let (best, line, chances) = match &forced_win {
            Some(win) if result.eval < MATE_BOUND => {
                (win.line.first().copied(), win.line.clone(), 1.0)
            }
            Some(_) => (Some(result.best), result.pv.clone(), 1.0),
            None if self.continues_a_proven_win(i) => (Some(result.best), result.pv.clone(), -1.0),
            None => (
                Some(result.best),
                result.pv.clone(),
                chances_from_eval(result.eval),
            ),
        };
        Some(PositionReview {
            to_move,
            terminal: false,
            eval: result.eval,
            black_chances: black(chances),
            best,
            line,
            depth: result.depth,
            nodes: result.nodes,
            forced_win,
        })
    }
}

impl Review {
    /// Whether the move leading to position `i` was the first move of a win by fours or by
    /// threats proven in position `i - 1`: the side to move in `i` is then lost, whatever its
    /// own search says (a solver's line holds against every defence).
    fn continues_a_proven_win(&self, i: usize) -> bool {
        i > 0
            && self.positions.get(i - 1).is_some_and(|p| {
                p.forced_win.as_ref().is_some_and(|w| {
                    w.kind != WinKind::Search && w.line.first() == Some(&self.moves[i - 1])
                })
            })
    }
}

/// The side to move's VCF, else its VCT; `Some(None)` when neither is found, `None` when
/// stopped.
fn solve(
    rule: Rule,
    board: &Board,
    to_move: Stone,
    settings: ReviewSettings,
    stop: &AtomicBool,
) -> Option<Option<ForcedWin>> {
    let mut b = EngineBoard::from_position(rule, board, to_move);
    let mut vcf = Vcf::new(settings.vcf_nodes, None, Some(stop));
    let found = vcf.solve(&mut b, 100);
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if let Some(line) = found {
        let line = line.iter().map(|&p| b.pos(p)).collect();
        return Some(Some(ForcedWin {
            kind: WinKind::Vcf,
            line,
        }));
    }
    if settings.vct_nodes == 0 {
        return Some(None);
    }
    let mut vct = Vct::new(settings.vct_nodes, None, Some(stop));
    let found = vct
        .solve(&mut b, VCT_DEPTH)
        .filter(|line| !counter_vcf(&mut b, line[0], settings.vcf_nodes, Some(stop)));
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    Some(found.map(|line| ForcedWin {
        kind: WinKind::Vct,
        line: line.iter().map(|&p| b.pos(p)).collect(),
    }))
}

/// Whether the opponent has a win by fours after the side to move plays `first`: a check on
/// a VCT answer, whose line can overlook a defender's own fours when both sides attack.
pub(crate) fn counter_vcf(
    b: &mut EngineBoard,
    first: usize,
    nodes: u64,
    stop: Option<&AtomicBool>,
) -> bool {
    b.make(first);
    let refuted = Vcf::new(nodes, None, stop).solve(b, 100).is_some();
    b.unmake();
    refuted
}

/// Reviews a whole game, calling `progress` after each position; `None` when `stop` was set.
pub fn review_game(
    record: &GameRecord,
    settings: ReviewSettings,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Option<GameReview>, ReviewError> {
    let mut review = Review::new(record, settings)?;
    loop {
        match review.step(stop) {
            Step::Reviewed(p) => progress(&p),
            Step::Stopped => return Ok(None),
            Step::Finished => return Ok(Some(review.review())),
        }
    }
}
