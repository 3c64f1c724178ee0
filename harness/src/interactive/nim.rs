//! `nim-interactive`: Nim against the jury (protocol in
//! `gen::judge::nim_interactive`). The jury values positions with brute's Nim
//! by the rules, and beyond its reach with Bouton's XOR, as the protocol says.

use brute::{Budget, TooBig};
use gen::judge::nim_interactive;
use gen::piles::{NimParams, Piles};

use super::game::{Game, Player};
use super::moves::{pile_move, PileMove};

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
