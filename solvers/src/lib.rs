//! Fast algorithms at the judges' full limits, one module per problem.

pub mod bunny_egg;
pub mod candy;
pub mod cards;
pub mod carrot;
pub mod colon;
pub mod combat;
pub mod dag_game;
pub mod election;
pub mod even_split;
pub mod forest_game;
pub mod hackenbush;
pub mod nullify;
pub mod octal;
pub mod piles;
pub mod submit;
pub mod wrong;
pub mod wrong_piles;
pub mod wythoff;
