//! A generator family: the `[gen]` table of a config, and what it can do with
//! the instances it makes.

use serde::de::DeserializeOwned;

use crate::rng::Rng;

pub trait Family: DeserializeOwned + Default + Send + Sync {
    type Instance;

    /// Rejects settings the generator cannot honour, naming the key.
    fn check(&self) -> Result<(), String>;
    fn generate(&self, rng: &mut Rng) -> Self::Instance;
    /// The family's invariants (a cactus really is a cactus, ...).
    fn validate(&self, i: &Self::Instance) -> Result<(), String>;
    /// Smaller valid candidates, most promising first; each strictly smaller,
    /// so greedy shrinking reaches a fixpoint.
    fn shrink(&self, i: &Self::Instance) -> Vec<Self::Instance>;
    /// The settings `harness table` generates from: every range pinned to its
    /// lower end (`SizeRange::pinned`) and every random choice fixed, so that
    /// `generate` makes the same one instance whatever the seed. `None`, the
    /// default, for families that make no value tables.
    fn pinned(&self) -> Option<Self> {
        None
    }
}
