//! One registration per problem: the glue between gen, brute and solvers.

mod bash_game;
mod bunny_egg;
mod candy_piles;
mod choosing_carrot;
mod christmas_game;
mod combat_on_a_tree;
mod dag_game;
mod election_promises;
mod forest_game;
mod fox_card_game;
mod green_hackenbush;
mod jiangnan_le;
mod moore_nim;
mod nim;
mod nullify_matrix;
mod octal_game;
mod staircase_nim;
mod tree_game;
mod wythoff;

pub use bash_game::BashGame;
pub use bunny_egg::BunnyEgg;
pub use candy_piles::CandyPilesGame;
pub use choosing_carrot::ChoosingCarrot;
pub use christmas_game::ChristmasGame;
pub use combat_on_a_tree::CombatOnATree;
pub use dag_game::DagGame;
pub use election_promises::ElectionPromises;
pub use forest_game::ForestGame;
pub use fox_card_game::FoxCardGame;
pub use green_hackenbush::GreenHackenbush;
pub use jiangnan_le::JiangnanLe;
pub use moore_nim::MooreNim;
pub use nim::Nim;
pub use nullify_matrix::NullifyMatrix;
pub use octal_game::OctalGame;
pub use staircase_nim::StaircaseNim;
pub use tree_game::TreeGame;
pub use wythoff::Wythoff;

fn size_of_graph(g: &gen::Graph) -> String {
    format!("n={} m={}", g.n, g.m())
}
