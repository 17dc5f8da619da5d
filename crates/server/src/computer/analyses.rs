//! Analyses for everyone: answered from the cache when the position was
//! analysed before, else searched in the engine pool's share for analyses, one
//! at a time per address, after a bounded wait for a place.

use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use narabe_engine::SearchReport;
use narabe_rules::Position;

use super::{AnalysisCache, EnginePool, JobClass, JobOwner, analyse};
use crate::address_key;

/// Why an analysis was not made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AnalysisRefusal {
    /// The address has an analysis running already.
    InProgress,
    /// No place in the pool came free within the wait allowed.
    Busy,
    /// The engine failed.
    Failed,
}

/// The analyses' state: the cache and the addresses with one running. Cloning
/// shares it.
#[derive(Debug, Clone)]
pub(crate) struct Analyses {
    engines: EnginePool,
    cache: AnalysisCache,
    running: Arc<Mutex<HashSet<IpAddr>>>,
    wait: Duration,
    ipv6_prefix: u8,
}

/// An address's running analysis, forgotten when dropped.
struct Running {
    running: Arc<Mutex<HashSet<IpAddr>>>,
    client: IpAddr,
}

impl Analyses {
    /// Analyses run in `engines`, waiting at most `wait` for a place, with
    /// `cache_size` analyses remembered; IPv6 clients counted by their first
    /// `ipv6_prefix` bits.
    pub(crate) fn new(
        engines: EnginePool,
        wait: Duration,
        cache_size: usize,
        ipv6_prefix: u8,
    ) -> Analyses {
        Analyses {
            engines,
            cache: AnalysisCache::new(cache_size),
            running: Arc::default(),
            wait,
            ipv6_prefix,
        }
    }

    /// The analysis of `position` for `client`.
    ///
    /// # Errors
    ///
    /// When the client has one running, no place came free in time, or the
    /// engine failed.
    pub(crate) async fn analyse(
        &self,
        client: IpAddr,
        position: Position,
    ) -> Result<SearchReport, AnalysisRefusal> {
        if let Some(report) = self.cache.get(&position) {
            return Ok(report);
        }
        let client = address_key(client, self.ipv6_prefix);
        let _running = self.start(client)?;
        let place = tokio::time::timeout(
            self.wait,
            self.engines
                .acquire(JobOwner::Client(client), JobClass::Analysis),
        )
        .await
        .map_err(|_| AnalysisRefusal::Busy)?;
        let searched = position.clone();
        let report = place
            .run(move || analyse(&searched))
            .await
            .ok_or(AnalysisRefusal::Failed)?;
        self.cache.put(position, report.clone());
        Ok(report)
    }

    fn start(&self, client: IpAddr) -> Result<Running, AnalysisRefusal> {
        let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        if !running.insert(client) {
            return Err(AnalysisRefusal::InProgress);
        }
        Ok(Running {
            running: Arc::clone(&self.running),
            client,
        })
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.running
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.client);
    }
}
