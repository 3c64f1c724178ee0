//! `octal-game-interactive`: a take-and-break game by octal code against the
//! jury. The position is octal-game's format (the code, `k`, the `k` heap
//! sizes); the answer is the winning side, `First` or `Second`. The exchange
//! is [`PROTOCOL`].

use super::nim_interactive::{against_the_jury, SIDE};
use super::{octal_game, Format, Framing, Identity};
use crate::octal::OctalPosition;
use crate::text::{ParseError, Tokens};

/// The exchange between the jury and the player, as `harness list` shows it.
pub const PROTOCOL: &str = "\
The jury prints the position: the code (`0.77`), `k`, then the k heap sizes (heaps 1 to k).
The player prints `First` or `Second`, the side it plays.
The players alternate, the one who chose `First` moving first. A move is a line `i t a`: take
t tokens from heap i and leave its rest r as two heaps, a and r - a (0 <= a <= r; a heap of 0 is
none). Digit d_t of the code allows it: bit 1 when nothing is left, bit 2 when one nonempty heap
is, bit 4 when two are. Heap i becomes a and r - a is appended as heap k + 1, k + 2, ... (empty
heaps keep their numbers). After each player move the jury prints its own move as `i t a`.
When the player to move has no move, the jury prints `0 0 0` and the game is over (the player
lost if it was its turn, won if it was the jury's); the player then exits.
An illegal or malformed move: the jury prints `-1 -1 -1` and the verdict is wrong answer.
The jury plays from brute (brute::octal, the code's moves by its rules, heaps as a sum); where
brute cannot reach a position it values it with the fast solver (solvers::octal).";

pub struct Judge;

impl Format for Judge {
    type Case = OctalPosition;
    type Answer = bool;
    const ID: Identity = against_the_jury(
        "octal-game-interactive",
        "an octal game (Kayles 0.77, Dawson's chess 0.137) against the jury: choose a side and win",
        octal_game::Judge::ID.limits,
    );
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<OctalPosition, ParseError> {
        octal_game::Judge::read_case(t)
    }

    fn write_case(g: &OctalPosition, out: &mut String) {
        octal_game::Judge::write_case(g, out)
    }

    fn read_answer(_: &OctalPosition, t: &mut Tokens) -> Result<bool, ParseError> {
        SIDE.read(t)
    }

    fn write_answer(first_wins: &bool, out: &mut String) {
        SIDE.write(*first_wins, out);
    }
}
