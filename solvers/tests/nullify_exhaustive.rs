//! Nullify-the-matrix solvers against the rules on every small matrix, and
//! the deliberately wrong ones' smallest counterexamples.
//!
//! The reference is [`rules`], written here from the rules alone (the `brute`
//! crate is not a dependency of `solvers`), with values set by a move kept
//! below 4, as brute caps them (brute::nullify says why the winner does not
//! change). "Smaller" is the order shrinking lowers: fewer cells, then a
//! smaller sum of values.

use std::collections::HashMap;

use gen::matrix::Matrix;
use solvers::nullify::{first_wins, wrong};

const TOP: u32 = 4;

/// Whether the player to move wins: some move leads to a losing position.
fn rules(n: usize, m: usize, a: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    if let Some(&w) = memo.get(a) {
        return w;
    }
    // The cells after each cell on every monotone path to the corner: every
    // shorter path is a prefix of one, and cells may stay unchanged.
    fn paths(n: usize, m: usize, r: usize, c: usize) -> Vec<Vec<usize>> {
        if (r, c) == (n - 1, m - 1) {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for (nr, nc) in [(r + 1, c), (r, c + 1)] {
            if nr < n && nc < m {
                for rest in paths(n, m, nr, nc) {
                    out.push([vec![nr * m + nc], rest].concat());
                }
            }
        }
        out
    }
    let mut won = false;
    'search: for start in 0..a.len() {
        for lowered in 0..a[start] {
            for path in paths(n, m, start / m, start % m) {
                for code in 0..TOP.pow(path.len() as u32) {
                    let mut next = a.to_vec();
                    next[start] = lowered;
                    let mut rest = code;
                    for &c in &path {
                        next[c] = rest % TOP;
                        rest /= TOP;
                    }
                    if !rules(n, m, &next, memo) {
                        won = true;
                        break 'search;
                    }
                }
            }
        }
    }
    memo.insert(a.to_vec(), won);
    won
}

/// Every matrix of up to `cells` cells with values below `top`.
fn every_matrix(cells: usize, top: u32) -> Vec<Matrix> {
    let mut out = Vec::new();
    for n in 1..=cells {
        for m in 1..=cells / n {
            for code in 0..top.pow((n * m) as u32) {
                let a = (0..n * m).map(|i| code / top.pow(i as u32) % top).collect();
                out.push(Matrix { n, m, a });
            }
        }
    }
    out
}

fn key(x: &Matrix) -> (usize, u32) {
    (x.a.len(), x.a.iter().sum())
}

/// The matrices where `solver` disagrees with the rules, smallest first.
fn failures(solver: fn(&Matrix) -> bool, cells: usize, top: u32) -> Vec<Matrix> {
    let mut out: Vec<Matrix> = every_matrix(cells, top)
        .into_iter()
        .filter(|x| solver(x) != rules(x.n, x.m, &x.a, &mut HashMap::new()))
        .collect();
    out.sort_by_key(key);
    out
}

#[test]
fn the_fast_solver_follows_the_rules_on_every_small_matrix() {
    // Up to 4 cells of values below 4: 1 x 1 to 1 x 4, 2 x 1 to 4 x 1, 2 x 2.
    let all = every_matrix(4, TOP);
    assert_eq!(all.len(), 4 + 2 * 16 + 2 * 64 + 3 * 256);
    let mut wins = 0;
    for x in &all {
        let want = rules(x.n, x.m, &x.a, &mut HashMap::new());
        assert_eq!(first_wins(x), want, "{x:?}");
        wins += usize::from(want);
    }
    assert!(wins > 0 && wins < all.len());
}

#[test]
fn xor_of_all_cells_fails_first_on_1_by_2_ones() {
    let failing = failures(wrong::all_cells, 4, TOP);
    // (2 cells, sum 2): the two ones of 1 x 2 or 2 x 1; nothing smaller.
    assert_eq!(key(&failing[0]), (2, 2));
    let smallest: Vec<&Matrix> = failing.iter().filter(|x| key(x) == (2, 2)).collect();
    assert_eq!(
        smallest,
        [
            &Matrix {
                n: 1,
                m: 2,
                a: vec![1, 1]
            },
            &Matrix {
                n: 2,
                m: 1,
                a: vec![1, 1]
            }
        ]
    );
}

#[test]
fn main_diagonals_fail_first_on_2_by_2_with_two_ones() {
    // On one row or column every diagonal holds one cell either way: the
    // first failure needs 2 x 2, and two ones on one diagonal.
    let failing = failures(wrong::main_diagonals, 4, TOP);
    assert_eq!(key(&failing[0]), (4, 2));
    let smallest: Vec<&Matrix> = failing.iter().filter(|x| key(x) == (4, 2)).collect();
    assert_eq!(
        smallest,
        [
            &Matrix {
                n: 2,
                m: 2,
                a: vec![0, 1, 1, 0]
            },
            &Matrix {
                n: 2,
                m: 2,
                a: vec![1, 0, 0, 1]
            }
        ]
    );
}
