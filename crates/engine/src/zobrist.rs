//! Zobrist keys, generated at compile time from a fixed seed (hashes are reproducible).

use crate::board::CELLS;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn generate() -> [[u64; CELLS]; 2] {
    let mut out = [[0u64; CELLS]; 2];
    let mut state = 0x5EED_0F60_u64;
    let mut s = 0;
    while s < 2 {
        let mut i = 0;
        while i < CELLS {
            let (next, value) = splitmix(state);
            state = next;
            out[s][i] = value;
            i += 1;
        }
        s += 1;
    }
    out
}

/// `STONE[side][index]`: key of a stone of `side` (0 black, 1 white) at a board index.
pub static STONE: [[u64; CELLS]; 2] = generate();

/// Key xored in when white is to move.
pub const SIDE: u64 = 0x7A3C_51D2_98E4_B60F;
