//! The interactive games: each a [`Game`](engine::interactive::Game) with its
//! move syntax, brute's values and its built-in players, right and wrong.

pub mod bash_game;
pub mod hackenbush;
mod moves;
pub mod nim;
pub mod octal;
#[cfg(test)]
mod testing;
pub mod wythoff;
