//! The built-in problems and interactive games: one file of glue each, over
//! gen (instances and judge formats), brute (the rules) and the solvers (the
//! fast algorithms), listed once in [`CATALOG`].

pub mod interactive;
pub mod problems;
mod relations;
#[cfg(test)]
mod tests;

use engine::builtin::registry::Registered;
use engine::interactive::Registered as Game;
use engine::Catalog;

/// Every problem and game. One line each; everything else is read from it.
pub static CATALOG: Catalog = Catalog {
    problems: &[
        &Registered::<problems::GreenHackenbush>::new(),
        &Registered::<problems::TreeGame>::new(),
        &Registered::<problems::ChristmasGame>::new(),
        &Registered::<problems::ForestGame>::new(),
        &Registered::<problems::DagGame>::new(),
        &Registered::<problems::Wythoff>::new(),
        &Registered::<problems::BashGame>::new(),
        &Registered::<problems::Nim>::new(),
        &Registered::<problems::StaircaseNim>::new(),
        &Registered::<problems::MooreNim>::new(),
        &Registered::<problems::JiangnanLe>::new(),
        &Registered::<problems::OctalGame>::new(),
        &Registered::<problems::CombatOnATree>::new(),
        &Registered::<problems::ElectionPromises>::new(),
        &Registered::<problems::FoxCardGame>::new(),
        &Registered::<problems::ChoosingCarrot>::new(),
        &Registered::<problems::CandyPilesGame>::new(),
        &Registered::<problems::BunnyEgg>::new(),
        &Registered::<problems::NullifyMatrix>::new(),
    ],
    games: &[
        &Game::<interactive::nim::NimInteractive>::new(),
        &Game::<interactive::bash_game::BashGameInteractive>::new(),
        &Game::<interactive::wythoff::WythoffInteractive>::new(),
        &Game::<interactive::octal::OctalGameInteractive>::new(),
        &Game::<interactive::hackenbush::GreenHackenbushInteractive>::new(),
    ],
};
