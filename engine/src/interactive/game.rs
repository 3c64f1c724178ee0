//! What an interactive problem is: a game the jury plays against a player,
//! and the built-in players that play it.

use std::fmt::Debug;

use brute::{Budget, TooBig};
use gen::judge::Format;
use gen::Family;

/// One interactive problem: an impartial game under normal play (the player
/// with no move loses), its position's text (the jury's first message), its
/// move syntax, and its values.
pub trait Game: Sized + Send + Sync + 'static {
    type Position: Clone + Send + Sync + Debug;
    type Move: Clone + Debug + PartialEq;
    /// The generator family: the `[gen]` table of a config.
    type Params: Family<Instance = Self::Position>;
    /// The position's text (one case) and the winning side's (`First`/`Second`); the identity.
    type Judge: Format<Case = Self::Position, Answer = bool>;

    /// The config `--config <problem name>` runs.
    const CONFIG: &'static str = <Self::Judge as Format>::ID.name;
    /// The module that states the game's rules for brute, e.g. `brute::piles`.
    const BRUTE: &'static str;
    /// The exchange, written down for players (the judge module's `PROTOCOL`).
    const PROTOCOL: &'static str;
    /// What the jury prints when the player to move has no move: a move's shape, all zeros.
    const GAME_OVER: &'static str = "0 0";
    /// What the jury prints to an illegal or malformed move: a move's shape, all -1.
    const REJECTED: &'static str = "-1 -1";

    /// A short size description such as `n=3`.
    fn size(p: &Self::Position) -> String;
    /// Every legal move, in a fixed order: the jury's seeded choices index into it.
    fn moves(p: &Self::Position) -> Vec<Self::Move>;
    /// Whether the player to move has a move, without listing them (there may be billions).
    fn has_move(p: &Self::Position) -> bool {
        !Self::moves(p).is_empty()
    }
    /// The position after a legal move.
    fn play(p: &Self::Position, m: &Self::Move) -> Self::Position;
    /// Reads a move line; why not when it is malformed or breaks the rules.
    fn read_move(p: &Self::Position, line: &str) -> Result<Self::Move, String>;
    /// A move as a line, without its line break.
    fn write_move(m: &Self::Move) -> String;
    /// Brute's search over the positions of one game (every one reachable from its start), kept
    /// from the start to the end, or the theory the protocol names where brute cannot reach the
    /// start within its budget. The jury values every option of every position it meets: one
    /// search of the start bounds that work, and a game brute cannot reach within the budget is
    /// given up (skipped) at once, never searched move by move.
    type Values;
    /// The values of the positions of games from `start`, within `budget`.
    fn values(start: &Self::Position, budget: &Budget) -> Self::Values;
    /// The Sprague-Grundy value of `p`, a position reachable from the start `values` was made
    /// for.
    fn value(values: &mut Self::Values, p: &Self::Position) -> Result<u32, TooBig>;
    /// Where the theory values a game: the moves of `p` the jury chooses among (those to value 0
    /// if any, else those to the largest value, in [`Game::moves`] order) and that value, found
    /// without valuing every move. `None`, the default: the jury values every move.
    fn best_moves(_values: &mut Self::Values, _p: &Self::Position) -> Result<Option<Best<Self::Move>>, TooBig> {
        Ok(None)
    }
    /// The built-in players, right ones first.
    fn players() -> &'static [Player<Self>];

    /// The position as one line for messages: its text with ` / ` for line breaks.
    fn shown(p: &Self::Position) -> String {
        Self::Judge::write_input(std::slice::from_ref(p))
            .trim_end()
            .replace('\n', " / ")
    }
}

/// A built-in player: the right strategy, or a deliberately wrong one that the
/// jury must beat.
pub struct Player<G: Game> {
    pub name: &'static str,
    /// One line for `harness list`, naming the smallest position it loses.
    pub about: &'static str,
    /// Plays perfectly: it must win every game.
    pub right: bool,
    /// Whether it chooses to move first.
    pub first: fn(&G::Position) -> bool,
    /// Its move in a position that has one.
    pub pick: fn(&G::Position) -> G::Move,
}

/// The moves the jury chooses among in a position, in [`Game::moves`] order, and the value they
/// lead to.
pub type Best<M> = (u32, Vec<M>);

/// The value of `p` alone: its own start, within `budget`.
pub fn value_of<G: Game>(p: &G::Position, budget: &Budget) -> Result<u32, TooBig> {
    G::value(&mut G::values(p, budget), p)
}
