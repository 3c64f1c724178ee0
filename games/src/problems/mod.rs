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

#[cfg(test)]
mod tests {
    use gen::Family;

    use super::*;
    use engine::Problem;

    /// Brute, which follows the rules alone, keeps every relation of `P` on
    /// the small cases of its default `[gen]` table that it can search: the
    /// relations themselves are true. Returns how many pairs were compared.
    fn brute_keeps_relations<P: Problem>() -> usize {
        brute_keeps_relations_on::<P>(&P::Params::default())
    }

    /// [`brute_keeps_relations`] on the cases of `params`, for problems
    /// whose default `[gen]` table is at the judge's size.
    fn brute_keeps_relations_on<P: Problem>(params: &P::Params) -> usize {
        let options = P::BruteOptions::default();
        let budget = brute::Budget::new(100_000);
        let mut compared = 0;
        for case in 0..200 {
            let i = params.generate(&mut gen::Rng::for_case(11, case));
            for r in P::relations() {
                let Some(j) = r.related(&i) else { continue };
                let (Ok(before), Ok(after)) = (P::brute(&i, &options, &budget), P::brute(&j, &options, &budget)) else {
                    continue;
                };
                if let Err(why) = r.agrees(&i, &before, &after) {
                    panic!("relation `{}` is false on {i:?}: {why}", r.name);
                }
                compared += 1;
            }
        }
        compared
    }

    #[test]
    fn every_relation_holds_for_brute() {
        let counts = [
            ("green-hackenbush", brute_keeps_relations::<GreenHackenbush>()),
            ("tree-game", brute_keeps_relations::<TreeGame>()),
            ("christmas-game", brute_keeps_relations::<ChristmasGame>()),
            ("forest-game", brute_keeps_relations::<ForestGame>()),
            ("nim", brute_keeps_relations::<Nim>()),
            ("choosing-carrot", brute_keeps_relations::<ChoosingCarrot>()),
            ("candy-piles", brute_keeps_relations::<CandyPilesGame>()),
            ("fox-card-game", brute_keeps_relations::<FoxCardGame>()),
            ("nullify-matrix", brute_keeps_relations::<NullifyMatrix>()),
            ("combat-on-a-tree", brute_keeps_relations::<CombatOnATree>()),
            ("election-promises", brute_keeps_relations::<ElectionPromises>()),
            ("staircase-nim", brute_keeps_relations::<StaircaseNim>()),
            ("moore-nim", brute_keeps_relations::<MooreNim>()),
            ("jiangnan-le", brute_keeps_relations::<JiangnanLe>()),
            ("octal-game", brute_keeps_relations::<OctalGame>()),
            ("bunny-egg", brute_keeps_relations::<BunnyEgg>()),
            (
                "wythoff",
                brute_keeps_relations_on::<Wythoff>(&gen::wythoff::WythoffParams {
                    a: gen::SizeRange::new(0, 40),
                    b: gen::SizeRange::new(0, 40),
                    ..Default::default()
                }),
            ),
            ("bash-game", brute_keeps_relations::<BashGame>()),
            ("dag-game", brute_keeps_relations::<DagGame>()),
        ];
        for (name, compared) in counts {
            assert!(compared >= 50, "{name}: only {compared} relations compared by brute");
        }
    }
}
