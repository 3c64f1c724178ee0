//! Instances of combinatorial-game problems: their types, the judges' text
//! formats, seeded generators, validity checks and shrink moves.
//!
//! `gen` knows nothing of answers beyond how the judges spell them: it builds
//! instances, never solves them.

pub mod board;
pub mod cactus;
pub mod candy;
pub mod cards;
pub mod coloured_tree;
pub mod csr;
pub mod dag;
pub mod even_split;
pub mod family;
pub mod graph;
pub mod judge;
pub mod lower;
pub mod matrix;
pub mod moves;
pub mod multigraph;
pub mod mutate;
pub mod octal;
pub mod piles;
pub mod range;
pub mod rng;
pub mod row;
pub mod suggest;
#[cfg(test)]
mod testing;
pub mod text;
pub mod tree;
pub mod valued_dag;
pub mod weighted_tree;
pub mod weights;
pub mod window;
pub mod wythoff;

pub use family::Family;
pub use graph::{Dag, Graph, WeightedTree};
pub use range::SizeRange;
pub use rng::Rng;
pub use text::{ParseError, Tokens};
