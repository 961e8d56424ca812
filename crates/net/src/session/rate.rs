//! A token bucket: `burst` events at once, then one more per `refill` interval.

use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug)]
pub(super) struct RateLimit {
    burst: u32,
    refill: Duration,
    tokens: u32,
    /// When the last token was added (or the bucket started filling).
    since: Option<Instant>,
}

impl RateLimit {
    pub(super) fn new(burst: u32, refill: Duration) -> RateLimit {
        RateLimit {
            burst: burst.max(1),
            refill,
            tokens: burst.max(1),
            since: None,
        }
    }

    /// Takes a token at `now`; `false` when the bucket is empty.
    pub(super) fn allow(&mut self, now: Instant) -> bool {
        let since = *self.since.get_or_insert(now);
        if self.tokens < self.burst {
            let elapsed = now.saturating_duration_since(since);
            let gained = if self.refill.is_zero() {
                u128::from(self.burst)
            } else {
                elapsed.as_nanos() / self.refill.as_nanos()
            };
            let gained = u32::try_from(gained).unwrap_or(u32::MAX);
            if gained > 0 {
                self.tokens = self.tokens.saturating_add(gained).min(self.burst);
                self.since = Some(now);
            }
        } else {
            self.since = Some(now);
        }
        if self.tokens == 0 {
            return false;
        }
        self.tokens -= 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_one_per_interval() {
        let t0 = Instant::now();
        let mut r = RateLimit::new(3, Duration::from_secs(1));
        assert!(r.allow(t0) && r.allow(t0) && r.allow(t0));
        assert!(!r.allow(t0));
        assert!(!r.allow(t0 + Duration::from_millis(900)));
        assert!(r.allow(t0 + Duration::from_millis(1000)));
        assert!(!r.allow(t0 + Duration::from_millis(1500)));
        // A long pause refills the whole burst, no more.
        let later = t0 + Duration::from_secs(60);
        assert!(r.allow(later) && r.allow(later) && r.allow(later));
        assert!(!r.allow(later));
    }
}
