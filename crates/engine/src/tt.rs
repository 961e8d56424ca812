//! Transposition table shared by the search threads: one entry per slot, replaced when the
//! new search is deeper or the old entry is from an earlier search.
//!
//! An entry is two atomic words, `key ^ data` and `data` (the "lockless hashing" scheme): a
//! reader accepts the data only when the two words still give back the key, so an entry torn
//! by two threads writing at once reads as a miss instead of as wrong data. Relaxed ordering is
//! enough (a miss or an older entry is always acceptable), and no lock or unsafe code is needed.

use std::sync::atomic::{AtomicU64, Ordering};

/// Bound kinds.
pub const EXACT: u8 = 0;
pub const LOWER: u8 = 1;
pub const UPPER: u8 = 2;

#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: u64,
    pub value: i16,
    pub depth: i8,
    pub bound: u8,
    pub mv: u16,
    pub age: u8,
}

impl Entry {
    /// value 0..16, depth 16..24, bound 24..26, move 26..38, age 40..48.
    fn pack(self) -> u64 {
        u64::from(self.value as u16)
            | u64::from(self.depth as u8) << 16
            | u64::from(self.bound & 3) << 24
            | u64::from(self.mv & 0xFFF) << 26
            | u64::from(self.age) << 40
    }

    fn unpack(key: u64, data: u64) -> Entry {
        Entry {
            key,
            value: data as u16 as i16,
            depth: (data >> 16) as u8 as i8,
            bound: ((data >> 24) & 3) as u8,
            mv: ((data >> 26) & 0xFFF) as u16,
            age: (data >> 40) as u8,
        }
    }
}

pub struct Tt {
    /// `[key ^ data, data]` per slot.
    entries: Vec<[AtomicU64; 2]>,
    mask: usize,
    age: u8,
}

impl Tt {
    /// A table using at most `megabytes` MiB (rounded down to a power of two entries).
    #[must_use]
    pub fn new(megabytes: usize) -> Tt {
        let bytes = megabytes.clamp(1, 4096) << 20;
        let slot = size_of::<[AtomicU64; 2]>();
        let mut n = 1usize;
        while n * 2 * slot <= bytes {
            n *= 2;
        }
        let entries: Vec<[AtomicU64; 2]> = (0..n)
            .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
            .collect();
        // The zeroed allocation is usually mapped lazily: without this, the first write to
        // each page during the search takes a page fault, which with several search threads
        // also stops the other cores to flush their address translations.
        for e in &entries {
            e[1].store(0, Ordering::Relaxed);
        }
        Tt {
            entries,
            mask: n - 1,
            age: 0,
        }
    }

    pub fn clear(&mut self) {
        for e in &mut self.entries {
            *e[0].get_mut() = 0;
            *e[1].get_mut() = 0;
        }
    }

    /// Marks the start of a new search (older entries become replaceable).
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    fn read(&self, key: u64) -> Entry {
        let slot = &self.entries[key as usize & self.mask];
        let data = slot[1].load(Ordering::Relaxed);
        let check = slot[0].load(Ordering::Relaxed);
        Entry::unpack(check ^ data, data)
    }

    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.read(key);
        (e.key == key && key != 0).then_some(e)
    }

    pub fn store(&self, key: u64, value: i32, depth: i32, bound: u8, mv: Option<usize>) {
        let old = self.read(key);
        if old.key == key || old.age != self.age || i32::from(old.depth) <= depth {
            let keep_move = if old.key == key { old.mv } else { 0 };
            let data = Entry {
                key,
                value: value.clamp(-32000, 32000) as i16,
                depth: depth.clamp(-100, 100) as i8,
                bound,
                mv: mv.map_or(keep_move, |m| m as u16),
                age: self.age,
            }
            .pack();
            let slot = &self.entries[key as usize & self.mask];
            slot[0].store(key ^ data, Ordering::Relaxed);
            slot[1].store(data, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_other_keys_miss() {
        let tt = Tt::new(1);
        let key = 0x1234_5678_9ABC_DEF1;
        tt.store(key, -29_950, 37, UPPER, Some(1023));
        let e = tt.probe(key).expect("stored");
        assert_eq!(
            (e.value, e.depth, e.bound, e.mv),
            (-29_950, 37, UPPER, 1023)
        );
        assert!(tt.probe(key ^ 1 << 40).is_none());
        // Same slot, another key: a deeper entry of this search is kept.
        let other = key ^ 1 << 60;
        tt.store(other, 5, 3, EXACT, None);
        assert!(tt.probe(other).is_none() && tt.probe(key).is_some());
    }

    #[test]
    fn threads_writing_at_once_never_give_wrong_data() {
        // Each thread stores entries whose value is derived from the key; a reader must never
        // see a value that does not belong to the key it asked for.
        let tt = Tt::new(1);
        std::thread::scope(|s| {
            for t in 0..2u64 {
                let tt = &tt;
                s.spawn(move || {
                    for i in 0..200_000u64 {
                        let key = (i % 5000).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1 << 63;
                        let value = (key % 20_000) as i32;
                        tt.store(key, value, (t + i % 7) as i32, EXACT, None);
                        if let Some(e) = tt.probe(key) {
                            assert_eq!(i32::from(e.value), value);
                        }
                    }
                });
            }
        });
    }
}
