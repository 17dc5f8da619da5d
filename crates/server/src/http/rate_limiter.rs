//! Per-address rate limits: token buckets keyed by the client's IP address
//! (an IPv6 client by its network prefix, see [`address_key`]).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

use tokio::time::Instant;

use super::address_key::{DEFAULT_IPV6_PREFIX, address_key};

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
    ipv6_prefix: u8,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

/// Buckets kept before idle ones are swept.
const SWEEP_ABOVE: usize = 10_000;

impl RateLimiter {
    /// A limiter enforcing `limit` per address, counting IPv6 clients by
    /// their `/64`.
    #[must_use]
    pub fn new(limit: RateLimit) -> RateLimiter {
        RateLimiter {
            limit,
            ipv6_prefix: DEFAULT_IPV6_PREFIX,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// The same limiter counting IPv6 clients by their first `prefix` bits.
    #[must_use]
    pub fn with_ipv6_prefix(self, prefix: u8) -> RateLimiter {
        RateLimiter {
            ipv6_prefix: prefix,
            ..self
        }
    }

    /// Takes a token for `address`; `Err(seconds)` says how long until one is
    /// available.
    ///
    /// # Errors
    ///
    /// The wait in whole seconds (at least 1) when the bucket is empty.
    pub fn check(&self, address: IpAddr) -> Result<(), u64> {
        let key = address_key(address, self.ipv6_prefix);
        let now = Instant::now();
        let limit = self.limit;
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() > SWEEP_ABOVE {
            buckets.retain(|_, bucket| refill(bucket, limit, now) < limit.burst);
        }
        let bucket = buckets.entry(key).or_insert(Bucket {
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

    #[tokio::test(start_paused = true)]
    async fn an_ipv6_network_shares_one_bucket() {
        let limiter = RateLimiter::new(RateLimit {
            per_second: 1.0,
            burst: 2.0,
        })
        .with_ipv6_prefix(64);
        let same: [IpAddr; 3] = [
            "2001:db8:0:1::1".parse().unwrap(),
            "2001:db8:0:1::2".parse().unwrap(),
            "2001:db8:0:1:ffff:ffff:ffff:ffff".parse().unwrap(),
        ];
        assert_eq!(limiter.check(same[0]), Ok(()));
        assert_eq!(limiter.check(same[1]), Ok(()));
        assert!(limiter.check(same[2]).is_err(), "one /64, one bucket");
        let next: IpAddr = "2001:db8:0:2::1".parse().unwrap();
        assert_eq!(limiter.check(next), Ok(()), "the next /64 is another");
    }
}
