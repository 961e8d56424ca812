//! The positions other search threads are searching now (ABDADA's "exclusive" search): a
//! thread that meets one of them among its later moves searches the other moves first and
//! comes back to it at the end, when the other thread's result is usually in the
//! transposition table. Lossy like the table: a slot holds one key, and a missed or stale
//! entry only costs duplicated work.

use std::sync::atomic::{AtomicU64, Ordering};

/// Nodes of at least this depth take part (shallower ones are too cheap to share).
pub(crate) const MIN_DEPTH: i32 = 3;

pub(crate) struct Busy {
    slots: Vec<AtomicU64>,
    mask: usize,
}

impl Busy {
    #[must_use]
    pub(crate) fn new() -> Busy {
        let n = 1 << 12;
        Busy {
            slots: (0..n).map(|_| AtomicU64::new(0)).collect(),
            mask: n - 1,
        }
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key >> 20) as usize & self.mask]
    }

    /// Whether another thread is searching the position `key`.
    pub(crate) fn contains(&self, key: u64) -> bool {
        key != 0 && self.slot(key).load(Ordering::Relaxed) == key
    }

    /// Marks `key` as being searched.
    pub(crate) fn enter(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    /// Unmarks `key` (unless another position has taken its slot since).
    pub(crate) fn leave(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_busy_from_enter_to_leave() {
        let busy = Busy::new();
        let key = 0x1234_5678_9abc_def1;
        assert!(!busy.contains(key));
        busy.enter(key);
        assert!(busy.contains(key));
        // Another position in another slot is not busy.
        assert!(!busy.contains(key ^ (1 << 20)));
        busy.leave(key);
        assert!(!busy.contains(key));
    }

    #[test]
    fn leaving_does_not_clear_a_position_that_took_the_slot() {
        let busy = Busy::new();
        let first = 0x00ab_cdef_0000_0001;
        // The same slot (bits 20 and up agree), another key.
        let second = first ^ 1;
        busy.enter(first);
        busy.enter(second);
        assert!(!busy.contains(first), "the slot holds one key");
        busy.leave(first);
        assert!(busy.contains(second));
        busy.leave(second);
        assert!(!busy.contains(second));
    }

    #[test]
    fn the_zero_key_is_never_busy() {
        let busy = Busy::new();
        busy.enter(0);
        assert!(!busy.contains(0));
    }
}
