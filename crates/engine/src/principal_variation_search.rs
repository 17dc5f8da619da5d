//! The main search: iterative deepening over a principal variation search
//! (negamax alpha-beta with null windows after the first move), a transposition
//! table, moves ordered by threat patterns then killers and history, and
//! forced-move rules from the patterns: a five is taken, a four must be blocked,
//! an open three must be blocked or answered with a four; at the horizon the
//! side to move's fours near its last stone are still followed
//! (`quiescence`). With several lines asked for (multi-PV), the root keeps
//! that many moves exact: a root move is probed against the score of the last
//! of the best lines so far instead of the best one.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use narabe_rules::Color;

use crate::engine_board::{CELLS, EngineBoard, STRIDE};
use crate::evaluation::{WIN_SCORE, WIN_THRESHOLD, evaluate};
use crate::line_pattern::Pattern;
use crate::search_team::{Claim, Role, SearchTeam, Work};
use crate::split_point::{SplitClaim, SplitOutcome, SplitPoint};
use crate::threat_moves::{
    capture_moves, four_moves, has_real_open_three, legal_for, makes_four, move_score,
};
use crate::time_manager::TimeManager;
use crate::transposition_table::{Bound, Entry, TranspositionTable};
use crate::unstoppable_threat::unstoppable_threat;

/// The deepest ply the search reaches, extensions included.
const MAX_PLY: usize = 64;
/// Moves searched at inner nodes without a forced reply (the best by ordering),
/// at most: fewer near the leaves (`width_at`).
const INNER_WIDTH: usize = 18;
/// Reverse futility: a node this close to the leaves whose static value
/// beats beta by this margin per ply of depth left is taken as a cutoff.
const FUTILITY_MARGIN: i32 = 300;
/// The deepest node reverse futility prunes.
const FUTILITY_MAX_DEPTH: i32 = 3;
/// The shallowest node that tries a null move.
const NULL_MOVE_MIN_DEPTH: i32 = 3;
/// The shallowest node whose late quiet moves are searched shallower.
const REDUCTION_MIN_DEPTH: i32 = 3;
/// The first move (counted from 0 in search order) that may be reduced.
const REDUCTION_FROM_MOVE: usize = 3;
/// From this move on, at nodes of `DEEPER_REDUCTION_MIN_DEPTH` or more, quiet
/// moves lose two plies.
const DEEPER_REDUCTION_FROM_MOVE: usize = 8;
/// The shallowest node whose quiet moves from `DEEPER_REDUCTION_FROM_MOVE` on
/// lose two plies.
const DEEPER_REDUCTION_MIN_DEPTH: i32 = 5;
/// The most fours in a row the horizon's quiescence search plays.
const QUIESCENCE_FOURS: i32 = 4;
/// The most fours the quiescence search tries at one node.
const QUIESCENCE_WIDTH: usize = 3;
/// The quiescence search gives up a node whose static value is this far
/// below alpha: a four rarely gains that much.
const QUIESCENCE_DELTA: i32 = 6_000;
/// The shallowest PV node whose moves the main thread shares with helpers
/// once its first move has a score (`split_point`).
const SPLIT_MIN_DEPTH: i32 = 3;
/// Nodes between two looks at the clock.
const CLOCK_INTERVAL: u64 = 256;

/// The outcome of one root search.
#[derive(Debug, Clone)]
pub struct RootResult {
    /// Root moves with their scores from the deepest completed iteration, best
    /// first.
    pub moves: Vec<(usize, i32)>,
    /// The deepest completed iteration.
    pub depth: u32,
    /// The expected line from each of the best moves, as many as the lines
    /// asked for (or root moves there are), in the order of `moves`.
    pub variations: Vec<Vec<usize>>,
}

/// How one iteration over the root moves ended: the moves with their scores,
/// best first.
enum RootIteration {
    /// Every root move searched.
    Complete(Vec<(usize, i32)>),
    /// The budget ran out: the moves searched to the end before it did.
    CutShort(Vec<(usize, i32)>),
}

/// One search: the board, the tables and the budget.
#[derive(Debug)]
pub struct Searcher<'a> {
    board: &'a mut EngineBoard,
    table: &'a TranspositionTable,
    history: &'a mut [[u32; CELLS]; 2],
    time: &'a TimeManager,
    /// Alone, or the main thread or a helper of a team that splits the root.
    role: Role<'a>,
    /// Nodes visited.
    pub nodes: u64,
    max_nodes: u64,
    aborted: bool,
    killers: [[u16; 2]; MAX_PLY + 1],
    /// Give every root move an exact score (lower levels choose among them).
    exact_root: bool,
    /// The root moves whose scores are kept exact, best first (1 but for a
    /// multi-line analysis).
    lines: usize,
    /// Whether the move into each ply was a null move (two in a row would
    /// prove nothing).
    nulls: [bool; MAX_PLY + 2],
    /// Moves on the board before the search began (the path to a split node
    /// is what follows them).
    moves_before: usize,
    /// For a helper: set when the split node's move it searches is void.
    cancelled: Option<Arc<AtomicBool>>,
}

impl<'a> Searcher<'a> {
    /// A search of `board` with these tables and budgets.
    pub fn new(
        board: &'a mut EngineBoard,
        table: &'a TranspositionTable,
        history: &'a mut [[u32; CELLS]; 2],
        time: &'a TimeManager,
        max_nodes: u64,
        exact_root: bool,
    ) -> Searcher<'a> {
        let moves_before = board.moves_made();
        Searcher {
            board,
            table,
            history,
            time,
            role: Role::Alone,
            nodes: 0,
            max_nodes,
            aborted: false,
            killers: [[u16::MAX; 2]; MAX_PLY + 1],
            exact_root,
            lines: 1,
            nulls: [false; MAX_PLY + 2],
            moves_before,
            cancelled: None,
        }
    }

    /// This search with the best `lines` root moves scored exactly (multi-PV):
    /// every root move is probed against the score of the `lines`-th best so
    /// far rather than the best, so the best `lines` come out with exact
    /// scores, and each gets its line.
    #[must_use]
    pub fn with_lines(mut self, lines: usize) -> Searcher<'a> {
        self.lines = lines.max(1);
        self
    }

    /// This search as the main thread of a team that splits the root moves
    /// (`search_team`; helpers take their role in `help`).
    #[must_use]
    pub fn in_role(mut self, role: Role<'a>) -> Searcher<'a> {
        self.role = role;
        self
    }

    /// A helper's whole work: moves claimed from the main thread's
    /// iterations and split nodes, each searched and reported, until the
    /// search ends.
    pub fn help(&mut self, team: &'a SearchTeam) {
        self.role = Role::Helper(team);
        let _guard = team.helper_guard();
        while let Some(work) = team.wait_for_work() {
            match work {
                Work::Root(claim) => {
                    self.search_claim(team, claim);
                }
                Work::Split(claim) => {
                    self.cancelled = Some(Arc::clone(&claim.cancelled));
                    let score = self.search_split_claim(&claim);
                    self.cancelled = None;
                    team.report_split(&claim, (!self.aborted).then_some(score));
                }
            }
            // Stopped by a cutoff at the split node or by the clock: the
            // next claim (if the search goes on) starts afresh.
            self.aborted = false;
        }
    }

    /// A split node's move, searched from the search root: the path to the
    /// node is played first and taken back after.
    fn search_split_claim(&mut self, claim: &SplitClaim) -> i32 {
        for &at in &claim.path {
            self.board.make(at);
        }
        let score = self.search_split_move(claim);
        for _ in &claim.path {
            self.board.unmake();
        }
        score
    }

    /// Searches a claimed root move and reports it to the team; false when
    /// the search was stopped first (the move is reported unscored).
    fn search_claim(&mut self, team: &SearchTeam, claim: Claim) -> bool {
        let score = self.search_root_move(claim.at, claim.index, claim.depth, claim.best, false);
        team.report(claim, (!self.aborted).then_some(score));
        !self.aborted
    }

    /// Iterative deepening over `root_moves` up to `max_depth` plies.
    pub fn iterate(&mut self, root_moves: &[usize], max_depth: u32) -> RootResult {
        let mut moves: Vec<(usize, i32)> = root_moves.iter().map(|&at| (at, 0)).collect();
        let mut completed = 0;
        for depth in 1..=max_depth.max(1) {
            if depth > 1 && !self.time.may_start_iteration() {
                break;
            }
            let iteration = match self.role {
                Role::Main(team) => self.search_root_shared(team, &moves, depth),
                Role::Alone | Role::Helper(_) => self.search_root(&moves, depth),
            };
            let scored = match iteration {
                RootIteration::Complete(scored) => scored,
                RootIteration::CutShort(finished) => {
                    // The moves this iteration finished are better known than
                    // the rest: a move that beat the last best (its score is
                    // exact, re-searched with the full window) goes first.
                    // Lower levels compare exact scores of every move, so they
                    // keep the last complete iteration. With several lines,
                    // the iteration counts once it has finished as many moves
                    // as lines (the first that many are searched with the full
                    // window), so that every line shown comes from one depth.
                    if !self.exact_root && finished.len() >= self.lines.min(moves.len()) {
                        let rest = moves
                            .iter()
                            .filter(|(at, _)| finished.iter().all(|(done, _)| done != at));
                        moves = finished.iter().chain(rest).copied().collect();
                    }
                    break;
                }
            };
            moves = scored;
            completed = depth;
            let decided = moves
                .iter()
                .take(self.lines)
                .all(|&(_, score)| score.abs() >= WIN_THRESHOLD);
            if decided || moves.len() == 1 {
                break;
            }
        }
        let variations = moves
            .iter()
            .take(self.lines)
            .map(|&(at, _)| self.principal_variation(at))
            .collect();
        RootResult {
            moves,
            depth: completed,
            variations,
        }
    }

    /// One root move, `index`th in the iteration's order, searched `depth`
    /// plies deep: with the full window, or probed with a null window at
    /// `alpha` first and searched again with the full window only if it beats
    /// it. A late quiet move is probed shallower first, as at inner nodes
    /// (`reduction`), and again at full depth if it beats `alpha`; lower
    /// levels, which score every root move exactly, are not reduced.
    fn search_root_move(
        &mut self,
        at: usize,
        index: usize,
        depth: u32,
        alpha: i32,
        full_window: bool,
    ) -> i32 {
        let beta = WIN_SCORE + 1;
        let depth = i32::try_from(depth).expect("small depth");
        let reduction = if full_window || self.exact_root {
            0
        } else {
            self.reduction(at, index, depth)
        };
        self.board.make(at);
        let depth = depth - 1;
        let score = if full_window {
            -self.pvs(depth, -beta, -alpha, 1)
        } else {
            let mut probe = -self.pvs(depth - reduction, -alpha - 1, -alpha, 1);
            if reduction > 0 && probe > alpha && !self.aborted {
                probe = -self.pvs(depth, -alpha - 1, -alpha, 1);
            }
            if probe > alpha && !self.aborted {
                -self.pvs(depth, -beta, -alpha, 1)
            } else {
                probe
            }
        };
        self.board.unmake();
        score
    }

    /// One iteration with the root moves split among the team's threads
    /// (one line, full strength): the first move here, with the full window;
    /// the others claimed in turn by whichever thread is free.
    fn search_root_shared(
        &mut self,
        team: &SearchTeam,
        moves: &[(usize, i32)],
        depth: u32,
    ) -> RootIteration {
        let order: Vec<usize> = moves.iter().map(|&(at, _)| at).collect();
        team.begin(depth, &order);
        let first = self.search_root_move(order[0], 0, depth, -WIN_SCORE - 1, true);
        if self.aborted {
            return RootIteration::CutShort(Vec::new());
        }
        team.first_scored(first);
        while let Some(claim) = team.claim() {
            if !self.search_claim(team, claim) {
                break;
            }
        }
        let (mut scored, complete) = team.gather();
        // A stable sort keeps the previous order among equal scores.
        scored.sort_by_key(|&(_, score)| -score);
        if complete && !self.aborted {
            RootIteration::Complete(scored)
        } else {
            RootIteration::CutShort(scored)
        }
    }

    fn search_root(&mut self, moves: &[(usize, i32)], depth: u32) -> RootIteration {
        let mut scored: Vec<(usize, i32)> = Vec::with_capacity(moves.len());
        // The best `lines` scores so far, best first: a move must beat the
        // last of them to be among the lines (with one line, the best).
        let mut best_scores: Vec<i32> = Vec::with_capacity(self.lines + 1);
        for (index, &(at, _)) in moves.iter().enumerate() {
            let alpha = if best_scores.len() < self.lines {
                -WIN_SCORE - 1
            } else {
                best_scores[self.lines - 1]
            };
            let full_window = index < self.lines || self.exact_root;
            let score = self.search_root_move(at, index, depth, alpha, full_window);
            if self.aborted {
                scored.sort_by_key(|&(_, score)| -score);
                return RootIteration::CutShort(scored);
            }
            if !self.exact_root {
                let place = best_scores.partition_point(|&better| better >= score);
                best_scores.insert(place, score);
                best_scores.truncate(self.lines);
            }
            scored.push((at, score));
        }
        // A stable sort keeps the previous order among equal scores.
        scored.sort_by_key(|&(_, score)| -score);
        RootIteration::Complete(scored)
    }

    fn check_budget(&mut self) {
        if self.nodes >= self.max_nodes
            || (self.nodes.is_multiple_of(CLOCK_INTERVAL)
                && (self.time.must_stop()
                    || matches!(self.role, Role::Helper(team) if team.is_finished())
                    || self
                        .cancelled
                        .as_ref()
                        .is_some_and(|cancelled| cancelled.load(Ordering::Relaxed))))
        {
            self.aborted = true;
        }
    }

    fn pvs(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        self.check_budget();
        if self.aborted {
            return 0;
        }
        let side = self.board.side();
        let ply_score = i32::try_from(ply).expect("small ply");
        if !self.board.winning_points(side).is_empty() {
            return WIN_SCORE - ply_score;
        }
        if self.board.is_full() {
            return 0;
        }
        if ply >= MAX_PLY {
            return evaluate(self.board);
        }
        let hash = self.board.hash();
        let mut table_move = u16::MAX;
        if let Some(entry) = self.table.probe(hash) {
            table_move = entry.best;
            if i32::from(entry.depth) >= depth {
                let score = score_from_table(entry.score, ply_score);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }
        let forced = !self.board.winning_points(side.other()).is_empty();
        if !forced && let Some(plies) = unstoppable_threat(self.board, side) {
            return WIN_SCORE - ply_score - plies;
        }
        if depth <= 0 && !forced {
            return self.quiescence(depth, alpha, beta, ply);
        }
        let pv_node = beta - alpha > 1;
        if !pv_node
            && !forced
            && beta.abs() < WIN_THRESHOLD
            && let Some(score) = self.prune_quiet_node(depth, beta, ply)
        {
            return score;
        }
        let moves = self.node_moves(table_move, ply);
        // Late move pruning: past the width only while every move searched
        // so far loses (a loss proven among the first few is not yet the
        // node's value).
        let width = if forced { moves.len() } else { width_at(depth) };
        if moves.is_empty() {
            return -WIN_SCORE + ply_score + 1;
        }
        let original_alpha = alpha;
        let mut best = -WIN_SCORE - 1;
        let mut best_move = moves[0];
        for (index, &at) in moves.iter().enumerate() {
            if index >= width && best > -WIN_THRESHOLD {
                break;
            }
            let score = self.search_child(at, index, (depth, ply), (alpha, beta), moves.len() > 1);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = at;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                self.remember_cutoff(at, ply, depth);
                break;
            }
            if index == 0
                && pv_node
                && depth >= SPLIT_MIN_DEPTH
                && moves.len() > 2
                && let Role::Main(team) = self.role
            {
                let path = self.board.move_history().skip(self.moves_before).collect();
                let split = SplitPoint::new(
                    path,
                    (depth, ply),
                    (original_alpha, beta),
                    moves.clone(),
                    width,
                    score,
                );
                if team.open_split(split) {
                    let (split_best, split_index) = self.search_split(team);
                    if self.aborted {
                        return 0;
                    }
                    best = split_best;
                    best_move = moves[split_index];
                    alpha = alpha.max(best);
                    if alpha >= beta {
                        self.remember_cutoff(best_move, ply, depth);
                    }
                    break;
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(Entry {
            hash,
            score: score_to_table(best, ply_score),
            best: u16::try_from(best_move).expect("index"),
            depth: i8::try_from(depth.clamp(0, 100)).expect("small depth"),
            bound,
        });
        best
    }

    /// The move `at`, `index`th in the order of the node at `depth` and `ply`,
    /// searched with the node's window: the first move with the full window,
    /// the others probed with a null window at `alpha` (late quiet ones
    /// shallower first when `reducible`, i.e. the node has more than one
    /// move; a node with one costs no depth) and searched again if they beat
    /// it. The score is the node's side's.
    fn search_child(
        &mut self,
        at: usize,
        index: usize,
        (depth, ply): (i32, usize),
        (alpha, beta): (i32, i32),
        reducible: bool,
    ) -> i32 {
        let (child_depth, reduction) = if reducible {
            (depth - 1, self.reduction(at, index, depth))
        } else {
            (depth, 0)
        };
        self.board.make(at);
        let score = if index == 0 {
            -self.pvs(child_depth, -beta, -alpha, ply + 1)
        } else {
            let mut probe = -self.pvs(child_depth - reduction, -alpha - 1, -alpha, ply + 1);
            if reduction > 0 && probe > alpha && !self.aborted {
                probe = -self.pvs(child_depth, -alpha - 1, -alpha, ply + 1);
            }
            if probe > alpha && probe < beta && !self.aborted {
                -self.pvs(child_depth, -beta, -alpha, ply + 1)
            } else {
                probe
            }
        };
        self.board.unmake();
        score
    }

    /// A split node's move, from the node: the serial search's treatment of
    /// the move (a split node has more than two moves, so it is reducible).
    fn search_split_move(&mut self, claim: &SplitClaim) -> i32 {
        self.search_child(
            claim.at,
            claim.index,
            (claim.depth, claim.ply),
            (claim.alpha, claim.beta),
            true,
        )
    }

    /// The main thread's part in the split node it opened (the board is at
    /// the node): its moves claimed in turn with the helpers, then the best
    /// score and the place of its move once every claimed move is reported.
    /// A stop leaves `aborted` set.
    fn search_split(&mut self, team: &SearchTeam) -> (i32, usize) {
        while let Some(claim) = team.claim_split() {
            let score = self.search_split_move(&claim);
            if self.aborted {
                team.report_split(&claim, None);
                team.cancel_split();
                break;
            }
            team.report_split(&claim, Some(score));
        }
        match team.close_split() {
            SplitOutcome::Searched { best, index } => (best, index),
            SplitOutcome::Stopped => {
                self.aborted = true;
                (0, 0)
            }
        }
    }

    /// The value at the horizon: the static value, or better if a four of the
    /// side to move near its own last stone does better (the block is
    /// forced, so the line stays narrow). At most `QUIESCENCE_FOURS` fours in
    /// a row; `depth` counts them below zero.
    fn quiescence(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        let stand = evaluate(self.board);
        if stand >= beta
            || depth <= -QUIESCENCE_FOURS
            || self.board.rules().capture_goal().is_some()
            || stand + QUIESCENCE_DELTA < alpha
        {
            return stand;
        }
        let side = self.board.side();
        let Some(own_last) = self.board.move_history().rev().nth(1) else {
            return stand;
        };
        let fours = four_moves(self.board, side)
            .into_iter()
            .filter(|&at| near_on_lines(at, own_last))
            .take(QUIESCENCE_WIDTH);
        let mut best = stand;
        alpha = alpha.max(stand);
        for at in fours {
            self.board.make(at);
            let score = -self.pvs(depth - 1, -beta, -alpha, ply + 1);
            self.board.unmake();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The cutoffs a non-PV node without a five to block may take before
    /// searching its moves, when the opponent has no open three either:
    /// reverse futility near the leaves (the static value beats beta by a
    /// margin per ply), then a null move (the side to move passes, and a
    /// shallower search still fails high: in these games a stone almost never
    /// hurts its owner, renju's fouls and pente's captures aside, so passing
    /// is nearly a lower bound).
    fn prune_quiet_node(&mut self, depth: i32, beta: i32, ply: usize) -> Option<i32> {
        let side = self.board.side();
        let threatened = self.board.level_count(side.other(), Pattern::OpenFour) > 0;
        let mut static_score = None;
        if depth <= FUTILITY_MAX_DEPTH && !threatened {
            let score = evaluate(self.board);
            if score - FUTILITY_MARGIN * depth >= beta {
                return Some(score);
            }
            static_score = Some(score);
        }
        if depth < NULL_MOVE_MIN_DEPTH
            || self.nulls[ply]
            || open_three_forces(self.board, side)
            || static_score.unwrap_or_else(|| evaluate(self.board)) < beta
        {
            return None;
        }
        let reduction = 2 + depth / 4;
        self.board.make_null();
        self.nulls[ply + 1] = true;
        let score = -self.pvs(depth - 1 - reduction, -beta, -beta + 1, ply + 1);
        self.nulls[ply + 1] = false;
        self.board.make_null();
        if self.aborted || score < beta {
            return None;
        }
        // A win found after a pass is not proven for the real move.
        Some(if score >= WIN_THRESHOLD { beta } else { score })
    }

    /// How many plies shallower the move `at`, `index`th in search order, is
    /// searched first (it is searched again at full depth if it beats alpha):
    /// late moves that neither make an open three or a four nor take a point
    /// where the opponent would make a four.
    fn reduction(&self, at: usize, index: usize, depth: i32) -> i32 {
        let side = self.board.side();
        let quiet = self.board.level(at, side) < Pattern::OpenThree
            && self.board.level(at, side.other()) < Pattern::Four;
        if depth < REDUCTION_MIN_DEPTH || index < REDUCTION_FROM_MOVE || !quiet {
            0
        } else if index >= DEEPER_REDUCTION_FROM_MOVE && depth >= DEEPER_REDUCTION_MIN_DEPTH {
            2
        } else {
            1
        }
    }

    fn remember_cutoff(&mut self, at: usize, ply: usize, depth: i32) {
        let move_code = u16::try_from(at).expect("index");
        let killers = &mut self.killers[ply];
        if killers[0] != move_code {
            killers[1] = killers[0];
            killers[0] = move_code;
        }
        let side = self.board.side().index();
        let bonus = u32::try_from(depth.max(1) * depth.max(1)).expect("positive");
        self.history[side][at] = self.history[side][at].saturating_add(bonus);
    }

    /// The moves worth searching here, best first (the table move, then by
    /// pattern score, killers and history).
    fn node_moves(&mut self, table_move: u16, ply: usize) -> Vec<usize> {
        let board = &*self.board;
        let side = board.side();
        let forced = forced_moves(board, side);
        let restricted = forced.is_some();
        let score = |at: usize| {
            let mut key = i64::from(move_score(board, at, side)) * 1024
                + i64::from(self.history[side.index()][at].min(1 << 20));
            if usize::from(table_move) == at {
                key += 1 << 50;
            } else if self.killers[ply].contains(&u16::try_from(at).expect("index")) {
                key += 1 << 30;
            }
            (-key, at)
        };
        let mut scored: Vec<(i64, usize)> = match forced {
            Some(moves) => moves
                .into_iter()
                .filter(|&at| legal_for(board, at, side))
                .map(score)
                .collect(),
            None => board
                .candidates()
                .filter(|&at| legal_for(board, at, side))
                .map(score)
                .collect(),
        };
        if !restricted && scored.len() > INNER_WIDTH {
            // Only the best `INNER_WIDTH` are kept: find them, then sort them
            // alone (the keys differ, so the order is the full sort's).
            scored.select_nth_unstable(INNER_WIDTH);
            scored.truncate(INNER_WIDTH);
        }
        scored.sort_unstable();
        scored.into_iter().map(|(_, at)| at).collect()
    }

    /// The line the table remembers from `first`.
    fn principal_variation(&mut self, first: usize) -> Vec<usize> {
        let mut line = vec![first];
        self.board.make(first);
        while line.len() < 12 {
            let Some(entry) = self.table.probe(self.board.hash()) else {
                break;
            };
            let next = usize::from(entry.best);
            if entry.best == u16::MAX || !legal_for(self.board, next, self.board.side()) {
                break;
            }
            line.push(next);
            self.board.make(next);
        }
        for _ in 0..line.len() {
            self.board.unmake();
        }
        line
    }
}

/// Whether `at` lies within two points of `other` (king moves) or on one of
/// its four lines within four points: where a four can follow up a stone.
fn near_on_lines(at: usize, other: usize) -> bool {
    let (row, col) = (at / STRIDE, at % STRIDE);
    let (other_row, other_col) = (other / STRIDE, other % STRIDE);
    let rows = row.abs_diff(other_row);
    let cols = col.abs_diff(other_col);
    (rows <= 2 && cols <= 2) || (rows <= 4 && cols <= 4 && (rows == 0 || cols == 0 || rows == cols))
}

/// The most moves searched at a node `depth` plies from the leaves: late move
/// pruning, trusting the ordering more near the leaves.
fn width_at(depth: i32) -> usize {
    usize::try_from(3 + 3 * depth.max(1))
        .expect("positive")
        .min(INNER_WIDTH)
}

/// The only sensible moves of `side` when the other side threatens: the blocks
/// of a five (plus captures in pente), or against an open three the blocks and
/// `side`'s own fours. `None` when nothing is forced.
#[must_use]
pub fn forced_moves(board: &EngineBoard, side: Color) -> Option<Vec<usize>> {
    let other = side.other();
    let pente = board.rules().capture_goal().is_some();
    let threats = board.winning_points(other);
    if !threats.is_empty() {
        let mut moves = threats;
        if pente {
            moves.extend(capture_moves(board, side));
        }
        return Some(moves);
    }
    if !open_three_forces(board, side) {
        return None;
    }
    // Blocks and fours both reach a four for one colour: the bit sets hold
    // them, so the candidates need not be scanned.
    Some(
        board
            .points_either_reaches(Pattern::Four)
            .filter(|&at| board.level(at, other) >= Pattern::Four || makes_four(board, at, side))
            .collect(),
    )
}

/// Whether the other side's real open three forces `side`'s reply (there is
/// no five to block first). In pente captures answer threes too, so there it
/// forces nothing.
fn open_three_forces(board: &EngineBoard, side: Color) -> bool {
    board.rules().capture_goal().is_none() && has_real_open_three(board, side.other())
}

fn score_to_table(score: i32, ply: i32) -> i32 {
    if score >= WIN_THRESHOLD {
        score + ply
    } else if score <= -WIN_THRESHOLD {
        score - ply
    } else {
        score
    }
}

fn score_from_table(score: i32, ply: i32) -> i32 {
    if score >= WIN_THRESHOLD {
        score - ply
    } else if score <= -WIN_THRESHOLD {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use narabe_rules::{BoardSize, FoulPolicy, Position, RuleSet, board_from_moves};

    use super::*;
    use crate::search_limits::SearchLimits;

    /// Black (to move) wins by two fours and has no open three: k8 (a four
    /// along row 8), White blocks at l8, then k9 makes two fours (the
    /// diagonal h6-k9 and column k); or k9 first, then k8.
    const TWO_FOUR_WIN: &str = "h8 g8 i8 g5 j8 k12 h6 a1 i7 o1 k10 a15 k11 o15";

    fn first_iteration(moves: &str, max_depth: u32) -> RootResult {
        let stones = board_from_moves(moves, BoardSize::FIFTEEN).expect("moves");
        let position =
            Position::from_board(RuleSet::Freestyle, FoulPolicy::Loses, stones, Color::Black)
                .expect("position");
        let mut board = EngineBoard::from_position(&position);
        let root_moves: Vec<usize> = board.candidates().collect();
        let table = TranspositionTable::new(1 << 20);
        let mut history = [[0; CELLS]; 2];
        let time = TimeManager::new(&SearchLimits::default(), 0, 1.0);
        Searcher::new(&mut board, &table, &mut history, &time, u64::MAX, false)
            .iterate(&root_moves, max_depth)
    }

    #[test]
    fn the_horizon_follows_fours_to_a_win() {
        let result = first_iteration(TWO_FOUR_WIN, 1);
        assert_eq!(result.depth, 1);
        let (_, score) = result.moves[0];
        assert!(
            score >= WIN_THRESHOLD,
            "a one-ply search sees the second four: {score}"
        );
    }
}
