//! `bash-game-interactive`: Bash's game against the jury. The position is
//! bash-game's format (`n k`: one pile of `n`, a move takes 1 to `k`); the
//! answer is the winning side, `First` or `Second`. The exchange is [`PROTOCOL`].

use super::nim_interactive::{against_the_jury, SIDE};
use super::{bash_game, Format, Framing, Identity};
use crate::piles::Bash;
use crate::text::{ParseError, Tokens};

/// The exchange between the jury and the player, as `harness list` shows it.
pub const PROTOCOL: &str = "\
The jury prints the position `n k`: one pile of n stones, a move takes 1 to k of them.
The player prints `First` or `Second`, the side it plays.
The players alternate, the one who chose `First` moving first. A move is a line `x`: take x
stones, 1 <= x <= min(k, pile). After each player move the jury prints its own move as `x`.
When the player to move has no move, the jury prints `0` and the game is over (the player lost
if it was its turn, won if it was the jury's); the player then exits.
An illegal or malformed move: the jury prints `-1` and the verdict is wrong answer.
The jury plays from brute (brute::piles, Bash's game by its rules).";

pub struct Judge;

impl Format for Judge {
    type Case = Bash;
    type Answer = bool;
    const ID: Identity = against_the_jury(
        "bash-game-interactive",
        "Bash's game against the jury: one pile, take 1 to k; choose a side and win",
        bash_game::Judge::ID.limits,
    );
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<Bash, ParseError> {
        bash_game::Judge::read_case(t)
    }

    fn write_case(b: &Bash, out: &mut String) {
        bash_game::Judge::write_case(b, out)
    }

    fn read_answer(_: &Bash, t: &mut Tokens) -> Result<bool, ParseError> {
        SIDE.read(t)
    }

    fn write_answer(first_wins: &bool, out: &mut String) {
        SIDE.write(*first_wins, out);
    }
}
