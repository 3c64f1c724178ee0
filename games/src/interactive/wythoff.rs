//! `wythoff-interactive`: Wythoff's game against the jury (protocol in
//! `gen::judge::wythoff_interactive`). The jury values positions with brute's
//! Wythoff game by the rules; a game beyond brute's budget is skipped.

use brute::wythoff::Positions;
use brute::{Budget, TooBig};
use gen::judge::wythoff_interactive;
use gen::wythoff::{Piles, WythoffParams};

use super::moves::integers;
use engine::interactive::{Game, Player};

pub struct WythoffInteractive;

/// `x` from pile 1 or 2, or with pile 3 from both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WythoffMove {
    pub pile: u8,
    pub take: u64,
}

fn first_wins(p: &Piles) -> bool {
    solvers::wythoff::first_wins(p.a, p.b)
}

/// The first move (in the jury's order) to a losing pair, else the first move.
fn to_losing(p: &Piles) -> WythoffMove {
    let moves = WythoffInteractive::moves(p);
    moves
        .iter()
        .copied()
        .find(|m| !first_wins(&WythoffInteractive::play(p, m)))
        .unwrap_or(moves[0])
}

const PLAYERS: &[Player<WythoffInteractive>] = &[
    Player {
        name: "right",
        about: "the losing pairs (floor(k phi), floor(k phi) + k) by exact integers; move onto one",
        right: true,
        first: first_wins,
        pick: to_losing,
    },
    Player {
        name: "first-move",
        about: "deliberately wrong: the right side, then the first legal move (smallest: 0 2)",
        right: false,
        first: first_wins,
        pick: |p| WythoffInteractive::moves(p)[0],
    },
    Player {
        name: "nim-side",
        about: "deliberately wrong: First iff the piles differ, as in Nim, then right (smallest: 1 1)",
        right: false,
        first: |p| p.a != p.b,
        pick: to_losing,
    },
];

impl Game for WythoffInteractive {
    type Position = Piles;
    type Move = WythoffMove;
    type Params = WythoffParams;
    type Judge = wythoff_interactive::Judge;

    const BRUTE: &'static str = "brute::wythoff";
    const PROTOCOL: &'static str = wythoff_interactive::PROTOCOL;

    fn size(p: &Piles) -> String {
        format!("a={} b={}", p.a, p.b)
    }

    fn moves(p: &Piles) -> Vec<WythoffMove> {
        let from = |pile: u8, most: u64| (1..=most).map(move |take| WythoffMove { pile, take });
        from(1, p.a).chain(from(2, p.b)).chain(from(3, p.a.min(p.b))).collect()
    }

    fn has_move(p: &Piles) -> bool {
        p.a > 0 || p.b > 0
    }

    fn play(p: &Piles, m: &WythoffMove) -> Piles {
        let (da, db) = match m.pile {
            1 => (m.take, 0),
            2 => (0, m.take),
            _ => (m.take, m.take),
        };
        Piles {
            a: p.a - da,
            b: p.b - db,
        }
    }

    fn read_move(p: &Piles, line: &str) -> Result<WythoffMove, String> {
        let v = integers(line, 2, "p x")?;
        let most = match v[0] {
            1 => p.a,
            2 => p.b,
            3 => p.a.min(p.b),
            other => return Err(format!("p is 1, 2 or 3 (both piles), not {other}")),
        };
        if v[1] < 1 || v[1] as u64 > most {
            return Err(format!(
                "the piles are {} and {}: with p = {} take 1 to {most}",
                p.a, p.b, v[0]
            ));
        }
        Ok(WythoffMove {
            pile: v[0] as u8,
            take: v[1] as u64,
        })
    }

    fn write_move(m: &WythoffMove) -> String {
        format!("{} {}", m.pile, m.take)
    }

    type Values = Result<Positions, TooBig>;

    fn values(start: &Piles, budget: &Budget) -> Self::Values {
        Positions::new(start.a, start.b, budget)
    }

    fn value(values: &mut Self::Values, p: &Piles) -> Result<u32, TooBig> {
        values.as_mut().map_err(|too_big| *too_big)?.value(p.a, p.b)
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
    use std::time::{Duration, Instant};

    fn positions() -> Vec<Piles> {
        let mut all: Vec<Piles> = (0..=6).flat_map(|a| (0..=6).map(move |b| Piles { a, b })).collect();
        all.sort_by_key(|p| (p.a + p.b, p.a));
        all
    }

    #[test]
    fn the_right_player_wins_every_small_position_and_the_wrong_ones_lose_where_stated() {
        for p in positions() {
            let o = game::<WythoffInteractive>(&p, &PLAYERS[0]);
            assert_eq!(o.result, Ruling::Accepted, "{p:?}: {}", o.message);
        }
        // By total, then a: from 0 2 the first move takes 1 and leaves the jury 0 1.
        assert_eq!(
            smallest_loss::<WythoffInteractive>("first-move", positions()),
            Some(Piles { a: 0, b: 2 })
        );
        // 1 1 is won by taking both, though the piles are equal.
        assert_eq!(
            smallest_loss::<WythoffInteractive>("nim-side", positions()),
            Some(Piles { a: 1, b: 1 })
        );
    }

    #[test]
    fn a_move_names_a_pile_or_both_and_takes_what_is_there() {
        let p = Piles { a: 2, b: 5 };
        assert_eq!(
            WythoffInteractive::read_move(&p, "3 2"),
            Ok(WythoffMove { pile: 3, take: 2 })
        );
        assert!(WythoffInteractive::read_move(&p, "3 3")
            .unwrap_err()
            .contains("take 1 to 2"));
        assert!(WythoffInteractive::read_move(&p, "4 1").is_err());
        assert!(WythoffInteractive::read_move(&p, "2 0").is_err());
    }

    #[test]
    fn the_jury_answers_at_once_at_every_size_the_format_allows() {
        let (got, took) = jury_at::<WythoffInteractive>(&Piles {
            a: 1_000_000_000,
            b: 1_000_000_000,
        });
        assert_eq!(got, Err(TooBig::states(2_000_000)));
        assert!(took < Duration::from_secs(1), "{took:?}");
        // Brute searched every option of every position afresh: a game of 100 and 100 took
        // minutes. Now one search of the start.
        for p in [Piles { a: 100, b: 100 }, Piles { a: 61, b: 99 }] {
            let began = Instant::now();
            let o = game::<WythoffInteractive>(&p, &PLAYERS[0]);
            assert_eq!(o.result, Ruling::Accepted, "{p:?}: {}", o.message);
            assert!(began.elapsed() < Duration::from_secs(5), "{p:?}: {:?}", began.elapsed());
        }
    }
}
