//! Exhaustive enumeration: every instance of a family within its `[gen]`
//! bounds, each isomorphism class once where the family's symmetry is cheap
//! to remove, smallest first.
//!
//! Problem: random stress testing says "100 000 random cases agreed"; a
//! setter wants "every tree with at most 12 vertices agreed". An exhaustive
//! run also needs no shrinking: the first failure met is a smallest one.
//!
//! Idea: each family's [`Family::exhaust`](crate::Family::exhaust) turns its
//! settings into a [`Space`]: what is enumerated in words, the symmetry it
//! removes ([`Symmetry`]), the instance count computed before anything is
//! enumerated ([`Count`], exact from a counting formula wherever one is
//! known), and a factory of lazy, deterministic iterators over the instances
//! in increasing order of the family's size. The building blocks are here:
//! [`trees`] (rooted trees by canonical level sequences, Beyer and
//! Hedetniemi; free trees, Wright, Richmond, Odlyzko and McKay; coloured
//! rooted trees), [`multisets`] (multisets and sequences of parts by their
//! total, with their counts), [`canonical`] (canonical forms of small
//! coloured multigraphs and digraphs by individualization and refinement,
//! and classes grown edge by edge) and [`polya`] (counts of multigraphs up to
//! isomorphism by Pólya's theorem, an independent check of [`canonical`]).
//!
//! Complexity: the count is a small dynamic program (or a walk for the
//! graph families, bounded by [`BUILD_BUDGET`]); rooted trees come in
//! constant amortized time, the rest in time linear in the output times the
//! instance size, except that graph classes cost a canonical-form search each.
//!
//! Reference: Runciman, Naylor, Lindblad, "SmallCheck and Lazy SmallCheck"
//! (2008); Matela, LeanCheck; McKay, "Isomorph-free exhaustive generation"
//! (1998) and nauty's `geng`/`gentreeg`.

pub mod canonical;
pub mod classes;
pub mod multisets;
pub mod polya;
pub mod trees;

use std::fmt;
use std::sync::{Arc, LazyLock};

use crate::range::SizeRange;

/// Candidate labelled structures a graph family may build to count its
/// classes exactly before the run (each costs one canonical-form search);
/// beyond it the count is a cheap upper bound, [`Count::AtMost`].
pub const BUILD_BUDGET: u128 = 4_000_000;

/// How many instances a [`Space`] holds, known before enumerating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly this many. `u128::MAX` stands for "at least that many": the
    /// counting saturates rather than overflows.
    Exact(u128),
    /// At most this many: a cheap upper bound where the exact count would
    /// cost about as much as the enumeration.
    AtMost(u128),
}

impl Count {
    /// The count, or its upper bound.
    pub fn bound(self) -> u128 {
        match self {
            Count::Exact(n) | Count::AtMost(n) => n,
        }
    }

    pub fn is_exact(self) -> bool {
        matches!(self, Count::Exact(_))
    }

    /// The part of the count that shard `k` of `shards` (1-based) receives
    /// when instance `i` (0-based) goes to shard `i mod shards + 1`.
    ///
    /// # Panics
    /// If `k` is not within `1..=shards`.
    pub fn shard(self, k: u64, shards: u64) -> Count {
        assert!((1..=shards).contains(&k), "shard {k} of {shards}");
        let (k, shards) = (k as u128, shards as u128);
        let part = |n: u128| n / shards + u128::from(n % shards >= k);
        match self {
            Count::Exact(n) => Count::Exact(part(n)),
            Count::AtMost(n) => Count::AtMost(part(n)),
        }
    }
}

/// `7 813`, `at most 40 000`, `more than 3.4e38`: groups of three digits
/// separated by thin spaces, as the certificate line prints them.
impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = |n: u128| {
            let text = n.to_string();
            let mut out = String::new();
            for (i, c) in text.chars().enumerate() {
                if i > 0 && (text.len() - i).is_multiple_of(3) {
                    out.push(' ');
                }
                out.push(c);
            }
            out
        };
        match *self {
            Count::Exact(u128::MAX) | Count::AtMost(u128::MAX) => write!(f, "more than 3.4e38"),
            Count::Exact(n) => write!(f, "{}", digits(n)),
            Count::AtMost(n) => write!(f, "at most {}", digits(n)),
        }
    }
}

/// Which instances an enumeration treats as one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Graphs and trees: one per isomorphism class (the root, colours and
    /// weights kept).
    Isomorphism,
    /// Piles, heaps, cards: the game is a sum, so the order of its parts
    /// does not matter; each multiset once, listed in a fixed order.
    Multisets,
    /// Two piles whose order does not matter: each pair once.
    UnorderedPairs,
    /// A row the game plays from both ends: a row and its reverse once.
    Reversal,
    /// A matrix whose game reads the same transposed: it and its transpose once.
    Transposition,
    /// A board whose game is the same rotated or reflected: once per class.
    RotationReflection,
    /// The game has no symmetry to remove: every instance is a different game.
    None,
    /// Symmetry exists but is not removed.
    Labelled,
}

impl Symmetry {
    /// The words the certificate line and `harness list` print.
    pub fn words(self) -> &'static str {
        match self {
            Symmetry::Isomorphism => "up to isomorphism",
            Symmetry::Multisets => "as multisets",
            Symmetry::UnorderedPairs => "as unordered pairs",
            Symmetry::Reversal => "up to reversal",
            Symmetry::Transposition => "up to transposition",
            Symmetry::RotationReflection => "up to rotation and reflection",
            Symmetry::None => "each a different game",
            Symmetry::Labelled => "labelled: counts each instance once per labelling",
        }
    }
}

/// One `[gen]` key that bounds a [`Space`], with the range it was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bound {
    pub key: &'static str,
    pub range: SizeRange,
}

impl Bound {
    pub fn new(key: &'static str, range: SizeRange) -> Self {
        Bound { key, range }
    }
}

type Factory<I> = dyn Fn() -> Box<dyn Iterator<Item = I> + Send> + Send + Sync;

/// A count computed when first asked for, once: `harness list` wants a space's
/// words, not the classes some families build to count them.
type Counted = LazyLock<Count, Box<dyn FnOnce() -> Count + Send>>;

/// Every instance of a family within its bounds: see the module doc.
///
/// The iterators [`Space::instances`] returns all yield the same instances
/// in the same order on every machine, in increasing order of
/// [`Space::order`]; each instance passes the family's `validate`.
pub struct Space<I> {
    /// What is enumerated, in words: `every rooted tree with 1 to 12 vertices`.
    pub what: String,
    pub symmetry: Symmetry,
    /// The family's size, the order of the enumeration: `vertices`,
    /// `edges, then vertices`, `stones`.
    pub order: &'static str,
    /// Known before enumerating (see [`Space::count`]).
    count: Arc<Counted>,
    /// The `[gen]` keys whose ranges bound the space: what to lower.
    pub bounds: Vec<Bound>,
    make: Arc<Factory<I>>,
}

impl<I: 'static> Space<I> {
    /// A space over the iterators `make` returns.
    pub fn new(
        what: String,
        symmetry: Symmetry,
        order: &'static str,
        count: Count,
        bounds: Vec<Bound>,
        make: impl Fn() -> Box<dyn Iterator<Item = I> + Send> + Send + Sync + 'static,
    ) -> Self {
        Space::counted_later(what, symmetry, order, move || count, bounds, make)
    }

    /// A space whose count `count` computes when first asked for: families that build their
    /// classes to count them. Such a space is not refused when empty until it is counted
    /// ([`Space::within`]).
    pub fn counted_later(
        what: String,
        symmetry: Symmetry,
        order: &'static str,
        count: impl FnOnce() -> Count + Send + 'static,
        bounds: Vec<Bound>,
        make: impl Fn() -> Box<dyn Iterator<Item = I> + Send> + Send + Sync + 'static,
    ) -> Self {
        Space {
            what,
            symmetry,
            order,
            count: Arc::new(LazyLock::new(Box::new(count))),
            bounds,
            make: Arc::new(make),
        }
    }
}

impl<I> Clone for Space<I> {
    fn clone(&self) -> Self {
        Space {
            what: self.what.clone(),
            symmetry: self.symmetry,
            order: self.order,
            count: self.count.clone(),
            bounds: self.bounds.clone(),
            make: self.make.clone(),
        }
    }
}

impl<I> Space<I> {
    /// How many instances: refuse a space whose count is too large before enumerating it.
    pub fn count(&self) -> Count {
        **self.count
    }

    /// A fresh iterator over every instance, from the first.
    pub fn instances(&self) -> Box<dyn Iterator<Item = I> + Send> {
        (self.make)()
    }

    /// The instances of shard `k` of `shards` (1-based): instance `i`
    /// (0-based, in enumeration order) belongs to shard `i mod shards + 1`,
    /// so the shards together are the whole space, each instance once;
    /// [`Count::shard`] gives the shard's count.
    ///
    /// # Panics
    /// If `k` is not within `1..=shards`.
    pub fn shard(&self, k: u64, shards: u64) -> impl Iterator<Item = I> + Send {
        assert!((1..=shards).contains(&k), "shard {k} of {shards}");
        self.instances().skip(k as usize - 1).step_by(shards as usize)
    }
}

impl<I: 'static> Space<I> {
    /// The same space with each instance passed through `f`: a wrapper
    /// family (a position made from a graph) reuses its inner family's space.
    pub fn map<J: 'static>(self, f: impl Fn(I) -> J + Send + Sync + Clone + 'static) -> Space<J> {
        let make = self.make;
        Space {
            what: self.what,
            symmetry: self.symmetry,
            order: self.order,
            count: self.count,
            bounds: self.bounds,
            make: Arc::new(move || Box::new(make().map(f.clone()))),
        }
    }
}

impl<I> Space<I> {
    /// `every rooted tree with 1 to 12 vertices (7 813 instances, up to
    /// isomorphism)`: the certificate line's claim.
    pub fn claim(&self) -> String {
        let noun = if self.count() == Count::Exact(1) {
            "instance"
        } else {
            "instances"
        };
        format!("{} ({} {noun}, {})", self.what, self.count(), self.symmetry.words())
    }

    /// Refuses a space larger than `limit` instances, naming the count and
    /// the keys to lower, or one found empty once counted.
    pub fn within(&self, limit: u128) -> Result<(), String> {
        if self.count() == Count::Exact(0) {
            return Err(self.empty());
        }
        if self.count().bound() <= limit {
            return Ok(());
        }
        Err(format!(
            "{}: {} instances, more than the limit of {}; lower {} (or raise the limit with --exhaustive-limit)",
            self.what,
            self.count(),
            Count::Exact(limit),
            self.keys()
        ))
    }

    /// The bounding keys with their ranges: what to change.
    fn keys(&self) -> String {
        let keys: Vec<String> = (self.bounds.iter())
            .map(|b| format!("`{}` = [{}, {}]", b.key, b.range.lo, b.range.hi))
            .collect();
        keys.join(", ")
    }

    fn empty(&self) -> String {
        format!("no instance lies within {}", self.keys())
    }
}

impl<I> fmt::Debug for Space<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Space")
            .field("what", &self.what)
            .field("symmetry", &self.symmetry)
            .field("order", &self.order)
            .field("count", &self.count())
            .field("bounds", &self.bounds)
            .finish_non_exhaustive()
    }
}

/// Refuses an empty space: bounds that admit no instance are a mistake.
pub(crate) fn nonempty<I: 'static>(space: Space<I>) -> Result<Space<I>, String> {
    if space.count() == Count::Exact(0) {
        Err(space.empty())
    } else {
        Ok(space)
    }
}

/// `1 to 12`, or `7` for a pinned range.
pub(crate) fn span(r: SizeRange) -> String {
    if r.lo == r.hi {
        r.lo.to_string()
    } else {
        format!("{} to {}", r.lo, r.hi)
    }
}

/// Saturating sums and products of counts: a count past `u128::MAX` is far
/// past any limit, and stays there.
pub(crate) fn add(a: u128, b: u128) -> u128 {
    a.saturating_add(b)
}

pub(crate) fn mul(a: u128, b: u128) -> u128 {
    a.saturating_mul(b)
}

/// `C(n + r - 1, r)`: the multisets of `r` items from `n` kinds, saturating.
pub(crate) fn multichoose(n: u128, r: u64) -> u128 {
    if r == 0 {
        return 1;
    }
    if n == 0 {
        return 0;
    }
    // C(n + r - 1, r) built as a product of exact binomials C(n - 1 + i, i).
    let mut c: u128 = 1;
    for i in 1..=r as u128 {
        let top = n - 1 + i;
        c = match c.checked_mul(top) {
            Some(x) => x / i,
            None => {
                // Divide first where the product overflows: C * top / i is an
                // integer, and so is C / g * (top / (i / g)) with g = gcd(C, i).
                let g = gcd(c, i);
                match (c / g).checked_mul(top / (i / g)) {
                    Some(x) => x,
                    None => return u128::MAX,
                }
            }
        };
    }
    c
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The classes of every size from the first layer on, one layer a step:
/// `layers(first, grow)` yields `first`, then `grow(first)`, and so on; each
/// layer is built when it is asked for.
pub(crate) fn layers<T: Send + Sync + 'static>(
    first: Vec<T>,
    grow: impl Fn(&[T]) -> Vec<T> + Send + 'static,
) -> impl Iterator<Item = Arc<Vec<T>>> + Send {
    let mut last: Option<Arc<Vec<T>>> = None;
    let mut first = Some(first);
    std::iter::from_fn(move || {
        let next = match (&last, first.take()) {
            (_, Some(f)) => f,
            (Some(prev), None) => grow(prev),
            (None, None) => return None,
        };
        let next = Arc::new(next);
        last = Some(next.clone());
        Some(next)
    })
}

/// `base^exp`, saturating.
pub(crate) fn pow(base: u128, exp: u64) -> u128 {
    (0..exp).fold(1u128, |acc, _| mul(acc, base))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn space(n: u128) -> Space<u32> {
        Space::new(
            "every number below ten".into(),
            Symmetry::None,
            "value",
            Count::Exact(n),
            vec![Bound::new("values", SizeRange::new(0, 9))],
            || Box::new(0..10u32),
        )
    }

    #[test]
    fn shards_add_up_to_the_whole() {
        let s = space(10);
        for shards in 1..=12u64 {
            let mut all: Vec<u32> = Vec::new();
            let mut total = 0;
            for k in 1..=shards {
                let part: Vec<u32> = s.shard(k, shards).collect();
                assert_eq!(Count::Exact(part.len() as u128), s.count().shard(k, shards));
                total += part.len();
                all.extend(part);
            }
            all.sort_unstable();
            assert_eq!(all, (0..10).collect::<Vec<_>>());
            assert_eq!(total, 10);
        }
    }

    #[test]
    fn claims_and_refusals_read_well() {
        assert_eq!(
            space(10).claim(),
            "every number below ten (10 instances, each a different game)"
        );
        assert_eq!(Count::Exact(7813).to_string(), "7 813");
        assert_eq!(Count::Exact(1_234_567).to_string(), "1 234 567");
        assert_eq!(Count::AtMost(100).to_string(), "at most 100");
        assert_eq!(Count::Exact(u128::MAX).to_string(), "more than 3.4e38");
        assert!(space(10).within(10).is_ok());
        let refused = space(10).within(9).unwrap_err();
        assert!(
            refused.contains("10 instances") && refused.contains("`values` = [0, 9]"),
            "{refused}"
        );
        assert!(refused.contains("--exhaustive-limit"));
        assert!(nonempty(space(0)).unwrap_err().contains("`values`"));
        let mapped = space(10).map(|x| x * 2);
        assert_eq!(mapped.instances().last(), Some(18));
    }

    #[test]
    fn multichoose_by_hand_and_at_the_edge() {
        assert_eq!(multichoose(3, 2), 6);
        assert_eq!(multichoose(1, 50), 1);
        assert_eq!(multichoose(0, 0), 1);
        assert_eq!(multichoose(0, 3), 0);
        assert_eq!(multichoose(10, 3), 220);
        // C(200, 100) ~ 9e58 saturates; C(130, 65) ~ 9.5e37 still fits.
        assert_eq!(multichoose(101, 100), u128::MAX);
        assert_eq!(multichoose(66, 65), 95_067_625_827_960_698_145_584_333_020_095_113_100);
        assert_eq!(pow(2, 10), 1024);
        assert_eq!(pow(10, 40), u128::MAX);
    }
}
