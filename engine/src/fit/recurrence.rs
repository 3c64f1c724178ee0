//! Linear recurrences: the shortest `v(n) = c_1 v(n-1) + ... + c_L v(n-L)`
//! that generates a whole sequence.
//!
//! Problem: given `v(0..N)`, find the least `L` and coefficients `c` such that
//! the recurrence holds for every `n` in `L..N`.
//!
//! Idea: Berlekamp–Massey over the field of integers mod the prime
//! `2^61 - 1`: it keeps the shortest recurrence generating the prefix read so
//! far and, at each discrepancy, corrects it with the last recurrence that
//! failed, lengthening it only when it must. A recurrence of order `L` is
//! fixed by `2L` terms; the rest of the table is evidence. Integer
//! recurrences whose coefficients are small show as themselves; a sequence
//! that satisfies one over the rationals satisfies it mod the prime too.
//!
//! Complexity: `O(N^2)` time, `O(N)` memory.
//!
//! Reference: J. L. Massey, "Shift-register synthesis and BCH decoding",
//! IEEE Trans. Inf. Theory 15 (1969); KACTL, `BerlekampMassey.h`.

/// The prime modulus: `2^61 - 1`.
pub const PRIME: u64 = (1 << 61) - 1;

fn mul(a: u64, b: u64) -> u64 {
    ((a as u128 * b as u128) % PRIME as u128) as u64
}

fn pow(mut a: u64, mut e: u64) -> u64 {
    let mut r = 1;
    while e > 0 {
        if e & 1 == 1 {
            r = mul(r, a);
        }
        a = mul(a, a);
        e >>= 1;
    }
    r
}

/// `v` as a residue mod [`PRIME`].
pub fn residue(v: i64) -> u64 {
    v.rem_euclid(PRIME as i64) as u64
}

/// A residue as the integer of least absolute value.
pub fn signed(r: u64) -> i64 {
    if r > PRIME / 2 {
        r as i64 - PRIME as i64
    } else {
        r as i64
    }
}

/// The coefficients `c_1..c_L` of the shortest recurrence generating `s`
/// (residues mod [`PRIME`]).
///
/// # Complexity
/// `O(s.len()^2)`.
pub fn berlekamp_massey(s: &[u64]) -> Vec<u64> {
    let n = s.len();
    let (mut c, mut b) = (vec![0u64; n + 1], vec![0u64; n + 1]);
    c[0] = 1;
    b[0] = 1;
    let (mut len, mut shift, mut last) = (0usize, 0usize, 1u64);
    for i in 0..n {
        shift += 1;
        let discrepancy = (1..=len).fold(s[i], |d, j| (d + mul(c[j], s[i - j])) % PRIME);
        if discrepancy == 0 {
            continue;
        }
        let before = c.clone();
        let coef = mul(discrepancy, pow(last, PRIME - 2));
        for j in shift..=n {
            c[j] = (c[j] + PRIME - mul(coef, b[j - shift])) % PRIME;
        }
        if 2 * len > i {
            continue;
        }
        len = i + 1 - len;
        b = before;
        last = discrepancy;
        shift = 0;
    }
    c[1..=len].iter().map(|&x| (PRIME - x) % PRIME).collect()
}

/// The next `count` terms after `init` (at least as long as `coefficients`).
pub fn extend(coefficients: &[u64], init: &[u64], count: usize) -> Vec<u64> {
    let mut s = init.to_vec();
    for _ in 0..count {
        let n = s.len();
        let next = coefficients
            .iter()
            .enumerate()
            .fold(0, |acc, (j, &c)| (acc + mul(c, s[n - 1 - j])) % PRIME);
        s.push(next);
    }
    s.split_off(init.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn residues(v: &[i64]) -> Vec<u64> {
        v.iter().map(|&x| residue(x)).collect()
    }

    #[test]
    fn fibonacci_has_order_two() {
        let mut f = vec![0i64, 1];
        while f.len() < 40 {
            f.push(f[f.len() - 1] + f[f.len() - 2]);
        }
        let c = berlekamp_massey(&residues(&f));
        assert_eq!(c.iter().map(|&x| signed(x)).collect::<Vec<_>>(), vec![1, 1]);
        assert_eq!(extend(&c, &residues(&f[..2]), 5), residues(&[1, 2, 3, 5, 8]));
    }

    #[test]
    fn a_tribonacci_like_sequence_with_signs() {
        // v(n) = 2 v(n-1) - v(n-2) + 3 v(n-3), by hand from 1, 0, 2.
        let mut v = vec![1i64, 0, 2];
        while v.len() < 30 {
            let n = v.len();
            v.push(2 * v[n - 1] - v[n - 2] + 3 * v[n - 3]);
        }
        let c: Vec<i64> = berlekamp_massey(&residues(&v)).into_iter().map(signed).collect();
        assert_eq!(c, vec![2, -1, 3]);
    }

    #[test]
    fn squares_need_order_three() {
        // (n+1)^2 - 3 n^2 + 3 (n-1)^2 - (n-2)^2 = 0.
        let v: Vec<i64> = (0..20).map(|n| n * n).collect();
        let c: Vec<i64> = berlekamp_massey(&residues(&v)).into_iter().map(signed).collect();
        assert_eq!(c, vec![3, -3, 1]);
    }

    #[test]
    fn a_sequence_without_recurrence_needs_half_its_length() {
        // Powers of two plus a late disturbance: order 1 up to the change, then longer.
        let mut v: Vec<i64> = (0..20).map(|n| 1 << n).collect();
        v[19] += 1;
        assert!(berlekamp_massey(&residues(&v)).len() >= 2);
        assert_eq!(berlekamp_massey(&residues(&v[..19])).len(), 1);
    }
}
