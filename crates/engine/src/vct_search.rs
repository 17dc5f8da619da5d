//! VCT: victory by continuous threats. Like VCF, but the attacker may also play
//! open threes; the defender then has a choice (every point where the attacker
//! would make a four, the defender's own fours, captures), and the attacker must
//! win against each. Bounded in depth and nodes; each attacker node first tries
//! a VCF.

use std::collections::HashSet;

use crate::engine_board::EngineBoard;
use crate::threat_moves::{
    capture_moves, defences_against_three, four_moves, has_real_open_three, legal_for, three_moves,
};
use crate::vcf_search::{VcfSearch, every_reply_loses};

/// Depth of the VCF tried at each VCT node.
const VCF_DEPTH_IN_VCT: u32 = 12;

/// A VCT search sharing the budget and deadline of an inner [`VcfSearch`].
#[derive(Debug)]
pub struct VctSearch {
    /// The VCF search run at every attacker node (its budget is this search's).
    pub vcf: VcfSearch,
    refuted: HashSet<u64>,
}

impl VctSearch {
    /// A VCT search on top of `vcf` (its node limit, deadline and stop flag).
    #[must_use]
    pub fn new(vcf: VcfSearch) -> VctSearch {
        VctSearch {
            vcf,
            refuted: HashSet::new(),
        }
    }

    /// A VCT of the side to move in at most `max_depth` threats. The first
    /// moves excluded from the inner VCF search ([`VcfSearch::excluding`]) are
    /// never this search's first move either.
    pub fn run(&mut self, board: &mut EngineBoard, max_depth: u32) -> Option<Vec<usize>> {
        self.vcf.set_root(board);
        let mut line = Vec::new();
        self.attack(board, max_depth, &mut line).then_some(line)
    }

    fn attack(&mut self, board: &mut EngineBoard, depth: u32, line: &mut Vec<usize>) -> bool {
        let attacker = board.side();
        let defender = attacker.other();
        let length = line.len();
        if self
            .vcf
            .attack(board, VCF_DEPTH_IN_VCT.min(depth * 2 + 2), line)
        {
            return true;
        }
        line.truncate(length);
        let refuted_key = board.hash() ^ u64::from(depth).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        if depth == 0 || self.vcf.nodes >= self.vcf_limit() || self.refuted.contains(&refuted_key) {
            return false;
        }
        // The defender answered a threat with a four of its own: the
        // attacker blocks it (the VCF search above tried the blocks that are
        // fours), and the threat it made before still stands, so the defender
        // must answer it again. The block costs no depth: each one follows a
        // defender's four, and those run out.
        let fives = board.winning_points(defender);
        if !fives.is_empty() {
            let [block] = fives.as_slice() else {
                return false;
            };
            if !legal_for(board, *block, attacker) {
                return false;
            }
            board.make(*block);
            line.push(*block);
            let won = self.after_threat(board, depth + 1, line);
            board.unmake();
            if !won {
                line.truncate(length);
            }
            return won;
        }
        // A three only threatens when the open four it prepares may be played.
        let mut moves = four_moves(board, attacker);
        moves.extend(three_moves(board, attacker));
        let excluding = self.vcf.excludes_here(board);
        if excluding {
            moves.retain(|&at| !self.vcf.is_excluded(at));
        }
        for threat in moves {
            board.make(threat);
            line.push(threat);
            let won = self.after_threat(board, depth, line);
            board.unmake();
            if won {
                return true;
            }
            line.truncate(length);
        }
        if self.vcf.nodes < self.vcf_limit() && !excluding {
            // Refuted at this depth only: more depth may still win.
            self.refuted.insert(refuted_key);
        }
        false
    }

    fn vcf_limit(&self) -> u64 {
        // The VCF search stops itself at its limit; mirror it here.
        self.vcf.budget()
    }

    fn after_threat(&mut self, board: &mut EngineBoard, depth: u32, line: &mut Vec<usize>) -> bool {
        let defender = board.side();
        let attacker = defender.other();
        self.vcf.nodes += 1;
        let fives = board.winning_points(attacker);
        let mut replies: Vec<usize> = if fives.is_empty() {
            if !has_real_open_three(board, attacker) {
                return false;
            }
            defences_against_three(board, defender)
        } else {
            let mut replies: Vec<usize> = Vec::new();
            if let [only] = fives.as_slice()
                && legal_for(board, *only, defender)
            {
                replies.push(*only);
            }
            replies.extend(capture_moves(board, defender));
            replies
        };
        replies.dedup();
        every_reply_loses(board, &replies, line, |board, branch| {
            self.attack(board, depth - 1, branch)
        })
    }
}
