//! `nim-interactive`: Nim played against the jury. The position is nim's
//! one-case format (`n`, then the `n` pile sizes); the answer is the side
//! that wins it, `First` or `Second`, which is what the player must choose.
//! The whole exchange is [`PROTOCOL`].
//!
//! Limits: nim's (`1 <= n <= 10 000`, `0 <= a < 10 000`).

use super::nim::{MAX_A, MAX_N};
use super::{Format, Framing, Identity, Resources, Winner};
use crate::piles::Piles;
use crate::text::{ParseError, Tokens};

/// The exchange between the jury and the player, as `harness list` shows it.
pub const PROTOCOL: &str = "\
The jury prints the position: `n` on a line, then the n pile sizes.
The player prints `First` or `Second`, the side it plays.
The players alternate, the one who chose `First` moving first. The player's move is a line
`i x`: take x >= 1 stones from pile i (1-based). After each player move the jury prints its own
move as `i x`. When the player to move has no move, the jury prints `0 0` and the game is over
(the player lost if it was its turn, won if it was the jury's); the player then exits.
An illegal or malformed move: the jury prints `-1 -1` and the verdict is wrong answer.
The jury plays from brute (brute::piles, Nim by its rules); where brute cannot reach a position
(over its budget or 32 piles), it values it by Bouton's XOR of the piles.";

/// How the answer (the winning side) is spelled: the player's first line.
pub const SIDE: Winner = Winner {
    field: "side",
    first: "First",
    second: "Second",
};

/// The identity every game against the jury shares but its name, line and bounds: not judged
/// online (`solve` has no such mode), the usual interactive limits of 2 s and 256 MiB, and no
/// promise beyond the bounds.
pub const fn against_the_jury(
    name: &'static str,
    about: &'static str,
    limits: &'static [(&'static str, u64)],
) -> Identity {
    Identity {
        name,
        aliases: &[],
        about,
        limits,
        submitted: false,
        judge: Resources {
            time_ms: 2000,
            memory_mib: 256,
            stack: super::Stack::Unknown,
        },
        guarantee: "",
    }
}

pub struct Judge;

impl Format for Judge {
    type Case = Piles;
    type Answer = bool;
    const ID: Identity = against_the_jury(
        "nim-interactive",
        "Nim against the jury: choose First or Second, then take stones and win",
        &[("n", MAX_N as u64), ("a", MAX_A)],
    );
    const FRAMING: Framing = Framing::Single;

    /// The position in nim's one-case format, read and written as nim's.
    fn read_case(t: &mut Tokens) -> Result<Piles, ParseError> {
        <super::nim::Judge as Format>::read_case(t)
    }

    fn write_case(p: &Piles, out: &mut String) {
        <super::nim::Judge as Format>::write_case(p, out)
    }

    fn read_answer(_: &Piles, t: &mut Tokens) -> Result<bool, ParseError> {
        SIDE.read(t)
    }

    fn write_answer(first_wins: &bool, out: &mut String) {
        SIDE.write(*first_wins, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_reads_and_writes_back_and_bad_ones_name_the_field() {
        let cases = Judge::read_input("3\n1 2 3\n").unwrap();
        assert_eq!(cases[0].piles, vec![1, 2, 3]);
        assert_eq!(Judge::write_input(&cases), "3\n1 2 3\n");
        assert!(Judge::read_input("2\n1 10000\n")
            .unwrap_err()
            .to_string()
            .contains("pile 2"));
        assert!(Judge::read_input("1\n1\n1\n1\n").is_err());
        assert_eq!(Judge::read_output(&cases, "Second\n").unwrap(), vec![false]);
    }
}
