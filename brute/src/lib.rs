//! Exact answers from the rules alone, by memoized search.
//!
//! Nothing here trusts a theorem: a position's value comes from its moves.
//! The only shortcut allowed is the Sprague-Grundy theorem itself (a sum of
//! independent games has the XOR of their values).

pub mod budget;
pub mod dag;
pub mod hackenbush;
pub mod impartial;
pub mod scoring;

pub use budget::{Budget, TooBig};
