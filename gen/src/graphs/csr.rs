//! Compressed sparse row adjacency with edge ids, shared by generators,
//! shrinkers and solvers.
//!
//! Undirected: every edge `e = (u, v)` appears as the entry `(v, e)` in `u`'s
//! row and as `(u, e)` in `v`'s row; a self-loop `(v, v)` therefore appears
//! **twice** in `v`'s row, so a row's length is the vertex's degree in the usual
//! sense (a loop counts 2). Graph walks that must not go back along the edge
//! they came in by compare edge ids, never vertices, which keeps parallel
//! edges apart. Directed: arc `e = (u, v)` appears once, as `(v, e)` in `u`'s row.
//!
//! Built by counting sort in O(n + m) time; memory is one offsets array of
//! n + 1 `u32` and one flat array of `(u32, u32)` pairs.

/// Undirected adjacency: the row of `v` is `entries[offsets[v]..offsets[v + 1]]`.
#[derive(Clone, Debug)]
pub struct Csr {
    offsets: Vec<u32>,
    entries: Vec<(u32, u32)>,
    edges: usize,
}

impl Csr {
    /// Adjacency of the multigraph on `0..n` with the given edges; edge `i`
    /// gets id `i`. Panics if an endpoint is not below `n` or if 2m does not
    /// fit in a `u32`.
    pub fn undirected(n: usize, edges: &[(u32, u32)]) -> Self {
        let offsets = undirected_offsets(n, edges);
        let mut next = offsets.clone();
        let mut entries = vec![(0u32, 0u32); offsets[n] as usize];
        for (e, &(u, v)) in edges.iter().enumerate() {
            let e = e as u32;
            entries[next[u as usize] as usize] = (v, e);
            next[u as usize] += 1;
            entries[next[v as usize] as usize] = (u, e);
            next[v as usize] += 1;
        }
        Csr {
            offsets,
            entries,
            edges: edges.len(),
        }
    }

    /// Out-adjacency of the arcs `(u, v)` on `0..n`; arc `i` gets id `i`.
    pub fn directed(n: usize, arcs: &[(u32, u32)]) -> Self {
        let slots = u32::try_from(arcs.len()).expect("Csr: m must fit in u32");
        let mut offsets = vec![0u32; n + 1];
        for &(u, _) in arcs {
            offsets[u as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut next = offsets.clone();
        let mut entries = vec![(0u32, 0u32); slots as usize];
        for (e, &(u, v)) in arcs.iter().enumerate() {
            entries[next[u as usize] as usize] = (v, e as u32);
            next[u as usize] += 1;
        }
        Csr {
            offsets,
            entries,
            edges: arcs.len(),
        }
    }

    /// Number of vertices.
    #[inline]
    pub fn n(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Number of edges (or arcs).
    #[inline]
    pub fn m(&self) -> usize {
        self.edges
    }

    /// The `(neighbour, edge id)` entries of `v`; a loop at `v` is listed twice.
    #[inline]
    pub fn neighbours(&self, v: usize) -> &[(u32, u32)] {
        &self.entries[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// The neighbours (or arc heads) of `v`, without edge ids.
    #[inline]
    pub fn heads(&self, v: usize) -> impl Iterator<Item = u32> + '_ {
        self.neighbours(v).iter().map(|&(w, _)| w)
    }

    /// Degree of `v`, a loop counting 2 (out-degree when directed).
    #[inline]
    pub fn degree(&self, v: usize) -> usize {
        (self.offsets[v + 1] - self.offsets[v]) as usize
    }
}

/// Row starts of the undirected rows (both ends of every edge), by counting.
/// Panics if 2m does not fit in a `u32`.
fn undirected_offsets(n: usize, edges: &[(u32, u32)]) -> Vec<u32> {
    u32::try_from(2 * edges.len()).expect("adjacency: 2m must fit in u32");
    let mut offsets = vec![0u32; n + 1];
    for &(u, v) in edges {
        offsets[u as usize + 1] += 1;
        offsets[v as usize + 1] += 1;
    }
    for v in 0..n {
        offsets[v + 1] += offsets[v];
    }
    offsets
}

#[cfg(test)]
mod tests {
    use super::Csr;

    #[test]
    fn rows_list_both_ends_and_loops_twice() {
        // Edges: 0 = (0, 1), 1 = (1, 1) loop, 2 = (1, 0) parallel to 0, 3 = (2, 1).
        let csr = Csr::undirected(4, &[(0, 1), (1, 1), (1, 0), (2, 1)]);
        assert_eq!((csr.n(), csr.m()), (4, 4));
        let mut row0 = csr.neighbours(0).to_vec();
        row0.sort_unstable();
        assert_eq!(row0, vec![(1, 0), (1, 2)]);
        let mut row1 = csr.neighbours(1).to_vec();
        row1.sort_unstable();
        assert_eq!(row1, vec![(0, 0), (0, 2), (1, 1), (1, 1), (2, 3)]);
        assert_eq!(csr.neighbours(2), &[(1, 3)]);
        assert!(csr.neighbours(3).is_empty());
        assert_eq!((0..4).map(|v| csr.degree(v)).collect::<Vec<_>>(), vec![2, 5, 1, 0]);
    }

    #[test]
    fn empty_graph() {
        let csr = Csr::undirected(1, &[]);
        assert_eq!((csr.n(), csr.m()), (1, 0));
        assert!(csr.neighbours(0).is_empty());
    }
}
