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
//! Helpers wait while the main thread searches the first move. Letting them
//! probe the next moves meanwhile at a guess of the first move's score (the
//! last iteration's, less a margin; moves refuted only above the true score
//! searched again) kept them busier but chose no better moves on the move
//! screen (stop 37), so it was not kept.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

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

/// What the threads of one search share besides the transposition table.
#[derive(Debug, Default)]
pub struct SearchTeam {
    finished: AtomicBool,
    work: Mutex<RootWork>,
    changed: Condvar,
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

    fn lock(&self) -> MutexGuard<'_, RootWork> {
        // A thread that panicked holding the lock leaves consistent data (each
        // update is a few assignments): carry on.
        self.work
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn wait<'w>(&self, work: MutexGuard<'w, RootWork>) -> MutexGuard<'w, RootWork> {
        self.changed
            .wait(work)
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The main thread starts an iteration of `depth` plies over `moves`, in
    /// this order; it searches the first itself.
    pub fn begin(&self, depth: u32, moves: &[usize]) {
        let mut work = self.lock();
        *work = RootWork {
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
        let mut work = self.lock();
        work.scores[0] = Some(score);
        work.best = score;
        work.next = 1;
        self.changed.notify_all();
    }

    /// The next root move of the iteration, if one is left (never waits).
    #[must_use]
    pub fn claim(&self) -> Option<Claim> {
        Self::claim_from(&mut self.lock())
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

    /// For a helper: waits for a root move to claim, or for the end of the
    /// search (`None`).
    #[must_use]
    pub fn wait_for_claim(&self) -> Option<Claim> {
        let mut work = self.lock();
        loop {
            if self.is_finished() {
                return None;
            }
            if let Some(claim) = Self::claim_from(&mut work) {
                return Some(claim);
            }
            work = self.wait(work);
        }
    }

    /// Reports a claimed move's score (`None`: the search stopped before its
    /// end). A better score becomes the one to beat.
    pub fn report(&self, claim: Claim, score: Option<i32>) {
        let mut work = self.lock();
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
        let mut work = self.lock();
        while work.in_flight > 0 {
            work = self.wait(work);
        }
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
    use super::*;

    #[test]
    fn root_moves_are_shared_out_after_the_first() {
        let team = SearchTeam::default();
        team.begin(3, &[10, 20, 30]);
        assert_eq!(team.claim(), None, "the first move is the main thread's");
        team.first_scored(5);
        let second = team.wait_for_claim().expect("a move to claim");
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
        assert_eq!(team.wait_for_claim(), None, "the search has ended");
        assert!(team.is_finished());
    }
}
