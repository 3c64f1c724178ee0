//! Green Hackenbush solvers against the rules, on every small rooted
//! multigraph and on random larger ones.
//!
//! The reference is [`rules`], written here from the rules alone: a memoized
//! mex over the sets of remaining edges (the `brute` crate is not a dependency
//! of `solvers`). Small graphs are all multisets of up to `MAX_EDGES` edges on
//! vertices `0..VERTICES`, loops and parallel edges included: every labelling
//! of every shape, so nothing is lost to canonicalization. A connected graph
//! with at most 5 edges has at most 6 vertices.

use gen::Rng;
use solvers::colon::{pendant_cycles, tree_grundy};
use solvers::hackenbush::grundy;
use solvers::wrong;

const MAX_EDGES: usize = 5;
const VERTICES: u32 = 6;
/// Graphs with at most this many edges are tried in every written form.
const ALL_FORMS_UP_TO: usize = 3;

type Edges = Vec<(u32, u32)>;
type Solver = fn(usize, &[(u32, u32)]) -> u32;

/// The SG value straight from the rules. At most 20 edges, vertices below 32.
fn rules(edges: &[(u32, u32)]) -> u32 {
    assert!(edges.len() <= 20);
    let game = Game::new(edges);
    let all = (1u32 << edges.len()) - 1;
    let mut memo = vec![u8::MAX; 1 << edges.len()];
    game.value(game.rooted_part(all), &mut memo)
}

/// A graph as bitmasks: the endpoints of each edge, the edges at each vertex.
struct Game {
    ends: Vec<u32>,
    incident: [u32; 32],
}

impl Game {
    fn new(edges: &[(u32, u32)]) -> Self {
        let mut incident = [0u32; 32];
        let ends = edges
            .iter()
            .enumerate()
            .map(|(e, &(u, v))| {
                incident[u as usize] |= 1 << e;
                incident[v as usize] |= 1 << e;
                1 << u | 1 << v
            })
            .collect();
        Game { ends, incident }
    }

    /// The edges of `mask` still connected to the root 0.
    fn rooted_part(&self, mask: u32) -> u32 {
        let (mut reached, mut todo, mut kept) = (1u32, 1u32, 0u32);
        while todo != 0 {
            let v = todo.trailing_zeros();
            todo &= todo - 1;
            let mut new_edges = self.incident[v as usize] & mask & !kept;
            kept |= new_edges;
            while new_edges != 0 {
                let ends = self.ends[new_edges.trailing_zeros() as usize];
                new_edges &= new_edges - 1;
                todo |= ends & !reached;
                reached |= ends;
            }
        }
        kept
    }

    /// SG of the position whose remaining edges are `mask` (all rooted): the
    /// mex over deleting each edge, then dropping what is cut off.
    fn value(&self, mask: u32, memo: &mut [u8]) -> u32 {
        if memo[mask as usize] != u8::MAX {
            return memo[mask as usize] as u32;
        }
        // A position's value is at most its number of edges (< 64).
        let mut options = 0u64;
        let mut rest = mask;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            options |= 1 << self.value(self.rooted_part(mask ^ bit), memo);
        }
        let value = options.trailing_ones();
        memo[mask as usize] = value as u8;
        value
    }
}

/// Every multiset of `m` edges `(u, v)`, `u <= v < VERTICES`, in sorted order.
fn multisets(m: usize) -> Vec<Edges> {
    let pairs: Vec<(u32, u32)> = (0..VERTICES).flat_map(|u| (u..VERTICES).map(move |v| (u, v))).collect();
    let mut out = Vec::new();
    let mut picks = vec![0usize; m];
    loop {
        out.push(picks.iter().map(|&i| pairs[i]).collect());
        // Next non-decreasing index sequence.
        let Some(i) = (0..m).rev().find(|&i| picks[i] + 1 < pairs.len()) else {
            return out;
        };
        let next = picks[i] + 1;
        picks[i..].fill(next);
    }
}

/// The ways each graph is written to the solvers. Up to `ALL_FORMS_UP_TO`
/// edges: every order of the edges times every orientation of each, so that
/// "agrees on every graph below the minimum" covers every input. Beyond: as
/// enumerated, and reversed with every edge's endpoints swapped (DFS order and
/// row order both change).
fn orders(edges: &[(u32, u32)]) -> Vec<Edges> {
    if edges.len() > ALL_FORMS_UP_TO {
        let flipped = edges.iter().rev().map(|&(u, v)| (v, u)).collect();
        return vec![edges.to_vec(), flipped];
    }
    let mut out = Vec::new();
    for order in permutations(edges.len()) {
        for swaps in 0u32..1 << edges.len() {
            out.push(
                order
                    .iter()
                    .enumerate()
                    .map(|(i, &e)| {
                        let (u, v) = edges[e];
                        if swaps & 1 << i != 0 {
                            (v, u)
                        } else {
                            (u, v)
                        }
                    })
                    .collect(),
            );
        }
    }
    out
}

/// All orderings of `0..k`.
fn permutations(k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for shorter in permutations(k - 1) {
        for at in 0..k {
            let mut longer = shorter.clone();
            longer.insert(at, k - 1);
            out.push(longer);
        }
    }
    out
}

fn is_rooted_connected(edges: &[(u32, u32)]) -> bool {
    let all = (1u32 << edges.len()) - 1;
    Game::new(edges).rooted_part(all) == all
}

/// A spanning tree of `0..=m` exactly.
fn is_tree_on_prefix(edges: &[(u32, u32)]) -> bool {
    let m = edges.len() as u32;
    let used = edges.iter().fold(1u32, |acc, &(u, v)| acc | 1 << u | 1 << v);
    is_rooted_connected(edges) && edges.iter().all(|&(u, v)| u != v) && used == (1 << (m + 1)) - 1
}

/// The edge sets that form a cycle: connected, every touched vertex of degree
/// 2 in the set (a loop counts 2). A loop is a 1-cycle, a parallel pair a 2-cycle.
fn cycles(edges: &[(u32, u32)]) -> Vec<u32> {
    (1u32..1 << edges.len())
        .filter(|&set| {
            let mut degree = [0u32; 32];
            let mut touched = 0u32;
            for (e, &(u, v)) in edges.iter().enumerate() {
                if set & 1 << e != 0 {
                    degree[u as usize] += 1;
                    degree[v as usize] += 1;
                    touched |= 1 << u | 1 << v;
                }
            }
            let even = (0..32).all(|v| touched & 1 << v == 0 || degree[v] == 2);
            let anchor = touched.trailing_zeros();
            let chosen: Edges = edges
                .iter()
                .enumerate()
                .filter(|&(e, _)| set & 1 << e != 0)
                .map(|(_, &(u, v))| (u ^ anchor, v ^ anchor))
                .collect();
            // XOR with `anchor` swaps it with vertex 0, so "rooted" = connected.
            even && is_rooted_connected(&chosen)
        })
        .collect()
}

/// Every edge on at most one cycle.
fn is_edge_cactus(edges: &[(u32, u32)]) -> bool {
    let mut covered = 0u32;
    cycles(edges).into_iter().all(|set| {
        let disjoint = covered & set == 0;
        covered |= set;
        disjoint
    })
}

/// POJ 3710's guarantee: every edge on at most one cycle, and every cycle meets
/// the rest of the graph (the root counting as part of it) in exactly one vertex.
fn is_judge_cactus(edges: &[(u32, u32)]) -> bool {
    is_edge_cactus(edges)
        && cycles(edges).into_iter().all(|set| {
            let mut on_cycle = 0u32;
            let mut outside = 1u32; // the root
            for (e, &(u, v)) in edges.iter().enumerate() {
                if set & 1 << e != 0 {
                    on_cycle |= 1 << u | 1 << v;
                } else {
                    outside |= 1 << u | 1 << v;
                }
            }
            (on_cycle & outside).count_ones() == 1
        })
}

/// Every multiset of up to `MAX_EDGES` edges with its true value.
fn all_small_graphs() -> Vec<(Edges, u32)> {
    (0..=MAX_EDGES)
        .flat_map(multisets)
        .map(|edges| {
            let value = rules(&edges);
            (edges, value)
        })
        .collect()
}

#[test]
fn rules_reference_knows_the_hand_values() {
    // The reference itself, on values derived by hand (see hackenbush.rs).
    assert_eq!(rules(&[]), 0);
    assert_eq!(rules(&[(0, 1), (1, 2), (2, 3)]), 3);
    assert_eq!(rules(&[(0, 0)]), 1);
    assert_eq!(rules(&[(0, 1), (0, 2), (0, 3)]), 1);
    assert_eq!(rules(&[(0, 1), (1, 2), (2, 0)]), 1);
    assert_eq!(rules(&[(0, 1), (0, 1)]), 0);
    assert_eq!(rules(&[(0, 1), (1, 1)]), 2);
    assert_eq!(rules(&[(0, 1), (1, 2), (1, 2)]), 1);
    // Edges cut off from the root from the start are no part of the game.
    assert_eq!(rules(&[(1, 2), (0, 3), (2, 2)]), 1);
}

#[test]
fn every_small_multigraph() {
    let graphs = all_small_graphs();
    let mut connected = [0usize; MAX_EDGES + 1];
    let mut trees = 0;
    for (edges, value) in &graphs {
        for order in orders(edges) {
            assert_eq!(grundy(VERTICES as usize, &order), *value, "grundy on {order:?}");
        }
        if is_rooted_connected(edges) {
            connected[edges.len()] += 1;
        }
        if is_tree_on_prefix(edges) {
            trees += 1;
            for order in orders(edges) {
                let n = order.len() + 1;
                assert_eq!(tree_grundy(n, &order), *value, "tree_grundy on {order:?}");
            }
        }
    }
    eprintln!(
        "{} edge multisets, rooted connected by size {connected:?}, {trees} trees",
        graphs.len()
    );
    // Cayley: (k + 1)^(k - 1) labelled trees on 0..=k, summed over k <= 5.
    assert_eq!(trees, 1 + 1 + 3 + 16 + 125 + 1296);
}

/// The first rooted connected graph satisfying `keep`, fewest edges first, on
/// which `solve` is wrong, with the true and the wrong value.
fn first_failure(graphs: &[(Edges, u32)], solve: Solver, keep: fn(&[(u32, u32)]) -> bool) -> Option<(Edges, u32, u32)> {
    let mut by_size: Vec<&(Edges, u32)> = graphs
        .iter()
        .filter(|(edges, _)| is_rooted_connected(edges) && keep(edges))
        .collect();
    by_size.sort_by_key(|(edges, _)| edges.len());
    by_size.into_iter().find_map(|(edges, value)| {
        orders(edges).into_iter().find_map(|order| {
            let got = solve(VERTICES as usize, &order);
            (got != *value).then_some((order, *value, got))
        })
    })
}

#[test]
fn wrong_solvers_fail_first_at_their_documented_minimum() {
    let graphs = all_small_graphs();
    let cases: [(&str, Solver, usize); 4] = [
        ("ignore_loops", wrong::ignore_loops, 1),
        ("sum_not_xor", wrong::sum_not_xor, 2),
        ("cycles_even", wrong::cycles_even, 3),
        ("parent_by_vertex", wrong::parent_by_vertex, 2),
    ];
    for (name, solve, minimum) in cases {
        let (example, truth, got) =
            first_failure(&graphs, solve, |_| true).unwrap_or_else(|| panic!("{name} never fails"));
        eprintln!("{name}: first wrong on {example:?}: true {truth}, returns {got}");
        assert_eq!(example.len(), minimum, "{name}");
    }
}

#[test]
fn pendant_cycles_on_judge_cacti_and_beyond() {
    let graphs = all_small_graphs();
    let mut judge = 0;
    for (edges, value) in graphs.iter().filter(|(e, _)| is_rooted_connected(e)) {
        if is_judge_cactus(edges) {
            judge += 1;
            for order in orders(edges) {
                let got = pendant_cycles(VERTICES as usize, &order);
                assert_eq!(got, *value, "pendant_cycles on judge cactus {order:?}");
            }
        }
    }
    eprintln!("{judge} judge-style cacti checked");
    // The recognizer on hand-picked graphs: a triangle at the end of a stalk
    // and a loop at the root beside a 2-cycle on a stalk are judge cacti; a
    // 2-cycle through the root with an edge at its other vertex is not.
    assert!(is_judge_cactus(&[(0, 1), (1, 2), (2, 3), (3, 1)]));
    assert!(is_judge_cactus(&[(0, 0), (0, 1), (1, 2), (2, 1)]));
    assert!(!is_judge_cactus(&[(0, 1), (0, 1), (1, 2)]));
    for (kind, keep) in [
        ("graph", (|_| true) as fn(&[(u32, u32)]) -> bool),
        ("edge cactus", is_edge_cactus),
    ] {
        let (example, truth, got) = first_failure(&graphs, pendant_cycles, keep).expect("fails");
        eprintln!("pendant_cycles: first wrong {kind}: {example:?}: true {truth}, returns {got}");
        assert_eq!(example.len(), 3, "{kind}");
        assert!(!is_judge_cactus(&example));
    }
}

/// A random multigraph with `m` edges on `n` vertices, relabelled: a random
/// tree from the root plus extra edges (loops and parallel edges at random
/// rates), the last edge sometimes replaced by one out of the root's reach.
fn random_multigraph(rng: &mut Rng, n: usize, m: usize) -> (usize, Edges) {
    let loops = if rng.chance(0.5) { 0.15 } else { 0.0 };
    let parallels = if rng.chance(0.5) { 0.2 } else { 0.0 };
    let spine = rng.range(1, (n - 1).min(m) as u64) as usize;
    let mut edges: Edges = (1..=spine).map(|v| (rng.index(v) as u32, v as u32)).collect();
    while edges.len() < m {
        let edge = if rng.chance(loops) {
            let v = rng.index(spine + 1) as u32;
            (v, v)
        } else if rng.chance(parallels) {
            *rng.pick(&edges)
        } else {
            (rng.index(spine + 1) as u32, rng.index(spine + 1) as u32)
        };
        edges.push(edge);
    }
    if spine + 1 < n && rng.chance(0.3) {
        edges.pop();
        let cut_off = (spine + 1 + rng.index(n - spine - 1)) as u32;
        edges.push((cut_off, rng.range(spine as u64 + 1, n as u64 - 1) as u32));
    }
    relabel(rng, n, &mut edges);
    (n, edges)
}

/// Renames vertices 1.., shuffles the edges and swaps endpoints at random.
fn relabel(rng: &mut Rng, n: usize, edges: &mut Edges) {
    let mut name: Vec<u32> = (0..n as u32).collect();
    rng.shuffle(&mut name[1..]);
    for e in edges.iter_mut() {
        let (u, v) = (name[e.0 as usize], name[e.1 as usize]);
        *e = if rng.chance(0.5) { (v, u) } else { (u, v) };
    }
    rng.shuffle(edges);
}

/// A POJ 3710-style cactus: a random tree on `t` vertices with `c` cycles
/// (lengths 1..=5) hanging from random tree vertices on fresh vertices.
fn random_judge_cactus(rng: &mut Rng, t: usize, c: usize) -> (usize, Edges) {
    let mut edges: Edges = (1..t).map(|v| (rng.index(v) as u32, v as u32)).collect();
    let mut n = t as u32;
    for _ in 0..c {
        let at = rng.index(t) as u32;
        let k = rng.range(1, 5) as u32;
        let ring: Vec<u32> = std::iter::once(at).chain(n..n + k - 1).collect();
        n += k - 1;
        edges.extend((0..k as usize).map(|i| (ring[i], ring[(i + 1) % k as usize])));
    }
    let n = n as usize;
    relabel(rng, n, &mut edges);
    (n, edges)
}

#[test]
fn random_graphs_up_to_sixteen_edges_against_the_rules() {
    // One case in four at 16 edges (up to 2^16 positions each), the rest smaller.
    for case in 0..320 {
        let mut rng = Rng::for_case(3710, case);
        let m = if case % 4 == 0 { 16 } else { rng.range(6, 13) as usize };
        let n = rng.range(2, 12) as usize;
        let (n, edges) = random_multigraph(&mut rng, n, m);
        assert_eq!(grundy(n, &edges), rules(&edges), "case {case}: {n} {edges:?}");
    }
}

#[test]
fn random_trees_and_judge_cacti_against_the_rules() {
    let mut cacti = 0;
    for case in 0..200 {
        let mut rng = Rng::for_case(3094, case);
        let t = rng.range(2, 17) as usize;
        let (n, tree) = random_judge_cactus(&mut rng, t, 0);
        assert_eq!(tree_grundy(n, &tree), rules(&tree), "tree {tree:?}");
        let t = rng.range(1, 8) as usize;
        let c = rng.range(1, 4) as usize;
        let (n, cactus) = random_judge_cactus(&mut rng, t, c);
        if cactus.len() <= 16 {
            assert_eq!(pendant_cycles(n, &cactus), rules(&cactus), "cactus {cactus:?}");
            cacti += 1;
        }
    }
    assert!(cacti >= 100, "only {cacti} cacti small enough for the rules");
}

#[test]
fn large_random_trees_and_judge_cacti_cross_checked() {
    for case in 0..20 {
        let mut rng = Rng::for_case(30, case);
        let (n, tree) = random_judge_cactus(&mut rng, 30 + 5000 * case as usize, 0);
        assert_eq!(tree_grundy(n, &tree), grundy(n, &tree));
        let (n, cactus) = random_judge_cactus(&mut rng, 20 + 3000 * case as usize, 10 + 2000 * case as usize);
        assert_eq!(pendant_cycles(n, &cactus), grundy(n, &cactus));
    }
}
