//! `nim-interactive`: Nim against the jury (protocol in
//! `gen::judge::nim_interactive`). The jury values positions with brute's Nim
//! by the rules, and beyond its reach with Bouton's XOR, as the protocol says:
//! a pile is a game of its own, whose value is its size, and a position is
//! their sum (the Sprague-Grundy theorem brute trusts). There, it also finds
//! its moves by the XOR, without valuing each of the up to 10^8 moves.

use brute::piles::NimPositions;
use brute::{Budget, TooBig};
use gen::judge::nim_interactive;
use gen::piles::{NimParams, Piles};

use super::moves::{pile_move, PileMove};
use engine::interactive::game::Best;
use engine::interactive::{Game, Player};

pub struct NimInteractive;

fn nim_sum(p: &Piles) -> u64 {
    solvers::piles::nim_sum(&p.piles)
}

/// Bouton's move to XOR 0, else one stone from the first pile that has any.
fn bouton(p: &Piles) -> PileMove {
    let x = nim_sum(p);
    if x != 0 {
        if let Some(i) = p.piles.iter().position(|&a| a ^ x < a) {
            return PileMove {
                pile: i,
                take: p.piles[i] - (p.piles[i] ^ x),
            };
        }
    }
    first_stone(p)
}

fn first_stone(p: &Piles) -> PileMove {
    let i = p.piles.iter().position(|&a| a > 0).expect("a position with a move");
    PileMove { pile: i, take: 1 }
}

/// How the jury values the positions of one game.
pub enum NimValues {
    /// Brute's search of the start, which reaches every position of the game.
    Brute(Box<NimPositions>),
    /// Bouton's XOR, for a start beyond brute's reach.
    Bouton,
}

/// Bouton's choices in `p`: the moves to XOR 0, one per pile that the XOR lowers; if there are
/// none (the XOR is 0), a pile of `a` may go to any `a' < a` and leaves `a ^ a'`, at most
/// `2^b - 1` for `a` of `b` bits (by `a' = a ^ (2^b - 1)`): one move per pile of the most bits.
fn bouton_moves(p: &Piles) -> (u32, Vec<PileMove>) {
    let to = |x: u64| {
        let moves = p.piles.iter().enumerate().filter(|&(_, &a)| a ^ x < a);
        moves.map(|(pile, &a)| PileMove { pile, take: a - (a ^ x) }).collect()
    };
    let x = nim_sum(p);
    if x != 0 {
        return (0, to(x));
    }
    let bits = p.piles.iter().map(|&a| u64::BITS - a.leading_zeros()).max().unwrap_or(0);
    let most = (1u64 << bits) - 1;
    // Only the piles of the most bits drop when XORed with `most`. Piles are below 10 000.
    (most as u32, to(most))
}

const PLAYERS: &[Player<NimInteractive>] = &[
    Player {
        name: "right",
        about: "Bouton: First iff the XOR is not 0, then move to XOR 0",
        right: true,
        first: |p| nim_sum(p) != 0,
        pick: bouton,
    },
    Player {
        name: "first-move",
        about: "deliberately wrong: the right side, then one stone from the first pile (smallest: 2)",
        right: false,
        first: |p| nim_sum(p) != 0,
        pick: first_stone,
    },
    Player {
        name: "parity",
        about: "deliberately wrong: First iff the total is odd, then Bouton (smallest: 2)",
        right: false,
        first: |p| p.piles.iter().sum::<u64>() % 2 == 1,
        pick: bouton,
    },
];

impl Game for NimInteractive {
    type Position = Piles;
    type Move = PileMove;
    type Params = NimParams;
    type Judge = nim_interactive::Judge;

    const BRUTE: &'static str = "brute::piles";
    const PROTOCOL: &'static str = nim_interactive::PROTOCOL;

    fn size(p: &Piles) -> String {
        format!("n={} max={}", p.piles.len(), p.piles.iter().max().unwrap_or(&0))
    }

    fn moves(p: &Piles) -> Vec<PileMove> {
        (0..p.piles.len())
            .flat_map(|pile| (1..=p.piles[pile]).map(move |take| PileMove { pile, take }))
            .collect()
    }

    fn has_move(p: &Piles) -> bool {
        p.piles.iter().any(|&a| a > 0)
    }

    fn play(p: &Piles, m: &PileMove) -> Piles {
        let mut next = p.clone();
        next.piles[m.pile] -= m.take;
        next
    }

    fn read_move(p: &Piles, line: &str) -> Result<PileMove, String> {
        pile_move(&p.piles, line)
    }

    fn write_move(m: &PileMove) -> String {
        format!("{} {}", m.pile + 1, m.take)
    }

    type Values = NimValues;

    fn values(start: &Piles, budget: &Budget) -> NimValues {
        NimPositions::new(&start.piles, budget).map_or(NimValues::Bouton, |brute| NimValues::Brute(Box::new(brute)))
    }

    fn value(values: &mut NimValues, p: &Piles) -> Result<u32, TooBig> {
        if let NimValues::Brute(positions) = values {
            match positions.value(&p.piles) {
                Err(too_big) if !too_big.stopped => *values = NimValues::Bouton,
                valued => return valued,
            }
        }
        // Piles are below 10 000, so the XOR fits.
        Ok(nim_sum(p) as u32)
    }

    fn best_moves(values: &mut NimValues, p: &Piles) -> Result<Option<Best<PileMove>>, TooBig> {
        Ok(matches!(values, NimValues::Bouton).then(|| bouton_moves(p)))
    }

    fn players() -> &'static [Player<Self>] {
        PLAYERS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interactive::testing::{game, smallest_loss, vectors};
    use engine::interactive::game::value_of;
    use engine::interactive::jury::{best_of, best_moves, jury_move, jury_rng, referee, Ruling, Transcript, Values};
    use engine::interactive::player::Scripted;
    use sandbox::Exit;
    use sandbox::{Ending, Silence};
    use std::time::Duration;

    fn piles(v: &[u64]) -> Piles {
        Piles {
            piles: v.to_vec(),
            k: 1,
        }
    }

    fn positions() -> Vec<Piles> {
        vectors(3, 4).iter().map(|v| piles(v)).collect()
    }

    #[test]
    fn the_right_player_wins_every_small_position_and_the_wrong_ones_lose_where_stated() {
        let right = &PLAYERS[0];
        for p in positions() {
            let o = game::<NimInteractive>(&p, right);
            assert_eq!(o.result, Ruling::Accepted, "{:?}: {}", p.piles, o.message);
        }
        // Smallest: by total, then pile count. One pile of 2: taking 1 leaves the jury 1.
        assert_eq!(
            smallest_loss::<NimInteractive>("first-move", positions()),
            Some(piles(&[2]))
        );
        // One pile of 2 has an even total but the first player wins it.
        assert_eq!(
            smallest_loss::<NimInteractive>("parity", positions()),
            Some(piles(&[2]))
        );
    }

    #[test]
    fn the_jury_moves_to_a_losing_position_when_it_can_else_to_the_largest_value() {
        let budget = Budget::new(100_000);
        let mut rng = jury_rng(1, 2);
        let p = piles(&[1, 4, 7]);
        let mut values = Values::<NimInteractive>::new(&p, &budget);
        let m = jury_move(&p, &mut values, &mut rng).unwrap();
        assert_eq!(values.of(&NimInteractive::play(&p, &m)).unwrap(), 0);
        // [3, 3] is lost; the options of largest value are [0, 3] and [3, 0] (value 3).
        let p = piles(&[3, 3]);
        let mut values = Values::<NimInteractive>::new(&p, &budget);
        for seed in 0..8 {
            let m = jury_move(&p, &mut values, &mut jury_rng(seed, 0)).unwrap();
            assert_eq!(m.take, 3, "{m:?}");
        }
    }

    fn scripted(p: &Piles, lines: &[&str]) -> engine::interactive::jury::Outcome {
        let ending = Ending {
            exit: Some(Exit::Success),
            timed_out: false,
            interrupted: false,
            stderr_tail: String::new(),
            peak_rss: 0,
            elapsed: std::time::Duration::ZERO,
        };
        let mut script = Scripted::new(lines.iter().map(|l| l.to_string()).collect(), Silence::Closed, ending);
        referee::<NimInteractive>(
            p,
            &mut jury_rng(0, 0),
            &Budget::new(100_000),
            Duration::ZERO,
            &mut script,
        )
    }

    #[test]
    fn an_illegal_or_malformed_move_is_answered_minus_one_and_named_with_a_right_one() {
        for bad in ["1 5", "2 1", "1 0", "hello", "1", ""] {
            let o = scripted(&piles(&[2]), &["First", bad]);
            assert_eq!(o.result, Ruling::WrongAnswer, "{bad}: {}", o.message);
            assert!(o.message.contains(&format!("illegal move `{bad}`")), "{}", o.message);
            assert!(o.message.contains("a right move was `1 2`"), "{}", o.message);
            assert_eq!(o.transcript.0.last().unwrap().1, "-1 -1");
        }
    }

    #[test]
    fn the_side_must_be_first_or_second_and_the_output_must_last_the_game() {
        assert_eq!(scripted(&piles(&[2]), &["Third"]).result, Ruling::Protocol);
        let o = scripted(&piles(&[1, 2]), &["First"]);
        assert_eq!(o.result, Ruling::Protocol);
        assert!(o.message.contains("exited before the game was over"), "{}", o.message);
    }

    #[test]
    fn choosing_the_losing_side_loses_and_the_message_says_which_side_was_right() {
        let o = scripted(&piles(&[1, 1]), &["First", "1 1"]);
        assert_eq!(o.result, Ruling::WrongAnswer);
        assert!(o.message.contains("it chose First but Second wins"), "{}", o.message);
        assert_eq!(
            o.transcript,
            Transcript::parse("player: First\nplayer: 1 1\njury: 2 1\njury: 0 0\n").unwrap()
        );
        // A position with no move: Second wins at once.
        assert_eq!(scripted(&piles(&[0, 0]), &["Second"]).result, Ruling::Accepted);
    }

    #[test]
    fn a_transcript_line_without_its_speaker_is_an_error_naming_the_line() {
        let e = Transcript::parse("player: First\n1 1\n").unwrap_err();
        assert!(e.contains("line 2") && e.contains("`1 1`"), "{e}");
    }

    #[test]
    fn the_jury_falls_back_to_bouton_beyond_brute() {
        let big = piles(&[9_999; 40]);
        assert_eq!(value_of::<NimInteractive>(&big, &Budget::new(1000)).unwrap(), 0);
        assert_eq!(value_of::<NimInteractive>(&piles(&[5, 3]), &Budget::new(1000)).unwrap(), 6);
    }

    #[test]
    fn bouton_chooses_the_moves_brute_would() {
        // Every position of up to 3 piles of up to 9: Bouton's choices are those of the jury that
        // values every move by brute.
        let budget = Budget::new(2_000_000);
        for p in vectors(3, 9).iter().map(|v| piles(v)).filter(NimInteractive::has_move) {
            let mut brute = Values::<NimInteractive>::new(&p, &budget);
            let scored = NimInteractive::moves(&p).into_iter().map(|m| {
                let value = brute.of(&NimInteractive::play(&p, &m)).unwrap();
                (m, value)
            });
            assert_eq!(bouton_moves(&p), best_of(scored), "{:?}", p.piles);
        }
    }

    #[test]
    fn the_jury_plays_at_once_at_every_size_the_format_allows() {
        // Brute reached three piles of 60 by one search per position of every option of every
        // move: the game took minutes. Now one search of the start, or Bouton's XOR.
        let right = &PLAYERS[0];
        for p in [piles(&[20, 20, 20]), piles(&[60, 60, 60]), piles(&[60, 61, 62]), piles(&[9_998, 9_999])] {
            let began = std::time::Instant::now();
            let o = game::<NimInteractive>(&p, right);
            assert_eq!(o.result, Ruling::Accepted, "{:?}: {}", p.piles, o.message);
            assert!(began.elapsed() < Duration::from_secs(10), "{:?}: {:?}", p.piles, began.elapsed());
        }
        // The jury's moves in the format's largest positions, lost and won: one per pile.
        let budget = Budget::new(2_000_000);
        let began = std::time::Instant::now();
        let lost = piles(&[9_999; 10_000]);
        let mut values = Values::<NimInteractive>::new(&lost, &budget);
        assert_eq!(values.of(&lost), Ok(0));
        let (value, best) = best_moves(&lost, &mut values).unwrap();
        assert_eq!((value, best.len()), (16_383, 10_000));
        let won = NimInteractive::play(&lost, &best[0]);
        let (value, best) = best_moves(&won, &mut values).unwrap();
        assert_eq!((value, best.len()), (0, 9_999));
        assert!(began.elapsed() < Duration::from_secs(1), "{:?}", began.elapsed());
    }
}
