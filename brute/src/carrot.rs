//! Choosing Carrot (`choosing-carrot`, CF 794E) by the rules: the
//! brute-force oracle.
//!
//! Problem: a row of carrots. Oleg and Igor alternately remove the first or
//! the last carrot until one is left, which Oleg eats: Oleg wants it as
//! juicy as possible, Igor as dry. Before the game Oleg makes `k` extra
//! moves (ordinary moves of his, one after another); then the game starts
//! with Oleg to move. Output the carrot left for every `k = 0 .. n - 1`.
//!
//! Idea: [`crate::minimax::value`], Oleg as Max, once per `k`, over
//! positions `(window [lo, hi) of the row, phase)`. The engine alternates
//! the players at every move, so Oleg's extra moves are modelled as his
//! moves each answered by a pass of Igor's, his only move in that phase:
//! `Extra(j)` (Oleg to move, `j` extra moves left) goes to `Pass(j - 1)`
//! by removing an end, `Pass(j)` goes to `Extra(j)` (or to the game proper
//! when `j = 0`) unchanged. In the game proper every end may go while two
//! or more carrots are left; the payoff is the last carrot. Nothing about
//! middles or windows: every move is tried.
//!
//! Complexity: `O(n^2)` windows per `k`, times three phases at most, so
//! `O(n^3)` positions over all `k`, searched with one memo (the game proper's
//! windows are the same for every `k`) and capped together by the [`Budget`].
//! A position numbers itself (phase, then window), so a short row's memo is an
//! array.
//!
//! Reference: Codeforces 794E, the rules.

use crate::minimax::{self, MinMax};
use crate::{Budget, TooBig};

/// Where the game is: Oleg's extra moves, or the game proper.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Phase {
    /// Oleg to make an extra move; this many (at least one) are left.
    Extra(u32),
    /// Igor passes; then Oleg has this many extra moves left.
    Pass(u32),
    /// The game proper.
    Game,
}

impl Phase {
    /// The game proper 0, `Extra(j)` `2j`, `Pass(j)` `2j + 1`: below `2n - 1` on a row of `n`
    /// (`k < n` extra moves).
    fn number(self) -> usize {
        match self {
            Phase::Game => 0,
            Phase::Extra(j) => 2 * j as usize,
            Phase::Pass(j) => 2 * j as usize + 1,
        }
    }
}

struct Carrot<'a> {
    a: &'a [u32],
}

impl MinMax for Carrot<'_> {
    type State = (u32, u32, Phase);
    type Value = u32;

    fn moves(&self, &(lo, hi, phase): &(u32, u32, Phase), out: &mut Vec<(u32, u32, Phase)>) {
        match phase {
            Phase::Extra(j) => out.extend([(lo + 1, hi, Phase::Pass(j - 1)), (lo, hi - 1, Phase::Pass(j - 1))]),
            Phase::Pass(0) => out.push((lo, hi, Phase::Game)),
            Phase::Pass(j) => out.push((lo, hi, Phase::Extra(j))),
            Phase::Game if hi - lo >= 2 => out.extend([(lo + 1, hi, Phase::Game), (lo, hi - 1, Phase::Game)]),
            Phase::Game => {}
        }
    }

    fn payoff(&self, &(lo, _, _): &(u32, u32, Phase)) -> u32 {
        self.a[lo as usize]
    }

    fn indices(&self) -> Option<usize> {
        let ends = self.a.len() + 1;
        Some((2 * self.a.len()).max(1) * ends * ends)
    }

    fn index(&self, &(lo, hi, phase): &(u32, u32, Phase)) -> usize {
        let ends = self.a.len() + 1;
        (phase.number() * ends + lo as usize) * ends + hi as usize
    }
}

/// The carrot left after `k` extra moves of Oleg's, for every `k = 0 ..
/// n - 1`, under optimal play.
///
/// Returns `Err(TooBig)` once the searches of every `k` together would
/// memoize more than `budget.max_states` (position, player) pairs.
pub fn left_for_every_k(a: &[u32], budget: &Budget) -> Result<Vec<u32>, TooBig> {
    let n = a.len() as u32;
    let phase = |k| if k == 0 { Phase::Game } else { Phase::Extra(k) };
    minimax::values(&Carrot { a }, (0..n).map(|k| ((0, n, phase(k)), true)), budget)
}

/// A carrot eaten on the principal line: Oleg's (`oleg`) or Igor's, the first of the row
/// (`first`) or the last, and its juiciness.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eaten {
    pub oleg: bool,
    pub first: bool,
    pub carrot: u32,
}

/// The carrots eaten under optimal play after `k` extra moves of Oleg's (those first), in
/// order, by [`minimax::principal_line`]: the first best move of the rules' order (the first
/// carrot before the last) where both are as good. The carrot left is the last one's payoff.
pub fn principal_line(a: &[u32], k: u32, budget: &Budget) -> Result<Vec<Eaten>, TooBig> {
    let n = a.len() as u32;
    let phase = if k == 0 { Phase::Game } else { Phase::Extra(k) };
    let line = minimax::principal_line(&Carrot { a }, (0, n, phase), true, budget)?;
    let (mut lo, mut hi, mut oleg) = (0, n, true);
    let mut eaten = Vec::new();
    for (l, h, _) in line {
        // An extra move of Oleg's is answered by Igor's pass: a move that leaves the row as it was.
        if (l, h) != (lo, hi) {
            let first = l > lo;
            let carrot = if first { a[lo as usize] } else { a[hi as usize - 1] };
            eaten.push(Eaten { oleg, first, carrot });
        }
        (lo, hi, oleg) = (l, h, !oleg);
    }
    Ok(eaten)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_principal_line_by_hand() {
        let line = |a: &[u32], k| principal_line(a, k, &Budget::new(10_000)).unwrap();
        // [3, 1, 2], k = 0: either of Oleg's moves leaves Igor the 1 to keep; the first is
        // tried first, so Oleg eats the 3, and Igor the 2.
        let eat = |oleg, first, carrot| Eaten { oleg, first, carrot };
        assert_eq!(line(&[3, 1, 2], 0), [eat(true, true, 3), eat(false, false, 2)]);
        // k = 1: Oleg's extra move eats the 2 (the last), Igor passes, and Oleg, to move in
        // [3, 1], eats the 1: the 3 is left (eating the 3 first would leave him the 2).
        assert_eq!(line(&[3, 1, 2], 1), [eat(true, false, 2), eat(true, false, 1)]);
        assert!(line(&[7], 0).is_empty());
    }

    fn left(a: &[u32]) -> Vec<u32> {
        left_for_every_k(a, &Budget::new(1_000_000)).unwrap()
    }

    #[test]
    fn by_hand() {
        // One carrot: it is left.
        assert_eq!(left(&[7]), [7]);
        // Two: Oleg removes the drier (k = 0), or eats the juicier either way.
        assert_eq!(left(&[1, 9]), [9, 9]);
        // [3, 1, 2], k = 0: Oleg leaves [1, 2] or [3, 1] to Igor, who keeps
        // the 1 either way. k = 1: Oleg's extra move leaves [1, 2] or [3, 1]
        // with Oleg to move: 2 or 3, so 3. k = 2: Oleg picks any carrot: 3.
        assert_eq!(left(&[3, 1, 2]), [1, 3, 3]);
        // [1, 2, 1]: k = 0: Igor is left [2, 1] or [1, 2] and keeps a 1.
        assert_eq!(left(&[1, 2, 1]), [1, 2, 2]);
    }

    #[test]
    fn the_judge_samples() {
        assert_eq!(left(&[1, 2, 3, 5]), [3, 3, 5, 5]);
        let g = 1_000_000_000;
        assert_eq!(left(&[g, g, g, g, 1]), [g; 5]);
    }

    #[test]
    fn extra_moves_are_oleg_s_not_alternating() {
        // [5, 1, 1, 5] with k = 2: Oleg removes two carrots himself: he
        // can leave [5, 1] or [1, 5] and then remove the 1 (5). Were the two
        // extra moves alternated (Oleg, then Igor), Igor would answer Oleg's
        // first removal by taking the other 5: [1, 1], so 1.
        assert_eq!(left(&[5, 1, 1, 5])[2], 5);
    }

    #[test]
    fn the_budget_bounds_every_k_together() {
        // On 3 carrots: k = 0 meets the window of three, two of two and three
        // single carrots (6 pairs); k = 1 its start, two windows of two for
        // Igor's pass, the same two with Oleg to move in the game proper and
        // three single carrots with Igor to move (8); k = 2 its start, two
        // windows of two for Igor's pass and again for Oleg's second move,
        // three single carrots for Igor's pass (8), and the single carrots of
        // the game proper with Oleg to move, which k = 0 already valued.
        assert!(left_for_every_k(&[3, 1, 2], &Budget::new(21)).is_err());
        assert!(left_for_every_k(&[3, 1, 2], &Budget::new(22)).is_ok());
    }

    #[test]
    fn every_position_has_its_own_number() {
        for n in 1..8u32 {
            let a = vec![1; n as usize];
            let game = Carrot { a: &a };
            // k < n extra moves: Extra(j) for 1 <= j <= k, Pass(j) for j < k.
            let phases = (1..n)
                .map(Phase::Extra)
                .chain((0..n - 1).map(Phase::Pass))
                .chain([Phase::Game]);
            let mut seen = std::collections::HashSet::new();
            for phase in phases {
                for lo in 0..=n {
                    for hi in lo..=n {
                        let i = game.index(&(lo, hi, phase));
                        assert!(i < game.indices().unwrap() && seen.insert(i), "{n} {lo} {hi} {phase:?}");
                    }
                }
            }
        }
    }

    #[test]
    #[ignore = "a measurement: run it in release with --nocapture"]
    fn reach_longest_rows() {
        for n in [50u32, 100, 150, 200, 300] {
            let mut rng = gen::Rng::from_seed(1);
            let a: Vec<u32> = (0..n).map(|_| rng.range(1, 1_000_000_000) as u32).collect();
            let clock = std::time::Instant::now();
            let got = left_for_every_k(&a, &Budget::new(50_000_000));
            println!(
                "choosing-carrot: n = {n}: {} in {:.3} s",
                if got.is_ok() { "ok" } else { "too big" },
                clock.elapsed().as_secs_f64()
            );
        }
    }
}
