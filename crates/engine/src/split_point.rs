//! A node inside the tree whose remaining moves the threads of a team share
//! (in the style of the young brothers wait concept): a PV node of the main
//! thread, opened once its first move has a score (several may be open, one
//! inside another along its line). Helpers reach the node by replaying the
//! moves from the search root.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::evaluation::WIN_THRESHOLD;

/// The shared state of one split node.
#[derive(Debug, Clone)]
pub struct SplitPoint {
    /// Tells this split from earlier ones (a helper's cancelled work).
    pub id: u64,
    /// The moves from the search root to the node.
    path: Vec<usize>,
    /// The node's depth (plies left).
    depth: i32,
    /// The node's ply from the root.
    ply: usize,
    /// The best score so far, or the node's lower bound if higher.
    alpha: i32,
    /// The node's upper bound: a score there ends the node (a cutoff).
    beta: i32,
    /// The node's moves in search order; the first is searched when it opens.
    moves: Vec<usize>,
    /// Moves past this place are searched only while every score so far loses
    /// (late move pruning, as in the serial search).
    width: usize,
    /// The next move to claim.
    next: usize,
    /// The best score so far.
    best: i32,
    /// Each move's score, once searched to the end.
    scores: Vec<Option<i32>>,
    /// Moves claimed and not yet reported.
    in_flight: usize,
    /// No more claims: a cutoff, or the main thread stopped.
    closed: bool,
    /// Set when the work under way is void (a cutoff, or the main thread
    /// stopped); the threads searching its moves look at it with the clock.
    cancelled: Arc<AtomicBool>,
}

/// A move of a split node claimed for searching.
#[derive(Debug, Clone)]
pub struct SplitClaim {
    /// The split it belongs to.
    pub id: u64,
    /// The moves from the search root to the node.
    pub path: Vec<usize>,
    /// The node's depth.
    pub depth: i32,
    /// The node's ply.
    pub ply: usize,
    /// The move's place in the node's order.
    pub index: usize,
    /// The move (a cell index).
    pub at: usize,
    /// The node's window when claimed.
    pub alpha: i32,
    /// The node's upper bound.
    pub beta: i32,
    /// Set when the move's search is void.
    pub cancelled: Arc<AtomicBool>,
}

impl PartialEq for SplitClaim {
    fn eq(&self, other: &SplitClaim) -> bool {
        (self.id, self.index) == (other.id, other.index)
    }
}

impl Eq for SplitClaim {}

/// What a closed split node found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SplitOutcome {
    /// The best score and the place of its move (the first of equal scores).
    Searched { best: i32, index: usize },
    /// A claimed move was left without a score: the search was stopped.
    Stopped,
}

impl SplitPoint {
    /// A split at the node reached by `path`, `depth` plies from the leaves
    /// and `ply` from the root, with the window `alpha`..`beta` before its
    /// first move, its `moves` in order, `width` of them searched unless all
    /// lose, and the first move's score `first`.
    #[must_use]
    pub fn new(
        path: Vec<usize>,
        (depth, ply): (i32, usize),
        (alpha, beta): (i32, i32),
        moves: Vec<usize>,
        width: usize,
        first: i32,
    ) -> SplitPoint {
        let mut scores = vec![None; moves.len()];
        scores[0] = Some(first);
        SplitPoint {
            id: 0,
            path,
            depth,
            ply,
            alpha: alpha.max(first),
            beta,
            moves,
            width,
            next: 1,
            best: first,
            scores,
            in_flight: 0,
            closed: first >= beta,
            cancelled: Arc::default(),
        }
    }

    /// The next move to search, if one is left.
    pub fn claim(&mut self) -> Option<SplitClaim> {
        let pruned = self.next >= self.width && self.best > -WIN_THRESHOLD;
        if self.closed || self.next >= self.moves.len() || pruned {
            return None;
        }
        let index = self.next;
        self.next += 1;
        self.in_flight += 1;
        Some(SplitClaim {
            id: self.id,
            path: self.path.clone(),
            depth: self.depth,
            ply: self.ply,
            index,
            at: self.moves[index],
            alpha: self.alpha,
            beta: self.beta,
            cancelled: Arc::clone(&self.cancelled),
        })
    }

    /// Records a claimed move's score (`None`: stopped before its end); a
    /// cutoff cancels the node.
    pub fn report(&mut self, index: usize, score: Option<i32>) {
        self.in_flight -= 1;
        let Some(score) = score else {
            return;
        };
        self.scores[index] = Some(score);
        self.best = self.best.max(score);
        self.alpha = self.alpha.max(score);
        if self.alpha >= self.beta {
            self.cancel();
        }
    }

    /// Takes no more claims, and voids the work under way.
    pub fn cancel(&mut self) {
        self.closed = true;
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether claimed moves are still being searched.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.in_flight > 0
    }

    /// The node's result once nothing is in flight: every claimed move must
    /// have its score unless a cutoff makes the rest irrelevant.
    #[must_use]
    pub fn outcome(&self) -> SplitOutcome {
        let claimed = &self.scores[..self.next];
        let cutoff = self.best >= self.beta;
        if !cutoff && claimed.iter().any(Option::is_none) {
            return SplitOutcome::Stopped;
        }
        let mut best = (i32::MIN, 0);
        for (index, score) in claimed.iter().enumerate() {
            if let Some(score) = *score
                && score > best.0
            {
                best = (score, index);
            }
        }
        SplitOutcome::Searched {
            best: best.0,
            index: best.1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(width: usize, first: i32) -> SplitPoint {
        SplitPoint::new(
            vec![7, 8],
            (4, 2),
            (-50, 50),
            vec![1, 2, 3, 4],
            width,
            first,
        )
    }

    #[test]
    fn moves_are_shared_out_and_the_best_is_the_first_of_equals() {
        let mut point = split(4, -10);
        let second = point.claim().expect("a move");
        assert_eq!(
            (
                second.index,
                second.at,
                second.alpha,
                second.path.as_slice()
            ),
            (1, 2, -10, &[7, 8][..])
        );
        let third = point.claim().expect("a move");
        point.report(third.index, Some(20));
        let fourth = point.claim().expect("a move");
        assert_eq!(fourth.alpha, 20, "a better score raises the window");
        point.report(second.index, Some(20));
        assert!(point.busy());
        point.report(fourth.index, Some(5));
        assert!(!fourth.cancelled.load(Ordering::Relaxed));
        assert!(!point.busy());
        assert_eq!(point.claim(), None);
        assert_eq!(
            point.outcome(),
            SplitOutcome::Searched { best: 20, index: 1 }
        );
    }

    #[test]
    fn a_cutoff_closes_the_node_and_voids_the_rest() {
        let mut point = split(4, 0);
        let second = point.claim().expect("a move");
        let third = point.claim().expect("a move");
        point.report(third.index, Some(60));
        assert!(second.cancelled.load(Ordering::Relaxed), "beta reached");
        assert_eq!(point.claim(), None, "closed");
        point.report(second.index, None);
        assert_eq!(
            point.outcome(),
            SplitOutcome::Searched { best: 60, index: 2 }
        );
    }

    #[test]
    fn an_unscored_move_means_the_search_stopped() {
        let mut point = split(4, 0);
        let second = point.claim().expect("a move");
        point.report(second.index, None);
        point.cancel();
        assert!(second.cancelled.load(Ordering::Relaxed));
        assert_eq!(point.claim(), None);
        assert_eq!(point.outcome(), SplitOutcome::Stopped);
    }

    #[test]
    fn late_moves_wait_for_every_score_to_lose() {
        let mut point = split(2, -WIN_THRESHOLD - 5);
        let second = point.claim().expect("inside the width");
        assert_eq!(point.claim().map(|claim| claim.index), Some(2), "all lose");
        point.report(second.index, Some(0));
        assert_eq!(
            point.claim(),
            None,
            "a move that does not lose prunes the rest"
        );
    }
}
