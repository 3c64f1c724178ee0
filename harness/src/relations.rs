//! Metamorphic relations shared by several problems (see
//! [`crate::problem::Relation`]): the derived instances, and the answers they
//! imply. Each derivation keeps the instance within the judge's limits or
//! declines.

use gen::coloured_tree::ColouredTree;
use gen::{Graph, Rng, WeightedTree};

/// The same graph with vertices `1..n` renamed at random (the root stays 0),
/// the edges shuffled and each edge's ends swapped at random: the answer must
/// not change. Catches solvers that depend on input order or labels.
pub fn relabelled(g: &Graph, rng: &mut Rng) -> Graph {
    let names = new_names(g.n, rng);
    Graph::new(g.n, renamed_edges(&g.edges, &names, rng))
}

/// A random renaming of `0..n` that keeps 0: `names[old]` is the new name.
/// Every relabelling draws it first, so a relation's `holds`, given the
/// replayed generator, rebuilds it with the same call.
pub fn new_names(n: usize, rng: &mut Rng) -> Vec<u32> {
    let mut names: Vec<u32> = (0..n as u32).collect();
    rng.shuffle(&mut names[1..]);
    names
}

fn renamed_edges(edges: &[(u32, u32)], names: &[u32], rng: &mut Rng) -> Vec<(u32, u32)> {
    let mut out: Vec<(u32, u32)> = edges
        .iter()
        .map(|&(u, v)| {
            let (u, v) = (names[u as usize], names[v as usize]);
            if rng.chance(0.5) {
                (u, v)
            } else {
                (v, u)
            }
        })
        .collect();
    rng.shuffle(&mut out);
    out
}

/// Two copies of the graph glued at the root, if the result has at most
/// `max_n` vertices and `max_m` edges: a game plus a copy of itself, worth 0.
/// The copy's vertices `1..n` become `n..2n-1`. Catches a sum for an XOR,
/// and overflow or recursion that only twice the size shows.
pub fn doubled(g: &Graph, max_n: usize, max_m: usize) -> Option<Graph> {
    let n = 2 * g.n - 1;
    if n > max_n || 2 * g.edges.len() > max_m {
        return None;
    }
    let shift = |v: u32| if v == 0 { 0 } else { v + g.n as u32 - 1 };
    let mut edges = g.edges.clone();
    edges.extend(g.edges.iter().map(|&(u, v)| (shift(u), shift(v))));
    Some(Graph::new(n, edges))
}

/// `values` indexed by the new names.
fn renamed<T: Copy + Default>(values: &[T], names: &[u32]) -> Vec<T> {
    let mut out = vec![T::default(); values.len()];
    for (old, &new) in names.iter().enumerate() {
        out[new as usize] = values[old];
    }
    out
}

/// The same tree with its nodes renamed at random (node 0 stays the root).
pub fn relabelled_tree(t: &WeightedTree, rng: &mut Rng) -> WeightedTree {
    let names = new_names(t.weights.len(), rng);
    WeightedTree {
        weights: renamed(&t.weights, &names),
        edges: renamed_edges(&t.edges, &names, rng),
    }
}

/// The same coloured tree with its vertices renamed at random (the root stays 0).
pub fn relabelled_coloured_tree(t: &ColouredTree, rng: &mut Rng) -> ColouredTree {
    let names = new_names(t.n(), rng);
    ColouredTree {
        black: renamed(&t.black, &names),
        edges: renamed_edges(&t.edges, &names, rng),
    }
}

/// The tree with every weight multiplied by `c`, if all stay within `max`:
/// every score scales by `c`.
pub fn scaled(t: &WeightedTree, c: u64, max: u64) -> Option<WeightedTree> {
    if t.weights.iter().any(|&w| w.checked_mul(c).is_none_or(|x| x > max)) {
        return None;
    }
    Some(WeightedTree {
        weights: t.weights.iter().map(|&w| w * c).collect(),
        edges: t.edges.clone(),
    })
}

/// Says whether the answers agree, for relations that change nothing.
pub fn same<A: PartialEq + std::fmt::Debug>(a: &A, b: &A) -> Result<(), String> {
    if a == b {
        Ok(())
    } else {
        Err(format!("{a:?} before, {b:?} after"))
    }
}
