//! Graph infrastructure the graph families, brute and the solvers share:
//! the rooted multigraph and its relatives, CSR adjacency, and the edits
//! shrinkers make.

pub mod csr;
pub mod graph;
pub mod moves;
