//! 猜先 (nigiri): a fair random choice of the first player, shown to both players. One player
//! (the one listed first in New game) takes a handful of stones, the other guesses odd or
//! even; a right guess makes the guesser the first player. The randomness comes from a seed
//! the caller supplies (from the clock, the operating system, or the network peer), so the
//! draw is reproducible and the rules need no random-number dependency.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The outcome of a nigiri.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Nigiri {
    /// Stones in the hand (1..=20).
    pub stones: u8,
    /// The guess: odd (`true`) or even.
    pub guessed_odd: bool,
}

/// SplitMix64: a small, well-mixed bijection of the seed (public domain, Vigna).
fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Nigiri {
    /// The draw for `seed`: the same seed always gives the same draw.
    #[must_use]
    pub fn from_seed(seed: u64) -> Nigiri {
        let r = mix(seed);
        Nigiri {
            stones: (r % 20) as u8 + 1,
            guessed_odd: (r >> 32) & 1 == 1,
        }
    }

    /// Whether the guess was right.
    #[must_use]
    pub fn guessed_right(&self) -> bool {
        (self.stones % 2 == 1) == self.guessed_odd
    }

    /// Whether the players trade places: the player listed second (the guesser) becomes the
    /// first player. Otherwise the player listed first (the holder) starts.
    #[must_use]
    pub fn swaps_players(&self) -> bool {
        self.guessed_right()
    }
}

impl fmt::Display for Nigiri {
    /// `7 stones, guessed even: wrong, the holder goes first`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let guess = if self.guessed_odd { "odd" } else { "even" };
        let (verdict, first) = if self.guessed_right() {
            ("right", "the guesser")
        } else {
            ("wrong", "the holder")
        };
        write!(
            f,
            "{} stones, guessed {guess}: {verdict}, {first} goes first",
            self.stones
        )
    }
}
