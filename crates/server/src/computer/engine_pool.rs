//! The bounded pool the engine runs in: at most one search per core at a time,
//! on tokio's blocking threads, so that searches never stall the tasks that
//! serve sockets and games.

use std::sync::Arc;

use tokio::sync::Semaphore;

/// Runs engine jobs on blocking threads, at most `permits` at once; the others
/// wait their turn in arrival order. Cloning shares the pool.
#[derive(Debug, Clone)]
pub struct EnginePool {
    permits: Arc<Semaphore>,
    size: usize,
}

impl EnginePool {
    /// A pool running at most `size` jobs at once (at least one).
    #[must_use]
    pub fn new(size: usize) -> EnginePool {
        let size = size.max(1);
        EnginePool {
            permits: Arc::new(Semaphore::new(size)),
            size,
        }
    }

    /// A pool of one job per core of this machine.
    #[must_use]
    pub fn per_core() -> EnginePool {
        EnginePool::new(std::thread::available_parallelism().map_or(1, std::num::NonZero::get))
    }

    /// How many jobs may run at once.
    #[must_use]
    pub const fn size(&self) -> usize {
        self.size
    }

    /// Runs `job` on a blocking thread once a permit is free, and answers its
    /// result; `None` if the job panicked (the permit is given back either way).
    pub async fn run<T, F>(&self, job: F) -> Option<T>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        // The semaphore is never closed, so acquiring only waits.
        let permit = Arc::clone(&self.permits).acquire_owned().await.ok()?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job()
        })
        .await
        .ok()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_jobs_run_at_once_than_the_pool_allows() {
        let pool = EnginePool::new(2);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs: Vec<_> = (0..8)
            .map(|_| {
                let pool = pool.clone();
                let running = Arc::clone(&running);
                let most = Arc::clone(&most);
                tokio::spawn(async move {
                    pool.run(move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(20));
                        running.fetch_sub(1, Ordering::SeqCst);
                    })
                    .await
                })
            })
            .collect();
        for job in jobs {
            assert_eq!(job.await.unwrap(), Some(()));
        }
        assert!(most.load(Ordering::SeqCst) <= 2);
    }

    #[tokio::test]
    async fn a_panicking_job_gives_its_permit_back() {
        let pool = EnginePool::new(1);
        assert_eq!(pool.run(|| panic!("boom")).await, None::<()>);
        assert_eq!(pool.run(|| 7).await, Some(7));
    }
}
