//! The pairing of a round bracket by bracket (C.04.3 B and C): score groups
//! from the top, each bracket its residents plus the players who floated
//! down to it, split in S1 (the upper half) and S2, S2's transpositions and
//! then single exchanges tried in order, the first candidate that keeps the
//! rest of the field pairable and grants the most colour preferences taken.

use super::colour::{Preference, conflict, preference, sides_allow};
use super::player::SwissPlayer;

/// How many candidates one bracket tries before it settles for the best so
/// far, and how many steps a completion check may take: the bounds that
/// keep a large or awkward field from taking long.
const CANDIDATES_PER_BRACKET: usize = 1_000;
const COMPLETION_STEPS: usize = 20_000;
/// Once a valid candidate is found, how many more a bracket tries for one
/// that grants more colour preferences.
const CANDIDATES_AFTER_FIRST: usize = 100;
/// Up to this many players, a completion check orders them by how few
/// partners they have.
const SMALL_GROUP: usize = 128;

/// The field being paired: players in pairing order (score, then pairing
/// number) and who may meet whom.
pub(super) struct Field<'a> {
    players: &'a [SwissPlayer],
    preferences: Vec<Preference>,
}

impl<'a> Field<'a> {
    /// The field of `players`, which are in pairing order.
    pub fn new(players: &'a [SwissPlayer]) -> Field<'a> {
        Field {
            players,
            preferences: players.iter().map(preference).collect(),
        }
    }

    /// Whether players `a` and `b` (indices) may meet: not again, and not if
    /// both must have the same side.
    pub fn may_meet(&self, a: usize, b: usize) -> bool {
        !self.players[a].opponents.contains(&self.players[b].id)
            && sides_allow(&self.preferences[a], &self.preferences[b])
    }

    /// Whether every player of `rest` can be paired with another of `rest`
    /// (a perfect matching exists), searched depth first within a budget
    /// (an exhausted budget answers no).
    pub fn pairable(&self, rest: &[usize]) -> bool {
        self.perfect_matching(rest).is_some()
    }

    /// Pairs for every player of `rest` (each pair in pairing order),
    /// searched depth first within a budget, or `None`.
    fn perfect_matching(&self, rest: &[usize]) -> Option<Vec<(usize, usize)>> {
        if rest.len() % 2 == 1 {
            return None;
        }
        // The players with the fewest possible partners go first, and try
        // the partners with the fewest first: a field whose constraints
        // (the colour limits, rematches) bind a few players is then paired
        // without a long search. A large field is nearly free of them and
        // keeps its pairing order.
        let mut order = rest.to_vec();
        if order.len() <= SMALL_GROUP {
            let partners: Vec<usize> = order
                .iter()
                .map(|&a| {
                    rest.iter()
                        .filter(|&&b| b != a && self.may_meet(a, b))
                        .count()
                })
                .collect();
            let mut ranked: Vec<(usize, usize)> = partners.into_iter().zip(order).collect();
            ranked.sort_by_key(|&(count, player)| (count, player));
            order = ranked.into_iter().map(|(_, player)| player).collect();
        }
        let mut steps = 0;
        let mut pairs = Vec::with_capacity(rest.len() / 2);
        self.match_all(&order, &mut steps, &mut pairs)
            .then_some(pairs)
    }

    fn match_all(
        &self,
        free: &[usize],
        steps: &mut usize,
        pairs: &mut Vec<(usize, usize)>,
    ) -> bool {
        let Some(&a) = free.first() else {
            return true;
        };
        for &b in free {
            if b == a || !self.may_meet(a, b) {
                continue;
            }
            *steps += 1;
            if *steps > COMPLETION_STEPS {
                return false;
            }
            let rest: Vec<usize> = free.iter().copied().filter(|&x| x != a && x != b).collect();
            pairs.push((a.min(b), a.max(b)));
            if self.match_all(&rest, steps, pairs) {
                return true;
            }
            pairs.pop();
        }
        false
    }

    /// The pairs of the whole field (indices, the higher-ranked first), or
    /// `None` if it cannot be paired.
    pub fn pair(&self) -> Option<Vec<(usize, usize)>> {
        let count = self.players.len();
        let everyone: Vec<usize> = (0..count).collect();
        let any_pairing = self.perfect_matching(&everyone)?;
        // A bracket whose candidates all fall outside the search's budget
        // would leave players unpaired at the bottom: then the pairing in
        // order that proved the field pairable is played instead, so a
        // pairable field is always paired.
        Some(self.pair_by_brackets().unwrap_or(any_pairing))
    }

    /// The pairs bracket by bracket, or `None` if the brackets' searches
    /// could not complete the field.
    fn pair_by_brackets(&self) -> Option<Vec<(usize, usize)>> {
        let count = self.players.len();
        let mut pairs = Vec::new();
        let mut carried: Vec<usize> = Vec::new();
        let mut start = 0;
        while start < count {
            let score = self.players[start].score;
            let end = (start..count)
                .find(|&i| self.players[i].score != score)
                .unwrap_or(count);
            let mut bracket = carried.clone();
            bracket.extend(start..end);
            let below: Vec<usize> = (end..count).collect();
            let settled = self.pair_bracket(&bracket, &below)?;
            pairs.extend(settled.pairs);
            carried = settled.floaters;
            start = end;
        }
        carried.is_empty().then_some(pairs)
    }

    /// Pairs one bracket (indices in pairing order) so that what is left of
    /// it, with everyone `below`, can still be paired.
    fn pair_bracket(&self, bracket: &[usize], below: &[usize]) -> Option<BracketPairing> {
        let most = bracket.len() / 2;
        (0..=most)
            .rev()
            .find_map(|pairs_wanted| self.best_candidate(bracket, below, pairs_wanted))
    }

    /// The first best candidate of `pairs_wanted` pairs in the Dutch order:
    /// S1 the top `pairs_wanted` players, S2 the rest, S2's orderings in
    /// lexicographic order, then the same after one exchange between S1 and
    /// S2, nearest players first.
    fn best_candidate(
        &self,
        bracket: &[usize],
        below: &[usize],
        pairs_wanted: usize,
    ) -> Option<BracketPairing> {
        let mut search = CandidateSearch {
            field: self,
            below,
            tried: 0,
            first_found: None,
            best: None,
        };
        for (s1, s2) in splits(bracket, pairs_wanted) {
            let mut chosen = Vec::with_capacity(pairs_wanted);
            let mut used = vec![false; s2.len()];
            let stop = search.run(&s1, &s2, &mut chosen, &mut used);
            if stop || search.tried >= CANDIDATES_PER_BRACKET {
                break;
            }
        }
        search.best.map(|(_, pairing)| pairing)
    }

    /// The colour preferences a candidate leaves ungranted: strong or
    /// absolute ones first, then any.
    fn conflicts(&self, pairs: &[(usize, usize)]) -> (usize, usize) {
        let mut strong = 0;
        let mut any = 0;
        for &(a, b) in pairs {
            let (both, is_strong) = conflict(&self.preferences[a], &self.preferences[b]);
            any += usize::from(both);
            strong += usize::from(is_strong);
        }
        (strong, any)
    }
}

/// What a bracket's pairing settles: its pairs (indices, the higher-ranked
/// first) and the players who float down to the next bracket.
struct BracketPairing {
    pairs: Vec<(usize, usize)>,
    floaters: Vec<usize>,
}

/// The search of one bracket's candidates: what was tried, and the best so
/// far with its colour conflicts.
struct CandidateSearch<'f, 'a> {
    field: &'f Field<'a>,
    below: &'f [usize],
    tried: usize,
    first_found: Option<usize>,
    best: Option<((usize, usize), BracketPairing)>,
}

impl CandidateSearch<'_, '_> {
    /// Tries S2's orderings against S1 depth first; true once nothing later
    /// can beat the best candidate (one without colour conflicts, or the
    /// budget after the first valid one is spent).
    fn run(
        &mut self,
        s1: &[usize],
        s2: &[usize],
        chosen: &mut Vec<(usize, usize)>,
        used: &mut [bool],
    ) -> bool {
        if self.tried >= CANDIDATES_PER_BRACKET {
            return false;
        }
        if chosen.len() == s1.len() {
            return self.judge(s2, chosen, used);
        }
        if let Some(found_at) = self.first_found
            && self.tried >= found_at + CANDIDATES_AFTER_FIRST
        {
            return true;
        }
        let a = s1[chosen.len()];
        for index in 0..s2.len() {
            if used[index] || !self.field.may_meet(a, s2[index]) {
                continue;
            }
            used[index] = true;
            chosen.push((a, s2[index]));
            let stop = self.run(s1, s2, chosen, used);
            chosen.pop();
            used[index] = false;
            if stop || self.tried >= CANDIDATES_PER_BRACKET {
                return stop;
            }
        }
        false
    }

    /// Judges a complete candidate: kept if the rest stays pairable and it
    /// has fewer colour conflicts than the best so far; true if it has none.
    fn judge(&mut self, s2: &[usize], chosen: &[(usize, usize)], used: &[bool]) -> bool {
        self.tried += 1;
        let floaters: Vec<usize> = s2
            .iter()
            .zip(used)
            .filter(|(_, used)| !**used)
            .map(|(&player, _)| player)
            .collect();
        let mut rest = floaters.clone();
        rest.extend_from_slice(self.below);
        if !self.field.pairable(&rest) {
            return false;
        }
        let quality = self.field.conflicts(chosen);
        self.first_found.get_or_insert(self.tried);
        if self.best.as_ref().is_none_or(|(seen, _)| quality < *seen) {
            let pairs = chosen.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
            self.best = Some((quality, BracketPairing { pairs, floaters }));
        }
        quality == (0, 0)
    }
}

/// The S1/S2 splits of a bracket for `pairs_wanted` pairs in the order they
/// are tried: the natural one, then every single exchange of an S1 player
/// and an S2 player, the exchanged players nearest the middle first.
fn splits(bracket: &[usize], pairs_wanted: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    let (s1, s2) = bracket.split_at(pairs_wanted.min(bracket.len()));
    let mut out = vec![(s1.to_vec(), s2.to_vec())];
    let mut exchanges: Vec<(usize, usize)> = (0..s1.len())
        .flat_map(|i| (0..s2.len()).map(move |j| (i, j)))
        .collect();
    // Nearest the middle: the lowest of S1 and the highest of S2.
    exchanges.sort_by_key(|&(i, j)| ((s1.len() - 1 - i) + j, s1.len() - 1 - i));
    for (i, j) in exchanges {
        let mut a = s1.to_vec();
        let mut b = s2.to_vec();
        std::mem::swap(&mut a[i], &mut b[j]);
        a.sort_unstable();
        b.sort_unstable();
        out.push((a, b));
    }
    out
}
