//! `bash-game-interactive`: Bash's game against the jury (protocol in
//! `gen::judge::bash_game_interactive`). The jury values positions with
//! brute's Bash game by the rules; a game beyond brute's budget is skipped.

use brute::piles::BashPositions;
use brute::{Budget, TooBig};
use gen::judge::bash_game_interactive;
use gen::piles::{Bash, BashParams};

use super::moves::integers;
use engine::interactive::{Game, Player};

pub struct BashGameInteractive;

fn losing(p: &Bash) -> bool {
    solvers::piles::bash_grundy(p.n, p.k) == 0
}

/// To a multiple of k + 1 when it can, else one stone.
fn to_multiple(p: &Bash) -> u64 {
    match p.n % (p.k + 1) {
        0 => 1,
        r => r,
    }
}

const PLAYERS: &[Player<BashGameInteractive>] = &[
    Player {
        name: "right",
        about: "First iff n is not a multiple of k + 1, then back to a multiple",
        right: true,
        first: |p| !losing(p),
        pick: to_multiple,
    },
    Player {
        name: "first-move",
        about: "deliberately wrong: the right side, then always one stone (smallest: 2 2)",
        right: false,
        first: |p| !losing(p),
        pick: |_| 1,
    },
    Player {
        name: "parity",
        about: "deliberately wrong: First iff n is odd, then right (smallest: 2 2)",
        right: false,
        first: |p| p.n % 2 == 1,
        pick: to_multiple,
    },
];

impl Game for BashGameInteractive {
    type Position = Bash;
    type Move = u64;
    type Params = BashParams;
    type Judge = bash_game_interactive::Judge;

    const BRUTE: &'static str = "brute::piles";
    const PROTOCOL: &'static str = bash_game_interactive::PROTOCOL;
    const GAME_OVER: &'static str = "0";
    const REJECTED: &'static str = "-1";

    fn size(p: &Bash) -> String {
        format!("n={} k={}", p.n, p.k)
    }

    fn moves(p: &Bash) -> Vec<u64> {
        (1..=p.k.min(p.n)).collect()
    }

    fn has_move(p: &Bash) -> bool {
        p.k.min(p.n) > 0
    }

    fn play(p: &Bash, &x: &u64) -> Bash {
        Bash { n: p.n - x, k: p.k }
    }

    fn read_move(p: &Bash, line: &str) -> Result<u64, String> {
        let x = integers(line, 1, "x")?[0];
        let most = p.k.min(p.n);
        if x < 1 || x as u64 > most {
            return Err(format!("the pile has {} stones and k = {}: take 1 to {most}", p.n, p.k));
        }
        Ok(x as u64)
    }

    fn write_move(x: &u64) -> String {
        x.to_string()
    }

    type Values = Result<BashPositions, TooBig>;

    fn values(start: &Bash, budget: &Budget) -> Self::Values {
        BashPositions::new(start.n, start.k, budget)
    }

    fn value(values: &mut Self::Values, p: &Bash) -> Result<u32, TooBig> {
        values.as_mut().map_err(|too_big| *too_big)?.value(p.n)
    }

    fn players() -> &'static [Player<Self>] {
        PLAYERS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interactive::testing::{game, jury_at, smallest_loss};
    use brute::TooBig;
    use engine::interactive::jury::Ruling;
    use std::time::Duration;

    fn positions() -> Vec<Bash> {
        (0..=8).flat_map(|n| (1..=4).map(move |k| Bash { n, k })).collect()
    }

    #[test]
    fn the_right_player_wins_every_small_position_and_the_wrong_ones_lose_where_stated() {
        for p in positions() {
            let o = game::<BashGameInteractive>(&p, &PLAYERS[0]);
            assert_eq!(o.result, Ruling::Accepted, "{p:?}: {}", o.message);
        }
        // By n, then k: 2 with k = 2 is won by taking both; one leaves the jury the last.
        let two_two = Some(Bash { n: 2, k: 2 });
        assert_eq!(smallest_loss::<BashGameInteractive>("first-move", positions()), two_two);
        assert_eq!(smallest_loss::<BashGameInteractive>("parity", positions()), two_two);
    }

    #[test]
    fn a_move_takes_one_to_k_of_what_is_there() {
        let p = Bash { n: 3, k: 5 };
        assert_eq!(BashGameInteractive::read_move(&p, "3"), Ok(3));
        assert!(BashGameInteractive::read_move(&p, "4")
            .unwrap_err()
            .contains("take 1 to 3"));
        assert!(BashGameInteractive::read_move(&p, "0").is_err());
        assert!(BashGameInteractive::read_move(&p, "1 1").is_err());
    }

    #[test]
    fn the_jury_answers_at_once_at_every_size_the_format_allows() {
        // Brute searched a pile of 10^18 taking up to a million for minutes, then gave up; a game
        // brute reaches costs one search of its start.
        let huge = 1_000_000_000_000_000_000;
        for (n, k, answer) in [
            (huge, huge, Err(TooBig::states(2_000_000))),
            (huge, 1_000_000, Err(TooBig::states(2_000_000))),
            (1_000, 999, Ok((0, 999, 1))),
            (2_001, 499, Ok((1, 0, 1))),
        ] {
            let (got, took) = jury_at::<BashGameInteractive>(&Bash { n, k });
            assert_eq!(got, answer, "{n} {k}");
            assert!(took < Duration::from_secs(2), "{n} {k}: {took:?}");
        }
        let o = game::<BashGameInteractive>(&Bash { n: 2_001, k: 499 }, &PLAYERS[0]);
        assert_eq!(o.result, Ruling::Accepted, "{}", o.message);
    }
}
