//! One registration per problem: the glue between gen, brute and solvers.

use engine::builtin::registry::{DynProblem, Registered};

/// Declares each problem's module, re-exports its type and lists it, in the order `harness list`
/// shows them: one line per problem.
macro_rules! problems {
    ($($module:ident :: $problem:ident),* $(,)?) => {
        $(mod $module;)*
        $(pub use $module::$problem;)*

        /// Every built-in problem.
        pub static PROBLEMS: &[&dyn DynProblem] = &[$(&Registered::<$problem>::new()),*];
    };
}

problems! {
    green_hackenbush::GreenHackenbush,
    tree_game::TreeGame,
    christmas_game::ChristmasGame,
    forest_game::ForestGame,
    dag_game::DagGame,
    wythoff::Wythoff,
    bash_game::BashGame,
    nim::Nim,
    staircase_nim::StaircaseNim,
    moore_nim::MooreNim,
    jiangnan_le::JiangnanLe,
    octal_game::OctalGame,
    combat_on_a_tree::CombatOnATree,
    election_promises::ElectionPromises,
    fox_card_game::FoxCardGame,
    choosing_carrot::ChoosingCarrot,
    candy_piles::CandyPilesGame,
    bunny_egg::BunnyEgg,
    nullify_matrix::NullifyMatrix,
}

fn size_of_graph(g: &gen::Graph) -> String {
    format!("n={} m={}", g.n, g.m())
}

/// A case that is itself one point of a value table (`Problem::table_points`): its value of
/// each key, read by `of` (`None` for a key it has not), in the order of `keys`.
fn the_case_as_a_point<I: Copy>(i: &I, keys: &[&str], of: impl Fn(&str) -> Option<u64>) -> Option<Vec<(Vec<i64>, I)>> {
    let at = (keys.iter())
        .map(|&key| of(key).and_then(|v| i64::try_from(v).ok()))
        .collect::<Option<Vec<i64>>>()?;
    Some(vec![(at, *i)])
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
