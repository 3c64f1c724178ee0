//! Values of the branches of instances kept from one instance to the next, by their shape: what a
//! stress run asks of brute.
//!
//! Problem: a stress run values thousands of small graphs, most of them isomorphic to one it has
//! valued before, or made of branches at the root that it has: of the graphs of `cactus`'s first
//! 50 000 cases, three in four are whole repeats, and nine in ten have every branch seen before.
//! Answer each of those without a search.
//!
//! Idea: a graph is the sum of its branches at the root ([`Branches`]), so its value is the XOR
//! of theirs (Sprague-Grundy); each branch is searched once and its value kept by its shape. The
//! edges connected to the root are relabelled breadth-first from the root, the new neighbours of
//! each vertex in the order of a hash of what hangs below them (their loops, their edges within
//! their layer, and the hashes of their neighbours a layer further, as a multiset: on a tree, the
//! isomorphism class of the subtree); a branch's edges, relabelled by the order of those labels
//! and sorted, are its key. Any relabelling is an isomorphism, so equal keys mean isomorphic
//! branches, and equal values, whatever the hashes do: the key holds every edge. A tie between
//! vertices no automorphism swaps can give one branch two keys, which costs a miss, never a wrong
//! value: on trees there is none. The values kept are found by the search (a question's "yes" is
//! a value too, its "no" a value the branch has not) and read only for instances of at most
//! [`MAX_EDGES`] edges under a budget that no search of them can exhaust ([`never_gives_up`]), so
//! every answer, and whether the budget gives up, is what a search would give: a thread's history
//! changes only the time.
//!
//! Complexity: `O(k + e)` per instance for `k` vertices and `e` edges, but for sorting each
//! vertex's new neighbours and each branch's edges (a few each); a hash look-up per branch. In
//! `cactus`'s stress run (50 000 cases, callgrind) the keys take 12% of the instructions, and the
//! run 0.87 times those it took with whole graphs as keys (0.89 by the branches alone, the rest
//! by the "no"s kept). At most [`MAX_KNOWN`] values a thread.
//!
//! Reference: A. V. Aho, J. E. Hopcroft, J. D. Ullman, *The Design and Analysis of Computer
//! Algorithms* (1974), chapter 3 (isomorphism of rooted trees); B. D. McKay, A. Piperno,
//! "Practical graph isomorphism, II", J. Symbolic Computation 60 (2014) (canonical labelling).

use std::cell::RefCell;

use rustc_hash::FxHashMap;

use crate::{Budget, TooBig};

/// The most edges connected to the root of an instance whose value is kept: graphs larger than
/// the stress configs' rarely repeat, and a search of these fits the bound of
/// [`never_gives_up`] with room under the default budget.
const MAX_EDGES: usize = 16;

/// The most values a thread keeps; past it, values already kept serve. Its table then holds
/// 2^18 slots of 41 bytes, 11 MiB. The graphs of the first million cases of `cactus` have
/// 75 218 shapes of branches.
const MAX_KNOWN: usize = 200_000;

/// The least memory cap under which the search of a kept instance cannot run out: its memo and
/// its table of absent values are arrays of `2^16` entries, some hundreds of KiB with their lists.
const MIN_MEMORY: usize = 4 << 20;

/// A branch's edges, relabelled ([`Branches::of`]): edge `(a, b)`, `a <= b`, as `1 + 32 a + b`,
/// sorted, then zeros.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Shape {
    code: [u16; MAX_EDGES],
    edges: u8,
}

thread_local! {
    static KNOWN: RefCell<FxHashMap<Shape, Kept>> = RefCell::new(FxHashMap::default());
}

/// What a thread found of a branch: its value, or values it has not (bit `h` for `h`, below 32:
/// the "no" of a question, kept so that the same question is not searched again).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kept {
    Value(u32),
    Not(u32),
}

/// As [`super::grundy`], answered from the values this thread kept when it can be: an instance
/// of at most 16 edges connected to the root, under a budget that no search of it can exhaust.
/// Its value is the XOR of its branches' ([`Branches`]); those not kept are searched, and kept.
pub fn grundy(n: usize, edges: &[(u32, u32)], budget: &Budget) -> Result<u32, TooBig> {
    let Some(branches) = Branches::of(n, edges, budget) else {
        return super::grundy(n, edges, budget);
    };
    (0..branches.count).try_fold(0, |acc, k| Ok(acc ^ branches.value(k, budget)?))
}

/// As [`super::grundy_is`], answered from what this thread kept when it can be: the branches
/// but the largest whose value is not kept are valued ([`grundy`]), and the largest asked about;
/// a "yes" is its value, and kept, a "no" is kept as a value it has not. A branch asked about
/// again, of another value, is valued: in `cactus`'s first 50 000 cases, 8 725 questions found
/// a "no", and 2 360 came after one about the same branch (869 of the same value); so kept, the
/// run took 0.98 of the instructions (callgrind; asked again rather than valued, 0.99).
pub fn grundy_is(n: usize, edges: &[(u32, u32)], target: u32, budget: &Budget) -> Result<bool, TooBig> {
    let Some(branches) = Branches::of(n, edges, budget) else {
        return super::grundy_is(n, edges, target, budget);
    };
    let valued = |k: usize| matches!(branches.known[k], Some(Kept::Value(_)));
    let asked = (0..branches.count)
        .filter(|&k| !valued(k))
        .max_by_key(|&k| branches.branch(k).len());
    let others = (0..branches.count)
        .filter(|&k| Some(k) != asked)
        .try_fold(0, |acc, k| Ok(acc ^ branches.value(k, budget)?))?;
    let Some(k) = asked else {
        return Ok(others == target);
    };
    let h = target ^ others;
    // `h`'s bit among the values a branch has not, if it has one.
    let bit = 1u32.checked_shl(h);
    match branches.known[k] {
        Some(Kept::Not(absent)) if bit.is_some_and(|bit| absent & bit != 0) => Ok(false),
        Some(Kept::Not(_)) => Ok(branches.value(k, budget)? == h),
        _ => {
            let yes = super::grundy_is(branches.vertices, branches.branch(k), h, budget)?;
            match (yes, bit) {
                (true, _) => keep(branches.shape(k), Kept::Value(h)),
                (false, Some(bit)) => keep(branches.shape(k), Kept::Not(bit)),
                (false, None) => {}
            }
            Ok(yes)
        }
    }
}

/// Keeps what was found of a branch, a value over values found absent, while there is room.
fn keep(shape: Shape, found: Kept) {
    KNOWN.with(|known| {
        let mut known = known.borrow_mut();
        let full = known.len() >= MAX_KNOWN;
        match (known.get_mut(&shape), found) {
            (Some(Kept::Not(absent)), Kept::Not(more)) => *absent |= more,
            (Some(kept), Kept::Value(_)) => *kept = found,
            (Some(Kept::Value(_)), Kept::Not(_)) => {}
            (None, _) if !full => {
                known.insert(shape, found);
            }
            (None, _) => {}
        }
    });
}

/// Whether no search of an instance of `edges` edges can give up under `budget`: its states are
/// sets of edges, each at most once in the memo and once in the table of absent values; each is
/// entered once and asked about at most 8 more times (values below 7, then a yes), each time
/// generating at most `edges` moves; and its two tables are arrays within [`MIN_MEMORY`].
fn never_gives_up(edges: usize, budget: &Budget) -> bool {
    edges <= MAX_EDGES
        && budget.max_states > 2 << edges
        && budget.max_moves() >= (9 * edges) << edges
        && budget.max_memory() >= MIN_MEMORY
}

/// An instance's branches at the root: its edges connected to the root, renumbered, grouped so
/// that two edges are in one branch when a path joins them without passing the root (a loop at
/// the root is a branch alone). A move in one branch leaves the others as they were, so the
/// instance is their sum and its value the XOR of theirs (Sprague-Grundy): keyed by branch, the
/// graphs of `cactus`'s first 50 000 cases need 10 870 searches where whole they needed 23 872,
/// though the instructions of those searches fell only to 0.81 (callgrind).
struct Branches {
    /// The edges of branch `k` are `edges[ends[k]..ends[k + 1]]`, their ends below `vertices`.
    edges: [(u32, u32); MAX_EDGES],
    ends: [u8; MAX_EDGES + 1],
    count: usize,
    vertices: usize,
    /// The codes of each branch's edges ([`Shape`]), sorted, where its edges are.
    codes: [u16; MAX_EDGES],
    /// What this thread kept of each branch.
    known: [Option<Kept>; MAX_EDGES],
}

impl Branches {
    /// `None` when the graph has more than [`MAX_EDGES`] edges or one with an end outside
    /// `0..n` (which the search reports), or when a search of it might give up under `budget`
    /// ([`never_gives_up`]): then nothing kept may answer for it.
    fn of(n: usize, edges: &[(u32, u32)], budget: &Budget) -> Option<Branches> {
        if edges.len() > MAX_EDGES {
            return None;
        }
        let graph = Local::of(n, edges)?;
        // Each vertex but the root, by the branch it is in (numbered as first met in the root's
        // search): the vertices its neighbours but the root reach.
        let mut branch = [u8::MAX; MAX_ENDS];
        let mut count = 0;
        for &v in &graph.order[1..graph.reached] {
            let v = usize::from(v);
            if branch[v] != u8::MAX {
                continue;
            }
            branch[v] = count;
            let mut stack = [0u8; MAX_ENDS];
            let (mut top, mut seen) = (1, 1u64 << v);
            stack[0] = v as u8;
            while top > 0 {
                top -= 1;
                let mut fresh = graph.near[usize::from(stack[top])] & !seen & !1;
                seen |= fresh;
                while fresh != 0 {
                    let w = fresh.trailing_zeros() as usize;
                    fresh &= fresh - 1;
                    branch[w] = count;
                    stack[top] = w as u8;
                    top += 1;
                }
            }
            count += 1;
        }
        let mut split = Branches {
            edges: [(0, 0); MAX_EDGES],
            ends: [0; MAX_EDGES + 1],
            count: 0,
            vertices: graph.vertices,
            codes: [0; MAX_EDGES],
            known: [None; MAX_EDGES],
        };
        // The edges by branch, a loop at the root a branch alone after the others: a counting sort.
        let live = (graph.ends[..graph.e].iter()).filter(|&&(a, _)| graph.depth[usize::from(a)] != UNREACHED);
        let mut loops = count;
        let group = |&(a, b): &(u8, u8), loops: &mut u8| match (a, b) {
            (0, 0) => {
                *loops += 1;
                *loops - 1
            }
            (0, v) | (v, _) => branch[usize::from(v)],
        };
        let mut size = [0u8; MAX_EDGES];
        for end in live.clone() {
            size[usize::from(group(end, &mut loops))] += 1;
        }
        split.count = usize::from(loops);
        let mut at = [0u8; MAX_EDGES];
        for k in 0..split.count {
            at[k] = split.ends[k];
            split.ends[k + 1] = split.ends[k] + size[k];
        }
        if !never_gives_up(split.edges(), budget) {
            return None;
        }
        // A branch's vertices numbered in the order of the whole graph's labels, the root 0 in
        // each: the labelling restricted to a branch, so the branch's edges relabelled.
        let label = graph.labels();
        let mut by_label = [0u8; MAX_ENDS];
        for &v in &graph.order[..graph.reached] {
            by_label[usize::from(label[usize::from(v)])] = v;
        }
        let mut next = [1u16; MAX_ENDS];
        let mut rank = [0u16; MAX_ENDS];
        for &v in &by_label[1..graph.reached] {
            let b = usize::from(branch[usize::from(v)]);
            rank[usize::from(v)] = next[b];
            next[b] += 1;
        }
        loops = count;
        for end in live {
            let k = usize::from(group(end, &mut loops));
            let (a, b) = (u32::from(end.0), u32::from(end.1));
            let (ra, rb) = (rank[end.0 as usize], rank[end.1 as usize]);
            split.edges[usize::from(at[k])] = (a, b);
            split.codes[usize::from(at[k])] = 1 + 32 * ra.min(rb) + ra.max(rb);
            at[k] += 1;
        }
        KNOWN.with(|known| {
            let known = known.borrow();
            for k in 0..split.count {
                let range = split.range(k);
                insertion_sort(&mut split.codes[range], |&c| c);
                split.known[k] = known.get(&split.shape(k)).copied();
            }
        });
        Some(split)
    }

    /// Where branch `k`'s edges and codes are.
    fn range(&self, k: usize) -> std::ops::Range<usize> {
        usize::from(self.ends[k])..usize::from(self.ends[k + 1])
    }

    /// The key of branch `k`.
    fn shape(&self, k: usize) -> Shape {
        let codes = &self.codes[self.range(k)];
        let mut shape = Shape {
            code: [0; MAX_EDGES],
            edges: codes.len() as u8,
        };
        shape.code[..codes.len()].copy_from_slice(codes);
        shape
    }

    fn branch(&self, k: usize) -> &[(u32, u32)] {
        &self.edges[self.range(k)]
    }

    /// The edges connected to the root.
    fn edges(&self) -> usize {
        usize::from(self.ends[self.count])
    }

    /// The value of branch `k`: kept, or searched and kept.
    fn value(&self, k: usize, budget: &Budget) -> Result<u32, TooBig> {
        if let Some(Kept::Value(value)) = self.known[k] {
            return Ok(value);
        }
        let value = super::grundy(self.vertices, self.branch(k), budget)?;
        keep(self.shape(k), Kept::Value(value));
        Ok(value)
    }
}

/// The most vertices the ends of [`MAX_EDGES`] edges and the root can be.
const MAX_ENDS: usize = 2 * MAX_EDGES + 1;

const UNREACHED: u8 = u8::MAX;

/// The end of a list of edges.
const NONE: u8 = u8::MAX;

/// The edges, on their ends renumbered from 0 (the root 0) in the order first met, with the
/// root's breadth-first search.
struct Local {
    /// The vertices numbered, the ends of the edges.
    vertices: usize,
    e: usize,
    ends: [(u8, u8); MAX_EDGES],
    /// `near[v]`: the vertices joined to `v` by an edge, `v` itself left out.
    near: [u64; MAX_ENDS],
    /// Each vertex's distance from the root, [`UNREACHED`] if none.
    depth: [u8; MAX_ENDS],
    /// The vertices the root reaches, nearest first.
    order: [u8; MAX_ENDS],
    reached: usize,
}

impl Local {
    fn of(n: usize, edges: &[(u32, u32)]) -> Option<Local> {
        // Vertices below 64 are renumbered through a table, others by a search of those seen.
        let mut direct = [u8::MAX; 64];
        direct[0] = 0;
        let mut vertex = [0u32; MAX_ENDS];
        let mut k = 1;
        let mut local = |v: u32| -> Option<u8> {
            if v as usize >= n {
                return None;
            }
            let seen = match direct.get(v as usize) {
                Some(&i) if i != u8::MAX => Some(i),
                Some(_) => None,
                None => vertex[..k].iter().position(|&w| w == v).map(|i| i as u8),
            };
            Some(seen.unwrap_or_else(|| {
                vertex[k] = v;
                if let Some(slot) = direct.get_mut(v as usize) {
                    *slot = k as u8;
                }
                k += 1;
                (k - 1) as u8
            }))
        };
        let mut ends = [(0, 0); MAX_EDGES];
        let mut near = [0u64; MAX_ENDS];
        for (slot, &(a, b)) in ends.iter_mut().zip(edges) {
            let (a, b) = (local(a)?, local(b)?);
            *slot = (a, b);
            if a != b {
                near[usize::from(a)] |= 1 << b;
                near[usize::from(b)] |= 1 << a;
            }
        }
        let mut depth = [UNREACHED; MAX_ENDS];
        let mut order = [0u8; MAX_ENDS];
        depth[0] = 0;
        let (mut reached, mut next) = (1, 0);
        while next < reached {
            let u = usize::from(order[next]);
            next += 1;
            let mut fresh = near[u];
            while fresh != 0 {
                let w = fresh.trailing_zeros() as usize;
                fresh &= fresh - 1;
                if depth[w] == UNREACHED {
                    depth[w] = depth[u] + 1;
                    order[reached] = w as u8;
                    reached += 1;
                }
            }
        }
        Some(Local {
            vertices: k,
            e: edges.len(),
            ends,
            near,
            depth,
            order,
            reached,
        })
    }

    /// A hash of what hangs below each reached vertex: its loops, its edges within its layer, and
    /// the hashes of its neighbours a layer further, all as a multiset. On a tree, equal hashes
    /// are equal subtrees (unless they collide).
    fn below(&self) -> [u64; MAX_ENDS] {
        let mut position = [0u8; MAX_ENDS];
        for (i, &v) in self.order[..self.reached].iter().enumerate() {
            position[usize::from(v)] = i as u8;
        }
        let mut sum = [0u64; MAX_ENDS];
        // The edges between layers, listed by their lower end's place in the search: `first[p]`
        // the first, `then[i]` the one after edge `i`.
        let mut first = [NONE; MAX_ENDS];
        let mut then = [NONE; MAX_EDGES];
        let mut upper = [0u8; MAX_EDGES];
        for (i, &(a, b)) in self.ends[..self.e].iter().enumerate() {
            let (da, db) = (self.depth[usize::from(a)], self.depth[usize::from(b)]);
            if da == UNREACHED {
                continue;
            }
            if a == b {
                sum[usize::from(a)] = sum[usize::from(a)].wrapping_add(LOOP);
            } else if da == db {
                sum[usize::from(a)] = sum[usize::from(a)].wrapping_add(SAME);
                sum[usize::from(b)] = sum[usize::from(b)].wrapping_add(SAME);
            } else {
                let (up, lower) = if da < db { (a, b) } else { (b, a) };
                let p = usize::from(position[usize::from(lower)]);
                upper[i] = up;
                then[i] = first[p];
                first[p] = i as u8;
            }
        }
        let mut below = [0u64; MAX_ENDS];
        // The deepest first, so that a vertex's lower neighbours are done before it.
        for p in (0..self.reached).rev() {
            let v = usize::from(self.order[p]);
            below[v] = mix(sum[v]);
            let hash = mix(below[v] ^ DOWN);
            let mut i = first[p];
            while i != NONE {
                let u = usize::from(upper[usize::from(i)]);
                sum[u] = sum[u].wrapping_add(hash);
                i = then[usize::from(i)];
            }
        }
        below
    }

    /// The reached vertices numbered breadth-first from the root (0), a vertex's new neighbours
    /// in the order of what hangs below them ([`Local::below`]): on a tree, a tie is between
    /// subtrees alike, which any order numbers alike.
    fn labels(&self) -> [u16; MAX_ENDS] {
        let below = self.below();
        let mut label = [0u16; MAX_ENDS];
        let mut labelled = 1u64;
        let mut queue = [0u8; MAX_ENDS];
        let (mut len, mut next) = (1, 0);
        while next < len {
            let u = usize::from(queue[next]);
            next += 1;
            let start = len;
            let mut fresh = self.near[u] & !labelled;
            while fresh != 0 {
                let w = fresh.trailing_zeros() as usize;
                fresh &= fresh - 1;
                if self.depth[w] == self.depth[u] + 1 {
                    queue[len] = w as u8;
                    len += 1;
                    labelled |= 1 << w;
                }
            }
            insertion_sort(&mut queue[start..len], |&w| below[usize::from(w)]);
            for (i, &w) in queue.iter().enumerate().take(len).skip(start) {
                label[usize::from(w)] = i as u16;
            }
        }
        debug_assert_eq!(len, self.reached);
        label
    }
}

const DOWN: u64 = 0xbf58_476d_1ce4_e5b9;
const SAME: u64 = 0x94d0_49bb_1331_11eb;
const LOOP: u64 = 0x2545_f491_4f6c_dd1d;

/// SplitMix64's finalizer: every bit of the input moves about half of the output's.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Sorts `items` by `key`, keeping the order of equal keys. The slices sorted here have a few
/// items each: with the library's sorts, a key took 2.3% more instructions (callgrind).
#[inline(always)]
fn insertion_sort<T: Copy, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
    for i in 1..items.len() {
        let item = items[i];
        let k = key(&item);
        let mut j = i;
        while j > 0 && key(&items[j - 1]) > k {
            items[j] = items[j - 1];
            j -= 1;
        }
        items[j] = item;
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use gen::enumerate::canonical::{canonical, Small};
    use gen::{Family, Rng, SizeRange};

    use super::*;

    /// The first `count` graphs of each of the stress configs' Hackenbush generators, kept small.
    fn graphs(count: u64) -> Vec<gen::Graph> {
        let cacti = gen::cactus::CactusParams::default();
        let trees = gen::tree::TreeParams {
            n: SizeRange::new(1, 10),
            ..Default::default()
        };
        let multigraphs = gen::multigraph::MultigraphParams {
            n: SizeRange::new(1, 5),
            m: SizeRange::new(0, 8),
            ..Default::default()
        };
        (0..count)
            .flat_map(|k| {
                let mut graphs = gen::cactus::generate(&cacti, &mut Rng::for_case(3, k));
                graphs.push(trees.generate(&mut Rng::for_case(3, k)));
                graphs.push(gen::multigraph::generate(&multigraphs, &mut Rng::for_case(3, k)));
                graphs
            })
            .collect()
    }

    /// The canonical form of the edges connected to the root, the root coloured apart.
    fn canonical_form(n: usize, edges: &[(u32, u32)]) -> Small {
        let live = super::super::root_component(n, edges);
        let number: Vec<usize> = (live.iter())
            .scan(0, |next, &l| {
                *next += usize::from(l);
                Some(*next - 1)
            })
            .collect();
        let mut colours = vec![0; live.iter().filter(|&&l| l).count()];
        colours[0] = 1;
        let mut small = Small::new(colours);
        for &(a, b) in edges.iter().filter(|&&(a, _)| live[a as usize]) {
            small.add_edge(number[a as usize], number[b as usize]);
        }
        canonical(&small)
    }

    /// The shapes of a graph's branches, sorted.
    fn shapes(n: usize, edges: &[(u32, u32)]) -> Vec<Shape> {
        let branches = Branches::of(n, edges, &Budget::default()).expect("at most 16 edges");
        let mut shapes: Vec<Shape> = (0..branches.count).map(|k| branches.shape(k)).collect();
        shapes.sort_by_key(|s| s.code);
        shapes
    }

    #[test]
    fn equal_shapes_are_isomorphic_and_isomorphic_trees_share_one() {
        let graphs = graphs(1500);
        let mut forms: HashMap<Shape, Small> = HashMap::new();
        let mut branches = 0;
        for g in &graphs {
            let split = Branches::of(g.n, &g.edges, &Budget::default()).expect("at most 16 edges");
            assert_eq!(split.edges(), canonical_form(g.n, &g.edges).edges().len(), "{g:?}");
            for k in 0..split.count {
                let (shape, branch) = (split.shape(k), split.branch(k));
                let form = canonical_form(split.vertices, branch);
                assert_eq!(usize::from(shape.edges), branch.len(), "{g:?}");
                assert_eq!(
                    form.edges().len(),
                    branch.len(),
                    "a branch is connected to the root: {g:?}"
                );
                let first = forms.entry(shape).or_insert_with(|| form.clone());
                assert_eq!(
                    *first, form,
                    "one shape for two branches that are not isomorphic: {g:?}"
                );
                branches += 1;
            }
        }
        // Repeats are what the table is for: far fewer shapes than branches.
        assert!(
            forms.len() * 3 < branches,
            "{} shapes of {branches} branches",
            forms.len()
        );
        // A tree relabelled has its shapes: ties are only between subtrees alike.
        let mut rng = Rng::for_case(4, 0);
        let trees = gen::tree::TreeParams {
            n: SizeRange::new(1, 16),
            ..Default::default()
        };
        for _ in 0..500 {
            let tree = trees.generate(&mut rng);
            let edges = gen::moves::scramble(tree.clone(), 0, &mut rng).edges;
            assert_eq!(shapes(tree.n, &tree.edges), shapes(tree.n, &edges), "{tree:?}");
            // Far more vertices than ends: numbers of 64 and more are renumbered by a search.
            let spread: Vec<(u32, u32)> = edges.iter().map(|&(a, b)| (a * 97, b * 97)).collect();
            assert_eq!(shapes(tree.n, &tree.edges), shapes(97 * tree.n, &spread), "{tree:?}");
        }
    }

    #[test]
    fn branches_at_the_root_are_summed() {
        // Two triangles and a loop at the root, a path hanging from one triangle.
        let edges = [(0, 1), (1, 2), (2, 0), (0, 0), (3, 0), (3, 4), (4, 0), (4, 5)];
        let budget = Budget::default();
        let split = Branches::of(6, &edges, &budget).unwrap();
        assert_eq!(split.count, 3);
        let sizes: Vec<usize> = (0..3).map(|k| split.branch(k).len()).collect();
        assert_eq!(sizes, [3, 4, 1]);
        let value = super::super::grundy(6, &edges, &budget).unwrap();
        let parts = (0..3).fold(0, |acc, k| {
            acc ^ super::super::grundy(split.vertices, split.branch(k), &budget).unwrap()
        });
        assert_eq!(value, parts);
        assert_eq!(grundy(6, &edges, &budget).unwrap(), value);
        // The triangle alone is now kept: the same graph asked again finds every branch kept.
        assert!(Branches::of(6, &edges, &budget).unwrap().known[..3]
            .iter()
            .all(Option::is_some));
        assert!(grundy_is(6, &edges, value, &budget).unwrap());
        assert!(!grundy_is(6, &edges, value ^ 1, &budget).unwrap());
    }

    #[test]
    fn a_no_is_kept_and_a_branch_asked_again_is_valued() {
        let budget = Budget::default();
        // A triangle at the root with a pendant edge.
        let edges = [(0, 1), (1, 2), (2, 0), (2, 3)];
        let value = super::super::grundy(4, &edges, &budget).unwrap();
        let kept = || {
            let shape = Branches::of(4, &edges, &budget).unwrap().shape(0);
            KNOWN.with(|known| known.borrow().get(&shape).copied())
        };
        assert_eq!(kept(), None);
        assert!(!grundy_is(4, &edges, value ^ 1, &budget).unwrap());
        assert_eq!(kept(), Some(Kept::Not(1 << (value ^ 1))));
        assert!(!grundy_is(4, &edges, value ^ 1, &budget).unwrap());
        assert!(!grundy_is(4, &edges, value ^ 3, &budget).unwrap());
        assert_eq!(kept(), Some(Kept::Value(value)));
        assert!(grundy_is(4, &edges, value, &budget).unwrap());
    }

    #[test]
    fn kept_values_answer_as_the_search_does() {
        let budget = Budget::default();
        KNOWN.with(|known| known.borrow_mut().clear());
        let graphs = graphs(700);
        for (i, g) in graphs.iter().enumerate() {
            let value = super::super::grundy(g.n, &g.edges, &budget).unwrap();
            assert_eq!(grundy(g.n, &g.edges, &budget).unwrap(), value, "{g:?}");
            for target in [value, value ^ 1, (i % 3) as u32] {
                assert_eq!(
                    grundy_is(g.n, &g.edges, target, &budget).unwrap(),
                    value == target,
                    "{g:?}"
                );
            }
        }
        let kept = KNOWN.with(|known| known.borrow().len());
        assert!(
            kept > 0 && kept * 2 < graphs.len(),
            "{kept} values kept for {} graphs",
            graphs.len()
        );
    }

    #[test]
    fn a_kept_value_does_not_pass_a_budget_the_search_would_not() {
        let budget = Budget::default();
        // A 4-cycle at the root with a triangle hanging from it: a few dozen states.
        let edges = [(0, 1), (1, 2), (2, 3), (3, 0), (2, 4), (4, 5), (5, 2)];
        let value = grundy(6, &edges, &budget).unwrap();
        assert_eq!(grundy(6, &edges, &budget).unwrap(), value);
        let tight = Budget::new(3);
        assert!(super::super::grundy(6, &edges, &tight).is_err());
        assert!(grundy(6, &edges, &tight).is_err());
        assert!(grundy_is(6, &edges, value, &tight).is_err());
        let few_moves = budget.with_max_moves(5);
        assert!(grundy(6, &edges, &few_moves).is_err());
        assert!(never_gives_up(7, &budget));
        assert!(!never_gives_up(7, &tight));
        assert!(!never_gives_up(7, &budget.with_max_memory(1 << 20)));
        assert!(!never_gives_up(MAX_EDGES + 1, &budget));
    }

    #[test]
    #[should_panic]
    fn an_edge_outside_the_vertices_is_reported_by_the_search() {
        let _ = grundy(2, &[(0, 1), (1, 2)], &Budget::default());
    }
}
