//! The engine's board: a padded one-dimensional array with incrementally updated line keys,
//! line patterns, point classes and scores for both colours, a Zobrist hash and a
//! neighbourhood count for candidate moves.
//!
//! Points are `usize` indices into a 32-wide array with a 5-cell wall border; use
//! [`Board::index`] and [`Board::pos`] to convert from and to [`Pos`].

use crate::eval_net::{self, DIM, Net};
use crate::pattern::{
    C_FLEX_FOUR, C_FORBIDDEN, C_FOUR_THREE, C_MAYBE_DOUBLE_THREE, CLASS_COUNT, Class, F3, F4,
    Pattern, Tables,
};
use crate::zobrist;
use gomoku_rules::{MAX_SIZE, Pos, Rule, Stone};

pub const PAD: usize = 5;
pub const STRIDE: usize = 32;
pub const CELLS: usize = STRIDE * STRIDE;
/// Index steps of the four directions: horizontal, vertical, diagonal, anti-diagonal.
pub const DIR_STEP: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];

/// Cell contents.
pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;
pub const WALL: u8 = 3;

/// Side indices: 0 = black, 1 = white. The cell code of side `s` is `s + 1`.
pub type Side = usize;

#[must_use]
pub fn side_of(stone: Stone) -> Side {
    match stone {
        Stone::Black => 0,
        Stone::White => 1,
    }
}

#[must_use]
pub fn stone_of(side: Side) -> Stone {
    if side == 0 {
        Stone::Black
    } else {
        Stone::White
    }
}

#[inline]
fn step(p: usize, dir: usize, k: isize) -> usize {
    (p as isize + DIR_STEP[dir] * k) as usize
}

/// The combo index after the pattern along `d` changes from `old` to `new`.
#[inline]
fn combo_step(ci: u16, d: usize, old: Pattern, new: Pattern) -> usize {
    const MULT: [i32; 4] = [1728, 144, 12, 1];
    (i32::from(ci) + (i32::from(new) - i32::from(old)) * MULT[d]) as usize
}

/// Whether a point of class `cl` is a threat to make an open four or a four-three (what
/// [`Board::threats_after_block`] counts).
#[inline]
fn is_threat(cl: Class) -> bool {
    cl == C_FLEX_FOUR || cl == C_FOUR_THREE
}

/// Key slot of the neighbour at offset `k` (±1..±5).
#[inline]
const fn slot_shift(k: isize) -> u32 {
    let slot = if k < 0 { k + 5 } else { k + 4 };
    2 * slot as u32
}

/// A stone's neighbours along its four lines, within five: the index offset of the neighbour,
/// the direction, where the stone sits in the neighbour's line key, and the distance.
struct Neighbour {
    offset: isize,
    dir: usize,
    shift: u32,
    dist: isize,
}

/// The 40 neighbours whose line keys a stone at a point enters.
const NEIGHBOURS: [Neighbour; 40] = {
    let mut out = [const {
        Neighbour {
            offset: 0,
            dir: 0,
            shift: 0,
            dist: 0,
        }
    }; 40];
    let mut i = 0;
    let mut d = 0;
    while d < 4 {
        let mut k = 1;
        while k <= 5 {
            // The neighbour at -k sees the stone at +k, and the other way round.
            out[i] = Neighbour {
                offset: -DIR_STEP[d] * k,
                dir: d,
                shift: slot_shift(k),
                dist: k,
            };
            out[i + 1] = Neighbour {
                offset: DIR_STEP[d] * k,
                dir: d,
                shift: slot_shift(-k),
                dist: k,
            };
            i += 2;
            k += 1;
        }
        d += 1;
    }
    out
};

/// An empty point's pattern state before a stone changed it ([`Board::make`] saves it and
/// [`Board::unmake`] puts it back instead of recomputing it).
#[derive(Clone, Copy)]
struct SavedPoint {
    p: u16,
    pats: [[Pattern; 4]; 2],
    cidx: [u16; 2],
    class: [Class; 2],
    score: [i16; 2],
}

/// The board's sums before a stone was placed, and where its saved points begin.
#[derive(Clone, Copy)]
struct SavedSums {
    points: usize,
    class_count: [[u16; CLASS_COUNT]; 2],
    score_sum: [i32; 2],
    table_sum: [[i32; 2]; 2],
}

#[derive(Clone)]
pub struct Board {
    size: usize,
    rule: Rule,
    tables: &'static Tables,
    cells: [u8; CELLS],
    keys: [[u32; 4]; CELLS],
    pats: [[[Pattern; 4]; CELLS]; 2],
    /// `Tables::combo_index` of the four patterns, kept up to date with them.
    cidx: [[u16; CELLS]; 2],
    class: [[Class; CELLS]; 2],
    score: [[i16; CELLS]; 2],
    class_count: [[u16; CLASS_COUNT]; 2],
    score_sum: [i32; 2],
    /// Sums of the trained per-combination values ([`crate::eval_table`]) over the empty
    /// points: `table_sum[colour][0]` as valued for that colour to move, `[1]` for the
    /// opponent to move.
    table_sum: [[i32; 2]; 2],
    near: [u8; CELLS],
    /// The evaluation network of the rule, if it has one ([`crate::eval_net`]), each empty
    /// point's summed window vector and the sum of their clipped values.
    net: Option<&'static Net>,
    net_point: [[i32; DIM]; CELLS],
    net_sum: [i32; DIM],
    hash: u64,
    stones: usize,
    to_move: Side,
    history: Vec<usize>,
    points: Vec<usize>,
    /// What each placed stone changed, for taking it back (one entry per stone on the board
    /// placed since the last [`Board::from_position`]).
    saved_sums: Vec<SavedSums>,
    saved_points: Vec<SavedPoint>,
}

impl Board {
    /// An empty board of side `size` (clamped to 5..=20), black to move.
    #[must_use]
    pub fn new(rule: Rule, size: usize) -> Board {
        let size = size.clamp(gomoku_rules::MIN_SIZE, MAX_SIZE);
        let tables = Tables::get(rule);
        let mut b = Board {
            size,
            rule,
            tables,
            cells: [WALL; CELLS],
            keys: [[0; 4]; CELLS],
            pats: [[[0; 4]; CELLS]; 2],
            cidx: [[0; CELLS]; 2],
            class: [[0; CELLS]; 2],
            score: [[0; CELLS]; 2],
            class_count: [[0; CLASS_COUNT]; 2],
            score_sum: [0; 2],
            table_sum: [[0; 2]; 2],
            near: [0; CELLS],
            net: eval_net::net(rule),
            net_point: [[0; DIM]; CELLS],
            net_sum: [0; DIM],
            hash: 0,
            stones: 0,
            to_move: 0,
            history: Vec::with_capacity(size * size),
            points: Vec::with_capacity(size * size),
            saved_sums: Vec::with_capacity(size * size),
            saved_points: Vec::with_capacity(16 * size * size),
        };
        for y in 0..size {
            for x in 0..size {
                let i = (y + PAD) * STRIDE + x + PAD;
                b.cells[i] = EMPTY;
                b.points.push(i);
            }
        }
        for p in 0..CELLS {
            for (d, &dir_step) in DIR_STEP.iter().enumerate() {
                let mut key = 0u32;
                for k in (-5isize..=5).filter(|&k| k != 0) {
                    let q = p as isize + dir_step * k;
                    let c = if (0..CELLS as isize).contains(&q) {
                        b.cells[q as usize]
                    } else {
                        WALL
                    };
                    key |= u32::from(c) << slot_shift(k);
                }
                b.keys[p][d] = key;
            }
        }
        for i in 0..b.points.len() {
            let p = b.points[i];
            b.refresh_all(p);
            b.net_enter(p);
        }
        b
    }

    /// A board with the stones of `board` and `to_move` to play.
    #[must_use]
    pub fn from_position(rule: Rule, board: &gomoku_rules::Board, to_move: Stone) -> Board {
        let mut b = Board::new(rule, board.size());
        for pos in board.points() {
            if let Some(stone) = board.get(pos) {
                b.place(b.index(pos), side_of(stone) as u8 + 1);
            }
        }
        b.history.clear();
        b.saved_sums.clear();
        b.saved_points.clear();
        b.to_move = side_of(to_move);
        b
    }

    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    #[must_use]
    pub fn index(&self, pos: Pos) -> usize {
        (usize::from(pos.y) + PAD) * STRIDE + usize::from(pos.x) + PAD
    }

    #[must_use]
    pub fn pos(&self, p: usize) -> Pos {
        Pos::new((p % STRIDE - PAD) as u8, (p / STRIDE - PAD) as u8)
    }

    /// Whether index `p` is a point of the board.
    #[must_use]
    pub fn on_board(&self, p: usize) -> bool {
        p < CELLS && self.cells[p] != WALL
    }

    #[must_use]
    pub fn cell(&self, p: usize) -> u8 {
        self.cells[p]
    }

    /// The side to move (0 black, 1 white).
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    pub fn set_to_move(&mut self, side: Side) {
        self.to_move = side;
    }

    /// Zobrist hash of the stones and the side to move.
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash ^ if self.to_move == 1 { zobrist::SIDE } else { 0 }
    }

    /// All points of the board.
    #[must_use]
    pub fn points(&self) -> &[usize] {
        &self.points
    }

    #[must_use]
    pub fn stones(&self) -> usize {
        self.stones
    }

    /// Moves made with [`Board::make`] since the position was set.
    #[must_use]
    pub fn history(&self) -> &[usize] {
        &self.history
    }

    #[must_use]
    pub fn last_move(&self) -> Option<usize> {
        self.history.last().copied()
    }

    /// Number of stones within two points (in both axes) of `p`.
    #[must_use]
    pub fn near(&self, p: usize) -> u8 {
        self.near[p]
    }

    #[must_use]
    pub fn class(&self, side: Side, p: usize) -> Class {
        self.class[side][p]
    }

    #[must_use]
    pub fn score(&self, side: Side, p: usize) -> i32 {
        i32::from(self.score[side][p])
    }

    #[must_use]
    pub fn pattern(&self, side: Side, p: usize, dir: usize) -> Pattern {
        self.pats[side][p][dir]
    }

    /// Number of empty points where `side` would make class `class`.
    #[must_use]
    pub fn count(&self, side: Side, class: Class) -> u32 {
        u32::from(self.class_count[side][usize::from(class)])
    }

    /// Sum of the point scores of `side` over all empty points.
    #[must_use]
    pub fn score_sum(&self, side: Side) -> i32 {
        self.score_sum[side]
    }

    /// Sum of the trained per-combination values of `side`'s empty points, for `side` to
    /// move (`rel` 0) or its opponent to move (`rel` 1).
    #[inline]
    pub fn table_sum(&self, side: Side, rel: usize) -> i32 {
        self.table_sum[side][rel]
    }

    /// The position's threat mask from the side to move's point of view
    /// ([`crate::eval_table::threat_mask`]).
    #[must_use]
    pub fn threat_mask(&self) -> usize {
        let s = self.to_move();
        crate::eval_table::threat_mask(|rel, c| self.count(s ^ rel, c))
    }

    /// The trained value of the position's threat mask for the side to move.
    #[must_use]
    pub fn mask_value(&self) -> i32 {
        i32::from(self.tables.mask[self.to_move()][self.threat_mask()])
    }

    /// The move-ordering value of the empty point `p` for the side to move
    /// ([`crate::order_table`]): its own combination there plus the opponent's.
    #[inline]
    pub fn order_value(&self, p: usize) -> i32 {
        let s = self.to_move;
        let o = s ^ 1;
        self.tables.order[s][usize::from(self.cidx[s][p])][0]
            + self.tables.order[o][usize::from(self.cidx[o][p])][1]
    }

    /// `Tables::combo_index` of the four patterns `side` would make at the empty point `p`.
    #[inline]
    pub fn combo_index(&self, side: Side, p: usize) -> usize {
        usize::from(self.cidx[side][p])
    }

    /// The empty points where `side` would make class `class` (searched near the stones).
    pub fn find(&self, side: Side, class: Class, out: &mut Vec<usize>) {
        out.clear();
        if self.class_count[side][usize::from(class)] == 0 {
            return;
        }
        for &p in &self.points {
            if self.cells[p] == EMPTY && self.class[side][p] == class {
                out.push(p);
                if out.len() == usize::from(self.class_count[side][usize::from(class)]) {
                    break;
                }
            }
        }
    }

    /// First empty point where `side` makes class `class`.
    #[must_use]
    pub fn find_one(&self, side: Side, class: Class) -> Option<usize> {
        if self.class_count[side][usize::from(class)] == 0 {
            return None;
        }
        self.points
            .iter()
            .copied()
            .find(|&p| self.cells[p] == EMPTY && self.class[side][p] == class)
    }

    /// Empty points next to stones (within two points), the usual candidate moves.
    pub fn candidates(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(
            self.points
                .iter()
                .copied()
                .filter(|&p| self.cells[p] == EMPTY && self.near[p] > 0),
        );
    }

    #[must_use]
    pub fn is_full(&self) -> bool {
        self.stones == self.points.len()
    }

    /// Whether `side` may play at the empty point `p` (renju black: not forbidden).
    pub fn is_legal_for(&mut self, side: Side, p: usize) -> bool {
        self.cells[p] == EMPTY && !(side == 0 && self.is_forbidden(p))
    }

    /// Whether black may not play at the empty point `p` under renju (exact, with the
    /// recursive check of double threes).
    pub fn is_forbidden(&mut self, p: usize) -> bool {
        if self.rule != Rule::Renju || self.cells[p] != EMPTY {
            return false;
        }
        match self.class[0][p] {
            C_FORBIDDEN => true,
            C_MAYBE_DOUBLE_THREE => self.double_three(p),
            _ => false,
        }
    }

    /// Whether the two or more open-three lines through `p` hold at least two real threes.
    fn double_three(&mut self, p: usize) -> bool {
        let lines: Vec<usize> = (0..4).filter(|&d| self.pats[0][p][d] == F3).collect();
        self.place(p, BLACK);
        let mut threes = 0;
        for d in lines {
            let mut real = false;
            for sign in [-1isize, 1] {
                let mut k = 1;
                let mut e = step(p, d, sign);
                while k <= 4 && self.cells[e] == BLACK {
                    k += 1;
                    e = step(p, d, sign * k);
                }
                if k <= 4
                    && self.cells[e] == EMPTY
                    && self.pats[0][e][d] == F4
                    && !self.is_forbidden(e)
                {
                    real = true;
                    break;
                }
            }
            if real {
                threes += 1;
                if threes >= 2 {
                    break;
                }
            }
        }
        self.remove(p);
        threes >= 2
    }

    /// How many empty points would give `side` an open four or a four-three (classes
    /// `C_FLEX_FOUR` and `C_FOUR_THREE`) after a stone of the other side at the empty point
    /// `q`, without playing it: only the points on the four lines through `q` (within five)
    /// change, each along one direction. Equals playing `q` and reading the class counts.
    #[must_use]
    pub fn threats_after_block(&self, side: Side, q: usize) -> u32 {
        let mut n = u32::from(self.class_count[side][usize::from(C_FLEX_FOUR)])
            + u32::from(self.class_count[side][usize::from(C_FOUR_THREE)]);
        if is_threat(self.class[side][q]) {
            n -= 1;
        }
        let c = (side ^ 1) as u32 + 1;
        let combo = &self.tables.combo[side];
        let reach = self.tables.reach;
        // An opponent stone only closes a side's lines, so a point that is no threat stays
        // none — except for renju black, whose double fours (forbidden) become plain fours.
        let only_threats = !(self.rule == Rule::Renju && side == 0);
        for nb in &NEIGHBOURS {
            let p = q.wrapping_add_signed(nb.offset);
            if self.cells[p] != EMPTY
                || nb.dist > reach
                || (only_threats && !is_threat(self.class[side][p]))
            {
                continue;
            }
            let d = nb.dir;
            let np = self.tables.pair_of(self.keys[p][d] | c << nb.shift)[side];
            if np == self.pats[side][p][d] {
                continue;
            }
            let ci = combo_step(self.cidx[side][p], d, self.pats[side][p][d], np);
            let was = is_threat(self.class[side][p]);
            let now = is_threat(combo[ci].0);
            if was != now {
                if was {
                    n -= 1;
                } else {
                    n += 1;
                }
            }
        }
        n
    }

    /// Plays the side to move at the empty point `p`.
    pub fn make(&mut self, p: usize) {
        debug_assert_eq!(self.cells[p], EMPTY);
        self.place(p, self.to_move as u8 + 1);
        self.history.push(p);
        self.to_move ^= 1;
    }

    /// Takes back the last [`Board::make`].
    pub fn unmake(&mut self) {
        if let Some(p) = self.history.pop() {
            self.remove(p);
            self.to_move ^= 1;
        }
    }

    /// Passes the move (used by threat searches that ask "what if the opponent does nothing").
    pub fn pass(&mut self) {
        self.to_move ^= 1;
    }

    fn place(&mut self, p: usize, c: u8) {
        self.saved_sums.push(SavedSums {
            points: self.saved_points.len(),
            class_count: self.class_count,
            score_sum: self.score_sum,
            table_sum: self.table_sum,
        });
        for s in 0..2 {
            self.class_count[s][usize::from(self.class[s][p])] -= 1;
            self.score_sum[s] -= i32::from(self.score[s][p]);
            let t = self.tables.table_value(s, usize::from(self.cidx[s][p]));
            self.table_sum[s][0] -= t[0];
            self.table_sum[s][1] -= t[1];
        }
        self.net_leave(p);
        self.cells[p] = c;
        self.stones += 1;
        self.hash ^= zobrist::STONE[usize::from(c - 1)][p];
        let reach = self.tables.reach;
        for n in &NEIGHBOURS {
            let q = p.wrapping_add_signed(n.offset);
            let old = self.keys[q][n.dir];
            let new = old | u32::from(c) << n.shift;
            self.keys[q][n.dir] = new;
            if self.cells[q] == EMPTY && n.dist <= reach {
                self.refresh(q, n.dir);
                self.net_window(q, old, new);
            }
        }
        for dy in -2isize..=2 {
            for dx in -2isize..=2 {
                let q = (p as isize + dy * STRIDE as isize + dx) as usize;
                self.near[q] += 1;
            }
        }
    }

    /// Takes the stone at `p` back: the last one [`Board::place`]d.
    fn remove(&mut self, p: usize) {
        let c = self.cells[p];
        self.cells[p] = EMPTY;
        self.stones -= 1;
        self.hash ^= zobrist::STONE[usize::from(c - 1)][p];
        let reach = self.tables.reach;
        let with_net = self.net.is_some();
        for n in &NEIGHBOURS {
            let q = p.wrapping_add_signed(n.offset);
            let old = self.keys[q][n.dir];
            let new = old & !(3u32 << n.shift);
            self.keys[q][n.dir] = new;
            if with_net && self.cells[q] == EMPTY && n.dist <= reach {
                self.net_window(q, old, new);
            }
        }
        self.net_enter(p);
        for dy in -2isize..=2 {
            for dx in -2isize..=2 {
                let q = (p as isize + dy * STRIDE as isize + dx) as usize;
                self.near[q] -= 1;
            }
        }
        // The patterns of the empty points the stone changed go back to what they were, and
        // `p`'s own (left alone while it was occupied, its lines now as before) count again.
        let sums = self
            .saved_sums
            .pop()
            .expect("a stone placed for every stone removed");
        for sp in self.saved_points.drain(sums.points..).rev() {
            let q = usize::from(sp.p);
            for s in 0..2 {
                self.pats[s][q] = sp.pats[s];
                self.cidx[s][q] = sp.cidx[s];
                self.class[s][q] = sp.class[s];
                self.score[s][q] = sp.score[s];
            }
        }
        self.class_count = sums.class_count;
        self.score_sum = sums.score_sum;
        self.table_sum = sums.table_sum;
    }

    /// The empty point `p` joins the network's sum: its window vectors from its four line keys.
    fn net_enter(&mut self, p: usize) {
        let Some(net) = self.net else { return };
        let mut h = [0i32; DIM];
        for d in 0..4 {
            for (hi, &v) in h
                .iter_mut()
                .zip(net.code(eval_net::window(self.keys[p][d])))
            {
                *hi += i32::from(v);
            }
        }
        for (s, &hi) in self.net_sum.iter_mut().zip(&h) {
            *s += eval_net::clip(hi);
        }
        self.net_point[p] = h;
    }

    /// The point `p` (empty until now) leaves the network's sum.
    fn net_leave(&mut self, p: usize) {
        if self.net.is_none() {
            return;
        }
        for (s, &hi) in self.net_sum.iter_mut().zip(&self.net_point[p]) {
            *s -= eval_net::clip(hi);
        }
    }

    /// A line key of the empty point `q` changed from `old` to `new`: its window vector too
    /// when the change is within four cells.
    #[inline]
    fn net_window(&mut self, q: usize, old: u32, new: u32) {
        let Some(net) = self.net else { return };
        let (o, n) = (eval_net::window(old), eval_net::window(new));
        if o == n {
            return;
        }
        let (vo, vn) = (net.code(o), net.code(n));
        let h = &mut self.net_point[q];
        for i in 0..DIM {
            let before = h[i];
            let after = before + i32::from(vn[i]) - i32::from(vo[i]);
            h[i] = after;
            self.net_sum[i] += eval_net::clip(after) - eval_net::clip(before);
        }
    }

    /// The network's logit for the side to move, if the rule has a network.
    #[must_use]
    pub fn net_logit(&self) -> Option<f32> {
        self.net.map(|n| n.logit(&self.net_sum, self.to_move))
    }

    /// The line key of `p` along direction `d`: two bits per neighbour at offsets −5..−1 and
    /// 1..5 (empty, black, white, off the board).
    #[must_use]
    pub fn line_key(&self, p: usize, d: usize) -> u32 {
        self.keys[p][d]
    }

    /// Uses `net` as the evaluation network (none: the evaluation without one), recomputing
    /// the sums.
    pub fn set_net(&mut self, net: Option<&'static Net>) {
        self.net = net;
        self.net_sum = [0; DIM];
        for i in 0..self.points.len() {
            let p = self.points[i];
            if self.cells[p] == EMPTY {
                self.net_enter(p);
            }
        }
    }

    /// The network in use (none: the rule has none, or it was switched off).
    #[must_use]
    pub fn net(&self) -> Option<&'static Net> {
        self.net
    }

    /// The sum of the empty points' clipped window vectors (see [`crate::eval_net`]).
    #[must_use]
    pub fn net_sum(&self) -> &[i32; DIM] {
        &self.net_sum
    }

    /// Recomputes the pattern of the empty point `q` along `d` for both sides, saving the
    /// point's state first when it changes (for [`Board::remove`]).
    #[inline]
    fn refresh(&mut self, q: usize, d: usize) {
        let pair = self.tables.pair_of(self.keys[q][d]);
        if pair[0] == self.pats[0][q][d] && pair[1] == self.pats[1][q][d] {
            return;
        }
        self.saved_points.push(SavedPoint {
            p: q as u16,
            pats: [self.pats[0][q], self.pats[1][q]],
            cidx: [self.cidx[0][q], self.cidx[1][q]],
            class: [self.class[0][q], self.class[1][q]],
            score: [self.score[0][q], self.score[1][q]],
        });
        for (s, &np) in pair.iter().enumerate() {
            let old = self.pats[s][q][d];
            if np != old {
                self.pats[s][q][d] = np;
                let old_ci = usize::from(self.cidx[s][q]);
                let ci = combo_step(self.cidx[s][q], d, old, np);
                self.cidx[s][q] = ci as u16;
                let (t0, t1) = (
                    self.tables.table_value(s, old_ci),
                    self.tables.table_value(s, ci),
                );
                self.table_sum[s][0] += t1[0] - t0[0];
                self.table_sum[s][1] += t1[1] - t0[1];
                let (cl, sc) = self.tables.combo[s][ci];
                let old = self.class[s][q];
                if old != cl {
                    self.class_count[s][usize::from(old)] -= 1;
                    self.class_count[s][usize::from(cl)] += 1;
                    self.class[s][q] = cl;
                }
                self.score_sum[s] += i32::from(sc) - i32::from(self.score[s][q]);
                self.score[s][q] = sc;
            }
        }
    }

    /// Computes everything for the empty point `p` from scratch (initialisation).
    fn refresh_all(&mut self, p: usize) {
        for s in 0..2 {
            for d in 0..4 {
                self.pats[s][p][d] = self.tables.pattern[s][self.keys[p][d] as usize];
            }
            let ci = Tables::combo_index(self.pats[s][p]);
            self.cidx[s][p] = ci as u16;
            let (cl, sc) = self.tables.combo[s][ci];
            self.class[s][p] = cl;
            self.score[s][p] = sc;
            self.class_count[s][usize::from(cl)] += 1;
            self.score_sum[s] += i32::from(sc);
            let t = self.tables.table_value(s, ci);
            self.table_sum[s][0] += t[0];
            self.table_sum[s][1] += t[1];
        }
    }

    /// The stones as a rules-crate board.
    #[must_use]
    pub fn to_rules_board(&self) -> gomoku_rules::Board {
        let mut b = gomoku_rules::Board::new(self.size);
        for &p in &self.points {
            match self.cells[p] {
                BLACK => b.set(self.pos(p), Some(Stone::Black)),
                WHITE => b.set(self.pos(p), Some(Stone::White)),
                _ => {}
            }
        }
        b
    }
}

#[cfg(test)]
#[path = "board_props.rs"]
mod props;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::PATTERN_COUNT;
    use crate::rng::Rng;

    #[test]
    fn fast_forbidden_equals_rules_crate() {
        let mut rng = Rng::new(7);
        let mut checked = 0;
        let mut forbidden = 0;
        for round in 0..400 {
            let size = 15;
            let mut b = Board::new(Rule::Renju, size);
            let stones = 10 + rng.below(50) as usize;
            let span = 5 + (round % 8) as u64;
            let lo = (size as u64 - span) / 2;
            for _ in 0..stones {
                let x = (lo + rng.below(span)) as u8;
                let y = (lo + rng.below(span)) as u8;
                let p = b.index(Pos::new(x, y));
                if b.cell(p) == EMPTY {
                    let side = if rng.below(100) < 62 { 0 } else { 1 };
                    b.set_to_move(side);
                    b.make(p);
                }
            }
            let rb = b.to_rules_board();
            for i in 0..b.points().len() {
                let p = b.points()[i];
                if b.cell(p) != EMPTY {
                    continue;
                }
                let expected = gomoku_rules::forbidden(&rb, b.pos(p)).is_some();
                assert_eq!(b.is_forbidden(p), expected, "at {} on\n{:?}", b.pos(p), rb);
                checked += 1;
                forbidden += usize::from(expected);
            }
        }
        assert!(
            forbidden > 200,
            "only {forbidden} forbidden points in {checked}"
        );
    }

    /// What `threats_after_block` relies on to skip points: an opponent stone never makes a
    /// point that is no threat (open four, four-three) into one — for every rule and side but
    /// renju black. Checked on every line key and every empty cell in it, then on every
    /// combination of four patterns.
    #[test]
    fn an_opponent_stone_makes_no_new_threat() {
        for rule in Rule::ALL {
            let t = Tables::get(rule);
            for side in 0..2usize {
                if rule == Rule::Renju && side == 0 {
                    continue;
                }
                let opp = (side ^ 1) as u32 + 1;
                // reachable[a][b]: some key with pattern a becomes b by an opponent stone.
                let mut reachable = [[false; PATTERN_COUNT]; PATTERN_COUNT];
                for key in 0..1u32 << 20 {
                    let from = t.pattern[side][key as usize];
                    for slot in 0..10 {
                        if key >> (2 * slot) & 3 == 0 {
                            let to = t.pattern[side][(key | opp << (2 * slot)) as usize];
                            reachable[usize::from(from)][usize::from(to)] = true;
                        }
                    }
                }
                for ci in 0..PATTERN_COUNT.pow(4) {
                    if is_threat(t.combo[side][ci].0) {
                        continue;
                    }
                    let n = PATTERN_COUNT;
                    let pats = [ci / (n * n * n), ci / (n * n) % n, ci / n % n, ci % n];
                    for (d, &from) in pats.iter().enumerate() {
                        for to in (0..PATTERN_COUNT).filter(|&to| reachable[from][to]) {
                            let next = combo_step(ci as u16, d, from as u8, to as u8);
                            assert!(
                                !is_threat(t.combo[side][next].0),
                                "{rule:?} side {side}: {pats:?} becomes a threat in direction {d}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn threats_after_block_equals_playing() {
        let mut rng = Rng::new(5);
        let mut changed = 0;
        for rule in Rule::ALL {
            for _ in 0..60 {
                let mut b = Board::new(rule, 15);
                for _ in 0..10 + rng.below(40) {
                    let x = (3 + rng.below(9)) as u8;
                    let y = (3 + rng.below(9)) as u8;
                    let p = b.index(Pos::new(x, y));
                    if b.cell(p) == EMPTY {
                        b.make(p);
                    }
                }
                for side in 0..2 {
                    let before = b.count(side, C_FLEX_FOUR) + b.count(side, C_FOUR_THREE);
                    for i in 0..b.points().len() {
                        let q = b.points()[i];
                        if b.cell(q) != EMPTY {
                            continue;
                        }
                        let fast = b.threats_after_block(side, q);
                        b.set_to_move(side ^ 1);
                        b.make(q);
                        let played = b.count(side, C_FLEX_FOUR) + b.count(side, C_FOUR_THREE);
                        b.unmake();
                        assert_eq!(fast, played);
                        changed += usize::from(played != before);
                    }
                }
            }
        }
        assert!(changed > 100, "only {changed} blocks changed a count");
    }

    #[test]
    fn incremental_state_matches_fresh_board() {
        let mut rng = Rng::new(11);
        for rule in Rule::ALL {
            let mut b = Board::new(rule, 15);
            for _ in 0..60 {
                let p = b.points()[rng.below(225) as usize];
                if b.cell(p) == EMPTY {
                    b.make(p);
                }
            }
            for _ in 0..20 {
                b.unmake();
            }
            let fresh = Board::from_position(rule, &b.to_rules_board(), stone_of(b.to_move()));
            assert_eq!(b.hash(), fresh.hash());
            assert_eq!(b.score_sum, fresh.score_sum);
            assert_eq!(b.table_sum, fresh.table_sum);
            assert_eq!(b.class_count, fresh.class_count);
            for &p in b.points() {
                if b.cell(p) == EMPTY {
                    assert_eq!(b.pats[0][p], fresh.pats[0][p]);
                    assert_eq!(b.class[1][p], fresh.class[1][p]);
                    assert_eq!(b.near[p], fresh.near[p]);
                }
            }
        }
    }
}
