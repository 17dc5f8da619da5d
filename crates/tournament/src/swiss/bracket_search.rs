//! The pairing of a round bracket by bracket (C.04.3 B and C): score groups
//! from the top, each bracket its residents plus the players who floated
//! down to it; the moved-down players paired first against the residents,
//! the remainder split in S1 (the upper half) and S2, S2's transpositions
//! and then single exchanges tried in order; the first candidate that keeps
//! the rest of the field pairable and grants the most colour preferences
//! taken.

use super::colour::{Preference, conflict, preference, sides_allow};
use super::matching::{maximum_matching, perfect_matching_from};
use super::player::SwissPlayer;

/// How many candidates one bracket tries (over every number of pairs)
/// before it settles for the best so far or a maximum matching: the bound that keeps a large or awkward bracket from taking long.
const CANDIDATES_PER_BRACKET: usize = 1_000;
/// Once a valid candidate is found, how many more a bracket tries for one
/// that grants more colour preferences.
const CANDIDATES_AFTER_FIRST: usize = 100;
/// How many partial candidates (one S1 player given an S2 opponent) one
/// bracket's searches may extend: a bracket where few
/// players may meet (a whole score group needing the same side) has dead
/// ends that no count of complete candidates would bound.
const STEPS_PER_BRACKET: usize = 50_000;

/// The field being paired: players in pairing order (score, then pairing
/// number) and who may meet whom.
pub(super) struct Field<'a> {
    players: &'a [SwissPlayer],
    preferences: Vec<Preference>,
    /// Whether players `a` and `b` may meet, at `a * count + b`.
    allowed: Vec<bool>,
}

impl<'a> Field<'a> {
    /// The field of `players`, which are in pairing order.
    pub fn new(players: &'a [SwissPlayer]) -> Field<'a> {
        let preferences: Vec<Preference> = players.iter().map(preference).collect();
        let count = players.len();
        let mut allowed = vec![false; count * count];
        for a in 0..count {
            for b in a + 1..count {
                let may = !players[a].opponents.contains(&players[b].id)
                    && sides_allow(&preferences[a], &preferences[b]);
                allowed[a * count + b] = may;
                allowed[b * count + a] = may;
            }
        }
        Field {
            players,
            preferences,
            allowed,
        }
    }

    /// Whether players `a` and `b` (indices) may meet: not again, and not if
    /// both must have the same side.
    pub fn may_meet(&self, a: usize, b: usize) -> bool {
        self.allowed[a * self.players.len() + b]
    }

    /// Whether every player of `rest` can be paired with another of `rest`
    /// (a perfect matching exists: the completion criterion).
    pub fn pairable(&self, rest: &[usize]) -> bool {
        self.perfect_matching(rest).is_some()
    }

    /// Pairs for every player of `rest` (each pair in pairing order), or
    /// `None` if there are none: a maximum matching of who may meet whom.
    fn perfect_matching(&self, rest: &[usize]) -> Option<Vec<(usize, usize)>> {
        self.perfect_matching_from(rest, vec![None; rest.len()])
    }

    /// As [`Self::perfect_matching`], grown from the matching `start` of
    /// `rest` (positions in `rest`).
    fn perfect_matching_from(
        &self,
        rest: &[usize],
        start: Vec<Option<usize>>,
    ) -> Option<Vec<(usize, usize)>> {
        if rest.len() % 2 == 1 {
            return None;
        }
        let mate = perfect_matching_from(start, |a, b| self.may_meet(rest[a], rest[b]))?;
        let mut pairs = Vec::with_capacity(rest.len() / 2);
        for (a, &b) in mate.iter().enumerate() {
            if a < b {
                pairs.push((rest[a].min(rest[b]), rest[a].max(rest[b])));
            }
        }
        Some(pairs)
    }

    /// The pairs of the whole field (indices, the higher-ranked first), or
    /// `None` if it cannot be paired.
    pub fn pair(&self) -> Option<Vec<(usize, usize)>> {
        let count = self.players.len();
        let everyone: Vec<usize> = (0..count).collect();
        let any_pairing = self.perfect_matching(&everyone)?;
        // A bracket whose candidates all fall outside the search's budget
        // would leave players unpaired at the bottom: then the maximum
        // matching that proved the field pairable is played instead, so a
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
            let residents: Vec<usize> = (start..end).collect();
            let below: Vec<usize> = (end..count).collect();
            let settled = self.pair_bracket(&carried, &residents, &below)?;
            pairs.extend(settled.pairs);
            carried = settled.floaters;
            start = end;
        }
        carried.is_empty().then_some(pairs)
    }

    /// Pairs one bracket: the players who floated down to it (`mdps`, the
    /// moved-down players) and its residents, indices in pairing order, so
    /// that what is left of it, with everyone `below`, can still be paired.
    ///
    /// The most pairs the bracket can have is its maximum matching. For each
    /// number of pairs from there down, the most moved-down players that
    /// can be paired are (C.04.3: S1 is the moved-down players, S2 the
    /// residents), the highest first, each against the first resident in
    /// order it may meet; the residents left are then paired as a
    /// homogeneous remainder in the Dutch order. If the searches run out of
    /// steps, the first pairs of the maximum matching are tried as they
    /// are, so an awkward bracket costs polynomial time.
    fn pair_bracket(
        &self,
        mdps: &[usize],
        residents: &[usize],
        below: &[usize],
    ) -> Option<BracketPairing> {
        let bracket: Vec<usize> = mdps.iter().chain(residents).copied().collect();
        let mate = maximum_matching(bracket.len(), |a, b| self.may_meet(bracket[a], bracket[b]));
        let matched: Vec<(usize, usize)> = mate
            .iter()
            .enumerate()
            .filter_map(|(a, partner)| partner.filter(|&b| a < b).map(|b| (a, b)))
            .map(|(a, b)| (bracket[a], bracket[b]))
            .collect();
        let below_matching =
            maximum_matching(below.len(), |a, b| self.may_meet(below[a], below[b]));
        let mut spent = Spent::default();
        (0..=matched.len()).rev().find_map(|total| {
            let most_mdps = mdps.len().min(residents.len()).min(total);
            let searched = (0..=most_mdps).rev().find_map(|paired| {
                let remainder_pairs = total - paired;
                if spent.exhausted() || residents.len() - paired < 2 * remainder_pairs {
                    return None;
                }
                let stage = MdpStage {
                    paired: &mdps[..paired],
                    limbo: &mdps[paired..],
                    residents,
                    below,
                    below_matching: &below_matching,
                    remainder_pairs,
                };
                let mut chosen = Vec::with_capacity(paired);
                let mut used = vec![false; residents.len()];
                self.pair_mdps(&stage, &mut chosen, &mut used, &mut spent)
            });
            searched.or_else(|| {
                self.matching_candidate(&bracket, below, &below_matching, &matched[..total])
            })
        })
    }

    /// Gives each moved-down player of `stage.paired` a resident, in order,
    /// then pairs the remainder; the first that completes.
    fn pair_mdps(
        &self,
        stage: &MdpStage<'_>,
        chosen: &mut Vec<(usize, usize)>,
        used: &mut [bool],
        spent: &mut Spent,
    ) -> Option<BracketPairing> {
        if spent.exhausted() {
            return None;
        }
        let Some(&mdp) = stage.paired.get(chosen.len()) else {
            let remaining: Vec<usize> = stage
                .residents
                .iter()
                .zip(used.iter())
                .filter(|(_, used)| !**used)
                .map(|(&player, _)| player)
                .collect();
            let mut pairing =
                self.best_candidate(&remaining, stage, stage.remainder_pairs, spent)?;
            pairing
                .pairs
                .extend(chosen.iter().map(|&(a, b)| (a.min(b), a.max(b))));
            return Some(pairing);
        };
        for (index, &resident) in stage.residents.iter().enumerate() {
            if used[index] || !self.may_meet(mdp, resident) {
                continue;
            }
            spent.steps += 1;
            used[index] = true;
            chosen.push((mdp, resident));
            let found = self.pair_mdps(stage, chosen, used, spent);
            chosen.pop();
            used[index] = false;
            if found.is_some() || spent.exhausted() {
                return found;
            }
        }
        None
    }

    /// Whether the players `floaters` and `below` can all be paired, the
    /// matching of those below (`below_matching`) grown to cover them all.
    fn completes(
        &self,
        floaters: &[usize],
        below: &[usize],
        below_matching: &[Option<usize>],
    ) -> bool {
        let mut rest = floaters.to_vec();
        rest.extend_from_slice(below);
        let shift = floaters.len();
        let mut start = vec![None; shift];
        start.extend(below_matching.iter().map(|mate| mate.map(|b| b + shift)));
        self.perfect_matching_from(&rest, start).is_some()
    }

    /// The candidate of the bracket's `pairs` (from a maximum matching), the
    /// others floating down, if the rest of the field can then be paired.
    fn matching_candidate(
        &self,
        bracket: &[usize],
        below: &[usize],
        below_matching: &[Option<usize>],
        pairs: &[(usize, usize)],
    ) -> Option<BracketPairing> {
        let floaters: Vec<usize> = bracket
            .iter()
            .copied()
            .filter(|&player| !pairs.iter().any(|&(a, b)| a == player || b == player))
            .collect();
        self.completes(&floaters, below, below_matching)
            .then(|| BracketPairing {
                pairs: pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect(),
                floaters,
            })
    }

    /// The first best candidate of `pairs_wanted` pairs in the Dutch order:
    /// S1 the top `pairs_wanted` players, S2 the rest, S2's orderings in
    /// lexicographic order, then the same after one exchange between S1 and
    /// S2, nearest players first.
    fn best_candidate(
        &self,
        bracket: &[usize],
        stage: &MdpStage<'_>,
        pairs_wanted: usize,
        spent: &mut Spent,
    ) -> Option<BracketPairing> {
        let mut search = CandidateSearch {
            field: self,
            below: stage.below,
            below_matching: stage.below_matching,
            limbo: stage.limbo,
            spent: *spent,
            first_found: None,
            best: None,
        };
        for (s1, s2) in splits(bracket, pairs_wanted) {
            let mut chosen = Vec::with_capacity(pairs_wanted);
            let mut used = vec![false; s2.len()];
            let stop = search.run(&s1, &s2, &mut chosen, &mut used);
            if stop || search.spent() {
                break;
            }
        }
        *spent = search.spent;
        search.best.map(|(_, pairing)| pairing)
    }

    /// The colour preferences a candidate leaves ungranted: any (C.04.3
    /// C.12), then strong or absolute ones (C.13).
    fn conflicts(&self, pairs: &[(usize, usize)]) -> (usize, usize) {
        let mut strong = 0;
        let mut any = 0;
        for &(a, b) in pairs {
            let (both, is_strong) = conflict(&self.preferences[a], &self.preferences[b]);
            any += usize::from(both);
            strong += usize::from(is_strong);
        }
        (any, strong)
    }
}

/// What a bracket's pairing settles: its pairs (indices, the higher-ranked
/// first) and the players who float down to the next bracket.
struct BracketPairing {
    pairs: Vec<(usize, usize)>,
    floaters: Vec<usize>,
}

/// One way of pairing a bracket's moved-down players: those to be paired,
/// those who float on, and what the remainder is paired with.
struct MdpStage<'s> {
    paired: &'s [usize],
    limbo: &'s [usize],
    residents: &'s [usize],
    below: &'s [usize],
    below_matching: &'s [Option<usize>],
    remainder_pairs: usize,
}

/// What the searches of one bracket have used of its budget, over all the
/// numbers of pairs tried.
#[derive(Clone, Copy, Default)]
struct Spent {
    candidates: usize,
    steps: usize,
}

impl Spent {
    fn exhausted(&self) -> bool {
        self.candidates >= CANDIDATES_PER_BRACKET || self.steps >= STEPS_PER_BRACKET
    }
}

/// The search of one bracket's candidates: what was tried, and the best so
/// far with its colour conflicts.
struct CandidateSearch<'f, 'a> {
    field: &'f Field<'a>,
    below: &'f [usize],
    /// A maximum matching of the players below the bracket, which every
    /// completion check grows from.
    below_matching: &'f [Option<usize>],
    /// The bracket's moved-down players left unpaired: they float on.
    limbo: &'f [usize],
    /// The bracket's budget used, this search included.
    spent: Spent,
    first_found: Option<usize>,
    best: Option<((usize, usize), BracketPairing)>,
}

impl CandidateSearch<'_, '_> {
    /// Whether the search has used up its budget.
    fn spent(&self) -> bool {
        self.spent.exhausted()
    }

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
        if self.spent() {
            return false;
        }
        if chosen.len() == s1.len() {
            return self.judge(s2, chosen, used);
        }
        if let Some(found_at) = self.first_found
            && self.spent.candidates >= found_at + CANDIDATES_AFTER_FIRST
        {
            return true;
        }
        let a = s1[chosen.len()];
        for index in 0..s2.len() {
            if used[index] || !self.field.may_meet(a, s2[index]) {
                continue;
            }
            self.spent.steps += 1;
            chosen.push((a, s2[index]));
            // A partial candidate that already leaves as many preferences
            // ungranted as the best one cannot beat it: the search goes on
            // with the next opponent.
            if self
                .best
                .as_ref()
                .is_some_and(|(best, _)| self.field.conflicts(chosen) >= *best)
            {
                chosen.pop();
                continue;
            }
            used[index] = true;
            let stop = self.run(s1, s2, chosen, used);
            chosen.pop();
            used[index] = false;
            if stop || self.spent() {
                return stop;
            }
        }
        false
    }

    /// Judges a complete candidate: kept if the rest stays pairable and it
    /// has fewer colour conflicts than the best so far; true if it has none.
    fn judge(&mut self, s2: &[usize], chosen: &[(usize, usize)], used: &[bool]) -> bool {
        self.spent.candidates += 1;
        let mut floaters: Vec<usize> = self.limbo.to_vec();
        floaters.extend(
            s2.iter()
                .zip(used)
                .filter(|(_, used)| !**used)
                .map(|(&player, _)| player),
        );
        if !self
            .field
            .completes(&floaters, self.below, self.below_matching)
        {
            return false;
        }
        let quality = self.field.conflicts(chosen);
        self.first_found.get_or_insert(self.spent.candidates);
        if self.best.as_ref().is_none_or(|(seen, _)| quality < *seen) {
            let pairs = chosen.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
            self.best = Some((quality, BracketPairing { pairs, floaters }));
        }
        quality == (0, 0)
    }
}

/// The S1/S2 splits of a bracket for `pairs_wanted` pairs in the order they
/// are tried: the natural one, then every single exchange of an S1 player
/// and an S2 player, the exchanged players nearest the middle first; each
/// split is built only when the search reaches it.
fn splits(
    bracket: &[usize],
    pairs_wanted: usize,
) -> impl Iterator<Item = (Vec<usize>, Vec<usize>)> + '_ {
    let (s1, s2) = bracket.split_at(pairs_wanted.min(bracket.len()));
    let mut exchanges: Vec<(usize, usize)> = (0..s1.len())
        .flat_map(|i| (0..s2.len()).map(move |j| (i, j)))
        .collect();
    // Nearest the middle: the lowest of S1 and the highest of S2.
    exchanges.sort_by_key(|&(i, j)| ((s1.len() - 1 - i) + j, s1.len() - 1 - i));
    let exchanged = exchanges.into_iter().map(move |(i, j)| {
        let mut a = s1.to_vec();
        let mut b = s2.to_vec();
        std::mem::swap(&mut a[i], &mut b[j]);
        a.sort_unstable();
        b.sort_unstable();
        (a, b)
    });
    std::iter::once((s1.to_vec(), s2.to_vec())).chain(exchanged)
}
