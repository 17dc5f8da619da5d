//! A maximum-weight matching among the maximum-cardinality matchings of a
//! general graph: Edmonds' blossom algorithm with dual variables, in the
//! primal-dual form of Galil ("Efficient algorithms for finding maximum
//! matching in graphs", 1986), O(n³).
//!
//! The Dutch pairing ([`super::dutch`]) encodes every pairing criterion in
//! the edge weights, so the heaviest of the largest matchings is the best
//! pairing; weights are [`Weight`]s, integers of any fixed width.
//!
//! The structure: each stage grows alternating trees from every free vertex
//! along tight edges (zero slack), labelling vertices S (even) and T (odd);
//! an edge between two S-blossoms closes a new blossom or completes an
//! augmenting path; when no tight edge is left, the duals move by the
//! largest step that keeps every slack non-negative (the four deltas), which
//! makes new edges tight or empties a T-blossom's dual so it can be
//! expanded. Weights are doubled on input, so every dual step stays exact.

use super::wide::Weight;

/// No vertex, edge, endpoint or blossom.
const NONE: usize = usize::MAX;

/// A blossom's or vertex's label in the current stage.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Label {
    /// Not reached from a free vertex this stage.
    Free,
    /// Even distance from a free vertex (outer).
    S,
    /// Odd distance (inner).
    T,
    /// An S-blossom seen by the current blossom scan.
    Scanned,
}

/// The heaviest matching among those of maximum cardinality of the graph on
/// `0..count` with `edges` `(a, b, weight)` (weights positive; no loops, no
/// parallel edges): `mate[v]` is `v`'s partner.
pub(super) fn max_weight_matching<W: Weight>(
    count: usize,
    edges: &[(usize, usize, W)],
) -> Vec<Option<usize>> {
    matching(count, edges, true)
}

/// The heaviest matching of any size of the graph on `0..count` with
/// `edges` (weights positive): a pair is only made when it adds weight.
pub(super) fn max_weight_matching_any_size<W: Weight>(
    count: usize,
    edges: &[(usize, usize, W)],
) -> Vec<Option<usize>> {
    matching(count, edges, false)
}

fn matching<W: Weight>(
    count: usize,
    edges: &[(usize, usize, W)],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    if edges.is_empty() {
        return vec![None; count];
    }
    let mut search = Search::new(count, edges, max_cardinality);
    search.run();
    search
        .mate
        .iter()
        .map(|&end| (end != NONE).then(|| search.endpoint[end]))
        .collect()
}

/// The whole state of the algorithm. Vertices are `0..n`, blossoms
/// `n..2n`; an endpoint `p` is one end of edge `p / 2`, and `p ^ 1` the
/// other.
struct Search<W> {
    n: usize,
    /// Whether only matchings of maximum cardinality count (else the
    /// search stops once no vertex dual can fall further).
    max_cardinality: bool,
    /// Each edge's ends and doubled weight.
    edges: Vec<(usize, usize, W)>,
    /// The vertex at each endpoint.
    endpoint: Vec<usize>,
    /// For each vertex, the endpoints at the far end of its edges.
    neighbour_ends: Vec<Vec<usize>>,
    /// For each vertex, the endpoint of its partner, or `NONE`.
    mate: Vec<usize>,
    /// For each vertex and top-level blossom.
    label: Vec<Label>,
    /// The endpoint through which a blossom (or vertex) got its label.
    label_end: Vec<usize>,
    /// The top-level blossom each vertex is in.
    in_blossom: Vec<usize>,
    blossom_parent: Vec<usize>,
    /// A blossom's sub-blossoms, in cycle order from its base.
    blossom_children: Vec<Vec<usize>>,
    blossom_base: Vec<usize>,
    /// The endpoints joining consecutive children (`ends[i]` joins
    /// `children[i]` and `children[i + 1]`).
    blossom_ends: Vec<Vec<usize>>,
    /// Least-slack edge to another S-blossom (for S-blossoms) or to an
    /// S-blossom (for free vertices).
    best_edge: Vec<usize>,
    /// For an S-blossom, its least-slack edges to each other S-blossom.
    blossom_best_edges: Vec<Option<Vec<usize>>>,
    unused_blossoms: Vec<usize>,
    dual: Vec<W>,
    allowed_edge: Vec<bool>,
    queue: Vec<usize>,
}

impl<W: Weight> Search<W> {
    fn new(n: usize, edges: &[(usize, usize, W)], max_cardinality: bool) -> Self {
        let edges: Vec<(usize, usize, W)> = edges
            .iter()
            .map(|&(a, b, weight)| (a, b, weight.plus(weight)))
            .collect();
        let max_weight = edges
            .iter()
            .map(|edge| edge.2)
            .max()
            .unwrap_or(W::ZERO)
            .max(W::ZERO);
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbour_ends = vec![Vec::new(); n];
        for (index, &(a, b, _)) in edges.iter().enumerate() {
            endpoint.push(a);
            endpoint.push(b);
            neighbour_ends[a].push(2 * index + 1);
            neighbour_ends[b].push(2 * index);
        }
        let mut dual = vec![max_weight; n];
        dual.extend(std::iter::repeat_n(W::ZERO, n));
        let mut blossom_base: Vec<usize> = (0..n).collect();
        blossom_base.extend(std::iter::repeat_n(NONE, n));
        let edge_count = edges.len();
        Search {
            n,
            max_cardinality,
            edges,
            endpoint,
            neighbour_ends,
            mate: vec![NONE; n],
            label: vec![Label::Free; 2 * n],
            label_end: vec![NONE; 2 * n],
            in_blossom: (0..n).collect(),
            blossom_parent: vec![NONE; 2 * n],
            blossom_children: vec![Vec::new(); 2 * n],
            blossom_base,
            blossom_ends: vec![Vec::new(); 2 * n],
            best_edge: vec![NONE; 2 * n],
            blossom_best_edges: vec![None; 2 * n],
            unused_blossoms: (n..2 * n).rev().collect(),
            dual,
            allowed_edge: vec![false; edge_count],
            queue: Vec::new(),
        }
    }

    fn slack(&self, edge: usize) -> W {
        let (a, b, weight) = self.edges[edge];
        self.dual[a].plus(self.dual[b]).minus(weight.plus(weight))
    }

    fn leaves(&self, blossom: usize) -> Vec<usize> {
        let mut leaves = Vec::new();
        let mut stack = vec![blossom];
        while let Some(top) = stack.pop() {
            if top < self.n {
                leaves.push(top);
            } else {
                stack.extend(self.blossom_children[top].iter().rev());
            }
        }
        leaves
    }

    /// Labels vertex `w`'s top blossom `label`, reached through endpoint
    /// `through`; an S-blossom's vertices are queued, a T-blossom's mate
    /// becomes S.
    fn assign_label(&mut self, w: usize, label: Label, through: usize) {
        let blossom = self.in_blossom[w];
        debug_assert!(self.label[w] == Label::Free && self.label[blossom] == Label::Free);
        self.label[w] = label;
        self.label[blossom] = label;
        self.label_end[w] = through;
        self.label_end[blossom] = through;
        self.best_edge[w] = NONE;
        self.best_edge[blossom] = NONE;
        if label == Label::S {
            let leaves = self.leaves(blossom);
            self.queue.extend(leaves);
        } else {
            let base = self.blossom_base[blossom];
            let mate = self.mate[base];
            debug_assert!(mate != NONE);
            self.assign_label(self.endpoint[mate], Label::S, mate ^ 1);
        }
    }

    /// Follows the trees up from S-vertices `v` and `w`: the base of the new
    /// blossom if they share a root, or `NONE` for an augmenting path.
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut blossom = self.in_blossom[v];
            if self.label[blossom] == Label::Scanned {
                base = self.blossom_base[blossom];
                break;
            }
            debug_assert!(self.label[blossom] == Label::S);
            path.push(blossom);
            self.label[blossom] = Label::Scanned;
            if self.label_end[blossom] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.label_end[blossom]];
                blossom = self.in_blossom[v];
                debug_assert!(self.label[blossom] == Label::T);
                v = self.endpoint[self.label_end[blossom]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for blossom in path {
            self.label[blossom] = Label::S;
        }
        base
    }

    /// Makes a new blossom with `base` from the cycle that edge `edge`
    /// closes.
    fn add_blossom(&mut self, base: usize, edge: usize) {
        let (mut v, mut w, _) = self.edges[edge];
        let base_blossom = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let blossom = self.unused_blossoms.pop().expect("a free blossom slot");
        self.blossom_base[blossom] = base;
        self.blossom_parent[blossom] = NONE;
        self.blossom_parent[base_blossom] = blossom;
        let mut children = Vec::new();
        let mut ends = Vec::new();
        while bv != base_blossom {
            self.blossom_parent[bv] = blossom;
            children.push(bv);
            ends.push(self.label_end[bv]);
            v = self.endpoint[self.label_end[bv]];
            bv = self.in_blossom[v];
        }
        children.push(base_blossom);
        children.reverse();
        ends.reverse();
        ends.push(2 * edge);
        while bw != base_blossom {
            self.blossom_parent[bw] = blossom;
            children.push(bw);
            ends.push(self.label_end[bw] ^ 1);
            w = self.endpoint[self.label_end[bw]];
            bw = self.in_blossom[w];
        }
        debug_assert!(self.label[base_blossom] == Label::S);
        self.label[blossom] = Label::S;
        self.label_end[blossom] = self.label_end[base_blossom];
        self.dual[blossom] = W::ZERO;
        for leaf in self.leaves_of_children(&children) {
            if self.label[self.in_blossom[leaf]] == Label::T {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = blossom;
        }
        // The least-slack edges from the new blossom to each S-blossom.
        let mut best_to = vec![NONE; 2 * self.n];
        for &child in &children {
            let lists: Vec<Vec<usize>> = match self.blossom_best_edges[child].take() {
                Some(list) => vec![list],
                None => self
                    .leaves(child)
                    .into_iter()
                    .map(|leaf| self.neighbour_ends[leaf].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.in_blossom[j] == blossom {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.in_blossom[j];
                    if bj != blossom
                        && self.label[bj] == Label::S
                        && (best_to[bj] == NONE || self.slack(k) < self.slack(best_to[bj]))
                    {
                        best_to[bj] = k;
                    }
                }
            }
            self.best_edge[child] = NONE;
        }
        let best: Vec<usize> = best_to.into_iter().filter(|&k| k != NONE).collect();
        self.best_edge[blossom] = NONE;
        for &k in &best {
            if self.best_edge[blossom] == NONE
                || self.slack(k) < self.slack(self.best_edge[blossom])
            {
                self.best_edge[blossom] = k;
            }
        }
        self.blossom_best_edges[blossom] = Some(best);
        self.blossom_children[blossom] = children;
        self.blossom_ends[blossom] = ends;
    }

    fn leaves_of_children(&self, children: &[usize]) -> Vec<usize> {
        children
            .iter()
            .flat_map(|&child| self.leaves(child))
            .collect()
    }

    /// Dissolves top-level blossom `blossom`; within a stage (a T-blossom
    /// whose dual reached zero) its children on the tree path get labels.
    fn expand_blossom(&mut self, blossom: usize, end_of_stage: bool) {
        let children = self.blossom_children[blossom].clone();
        for &child in &children {
            self.blossom_parent[child] = NONE;
            if child < self.n {
                self.in_blossom[child] = child;
            } else if end_of_stage && self.dual[child] == W::ZERO {
                self.expand_blossom(child, end_of_stage);
            } else {
                for leaf in self.leaves(child) {
                    self.in_blossom[leaf] = child;
                }
            }
        }
        if !end_of_stage && self.label[blossom] == Label::T {
            let entry_child = self.in_blossom[self.endpoint[self.label_end[blossom] ^ 1]];
            let length = children.len() as isize;
            let (mut j, step, trick) = walk_to_base(&children, entry_child);
            let at = |j: isize| j.rem_euclid(length) as usize;
            let ends = self.blossom_ends[blossom].clone();
            let mut p = self.label_end[blossom];
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = Label::Free;
                let q = ends[at(j - trick as isize)];
                self.label[self.endpoint[q ^ trick ^ 1]] = Label::Free;
                self.assign_label(self.endpoint[p ^ 1], Label::T, p);
                self.allowed_edge[q / 2] = true;
                j += step;
                p = ends[at(j - trick as isize)] ^ trick;
                self.allowed_edge[p / 2] = true;
                j += step;
            }
            let bv = children[at(j)];
            let v = self.endpoint[p ^ 1];
            self.label[v] = Label::T;
            self.label[bv] = Label::T;
            self.label_end[v] = p;
            self.label_end[bv] = p;
            self.best_edge[bv] = NONE;
            j += step;
            while children[at(j)] != entry_child {
                let bv = children[at(j)];
                if self.label[bv] == Label::S {
                    j += step;
                    continue;
                }
                let reached = self
                    .leaves(bv)
                    .into_iter()
                    .find(|&leaf| self.label[leaf] != Label::Free);
                if let Some(leaf) = reached {
                    debug_assert!(self.label[leaf] == Label::T);
                    self.label[leaf] = Label::Free;
                    let mate = self.mate[self.blossom_base[bv]];
                    self.label[self.endpoint[mate]] = Label::Free;
                    self.assign_label(leaf, Label::T, self.label_end[leaf]);
                }
                j += step;
            }
        }
        self.label[blossom] = Label::Free;
        self.label_end[blossom] = NONE;
        self.blossom_children[blossom] = Vec::new();
        self.blossom_ends[blossom] = Vec::new();
        self.blossom_base[blossom] = NONE;
        self.blossom_best_edges[blossom] = None;
        self.best_edge[blossom] = NONE;
        self.unused_blossoms.push(blossom);
    }

    /// Swaps matched and unmatched edges on the path from vertex `v` to the
    /// base of `blossom`, making `v` the new base.
    fn augment_blossom(&mut self, blossom: usize, v: usize) {
        let mut t = v;
        while self.blossom_parent[t] != blossom {
            t = self.blossom_parent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let length = self.blossom_children[blossom].len() as isize;
        let (mut j, step, trick) = walk_to_base(&self.blossom_children[blossom], t);
        let first = j.rem_euclid(length) as usize;
        let at = |j: isize| j.rem_euclid(length) as usize;
        while j != 0 {
            j += step;
            let t = self.blossom_children[blossom][at(j)];
            let p = self.blossom_ends[blossom][at(j - trick as isize)] ^ trick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += step;
            let t = self.blossom_children[blossom][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.blossom_children[blossom].rotate_left(first);
        self.blossom_ends[blossom].rotate_left(first);
        self.blossom_base[blossom] = self.blossom_base[self.blossom_children[blossom][0]];
        debug_assert!(self.blossom_base[blossom] == v);
    }

    /// Augments the matching along the path through edge `edge` between
    /// two S-vertices of different trees.
    fn augment_matching(&mut self, edge: usize) {
        let (v, w, _) = self.edges[edge];
        for (mut s, mut p) in [(v, 2 * edge + 1), (w, 2 * edge)] {
            loop {
                let bs = self.in_blossom[s];
                debug_assert!(self.label[bs] == Label::S);
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.label_end[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.label_end[bs]];
                let bt = self.in_blossom[t];
                debug_assert!(self.label[bt] == Label::T);
                s = self.endpoint[self.label_end[bt]];
                let j = self.endpoint[self.label_end[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.label_end[bt];
                p = self.label_end[bt] ^ 1;
            }
        }
    }

    fn run(&mut self) {
        let n = self.n;
        for _ in 0..n {
            self.label.fill(Label::Free);
            self.best_edge.fill(NONE);
            for list in &mut self.blossom_best_edges[n..] {
                *list = None;
            }
            self.allowed_edge.fill(false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.in_blossom[v]] == Label::Free {
                    self.assign_label(v, Label::S, NONE);
                }
            }
            let augmented = self.stage();
            if !augmented {
                break;
            }
            for blossom in n..2 * n {
                if self.blossom_parent[blossom] == NONE
                    && self.blossom_base[blossom] != NONE
                    && self.label[blossom] == Label::S
                    && self.dual[blossom] == W::ZERO
                {
                    self.expand_blossom(blossom, true);
                }
            }
        }
    }

    /// One stage: grows the trees and moves the duals until an augmenting
    /// path is found (true) or none exists (false).
    fn stage(&mut self) -> bool {
        loop {
            if self.scan_queue() {
                return true;
            }
            let Some(step) = self.dual_step() else {
                return false;
            };
            match step {
                DualStep::Done => return false,
                DualStep::TightenFree(edge) => {
                    self.allowed_edge[edge] = true;
                    let (mut i, j, _) = self.edges[edge];
                    if self.label[self.in_blossom[i]] == Label::Free {
                        i = j;
                    }
                    self.queue.push(i);
                }
                DualStep::TightenOuter(edge) => {
                    self.allowed_edge[edge] = true;
                    let (i, _, _) = self.edges[edge];
                    self.queue.push(i);
                }
                DualStep::Expand(blossom) => self.expand_blossom(blossom, false),
            }
        }
    }

    /// Scans the queued S-vertices' edges; true once the matching was
    /// augmented.
    fn scan_queue(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            debug_assert!(self.label[self.in_blossom[v]] == Label::S);
            for index in 0..self.neighbour_ends[v].len() {
                let p = self.neighbour_ends[v][index];
                let k = p / 2;
                let w = self.endpoint[p];
                if self.in_blossom[v] == self.in_blossom[w] {
                    continue;
                }
                let mut slack = W::ZERO;
                if !self.allowed_edge[k] {
                    slack = self.slack(k);
                    if slack <= W::ZERO {
                        self.allowed_edge[k] = true;
                    }
                }
                let bw = self.in_blossom[w];
                if self.allowed_edge[k] {
                    if self.label[bw] == Label::Free {
                        self.assign_label(w, Label::T, p ^ 1);
                    } else if self.label[bw] == Label::S {
                        let base = self.scan_blossom(v, w);
                        if base != NONE {
                            self.add_blossom(base, k);
                        } else {
                            self.augment_matching(k);
                            return true;
                        }
                    } else if self.label[w] == Label::Free {
                        debug_assert!(self.label[bw] == Label::T);
                        self.label[w] = Label::T;
                        self.label_end[w] = p ^ 1;
                    }
                } else if self.label[bw] == Label::S {
                    let b = self.in_blossom[v];
                    if self.best_edge[b] == NONE || slack < self.slack(self.best_edge[b]) {
                        self.best_edge[b] = k;
                    }
                } else if self.label[w] == Label::Free
                    && (self.best_edge[w] == NONE || slack < self.slack(self.best_edge[w]))
                {
                    self.best_edge[w] = k;
                }
            }
        }
        false
    }

    /// The largest dual change that keeps every slack non-negative, applied;
    /// what it made possible, or `None` when the duals cannot move.
    fn dual_step(&mut self) -> Option<DualStep> {
        let n = self.n;
        let mut best: Option<(W, DualStep)> = None;
        let consider = |delta: W, step: DualStep, best: &mut Option<(W, DualStep)>| {
            if best.as_ref().is_none_or(|(least, _)| delta < *least) {
                *best = Some((delta, step));
            }
        };
        if !self.max_cardinality {
            // A vertex dual reaching zero: no pair can add weight any more.
            let least = self.dual[..n].iter().copied().min()?;
            consider(least.max(W::ZERO), DualStep::Done, &mut best);
        }
        for v in 0..n {
            if self.label[self.in_blossom[v]] == Label::Free && self.best_edge[v] != NONE {
                let edge = self.best_edge[v];
                consider(self.slack(edge), DualStep::TightenFree(edge), &mut best);
            }
        }
        for blossom in 0..2 * n {
            if self.blossom_parent[blossom] == NONE
                && self.label[blossom] == Label::S
                && self.best_edge[blossom] != NONE
                && (blossom < n || self.blossom_base[blossom] != NONE)
            {
                let edge = self.best_edge[blossom];
                consider(
                    self.slack(edge).half(),
                    DualStep::TightenOuter(edge),
                    &mut best,
                );
            }
        }
        for blossom in n..2 * n {
            if self.blossom_base[blossom] != NONE
                && self.blossom_parent[blossom] == NONE
                && self.label[blossom] == Label::T
            {
                consider(self.dual[blossom], DualStep::Expand(blossom), &mut best);
            }
        }
        let (delta, step) = match best {
            Some(found) => found,
            None => {
                // Maximum cardinality reached: a last step and the end.
                let least = self.dual[..n].iter().copied().min()?;
                (least.max(W::ZERO), DualStep::Done)
            }
        };
        for v in 0..n {
            match self.label[self.in_blossom[v]] {
                Label::S => self.dual[v] = self.dual[v].minus(delta),
                Label::T => self.dual[v] = self.dual[v].plus(delta),
                _ => {}
            }
        }
        for blossom in n..2 * n {
            if self.blossom_base[blossom] != NONE && self.blossom_parent[blossom] == NONE {
                match self.label[blossom] {
                    Label::S => self.dual[blossom] = self.dual[blossom].plus(delta),
                    Label::T => self.dual[blossom] = self.dual[blossom].minus(delta),
                    _ => {}
                }
            }
        }
        Some(step)
    }
}

/// Where a walk from `child` round a blossom's `children` to its base (index
/// 0) starts, which way it steps, and which end of each edge it takes: the
/// even way round, so that the path alternates.
fn walk_to_base(children: &[usize], child: usize) -> (isize, isize, usize) {
    let length = children.len() as isize;
    let j = children
        .iter()
        .position(|&c| c == child)
        .expect("a child of the blossom") as isize;
    if j & 1 == 1 {
        (j - length, 1, 0)
    } else {
        (j, -1, 1)
    }
}

/// What a dual change made possible.
#[derive(Clone, Copy, Debug)]
enum DualStep {
    /// An edge from an S-vertex to a free vertex became tight.
    TightenFree(usize),
    /// An edge between two S-blossoms became tight.
    TightenOuter(usize),
    /// A T-blossom's dual reached zero: it is expanded.
    Expand(usize),
    /// No augmenting path is left.
    Done,
}

#[cfg(test)]
mod tests {
    use super::super::wide::Wide;
    use super::*;

    /// The best (cardinality, weight) over every matching, by brute force.
    /// The best (pairs, weight) of every matching: by pairs first, then by
    /// weight, if `max_cardinality`, else by weight alone.
    fn brute_force(
        count: usize,
        edges: &[(usize, usize, i64)],
        max_cardinality: bool,
    ) -> (usize, i64) {
        fn go(
            vertex: usize,
            used: &mut Vec<bool>,
            edges: &[(usize, usize, i64)],
            count: usize,
            max_cardinality: bool,
        ) -> (usize, i64) {
            if vertex >= count {
                return (0, 0);
            }
            if used[vertex] {
                return go(vertex + 1, used, edges, count, max_cardinality);
            }
            let key = |(pairs, weight): (usize, i64)| {
                if max_cardinality {
                    (pairs, weight)
                } else {
                    (0, weight)
                }
            };
            let mut best = go(vertex + 1, used, edges, count, max_cardinality);
            for &(a, b, w) in edges {
                let other = if a == vertex {
                    b
                } else if b == vertex {
                    a
                } else {
                    continue;
                };
                if used[other] {
                    continue;
                }
                used[vertex] = true;
                used[other] = true;
                let (pairs, weight) = go(vertex + 1, used, edges, count, max_cardinality);
                used[vertex] = false;
                used[other] = false;
                if key((pairs + 1, weight + w)) > key(best) {
                    best = (pairs + 1, weight + w);
                }
            }
            best
        }
        go(0, &mut vec![false; count], edges, count, max_cardinality)
    }

    #[test]
    fn agrees_with_brute_force_on_random_graphs() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |limit: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % limit
        };
        for _ in 0..600 {
            let count = 2 + next(9) as usize;
            let density = 1 + next(9);
            let mut edges = Vec::new();
            for a in 0..count {
                for b in a + 1..count {
                    if next(10) < density {
                        let range = if next(2) == 0 { 6 } else { 40 };
                        edges.push((a, b, 1 + next(range) as i64));
                    }
                }
            }
            let wide: Vec<(usize, usize, Wide<2>)> = edges
                .iter()
                .map(|&(a, b, w)| (a, b, Wide::from_u64(w as u64)))
                .collect();
            for max_cardinality in [true, false] {
                let mate = if max_cardinality {
                    max_weight_matching(count, &wide)
                } else {
                    max_weight_matching_any_size(count, &wide)
                };
                let mut pairs = 0;
                let mut weight = 0;
                for (v, partner) in mate.iter().enumerate() {
                    if let Some(w) = *partner {
                        assert_eq!(mate[w], Some(v), "the matching is symmetric");
                        if v < w {
                            pairs += 1;
                            weight += edges
                                .iter()
                                .find(|&&(a, b, _)| (a, b) == (v, w))
                                .expect("a matched pair is an edge")
                                .2;
                        }
                    }
                }
                let best = brute_force(count, &edges, max_cardinality);
                if max_cardinality {
                    assert_eq!((pairs, weight), best, "{edges:?}");
                } else {
                    assert_eq!(weight, best.1, "any size: {edges:?}");
                }
            }
        }
    }
}
