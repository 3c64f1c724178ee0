//! Combat-on-a-tree solvers against the rules on every small tree, and the
//! deliberately wrong one's smallest counterexample.
//!
//! The reference is [`Rules`], written here from the rules alone (the `brute`
//! crate is not a dependency of `solvers`): a position is the set of black
//! vertices, its value the mex of its options'. Small trees are every parent
//! array with `parent[v] < v` (so every rooted tree shape, root 0) on up to
//! `MAX_N` vertices, with every colouring. The order of "smaller" is the
//! shrinker's: vertices first, then white vertices.

use std::collections::HashMap;

use solvers::combat::{winning_moves, winning_moves_plain, wrong};

const MAX_N: usize = 7;

type Solver = fn(&[bool], &[(u32, u32)]) -> Vec<u32>;

/// SG values from the rules, memoized per set of black vertices.
struct Rules {
    /// `path[v]`: the vertices from the root to `v`, as a mask.
    path: Vec<u32>,
    memo: HashMap<u32, u32>,
}

impl Rules {
    fn new(parent: &[usize]) -> Self {
        let mut path = vec![1u32; parent.len() + 1];
        for (i, &p) in parent.iter().enumerate() {
            path[i + 1] = path[p] | 1 << (i + 1);
        }
        Rules {
            path,
            memo: HashMap::new(),
        }
    }

    /// Recursion is fine here: each move blackens a vertex, so play is at
    /// most `MAX_N` moves deep.
    fn value(&mut self, black: u32) -> u32 {
        if let Some(&g) = self.memo.get(&black) {
            return g;
        }
        let options: Vec<u32> = (0..self.path.len())
            .filter(|&v| black & 1 << v == 0)
            .map(|v| black | self.path[v])
            .collect();
        let values: Vec<u32> = options.into_iter().map(|o| self.value(o)).collect();
        let g = (0..).find(|x| !values.contains(x)).unwrap();
        self.memo.insert(black, g);
        g
    }

    fn winning_moves(&mut self, black: u32) -> Vec<u32> {
        (0..self.path.len() as u32)
            .filter(|&v| black & 1 << v == 0 && self.value(black | self.path[v as usize]) == 0)
            .collect()
    }
}

/// Every parent array of a rooted tree on `n` vertices, `parent[v - 1] < v`.
fn parent_arrays(n: usize) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for v in 1..n {
        all = all
            .into_iter()
            .flat_map(|p: Vec<usize>| {
                (0..v).map(move |q| {
                    let mut p = p.clone();
                    p.push(q);
                    p
                })
            })
            .collect();
    }
    all
}

/// `(n, whites, colours, parents)` of every tree where `solver` disagrees
/// with the rules, in the order of `n`, then the parent array, then the
/// colouring as a mask of black vertices.
fn failures(solver: Solver, max_n: usize) -> Vec<(usize, u32, Vec<bool>, Vec<usize>)> {
    let mut out = Vec::new();
    for n in 1..=max_n {
        for parent in parent_arrays(n) {
            let edges: Vec<(u32, u32)> = parent
                .iter()
                .enumerate()
                .map(|(i, &p)| (p as u32, i as u32 + 1))
                .collect();
            let mut rules = Rules::new(&parent);
            for mask in 0..1u32 << n {
                let black: Vec<bool> = (0..n).map(|v| mask & 1 << v != 0).collect();
                if solver(&black, &edges) != rules.winning_moves(mask) {
                    out.push((n, n as u32 - mask.count_ones(), black, parent.clone()));
                }
            }
        }
    }
    out
}

#[test]
fn the_fast_and_the_plain_solver_follow_the_rules_on_every_small_tree() {
    // 1 + 1 + 2 + 6 + 24 + 120 + 720 parent arrays, each with every colouring.
    assert!(failures(winning_moves, MAX_N).is_empty());
    assert!(failures(winning_moves_plain, MAX_N).is_empty());
}

#[test]
fn keeping_the_path_child_fails_first_on_a_black_root_with_a_white_child() {
    let fails = failures(wrong::path_child_stays, 3);
    // Every single vertex is right: there is no path child to keep.
    assert!(fails.iter().all(|f| f.0 >= 2));
    let on_two: Vec<&Vec<bool>> = fails.iter().filter(|f| f.0 == 2).map(|f| &f.2).collect();
    // Black root + white child, and two whites: both lose the child's 1.
    assert_eq!(on_two, vec![&vec![false, false], &vec![true, false]]);
    let smallest = fails.iter().min_by_key(|f| (f.0, f.1)).unwrap();
    assert_eq!((smallest.0, smallest.1, &smallest.2), (2, 1, &vec![true, false]));
    assert_eq!(wrong::path_child_stays(&[true, false], &[(0, 1)]), Vec::<u32>::new());
    assert_eq!(winning_moves(&[true, false], &[(0, 1)]), vec![1]);
}
