//! Metamorphic relations shared by several problems (see
//! [`engine::Relation`]): the derived instances, and the answers they
//! imply. Each derivation keeps the instance within the judge's limits or
//! declines.

use gen::coloured_tree::ColouredTree;
use gen::valued_dag::ValuedDag;
use gen::{Dag, Graph, Rng, WeightedTree};

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

/// `values` and `arcs` with every node renamed at random (a DAG has no
/// root to keep) and the arcs shuffled, each keeping its direction.
fn relabelled_nodes(values: &[u64], arcs: &[(u32, u32)], rng: &mut Rng) -> (Vec<u64>, Vec<(u32, u32)>) {
    let mut names: Vec<u32> = (0..values.len() as u32).collect();
    rng.shuffle(&mut names);
    let mut arcs: Vec<(u32, u32)> = arcs
        .iter()
        .map(|&(u, v)| (names[u as usize], names[v as usize]))
        .collect();
    rng.shuffle(&mut arcs);
    (renamed(values, &names), arcs)
}

/// The same weighted DAG with its nodes renamed and its arcs shuffled.
pub fn relabelled_dag(d: &Dag, rng: &mut Rng) -> Dag {
    let (weights, arcs) = relabelled_nodes(&d.weights, &d.arcs, rng);
    Dag { weights, arcs }
}

/// The same valued DAG with its nodes renamed and its arcs shuffled.
pub fn relabelled_valued_dag(d: &ValuedDag, rng: &mut Rng) -> ValuedDag {
    let (values, arcs) = relabelled_nodes(&d.values, &d.arcs, rng);
    ValuedDag { values, arcs }
}

/// The valued DAG beside a disjoint copy of itself (nodes `n..2n`), if the
/// result has at most `max_n` nodes and `max_m` arcs: a game plus its copy.
pub fn doubled_valued_dag(d: &ValuedDag, max_n: usize, max_m: usize) -> Option<ValuedDag> {
    let n = d.n();
    if 2 * n > max_n || 2 * d.arcs.len() > max_m {
        return None;
    }
    let shift = n as u32;
    Some(ValuedDag {
        values: d.values.repeat(2),
        arcs: d
            .arcs
            .iter()
            .copied()
            .chain(d.arcs.iter().map(|&(u, v)| (u + shift, v + shift)))
            .collect(),
    })
}

/// The piles in another order.
pub fn shuffled<T: Clone>(items: &[T], rng: &mut Rng) -> Vec<T> {
    let mut out = items.to_vec();
    rng.shuffle(&mut out);
    out
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

/// Says whether the first player loses the derived position, as `why` says
/// she must (a game plus its own copy, every column balanced).
pub fn first_loses(first_wins: bool, why: &str) -> Result<(), String> {
    if first_wins {
        Err(format!("the first player wins, but {why}"))
    } else {
        Ok(())
    }
}
