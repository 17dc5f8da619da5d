//! The engine: one object per game (or per protocol session) that keeps its
//! tables between moves, and the order in which a search tries things: a five,
//! the forced replies, its own VCF, a defence against the opponent's VCF, its
//! own VCT, then iterative-deepening PVS, and at lower levels a seeded choice
//! among near-best moves.

use std::time::Duration;

use narabe_rules::{Move, Point, Position, RuleSet, Zone};

use crate::engine_board::{CELLS, EngineBoard, index_of, point_of};
use crate::evaluation::{WIN_SCORE, WIN_THRESHOLD};
use crate::evaluation_combinations::combination_values;
use crate::line_pattern::PatternPairTable;
use crate::opening_book;
use crate::principal_variation_search::{Searcher, forced_moves};
use crate::random::SplitMix64;
use crate::search_team::{Role, SearchTeam};
use crate::strength_levels::LevelSettings;
use crate::threat_moves::{self, legal_for, move_score};
use crate::time_manager::TimeManager;
use crate::transposition_table::TranspositionTable;
use crate::vcf_search::VcfSearch;
use crate::vct_search::VctSearch;
use crate::{Score, ScoredLine, SearchLimits, SearchReport, Strength};

/// The most fours in a root VCF line.
const ROOT_VCF_DEPTH: u32 = 30;
/// The most threats in a root VCT line.
const ROOT_VCT_DEPTH: u32 = 5;
/// Root moves checked against the opponent's VCF, best by ordering first.
const VCF_DEFENCE_CANDIDATES: usize = 40;
/// How far into the time budget the threat searches before the main search
/// may go, each from where the one before stopped: the side to move's VCF, the
/// defence against the opponent's VCF, the VCT. The rest is the main search's,
/// which needs it most (a threat search that finds nothing usually ends early).
const OWN_VCF_SHARE: f64 = 0.1;
const DEFENCE_SHARE: f64 = 0.2;
const VCT_SHARE: f64 = 0.3;

/// How an [`Engine`] is set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineOptions {
    /// The playing strength.
    pub strength: Strength,
    /// The most memory the engine's tables may take, in bytes.
    pub memory_bytes: usize,
    /// The seed of the engine's choices among near-equal moves (levels below
    /// full strength and opening decisions vary with it).
    pub seed: u64,
    /// Search threads at full strength (helpers split the root moves of each
    /// iteration with the main search and share its transposition table; see
    /// `search_team`). Lower levels and multi-line analyses always search with
    /// one, so that seeded choices replay and every line keeps its window.
    pub threads: usize,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            strength: Strength::FULL,
            memory_bytes: 64 << 20,
            seed: 0x6e61_7261_6265,
            threads: 1,
        }
    }
}

/// A computer player.
#[derive(Debug)]
pub struct Engine {
    options: EngineOptions,
    table: TranspositionTable,
    history: Box<[[u32; CELLS]; 2]>,
    random: SplitMix64,
}

impl Engine {
    /// An engine with `options`; its transposition table takes at most
    /// `memory_bytes`.
    #[must_use]
    pub fn new(options: EngineOptions) -> Engine {
        Engine {
            options,
            table: TranspositionTable::new(options.memory_bytes),
            history: Box::new([[0; CELLS]; 2]),
            random: SplitMix64::new(options.seed),
        }
    }

    /// Builds the pattern tables of `rules`, the evaluation's combination
    /// values and the move ordering's shape scores now. The first search of a
    /// rule set in a process otherwise builds them itself (a few tens of
    /// milliseconds, taken from that move's time); adapters that start an
    /// engine before a timed game call this first (the Gomocup session does
    /// at `START` and `INFO rule`, the server at start-up). Tables are shared
    /// by all engines.
    pub fn warm_up(rules: RuleSet) {
        let _ = PatternPairTable::new(rules);
        let _ = combination_values();
        threat_moves::warm_up();
    }

    /// The options the engine was made with.
    #[must_use]
    pub const fn options(&self) -> EngineOptions {
        self.options
    }

    /// Forgets everything learnt in the previous game (and restarts the seeded
    /// choices, so a game replays the same way from the same moves).
    pub fn new_game(&mut self) {
        self.table.clear();
        self.history.iter_mut().for_each(|side| side.fill(0));
        self.random = SplitMix64::new(self.options.seed);
    }

    /// Searches `position` within `limits` and answers the move to play, which is
    /// always legal (a pass only when no stone can be placed, or in renju when
    /// only fouls are left, and passing is allowed). Black never plays a renju
    /// foul, under either foul policy.
    ///
    /// # Panics
    ///
    /// When the game in `position` is already over or no move is legal.
    #[must_use]
    pub fn search(&mut self, position: &Position, limits: &SearchLimits) -> SearchReport {
        self.search_in_zone(position, limits, Zone::Anywhere)
    }

    /// [`Engine::search`] answering the best `lines` moves (multi-PV, for
    /// analysis), best first, in [`SearchReport::lines`], within the same
    /// budget: the threat searches look for a win again with the first moves
    /// of the wins found so far excluded, and the main search keeps `lines`
    /// root moves exact (each root move is searched against the score of the
    /// `lines`-th best so far). Fewer lines come back when fewer moves are
    /// worth listing: the only sensible replies to a four or an open three, the
    /// moves that stop the opponent's VCF when some do, never a renju foul.
    /// With `lines` 1 this is [`Engine::search`].
    ///
    /// # Panics
    ///
    /// When the game in `position` is already over or no move is legal.
    #[must_use]
    pub fn search_lines(
        &mut self,
        position: &Position,
        limits: &SearchLimits,
        lines: usize,
    ) -> SearchReport {
        self.search_with(position, limits, Zone::Anywhere, lines)
    }

    /// [`Engine::search`] with the stone restricted to `zone`, for opening rules
    /// that limit where a move may go (pro, long-pro, the pente tournament
    /// rule, the 3x3 to 9x9 areas of the renju openings). When no point of the
    /// zone is playable, the answer falls back to any legal move.
    ///
    /// # Panics
    ///
    /// When the game in `position` is already over or no move is legal.
    #[must_use]
    pub fn search_in_zone(
        &mut self,
        position: &Position,
        limits: &SearchLimits,
        zone: Zone,
    ) -> SearchReport {
        self.search_with(position, limits, zone, 1)
    }

    #[allow(clippy::too_many_lines)] // the steps of one search, in order
    fn search_with(
        &mut self,
        position: &Position,
        limits: &SearchLimits,
        zone: Zone,
        lines: usize,
    ) -> SearchReport {
        assert!(!position.is_over(), "the game is over in {position:?}");
        let lines = lines.max(1);
        let settings = LevelSettings::of(self.options.strength);
        let mut capped = limits.clone();
        if let Some(cap) = settings.time_cap
            && (limits.move_time.is_some() || limits.game_time_left.is_some())
        {
            capped.move_time = Some(limits.move_time.map_or(cap, |time| time.min(cap)));
        }
        let time = TimeManager::new(&capped, position.ply(), settings.time_share);
        let mut board = EngineBoard::from_position(position);
        let side = board.side();
        let mut report = SearchReport {
            best_move: Move::Pass,
            score: Score::Value(0),
            depth: 0,
            nodes: 0,
            principal_variation: Vec::new(),
            forced_win: None,
            lines: Vec::new(),
            elapsed: Duration::ZERO,
        };
        let mut root_moves = root_moves(position, &board, zone);
        if root_moves.is_empty() {
            // Only fouls (or nothing) are left for Black: pass where the rules
            // allow it, else take the first legal move.
            let legal = position.legal_moves();
            report.best_move = if legal.contains(&Move::Pass) {
                Move::Pass
            } else {
                *legal.first().expect("a legal move")
            };
            return finish(report, &time);
        }
        if board.stone_count() == 0 {
            return finish(play(report, point_of(root_moves[0])), &time);
        }
        // 0. The opening book, for a move of a game at full strength (not for
        //    analyses, nor for searches held to a depth or a node count, which
        //    is how the book itself is built).
        if limits.opening_book
            && lines == 1
            && settings.is_full()
            && limits.max_depth.is_none()
            && limits.max_nodes.is_none()
            && let Some(book) = opening_book::book_move(position)
            && root_moves.contains(&index_of(book.point))
        {
            report.score = Score::Value(book.score);
            report.depth = book.depth;
            return finish(play(report, book.point), &time);
        }
        // The forced wins the threat searches find, one line each, and their
        // first moves, which the next threat search leaves out.
        let mut wins = ForcedWins::default();
        // 1. A win on the spot.
        for win in board.winning_points(side) {
            if wins.len() < lines && root_moves.contains(&win) {
                wins.take(Score::WinIn(1), vec![win], &mut root_moves);
            }
        }
        if wins.len() == lines || root_moves.is_empty() {
            return finish(wins.into_report(report, Vec::new(), lines), &time);
        }
        // 2. Forced replies: block a five; block an open three or counter with
        //    a four (level 1 sometimes overlooks the three).
        let five_threat = !board.winning_points(side.other()).is_empty();
        if let Some(forced) = forced_moves(&board, side) {
            let overlook = !five_threat && self.random.below(100) < settings.overlook_three_percent;
            let kept: Vec<usize> = root_moves
                .iter()
                .copied()
                .filter(|at| forced.contains(at))
                .collect();
            if !kept.is_empty() && !overlook {
                root_moves = kept;
            }
        }
        let node_cap = limits.max_nodes.unwrap_or(u64::MAX);
        // 3. Our own VCF (again without the first moves of the wins found, as
        //    long as more lines are wanted and one is found).
        if settings.vcf_nodes > 0 {
            let deadline = time.deadline_at_share(OWN_VCF_SHARE);
            while wins.len() < lines && !root_moves.is_empty() {
                let mut vcf =
                    VcfSearch::new(settings.vcf_nodes.min(node_cap), deadline, time.stop_flag())
                        .excluding(&wins.first_moves);
                let line = vcf.run(&mut board, ROOT_VCF_DEPTH);
                report.nodes += vcf.nodes;
                let Some(line) = line.filter(|line| root_moves.contains(&line[0])) else {
                    break;
                };
                let score = Score::WinIn(plies_to_win(&mut board, &line));
                wins.take(score, line, &mut root_moves);
            }
            if wins.len() == lines || root_moves.is_empty() {
                return finish(wins.into_report(report, Vec::new(), lines), &time);
            }
        }
        // 4. The opponent's VCF: keep only the moves that stop it.
        if settings.vcf_nodes > 0 && !five_threat {
            let budget = (settings.vcf_nodes / 4).min(node_cap);
            board.make_null();
            let defence_deadline = time.deadline_at_share(DEFENCE_SHARE);
            let mut vcf = VcfSearch::new(budget, defence_deadline, time.stop_flag());
            let threat = vcf.run(&mut board, ROOT_VCF_DEPTH);
            board.make_null();
            report.nodes += vcf.nodes;
            if let Some(threat) = threat {
                // The points of the threatening line come first: most defences
                // take one of them; then the best moves by ordering.
                let mut ordered: Vec<usize> = threat
                    .iter()
                    .copied()
                    .filter(|at| root_moves.contains(at))
                    .collect();
                let mut rest = root_moves.clone();
                rest.retain(|at| !ordered.contains(at));
                rest.sort_by_key(|&at| -move_score(&board, at, side));
                ordered.extend(rest);
                let mut defending = Vec::new();
                for &at in ordered.iter().take(VCF_DEFENCE_CANDIDATES) {
                    board.make(at);
                    let mut check =
                        VcfSearch::new(budget / 8 + 100, defence_deadline, time.stop_flag());
                    // A check cut short proves nothing either way.
                    let refuted = check.run(&mut board, ROOT_VCF_DEPTH).is_none() && !check.cut;
                    report.nodes += check.nodes;
                    board.unmake();
                    if refuted {
                        defending.push(at);
                    }
                }
                if !defending.is_empty() {
                    root_moves = defending;
                }
            }
        }
        // 5. Our own VCT (again without the first moves of the wins found).
        if settings.vct_nodes > 0 && board.rules().capture_goal().is_none() && !five_threat {
            let deadline = time.deadline_at_share(VCT_SHARE);
            while wins.len() < lines && !root_moves.is_empty() {
                let vcf =
                    VcfSearch::new(settings.vct_nodes.min(node_cap), deadline, time.stop_flag())
                        .excluding(&wins.first_moves);
                let mut vct = VctSearch::new(vcf);
                let line = vct.run(&mut board, ROOT_VCT_DEPTH);
                report.nodes += vct.vcf.nodes;
                let Some(line) = line.filter(|line| root_moves.contains(&line[0])) else {
                    break;
                };
                let score = Score::WinIn(plies_to_win(&mut board, &line));
                wins.take(score, line, &mut root_moves);
            }
            if wins.len() == lines || root_moves.is_empty() {
                return finish(wins.into_report(report, Vec::new(), lines), &time);
            }
        }
        // 6. The main search, for the lines still wanted.
        let searched_lines = lines - wins.len();
        root_moves.sort_by_key(|&at| -move_score(&board, at, side));
        let max_depth = settings.max_depth.min(limits.max_depth.unwrap_or(u32::MAX));
        let max_nodes = node_cap.saturating_sub(report.nodes).max(1);
        // Helper threads split the root moves with the main thread (one line
        // at full strength; see `search_team`).
        let helpers = if settings.is_full() && searched_lines == 1 {
            self.options.threads.saturating_sub(1)
        } else {
            0
        };
        let team = SearchTeam::default();
        let (result, nodes) = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..helpers)
                .map(|_| {
                    let mut board = board.clone();
                    let mut history = self.history.clone();
                    let (table, time, team) = (&self.table, &time, &team);
                    scope.spawn(move || {
                        let mut searcher =
                            Searcher::new(&mut board, table, &mut history, time, u64::MAX, false);
                        searcher.help(team);
                        searcher.nodes
                    })
                })
                .collect();
            let role = if helpers > 0 {
                Role::Main(&team)
            } else {
                Role::Alone
            };
            let mut searcher = Searcher::new(
                &mut board,
                &self.table,
                &mut self.history,
                &time,
                max_nodes,
                !settings.is_full(),
            )
            .in_role(role)
            .with_lines(searched_lines);
            let result = searcher.iterate(&root_moves, max_depth);
            team.finish();
            // A helper that panicked was not waited for (`HelperGuard`); its
            // panic is passed on here, as one of the main thread's would be.
            let nodes = searcher.nodes
                + workers
                    .into_iter()
                    .map(|worker| worker.join().expect("a helper search panicked"))
                    .sum::<u64>();
            (result, nodes)
        });
        report.nodes += nodes;
        report.depth = result.depth;
        let mut searched: Vec<(Score, Vec<usize>)> = result
            .moves
            .iter()
            .zip(&result.variations)
            .map(|(&(_, score), line)| (score_of(score), line.clone()))
            .collect();
        // 7. The choice: the best, or at lower levels any move close to it
        //    (never when a forced win is known).
        let (best, best_score) = result.moves[0];
        if wins.is_empty()
            && !settings.is_full()
            && best_score.abs() < WIN_THRESHOLD
            && result.depth > 0
        {
            let close: Vec<usize> = result
                .moves
                .iter()
                .filter(|&&(_, score)| score >= best_score - settings.choice_margin)
                .map(|&(at, _)| at)
                .collect();
            let chosen =
                close[usize::try_from(self.random.below(close.len() as u64)).expect("index")];
            if chosen != best {
                let chosen_score = result
                    .moves
                    .iter()
                    .find(|&&(at, _)| at == chosen)
                    .map_or(best_score, |&(_, score)| score);
                searched.retain(|(_, line)| line[0] != chosen);
                searched.insert(0, (score_of(chosen_score), vec![chosen]));
                searched.truncate(searched_lines);
            }
        }
        finish(wins.into_report(report, searched, lines), &time)
    }
}

/// The forced wins a search found by its threat searches, in the order found,
/// and their first moves.
#[derive(Debug, Default)]
struct ForcedWins {
    lines: Vec<(Score, Vec<usize>)>,
    first_moves: Vec<usize>,
}

impl ForcedWins {
    fn len(&self) -> usize {
        self.lines.len()
    }

    fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Keeps the win `line`, whose first move leaves the root moves.
    fn take(&mut self, score: Score, line: Vec<usize>, root_moves: &mut Vec<usize>) {
        root_moves.retain(|&at| at != line[0]);
        self.first_moves.push(line[0]);
        self.lines.push((score, line));
    }

    /// The report with these wins and the main search's `searched` lines, the
    /// best `lines` of them first; a forced win on top is the report's
    /// `forced_win`.
    fn into_report(
        self,
        mut report: SearchReport,
        searched: Vec<(Score, Vec<usize>)>,
        lines: usize,
    ) -> SearchReport {
        let forced = self.lines.len();
        let mut all: Vec<(Score, Vec<usize>, bool)> = self
            .lines
            .into_iter()
            .map(|(score, line)| (score, line, true))
            .chain(
                searched
                    .into_iter()
                    .map(|(score, line)| (score, line, false)),
            )
            .collect();
        if forced > 0 {
            // Stable: among equal scores the threat searches' wins stay first.
            all.sort_by_key(|(score, _, _)| std::cmp::Reverse(score.rank()));
        }
        all.truncate(lines);
        report.lines = all
            .iter()
            .map(|(score, line, _)| ScoredLine {
                first_move: Move::Place(point_of(line[0])),
                score: *score,
                line: line.iter().map(|&at| point_of(at)).collect(),
            })
            .collect();
        let (score, line, by_threats) = &all[0];
        report.best_move = Move::Place(point_of(line[0]));
        report.score = *score;
        report.principal_variation = report.lines[0].line.clone();
        if *by_threats {
            report.forced_win = Some(report.principal_variation.clone());
        }
        report
    }
}

/// The points the side to move may play: near the stones (the centre on an
/// empty board), legal for `position`, never a renju foul for Black.
fn root_moves(position: &Position, board: &EngineBoard, zone: Zone) -> Vec<usize> {
    let with_zone = root_moves_where(position, board, |point| zone.contains(point));
    if with_zone.is_empty() {
        root_moves_where(position, board, |_| true)
    } else {
        with_zone
    }
}

/// The root moves among the points that `in_zone` accepts.
fn root_moves_where(
    position: &Position,
    board: &EngineBoard,
    in_zone: impl Fn(Point) -> bool,
) -> Vec<usize> {
    let side = board.side();
    let allowed = |at: usize| {
        in_zone(point_of(at))
            && legal_for(board, at, side)
            && position.check(Move::Place(point_of(at))).is_ok()
    };
    if board.stone_count() == 0 {
        let centre = index_of(board.size().center());
        if allowed(centre) {
            return vec![centre];
        }
    }
    let mut moves: Vec<usize> = board.candidates().filter(|&at| allowed(at)).collect();
    if moves.is_empty() {
        moves = board
            .board_cells()
            .iter()
            .map(|&at| usize::from(at))
            .filter(|&at| board.is_empty(at) && allowed(at))
            .collect();
    }
    moves
}

/// The plies a forced-win line takes to the five: its length when it ends
/// with the five, two more when it ends with a four that cannot be stopped.
fn plies_to_win(board: &mut EngineBoard, line: &[usize]) -> u32 {
    let (&last, before) = line.split_last().expect("a line has moves");
    for &at in before {
        board.make(at);
    }
    let ends_in_five = board.wins_at(last, board.side());
    for _ in before {
        board.unmake();
    }
    let plies = u32::try_from(line.len()).expect("a short line");
    if ends_in_five { plies } else { plies + 2 }
}

fn play(mut report: SearchReport, point: Point) -> SearchReport {
    report.best_move = Move::Place(point);
    if report.principal_variation.is_empty() {
        report.principal_variation = vec![point];
    }
    report
}

/// The report with its time, and its one line when nothing else gave it one.
fn finish(mut report: SearchReport, time: &TimeManager) -> SearchReport {
    report.elapsed = time.elapsed();
    if report.lines.is_empty() {
        report.lines = vec![ScoredLine {
            first_move: report.best_move,
            score: report.score,
            line: report.principal_variation.clone(),
        }];
    }
    report
}

fn score_of(score: i32) -> Score {
    if score >= WIN_THRESHOLD {
        Score::WinIn(u32::try_from(WIN_SCORE - score + 1).expect("positive"))
    } else if score <= -WIN_THRESHOLD {
        Score::LossIn(u32::try_from(WIN_SCORE + score + 1).expect("positive"))
    } else {
        Score::Value(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The server runs engines on a blocking pool and the protocol adapter on
    /// its own thread: the engine must move between threads.
    #[test]
    fn an_engine_can_move_between_threads() {
        fn assert_send<T: Send + 'static>() {}
        assert_send::<Engine>();
        assert_send::<SearchReport>();
    }

    fn position(rules: RuleSet, moves: &str) -> Position {
        moves
            .split_whitespace()
            .fold(Position::new(rules), |position, point| {
                position.play(Move::Place(point.parse().unwrap())).unwrap()
            })
    }

    fn engine() -> Engine {
        Engine::new(EngineOptions {
            memory_bytes: 1 << 20,
            ..EngineOptions::default()
        })
    }

    /// The lines start with distinct moves, best first, and the first is the
    /// report's best move, score and principal variation.
    fn check_lines(report: &SearchReport) {
        let first = &report.lines[0];
        assert_eq!(first.first_move, report.best_move);
        assert_eq!(first.score, report.score);
        assert_eq!(first.line, report.principal_variation);
        for (index, line) in report.lines.iter().enumerate() {
            assert_eq!(
                Some(&line.first_move),
                line.line.first().map(|&at| Move::Place(at)).as_ref()
            );
            assert!(
                report.lines[..index]
                    .iter()
                    .all(|earlier| earlier.first_move != line.first_move),
                "{report:?}"
            );
            if index > 0 {
                assert!(
                    report.lines[index - 1].score.rank() >= line.score.rank(),
                    "{report:?}"
                );
            }
        }
    }

    #[test]
    fn one_line_is_the_plain_search() {
        let position = position(RuleSet::Renju, "h8 h9 i8 i9");
        let report = engine().search_lines(&position, &SearchLimits::depth(3), 1);
        assert_eq!(report.lines.len(), 1);
        check_lines(&report);
        assert_eq!(report, {
            let mut plain = engine().search(&position, &SearchLimits::depth(3));
            plain.elapsed = report.elapsed;
            plain
        });
    }

    #[test]
    fn two_winning_points_are_the_first_two_lines() {
        // Black's open four h8 i8 j8 k8: a five at g8 and at l8.
        let position = position(RuleSet::Freestyle, "h8 a1 i8 o1 j8 a15 k8 o15");
        let report = engine().search_lines(&position, &SearchLimits::depth(3), 3);
        check_lines(&report);
        assert_eq!(report.lines.len(), 3);
        let mut fives: Vec<String> = report.lines[..2]
            .iter()
            .map(|line| line.first_move.to_string())
            .collect();
        fives.sort();
        assert_eq!(fives, ["g8", "l8"]);
        assert!(
            report.lines[..2]
                .iter()
                .all(|line| line.score == Score::WinIn(1))
        );
        assert_eq!(report.forced_win.as_ref().map(Vec::len), Some(1));
    }

    #[test]
    fn two_vcfs_by_different_first_moves_are_both_found() {
        // The open three h8 i8 j8 makes an open four at g8 and at k8; White's
        // stones are far away and quiet.
        let position = position(RuleSet::Freestyle, "h8 a1 i8 o1 j8 a15");
        let report = engine().search_lines(&position, &SearchLimits::depth(3), 2);
        check_lines(&report);
        let mut firsts: Vec<String> = report
            .lines
            .iter()
            .map(|line| line.first_move.to_string())
            .collect();
        firsts.sort();
        assert_eq!(firsts, ["g8", "k8"], "{report:?}");
        assert!(
            report
                .lines
                .iter()
                .all(|line| matches!(line.score, Score::WinIn(_)))
        );
    }

    #[test]
    fn quiet_positions_give_as_many_distinct_lines_as_asked() {
        let position = position(RuleSet::Renju, "h8 h9 i8 i9 j10");
        for lines in [2, 5] {
            let report = engine().search_lines(&position, &SearchLimits::depth(3), lines);
            assert_eq!(report.lines.len(), lines, "{report:?}");
            check_lines(&report);
            assert!(report.lines.iter().all(|line| !line.line.is_empty()));
        }
    }

    #[test]
    fn only_the_sensible_replies_are_listed_against_a_four() {
        // White's four h9 h10 h11 h12 (h8 is Black's): only h13 stops it.
        let position = position(RuleSet::Freestyle, "h8 h9 a1 h10 o1 h11 a15 h12");
        let report = engine().search_lines(&position, &SearchLimits::depth(3), 3);
        check_lines(&report);
        assert_eq!(report.best_move.to_string(), "h13");
        assert_eq!(report.lines.len(), 1, "{report:?}");
    }

    #[test]
    fn win_and_loss_scores_count_plies() {
        assert_eq!(score_of(WIN_SCORE - 2), Score::WinIn(3));
        assert_eq!(score_of(-(WIN_SCORE - 1)), Score::LossIn(2));
        assert_eq!(score_of(120), Score::Value(120));
    }
}
