//! How many connected rooted multigraphs (loops and parallel edges allowed)
//! there are with `n` vertices and `m` edges, up to isomorphism: the count
//! of green-hackenbush's space, known before any graph is built.
//!
//! Problem: count the orbits of the permutations of the non-root vertices on
//! multisets of `m` vertex pairs (a loop is the pair `{v, v}`), then keep
//! the connected ones.
//!
//! Idea: Burnside's lemma over cycle types. A vertex permutation of cycle
//! type `λ` permutes the pairs in cycles: a vertex cycle of length `a` gives
//! one cycle of its `a` loops and `(a - 1) / 2` cycles of length `a` of its
//! other pairs (for even `a`, `a / 2 - 1` of length `a` and one of length
//! `a / 2`); two vertex cycles of lengths `a` and `b` give `gcd(a, b)` cycles
//! of length `lcm(a, b)`. A multiset of pairs is fixed when it is constant on
//! each pair cycle, so the fixed multisets with `m` pairs are the
//! coefficient of `x^m` in the product of `1 / (1 - x^len)` over pair
//! cycles; averaging over the `k! / z_λ` permutations of each type counts
//! the graphs `R(n, m)` (root fixed) and `U(n, m)` (no root), isolated
//! vertices allowed. A rooted graph is its root's connected component and
//! any graph on the other vertices, so `R = C U` as series in `n` and `m`,
//! which gives the connected rooted counts `C` term by term.
//!
//! Complexity: `O(p(n) n^2 m)` for `p(n)` partitions of `n`; exact in `u128`
//! until it would overflow, then `None`.
//!
//! Reference: F. Harary, E. M. Palmer, *Graphical Enumeration* (1973), ch. 2
//! and 4.

/// The partitions of `k`, each as its parts (largest first).
fn partitions(k: usize) -> Vec<Vec<usize>> {
    fn walk(left: usize, most: usize, parts: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if left == 0 {
            out.push(parts.clone());
            return;
        }
        for p in (1..=most.min(left)).rev() {
            parts.push(p);
            walk(left - p, p, parts, out);
            parts.pop();
        }
    }
    let mut out = Vec::new();
    walk(k, k, &mut Vec::new(), &mut out);
    out
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// How many permutations of `k` elements have the cycle type `parts`: `k! / z`.
fn class_size(parts: &[usize]) -> Option<u128> {
    let k: usize = parts.iter().sum();
    let mut size: u128 = (1..=k as u128).try_fold(1u128, |acc, i| acc.checked_mul(i))?;
    for group in parts.chunk_by(|a, b| a == b) {
        let (a, c) = (group[0] as u128, group.len() as u128);
        for i in 1..=c {
            size /= a * i;
        }
    }
    Some(size)
}

/// The multisets of `0..=m_max` pairs fixed by a vertex permutation with
/// cycles `cycles`, by size.
fn fixed(cycles: &[usize], m_max: usize) -> Option<Vec<u128>> {
    let mut lengths = Vec::new();
    for (i, &a) in cycles.iter().enumerate() {
        lengths.push(a);
        if a % 2 == 1 {
            lengths.extend(std::iter::repeat_n(a, (a - 1) / 2));
        } else {
            lengths.extend(std::iter::repeat_n(a, a / 2 - 1));
            lengths.push(a / 2);
        }
        for &b in &cycles[i + 1..] {
            let g = gcd(a, b);
            lengths.extend(std::iter::repeat_n(a / g * b, g));
        }
    }
    let mut poly = vec![0u128; m_max + 1];
    poly[0] = 1;
    for len in lengths {
        for e in len..=m_max {
            poly[e] = poly[e].checked_add(poly[e - len])?;
        }
    }
    Some(poly)
}

/// Graphs on `k` vertices (`rooted`: plus a fixed root) with `0..=m_max`
/// edges up to isomorphism, isolated vertices allowed, by edges.
fn all_graphs(k: usize, rooted: bool, m_max: usize) -> Option<Vec<u128>> {
    let order: u128 = (1..=k as u128).try_fold(1u128, |acc, i| acc.checked_mul(i))?;
    let mut sum = vec![0u128; m_max + 1];
    for parts in partitions(k) {
        let weight = class_size(&parts)?;
        let mut cycles = parts;
        if rooted {
            cycles.push(1);
        }
        for (s, f) in sum.iter_mut().zip(fixed(&cycles, m_max)?) {
            *s = s.checked_add(weight.checked_mul(f)?)?;
        }
    }
    Some(sum.into_iter().map(|s| s / order).collect())
}

/// `c[n][m]`: connected rooted multigraphs with loops on `n` vertices
/// (`1 <= n <= n_max`; row 0 is empty) and `m <= m_max` edges, up to
/// isomorphisms fixing the root. `None` past `u128`.
pub fn rooted_connected(n_max: usize, m_max: usize) -> Option<Vec<Vec<u128>>> {
    let unrooted: Vec<Vec<u128>> = (0..=n_max)
        .map(|k| all_graphs(k, false, m_max))
        .collect::<Option<_>>()?;
    let mut c = vec![vec![0u128; m_max + 1]; n_max + 1];
    for n in 1..=n_max {
        let rooted = all_graphs(n - 1, true, m_max)?;
        for m in 0..=m_max {
            // R(n, m) = sum over the root's component (n', m') of C(n', m') U(n - n', m - m').
            let mut others = 0u128;
            for n1 in 1..n {
                for m1 in 0..=m {
                    others = others.checked_add(c[n1][m1].checked_mul(unrooted[n - n1][m - m1])?)?;
                }
            }
            c[n][m] = rooted[m] - others;
        }
    }
    Some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_counts_by_hand() {
        let c = rooted_connected(3, 3).unwrap();
        // One vertex: m loops at the root.
        assert_eq!(c[1], vec![1, 1, 1, 1]);
        // Two vertices: the edge; then a second edge, a loop at either end;
        // with three edges: triple edge, double + a loop (2), edge + two
        // loops at one end (2) or one at each (1).
        assert_eq!(c[2], vec![0, 1, 3, 6]);
        // Three vertices, two edges: a path from the root's end or middle.
        assert_eq!(c[3][2], 2);
        // Four unrooted vertices with one edge: a loop or a link.
        assert_eq!(all_graphs(4, false, 1).unwrap(), vec![1, 2]);
        assert_eq!(class_size(&[2, 1, 1]), Some(6));
        assert_eq!(partitions(4).len(), 5);
        assert!(rooted_connected(40, 200).is_none());
    }
}
