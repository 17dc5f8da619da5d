//! The bounded pool the engine runs in: a few threads of its own (one per core
//! but one by default), at the lowest scheduling priority, so that searches
//! never stall the tasks that serve sockets and games, which get the CPU first
//! whenever they want it; and a fair scheduler in front of them, so that no
//! one can make everyone else's computer opponents wait.
//!
//! Fairness: every job has an owner (the address of the client whose action
//! called for it, or the game when no client did). Owners take turns, round
//! robin, whatever the number of jobs each has queued; an owner runs at most
//! `jobs_per_owner` jobs at once; analyses never take more than half the pool,
//! so the computer players always have a place. A waiter that gave up (its
//! future dropped) is skipped.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, mpsc};

use tokio::sync::oneshot;

/// Whose job it is, for fair turns.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum JobOwner {
    /// The client address (the rate limits' key) whose action called for it.
    Client(IpAddr),
    /// The game, when no client's action did (a computer that moves first, a
    /// game resumed after a restart).
    Game(String),
}

/// What a job is for: analyses have a share of the pool, the computer players
/// all of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobClass {
    /// A computer player's decision.
    Play,
    /// An analysis asked for by a client.
    Analysis,
}

/// Runs engine jobs on its own low-priority threads, at most `size` at once, handing the
/// places out fairly (see the module's documentation). Cloning shares the pool.
#[derive(Debug, Clone)]
pub struct EnginePool {
    scheduler: Arc<Mutex<Scheduler>>,
    size: usize,
}

/// A job for the engine threads.
type EngineTask = Box<dyn FnOnce() + Send>;

/// The pool's bookkeeping, behind its lock.
#[derive(Debug)]
struct Scheduler {
    /// Where the engine threads take their jobs from (they end when the pool,
    /// and with it this sender, is gone).
    tasks: mpsc::Sender<EngineTask>,
    free: usize,
    jobs_per_owner: usize,
    analysis_cap: usize,
    analyses_running: usize,
    running: HashMap<JobOwner, usize>,
    /// Owners with waiters, in the order of their next turn.
    turns: VecDeque<JobOwner>,
    waiting: HashMap<JobOwner, VecDeque<Waiter>>,
}

#[derive(Debug)]
struct Waiter {
    class: JobClass,
    grant: oneshot::Sender<EnginePermit>,
}

/// A place in the pool, held while a job runs; dropping it hands the place to
/// the next waiter.
#[derive(Debug)]
pub struct EnginePermit {
    scheduler: Arc<Mutex<Scheduler>>,
    owner: JobOwner,
    class: JobClass,
}

impl EnginePool {
    /// A pool running at most `size` jobs at once (at least one), at most
    /// `jobs_per_owner` of them (at least one) for any one owner.
    #[must_use]
    pub fn new(size: usize, jobs_per_owner: usize) -> EnginePool {
        let size = size.max(1);
        let (tasks, queue) = mpsc::channel::<EngineTask>();
        let queue = Arc::new(Mutex::new(queue));
        for index in 0..size {
            let queue = Arc::clone(&queue);
            let started = std::thread::Builder::new()
                .name(format!("narabe-engine-{index}"))
                .spawn(move || engine_thread(&queue));
            if let Err(error) = started {
                tracing::error!(%error, "could not start an engine thread");
            }
        }
        EnginePool {
            scheduler: Arc::new(Mutex::new(Scheduler {
                tasks,
                free: size,
                jobs_per_owner: jobs_per_owner.max(1),
                analysis_cap: (size / 2).max(1),
                analyses_running: 0,
                running: HashMap::new(),
                turns: VecDeque::new(),
                waiting: HashMap::new(),
            })),
            size,
        }
    }

    /// A pool of one job per core of this machine but one (at least one), so
    /// that searches never take the cores that serve the sockets and games.
    #[must_use]
    pub fn per_core(jobs_per_owner: usize) -> EnginePool {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        EnginePool::new(cores.saturating_sub(1), jobs_per_owner)
    }

    /// How many jobs may run at once.
    #[must_use]
    pub const fn size(&self) -> usize {
        self.size
    }

    /// How many jobs wait for a place now.
    #[must_use]
    pub fn queued(&self) -> usize {
        lock(&self.scheduler)
            .waiting
            .values()
            .map(VecDeque::len)
            .sum()
    }

    /// How many jobs hold a place now (each on an engine thread, or about
    /// to be).
    #[must_use]
    pub fn busy(&self) -> usize {
        self.size - lock(&self.scheduler).free
    }

    /// Waits for `owner`'s turn at a place for a job of `class`.
    pub async fn acquire(&self, owner: JobOwner, class: JobClass) -> EnginePermit {
        let (grant, granted) = oneshot::channel();
        let grants = {
            let mut scheduler = lock(&self.scheduler);
            scheduler
                .waiting
                .entry(owner.clone())
                .or_default()
                .push_back(Waiter { class, grant });
            if !scheduler.turns.contains(&owner) {
                scheduler.turns.push_back(owner);
            }
            scheduler.dispatch(&self.scheduler)
        };
        send_grants(grants);
        // The pool outlives its waiters (this future holds a clone of it), so
        // the grant always comes.
        granted
            .await
            .unwrap_or_else(|_| unreachable!("a waiter is only dropped once granted"))
    }

    /// Runs `job` for `owner` once it has a place, and answers its result;
    /// `None` if the job panicked (the place is given back either way).
    pub async fn run<T, F>(&self, owner: JobOwner, class: JobClass, job: F) -> Option<T>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        self.acquire(owner, class).await.run(job).await
    }
}

impl EnginePermit {
    /// Runs `job` on an engine thread holding this place, and answers its
    /// result; `None` if it panicked. The place is held until the job ends,
    /// even when the caller stops waiting for it.
    pub async fn run<T, F>(self, job: F) -> Option<T>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let tasks = lock(&self.scheduler).tasks.clone();
        let task: EngineTask = Box::new(move || {
            let _ = reply.send(catch_unwind(AssertUnwindSafe(job)).ok());
        });
        tasks.send(task).ok()?;
        // The place is given back by a task of the server, at its priority,
        // once the job has ended (even if the caller stopped waiting): never by
        // the low-priority engine thread, which could be preempted while it
        // holds the pool's lock and stall every task waiting for that lock.
        let (forward, forwarded) = oneshot::channel();
        let place = self;
        tokio::spawn(async move {
            let result = answer.await.ok().flatten();
            drop(place);
            let _ = forward.send(result);
        });
        forwarded.await.ok().flatten()
    }
}

impl Drop for EnginePermit {
    fn drop(&mut self) {
        let grants = {
            let mut scheduler = lock(&self.scheduler);
            scheduler.free += 1;
            if self.class == JobClass::Analysis {
                scheduler.analyses_running -= 1;
            }
            if let Some(count) = scheduler.running.get_mut(&self.owner) {
                *count -= 1;
                if *count == 0 {
                    scheduler.running.remove(&self.owner);
                }
            }
            scheduler.dispatch(&self.scheduler)
        };
        send_grants(grants);
    }
}

impl Scheduler {
    /// Hands free places to waiters, owner by owner in turn. The grants are
    /// sent by the caller once the lock is released (a grant nobody takes is
    /// dropped, and dropping a permit takes the lock).
    fn dispatch(
        &mut self,
        shared: &Arc<Mutex<Scheduler>>,
    ) -> Vec<(oneshot::Sender<EnginePermit>, EnginePermit)> {
        let mut grants = Vec::new();
        // Each pass looks at every owner at most once without a grant.
        let mut passed_over = 0;
        while self.free > 0 && passed_over < self.turns.len() {
            let Some(owner) = self.turns.pop_front() else {
                break;
            };
            let running = self.running.get(&owner).copied().unwrap_or(0);
            let waiter = if running < self.jobs_per_owner {
                self.next_waiter(&owner)
            } else {
                None
            };
            let has_more = self
                .waiting
                .get(&owner)
                .is_some_and(|queue| !queue.is_empty());
            if !has_more {
                self.waiting.remove(&owner);
            }
            let Some(waiter) = waiter else {
                if has_more {
                    self.turns.push_back(owner);
                    passed_over += 1;
                }
                continue;
            };
            passed_over = 0;
            self.free -= 1;
            if waiter.class == JobClass::Analysis {
                self.analyses_running += 1;
            }
            *self.running.entry(owner.clone()).or_default() += 1;
            if has_more {
                self.turns.push_back(owner.clone());
            }
            let permit = EnginePermit {
                scheduler: Arc::clone(shared),
                owner,
                class: waiter.class,
            };
            grants.push((waiter.grant, permit));
        }
        grants
    }

    /// The owner's first waiter still waiting that may run now (an analysis
    /// only within the analyses' share); waiters that gave up are dropped.
    fn next_waiter(&mut self, owner: &JobOwner) -> Option<Waiter> {
        let analyses_allowed = self.analyses_running < self.analysis_cap;
        let queue = self.waiting.get_mut(owner)?;
        queue.retain(|waiter| !waiter.grant.is_closed());
        let index = queue
            .iter()
            .position(|waiter| waiter.class == JobClass::Play || analyses_allowed)?;
        queue.remove(index)
    }
}

/// An engine thread: at the lowest priority, it runs the jobs it is given
/// until the pool is gone.
fn engine_thread(queue: &Mutex<mpsc::Receiver<EngineTask>>) {
    use thread_priority::{ThreadPriority, set_current_thread_priority};
    if let Err(error) = set_current_thread_priority(ThreadPriority::Min) {
        tracing::warn!(?error, "an engine thread keeps its normal priority");
    }
    loop {
        let task = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(poisoned) => poisoned.into_inner().recv(),
        };
        match task {
            Ok(task) => task(),
            Err(mpsc::RecvError) => return,
        }
    }
}

fn send_grants(grants: Vec<(oneshot::Sender<EnginePermit>, EnginePermit)>) {
    for (grant, permit) in grants {
        // A waiter that left meanwhile drops the permit: the place is free again.
        let _ = grant.send(permit);
    }
}

fn lock(scheduler: &Mutex<Scheduler>) -> MutexGuard<'_, Scheduler> {
    // The bookkeeping stays consistent under a panic elsewhere: no section
    // holding the lock can panic half way.
    scheduler.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;

    fn client(last: u8) -> JobOwner {
        JobOwner::Client(IpAddr::from([127, 0, 0, last]))
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_jobs_run_at_once_than_the_pool_allows() {
        let pool = EnginePool::new(2, 8);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs: Vec<_> = (0..8)
            .map(|_| {
                let pool = pool.clone();
                let running = Arc::clone(&running);
                let most = Arc::clone(&most);
                tokio::spawn(async move {
                    pool.run(client(1), JobClass::Play, move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(20));
                        running.fetch_sub(1, Ordering::SeqCst);
                    })
                    .await
                })
            })
            .collect();
        for job in jobs {
            assert_eq!(job.await.unwrap(), Some(()));
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }

    /// The engine threads run at a lower priority than the threads that serve
    /// (Linux's niceness, field 19 of the thread's `stat`).
    #[tokio::test]
    #[cfg(target_os = "linux")]
    async fn searches_run_below_the_servers_priority() {
        let pool = EnginePool::new(1, 1);
        let nice = |stat: &str| -> i32 {
            // The command name may hold spaces: count the fields after it.
            let after_name = &stat[stat.rfind(')').unwrap() + 2..];
            after_name.split(' ').nth(16).unwrap().parse().unwrap()
        };
        let server = nice(&std::fs::read_to_string("/proc/thread-self/stat").unwrap());
        let engine = pool
            .run(client(1), JobClass::Play, move || {
                nice(&std::fs::read_to_string("/proc/thread-self/stat").unwrap())
            })
            .await
            .unwrap();
        assert!(
            engine > server,
            "engine nice {engine}, server nice {server}"
        );
    }

    #[tokio::test]
    async fn a_panicking_job_gives_its_place_back() {
        let pool = EnginePool::new(1, 1);
        assert_eq!(
            pool.run(client(1), JobClass::Play, || panic!("boom")).await,
            None::<()>
        );
        assert_eq!(pool.run(client(1), JobClass::Play, || 7).await, Some(7));
    }

    /// The order in which queued owners get the one place: each owner's turn
    /// comes round whatever the number of jobs it queued first.
    #[tokio::test]
    async fn owners_take_turns_whatever_they_queued() {
        let pool = EnginePool::new(1, 1);
        let blocker = pool.acquire(client(9), JobClass::Play).await;
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut waiters = Vec::new();
        // Address 1 queues five jobs before address 2 queues one.
        for (owner, count) in [(1, 5), (2, 1)] {
            for _ in 0..count {
                let pool = pool.clone();
                let order = Arc::clone(&order);
                waiters.push(tokio::spawn(async move {
                    let permit = pool.acquire(client(owner), JobClass::Play).await;
                    order.lock().unwrap().push(owner);
                    drop(permit);
                }));
                tokio::task::yield_now().await;
            }
        }
        while pool.queued() < 6 {
            tokio::task::yield_now().await;
        }
        drop(blocker);
        for waiter in waiters {
            waiter.await.unwrap();
        }
        assert_eq!(*order.lock().unwrap(), [1, 2, 1, 1, 1, 1]);
    }

    #[tokio::test]
    async fn one_owner_never_holds_more_than_its_share() {
        let pool = EnginePool::new(2, 1);
        let first = pool.acquire(client(1), JobClass::Play).await;
        let pool_again = pool.clone();
        let second =
            tokio::spawn(async move { pool_again.acquire(client(1), JobClass::Play).await });
        while pool.queued() < 1 {
            tokio::task::yield_now().await;
        }
        // The free place goes to another owner at once.
        let other = tokio::time::timeout(
            Duration::from_secs(5),
            pool.acquire(client(2), JobClass::Play),
        )
        .await
        .expect("another owner is not kept waiting");
        assert!(!second.is_finished());
        drop(first);
        let second = second.await.unwrap();
        drop((second, other));
        assert_eq!(pool.queued(), 0);
    }

    #[tokio::test]
    async fn analyses_leave_places_for_the_computer_players() {
        let pool = EnginePool::new(2, 4);
        let analysis = pool.acquire(client(1), JobClass::Analysis).await;
        let pool_again = pool.clone();
        let second_analysis =
            tokio::spawn(async move { pool_again.acquire(client(2), JobClass::Analysis).await });
        while pool.queued() < 1 {
            tokio::task::yield_now().await;
        }
        let play = tokio::time::timeout(
            Duration::from_secs(5),
            pool.acquire(client(2), JobClass::Play),
        )
        .await
        .expect("a computer player gets the place analyses may not take");
        drop(play);
        assert!(!second_analysis.is_finished(), "half the pool for analyses");
        drop(analysis);
        drop(second_analysis.await.unwrap());
    }

    #[tokio::test]
    async fn a_waiter_that_gave_up_is_skipped() {
        let pool = EnginePool::new(1, 1);
        let blocker = pool.acquire(client(9), JobClass::Play).await;
        let impatient = tokio::time::timeout(
            Duration::from_millis(10),
            pool.acquire(client(1), JobClass::Play),
        )
        .await;
        assert!(impatient.is_err());
        let pool_again = pool.clone();
        let patient =
            tokio::spawn(async move { pool_again.acquire(client(2), JobClass::Play).await });
        while pool.queued() < 2 {
            tokio::task::yield_now().await;
        }
        drop(blocker);
        drop(patient.await.unwrap());
        assert_eq!(pool.queued(), 0);
    }
}
