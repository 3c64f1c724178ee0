//! The smallest test set that still kills every killed wrong solution.
//!
//! Problem: given which tests kill which wrong solutions, choose few tests
//! such that every wrong solution some test kills is killed by `times` of the
//! chosen ones (or by all its killers, when it has fewer), keeping the tests
//! that must stay (the judge's samples, the maximal tests).
//!
//! Idea: set cover, greedily: the kept tests first, then repeatedly the test
//! that serves the most wrong solutions still short of `times` kills, the
//! earliest on a tie (so the choice is deterministic). Greedy is within a
//! factor ln(m) + 1 of the optimum for m wrong solutions, and exact set cover
//! is NP-hard; test sets are small enough that the factor does not matter.
//!
//! Complexity: O(picks * tests * solutions).
//!
//! Reference: Chvátal, "A greedy heuristic for the set-covering problem",
//! Mathematics of Operations Research 4(3), 1979.

/// The tests to keep, in their order: every `keep`, then greedy picks, so that each wrong
/// solution is killed by `min(times, its killers)` of them. `kills[t][s]`: test `t` kills
/// wrong solution `s`.
pub fn cover(kills: &[Vec<bool>], keep: &[bool], times: usize) -> Vec<usize> {
    let solutions = kills.first().map_or(0, Vec::len);
    let killers = |s: usize| kills.iter().filter(|row| row[s]).count();
    let mut need: Vec<usize> = (0..solutions).map(|s| killers(s).min(times)).collect();
    let mut chosen = vec![false; kills.len()];
    let take = |t: usize, chosen: &mut [bool], need: &mut [usize]| {
        chosen[t] = true;
        for (s, n) in need.iter_mut().enumerate() {
            if kills[t][s] {
                *n = n.saturating_sub(1);
            }
        }
    };
    for t in (0..kills.len()).filter(|&t| keep[t]) {
        take(t, &mut chosen, &mut need);
    }
    loop {
        let gain = |t: usize| (0..solutions).filter(|&s| kills[t][s] && need[s] > 0).count();
        let best = (0..kills.len())
            .filter(|&t| !chosen[t])
            .map(|t| (gain(t), t))
            .filter(|&(g, _)| g > 0)
            // The largest gain; the earliest test on a tie.
            .min_by_key(|&(g, t)| (std::cmp::Reverse(g), t));
        match best {
            Some((_, t)) => take(t, &mut chosen, &mut need),
            None => break,
        }
    }
    (0..kills.len()).filter(|&t| chosen[t]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(text: &[&str]) -> Vec<Vec<bool>> {
        text.iter().map(|r| r.chars().map(|c| c == 'x').collect()).collect()
    }

    #[test]
    fn one_test_killing_everything_replaces_many() {
        let kills = rows(&["x..", ".x.", "..x", "xxx"]);
        assert_eq!(cover(&kills, &[false; 4], 1), vec![3]);
    }

    #[test]
    fn kept_tests_stay_and_count() {
        let kills = rows(&["x..", ".x.", "..x", "xxx"]);
        assert_eq!(cover(&kills, &[true, false, false, false], 1), vec![0, 3]);
    }

    #[test]
    fn twice_asks_a_second_killer_where_there_is_one() {
        // Solution 2 has one killer only: it is killed once, not refused.
        let kills = rows(&["xx.", "x..", ".xx", "..."]);
        let chosen = cover(&kills, &[false; 4], 2);
        assert_eq!(chosen, vec![0, 1, 2]);
        for s in 0..3 {
            let killers = kills.iter().filter(|row| row[s]).count();
            let kept = chosen.iter().map(|&t| &kills[t]).filter(|row| row[s]).count();
            assert_eq!(kept, killers.min(2), "solution {s}");
        }
    }

    #[test]
    fn a_solution_no_test_kills_asks_for_nothing() {
        let kills = rows(&["x.", "x."]);
        assert_eq!(cover(&kills, &[false; 2], 1), vec![0]);
    }
}
