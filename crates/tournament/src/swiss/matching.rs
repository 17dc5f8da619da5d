//! A maximum matching of a general graph (Edmonds' blossom algorithm): the
//! exact test of the completion criterion (C.04.3 C.4, "the remaining
//! players can be paired"), in polynomial time whatever the field.
//!
//! Swiss constraints make the graph of who may meet whom far from
//! bipartite, so a depth-first search of pairings can take exponential time
//! on a field that is merely awkward (a whole score group that must have the
//! same side, as when the first player of every game won). Edmonds' search
//! for augmenting paths, shrinking odd cycles (blossoms) as it meets them,
//! answers in O(n³) at worst, and in far less from a greedy start.

use std::collections::VecDeque;

/// A vertex with no partner or no parent.
const NONE: usize = usize::MAX;

/// A maximum matching of the graph on `0..count` whose edges are the pairs
/// `adjacent` accepts (it must be symmetric): `mate[v]` is `v`'s partner, or
/// `None`.
pub(super) fn maximum_matching(
    count: usize,
    adjacent: impl Fn(usize, usize) -> bool,
) -> Vec<Option<usize>> {
    maximum_matching_from(vec![None; count], adjacent)
}

/// A maximum matching grown from the matching `start` (`start[v]` is `v`'s
/// partner, or `None`; it must be symmetric and use edges only): when most
/// of the graph was matched before, only its free vertices are searched
/// from.
pub(super) fn maximum_matching_from(
    start: Vec<Option<usize>>,
    adjacent: impl Fn(usize, usize) -> bool,
) -> Vec<Option<usize>> {
    grow(start, adjacent, false).unwrap_or_default()
}

/// A perfect matching grown from `start` (as [`maximum_matching_from`]), or
/// `None` as soon as one vertex is found that no matching can cover: a free
/// vertex with no augmenting path stays free in every maximum matching
/// grown from this one, so the search stops there.
pub(super) fn perfect_matching_from(
    start: Vec<Option<usize>>,
    adjacent: impl Fn(usize, usize) -> bool,
) -> Option<Vec<usize>> {
    grow(start, adjacent, true).map(|mate| mate.into_iter().flatten().collect())
}

/// Grows `start` to a maximum matching; `None` if `perfect_only` and a
/// vertex stays free.
fn grow(
    start: Vec<Option<usize>>,
    adjacent: impl Fn(usize, usize) -> bool,
    perfect_only: bool,
) -> Option<Vec<Option<usize>>> {
    let count = start.len();
    let mut search = Search {
        count,
        mate: start.into_iter().map(|mate| mate.unwrap_or(NONE)).collect(),
        parent: vec![NONE; count],
        base: (0..count).collect(),
        used: vec![false; count],
        in_blossom: vec![false; count],
        seen: vec![false; count],
        queue: VecDeque::with_capacity(count),
    };
    // Greedy first: most vertices are matched before any search.
    for v in 0..count {
        if search.mate[v] != NONE {
            continue;
        }
        if let Some(to) = (v + 1..count).find(|&to| search.mate[to] == NONE && adjacent(v, to)) {
            search.mate[v] = to;
            search.mate[to] = v;
        }
    }
    for root in 0..count {
        if search.mate[root] != NONE {
            continue;
        }
        match search.augmenting_path(root, &adjacent) {
            Some(end) => search.augment(end),
            None if perfect_only => return None,
            None => {}
        }
    }
    Some(
        search
            .mate
            .into_iter()
            .map(|mate| (mate != NONE).then_some(mate))
            .collect(),
    )
}

/// The state of the search for augmenting paths.
struct Search {
    count: usize,
    mate: Vec<usize>,
    /// The vertex each odd vertex of the alternating tree was reached from.
    parent: Vec<usize>,
    /// The base of the blossom each vertex is in (itself when in none).
    base: Vec<usize>,
    /// Whether a vertex is an even (outer) vertex of the tree.
    used: Vec<bool>,
    in_blossom: Vec<bool>,
    /// The bases met on the way up from one end of a blossom's edge.
    seen: Vec<bool>,
    queue: VecDeque<usize>,
}

impl Search {
    /// The free vertex an augmenting path from `root` ends at, if any; the
    /// path is left in `parent` and `mate`.
    fn augmenting_path(
        &mut self,
        root: usize,
        adjacent: &impl Fn(usize, usize) -> bool,
    ) -> Option<usize> {
        self.used.fill(false);
        self.parent.fill(NONE);
        for (v, base) in self.base.iter_mut().enumerate() {
            *base = v;
        }
        self.queue.clear();
        self.used[root] = true;
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for to in 0..self.count {
                if to == v
                    || !adjacent(v, to)
                    || self.base[v] == self.base[to]
                    || self.mate[v] == to
                {
                    continue;
                }
                let to_is_even =
                    to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE);
                if to_is_even {
                    self.shrink(v, to);
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        return Some(to);
                    }
                    let next = self.mate[to];
                    self.used[next] = true;
                    self.queue.push_back(next);
                }
            }
        }
        None
    }

    /// Shrinks the blossom that the edge between even vertices `v` and `to`
    /// closes, and puts its odd vertices in the queue as even ones.
    fn shrink(&mut self, v: usize, to: usize) {
        let common = self.common_ancestor(v, to);
        self.in_blossom.fill(false);
        self.mark_path(v, common, to);
        self.mark_path(to, common, v);
        for i in 0..self.count {
            if self.in_blossom[self.base[i]] {
                self.base[i] = common;
                if !self.used[i] {
                    self.used[i] = true;
                    self.queue.push_back(i);
                }
            }
        }
    }

    /// The base of the nearest common ancestor of `a` and `b` in the tree.
    fn common_ancestor(&mut self, mut a: usize, mut b: usize) -> usize {
        self.seen.fill(false);
        loop {
            a = self.base[a];
            self.seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if self.seen[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    /// Marks the blossom's vertices on the way from `v` down to its base,
    /// and points the path's parents so that either side can be augmented.
    fn mark_path(&mut self, mut v: usize, blossom_base: usize, mut child: usize) {
        while self.base[v] != blossom_base {
            self.in_blossom[self.base[v]] = true;
            self.in_blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    /// Flips the matching along the augmenting path that ends at `end`.
    fn augment(&mut self, mut end: usize) {
        while end != NONE {
            let previous = self.parent[end];
            let next = self.mate[previous];
            self.mate[end] = previous;
            self.mate[previous] = end;
            end = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{maximum_matching, maximum_matching_from, perfect_matching_from};

    /// The size of a maximum matching by trying every pairing.
    fn brute_force(count: usize, edges: &[Vec<bool>]) -> usize {
        fn best(free: &mut Vec<usize>, edges: &[Vec<bool>]) -> usize {
            let Some(a) = free.pop() else {
                return 0;
            };
            // `a` stays unmatched, or meets one of the others.
            let mut most = best(free, edges);
            for index in 0..free.len() {
                let b = free[index];
                if edges[a][b] {
                    free.remove(index);
                    most = most.max(1 + best(free, edges));
                    free.insert(index, b);
                }
            }
            free.push(a);
            most
        }
        best(&mut (0..count).collect(), edges)
    }

    #[test]
    fn random_graphs_match_as_many_as_brute_force() {
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for trial in 0..400 {
            let count = 2 + (trial % 11);
            let density = 10 + next() % 70;
            let mut edges = vec![vec![false; count]; count];
            let pairs: Vec<(usize, usize)> = (0..count)
                .flat_map(|a| (a + 1..count).map(move |b| (a, b)))
                .collect();
            for (a, b) in pairs {
                let edge = next() % 100 < density;
                edges[a][b] = edge;
                edges[b][a] = edge;
            }
            let mate = maximum_matching(count, |a, b| edges[a][b]);
            for (v, partner) in mate.iter().enumerate() {
                if let Some(partner) = *partner {
                    assert!(edges[v][partner], "trial {trial}: {v}-{partner} is no edge");
                    assert_eq!(mate[partner], Some(v), "trial {trial}: not mutual");
                }
            }
            let matched = mate.iter().flatten().count() / 2;
            let most = brute_force(count, &edges);
            assert_eq!(matched, most, "trial {trial}");
            // Grown from the matching of the first half alone, the same size.
            let half = count / 2;
            let part = maximum_matching(half, |a, b| edges[a][b]);
            let mut start = part;
            start.resize(count, None);
            let grown = maximum_matching_from(start, |a, b| edges[a][b]);
            assert_eq!(
                grown.iter().flatten().count() / 2,
                most,
                "trial {trial} grown"
            );
            let perfect = perfect_matching_from(vec![None; count], |a, b| edges[a][b]);
            assert_eq!(
                perfect.is_some(),
                2 * most == count,
                "trial {trial} perfect"
            );
        }
    }

    #[test]
    fn an_odd_cycle_with_a_tail_is_matched_through_its_blossom() {
        // A pentagon 0-1-2-3-4 with a tail 4-5 and 0-6: greedy pairs 0-1,
        // 2-3, leaving 4, 5 and 6; the maximum pairs all but one.
        let edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (4, 5), (0, 6)];
        let adjacent = |a: usize, b: usize| edges.contains(&(a, b)) || edges.contains(&(b, a));
        let mate = maximum_matching(7, adjacent);
        assert_eq!(mate.iter().flatten().count() / 2, 3);
    }
}
