//! Transposition table: one entry per slot, replaced when the new search is deeper or the old
//! entry is from an earlier search.

/// Bound kinds.
pub const EXACT: u8 = 0;
pub const LOWER: u8 = 1;
pub const UPPER: u8 = 2;

#[derive(Clone, Copy, Default, Debug)]
pub struct Entry {
    pub key: u64,
    pub value: i16,
    pub depth: i8,
    pub bound: u8,
    pub mv: u16,
    pub age: u8,
}

pub struct Tt {
    entries: Vec<Entry>,
    mask: usize,
    age: u8,
}

impl Tt {
    /// A table using at most `megabytes` MiB (rounded down to a power of two entries).
    #[must_use]
    pub fn new(megabytes: usize) -> Tt {
        let bytes = megabytes.clamp(1, 4096) << 20;
        let mut n = 1usize;
        while n * 2 * size_of::<Entry>() <= bytes {
            n *= 2;
        }
        Tt {
            entries: vec![Entry::default(); n],
            mask: n - 1,
            age: 0,
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    /// Marks the start of a new search (older entries become replaceable).
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.key == key).then_some(e)
    }

    pub fn store(&mut self, key: u64, value: i32, depth: i32, bound: u8, mv: Option<usize>) {
        let slot = &mut self.entries[key as usize & self.mask];
        if slot.key == key || slot.age != self.age || i32::from(slot.depth) <= depth {
            let keep_move = if slot.key == key { slot.mv } else { 0 };
            *slot = Entry {
                key,
                value: value.clamp(-32000, 32000) as i16,
                depth: depth.clamp(-100, 100) as i8,
                bound,
                mv: mv.map_or(keep_move, |m| m as u16),
                age: self.age,
            };
        }
    }
}
