//! Per-address rate limits: token buckets keyed by the client's IP address.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

use tokio::time::Instant;

/// How fast one address may do something: a sustained rate and a burst.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RateLimit {
    /// Tokens added per second.
    pub per_second: f64,
    /// The bucket size: how many may come at once after a quiet spell.
    pub burst: f64,
}

impl RateLimit {
    /// `n` per minute with a burst of `burst`.
    #[must_use]
    pub fn per_minute(n: f64, burst: f64) -> RateLimit {
        RateLimit {
            per_second: n / 60.0,
            burst,
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

/// Token buckets per address. A request takes one token; an empty bucket refuses
/// until it refills. Idle buckets are dropped so that the map stays small.
#[derive(Debug)]
pub struct RateLimiter {
    limit: RateLimit,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

/// Buckets kept before idle ones are swept.
const SWEEP_ABOVE: usize = 10_000;

impl RateLimiter {
    /// A limiter enforcing `limit` per address.
    #[must_use]
    pub fn new(limit: RateLimit) -> RateLimiter {
        RateLimiter {
            limit,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes a token for `address`; `Err(seconds)` says how long until one is
    /// available.
    ///
    /// # Errors
    ///
    /// The wait in whole seconds (at least 1) when the bucket is empty.
    pub fn check(&self, address: IpAddr) -> Result<(), u64> {
        let now = Instant::now();
        let limit = self.limit;
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() > SWEEP_ABOVE {
            buckets.retain(|_, bucket| refill(bucket, limit, now) < limit.burst);
        }
        let bucket = buckets.entry(address).or_insert(Bucket {
            tokens: limit.burst,
            updated: now,
        });
        let tokens = refill(bucket, limit, now);
        if tokens >= 1.0 {
            bucket.tokens = tokens - 1.0;
            Ok(())
        } else {
            let wait = (1.0 - tokens) / limit.per_second;
            Err(wait.ceil().max(1.0) as u64)
        }
    }
}

/// Refills `bucket` up to `now` and returns its tokens.
fn refill(bucket: &mut Bucket, limit: RateLimit, now: Instant) -> f64 {
    let elapsed = now.saturating_duration_since(bucket.updated).as_secs_f64();
    bucket.tokens = (bucket.tokens + elapsed * limit.per_second).min(limit.burst);
    bucket.updated = now;
    bucket.tokens
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test(start_paused = true)]
    async fn a_burst_then_the_sustained_rate_per_address() {
        let limiter = RateLimiter::new(RateLimit {
            per_second: 2.0,
            burst: 3.0,
        });
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        for _ in 0..3 {
            assert_eq!(limiter.check(a), Ok(()));
        }
        assert_eq!(limiter.check(a), Err(1));
        assert_eq!(limiter.check(b), Ok(()), "addresses are counted apart");
        tokio::time::advance(Duration::from_millis(500)).await;
        assert_eq!(limiter.check(a), Ok(()));
        assert!(limiter.check(a).is_err());
    }
}
