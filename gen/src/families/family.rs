//! A generator family: the `[gen]` table of a config, and what it can do with
//! the instances it makes.

use serde::de::DeserializeOwned;

use crate::enumerate::Space;
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
    /// Every instance within the settings' bounds (the upper ends of the
    /// size keys), in increasing order of the family's size, each symmetry
    /// class once where the family removes its symmetry, with its count known
    /// before any is made: see [`crate::enumerate`]. Keys that only steer
    /// random draws (shapes, rates, densities) are ignored; an `Err` names
    /// the key that cannot bound an enumeration. The default says the
    /// family cannot be enumerated.
    fn exhaust(&self) -> Result<Space<Self::Instance>, String> {
        Err("this family cannot be enumerated: it lists no instances, only draws them".into())
    }
    /// The instance's class under the symmetry `exhaust` removes, as text
    /// ([`crate::enumerate::classes`]): equal exactly for an instance and its relabellings.
    /// `None`, the default, where the family removes no symmetry or the instance is too big to
    /// class.
    fn class(&self, _i: &Self::Instance) -> Option<String> {
        None
    }
    /// For a game that is a sum of independent games (piles, heaps, components): each
    /// summand's class, so that equal summands, which cancel under XOR, can be told. `None`, the
    /// default, for a game that is no such sum.
    fn summands(&self, _i: &Self::Instance) -> Option<Vec<String>> {
        None
    }
}
