//! Latency samples and their percentiles, and errors counted by kind.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::Serialize;

/// The value at percentile `p` (0 to 100) of `sorted` by the nearest-rank
/// method: the smallest sample with at least `p` % of the samples at or below
/// it. `None` for no samples.
#[must_use]
pub fn percentile<T: Copy>(sorted: &[T], p: f64) -> Option<T> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (p.clamp(0.0, 100.0) / 100.0 * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

/// Latency samples, in microseconds.
#[derive(Debug, Default, Clone)]
pub struct Latencies {
    micros: Vec<u64>,
}

impl Latencies {
    /// Adds one sample.
    pub fn record(&mut self, latency: Duration) {
        self.micros
            .push(u64::try_from(latency.as_micros()).unwrap_or(u64::MAX));
    }

    /// Adds every sample of `other`.
    pub fn extend(&mut self, other: Latencies) {
        self.micros.extend(other.micros);
    }

    /// The summary, in milliseconds.
    #[must_use]
    pub fn summary(mut self) -> LatencySummary {
        self.micros.sort_unstable();
        let at = |p: f64| percentile(&self.micros, p).map(|us| us as f64 / 1000.0);
        LatencySummary {
            samples: self.micros.len(),
            p50: at(50.0),
            p90: at(90.0),
            p99: at(99.0),
            max: at(100.0),
        }
    }
}

/// Percentiles of a latency, in milliseconds (`None` without samples).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LatencySummary {
    /// How many samples.
    pub samples: usize,
    /// Median.
    pub p50: Option<f64>,
    /// 90th percentile.
    pub p90: Option<f64>,
    /// 99th percentile.
    pub p99: Option<f64>,
    /// The slowest.
    pub max: Option<f64>,
}

/// Errors counted by kind (`timeout`, `closed`, `error:<code>`, ...).
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct ErrorCounts(BTreeMap<String, u64>);

impl ErrorCounts {
    /// Counts one error of `kind`.
    pub fn add(&mut self, kind: impl Into<String>) {
        *self.0.entry(kind.into()).or_default() += 1;
    }

    /// Counts `count` errors of `kind`.
    pub fn add_many(&mut self, kind: impl Into<String>, count: u64) {
        *self.0.entry(kind.into()).or_default() += count;
    }

    /// All errors together.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.0.values().sum()
    }

    /// Each kind with its count, by kind.
    pub fn iter(&self) -> impl Iterator<Item = (&str, u64)> {
        self.0.iter().map(|(kind, count)| (kind.as_str(), *count))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let values: Vec<u32> = (1..=100).collect();
        assert_eq!(percentile(&values, 50.0), Some(50));
        assert_eq!(percentile(&values, 90.0), Some(90));
        assert_eq!(percentile(&values, 99.0), Some(99));
        assert_eq!(percentile(&values, 99.5), Some(100));
        assert_eq!(percentile(&values, 100.0), Some(100));
        assert_eq!(percentile(&values, 0.0), Some(1));
        assert_eq!(percentile(&[7], 99.0), Some(7));
        assert_eq!(percentile(&[1, 2, 3], 50.0), Some(2));
        assert_eq!(percentile(&[1, 2, 3, 4], 50.0), Some(2));
        assert_eq!(percentile::<u32>(&[], 50.0), None);
    }

    #[test]
    fn summaries_in_milliseconds() {
        let mut latencies = Latencies::default();
        for ms in [3, 1, 2, 10] {
            latencies.record(Duration::from_millis(ms));
        }
        let summary = latencies.summary();
        assert_eq!(summary.samples, 4);
        assert_eq!(summary.p50, Some(2.0));
        assert_eq!(summary.max, Some(10.0));
        assert_eq!(Latencies::default().summary().p99, None);
    }

    #[test]
    fn errors_by_kind() {
        let mut errors = ErrorCounts::default();
        errors.add("timeout");
        errors.add("closed");
        errors.add("timeout");
        assert_eq!(errors.total(), 3);
        assert_eq!(
            errors.iter().collect::<Vec<_>>(),
            [("closed", 1), ("timeout", 2)]
        );
    }
}
