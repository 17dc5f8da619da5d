//! Memory figures from `/proc/<pid>/status`: the resident set now (`VmRSS`) and
//! its high-water mark (`VmHWM`).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tokio::task::JoinHandle;

/// How often a watched process is sampled.
pub const SAMPLE_EVERY: Duration = Duration::from_millis(500);

/// One reading of a process's memory, in KiB.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryReading {
    /// Resident set size now.
    pub rss_kib: u64,
    /// The peak resident set size the kernel saw.
    pub peak_kib: u64,
}

/// Reads the memory of process `pid` (`"self"` for this process).
#[must_use]
pub fn read(pid: &str) -> Option<MemoryReading> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    parse_status(&status)
}

/// The `VmRSS` and `VmHWM` lines of a `/proc/<pid>/status` text.
fn parse_status(status: &str) -> Option<MemoryReading> {
    let field = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| {
                rest.trim()
                    .trim_end_matches("kB")
                    .trim()
                    .parse::<u64>()
                    .ok()
            })
    };
    let rss_kib = field("VmRSS:")?;
    Some(MemoryReading {
        rss_kib,
        peak_kib: field("VmHWM:").unwrap_or(rss_kib),
    })
}

/// Samples a process's resident set every [`SAMPLE_EVERY`] until dropped.
#[derive(Debug)]
pub struct MemorySampler {
    pid: u32,
    peak_kib: Arc<AtomicU64>,
    task: JoinHandle<()>,
}

impl MemorySampler {
    /// Starts sampling process `pid`.
    #[must_use]
    pub fn start(pid: u32) -> MemorySampler {
        let peak_kib = Arc::new(AtomicU64::new(0));
        let peak = Arc::clone(&peak_kib);
        let task = tokio::spawn(async move {
            let mut every = tokio::time::interval(SAMPLE_EVERY);
            loop {
                every.tick().await;
                match read(&pid.to_string()) {
                    Some(reading) => {
                        peak.fetch_max(reading.rss_kib, Ordering::Relaxed);
                    }
                    None => return,
                }
            }
        });
        MemorySampler {
            pid,
            peak_kib,
            task,
        }
    }

    /// The peak and the current resident set: a last reading now, the largest
    /// sample (and the kernel's high-water mark, which also sees peaks between
    /// samples) as the peak.
    #[must_use]
    pub fn finish(self) -> Option<MemoryReading> {
        self.task.abort();
        let now = read(&self.pid.to_string())?;
        let sampled = self.peak_kib.load(Ordering::Relaxed);
        Some(MemoryReading {
            rss_kib: now.rss_kib,
            peak_kib: sampled.max(now.peak_kib).max(now.rss_kib),
        })
    }
}

impl Drop for MemorySampler {
    fn drop(&mut self) {
        self.task.abort();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_rss_and_peak_from_a_status_text() {
        let text = "Name:\tnarabe\nVmHWM:\t   20480 kB\nVmRSS:\t   10240 kB\nThreads:\t3\n";
        assert_eq!(
            parse_status(text),
            Some(MemoryReading {
                rss_kib: 10240,
                peak_kib: 20480
            })
        );
        assert_eq!(parse_status("Name:\tx\n"), None);
    }

    #[test]
    fn this_process_has_memory() {
        let own = read("self").expect("/proc/self/status is readable on Linux");
        assert!(own.rss_kib > 0 && own.peak_kib >= own.rss_kib);
    }
}
