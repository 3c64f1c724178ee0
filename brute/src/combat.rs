//! Combat on a tree (SPOJ COT3) by the rules: the brute-force oracle.
//!
//! Problem: a tree rooted at vertex 0 whose vertices are black or white. A
//! move picks a white vertex `v` and paints every vertex on the path from
//! the root to `v` black; a player who cannot move loses. List every winning
//! first move.
//!
//! Idea: a position is the set of black vertices, a `u64` mask; a move ORs in
//! the mask of a root path. A first move is winning exactly when the
//! position after it has Sprague-Grundy value 0, which
//! [`crate::impartial::grundy`] computes from the moves alone (no splitting
//! into subtrees: the one position is searched whole).
//!
//! Complexity: a state with `w` white vertices has `w` options of one OR
//! each; the number of states is exponential in the worst case and capped by
//! the [`Budget`]; the memo is an array up to 16 vertices. At most 64 vertices.
//!
//! Reference: SPOJ COT3, "Combat on a tree" (the rules).

use gen::csr::Csr;

use crate::impartial::{self, Impartial, Options};
use crate::{Budget, TooBig};

/// The game on one tree: `path[v]` is the mask of the vertices from the
/// root to `v`, both ends included.
struct Combat {
    path: Vec<u64>,
}

impl Impartial for Combat {
    type State = u64;

    fn options(&self, &black: &u64, out: &mut Options<u64>) {
        for (v, &path) in self.path.iter().enumerate() {
            if black & (1 << v) == 0 {
                out.add(black | path);
            }
        }
    }

    /// A state is a subset of the vertices: its mask is its number.
    fn indices(&self) -> Option<usize> {
        1usize.checked_shl(self.path.len() as u32)
    }

    fn index(&self, &black: &u64) -> usize {
        black as usize
    }
}

/// Every winning first move (0-based, increasing) of the tree on
/// `black.len()` vertices with root 0 and the given undirected edges; empty
/// when the first player loses.
///
/// Returns `Err(TooBig)` with the budget's `max_states` if the tree has more
/// than 64 vertices or one search needs more states than the budget.
///
/// # Panics
/// If the edges do not form a tree on `0..black.len()`.
pub fn winning_moves(black: &[bool], edges: &[(u32, u32)], budget: &Budget) -> Result<Vec<u32>, TooBig> {
    let n = black.len();
    if n > 64 {
        return Err(TooBig::states(budget.max_states));
    }
    let adj = Csr::undirected(n, edges);
    let mut path = vec![0u64; n];
    path[0] = 1;
    let mut queue = vec![0usize];
    let mut seen = vec![false; n];
    seen[0] = true;
    let mut i = 0;
    while i < queue.len() {
        let u = queue[i];
        i += 1;
        for w in adj.heads(u) {
            let w = w as usize;
            if !seen[w] {
                seen[w] = true;
                path[w] = path[u] | 1 << w;
                queue.push(w);
            }
        }
    }
    assert_eq!(queue.len(), n, "the edges must connect every vertex to the root");
    let start = black
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b)
        .fold(0u64, |mask, (v, _)| mask | 1 << v);
    let game = Combat { path };
    let mut moves = Vec::new();
    for v in (0..n).filter(|&v| !black[v]) {
        if impartial::grundy(&game, &[start | game.path[v]], budget)? == 0 {
            moves.push(v as u32);
        }
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BIG: Budget = Budget::new(1_000_000);

    fn moves(colours: &str, edges: &[(u32, u32)]) -> Vec<u32> {
        let black: Vec<bool> = colours.split(' ').map(|c| c == "1").collect();
        let edges: Vec<(u32, u32)> = edges.iter().map(|&(u, v)| (u - 1, v - 1)).collect();
        winning_moves(&black, &edges, &BIG)
            .unwrap()
            .into_iter()
            .map(|v| v + 1)
            .collect()
    }

    #[test]
    fn tiny_trees_by_hand() {
        // One white vertex: painting it ends the game. One black: no move.
        assert_eq!(moves("0", &[]), vec![1]);
        assert_eq!(moves("1", &[]), Vec::<u32>::new());
        // Black root, white child: the only move paints the child and wins.
        assert_eq!(moves("1 0", &[(1, 2)]), vec![2]);
        // Both white: painting the root leaves the child for the opponent;
        // painting the child paints both and wins.
        assert_eq!(moves("0 0", &[(1, 2)]), vec![2]);
        // White root with two white leaves: each leaf move leaves the other
        // leaf (one move, the opponent wins); the root move leaves two
        // independent leaves (two moves, the opponent loses).
        assert_eq!(moves("0 0 0", &[(1, 2), (1, 3)]), vec![1]);
        // Black root, two white leaves: every move leaves one, so the first
        // player loses.
        assert_eq!(moves("1 0 0", &[(1, 2), (1, 3)]), Vec::<u32>::new());
    }

    #[test]
    fn the_judges_samples() {
        let first = [(1, 2), (1, 3), (2, 6), (3, 4), (3, 5), (5, 7), (7, 8)];
        assert_eq!(moves("1 1 0 1 0 0 1 0", &first), vec![5]);
        let second = [
            (1, 2),
            (2, 3),
            (2, 4),
            (1, 5),
            (1, 6),
            (5, 7),
            (5, 8),
            (2, 9),
            (8, 10),
            (1, 11),
            (1, 12),
            (9, 13),
            (6, 14),
            (14, 15),
            (7, 16),
            (11, 17),
            (2, 18),
            (7, 19),
            (12, 20),
        ];
        assert_eq!(
            moves("1 1 1 0 1 1 1 0 1 0 0 0 1 0 1 0 0 0 0 0", &second),
            vec![8, 11, 12]
        );
    }

    #[test]
    fn the_budget_and_the_size_cap_give_up() {
        let black = vec![false; 20];
        let star: Vec<(u32, u32)> = (1..20).map(|v| (0, v)).collect();
        assert_eq!(
            winning_moves(&black, &star, &Budget::new(100)),
            Err(TooBig::states(100))
        );
        let path: Vec<(u32, u32)> = (1..65).map(|v| (v - 1, v)).collect();
        assert!(winning_moves(&[true; 65], &path, &BIG).is_err());
    }
}
