//! Fitting the evaluation network ([`crate::eval_net`]) to game results: the quiet positions of
//! self-play games (as for the feature weights), each with the rest of the evaluation fixed as
//! a starting logit, the network's output added to it, and the cross-entropy against the
//! game's result minimised by minibatch Adam over shuffled positions, on two threads. The
//! output layer starts at zero, so the untrained network is exactly the evaluation without it;
//! every 10th game is held out, and the fit keeps the epoch with the lowest held-out loss.

use super::{GameData, Labels, for_each_quiet, sigmoid};
use crate::board::Board;
use crate::eval::base_evaluate;
use crate::eval_net::{DIM, HIDDEN, Net, ONE, POOL, Rows, window};
use crate::rng::Rng;
use gomoku_rules::Rule;

/// The positions of a fit, packed: for position `i`, its starting logit, side to move, label
/// and, for each of its empty points, the rows of its four windows
/// (`rows[start[i]..start[i + 1]]`).
#[derive(Clone, Default)]
pub struct NetData {
    pub base: Vec<f32>,
    pub side: Vec<u8>,
    pub y: Vec<f32>,
    /// The game's result for the side to move (the same as `y` when labelled by results).
    pub result: Vec<f32>,
    pub start: Vec<usize>,
    pub rows: Vec<u16>,
}

impl NetData {
    #[must_use]
    pub fn len(&self) -> usize {
        self.base.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.base.is_empty()
    }

    fn push(&mut self, b: &Board, scale: f32, y: f32, result: f32) {
        if self.start.is_empty() {
            self.start.push(0);
        }
        let r = Rows::get();
        self.base.push(base_evaluate(b) as f32 / scale);
        self.side.push(b.to_move() as u8);
        self.y.push(y);
        self.result.push(result);
        for &p in b.points() {
            if b.cell(p) == crate::board::EMPTY {
                for d in 0..4 {
                    self.rows.push(r.of[window(b.line_key(p, d))]);
                }
            }
        }
        self.start.push(self.rows.len());
    }

    /// Appends the positions of `other`.
    fn append(&mut self, other: NetData) {
        if self.start.is_empty() {
            self.start.push(0);
        }
        let off = self.rows.len();
        self.base.extend(other.base);
        self.side.extend(other.side);
        self.y.extend(other.y);
        self.result.extend(other.result);
        self.start
            .extend(other.start.iter().skip(1).map(|s| s + off));
        self.rows.extend(other.rows);
    }

    /// Labels every position with its game's result instead.
    pub fn relabel_by_result(&mut self) {
        self.y.clone_from(&self.result);
    }

    fn cells(&self, i: usize) -> &[u16] {
        &self.rows[self.start[i]..self.start[i + 1]]
    }
}

/// The quiet positions of `games` under `rule` after their openings, labelled as `labels`
/// says (the game's result for the side to move, or blended with a search's chance; the
/// searches run on two threads), with the evaluation without a network (at logistic scale
/// `scale`) as their starting logit.
#[must_use]
pub fn net_samples(games: &[GameData], rule: Rule, scale: f32, labels: Labels) -> NetData {
    let one = |games: &[GameData]| {
        let mut out = NetData::default();
        let mut tt = None;
        let stop = std::sync::atomic::AtomicBool::new(false);
        for_each_quiet(games, rule, |b, y| {
            let label = labels.label(b, y, &mut tt, &stop);
            out.push(b, scale, label, y);
        });
        out
    };
    if labels.search_nodes == 0 || games.len() < 2 {
        return one(games);
    }
    let (a, b) = games.split_at(games.len() / 2);
    let (mut da, db) = std::thread::scope(|sc| {
        let h = sc.spawn(|| one(a));
        let db = one(b);
        let da = match h.join() {
            Ok(d) => d,
            Err(e) => std::panic::resume_unwind(e),
        };
        (da, db)
    });
    da.append(db);
    da
}

/// The network's parameters as one vector: the window rows, then the hidden layer's weights
/// and biases, then the two outputs' weights and biases.
struct Layout {
    rows: usize,
}

impl Layout {
    fn w1(&self) -> usize {
        self.rows * DIM
    }
    fn b1(&self) -> usize {
        self.w1() + HIDDEN * DIM
    }
    fn w2(&self) -> usize {
        self.b1() + HIDDEN
    }
    fn b2(&self) -> usize {
        self.w2() + 2 * HIDDEN
    }
    fn len(&self) -> usize {
        self.b2() + 2
    }
}

/// A point's summed window vector (before clipping) from the rows of its four windows.
fn point_sum(t: &[f32], rows: &[u16]) -> [f32; DIM] {
    let mut h = [0.0f32; DIM];
    for &r in rows {
        let row = &t[usize::from(r) * DIM..][..DIM];
        for k in 0..DIM {
            h[k] += row[k];
        }
    }
    h
}

/// The loss of one position and, with `grad`, its gradient added to `grad`.
fn position(t: &[f32], l: &Layout, d: &NetData, i: usize, grad: Option<&mut [f32]>) -> f64 {
    let cells = d.cells(i);
    let mut sum = [0.0f32; DIM];
    for c in cells.chunks_exact(4) {
        let h = point_sum(t, c);
        for k in 0..DIM {
            sum[k] += h[k].clamp(0.0, 1.0);
        }
    }
    let x: [f32; DIM] = std::array::from_fn(|k| sum[k] / POOL);
    let side = usize::from(d.side[i]);
    let mut hid = [0.0f32; HIDDEN];
    let mut out = t[l.b2() + side];
    for j in 0..HIDDEN {
        let w = &t[l.w1() + j * DIM..][..DIM];
        let mut a = t[l.b1() + j];
        for k in 0..DIM {
            a += w[k] * x[k];
        }
        hid[j] = a.max(0.0);
        out += t[l.w2() + side * HIDDEN + j] * hid[j];
    }
    let p = sigmoid(f64::from(d.base[i] + out));
    let loss = log_loss(p, d.y[i]);
    let Some(grad) = grad else { return loss };
    let g = (p.clamp(1e-9, 1.0 - 1e-9) - f64::from(d.y[i])) as f32;
    grad[l.b2() + side] += g;
    let mut dx = [0.0f32; DIM];
    for j in 0..HIDDEN {
        grad[l.w2() + side * HIDDEN + j] += g * hid[j];
        if hid[j] > 0.0 {
            let dh = g * t[l.w2() + side * HIDDEN + j];
            grad[l.b1() + j] += dh;
            for k in 0..DIM {
                grad[l.w1() + j * DIM + k] += dh * x[k];
                dx[k] += dh * t[l.w1() + j * DIM + k];
            }
        }
    }
    let dsum: [f32; DIM] = std::array::from_fn(|k| dx[k] / POOL);
    for c in cells.chunks_exact(4) {
        let h = point_sum(t, c);
        let dh: [f32; DIM] = std::array::from_fn(|k| {
            // A point at exactly 0 counts as inside the range, so that rows starting at 0
            // (and points that only rows never seen make up) still learn.
            if h[k] >= 0.0 && h[k] < 1.0 {
                dsum[k]
            } else {
                0.0
            }
        });
        for &r in c {
            let row = &mut grad[usize::from(r) * DIM..][..DIM];
            for k in 0..DIM {
                row[k] += dh[k];
            }
        }
    }
    loss
}

/// Mean loss over `d` (two threads).
fn mean_loss(t: &[f32], l: &Layout, d: &NetData) -> f64 {
    if d.is_empty() {
        return 0.0;
    }
    let n = d.len();
    let half = n / 2;
    let (a, b) = std::thread::scope(|s| {
        let h = s.spawn(|| (0..half).map(|i| position(t, l, d, i, None)).sum::<f64>());
        let b: f64 = (half..n).map(|i| position(t, l, d, i, None)).sum();
        (h.join().unwrap_or(f64::NAN), b)
    });
    (a + b) / n as f64
}

/// Settings of a network fit.
#[derive(Clone, Copy, Debug)]
pub struct NetFit {
    pub epochs: usize,
    pub batch: usize,
    /// Adam's step size at the start (it falls linearly to a tenth by the last epoch).
    pub rate: f32,
    /// L2 pull of every weight towards 0, per step (decoupled weight decay × rate).
    pub decay: f32,
    pub seed: u64,
}

/// One epoch's losses.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    pub epoch: usize,
    pub train: f64,
    pub held: f64,
}

/// The untrained network: window rows at 0, random hidden weights, zero outputs (the network
/// adds nothing yet).
fn initial(l: &Layout, seed: u64) -> Vec<f32> {
    let mut rng = Rng::new(seed);
    let mut uniform =
        |lo: f32, hi: f32| lo + (hi - lo) * (rng.below(1 << 20) as f32 / (1 << 20) as f32);
    let mut t = vec![0.0f32; l.len()];
    // Window rows start at 0: a row that few positions use stays near 0, as unseen rows are.
    let r = 1.0 / (DIM as f32).sqrt();
    for v in &mut t[l.w1()..l.b1()] {
        *v = uniform(-r, r);
    }
    for v in &mut t[l.b1()..l.w2()] {
        *v = 0.1;
    }
    t
}

/// Fits a network to `train` (`held` measures it after every epoch; the best epoch is kept)
/// and returns it with the loss before (no network), the losses per epoch and the training
/// positions' count per row (rows no training position uses are set to 0).
pub fn fit_net(
    train: &NetData,
    held: &NetData,
    scale: f32,
    version: u32,
    s: NetFit,
    mut report: impl FnMut(EpochReport),
) -> (Net, [f64; 2]) {
    let l = Layout {
        rows: Rows::get().count,
    };
    let mut t = initial(&l, s.seed);
    let before = [mean_loss(&t, &l, train), mean_loss(&t, &l, held)];
    let mut used = vec![false; l.rows];
    for &r in &train.rows {
        used[usize::from(r)] = true;
    }
    let (mut m, mut v) = (vec![0.0f32; l.len()], vec![0.0f32; l.len()]);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = Rng::new(s.seed ^ 0x9e37_79b9);
    let (mut best, mut best_held) = (t.clone(), before[1]);
    let mut step = 0i32;
    let batch = s.batch.max(2);
    let (mut g0, mut g1) = (vec![0.0f32; l.len()], vec![0.0f32; l.len()]);
    for epoch in 1..=s.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let frac = if s.epochs > 1 {
            (epoch - 1) as f32 / (s.epochs - 1) as f32
        } else {
            0.0
        };
        let rate = s.rate * (1.0 - 0.9 * frac);
        let mut train_loss = 0.0;
        for chunk in order.chunks(batch) {
            g0.iter_mut().for_each(|g| *g = 0.0);
            g1.iter_mut().for_each(|g| *g = 0.0);
            let (a, b) = chunk.split_at(chunk.len() / 2);
            let tt = &t;
            let (la, lb) = std::thread::scope(|sc| {
                let h = sc.spawn(|| {
                    a.iter()
                        .map(|&i| position(tt, &l, train, i, Some(&mut g0)))
                        .sum::<f64>()
                });
                let lb: f64 = b
                    .iter()
                    .map(|&i| position(tt, &l, train, i, Some(&mut g1)))
                    .sum();
                (h.join().unwrap_or(f64::NAN), lb)
            });
            train_loss += la + lb;
            step += 1;
            let (b1, b2) = (0.9f32, 0.999f32);
            let (c1, c2) = (1.0 - b1.powi(step), 1.0 - b2.powi(step));
            let n = chunk.len() as f32;
            for i in 0..t.len() {
                let g = (g0[i] + g1[i]) / n;
                m[i] = b1 * m[i] + (1.0 - b1) * g;
                v[i] = b2 * v[i] + (1.0 - b2) * g * g;
                t[i] -= rate * ((m[i] / c1) / ((v[i] / c2).sqrt() + 1e-8) + s.decay * t[i]);
            }
        }
        let held_loss = mean_loss(&t, &l, held);
        report(EpochReport {
            epoch,
            train: train_loss / train.len().max(1) as f64,
            held: held_loss,
        });
        if held_loss < best_held || held.is_empty() {
            best_held = held_loss;
            best.clone_from(&t);
        }
    }
    for (r, u) in used.iter().enumerate() {
        if !u {
            best[r * DIM..][..DIM].iter_mut().for_each(|x| *x = 0.0);
        }
    }
    (to_net(&best, &l, scale, version), before)
}

/// The fixed-point network of parameters `t`.
fn to_net(t: &[f32], l: &Layout, scale: f32, version: u32) -> Net {
    let rows = (0..l.rows)
        .map(|r| {
            std::array::from_fn(|k| {
                (t[r * DIM + k] * ONE as f32)
                    .round()
                    .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
            })
        })
        .collect();
    let w1 = std::array::from_fn(|j| std::array::from_fn(|k| t[l.w1() + j * DIM + k]));
    let b1 = std::array::from_fn(|j| t[l.b1() + j]);
    let w2 = std::array::from_fn(|s| std::array::from_fn(|j| t[l.w2() + s * HIDDEN + j]));
    let b2 = [t[l.b2()], t[l.b2() + 1]];
    Net::new(version, scale, rows, w1, b1, w2, b2)
}

/// The mean loss of a fixed-point network on `d` (what the engine will see).
#[must_use]
pub fn net_loss(net: &Net, d: &NetData) -> f64 {
    if d.is_empty() {
        return 0.0;
    }
    let mut sum = 0.0;
    for i in 0..d.len() {
        let mut acc = [0i32; DIM];
        for c in d.cells(i).chunks_exact(4) {
            let mut h = [0i32; DIM];
            for &r in c {
                for (hk, &v) in h.iter_mut().zip(&net.rows[usize::from(r)]) {
                    *hk += i32::from(v);
                }
            }
            for k in 0..DIM {
                acc[k] += crate::eval_net::clip(h[k]);
            }
        }
        let z = f64::from(d.base[i] + net.logit(&acc, usize::from(d.side[i])));
        sum += log_loss(sigmoid(z), d.y[i]);
    }
    sum / d.len() as f64
}

/// The mean loss on `d` of the evaluation without a network.
#[must_use]
pub fn base_loss(d: &NetData) -> f64 {
    if d.is_empty() {
        return 0.0;
    }
    let sum: f64 = (0..d.len())
        .map(|i| log_loss(sigmoid(f64::from(d.base[i])), d.y[i]))
        .sum();
    sum / d.len() as f64
}

/// Cross-entropy of the chance `p` against the label `y`.
fn log_loss(p: f64, y: f32) -> f64 {
    let p = p.clamp(1e-9, 1.0 - 1e-9);
    let y = f64::from(y);
    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::openings_15;
    use crate::train::self_play;

    /// Four fast freestyle self-play games from the first embedded openings.
    fn games(nodes: u64, seed: u64) -> Vec<GameData> {
        openings_15()
            .iter()
            .take(4)
            .enumerate()
            .map(|(i, o)| {
                self_play(Rule::Freestyle, o, nodes, seed + i as u64).expect("legal opening")
            })
            .collect()
    }

    /// A short fit on a few fast self-play games lowers the training loss; the written file
    /// reads back; and a board using the fitted network gives each training position the
    /// logit the fit measured (the incremental sums match the fit's from-scratch ones).
    #[test]
    fn tiny_network_fit_lowers_the_loss_and_the_board_agrees() {
        let rule = Rule::Freestyle;
        let games = games(400, 0);
        let scale = crate::eval::weight_set().scale;
        let data = net_samples(&games, rule, scale, Labels::RESULT);
        assert!(data.len() > 20, "only {} positions", data.len());
        let settings = NetFit {
            epochs: 20,
            batch: 16,
            rate: 0.01,
            decay: 0.0,
            seed: 1,
        };
        let (net, before) = fit_net(&data, &NetData::default(), scale, 1, settings, |_| {});
        let after = net_loss(&net, &data);
        assert!(after < before[0], "loss {} -> {after}", before[0]);
        let net = Net::from_bytes(&net.to_bytes()).expect("round trip");
        let net: &'static Net = Box::leak(Box::new(net));
        // Replay the first game and compare the board's logit with the fit's at every quiet
        // position (the same order as `net_samples`).
        let mut i = 0;
        for_each_quiet(&games[..1], rule, |b, _| {
            let mut b = b.clone();
            b.set_net(Some(net));
            let mut one = NetData::default();
            one.push(&b, scale, 1.0, 1.0);
            assert_eq!(one.cells(0), data.cells(i), "position {i}");
            let logit = b.net_logit().expect("network in use");
            let base = base_evaluate(&b);
            let full = crate::eval::evaluate(&b);
            assert!(
                (full - base - (logit * scale).round() as i32).abs() <= 1,
                "position {i}: {full} = {base} + {logit} × {scale}"
            );
            i += 1;
        });
        assert!(i > 0);
    }

    /// Labels blended with a search keep the positions (in the same order, also when the
    /// searches run on two threads) and their results, and move each label towards the
    /// search's chance by at most the search's share.
    #[test]
    fn search_labels_keep_the_positions_and_blend_the_results() {
        let rule = Rule::Freestyle;
        let games = games(300, 10);
        let scale = crate::eval::weight_set().scale;
        let by_result = net_samples(&games, rule, scale, Labels::RESULT);
        let labels = Labels {
            search_nodes: 300,
            blend: 0.5,
            scale,
        };
        let searched = net_samples(&games, rule, scale, labels);
        assert_eq!(searched.len(), by_result.len());
        assert_eq!(searched.rows, by_result.rows);
        assert_eq!(searched.start, by_result.start);
        assert_eq!(searched.base, by_result.base);
        assert_eq!(searched.result, by_result.y);
        let mut relabelled = searched.clone();
        relabelled.relabel_by_result();
        assert_eq!(relabelled.y, by_result.y);
        for (&y, &r) in searched.y.iter().zip(&searched.result) {
            assert!(
                (0.0..=1.0).contains(&y) && (y - r).abs() <= 0.5 + 1e-6,
                "{y} from {r}"
            );
        }
        assert!(searched.y.iter().zip(&by_result.y).any(|(a, b)| a != b));
    }
}
