//! VCF: victory by continuous fours. The attacker plays only fours; each four
//! leaves the defender one blocking point (in pente also captures); the attacker
//! wins on a five, an open four, or a four whose only block is a renju foul for a
//! black defender. Black's fours on forbidden points are never played.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use narabe_rules::{Point, Position};

use crate::engine_board::{EngineBoard, point_of};
use crate::threat_moves::{capture_moves, four_moves, legal_for, makes_four};

/// Nodes between two looks at the clock.
const CLOCK_INTERVAL: u64 = 512;

/// The budget of [`find_vcf`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VcfLimits {
    /// The most positions the search may visit.
    pub max_nodes: u64,
    /// The most fours of the attacker in one line.
    pub max_depth: u32,
}

impl Default for VcfLimits {
    fn default() -> VcfLimits {
        VcfLimits {
            max_nodes: 200_000,
            max_depth: 30,
        }
    }
}

/// What [`find_vcf`] (or [`crate::find_threat_win`]) found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VcfOutcome {
    /// A winning line for the side to move: its fours and the forced replies,
    /// alternating, ending with the five or the unstoppable four.
    Found(Vec<Point>),
    /// The side to move has no VCF at all (the search was complete; for
    /// [`crate::find_threat_win`], within its depth).
    None,
    /// No VCF was found before a limit cut the search short.
    LimitReached,
}

/// Looks for a VCF of the side to move in `position`.
///
/// ```
/// use narabe_engine::{find_vcf, VcfLimits, VcfOutcome};
/// use narabe_rules::{board_from_moves, BoardSize, Color, FoulPolicy, Position, RuleSet};
/// let board = board_from_moves("h8 a1 i8 a3 j8 a5", BoardSize::FIFTEEN)?;
/// let position = Position::from_board(RuleSet::Freestyle, FoulPolicy::Loses, board, Color::Black)?;
/// assert!(matches!(find_vcf(&position, VcfLimits::default()), VcfOutcome::Found(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn find_vcf(position: &Position, limits: VcfLimits) -> VcfOutcome {
    if position.is_over() {
        return VcfOutcome::None;
    }
    let mut board = EngineBoard::from_position(position);
    let mut search = VcfSearch::new(limits.max_nodes, None, None);
    match search.run(&mut board, limits.max_depth) {
        Some(line) => VcfOutcome::Found(line.into_iter().map(point_of).collect()),
        None if search.cut => VcfOutcome::LimitReached,
        None => VcfOutcome::None,
    }
}

/// A VCF search with its node budget and its memory of refuted positions.
#[derive(Debug)]
pub struct VcfSearch {
    /// Positions visited.
    pub nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    /// Whether a limit cut some branch (so "not found" is not "none").
    pub cut: bool,
    refuted: HashSet<u64>,
    /// The node count at which the clock is read next (the count moves in
    /// uneven steps when a VCT search shares it, so no modulo test).
    next_clock_check: u64,
    /// Moves never tried first (at the root): the first moves of the lines a
    /// multi-line search has found already.
    excluded_first: Vec<usize>,
    /// The hash of the root position, where `excluded_first` applies (a
    /// position never comes back deeper in the line: stones only add up, and
    /// in pente a capture raises a count that is part of the hash).
    root: Option<u64>,
}

impl VcfSearch {
    /// A search of at most `max_nodes` nodes, stopping at `deadline` or `stop`.
    #[must_use]
    pub fn new(
        max_nodes: u64,
        deadline: Option<Instant>,
        stop: Option<Arc<AtomicBool>>,
    ) -> VcfSearch {
        VcfSearch {
            nodes: 0,
            max_nodes,
            deadline,
            stop,
            cut: false,
            refuted: HashSet::new(),
            next_clock_check: CLOCK_INTERVAL,
            excluded_first: Vec::new(),
            root: None,
        }
    }

    /// This search with none of `moves` as the first move of its line, for a
    /// multi-line search that wants another win than the ones it has.
    #[must_use]
    pub fn excluding(mut self, moves: &[usize]) -> VcfSearch {
        self.excluded_first = moves.to_vec();
        self
    }

    /// Takes the position on `board` as the root, where the excluded moves are
    /// skipped ([`VcfSearch::run`] does this itself; a VCT search on top of
    /// this one calls it before it starts).
    pub fn set_root(&mut self, board: &EngineBoard) {
        self.root = Some(board.hash());
    }

    /// Whether `board` is the root of a search with excluded first moves.
    #[must_use]
    pub fn excludes_here(&self, board: &EngineBoard) -> bool {
        !self.excluded_first.is_empty() && self.root == Some(board.hash())
    }

    /// Whether `at` is one of the excluded first moves.
    #[must_use]
    pub fn is_excluded(&self, at: usize) -> bool {
        self.excluded_first.contains(&at)
    }

    /// The node limit.
    #[must_use]
    pub const fn budget(&self) -> u64 {
        self.max_nodes
    }

    /// A VCF of the side to move in at most `max_depth` fours: the cells of the
    /// line, or `None`.
    pub fn run(&mut self, board: &mut EngineBoard, max_depth: u32) -> Option<Vec<usize>> {
        self.set_root(board);
        let mut line = Vec::new();
        self.attack(board, max_depth, &mut line).then_some(line)
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.max_nodes {
            return true;
        }
        if self.nodes >= self.next_clock_check {
            self.next_clock_check = self.nodes + CLOCK_INTERVAL;
            if self
                .stop
                .as_ref()
                .is_some_and(|stop| stop.load(Ordering::Relaxed))
            {
                self.max_nodes = self.nodes;
                return true;
            }
            if self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
            {
                self.max_nodes = self.nodes;
                return true;
            }
        }
        false
    }

    /// Whether the side to move wins by fours; on success `line` holds the line.
    pub fn attack(&mut self, board: &mut EngineBoard, depth: u32, line: &mut Vec<usize>) -> bool {
        self.nodes += 1;
        let attacker = board.side();
        let defender = attacker.other();
        let excluding = self.excludes_here(board);
        if let Some(five) = board
            .winning_points(attacker)
            .into_iter()
            .find(|&at| !excluding || !self.is_excluded(at))
        {
            line.push(five);
            return true;
        }
        if self.refuted.contains(&board.hash()) {
            return false;
        }
        if depth == 0 || self.out_of_budget() {
            self.cut = true;
            return false;
        }
        let threats = board.winning_points(defender);
        let mut moves = match threats.as_slice() {
            [] => four_moves(board, attacker),
            [only] if makes_four(board, *only, attacker) && legal_for(board, *only, attacker) => {
                vec![*only]
            }
            _ => Vec::new(),
        };
        if excluding {
            moves.retain(|&at| !self.is_excluded(at));
        }
        let cut_before = std::mem::take(&mut self.cut);
        for four in moves {
            board.make(four);
            line.push(four);
            let won = self.after_four(board, depth, line);
            board.unmake();
            if won {
                self.cut |= cut_before;
                return true;
            }
            line.truncate(line.len() - 1);
        }
        // A root refuted without its excluded moves is not refuted.
        if !self.cut && !excluding {
            self.refuted.insert(board.hash());
        }
        self.cut |= cut_before;
        false
    }

    /// The defender to move after the attacker's four: whether every reply
    /// loses. `line` gets the main reply and its continuation.
    fn after_four(&mut self, board: &mut EngineBoard, depth: u32, line: &mut Vec<usize>) -> bool {
        let defender = board.side();
        let attacker = defender.other();
        let fives = board.winning_points(attacker);
        if fives.is_empty() {
            return false;
        }
        let mut replies: Vec<usize> = Vec::new();
        if let [only] = fives.as_slice()
            && legal_for(board, *only, defender)
        {
            replies.push(*only);
        }
        for capture in capture_moves(board, defender) {
            if !replies.contains(&capture) && legal_for(board, capture, defender) {
                replies.push(capture);
            }
        }
        every_reply_loses(board, &replies, line, |board, branch| {
            self.attack(board, depth - 1, branch)
        })
    }
}

/// Plays each of the defender's `replies` in turn and asks `attack` whether the
/// attacker still wins after it: a forced line holds only when every reply
/// loses. `line` gets the first reply and its continuation (the main line).
pub(crate) fn every_reply_loses(
    board: &mut EngineBoard,
    replies: &[usize],
    line: &mut Vec<usize>,
    mut attack: impl FnMut(&mut EngineBoard, &mut Vec<usize>) -> bool,
) -> bool {
    let length = line.len();
    for (index, &reply) in replies.iter().enumerate() {
        board.make(reply);
        let mut branch = Vec::new();
        let won = attack(board, &mut branch);
        board.unmake();
        if !won {
            line.truncate(length);
            return false;
        }
        if index == 0 {
            line.push(reply);
            line.extend(branch);
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use narabe_rules::{BoardSize, Color, FoulPolicy, RuleSet, board_from_moves};

    use super::*;
    use crate::engine_board::index_of;

    fn board(moves: &str) -> EngineBoard {
        let board = board_from_moves(moves, BoardSize::FIFTEEN).unwrap();
        let position =
            Position::from_board(RuleSet::Freestyle, FoulPolicy::Loses, board, Color::Black)
                .unwrap();
        EngineBoard::from_position(&position)
    }

    fn cell(name: &str) -> usize {
        index_of(name.parse().unwrap())
    }

    #[test]
    fn excluded_first_moves_never_start_the_line() {
        // The open three h8 i8 j8 wins by an open four at g8 or at k8.
        let mut open_three = board("h8 a1 i8 o1 j8 a15");
        let first = VcfSearch::new(100_000, None, None)
            .run(&mut open_three, 30)
            .expect("an open four");
        let other = if first[0] == cell("g8") { "k8" } else { "g8" };
        let second = VcfSearch::new(100_000, None, None)
            .excluding(&[first[0]])
            .run(&mut open_three, 30)
            .expect("the other open four");
        assert_eq!(second[0], cell(other));
        let both = [cell("g8"), cell("k8")];
        let rest = VcfSearch::new(100_000, None, None)
            .excluding(&both)
            .run(&mut open_three, 30);
        assert!(
            rest.as_ref().is_none_or(|line| !both.contains(&line[0])),
            "{rest:?}"
        );
        // Fives count as first moves too.
        let mut four = board("h8 g8 i8 o1 j8 a15 k8 o15");
        let five = VcfSearch::new(100_000, None, None).run(&mut four, 30);
        assert_eq!(five, Some(vec![cell("l8")]));
        let none = VcfSearch::new(100_000, None, None)
            .excluding(&[cell("l8")])
            .run(&mut four, 30);
        assert!(none.is_none_or(|line| line[0] != cell("l8")));
    }
}
