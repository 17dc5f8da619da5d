//! Analyses for everyone: answered from the cache when the question was
//! answered before, else searched in the engine pool's share for analyses, one
//! at a time per address (an analysis or a threat search), after a bounded
//! wait for a place.

use std::collections::HashSet;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use narabe_engine::SearchReport;
use narabe_rules::Position;

use super::threat_search::{ThreatAnswer, ThreatQuestion, search_threat};
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

/// An analysis question: a position and the number of best moves wanted
/// (an analysis of three lines is another search than one of one line).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct AnalysisQuestion {
    position: Position,
    lines: usize,
}

/// The analyses' state: the caches and the addresses with one running.
/// Cloning shares it.
#[derive(Debug, Clone)]
pub(crate) struct Analyses {
    engines: EnginePool,
    searches: AnalysisCache<AnalysisQuestion, SearchReport>,
    threats: AnalysisCache<ThreatQuestion, ThreatAnswer>,
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
    /// `cache_size` analyses and as many threat searches remembered; IPv6
    /// clients counted by their first `ipv6_prefix` bits.
    pub(crate) fn new(
        engines: EnginePool,
        wait: Duration,
        cache_size: usize,
        ipv6_prefix: u8,
    ) -> Analyses {
        Analyses {
            engines,
            searches: AnalysisCache::new(cache_size),
            threats: AnalysisCache::new(cache_size),
            running: Arc::default(),
            wait,
            ipv6_prefix,
        }
    }

    /// The analysis of `position` for `client`, with its best `lines` moves.
    ///
    /// # Errors
    ///
    /// When the client has one running, no place came free in time, or the
    /// engine failed.
    pub(crate) async fn analyse(
        &self,
        client: IpAddr,
        position: Position,
        lines: usize,
    ) -> Result<SearchReport, AnalysisRefusal> {
        let question = AnalysisQuestion { position, lines };
        self.answer(client, &self.searches, question, |question| {
            analyse(&question.position, question.lines)
        })
        .await
    }

    /// The threat search `question` for `client`.
    ///
    /// # Errors
    ///
    /// As for [`Analyses::analyse`].
    pub(crate) async fn search_threat(
        &self,
        client: IpAddr,
        question: ThreatQuestion,
    ) -> Result<ThreatAnswer, AnalysisRefusal> {
        self.answer(client, &self.threats, question, search_threat)
            .await
    }

    /// The answer to `question` from `cache`, or else `search` run in the
    /// pool for `client` and remembered.
    async fn answer<Q, A>(
        &self,
        client: IpAddr,
        cache: &AnalysisCache<Q, A>,
        question: Q,
        search: fn(&Q) -> A,
    ) -> Result<A, AnalysisRefusal>
    where
        Q: Hash + Eq + Clone + Send + 'static,
        A: Clone + Send + 'static,
    {
        if let Some(answer) = cache.get(&question) {
            return Ok(answer);
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
        let asked = question.clone();
        let answer = place
            .run(move || search(&asked))
            .await
            .ok_or(AnalysisRefusal::Failed)?;
        cache.put(question, answer.clone());
        Ok(answer)
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
