//! Exact answers from the rules alone, by memoized search.
//!
//! Nothing here trusts a theorem: a position's value comes from its moves.
//! The only shortcut allowed is the Sprague-Grundy theorem itself (a sum of
//! independent games has the XOR of their values).
//!
//! The engines, each a depth-first search on an explicit stack whose memo is
//! capped by a [`Budget`], and each for finite games only (no position
//! reachable from itself):
//!
//! - [`impartial::grundy`]: the Sprague-Grundy value under normal play (a
//!   player who cannot move loses) of a sum of impartial games.
//! - [`scoring::value`]: the mover's total minus the other's, when every move
//!   scores for the mover and play ends when the player to move has no move.
//! - [`winlose::wins`]: whether the player to move wins, when the game's own
//!   rule says where play ends and who has won there, and a player with no
//!   move elsewhere loses.
//! - [`minimax::value`]: the final payoff under optimal play, when Max and Min
//!   alternate and play ends when the player to move has no move; values are
//!   per position and player to move.

pub mod budget;
pub mod bunny_egg;
pub mod candy;
pub mod cards;
pub mod carrot;
pub mod combat;
pub mod dag;
pub mod election;
pub mod even_split;
pub mod hackenbush;
pub mod impartial;
mod memo;
pub mod minimax;
pub mod nullify;
pub mod octal;
pub mod piles;
pub mod scoring;
#[cfg(test)]
mod testing;
pub mod winlose;
pub mod wythoff;

pub use budget::{Budget, TooBig};
