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
    /// The position after a legal move.
    fn play(p: &Self::Position, m: &Self::Move) -> Self::Position;
    /// Reads a move line; why not when it is malformed or breaks the rules.
    fn read_move(p: &Self::Position, line: &str) -> Result<Self::Move, String>;
    /// A move as a line, without its line break.
    fn write_move(m: &Self::Move) -> String;
    /// The position's Sprague-Grundy value, from brute (and where the protocol
    /// says so, from the fast theory beyond brute's reach).
    fn value(p: &Self::Position, budget: &Budget) -> Result<u32, TooBig>;
    /// The built-in players, right ones first.
    fn players() -> &'static [Player<Self>];

    /// What the jury's value cache tells positions apart by: their text.
    fn key(p: &Self::Position) -> String {
        Self::Judge::write_input(std::slice::from_ref(p))
    }

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
