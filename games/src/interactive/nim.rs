//! `nim-interactive`: Nim against the jury (protocol in
//! `gen::judge::nim_interactive`). The jury values positions with brute's Nim
//! by the rules, and beyond its reach with Bouton's XOR, as the protocol says.

use brute::{Budget, TooBig};
use gen::judge::nim_interactive;
use gen::piles::{NimParams, Piles};

use super::moves::{pile_move, PileMove};
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

    fn value(p: &Piles, budget: &Budget) -> Result<u32, TooBig> {
        // Piles are below 10 000, so the XOR fits.
        brute::piles::nim(&p.piles, budget).or_else(|_| Ok(nim_sum(p) as u32))
    }

    fn players() -> &'static [Player<Self>] {
        PLAYERS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interactive::testing::{game, smallest_loss, vectors};
    use engine::interactive::jury::{jury_move, jury_rng, referee, Ruling, Transcript, Values};
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
        let mut values = Values::new(&budget);
        let mut rng = jury_rng(1, 2);
        let p = piles(&[1, 4, 7]);
        let m = jury_move::<NimInteractive>(&p, &NimInteractive::moves(&p), &mut values, &mut rng).unwrap();
        assert_eq!(values.of::<NimInteractive>(&NimInteractive::play(&p, &m)).unwrap(), 0);
        // [3, 3] is lost; the options of largest value are [0, 3] and [3, 0] (value 3).
        let p = piles(&[3, 3]);
        for seed in 0..8 {
            let m = jury_move::<NimInteractive>(&p, &NimInteractive::moves(&p), &mut values, &mut jury_rng(seed, 0))
                .unwrap();
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
        assert_eq!(NimInteractive::value(&big, &Budget::new(1000)).unwrap(), 0);
        assert_eq!(NimInteractive::value(&piles(&[5, 3]), &Budget::new(1000)).unwrap(), 6);
    }
}
