//! The families' classes ([`gen::Family::class`]) against the problems'
//! metamorphic relations that only relabel, reorder or mirror an instance:
//! the related instance is the same game, so it must get the same class, and
//! its summands the same multiset.

use engine::Problem;
use gen::{Family, Rng};

use crate::problems::*;

/// The relations that change nothing but names, order or orientation.
const SYMMETRIES: [&str; 6] = ["relabel", "permute", "reverse", "swap", "transpose", "mirror"];

/// Over 300 generated instances: each symmetry relation keeps the class; returns how many
/// instances were classed.
fn symmetries_keep_the_class<P: Problem>() -> usize {
    let family = P::Params::default();
    let mut classed = 0;
    for case in 0..300 {
        let i = family.generate(&mut Rng::for_case(7, case));
        let class = family.class(&i);
        classed += usize::from(class.is_some());
        let sorted = |parts: Option<Vec<String>>| {
            parts.map(|mut p| {
                p.sort();
                p
            })
        };
        for r in P::relations().iter().filter(|r| SYMMETRIES.contains(&r.name)) {
            let Some(j) = r.related(&i) else { continue };
            assert_eq!(
                class,
                family.class(&j),
                "{}: `{}` changed the class of {i:?}",
                P::CONFIG,
                r.name
            );
            assert_eq!(
                sorted(family.summands(&i)),
                sorted(family.summands(&j)),
                "{}: `{}` changed the summands of {i:?}",
                P::CONFIG,
                r.name
            );
        }
    }
    classed
}

#[test]
fn relabelling_reordering_and_mirroring_keep_every_class() {
    // The families that remove a symmetry class most of their default instances; the others
    // (boards, staircases, one pile) none.
    assert!(symmetries_keep_the_class::<TreeGame>() == 300);
    assert!(symmetries_keep_the_class::<ForestGame>() == 300);
    assert!(symmetries_keep_the_class::<CombatOnATree>() == 300);
    assert!(symmetries_keep_the_class::<GreenHackenbush>() > 0);
    assert!(symmetries_keep_the_class::<ChristmasGame>() > 0);
    assert!(symmetries_keep_the_class::<DagGame>() > 0);
    assert!(symmetries_keep_the_class::<ElectionPromises>() > 0);
    assert!(symmetries_keep_the_class::<Wythoff>() == 300);
    assert!(symmetries_keep_the_class::<Nim>() == 300);
    assert!(symmetries_keep_the_class::<MooreNim>() == 300);
    assert!(symmetries_keep_the_class::<JiangnanLe>() == 300);
    assert!(symmetries_keep_the_class::<OctalGame>() == 300);
    assert!(symmetries_keep_the_class::<FoxCardGame>() == 300);
    assert!(symmetries_keep_the_class::<ChoosingCarrot>() == 300);
    assert!(symmetries_keep_the_class::<CandyPilesGame>() == 300);
    assert!(symmetries_keep_the_class::<NullifyMatrix>() == 300);
    assert_eq!(symmetries_keep_the_class::<StaircaseNim>(), 0);
    assert_eq!(symmetries_keep_the_class::<BashGame>(), 0);
    assert_eq!(symmetries_keep_the_class::<BunnyEgg>(), 0);
}
