//! The interactive games: each a [`Game`](engine::interactive::Game) with its
//! move syntax, brute's values and its built-in players, right and wrong.

mod moves;
#[cfg(test)]
mod testing;

use engine::interactive::{DynInteractive, Registered};

/// Declares each game's module, re-exports its type and lists it: one line per game.
macro_rules! games {
    ($($module:ident :: $game:ident),* $(,)?) => {
        $(pub mod $module;)*
        $(pub use $module::$game;)*

        /// Every interactive game.
        pub static GAMES: &[&dyn DynInteractive] = &[$(&Registered::<$game>::new()),*];
    };
}

games! {
    nim::NimInteractive,
    bash_game::BashGameInteractive,
    wythoff::WythoffInteractive,
    octal::OctalGameInteractive,
    hackenbush::GreenHackenbushInteractive,
}
