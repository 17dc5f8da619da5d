//! Two or more threads on one search: they split the root moves of each
//! iteration between them and share the transposition table.
//!
//! The first design (until stop 37) was Lazy SMP: helpers ran the main
//! thread's iterations on their own and shared only the table. They searched
//! the same tree at the same moment: at a fixed depth two threads took as
//! long as one, and on the move screen they chose no better moves than one.
//! What a doubling of the time buys is passes over the root moves, one more
//! iteration or further through the last; splitting the root gets through
//! them sooner.
//!
//! An iteration: the main thread searches the best move of the last iteration
//! with the full window, which sets the score to beat; every thread claims the
//! next unsearched root move, probes it with a null window at the best score
//! so far and searches it again with the full window when it beats it, until
//! none is left. The iteration is complete when every move has its score.
//!
//! While the main thread searches the first move, the team shares the moves
//! of the PV nodes inside it the same way (`split_point`): once a node's
//! first move has a score, its other moves go to whichever thread is free;
//! split nodes open one inside another along the main thread's line.
//! Letting helpers instead probe the next root moves at a guess of the
//! first move's score (the last iteration's, less a margin; moves refuted
//! only above the true score searched again) kept them busier but chose no
//! better moves on the move screen (stop 37), so it was not kept.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

use crate::split_point::{SplitClaim, SplitOutcome, SplitPoint};

/// The most split nodes open at once (one inside another along the main
/// thread's line).
const MAX_OPEN_SPLITS: usize = 8;

/// The root moves of the iteration under way, shared by the threads.
#[derive(Debug, Default)]
struct RootWork {
    /// The iteration's depth (0 before the first).
    depth: u32,
    /// The root moves in search order.
    moves: Vec<usize>,
    /// The next move to claim; 0 until the first move has its score.
    next: usize,
    /// The best score so far (once the first move has its score).
    best: i32,
    /// Each move's score, once searched to the end.
    scores: Vec<Option<i32>>,
    /// Moves claimed and not yet reported.
    in_flight: usize,
}

/// A root move claimed for searching.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim {
    /// The iteration's depth.
    pub depth: u32,
    /// The move's place in the iteration's order.
    pub index: usize,
    /// The move (a cell index).
    pub at: usize,
    /// The score to beat.
    pub best: i32,
}

/// Everything the threads share under the team's lock.
#[derive(Debug, Default)]
struct TeamWork {
    root: RootWork,
    /// The split nodes open inside the tree, outermost first: the main
    /// thread searches a move of each and the last is where it is.
    splits: Vec<SplitPoint>,
    /// The last split's id.
    last_split: u64,
    /// A helper died (a panic): what it claimed will never be reported.
    helper_lost: bool,
}

/// Work handed to a helper.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Work {
    /// A root move.
    Root(Claim),
    /// A move of a split node inside the tree.
    Split(SplitClaim),
}

/// What the threads of one search share besides the transposition table.
#[derive(Debug, Default)]
pub struct SearchTeam {
    finished: AtomicBool,
    work: Mutex<TeamWork>,
    changed: Condvar,
}

/// Held by a helper thread while it works: if the thread panics, the team
/// stops waiting for what it claimed instead of waiting forever.
#[derive(Debug)]
pub struct HelperGuard<'a>(&'a SearchTeam);

impl Drop for HelperGuard<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let mut work = self.0.lock();
            work.helper_lost = true;
            self.0.changed.notify_all();
        }
    }
}

impl SearchTeam {
    /// Marks the search as ended: helpers stop at their next clock check and
    /// waiting ones wake up to leave.
    pub fn finish(&self) {
        self.finished.store(true, Ordering::Relaxed);
        let _work = self.lock();
        self.changed.notify_all();
    }

    /// Whether the main thread has ended.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.finished.load(Ordering::Relaxed)
    }

    fn lock(&self) -> MutexGuard<'_, TeamWork> {
        // A thread that panicked holding the lock leaves consistent data (each
        // update is a few assignments): carry on.
        self.work
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn wait<'w>(&self, work: MutexGuard<'w, TeamWork>) -> MutexGuard<'w, TeamWork> {
        self.changed
            .wait(work)
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The main thread starts an iteration of `depth` plies over `moves`, in
    /// this order; it searches the first itself.
    pub fn begin(&self, depth: u32, moves: &[usize]) {
        self.lock().root = RootWork {
            depth,
            moves: moves.to_vec(),
            next: 0,
            best: 0,
            scores: vec![None; moves.len()],
            in_flight: 0,
        };
    }

    /// The first move's score: the others may now be claimed.
    pub fn first_scored(&self, score: i32) {
        let mut team_work = self.lock();
        let work = &mut team_work.root;
        work.scores[0] = Some(score);
        work.best = score;
        work.next = 1;
        self.changed.notify_all();
    }

    /// The next root move of the iteration, if one is left (never waits).
    #[must_use]
    pub fn claim(&self) -> Option<Claim> {
        Self::claim_from(&mut self.lock().root)
    }

    fn claim_from(work: &mut RootWork) -> Option<Claim> {
        if work.next == 0 || work.next >= work.moves.len() {
            return None;
        }
        let index = work.next;
        work.next += 1;
        work.in_flight += 1;
        Some(Claim {
            depth: work.depth,
            index,
            at: work.moves[index],
            best: work.best,
        })
    }

    /// For a helper: waits for a move to claim (of the innermost split node
    /// with one left first: the main thread waits for those), or for the end
    /// of the search (`None`).
    #[must_use]
    pub fn wait_for_work(&self) -> Option<Work> {
        let mut work = self.lock();
        loop {
            if self.is_finished() {
                return None;
            }
            if let Some(claim) = work.splits.iter_mut().rev().find_map(SplitPoint::claim) {
                return Some(Work::Split(claim));
            }
            if let Some(claim) = Self::claim_from(&mut work.root) {
                return Some(Work::Root(claim));
            }
            work = self.wait(work);
        }
    }

    /// For a helper thread: a guard to hold while it works.
    #[must_use]
    pub fn helper_guard(&self) -> HelperGuard<'_> {
        HelperGuard(self)
    }

    /// Reports a claimed move's score (`None`: the search stopped before its
    /// end). A better score becomes the one to beat.
    pub fn report(&self, claim: Claim, score: Option<i32>) {
        let mut team_work = self.lock();
        let work = &mut team_work.root;
        if work.depth != claim.depth {
            // From an iteration given up (the search ended meanwhile).
            return;
        }
        work.in_flight -= 1;
        if let Some(score) = score {
            work.scores[claim.index] = Some(score);
            work.best = work.best.max(score);
        }
        self.changed.notify_all();
    }

    /// For the main thread, once nothing is left to claim: waits until the
    /// moves other threads claimed are reported, then gives every move
    /// searched to the end with its score, in the iteration's order, and
    /// whether that is all of them.
    #[must_use]
    pub fn gather(&self) -> (Vec<(usize, i32)>, bool) {
        let mut team_work = self.lock();
        while team_work.root.in_flight > 0 && !team_work.helper_lost {
            team_work = self.wait(team_work);
        }
        let work = &mut team_work.root;
        // Nothing more may be claimed from this iteration.
        work.next = work.moves.len();
        let scored: Vec<(usize, i32)> = work
            .moves
            .iter()
            .zip(&work.scores)
            .filter_map(|(&at, score)| score.map(|score| (at, score)))
            .collect();
        let complete = scored.len() == work.moves.len();
        (scored, complete)
    }

    /// For the main thread: opens `split` to the team (inside the split
    /// nodes already open), unless a helper was lost or `MAX_OPEN_SPLITS`
    /// are open (false: the node is searched alone).
    #[must_use]
    pub fn open_split(&self, mut split: SplitPoint) -> bool {
        let mut work = self.lock();
        if work.splits.len() >= MAX_OPEN_SPLITS || work.helper_lost {
            return false;
        }
        work.last_split += 1;
        split.id = work.last_split;
        work.splits.push(split);
        self.changed.notify_all();
        true
    }

    /// The next move of the innermost split node, the main thread's, if one
    /// is left (never waits).
    #[must_use]
    pub fn claim_split(&self) -> Option<SplitClaim> {
        self.lock().splits.last_mut().and_then(SplitPoint::claim)
    }

    /// Reports a split node's move (`None`: stopped before its end).
    pub fn report_split(&self, claim: &SplitClaim, score: Option<i32>) {
        let mut work = self.lock();
        if let Some(split) = work.splits.iter_mut().find(|split| split.id == claim.id) {
            split.report(claim.index, score);
            self.changed.notify_all();
        }
    }

    /// For the main thread: its split node takes no more claims (it
    /// stopped), and work under way on it is void.
    pub fn cancel_split(&self) {
        if let Some(split) = self.lock().splits.last_mut() {
            split.cancel();
        }
    }

    /// For the main thread, once nothing is left to claim: waits until the
    /// moves other threads claimed of its split node are reported, closes it
    /// and gives what it found.
    #[must_use]
    pub fn close_split(&self) -> SplitOutcome {
        let mut work = self.lock();
        while work.splits.last().is_some_and(SplitPoint::busy) && !work.helper_lost {
            work = self.wait(work);
        }
        let split = work.splits.pop().expect("an open split");
        if split.busy() {
            return SplitOutcome::Stopped;
        }
        split.outcome()
    }
}

/// How a searcher takes part in a search.
#[derive(Debug, Clone, Copy)]
pub enum Role<'a> {
    /// The only thread.
    Alone,
    /// The main thread of a team: it runs the iterations and answers.
    Main(&'a SearchTeam),
    /// A helper: it searches root moves it claims from the main thread's
    /// iterations.
    Helper(&'a SearchTeam),
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use super::*;

    #[test]
    fn root_moves_are_shared_out_after_the_first() {
        let team = SearchTeam::default();
        team.begin(3, &[10, 20, 30]);
        assert_eq!(team.claim(), None, "the first move is the main thread's");
        team.first_scored(5);
        let Some(Work::Root(second)) = team.wait_for_work() else {
            panic!("a root move to claim")
        };
        assert_eq!(
            (second.depth, second.index, second.at, second.best),
            (3, 1, 20, 5)
        );
        let third = team.claim().expect("a move to claim");
        assert_eq!(third.at, 30);
        assert_eq!(team.claim(), None, "all claimed");
        team.report(third, Some(9));
        team.report(second, Some(-2));
        assert_eq!(team.gather(), (vec![(10, 5), (20, -2), (30, 9)], true));
        team.begin(4, &[30, 10, 20]);
        team.first_scored(9);
        let next = team.claim().expect("a move to claim");
        assert_eq!(next.best, 9, "the best score carries into the claim");
        team.report(next, None);
        let last = team.claim().expect("a move to claim");
        team.report(last, Some(12));
        assert_eq!(
            team.gather(),
            (vec![(30, 9), (20, 12)], false),
            "a move cut short leaves the iteration incomplete"
        );
        assert_eq!(team.claim(), None, "a gathered iteration is closed");
        team.finish();
        assert_eq!(team.wait_for_work(), None, "the search has ended");
        assert!(team.is_finished());
    }

    fn split_of(moves: Vec<usize>) -> SplitPoint {
        SplitPoint::new(vec![40, 41], (3, 2), (-100, 100), moves, 18, 0)
    }

    #[test]
    fn the_innermost_split_node_goes_first_then_root_moves() {
        let team = SearchTeam::default();
        team.begin(5, &[10, 20, 30]);
        team.first_scored(1);
        assert!(team.open_split(split_of(vec![1, 2, 3])));
        let Some(Work::Split(outer)) = team.wait_for_work() else {
            panic!("the split node's move first")
        };
        assert_eq!((outer.index, outer.at, outer.id), (1, 2, 1));
        assert!(
            team.open_split(split_of(vec![4, 5, 6])),
            "one inside another"
        );
        let Some(Work::Split(inner)) = team.wait_for_work() else {
            panic!("a split node's move")
        };
        assert_eq!((inner.at, inner.id), (5, 2), "the innermost first");
        let own = team.claim_split().expect("the main thread's node");
        assert_eq!(own.at, 6);
        assert_eq!(team.claim_split(), None);
        team.report_split(&own, Some(-5));
        team.report_split(&inner, Some(7));
        assert_eq!(
            team.close_split(),
            SplitOutcome::Searched { best: 7, index: 1 }
        );
        let last = team.claim_split().expect("the outer node's last move");
        assert_eq!(last.at, 3);
        team.report_split(&last, Some(2));
        team.report_split(&outer, Some(3));
        assert_eq!(
            team.close_split(),
            SplitOutcome::Searched { best: 3, index: 1 }
        );
        assert!(!outer.cancelled.load(Ordering::Relaxed));
        let Some(Work::Root(root)) = team.wait_for_work() else {
            panic!("a root move once the splits are closed")
        };
        assert_eq!(root.at, 20);
    }

    #[test]
    fn a_cutoff_or_a_stop_voids_the_work_under_way() {
        let team = SearchTeam::default();
        assert!(team.open_split(split_of(vec![1, 2, 3])));
        let first = team.claim_split().expect("a move");
        let second = team.claim_split().expect("a move");
        team.report_split(&second, Some(150));
        assert!(first.cancelled.load(Ordering::Relaxed), "beta reached");
        team.report_split(&first, None);
        assert_eq!(
            team.close_split(),
            SplitOutcome::Searched {
                best: 150,
                index: 2
            }
        );
        assert!(team.open_split(split_of(vec![1, 2, 3])));
        let claimed = team.claim_split().expect("a move");
        team.cancel_split();
        assert!(claimed.cancelled.load(Ordering::Relaxed));
        assert_eq!(team.claim_split(), None, "closed");
        team.report_split(&claimed, None);
        assert_eq!(team.close_split(), SplitOutcome::Stopped);
    }

    #[test]
    fn a_helper_that_panics_is_not_waited_for() {
        let team = SearchTeam::default();
        team.begin(2, &[10, 20]);
        team.first_scored(0);
        assert!(team.open_split(split_of(vec![1, 2, 3])));
        let died = std::thread::scope(|scope| {
            scope
                .spawn(|| {
                    let _guard = team.helper_guard();
                    let _split = team.wait_for_work();
                    let _root = team.claim();
                    panic!("a helper's bug");
                })
                .join()
        });
        assert!(died.is_err());
        assert_eq!(team.close_split(), SplitOutcome::Stopped);
        assert_eq!(team.gather(), (vec![(10, 0)], false));
        assert!(
            !team.open_split(split_of(vec![1, 2])),
            "no helper to share with"
        );
    }
}
