//! Deliberately wrong Wythoff solvers, for testing the harness.
//!
//! Each doc states the smallest position (by `a + b`, then `a`) where the
//! bug shows; `tests/wythoff_exhaustive.rs` proves each: the solver agrees
//! with [`super::first_wins`] on every smaller position and disagrees there.
//!
//! Complexity: `O(1)`.

/// Bug: `floor(kφ)` in floating point, as in the classic submission
/// `a == (int)((b - a) * (sqrt(5.0) + 1) / 2)`. The `f64` product lies
/// within half a spacing of doubles of `kφ` (`1.5e-8` between `2^27` and
/// `2^28`), plus `k (φ_f64 - φ) = k * 5.4e-17` (the rounded `φ` is a little
/// large): when `kφ` lies just below an integer, closer than that, the
/// product is the integer itself. That happens for 14 values of `k` within
/// the judge's limits, all past `10^8`; the first is `k = F_40 = 102334155`,
/// where `kφ = F_41 - φ^-40 = 165580140.9999999956`. Every other `k` floors
/// right.
///
/// Smallest: `165580140 267914295`, the losing pair of that `k` (answer
/// `0`), where this says `1`; `165580141 267914296` fails the other way.
pub fn float_phi(a: u64, b: u64) -> bool {
    let phi = (5f64.sqrt() + 1.0) / 2.0;
    let k = a.abs_diff(b) as f64;
    a.min(b) != (k * phi).floor() as u64
}

/// Bug: plays it as two-pile Nim (the diagonal move forgotten): the player
/// to move loses iff the piles are equal.
///
/// Smallest: `1 1`, which the diagonal move empties (answer `1`); this says
/// `0`. (On `0 0`, `0 1` and `1 0` Nim and Wythoff agree.)
pub fn nim(a: u64, b: u64) -> bool {
    a != b
}
