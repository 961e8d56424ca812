//! The evaluation network: a small trained network over the line windows of the empty points,
//! added to the weighted features and tables of [`crate::eval`] as a correction.
//!
//! For every empty point and each of the four directions, the nine cells of the line centred
//! on the point (the point itself excluded: eight cells, each empty, black, white or off the
//! board) form a window code; each code has a learned vector of [`DIM`] values (a code and its
//! mirror image share one). A point's vector is the sum of its four windows' vectors, clipped
//! to 0..1 (so the four directions of one point interact: a three crossing a two is not the
//! sum of the two); the board's vector is the sum over the empty points. A hidden layer of
//! [`HIDDEN`] rectified units over that sum and one output per side to move give a logit that
//! is added to the rest of the evaluation (in its units: × the weight file's logistic scale).
//!
//! The board keeps the sum up to date as stones come and go (only the points within four cells
//! of a changed cell along its lines change, in integers, so undoing a move restores it
//! exactly); the network itself is evaluated at the leaves. The weights are fitted by
//! `pbrain-gomoku fit-net` ([`crate::train::net`]) on game results, with the rest of the
//! evaluation fixed, and stored per rule in `data/eval_net_<rule>.bin` (embedded; an empty
//! file means no network for that rule).

use gomoku_rules::Rule;
use std::sync::OnceLock;

/// Values per window code and per point.
pub const DIM: usize = 16;
/// Hidden units.
pub const HIDDEN: usize = 32;
/// Window codes: eight cells of two bits.
pub const CODES: usize = 1 << 16;
/// Fixed-point scale of the window vectors: a point's clipped value 1.0 is `ONE`.
pub const ONE: i32 = 1024;
/// The board's summed vector is divided by this before the hidden layer.
pub const POOL: f32 = 32.0;

const MAGIC: &[u8; 4] = b"GNET";
const FORMAT: u32 = 1;

/// The window code of a point along a direction, from the board's line key of that point
/// (two bits per neighbour at offsets −5..−1, 1..5; see [`crate::board`]): the offsets
/// −4..4.
#[inline]
#[must_use]
pub fn window(key: u32) -> usize {
    ((key >> 2) & 0xFFFF) as usize
}

/// A code read from the other end of the line.
#[must_use]
pub fn mirror(code: usize) -> usize {
    let mut m = 0;
    for i in 0..8 {
        m |= ((code >> (2 * i)) & 3) << (2 * (7 - i));
    }
    m
}

/// The shared-row numbering of window codes: a code and its mirror image have one row.
pub struct Rows {
    /// Row of every code.
    pub of: Vec<u16>,
    /// Number of rows.
    pub count: usize,
}

impl Rows {
    #[must_use]
    pub fn get() -> &'static Rows {
        static ROWS: OnceLock<Rows> = OnceLock::new();
        ROWS.get_or_init(|| {
            let mut of = vec![u16::MAX; CODES];
            let mut count = 0;
            for c in 0..CODES {
                let m = mirror(c);
                if m < c {
                    of[c] = of[m];
                } else {
                    of[c] = count as u16;
                    count += 1;
                }
            }
            Rows { of, count }
        })
    }
}

/// The weights of one rule's network.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// Version of the fit (from the file).
    pub version: u32,
    /// Logistic scale: the output logit × `scale` is in evaluation units.
    pub scale: f32,
    /// Window vectors per row, fixed point ([`ONE`] = 1.0).
    pub rows: Vec<[i16; DIM]>,
    pub w1: [[f32; DIM]; HIDDEN],
    pub b1: [f32; HIDDEN],
    /// Output weights and bias per side to move (0 = black).
    pub w2: [[f32; HIDDEN]; 2],
    pub b2: [f32; 2],
    /// Window vectors per code (the rows spread out for the board's lookups).
    codes: Vec<[i16; DIM]>,
}

/// The clipped value of a point's summed vector component.
#[inline]
#[must_use]
pub fn clip(h: i32) -> i32 {
    h.clamp(0, ONE)
}

impl Net {
    /// A network from its parts (`rows` per [`Rows`] numbering).
    #[must_use]
    pub fn new(
        version: u32,
        scale: f32,
        rows: Vec<[i16; DIM]>,
        w1: [[f32; DIM]; HIDDEN],
        b1: [f32; HIDDEN],
        w2: [[f32; HIDDEN]; 2],
        b2: [f32; 2],
    ) -> Net {
        let r = Rows::get();
        let codes = r.of.iter().map(|&i| rows[usize::from(i)]).collect();
        Net {
            version,
            scale,
            rows,
            w1,
            b1,
            w2,
            b2,
            codes,
        }
    }

    /// The vector of a window code.
    #[inline]
    #[must_use]
    pub fn code(&self, code: usize) -> &[i16; DIM] {
        &self.codes[code]
    }

    /// The logit for `side` to move (0 = black) of a board whose summed clipped vectors are
    /// `sum` (fixed point).
    #[must_use]
    pub fn logit(&self, sum: &[i32; DIM], side: usize) -> f32 {
        let mut x = [0.0f32; DIM];
        for (xi, &s) in x.iter_mut().zip(sum) {
            *xi = s as f32 / (ONE as f32 * POOL);
        }
        let mut out = self.b2[side];
        for j in 0..HIDDEN {
            let mut a = self.b1[j];
            for (w, xi) in self.w1[j].iter().zip(&x) {
                a += w * xi;
            }
            if a > 0.0 {
                out += self.w2[side][j] * a;
            }
        }
        out
    }

    /// The binary file format: `GNET`, format, version, scale, dimensions, the rows (i16
    /// little-endian), then the dense weights (f32 little-endian).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        for v in [
            FORMAT,
            self.version,
            DIM as u32,
            HIDDEN as u32,
            self.rows.len() as u32,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.scale.to_le_bytes());
        for r in &self.rows {
            for v in r {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        let mut f = |v: f32| out.extend_from_slice(&v.to_le_bytes());
        self.w1.iter().flatten().for_each(|&v| f(v));
        self.b1.iter().for_each(|&v| f(v));
        self.w2.iter().flatten().for_each(|&v| f(v));
        self.b2.iter().for_each(|&v| f(v));
        out
    }

    /// Reads [`Net::to_bytes`]; every size and value is checked.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, String> {
        let mut at = 0usize;
        let mut take = |n: usize| -> Result<&[u8], String> {
            let s = bytes
                .get(at..at + n)
                .ok_or_else(|| format!("the file ends at byte {} (expected more)", bytes.len()))?;
            at += n;
            Ok(s)
        };
        if take(4)? != MAGIC {
            return Err("not a network file (no GNET header)".into());
        }
        let mut u32s = [0u32; 5];
        for v in &mut u32s {
            *v = u32::from_le_bytes(take(4)?.try_into().unwrap_or_default());
        }
        let [format, version, dim, hidden, rows] = u32s;
        if format != FORMAT {
            return Err(format!(
                "network format {format} (this engine reads {FORMAT})"
            ));
        }
        let count = Rows::get().count;
        if dim as usize != DIM || hidden as usize != HIDDEN || rows as usize != count {
            return Err(format!(
                "network of {dim} × {hidden} with {rows} rows (this engine has {DIM} × {HIDDEN} and {count})"
            ));
        }
        let scale = f32::from_le_bytes(take(4)?.try_into().unwrap_or_default());
        if !(scale.is_finite() && scale > 0.0) {
            return Err(format!("bad scale {scale}"));
        }
        let mut table = vec![[0i16; DIM]; count];
        for r in &mut table {
            for v in r.iter_mut() {
                *v = i16::from_le_bytes(take(2)?.try_into().unwrap_or_default());
            }
        }
        let mut float = || -> Result<f32, String> {
            let v = f32::from_le_bytes(take(4)?.try_into().unwrap_or_default());
            if v.is_finite() {
                Ok(v)
            } else {
                Err("a weight is not a finite number".into())
            }
        };
        let mut w1 = [[0.0; DIM]; HIDDEN];
        for v in w1.iter_mut().flatten() {
            *v = float()?;
        }
        let mut b1 = [0.0; HIDDEN];
        for v in &mut b1 {
            *v = float()?;
        }
        let mut w2 = [[0.0; HIDDEN]; 2];
        for v in w2.iter_mut().flatten() {
            *v = float()?;
        }
        let b2 = [float()?, float()?];
        if at != bytes.len() {
            return Err(format!("{} bytes after the network", bytes.len() - at));
        }
        Ok(Net::new(version, scale, table, w1, b1, w2, b2))
    }
}

/// Which network an engine evaluates with.
#[derive(Clone, Copy, Debug, Default)]
pub enum NetChoice {
    /// The embedded network of the rule, if it has one.
    #[default]
    Embedded,
    /// No network: the evaluation without it.
    Off,
    /// This network (read from a file, e.g. to measure a fit before embedding it).
    Net(&'static Net),
}

impl NetChoice {
    /// The network for `rule`.
    #[must_use]
    pub fn resolve(self, rule: Rule) -> Option<&'static Net> {
        match self {
            NetChoice::Embedded => net(rule),
            NetChoice::Off => None,
            NetChoice::Net(n) => Some(n),
        }
    }
}

/// The embedded network files, per rule (empty: no network).
pub const EMBEDDED: [&[u8]; 3] = [
    include_bytes!("../data/eval_net_freestyle.bin"),
    include_bytes!("../data/eval_net_standard.bin"),
    include_bytes!("../data/eval_net_renju.bin"),
];

/// The file name of a rule's network.
#[must_use]
pub fn file_name(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "eval_net_freestyle.bin",
        Rule::Standard => "eval_net_standard.bin",
        Rule::Renju => "eval_net_renju.bin",
    }
}

fn rule_index(rule: Rule) -> usize {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 2,
    }
}

/// The network in use for `rule`, if its embedded file is not empty (a unit test checks that
/// every embedded file reads).
#[must_use]
pub fn net(rule: Rule) -> Option<&'static Net> {
    static NETS: OnceLock<[Option<Net>; 3]> = OnceLock::new();
    NETS.get_or_init(|| {
        EMBEDDED.map(|bytes| {
            if bytes.is_empty() {
                None
            } else {
                Net::from_bytes(bytes).ok()
            }
        })
    })[rule_index(rule)]
    .as_ref()
}

/// A network with arbitrary weights, for tests of the board's sums.
#[cfg(test)]
pub(crate) fn sample() -> &'static Net {
    static NET: OnceLock<Net> = OnceLock::new();
    NET.get_or_init(tests::sample_net)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn sample_net() -> Net {
        let count = Rows::get().count;
        let rows = (0..count)
            .map(|i| std::array::from_fn(|k| ((i * 7 + k * 13) % 600) as i16 - 200))
            .collect();
        let w1 = std::array::from_fn(|j| std::array::from_fn(|i| ((i + j) % 5) as f32 * 0.1 - 0.2));
        Net::new(
            2,
            900.0,
            rows,
            w1,
            [0.05; HIDDEN],
            [[0.3; HIDDEN], [-0.2; HIDDEN]],
            [0.1, -0.1],
        )
    }

    #[test]
    fn embedded_networks_read() {
        for (bytes, name) in EMBEDDED.iter().zip(["freestyle", "standard", "renju"]) {
            if !bytes.is_empty() {
                Net::from_bytes(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            }
        }
    }

    #[test]
    fn a_code_and_its_mirror_share_a_row() {
        let r = Rows::get();
        assert_eq!(mirror(mirror(0x1234)), 0x1234);
        // Black at offset −4 only, and black at offset +4 only.
        let left = 1;
        let right = 1 << 14;
        assert_eq!(mirror(left), right);
        assert_eq!(r.of[left], r.of[right]);
        assert_ne!(r.of[left], r.of[1 << 12]);
        assert!(r.count > CODES / 2 && r.count < CODES);
    }

    #[test]
    fn network_files_round_trip_and_bad_files_are_errors() {
        let net = sample_net();
        let bytes = net.to_bytes();
        assert_eq!(Net::from_bytes(&bytes).expect("round trip"), net);
        assert!(Net::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(Net::from_bytes(&[bytes.as_slice(), &[0]].concat()).is_err());
        assert!(Net::from_bytes(b"GNEX").is_err());
        assert!(Net::from_bytes(&[]).is_err());
        let mut bad = bytes.clone();
        bad[8..12].copy_from_slice(&7u32.to_le_bytes());
        assert!(Net::from_bytes(&bad).is_ok(), "the version is any number");
        bad[12..16].copy_from_slice(&8u32.to_le_bytes());
        assert!(Net::from_bytes(&bad).is_err(), "wrong dimension");
        let mut nan = bytes.clone();
        let n = nan.len();
        nan[n - 4..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(Net::from_bytes(&nan).is_err());
    }
}
