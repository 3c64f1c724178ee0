//! Instances of combinatorial-game problems: their types, the judges' text
//! formats, seeded generators, validity checks and shrink moves.
//!
//! `gen` knows nothing of answers beyond how the judges spell them: it builds
//! instances, never solves them.
//!
//! Its parts, one folder each: [`judge`] (the judges' formats and each
//! problem's identity), [`families`] (the `[gen]` generator families),
//! [`text`] (tokenizing, windowed reading, mutations of judge texts),
//! [`random`] (seeded streams, size ranges), [`graphs`] (multigraphs, CSR
//! adjacency, shrink edits) and [`enumerate`] (every small instance of a
//! family, each isomorphism class once: [`Space`], built by
//! [`Family::exhaust`]). Every module is also reachable at the crate
//! root (`gen::tree`, `gen::csr`), the paths the other crates use.

pub mod enumerate;
pub mod families;
pub mod graphs;
pub mod judge;
pub mod random;
pub mod suggest;
pub mod text;

// Every family module at the root: a new family is one line, in `families/mod.rs`.
pub use families::*;
pub use graphs::{csr, graph, moves};
pub use random::{range, rng};
pub use text::{mutate, window};

pub use enumerate::{Count, Space, Symmetry};
pub use family::Family;
pub use graph::{Dag, Graph, WeightedTree};
pub use range::SizeRange;
pub use rng::Rng;
pub use text::{ParseError, Tokens};
