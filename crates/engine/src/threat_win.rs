//! A threat search on its own, for analysis: does the side to move win by
//! continuous fours (VCF) or by continuous threats, fours and open threes
//! (VCT)? The same searches the engine runs before its main search, with their
//! renju awareness (Black never plays a foul; a White four whose only block is
//! a foul wins), within a node and time budget of their own.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use narabe_rules::Position;

use crate::VcfOutcome;
use crate::engine_board::{EngineBoard, point_of};
use crate::vcf_search::VcfSearch;
use crate::vct_search::VctSearch;

/// The most fours of the attacker in a VCF line.
const VCF_DEPTH: u32 = 30;
/// The most threats (fours and open threes) of the attacker in a VCT line;
/// each threat may be followed by a VCF of its own.
const VCT_DEPTH: u32 = 7;

/// Which threats the attacker may make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ThreatKind {
    /// Fours only: victory by continuous fours.
    Vcf,
    /// Fours and open threes: victory by continuous threats. In pente, where a
    /// capture answers an open three, only fours count (a VCF).
    Vct,
}

/// The budget of [`find_threat_win`]; the search stops at the first limit
/// reached.
#[derive(Debug, Clone, Default)]
pub struct ThreatLimits {
    /// The most positions the search may visit.
    pub max_nodes: Option<u64>,
    /// The most time the search may take.
    pub time: Option<Duration>,
    /// Set from another thread to stop the search as soon as possible.
    pub stop: Option<Arc<AtomicBool>>,
}

/// Looks for a forced win of the side to move in `position` by `kind`
/// threats: [`VcfOutcome::Found`] with the line (the attacker's threats and
/// the defender's replies alternating, ending with the five or the four that
/// cannot be stopped), [`VcfOutcome::None`] when the search covered every line
/// within its depth (30 fours; a VCT at most 7 threats, searched one more
/// threat at a time, so that the shortest is found first) without finding
/// one, or [`VcfOutcome::LimitReached`] when the budget ran out first (for a
/// VCF also when a line went deeper than 30 fours).
///
/// ```
/// use narabe_engine::{find_threat_win, ThreatKind, ThreatLimits, VcfOutcome};
/// use narabe_rules::{board_from_moves, BoardSize, Color, FoulPolicy, Position, RuleSet};
/// // Black's f8 g8 and h9 h10 cross on h8: two open threes at once.
/// let board = board_from_moves("f8 a1 g8 o1 h9 a15 h10 o15", BoardSize::FIFTEEN)?;
/// let position = Position::from_board(RuleSet::Freestyle, FoulPolicy::Loses, board, Color::Black)?;
/// let vct = find_threat_win(&position, ThreatKind::Vct, &ThreatLimits::default());
/// assert!(matches!(vct, VcfOutcome::Found(_)));
/// let vcf = find_threat_win(&position, ThreatKind::Vcf, &ThreatLimits::default());
/// assert_eq!(vcf, VcfOutcome::None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn find_threat_win(position: &Position, kind: ThreatKind, limits: &ThreatLimits) -> VcfOutcome {
    if position.is_over() {
        return VcfOutcome::None;
    }
    let deadline = limits.time.map(|time| Instant::now() + time);
    let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
    let mut board = EngineBoard::from_position(position);
    let points = |line: Vec<usize>| VcfOutcome::Found(line.into_iter().map(point_of).collect());
    if kind == ThreatKind::Vcf || board.rules().capture_goal().is_some() {
        let mut search = VcfSearch::new(max_nodes, deadline, limits.stop.clone());
        return match search.run(&mut board, VCF_DEPTH) {
            Some(line) => points(line),
            None if search.cut => VcfOutcome::LimitReached,
            None => VcfOutcome::None,
        };
    }
    let mut used = 0;
    for depth in 1..=VCT_DEPTH {
        let budget = max_nodes.saturating_sub(used);
        let mut search = VctSearch::new(VcfSearch::new(budget, deadline, limits.stop.clone()));
        let line = search.run(&mut board, depth);
        used = used.saturating_add(search.vcf.nodes);
        if let Some(line) = line {
            return points(line);
        }
        // The inner search stops itself at its limit (and marks a deadline or
        // a stop by lowering the limit to the nodes it had made).
        if search.vcf.nodes >= search.vcf.budget() {
            return VcfOutcome::LimitReached;
        }
    }
    VcfOutcome::None
}

#[cfg(test)]
mod tests {
    use narabe_rules::{BoardSize, Color, FoulPolicy, RuleSet, board_from_moves};

    use super::*;
    use crate::engine_board::EngineBoard;

    fn position(rules: RuleSet, moves: &str, turn: Color) -> Position {
        let board = board_from_moves(moves, BoardSize::FIFTEEN).unwrap();
        Position::from_board(rules, FoulPolicy::Loses, board, turn).unwrap()
    }

    fn line_of(outcome: &VcfOutcome) -> Vec<String> {
        match outcome {
            VcfOutcome::Found(line) => line.iter().map(ToString::to_string).collect(),
            other => panic!("no line: {other:?}"),
        }
    }

    #[test]
    fn a_vcf_is_a_vct_too_and_ends_in_a_five() {
        // Black's open three h8 i8 j8 makes an open four at g8 or k8.
        let three = position(RuleSet::Freestyle, "h8 a1 i8 o1 j8 a15", Color::Black);
        for kind in [ThreatKind::Vcf, ThreatKind::Vct] {
            let line = line_of(&find_threat_win(&three, kind, &ThreatLimits::default()));
            assert!(
                ["g8", "k8"].contains(&line[0].as_str()),
                "{kind:?} {line:?}"
            );
            assert_eq!(
                line.len() % 2,
                1,
                "the attacker's threat comes last: {line:?}"
            );
        }
    }

    #[test]
    fn nothing_is_found_where_there_is_nothing() {
        let quiet = position(RuleSet::Renju, "h8 h9 i8", Color::White);
        let limits = ThreatLimits {
            max_nodes: Some(200_000),
            ..ThreatLimits::default()
        };
        assert_eq!(
            find_threat_win(&quiet, ThreatKind::Vcf, &limits),
            VcfOutcome::None
        );
        assert!(!matches!(
            find_threat_win(&quiet, ThreatKind::Vct, &limits),
            VcfOutcome::Found(_)
        ));
    }

    #[test]
    fn black_never_wins_through_a_foul() {
        // Black's f8 g8 and h9 h10 cross on h8, a double-three in renju: the
        // fork that wins in freestyle is forbidden for Black.
        let moves = "f8 a1 g8 o1 h9 a15 h10 o15";
        let free = position(RuleSet::Freestyle, moves, Color::Black);
        let renju = position(RuleSet::Renju, moves, Color::Black);
        let limits = ThreatLimits::default();
        assert!(matches!(
            find_threat_win(&free, ThreatKind::Vct, &limits),
            VcfOutcome::Found(_)
        ));
        if let VcfOutcome::Found(line) = find_threat_win(&renju, ThreatKind::Vct, &limits) {
            let h8 = "h8".parse().unwrap();
            assert_ne!(line[0], h8, "the forbidden fork: {line:?}");
        }
    }

    #[test]
    fn the_attacker_blocks_a_counter_four_and_its_threat_still_stands() {
        // A position of a narabe game against PentaZen (renju, Black to
        // move) where Rapfi announced a win in 21 plies. In Rapfi's line
        // Black's threes are answered twice by a White four, each blocked by
        // a black stone that is no threat, after which White must still stop
        // the three.
        // Before the VCT blocked counter-fours it found nothing here, even
        // with 13 threats: every line met a White four somewhere.
        let moves = "h8 h9 j7 g9 j9 g10 g8 j8 h7 f9 e9 e8 h11 k7 i9 j10";
        let start = position(RuleSet::Renju, moves, Color::Black);
        let limits = ThreatLimits {
            max_nodes: Some(5_000_000),
            ..ThreatLimits::default()
        };
        let VcfOutcome::Found(line) = find_threat_win(&start, ThreatKind::Vct, &limits) else {
            panic!("no VCT found");
        };
        // The line is the main branch (White's first replies): legal, and
        // won for Black at its end.
        let mut game = start.clone();
        for (ply, &point) in line.iter().enumerate() {
            game.play_mut(narabe_rules::Move::Place(point))
                .unwrap_or_else(|error| panic!("move {ply} of {line:?}: {error}"));
        }
        match game.outcome() {
            Some(outcome) => assert_eq!(outcome.winner, Some(Color::Black)),
            None => {
                let board = EngineBoard::from_position(&game);
                assert!(
                    board.winning_points(Color::Black).len() >= 2,
                    "the line ends in a four White cannot stop: {line:?}"
                );
            }
        }
    }

    #[test]
    fn a_spent_budget_is_no_proof() {
        let fork = position(
            RuleSet::Freestyle,
            "f8 a1 g8 o1 h9 a15 h10 o15",
            Color::Black,
        );
        let stop = Arc::new(AtomicBool::new(true));
        let limits = ThreatLimits {
            stop: Some(stop),
            max_nodes: Some(1),
            ..ThreatLimits::default()
        };
        assert_eq!(
            find_threat_win(&fork, ThreatKind::Vct, &limits),
            VcfOutcome::LimitReached
        );
    }
}
