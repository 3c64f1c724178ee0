//! Polynomials in the key: the least degree `d` such that one polynomial with
//! rational coefficients gives every value.
//!
//! Problem: given `v(lo..lo+N)`, find the least `d` and exact coefficients
//! with `v(x) = P(x)` for every `x`.
//!
//! Idea: forward differences. `v` is a polynomial of degree `d` exactly when
//! its `(d + 1)`-th differences all vanish; then Newton's forward formula
//! `P(x) = sum_k Δ^k v(lo) C(x - lo, k)` interpolates it with integer
//! weights, and multiplying by `d!` expands it over the integers. The first
//! `d + 1` values fix `P`; the rest of the table is evidence.
//!
//! Complexity: `O(N d)` time for the differences (checked 128-bit
//! arithmetic: a table whose differences overflow has no fit), `O(d^2)` to
//! expand.
//!
//! Reference: R. L. Graham, D. E. Knuth, O. Patashnik, *Concrete
//! Mathematics*, §5.3 (Newton series, finite differences).

use serde::{Deserialize, Serialize};

/// `v(x) = sum_k newton[k] C(x - lo, k)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Polynomial {
    pub lo: i64,
    pub newton: Vec<i64>,
}

/// The polynomial of least degree through every value, if its degree is at
/// most `most` and at least `evidence` values beyond the `d + 1` that fix it
/// check it.
pub fn interpolate(values: &[i64], lo: i64, most: usize, evidence: usize) -> Option<Polynomial> {
    let mut row: Vec<i128> = values.iter().map(|&v| v as i128).collect();
    let mut newton = Vec::new();
    for d in 0..=most {
        if values.len() < d + 1 + evidence {
            return None;
        }
        newton.push(i64::try_from(row[0]).ok()?);
        let next: Option<Vec<i128>> = row.windows(2).map(|w| w[1].checked_sub(w[0])).collect();
        row = next?;
        if row.iter().all(|&x| x == 0) {
            return Some(Polynomial { lo, newton });
        }
    }
    None
}

impl Polynomial {
    pub fn degree(&self) -> usize {
        self.newton.len() - 1
    }

    /// `P(x)`, or `None` on overflow.
    pub fn at(&self, x: i64) -> Option<i128> {
        let m = (x - self.lo) as i128;
        let mut binomial: i128 = 1;
        let mut sum: i128 = 0;
        for (k, &d) in self.newton.iter().enumerate() {
            sum = sum.checked_add((d as i128).checked_mul(binomial)?)?;
            binomial = binomial.checked_mul(m - k as i128)? / (k as i128 + 1);
        }
        Some(sum)
    }

    /// Integer coefficients `c_0..c_d` (lowest first) and a denominator `q`
    /// with `P(x) = sum c_i x^i / q`, in lowest terms.
    pub fn expanded(&self) -> (Vec<i128>, i128) {
        let d = self.degree();
        let factorial = |k: usize| (1..=k as i128).product::<i128>();
        let mut total = vec![0i128; d + 1];
        // prod_{j<k} (x - lo - j), built up one factor per k.
        let mut falling = vec![1i128];
        for (k, &weight) in self.newton.iter().enumerate() {
            let scale = weight as i128 * (factorial(d) / factorial(k));
            for (i, &c) in falling.iter().enumerate() {
                total[i] += scale * c;
            }
            let root = self.lo as i128 + k as i128;
            let mut next = vec![0i128; falling.len() + 1];
            for (i, &c) in falling.iter().enumerate() {
                next[i + 1] += c;
                next[i] -= root * c;
            }
            falling = next;
        }
        let mut q = factorial(d);
        let g = total.iter().fold(q, |g, &c| gcd(g, c.abs()));
        q /= g;
        (total.into_iter().map(|c| c / g).collect(), q)
    }

    /// `(n^2 + n)/2`, in the key's name.
    pub fn show(&self, key: &str) -> String {
        let (c, q) = self.expanded();
        let mut terms = String::new();
        for (i, &a) in c.iter().enumerate().rev().filter(|&(_, &a)| a != 0) {
            let sign = if a < 0 { "-" } else { "+" };
            if terms.is_empty() {
                terms.push_str(if a < 0 { "-" } else { "" });
            } else {
                terms.push_str(&format!(" {sign} "));
            }
            let a = a.abs();
            let power = match i {
                0 => String::new(),
                1 => key.to_string(),
                _ => format!("{key}^{i}"),
            };
            match (a, i) {
                (1, 0) => terms.push('1'),
                (1, _) => terms.push_str(&power),
                _ => terms.push_str(&format!("{a}{power}")),
            }
        }
        if terms.is_empty() {
            terms.push('0');
        }
        if q == 1 {
            terms
        } else {
            format!("({terms})/{q}")
        }
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangular_numbers_have_degree_two() {
        let v: Vec<i64> = (0..12).map(|n| n * (n + 1) / 2).collect();
        let p = interpolate(&v, 0, 6, 3).unwrap();
        assert_eq!(p.degree(), 2);
        assert_eq!(p.show("n"), "(n^2 + n)/2");
        assert_eq!(p.at(100), Some(5050));
    }

    #[test]
    fn an_offset_start_expands_in_the_key_itself() {
        // 3x^2 - 2x + 7 tabulated from x = 5.
        let v: Vec<i64> = (5..15).map(|x| 3 * x * x - 2 * x + 7).collect();
        let p = interpolate(&v, 5, 6, 3).unwrap();
        assert_eq!(p.show("x"), "3x^2 - 2x + 7");
        assert_eq!(p.at(-1), Some(12));
    }

    #[test]
    fn too_few_values_for_the_evidence_are_no_fit() {
        let v: Vec<i64> = (0..5).map(|n| n * n * n).collect();
        assert_eq!(interpolate(&v, 0, 6, 3), None);
        let v: Vec<i64> = (0..7).map(|n| n * n * n).collect();
        assert_eq!(interpolate(&v, 0, 6, 3).map(|p| p.degree()), Some(3));
    }

    #[test]
    fn a_late_break_is_no_polynomial() {
        let mut v: Vec<i64> = (0..15).map(|n| n * n).collect();
        v[14] += 1;
        assert_eq!(interpolate(&v, 0, 6, 3), None);
    }
}
