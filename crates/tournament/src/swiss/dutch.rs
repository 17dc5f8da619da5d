//! The Dutch system's pairing of a round by weighted matching, in the
//! manner of bbpPairings (the FIDE-endorsed Dutch engine) and of
//! caissify-pairings, which follows it: every criterion of C.04.3 becomes a
//! field of the edge weight, the most important in the highest bits, so the
//! heaviest matching of the largest size is the pairing that best satisfies
//! them in order; brackets are then settled from the top one by one, each
//! decision (which moved-down players are paired, who is exchanged between
//! S1 and S2, whom each S1 player meets) made by adjusting a few weights and
//! matching again, so it is always taken with the rest of the field still
//! pairable (the completion criterion).
//!
//! The weight of a pair, from the most important field down:
//! 1. completion: how many of the two are not candidates for the bye (C.2,
//!    so the player left over is one who may have it);
//! 2. the pair is in the current bracket, counted by the score group of its
//!    higher player (C.5 and C.6: the most pairs, the highest moved-down
//!    players paired), then as one pair;
//! 3. the same for the next bracket (C.7);
//! 4. when the bye falls in the top bracket, the bye assignee's unplayed
//!    games (the fewer games played, the likelier the bye);
//! 5. the colour criteria: topscorers' colour differences beyond two, then
//!    topscorers' third same colour running (only topscorers may break C.3,
//!    in the last round), then every colour preference granted, then every
//!    strong one;
//! 6. floats: repeated downfloats and upfloats of the last round and of the
//!    one before, then the scores of those floaters;
//! 7. low bits left free for the Dutch order of candidates (exchanges and
//!    opponents), set while a bracket is settled.
//!
//! Only pairs within the current bracket carry the colour and float fields;
//! pairs further down carry the completion field alone, so they only keep
//! the rest of the field pairable.

use std::collections::HashMap;

use super::colour::{Preference, Strength, preference};
use super::matching::perfect_matching_from;
use super::player::{Float, SwissPlayer};
use super::weighted_matching::{max_weight_matching, max_weight_matching_any_size};
use super::wide::{Weight, Wide};
use crate::{Points, Side};

/// What the round being paired tells the weights.
#[derive(Clone, Copy, Debug)]
pub(super) struct RoundContext {
    /// Rounds played before this one.
    pub rounds_played: usize,
    /// Whether this is the tournament's last round: topscorers may then
    /// meet whatever their colours (C.3).
    pub last_round: bool,
}

/// The pairs of `players` (in pairing order: score, then pairing number),
/// each as two indices, the higher-ranked first. With an odd count one
/// player is left over: a candidate of `bye_candidates` (indexed like
/// `players`) if any can be. `None` if the players cannot all be paired.
pub(super) fn pair(
    players: &[SwissPlayer],
    context: &RoundContext,
    bye_candidates: Option<&[bool]>,
) -> Option<Vec<(usize, usize)>> {
    let layout = Layout::new(players, context.rounds_played);
    let pairs = match layout.total_bits + 8 {
        bits if bits <= 127 => {
            Dutch::<Wide<2>>::new(players, context, layout, bye_candidates).run()
        }
        bits if bits <= 255 => {
            Dutch::<Wide<4>>::new(players, context, layout, bye_candidates).run()
        }
        bits if bits <= 511 => {
            Dutch::<Wide<8>>::new(players, context, layout, bye_candidates).run()
        }
        bits if bits <= 1023 => {
            Dutch::<Wide<16>>::new(players, context, layout, bye_candidates).run()
        }
        bits if bits <= 2047 => {
            Dutch::<Wide<32>>::new(players, context, layout, bye_candidates).run()
        }
        _ => Dutch::<Wide<64>>::new(players, context, layout, bye_candidates).run(),
    };
    (players.len() - 2 * pairs.len() <= 1).then_some(pairs)
}

/// Where each field of the weight lies.
struct Layout {
    /// Bits of a counting field: enough for every pair of the field.
    count_bits: u32,
    /// Bits of a score field: one sub-field per score group, the highest
    /// group in the highest bits.
    score_bits: u32,
    /// Each player's score group's sub-field offset.
    group_shift: Vec<u32>,
    /// Bits that count the members of the largest score group.
    group_size_bits: u32,
    rounds_played: usize,
    /// Where the completion field starts: the width of all the others.
    completion_shift: u32,
    total_bits: u32,
}

impl Layout {
    fn new(players: &[SwissPlayer], rounds_played: usize) -> Layout {
        let count_bits = 8.max(bits_for(players.len()) + 3);
        let mut groups: Vec<(usize, usize)> = Vec::new();
        let mut start = 0;
        while start < players.len() {
            let end = (start..players.len())
                .find(|&i| players[i].score != players[start].score)
                .unwrap_or(players.len());
            groups.push((start, end));
            start = end;
        }
        let mut group_shift = vec![0; players.len()];
        let mut shift = 0;
        let mut largest = 0;
        for &(start, end) in groups.iter().rev() {
            for slot in &mut group_shift[start..end] {
                *slot = shift;
            }
            shift += 1.max(bits_for(end - start));
            largest = largest.max(end - start);
        }
        let score_bits = shift;
        let mut layout = Layout {
            count_bits,
            score_bits,
            group_shift,
            group_size_bits: 1.max(bits_for(largest)),
            rounds_played,
            completion_shift: 0,
            total_bits: 0,
        };
        layout.completion_shift = layout.fields().iter().map(|field| field.1).sum::<u32>();
        layout.total_bits = layout.completion_shift + 2;
        layout
    }

    /// The fields below the completion field, lowest first: (which, width).
    fn fields(&self) -> Vec<(Field, u32)> {
        let (b, sb) = (self.count_bits, self.score_bits);
        let mut fields = vec![(Field::Reserved, 3 * b + 1)];
        if self.rounds_played >= 2 {
            fields.push((Field::UpfloatScores(2), sb));
            fields.push((Field::DownfloatScores(2), sb));
        }
        if self.rounds_played >= 1 {
            fields.push((Field::UpfloatScores(1), sb));
            fields.push((Field::DownfloatScores(1), sb));
        }
        if self.rounds_played >= 2 {
            fields.push((Field::Upfloats(2), b));
            fields.push((Field::Downfloats(2), b));
        }
        if self.rounds_played >= 1 {
            fields.push((Field::Upfloats(1), b));
            fields.push((Field::Downfloats(1), b));
        }
        fields.extend([
            (Field::StrongPreference, b),
            (Field::Preference, b),
            (Field::TopscorerRepeats, b),
            (Field::TopscorerDifference, b),
            (Field::ByeUnplayed, 2 * b),
            (Field::NextPair, b),
            (Field::NextScore, sb),
            (Field::CurrentPair, b),
            (Field::CurrentScore, sb),
        ]);
        fields
    }
}

/// One field of the weight.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Field {
    Reserved,
    /// Rounds ago.
    UpfloatScores(usize),
    DownfloatScores(usize),
    Upfloats(usize),
    Downfloats(usize),
    StrongPreference,
    Preference,
    TopscorerRepeats,
    TopscorerDifference,
    ByeUnplayed,
    NextPair,
    NextScore,
    CurrentPair,
    CurrentScore,
}

/// Bits needed to write `value`.
fn bits_for(value: usize) -> u32 {
    usize::BITS - value.leading_zeros()
}

/// Where a pair lies relative to the bracket being settled.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Both in the bracket.
    Current,
    /// The lower one in the next score group.
    Next,
    /// Anywhere else.
    Elsewhere,
}

/// The pairing of one round: the field, its weights, and the state of the
/// bracket-by-bracket settlement.
struct Dutch<'a, W> {
    players: &'a [SwissPlayer],
    preferences: Vec<Preference>,
    /// Whether two players may meet, at `a * n + b`.
    allowed: Vec<bool>,
    layout: Layout,
    bye_candidates: Option<Vec<bool>>,
    /// The score of the player the bye goes to, found before the brackets.
    bye_score: Option<Points>,
    /// Whether the bye assignee is the only player to float from the
    /// bracket being settled (then C.9 weighs their unplayed games).
    lone_bye_floater: bool,
    /// Among the players with the bye assignee's score, the rank of each
    /// count of games played, most games first.
    unplayed_ranks: HashMap<usize, u64>,
    /// The current edge weights, at `a * n + b` (zero: no edge).
    weights: Vec<W>,
    /// Each player's partner once their pair is fixed.
    fixed: Vec<Option<usize>>,
    /// The players of the bracket being settled and of the next score
    /// group: the only ones whose pairs weigh more than their completion.
    in_scope: Vec<bool>,
    /// Players some pair of whom weighs neither nothing nor its plain
    /// completion weight (see [`Dutch::plain`]).
    weighted: Vec<bool>,
    n: usize,
}

impl<'a, W: Weight> Dutch<'a, W> {
    fn new(
        players: &'a [SwissPlayer],
        context: &RoundContext,
        layout: Layout,
        bye_candidates: Option<&[bool]>,
    ) -> Self {
        let n = players.len();
        let preferences: Vec<Preference> = players.iter().map(preference).collect();
        let top_threshold = Points(context.rounds_played as u32);
        let mut allowed = vec![false; n * n];
        for a in 0..n {
            for b in a + 1..n {
                let colours_fit = colours_allow(&players[a], &players[b]);
                let topscorer = context.last_round
                    && (players[a].score > top_threshold || players[b].score > top_threshold);
                let may =
                    !players[a].opponents.contains(&players[b].id) && (colours_fit || topscorer);
                allowed[a * n + b] = may;
                allowed[b * n + a] = may;
            }
        }
        let mut dutch = Dutch {
            players,
            preferences,
            allowed,
            layout,
            bye_candidates: bye_candidates.map(<[bool]>::to_vec),
            bye_score: None,
            lone_bye_floater: false,
            unplayed_ranks: HashMap::new(),
            weights: vec![W::ZERO; n * n],
            fixed: vec![None; n],
            in_scope: vec![false; n],
            weighted: vec![false; n],
            n,
        };
        if dutch.bye_candidates.is_some() && n % 2 == 1 {
            dutch.find_bye_score();
        }
        for a in 0..n {
            for b in a + 1..n {
                let weight = dutch.edge_weight(a, b, Place::Elsewhere);
                dutch.set(a, b, weight);
            }
        }
        dutch
    }

    fn may_meet(&self, a: usize, b: usize) -> bool {
        self.allowed[a * self.n + b]
    }

    fn set(&mut self, a: usize, b: usize, weight: W) {
        self.weights[a * self.n + b] = weight;
        self.weights[b * self.n + a] = weight;
        if weight != W::ZERO && weight != self.plain(a, b) {
            self.weighted[a] = true;
            self.weighted[b] = true;
        }
    }

    fn weight(&self, a: usize, b: usize) -> W {
        self.weights[a * self.n + b]
    }

    /// The completion field of the pair `a`–`b`: how many of the two are
    /// not candidates for the bye, plus one (C.2).
    fn completion(&self, a: usize, b: usize) -> u64 {
        match &self.bye_candidates {
            Some(candidates) => 1 + u64::from(!candidates[a]) + u64::from(!candidates[b]),
            None => 3,
        }
    }

    /// The plain weight of the pair `a`–`b`: its completion field alone,
    /// what every pair outside the bracket and the next score group weighs.
    fn plain(&self, a: usize, b: usize) -> W {
        W::from_u64(self.completion(a, b)).shifted_left(self.layout.completion_shift)
    }

    /// The heaviest maximum matching of the current weights. The pairs
    /// already fixed keep their partners and stay out of the search.
    fn matching(&self) -> Vec<Option<usize>> {
        let Some(mate) = self.matching_by_relaxation() else {
            return self.matching_of_the_whole_field();
        };
        #[cfg(test)]
        if tests::CHECK_RELAXATION.get() {
            let whole = self.matching_of_the_whole_field();
            assert_eq!(
                self.weight_of(&mate),
                self.weight_of(&whole),
                "the relaxation found a lighter matching"
            );
            tests::RELAXATIONS_CHECKED.set(tests::RELAXATIONS_CHECKED.get() + 1);
        }
        mate
    }

    /// The number of pairs and the total weight of `mate`.
    #[cfg(test)]
    fn weight_of(&self, mate: &[Option<usize>]) -> (usize, W) {
        let mut total = (0, W::ZERO);
        for (a, partner) in mate.iter().enumerate() {
            if let Some(b) = *partner
                && a < b
            {
                total = (total.0 + 1, total.1.plus(self.weight(a, b)));
            }
        }
        total
    }

    /// The matching over every player not yet fixed.
    fn matching_of_the_whole_field(&self) -> Vec<Option<usize>> {
        let open: Vec<usize> = (0..self.n).filter(|&v| self.fixed[v].is_none()).collect();
        let mut edges = Vec::new();
        for (i, &a) in open.iter().enumerate() {
            for (j, &b) in open.iter().enumerate().skip(i + 1) {
                let weight = self.weight(a, b);
                if weight > W::ZERO {
                    edges.push((i, j, weight));
                }
            }
        }
        let mut mate = self.fixed.clone();
        for (i, partner) in max_weight_matching(open.len(), &edges)
            .into_iter()
            .enumerate()
        {
            mate[open[i]] = partner.map(|j| open[j]);
        }
        mate
    }

    /// The same matching as [`Dutch::matching_of_the_whole_field`], found
    /// by weighing the players in scope alone, when that is proved right;
    /// `None` when it cannot be.
    ///
    /// Every pair with a player out of scope weighs its plain completion
    /// weight, so a matching of the whole field of the largest size weighs
    /// a constant (less one if the player left over may not have the bye)
    /// plus the gains (weight over plain) of its pairs in scope. The
    /// heaviest matching of any size by those gains alone bounds every
    /// such matching; if the players it leaves (in scope and out) can then
    /// be paired among themselves, leaving over a bye candidate when any
    /// player still open is one, the bound is reached and the two
    /// matchings weigh the same. The search over the whole field, O(n³)
    /// for each of its many calls, then shrinks to the bracket and the
    /// next score group, and an unweighted matching does the rest.
    fn matching_by_relaxation(&self) -> Option<Vec<Option<usize>>> {
        let open: Vec<usize> = (0..self.n).filter(|&v| self.fixed[v].is_none()).collect();
        let (inside, outside): (Vec<usize>, Vec<usize>) =
            open.iter().partition(|&&v| self.in_scope[v]);
        if outside.is_empty() || outside.iter().any(|&v| self.weighted[v]) {
            return None;
        }
        let mut gains = Vec::new();
        for (i, &a) in inside.iter().enumerate() {
            for (j, &b) in inside.iter().enumerate().skip(i + 1) {
                let (weight, plain) = (self.weight(a, b), self.plain(a, b));
                if weight > plain {
                    gains.push((i, j, weight.minus(plain)));
                }
            }
        }
        let relaxed = max_weight_matching_any_size(inside.len(), &gains);
        let mut mate = self.fixed.clone();
        let mut rest: Vec<usize> = Vec::with_capacity(open.len());
        for (i, partner) in relaxed.into_iter().enumerate() {
            match partner {
                Some(j) => mate[inside[i]] = Some(inside[j]),
                None => rest.push(inside[i]),
            }
        }
        rest.extend(&outside);
        let pairable = |a: usize, b: usize| {
            let weight = self.weight(a, b);
            weight != W::ZERO && weight >= self.plain(a, b)
        };
        // With an odd count, one more vertex takes the player left over: a
        // bye candidate if any open player is one.
        let odd = rest.len() % 2 == 1;
        let candidates = self.bye_candidates.as_deref();
        let any_candidate_open = candidates.is_some_and(|c| open.iter().any(|&v| c[v]));
        let may_be_left = |v: usize| !any_candidate_open || candidates.is_some_and(|c| c[v]);
        let count = rest.len() + usize::from(odd);
        let spare = rest.len();
        let completion = perfect_matching_from(vec![None; count], |i, j| match (i, j) {
            (i, j) if i == spare => may_be_left(rest[j]),
            (i, j) if j == spare => may_be_left(rest[i]),
            (i, j) => pairable(rest[i], rest[j]),
        })?;
        for (i, &j) in completion.iter().enumerate().take(spare) {
            mate[rest[i]] = (j != spare).then(|| rest[j]);
        }
        Some(mate)
    }

    /// Fixes the pair `a`–`b`: every other edge of either is removed.
    fn finalize(&mut self, a: usize, b: usize) {
        for k in 0..self.n {
            if k != b {
                self.set(a, k, W::ZERO);
            }
            if k != a {
                self.set(b, k, W::ZERO);
            }
        }
        self.set(a, b, W::from_u64(1));
        self.fixed[a] = Some(b);
        self.fixed[b] = Some(a);
    }

    fn score_bit(&self, player: usize) -> W {
        W::from_u64(1).shifted_left(self.layout.group_shift[player])
    }

    /// Before the brackets, a lighter matching finds the score of the
    /// player who will have the bye (the lowest score group that must leave
    /// one over), and with it the C.9 ranks.
    fn find_bye_score(&mut self) {
        let candidates = self.bye_candidates.clone().unwrap_or_default();
        let n = self.n;
        let top = self.players[0].score;
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if !self.may_meet(a, b) {
                    continue;
                }
                let completion = 1 + u64::from(!candidates[a]) + u64::from(!candidates[b]);
                let groups = u64::from(self.layout.group_shift[a] + self.layout.group_shift[b]);
                let weight = W::from_u64(completion)
                    .shifted_left(self.layout.score_bits)
                    .plus(W::from_u64(groups))
                    .shifted_left(self.layout.group_size_bits)
                    .plus(W::from_u64(u64::from(self.players[b].score >= top)));
                edges.push((a, b, weight));
            }
        }
        let mate = max_weight_matching(n, &edges);
        let bye_score = (0..n)
            .find(|&v| mate[v].is_none())
            .map_or(top, |v| self.players[v].score);
        self.bye_score = Some(bye_score);
        if let Some(candidates) = &mut self.bye_candidates {
            for (index, candidate) in candidates.iter_mut().enumerate() {
                *candidate &= self.players[index].score <= bye_score;
            }
        }
        self.lone_bye_floater = bye_score >= top
            && (0..n)
                .take_while(|&v| self.players[v].score >= top)
                .all(|v| mate[v].is_none_or(|partner| self.players[partner].score >= top));
        let mut played: Vec<usize> = self
            .players
            .iter()
            .filter(|player| player.score == bye_score)
            .map(|player| player.sides.len())
            .collect();
        played.sort_unstable_by(|a, b| b.cmp(a));
        for (rank, games) in played.into_iter().enumerate() {
            self.unplayed_ranks.insert(games, rank as u64);
        }
    }

    /// The weight of the pair `high` (the higher-ranked) and `low`, zero if
    /// they may not meet.
    fn edge_weight(&self, high: usize, low: usize, place: Place) -> W {
        if !self.may_meet(high, low) {
            return W::ZERO;
        }
        let (p1, p2) = (&self.players[high], &self.players[low]);
        let (c1, c2) = (&self.preferences[high], &self.preferences[low]);
        let current = place == Place::Current;
        let mut weight = W::ZERO;
        let mut at = 0;
        for (field, width) in self.layout.fields() {
            let value = match field {
                Field::Reserved => W::ZERO,
                _ if !current && field_is_detail(field) => W::ZERO,
                Field::UpfloatScores(ago) => {
                    if p2.float_ago(ago) == Float::Up && p1.score > p2.score {
                        W::ZERO
                    } else {
                        self.score_bit(high)
                    }
                }
                Field::DownfloatScores(ago) => {
                    let mut sum = W::ZERO;
                    if p2.float_ago(ago) == Float::Down {
                        sum = sum.plus(self.score_bit(low));
                    }
                    if p1.float_ago(ago) == Float::Down {
                        sum = sum.plus(self.score_bit(high));
                    }
                    sum
                }
                Field::Upfloats(ago) => W::from_u64(u64::from(
                    !(p2.float_ago(ago) == Float::Up && p1.score > p2.score),
                )),
                Field::Downfloats(ago) => W::from_u64(
                    u64::from(p2.float_ago(ago) == Float::Down)
                        + u64::from(p1.float_ago(ago) == Float::Down && p1.score <= p2.score),
                ),
                Field::StrongPreference => W::from_u64(u64::from(
                    !(same_preference(c1, c2)
                        && c1.strength >= Strength::Strong
                        && c2.strength >= Strength::Strong
                        && !(c1.strength == Strength::Absolute
                            && c2.strength == Strength::Absolute)),
                )),
                Field::Preference => W::from_u64(u64::from(!same_preference(c1, c2))),
                Field::TopscorerRepeats => {
                    W::from_u64(u64::from(!third_colour_in_a_row(p1, c1, p2, c2)))
                }
                Field::TopscorerDifference => W::from_u64(u64::from(
                    !(p1.side_difference().abs() >= 2
                        && p2.side_difference().abs() >= 2
                        && same_preference(c1, c2)),
                )),
                Field::ByeUnplayed => self.bye_unplayed(high, low),
                Field::NextPair => W::from_u64(u64::from(place == Place::Next)),
                Field::NextScore => {
                    if place == Place::Next {
                        self.score_bit(high)
                    } else {
                        W::ZERO
                    }
                }
                Field::CurrentPair => W::from_u64(u64::from(current)),
                Field::CurrentScore => {
                    if current {
                        self.score_bit(high)
                    } else {
                        W::ZERO
                    }
                }
            };
            weight = weight.plus(value.shifted_left(at));
            at += width;
        }
        debug_assert_eq!(at, self.layout.completion_shift);
        weight.plus(W::from_u64(self.completion(high, low)).shifted_left(at))
    }

    /// When the bye falls in the top bracket: pairs of players with many
    /// games played among the bye assignee's score weigh more, so the bye
    /// goes to one with fewer games played.
    fn bye_unplayed(&self, high: usize, low: usize) -> W {
        let Some(bye_score) = self.bye_score.filter(|_| self.lone_bye_floater) else {
            return W::ZERO;
        };
        let rank = |index: usize| {
            let player = &self.players[index];
            if player.score == bye_score {
                self.unplayed_ranks
                    .get(&player.sides.len())
                    .copied()
                    .unwrap_or(0)
            } else {
                0
            }
        };
        W::from_u64(rank(high) + rank(low))
    }

    /// Settles the brackets from the top; the pairs, the higher-ranked
    /// player first.
    fn run(mut self) -> Vec<(usize, usize)> {
        let n = self.n;
        if n < 2 {
            return Vec::new();
        }
        let mut groups: Vec<(usize, usize)> = Vec::new();
        let mut start = 0;
        while start < n {
            let end = (start..n)
                .find(|&i| self.players[i].score != self.players[start].score)
                .unwrap_or(n);
            groups.push((start, end));
            start = end;
        }
        let mut matched = vec![false; n];
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        let mut local: Vec<usize> = (groups[0].0..groups[0].1).collect();
        let mut next_group = 1;
        let mut mdp_end = 0;
        let mut previous: Vec<usize> = Vec::new();
        while local.len() > 1 || next_group < groups.len() {
            let resident_end = local.len();
            let loaded = next_group < groups.len();
            let bracket_score = if loaded {
                let (start, end) = groups[next_group];
                local.extend(start..end);
                next_group += 1;
                self.players[start].score
            } else {
                self.players[*local.last().expect("players left")].score
            };
            let mut bracket = Bracket::new(&self, local.clone(), mdp_end, resident_end);
            self.in_scope.fill(false);
            for &player in &bracket.local {
                self.in_scope[player] = true;
            }
            for li in mdp_end..bracket.local.len() {
                for lj in 0..li {
                    let weight = bracket.base(li, lj);
                    self.set(bracket.local[li], bracket.local[lj], weight);
                }
            }
            let mut stable = self.matching();
            self.select_mdps(&bracket, &mut stable, &mut matched);
            self.pair_mdps(&bracket, &mut stable, &mut matched);
            self.pair_remainder(&mut bracket, &mut stable, &mut matched);

            // The next bracket: everyone of this one not paired, and the
            // score group just loaded.
            let lone = n % 2 == 1 && loaded && self.bye_score.is_some_and(|s| s >= bracket_score);
            self.lone_bye_floater = lone;
            let mut next_local = Vec::new();
            let mut next_mdp_end = 0;
            for (li, &player) in bracket.local.iter().enumerate() {
                let partner = stable[player];
                if li < resident_end
                    && matched[player]
                    && let Some(partner) = partner
                {
                    let pair = (player.min(partner), player.max(partner));
                    if !pairs.contains(&pair) {
                        pairs.push(pair);
                    }
                    continue;
                }
                next_local.push(player);
                if li < resident_end {
                    next_mdp_end += 1;
                }
                if self.lone_bye_floater
                    && partner.is_some_and(|p| self.players[p].score < bracket_score)
                {
                    self.lone_bye_floater = false;
                }
            }
            if next_group >= groups.len() && next_local == previous {
                break;
            }
            previous.clone_from(&next_local);
            local = next_local;
            mdp_end = next_mdp_end;
        }
        pairs
    }

    /// Decides which moved-down players are paired in the bracket: as many
    /// as the heaviest matching pairs from each score, the highest first
    /// (B.2, C.6).
    fn select_mdps(
        &mut self,
        bracket: &Bracket<W>,
        stable: &mut Vec<Option<usize>>,
        matched: &mut [bool],
    ) {
        let mut moved_down_score = None;
        let mut players_left = 0;
        let mut matched_left = 0;
        for li in 0..bracket.mdp_end {
            let player = bracket.local[li];
            let score = self.players[player].score;
            if moved_down_score.is_none_or(|s| score < s) {
                moved_down_score = Some(score);
                players_left = 0;
                matched_left = 0;
                for &other in &bracket.local[li..bracket.mdp_end] {
                    if self.players[other].score < score {
                        break;
                    }
                    players_left += 1;
                    if stable[other].is_some_and(|p| bracket.is_resident(p)) {
                        matched_left += 1;
                    }
                }
            }
            if matched_left == 0 {
                continue;
            }
            if players_left <= matched_left {
                matched[player] = true;
                players_left -= 1;
                continue;
            }
            players_left -= 1;
            if !stable[player].is_some_and(|p| bracket.is_resident(p)) {
                for ri in bracket.mdp_end..bracket.resident_end {
                    let base = bracket.base(ri, li);
                    if base != W::ZERO {
                        self.set(player, bracket.local[ri], base.plus(W::from_u64(1)));
                    }
                }
                *stable = self.matching();
            }
            if stable[player].is_some_and(|p| bracket.is_resident(p)) {
                matched[player] = true;
                matched_left -= 1;
                let lock = W::from_u64((bracket.resident_end - bracket.mdp_end) as u64 + 1);
                for ri in bracket.mdp_end..bracket.resident_end {
                    let base = bracket.base(ri, li);
                    if base != W::ZERO {
                        self.set(player, bracket.local[ri], base.plus(lock));
                    }
                }
            }
        }
    }

    /// Gives each selected moved-down player, highest first, the
    /// highest-ranked resident the rest allows (the MDP-pairing).
    fn pair_mdps(
        &mut self,
        bracket: &Bracket<W>,
        stable: &mut Vec<Option<usize>>,
        matched: &mut [bool],
    ) {
        let mut settled = vec![false; self.n];
        for li in 0..bracket.mdp_end {
            let player = bracket.local[li];
            if !matched[player] || settled[player] {
                continue;
            }
            let mut addend = bracket.local.len() as u64;
            for ri in (bracket.mdp_end..bracket.resident_end).rev() {
                let resident = bracket.local[ri];
                if matched[resident] {
                    continue;
                }
                let base = bracket.base(ri, li);
                if base != W::ZERO {
                    self.set(player, resident, base.plus(W::from_u64(addend)));
                    addend += 1;
                }
            }
            *stable = self.matching();
            match stable[player] {
                Some(partner) => {
                    matched[partner] = true;
                    self.finalize(player, partner);
                    settled[player] = true;
                    settled[partner] = true;
                }
                None => matched[player] = false,
            }
        }
    }

    /// Pairs the residents left (the remainder, or the whole homogeneous
    /// bracket): how many pairs the heaviest matching makes, then which
    /// players are exchanged between S1 and S2 (fewest, nearest the
    /// middle), then each S1 player's opponent in order.
    fn pair_remainder(
        &mut self,
        bracket: &mut Bracket<W>,
        stable: &mut Vec<Option<usize>>,
        matched: &mut [bool],
    ) {
        let mut remainder: Vec<usize> = Vec::new();
        let mut remainder_pairs = 0;
        for li in bracket.mdp_end..bracket.resident_end {
            let player = bracket.local[li];
            let partner = stable[player];
            if partner.is_some_and(|p| bracket.is_mdp(p)) {
                continue;
            }
            remainder.push(li);
            if partner.is_some_and(|p| p < player) {
                remainder_pairs += 1;
            }
        }
        remainder_pairs = remainder_pairs.min(remainder.len() / 2);
        let b = self.layout.count_bits;
        let exchange_weight =
            |bracket: &Bracket<W>, smaller: usize, larger: usize, index: usize| {
                let base = bracket.base(larger, smaller);
                if base == W::ZERO {
                    return base;
                }
                let addend = (i64::from(index < remainder_pairs) << (2 * b)) - index as i64;
                base.plus(W::signed_at(addend, 1))
            };
        if remainder.len() >= 2 {
            for (oi, &opponent) in remainder.iter().enumerate() {
                for (index, &player) in remainder[..oi].iter().enumerate() {
                    let weight = exchange_weight(bracket, player, opponent, index);
                    self.set(bracket.local[player], bracket.local[opponent], weight);
                }
            }
            *stable = self.matching();
            let pairs_down = |stable: &[Option<usize>], bracket: &Bracket<W>, li: usize| {
                let player = bracket.local[li];
                stable[player].is_some_and(|p| bracket.is_in_bracket(p) && p > player)
            };
            let exchanges = remainder[..remainder_pairs]
                .iter()
                .filter(|&&li| !pairs_down(stable, bracket, li))
                .count();

            // Which S1 players go to S2: the lowest first.
            let mut left = exchanges;
            for scan in (0..remainder_pairs).rev() {
                if left == 0 {
                    break;
                }
                let li = remainder[scan];
                let player = bracket.local[li];
                if pairs_down(stable, bracket, li) {
                    for &opponent in &remainder[scan + 1..] {
                        let weight = exchange_weight(bracket, li, opponent, scan);
                        if weight != W::ZERO {
                            self.set(
                                player,
                                bracket.local[opponent],
                                weight.minus(W::from_u64(1)),
                            );
                        }
                    }
                    *stable = self.matching();
                }
                let exchanged = !pairs_down(stable, bracket, li);
                if exchanged {
                    left -= 1;
                }
                for &opponent in &remainder[scan + 1..] {
                    if exchanged {
                        bracket.clear_base(opponent, li);
                    }
                    let weight = exchange_weight(bracket, li, opponent, scan);
                    self.set(player, bracket.local[opponent], weight);
                }
            }

            // Which S2 players go to S1: the highest first.
            let mut left = exchanges;
            for scan in remainder_pairs..remainder.len() {
                if left <= 1 {
                    break;
                }
                let li = remainder[scan];
                let player = bracket.local[li];
                let already = pairs_down(stable, bracket, li);
                if !already {
                    for &opponent in &remainder[scan + 1..] {
                        let weight = exchange_weight(bracket, li, opponent, scan);
                        if weight != W::ZERO {
                            self.set(player, bracket.local[opponent], weight.plus(W::from_u64(1)));
                        }
                    }
                    *stable = self.matching();
                }
                if pairs_down(stable, bracket, li) {
                    left -= 1;
                    for &other in &remainder[..scan] {
                        bracket.clear_base(li, other);
                        self.set(player, bracket.local[other], W::ZERO);
                    }
                    for nli in bracket.resident_end..bracket.local.len() {
                        bracket.clear_base(nli, li);
                        self.set(player, bracket.local[nli], W::ZERO);
                    }
                }
                if !already {
                    for &opponent in &remainder[scan + 1..] {
                        let weight = exchange_weight(bracket, li, opponent, scan);
                        self.set(player, bracket.local[opponent], weight);
                    }
                }
            }

            // Only S1–S2 edges stay.
            for (pi, &player) in remainder.iter().enumerate() {
                for &opponent in &remainder[pi + 1..] {
                    let upper = pairs_down(stable, bracket, player);
                    let lower = !pairs_down(stable, bracket, opponent);
                    if !upper || !lower {
                        bracket.clear_base(opponent, player);
                    }
                    let weight = bracket.base(opponent, player);
                    self.set(bracket.local[player], bracket.local[opponent], weight);
                }
            }
        }

        // Each S1 player in order meets the highest S2 player the rest
        // allows.
        for &li in &remainder {
            let player = bracket.local[li];
            if !stable[player].is_some_and(|p| bracket.is_in_bracket(p) && p > player) {
                continue;
            }
            let mut addend = 0;
            for &opponent in remainder.iter().rev() {
                let other = bracket.local[opponent];
                if opponent <= li || matched[other] {
                    continue;
                }
                let base = bracket.base(opponent, li);
                if base != W::ZERO {
                    self.set(player, other, base.plus(W::from_u64(addend)));
                }
                addend += 1;
            }
            *stable = self.matching();
            if let Some(partner) = stable[player] {
                matched[player] = true;
                matched[partner] = true;
                self.finalize(player, partner);
            }
        }
    }
}

/// The bracket being settled: its players in order (the moved-down players
/// `..mdp_end`, the residents `mdp_end..resident_end`, then the next score
/// group), and the base weights of the pairs that involve a resident or a
/// next-group player.
struct Bracket<W> {
    local: Vec<usize>,
    mdp_end: usize,
    resident_end: usize,
    /// Each player's position in `local`.
    position: HashMap<usize, usize>,
    /// `base[li][lj]` for `lj < li`, rows from `mdp_end` on.
    base: Vec<Vec<W>>,
}

impl<W: Weight> Bracket<W> {
    fn new(dutch: &Dutch<'_, W>, local: Vec<usize>, mdp_end: usize, resident_end: usize) -> Self {
        let mut base = vec![Vec::new(); local.len()];
        for li in mdp_end..local.len() {
            let place = if li < resident_end {
                Place::Current
            } else {
                Place::Next
            };
            base[li] = (0..li)
                .map(|lj| dutch.edge_weight(local[lj], local[li], place))
                .collect();
        }
        let position = local.iter().enumerate().map(|(li, &v)| (v, li)).collect();
        Bracket {
            local,
            mdp_end,
            resident_end,
            position,
            base,
        }
    }

    fn base(&self, larger: usize, smaller: usize) -> W {
        self.base[larger].get(smaller).copied().unwrap_or(W::ZERO)
    }

    fn clear_base(&mut self, larger: usize, smaller: usize) {
        if let Some(weight) = self.base[larger].get_mut(smaller) {
            *weight = W::ZERO;
        }
    }

    fn position_of(&self, player: usize) -> Option<usize> {
        self.position.get(&player).copied()
    }

    fn is_mdp(&self, player: usize) -> bool {
        self.position_of(player).is_some_and(|li| li < self.mdp_end)
    }

    fn is_resident(&self, player: usize) -> bool {
        self.position_of(player)
            .is_some_and(|li| (self.mdp_end..self.resident_end).contains(&li))
    }

    fn is_in_bracket(&self, player: usize) -> bool {
        self.is_resident(player)
    }
}

/// Whether the detail fields (colours, floats) of a pair count only within
/// the current bracket.
fn field_is_detail(field: Field) -> bool {
    !matches!(
        field,
        Field::Reserved
            | Field::ByeUnplayed
            | Field::NextPair
            | Field::NextScore
            | Field::CurrentPair
            | Field::CurrentScore
    )
}

/// Whether both want the same side.
fn same_preference(a: &Preference, b: &Preference) -> bool {
    a.strength != Strength::None && b.strength != Strength::None && a.side == b.side
}

/// Whether one side or the other gives both players a colour within the
/// limits: no third same side running, no difference beyond two.
fn colours_allow(a: &SwissPlayer, b: &SwissPlayer) -> bool {
    let fits = |player: &SwissPlayer, side: Side| {
        let n = player.sides.len();
        let third = n >= 2 && player.sides[n - 1] == side && player.sides[n - 2] == side;
        let step = if side == Side::First { 1 } else { -1 };
        !third && (player.side_difference() + step).abs() <= 2
    };
    (fits(a, Side::First) && fits(b, Side::Second))
        || (fits(a, Side::Second) && fits(b, Side::First))
}

/// The side a player had in each of their last two games, if the same.
fn repeated_side(player: &SwissPlayer) -> Option<Side> {
    let n = player.sides.len();
    (n >= 2 && player.sides[n - 1] == player.sides[n - 2]).then(|| player.sides[n - 1])
}

/// Whether a pair of topscorers who both must have the same side leaves one
/// of them the same side a third time running (C.11).
fn third_colour_in_a_row(
    p1: &SwissPlayer,
    c1: &Preference,
    p2: &SwissPlayer,
    c2: &Preference,
) -> bool {
    if !(c1.strength == Strength::Absolute
        && c2.strength == Strength::Absolute
        && c1.side == c2.side)
    {
        return false;
    }
    let (d1, d2) = (p1.side_difference().abs(), p2.side_difference().abs());
    let (r1, r2) = (repeated_side(p1), repeated_side(p2));
    if d1 == d2 {
        r2.is_some() && r2 == r1
    } else {
        let lower = if d2 > d1 { r1 } else { r2 };
        lower == Some(c2.side.opposite())
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use crate::swiss::{SwissOptions, pair_round};
    use crate::{Entrant, GameResult, History, Pairing, PlayerId, Side};

    thread_local! {
        /// Whether every matching found by relaxation is checked against
        /// the matching of the whole field.
        pub(super) static CHECK_RELAXATION: Cell<bool> = const { Cell::new(false) };
        /// How many were.
        pub(super) static RELAXATIONS_CHECKED: Cell<usize> = const { Cell::new(0) };
    }

    #[test]
    fn the_relaxation_weighs_what_the_whole_field_does() {
        CHECK_RELAXATION.set(true);
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |limit: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % limit
        };
        for tournament in 0..24 {
            let players = 9 + next(40) as u32;
            let mut history = History {
                entrants: (1..=players)
                    .map(|id| Entrant {
                        id: PlayerId(id),
                        name: format!("p{id}"),
                        rating: 1000 + next(1400) as u32,
                    })
                    .collect(),
                rounds: Vec::new(),
            };
            let rounds = 5;
            let options = SwissOptions {
                planned_rounds: rounds,
                initial_side: Side::First,
            };
            for _ in 0..rounds {
                let present: Vec<PlayerId> = history
                    .entrants
                    .iter()
                    .map(|entrant| entrant.id)
                    .filter(|_| next(100) >= 4)
                    .collect();
                let mut round = pair_round(&history, &present, &options)
                    .unwrap_or_else(|error| panic!("tournament {tournament}: {error}"));
                for line in &mut round.pairings {
                    if let Pairing::Game { result, .. } = line {
                        // Often the first player: score groups that all
                        // want the same side, where completion binds.
                        *result = Some(match next(100) {
                            0..60 => GameResult::FirstWins,
                            60..85 => GameResult::SecondWins,
                            85..97 => GameResult::Draw,
                            _ => GameResult::SecondWinsByForfeit,
                        });
                    }
                }
                history.rounds.push(round);
            }
        }
        CHECK_RELAXATION.set(false);
        assert!(
            RELAXATIONS_CHECKED.get() > 1000,
            "only {} relaxations were checked",
            RELAXATIONS_CHECKED.get()
        );
    }
}
