//! Rational reconstruction: the small fraction `a/b` behind a residue
//! `r = a b^-1 mod p`, so a recurrence Berlekamp–Massey found mod a prime
//! prints with the coefficients it has over the rationals.
//!
//! Problem: given `r` mod the prime `p`, find `a/b` with `a ≡ r b (mod p)`,
//! `|a| <= N` and `0 < b <= D`, where `2 N D < p`; such a fraction is then
//! unique.
//!
//! Idea (Wang's algorithm): run the extended Euclidean algorithm on `(p, r)`
//! and stop at the first remainder `r_i <= N`; its cofactor `s_i` with
//! `s_i r ≡ r_i (mod p)` gives `r_i / s_i`, which is the fraction if
//! `|s_i| <= D` and `gcd(r_i, s_i) = 1`, and there is none otherwise. With
//! `N = D = sqrt(p / 2)` a fraction is found whenever one exists. A residue
//! can be the reduction of a fraction by chance, so the recurrence's
//! fractions are then checked over the integers on the whole table
//! ([`generates`]).
//!
//! Complexity: `O(log p)` per residue; `O(N L)` to check a recurrence of
//! order `L` on `N` values, in checked 128-bit arithmetic.
//!
//! Reference: P. S. Wang, "A p-adic algorithm for univariate partial
//! fractions", SYMSAC 1981; J. von zur Gathen, J. Gerhard, *Modern Computer
//! Algebra*, §5.10 (rational reconstruction).

use super::recurrence::PRIME;

/// `floor(sqrt(PRIME / 2))`: the bound on numerators and denominators.
const BOUND: i128 = 1_073_741_823;

/// The fraction `(a, b)`, `b > 0`, in lowest terms, whose reduction mod
/// [`PRIME`] is `r`, if its numerator and denominator are at most
/// `sqrt(PRIME / 2)` in absolute value.
///
/// # Complexity
/// `O(log PRIME)`.
pub fn reconstruct(r: u64) -> Option<(i64, i64)> {
    let (mut r0, mut r1) = (PRIME as i128, (r % PRIME) as i128);
    let (mut s0, mut s1) = (0i128, 1i128);
    while r1 > BOUND {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (s0, s1) = (s1, s0 - q * s1);
    }
    if s1 == 0 || s1.abs() > BOUND || gcd(r1, s1.abs()) != 1 {
        return None;
    }
    let sign = s1.signum();
    Some(((sign * r1) as i64, (sign * s1) as i64))
}

/// Whether `v(n) = sum_i (a_i / b_i) v(n - i)` holds exactly for every `n`
/// from `fractions.len()` to the end of `values`; `false` where the integer
/// arithmetic overflows.
///
/// # Complexity
/// `O(N L)` for `N` values and `L` fractions.
pub fn generates(fractions: &[(i64, i64)], values: &[i64]) -> bool {
    let Some(common) = fractions
        .iter()
        .try_fold(1i128, |l, &(_, b)| (l / gcd(l, b as i128)).checked_mul(b as i128))
    else {
        return false;
    };
    let scaled: Vec<i128> = fractions
        .iter()
        .map(|&(a, b)| a as i128 * (common / b as i128))
        .collect();
    let order = fractions.len();
    (order..values.len()).all(|n| {
        let sum = scaled.iter().enumerate().try_fold(0i128, |acc, (i, &c)| {
            acc.checked_add(c.checked_mul(values[n - 1 - i] as i128)?)
        });
        sum.is_some() && sum == common.checked_mul(values[n] as i128)
    })
}

/// `a/b` as written in a formula: `3`, `-1/2`.
pub fn show(a: i64, b: i64) -> String {
    match b {
        1 => a.to_string(),
        _ => format!("{a}/{b}"),
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::recurrence::residue;

    /// `a / b mod PRIME`, by Fermat's little theorem.
    fn fraction(a: i64, b: i64) -> u64 {
        let mul = |x: u64, y: u64| ((x as u128 * y as u128) % PRIME as u128) as u64;
        let (mut inverse, mut base, mut e) = (1u64, residue(b), PRIME - 2);
        while e > 0 {
            if e & 1 == 1 {
                inverse = mul(inverse, base);
            }
            base = mul(base, base);
            e >>= 1;
        }
        mul(residue(a), inverse)
    }

    #[test]
    fn small_fractions_come_back() {
        for (a, b) in [
            (1, 1),
            (-1, 1),
            (3, 2),
            (-7, 12),
            (0, 1),
            (1_000_000, 999_999),
            (-5, 1 << 20),
        ] {
            assert_eq!(reconstruct(fraction(a, b)), Some((a, b)), "{a}/{b}");
        }
    }

    #[test]
    fn a_residue_of_no_small_fraction_has_none() {
        // An integer beyond the bound whose Euclidean run ends with a cofactor beyond it too
        // (worked out apart, in Python); 2^60, also beyond it, is 1/2 mod 2^61 - 1.
        assert_eq!(reconstruct(residue(12_345_678_901_234_567)), None);
        assert_eq!(reconstruct(residue(1 << 60)), Some((1, 2)));
    }

    #[test]
    fn fractions_are_checked_exactly_on_the_table() {
        // v(n) = (v(n-1) + v(n-2)) / 2 from 0, 1024, by hand: 512, 768, 640, 704, 672.
        let v = [0, 1024, 512, 768, 640, 704, 672];
        assert!(generates(&[(1, 2), (1, 2)], &v));
        assert!(!generates(&[(1, 2), (1, 2)], &[0, 1024, 512, 768, 641]));
        assert!(generates(&[(1, 1), (1, 1)], &[0, 1, 1, 2, 3, 5, 8]));
    }
}
