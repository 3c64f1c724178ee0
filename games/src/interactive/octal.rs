//! `octal-game-interactive`: a take-and-break game by octal code against the
//! jury (protocol in `gen::judge::octal_game_interactive`). The jury values
//! positions with brute's octal games by the rules, and beyond its reach with
//! the fast solver, as the protocol says: a table of the heaps' values, XORed
//! (the heaps are a sum). The solver reaches further only where it proves the
//! code's period within brute's budget (Kayles, Dawson's chess); a code without
//! a short period costs it what it costs brute, and such a game is skipped.
//! Beyond brute, the jury values the moves of a position from the table, as
//! many as the budget allows; a position with more is skipped.

use brute::octal::Positions;
use brute::{Budget, TooBig};
use gen::judge::octal_game_interactive;
use gen::octal::{OctalParams, OctalPosition, LEAVE_NONE, LEAVE_ONE, LEAVE_TWO};

use super::moves::integers;
use engine::interactive::game::Best;
use engine::interactive::jury::best_of;
use engine::interactive::{Game, Player};

pub struct OctalGameInteractive;

/// Take `take` from heap `heap` (0-based inside), leaving `left` there and the rest as a new heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OctalMove {
    pub heap: usize,
    pub take: u32,
    pub left: u32,
}

/// Whether digit `d` allows leaving the heaps `a` and `b` (0 is no heap).
fn allows(d: u8, a: u32, b: u32) -> bool {
    let bit = match (a > 0) as u8 + (b > 0) as u8 {
        0 => LEAVE_NONE,
        1 => LEAVE_ONE,
        _ => LEAVE_TWO,
    };
    d & bit != 0
}

fn value(p: &OctalPosition) -> u32 {
    solvers::octal::grundy(p)
}

/// How the jury values the positions of one game.
pub enum OctalValues {
    /// Brute's search of the start, which reaches every position of the game.
    Brute(Box<Positions>),
    /// The fast solver's values of the heap sizes up to the largest, for a start beyond brute's
    /// reach; the jury values at most `max_moves` moves of a position.
    Solver {
        g: solvers::octal::Values,
        max_moves: usize,
    },
}

impl OctalValues {
    /// The solver's values of the heaps up to the largest of `p`: computed up to 64, 128, ...
    /// sizes until a period is proven or the largest is reached, each step within `budget` as
    /// brute counts work (the solver's worst case).
    fn solver(p: &OctalPosition, budget: &Budget) -> Result<OctalValues, TooBig> {
        let largest = p.heaps.iter().copied().max().unwrap_or(0);
        let mut up_to = largest.min(64);
        loop {
            if brute::octal::work(&p.code, up_to) > budget.max_states as u128 {
                return Err(TooBig::states(budget.max_states));
            }
            let g = solvers::octal::Values::compute(&p.code, up_to as usize);
            if up_to == largest || g.period().is_some() {
                return Ok(OctalValues::Solver {
                    g,
                    max_moves: budget.max_states,
                });
            }
            up_to = largest.min(2 * up_to);
        }
    }
}

/// How many moves `p` has, without listing them: from a heap of `h`, taking `t` leaves `r`,
/// as nothing (`r = 0`), one heap, or two in `floor(r / 2)` ways, as digit `t` allows.
fn move_count(p: &OctalPosition) -> u128 {
    let digits = p.code.digits().len() as u32;
    let from = |h: u32| {
        (1..=h.min(digits)).map(move |t| {
            let (d, rest) = (p.code.digit(t as usize), u128::from(h - t));
            let none = rest == 0 && d & LEAVE_NONE != 0;
            let one = rest > 0 && d & LEAVE_ONE != 0;
            u128::from(none) + u128::from(one) + if d & LEAVE_TWO != 0 { rest / 2 } else { 0 }
        })
    };
    p.heaps.iter().flat_map(|&h| from(h)).sum()
}

/// The first move (in the jury's order) to value 0, else the first move.
fn to_zero(p: &OctalPosition) -> OctalMove {
    let moves = OctalGameInteractive::moves(p);
    moves
        .iter()
        .copied()
        .find(|m| value(&OctalGameInteractive::play(p, m)) == 0)
        .unwrap_or(moves[0])
}

const PLAYERS: &[Player<OctalGameInteractive>] = &[
    Player {
        name: "right",
        about: "the fast solver's values (periods where proven): First iff not 0, then to 0",
        right: true,
        first: |p| value(p) != 0,
        pick: to_zero,
    },
    Player {
        name: "first-move",
        about: "deliberately wrong: the right side, then the first legal move (smallest, Kayles: 2)",
        right: false,
        first: |p| value(p) != 0,
        pick: |p| OctalGameInteractive::moves(p)[0],
    },
    Player {
        name: "parity",
        about: "deliberately wrong: First iff the tokens are odd, then right (smallest, Kayles: 2)",
        right: false,
        first: |p| p.heaps.iter().map(|&h| h as u64).sum::<u64>() % 2 == 1,
        pick: to_zero,
    },
];

impl Game for OctalGameInteractive {
    type Position = OctalPosition;
    type Move = OctalMove;
    type Params = OctalParams;
    type Judge = octal_game_interactive::Judge;

    const BRUTE: &'static str = "brute::octal";
    const PROTOCOL: &'static str = octal_game_interactive::PROTOCOL;
    const GAME_OVER: &'static str = "0 0 0";
    const REJECTED: &'static str = "-1 -1 -1";

    fn size(p: &OctalPosition) -> String {
        format!(
            "code={} k={} max={}",
            p.code,
            p.heaps.len(),
            p.heaps.iter().max().unwrap_or(&0)
        )
    }

    /// Each split once: the larger part stays, the smaller is appended.
    fn moves(p: &OctalPosition) -> Vec<OctalMove> {
        let mut out = Vec::new();
        for (heap, &h) in p.heaps.iter().enumerate() {
            for take in 1..=h.min(p.code.digits().len() as u32) {
                let d = p.code.digit(take as usize);
                let rest = h - take;
                for left in (rest.div_ceil(2)..=rest).rev() {
                    if allows(d, left, rest - left) {
                        out.push(OctalMove { heap, take, left });
                    }
                }
            }
        }
        out
    }

    fn has_move(p: &OctalPosition) -> bool {
        move_count(p) > 0
    }

    fn play(p: &OctalPosition, m: &OctalMove) -> OctalPosition {
        let mut next = p.clone();
        let rest = next.heaps[m.heap] - m.take;
        next.heaps[m.heap] = m.left;
        if rest > m.left {
            next.heaps.push(rest - m.left);
        }
        next
    }

    fn read_move(p: &OctalPosition, line: &str) -> Result<OctalMove, String> {
        let v = integers(line, 3, "i t a")?;
        let (i, t, a) = (v[0], v[1], v[2]);
        if i < 1 || i as u64 > p.heaps.len() as u64 {
            return Err(format!("there is no heap {i}: heaps are 1 to {}", p.heaps.len()));
        }
        let h = p.heaps[(i - 1) as usize] as i64;
        if t < 1 || t > h {
            return Err(format!("heap {i} has {h} tokens: take 1 to {h}"));
        }
        let rest = h - t;
        if a < 0 || a > rest {
            return Err(format!("taking {t} from heap {i} leaves {rest}: a is 0 to {rest}"));
        }
        let d = p.code.digit(t as usize);
        if !allows(d, a as u32, (rest - a) as u32) {
            return Err(format!(
                "code {} has digit {d} for taking {t}: it does not allow leaving heaps {a} and {}",
                p.code,
                rest - a
            ));
        }
        Ok(OctalMove {
            heap: (i - 1) as usize,
            take: t as u32,
            left: a as u32,
        })
    }

    fn write_move(m: &OctalMove) -> String {
        format!("{} {} {}", m.heap + 1, m.take, m.left)
    }

    type Values = Result<OctalValues, TooBig>;

    fn values(start: &OctalPosition, budget: &Budget) -> Self::Values {
        match Positions::new(&start.code, &start.heaps, budget) {
            Ok(positions) => Ok(OctalValues::Brute(Box::new(positions))),
            Err(_) => OctalValues::solver(start, budget),
        }
    }

    fn value(values: &mut Self::Values, p: &OctalPosition) -> Result<u32, TooBig> {
        if let Ok(OctalValues::Brute(positions)) = values {
            match positions.value(&p.heaps) {
                // Brute's memory ran out: the solver takes over, as beyond brute's reach.
                Err(too_big) if !too_big.stopped => *values = OctalValues::solver(p, &Budget::new(too_big.max_states)),
                valued => return valued,
            }
        }
        match values {
            Ok(OctalValues::Solver { g, .. }) => Ok(p.heaps.iter().fold(0, |acc, &h| acc ^ g.get(h as usize))),
            Ok(OctalValues::Brute(_)) => unreachable!("brute's values are returned above"),
            Err(too_big) => Err(*too_big),
        }
    }

    fn best_moves(values: &mut Self::Values, p: &OctalPosition) -> Result<Option<Best<OctalMove>>, TooBig> {
        let OctalValues::Solver { g, max_moves } = values.as_mut().map_err(|too_big| *too_big)? else {
            return Ok(None);
        };
        if move_count(p) > *max_moves as u128 {
            return Err(TooBig::states(*max_moves));
        }
        // An option's value is the position's with heap h replaced by its parts.
        let g = |h: u32| g.get(h as usize);
        let x = p.heaps.iter().fold(0, |acc, &h| acc ^ g(h));
        let scored = Self::moves(p).into_iter().map(|m| {
            let h = p.heaps[m.heap];
            let value = x ^ g(h) ^ g(m.left) ^ g(h - m.take - m.left);
            (m, value)
        });
        Ok(Some(best_of(scored)))
    }

    fn players() -> &'static [Player<Self>] {
        PLAYERS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interactive::testing::{game, jury_at, smallest_loss, vectors};
    use brute::TooBig;
    use engine::interactive::jury::Ruling;
    use gen::octal::OctalCode;
    use std::time::Duration;

    fn positions(code: &str) -> Vec<OctalPosition> {
        vectors(2, 5)
            .into_iter()
            .map(|v| OctalPosition {
                code: OctalCode::parse(code).unwrap(),
                heaps: v.iter().map(|&h| h as u32).collect(),
            })
            .collect()
    }

    fn heaps(code: &str, h: &[u32]) -> Option<OctalPosition> {
        Some(OctalPosition {
            code: OctalCode::parse(code).unwrap(),
            heaps: h.to_vec(),
        })
    }

    #[test]
    fn the_right_player_wins_every_small_position_and_the_wrong_ones_lose_where_stated() {
        for code in ["0.77", "0.137", "0.07", "0.4"] {
            for p in positions(code) {
                let o = game::<OctalGameInteractive>(&p, &PLAYERS[0]);
                assert_eq!(o.result, Ruling::Accepted, "{code} {:?}: {}", p.heaps, o.message);
            }
        }
        // Kayles: a heap of 2 is won by taking both; taking one leaves the jury one.
        assert_eq!(
            smallest_loss::<OctalGameInteractive>("first-move", positions("0.77")),
            heaps("0.77", &[2])
        );
        assert_eq!(
            smallest_loss::<OctalGameInteractive>("parity", positions("0.77")),
            heaps("0.77", &[2])
        );
        // Dawson's chess: one token goes only from a heap of 1, so the first move from 3 takes 2.
        assert_eq!(
            smallest_loss::<OctalGameInteractive>("first-move", positions("0.137")),
            heaps("0.137", &[3])
        );
        assert_eq!(
            smallest_loss::<OctalGameInteractive>("parity", positions("0.137")),
            heaps("0.137", &[2])
        );
    }

    #[test]
    fn a_move_follows_the_codes_digit() {
        let kayles = heaps("0.77", &[5, 1]).unwrap();
        let m = OctalGameInteractive::read_move(&kayles, "1 1 2").unwrap();
        assert_eq!(OctalGameInteractive::play(&kayles, &m).heaps, [2, 1, 2]);
        assert!(OctalGameInteractive::read_move(&kayles, "1 3 0")
            .unwrap_err()
            .contains("digit 0 for taking 3"));
        let dawson = heaps("0.137", &[5]).unwrap();
        // d1 = 1: one token only from a heap of exactly 1.
        assert!(OctalGameInteractive::read_move(&dawson, "1 1 4")
            .unwrap_err()
            .contains("digit 1"));
        assert!(OctalGameInteractive::read_move(&dawson, "1 2 3").is_ok());
        assert!(OctalGameInteractive::read_move(&dawson, "1 2 4")
            .unwrap_err()
            .contains("a is 0 to 3"));
        assert!(OctalGameInteractive::read_move(&dawson, "2 1 0")
            .unwrap_err()
            .contains("no heap 2"));
    }

    #[test]
    fn the_jury_answers_at_once_at_every_size_the_format_allows() {
        let at = |code: &str, heaps: Vec<u32>| {
            let (got, took) = jury_at::<OctalGameInteractive>(&heaps_of(code, heaps));
            assert!(took < Duration::from_secs(2), "{code}: {took:?}");
            got
        };
        let skipped = Err(TooBig::states(2_000_000));
        // Kayles is periodic from 71: one heap of a million has a million moves, valued from the
        // table; a hundred thousand such heaps have too many.
        let (value, _, _) = at("0.77", vec![1_000_000]).unwrap();
        assert_eq!(value, solvers::octal::grundy(&heaps_of("0.77", vec![1_000_000])));
        assert_eq!(at("0.77", vec![1_000_000; 100_000]), skipped);
        // No period in sight: the solver would take minutes (0.6, 0.1234), or prove it too late
        // (0.16, at half a million): skipped.
        for code in ["0.6", "0.1234", "0.16"] {
            assert_eq!(at(code, vec![1_000_000]), skipped, "{code}");
        }
        // Within brute's reach, brute's search of the start.
        assert!(at("0.137", vec![500]).is_ok());
    }

    /// The position of `code` with `heaps`.
    fn heaps_of(code: &str, heaps: Vec<u32>) -> OctalPosition {
        OctalPosition {
            code: OctalCode::parse(code).unwrap(),
            heaps,
        }
    }
}
