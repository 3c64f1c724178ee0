//! The two parallel loops of the harness, compiled once for every problem.
//!
//! rayon's iterators are generic over their items and closures, so calling
//! them from the per-problem code (`run`, `shrink`) would compile rayon's
//! machinery again for each problem. Here they run over indices and
//! type-erased results instead; the generic callers box and downcast, a cost
//! that is nothing next to generating, solving or running a program.

use std::any::Any;

use rayon::prelude::*;

pub type Erased = Box<dyn Any + Send>;

/// `f(0) .. f(n - 1)`, computed in parallel, in index order.
pub fn map(n: usize, f: &(dyn Fn(usize) -> Erased + Sync)) -> Vec<Erased> {
    (0..n).into_par_iter().map(f).collect()
}

/// The `f(i)` that is `Some` with the smallest `i`, searched in parallel; the
/// same answer whatever the thread count.
pub fn find_first(n: usize, f: &(dyn Fn(usize) -> Option<Erased> + Sync)) -> Option<Erased> {
    (0..n).into_par_iter().find_map_first(f)
}

/// Unboxes what a generic caller boxed.
pub fn unbox<T: 'static>(e: Erased) -> T {
    *e.downcast::<T>().expect("the caller boxed this type")
}
