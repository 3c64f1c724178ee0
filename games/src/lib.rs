//! The built-in problems and interactive games: one file of glue each, over
//! gen (instances and judge formats), brute (the rules) and the solvers (the
//! fast algorithms), listed once in [`CATALOG`].

pub mod interactive;
mod pictures;
pub mod problems;
mod relations;
#[cfg(test)]
mod tests;

use engine::Catalog;

/// Every problem and game: `problems/mod.rs` and `interactive/mod.rs` list one line each.
pub static CATALOG: Catalog = Catalog {
    problems: problems::PROBLEMS,
    games: interactive::GAMES,
};
