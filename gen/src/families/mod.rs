//! The generator families: one `[gen]` table type each, implementing
//! [`Family`](family::Family) (check settings, generate, validate, shrink),
//! and the value moves the weighted families share.

pub mod board;
pub mod cactus;
pub mod candy;
pub mod cards;
pub mod coloured_tree;
pub mod dag;
pub mod even_split;
pub mod family;
pub mod lower;
pub mod matrix;
pub mod multigraph;
pub mod octal;
pub mod piles;
pub mod row;
#[cfg(test)]
pub(crate) mod testing;
pub mod tree;
pub mod valued_dag;
pub mod weighted_tree;
pub mod weights;
pub mod wythoff;
