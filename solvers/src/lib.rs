//! Fast algorithms at the judges' full limits, one module per problem.

#[macro_use]
pub mod submit;

/// Declares the solver modules. Those before the `;` answer problems judged
/// online, each through its `SUBMITTED` list, which [`submit::all`] chains: a
/// new solver is one name here, and its submission sits beside its algorithm.
macro_rules! solvers {
    ($($submitting:ident),* ; $($other:ident),*) => {
        $(pub mod $submitting;)*
        $(pub mod $other;)*
        static SUBMITTED: &[&[submit::Submission]] = &[$($submitting::SUBMITTED),*];
    };
}

solvers! {
    hackenbush, colon, forest_game, wythoff, piles, even_split, octal, combat, election, cards, carrot,
    candy, bunny_egg, nullify;
    dag_game, wrong, wrong_piles
}
