//! Seeded randomness and the size ranges drawn from it.

pub mod range;
pub mod rng;
