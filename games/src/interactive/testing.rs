//! Helpers for the games' tests: in-process games and the exhaustive search
//! for the smallest position a player loses.

use std::time::{Duration, Instant};

use brute::{Budget, TooBig};

use engine::interactive::jury::{best_moves, jury_rng, referee, Outcome, Ruling, Values};
use engine::interactive::player::InProcess;
use engine::interactive::{Game, Player};

/// One game of `pos` against a built-in player, in process, with the jury of case (0, 0).
pub fn game<G: Game>(pos: &G::Position, player: &Player<G>) -> Outcome {
    referee::<G>(
        pos,
        &mut jury_rng(0, 0),
        &Budget::new(2_000_000),
        Duration::ZERO,
        &mut InProcess::new(player),
    )
}

/// The first of `positions` (listed smallest first) that `player` does not win.
pub fn smallest_loss<G: Game>(player: &str, positions: impl IntoIterator<Item = G::Position>) -> Option<G::Position> {
    let player = G::players().iter().find(|p| p.name == player).expect("a player");
    positions
        .into_iter()
        .find(|p| game::<G>(p, player).result != Ruling::Accepted)
}

/// Every vector of `1..=max_len` values in `0..=max`, by total, then length, then lexicographically.
pub fn vectors(max_len: usize, max: u64) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    let mut level = vec![vec![]];
    for _ in 0..max_len {
        level = level
            .iter()
            .flat_map(|v: &Vec<u64>| {
                (0..=max).map(move |x| {
                    let mut w = v.clone();
                    w.push(x);
                    w
                })
            })
            .collect();
        all.extend(level.iter().cloned());
    }
    all.sort_by_key(|v| (v.iter().sum::<u64>(), v.len(), v.clone()));
    all
}

/// The jury's first steps in `start` under the configs' budget: its value, then its choice of
/// moves (the value they lead to, and how many tie), or why it gives up; and how long it took.
pub fn jury_at<G: Game>(start: &G::Position) -> (Result<(u32, u32, usize), TooBig>, Duration) {
    let began = Instant::now();
    let budget = Budget::new(2_000_000);
    let mut values = Values::<G>::new(start, &budget);
    let answer = values.of(start).and_then(|value| {
        let (best, moves) = best_moves(start, &mut values)?;
        Ok((value, best, moves.len()))
    });
    (answer, began.elapsed())
}
