//! The engine on the real games: what the engine cannot test alone, since it
//! knows no game.

mod bounds;
mod classes;
mod problem_doc;
mod registry;
mod shrink;
