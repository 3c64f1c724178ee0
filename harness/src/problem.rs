//! The central abstraction: one problem = one `impl Problem`.
//!
//! A registration ties together the instance type and its generator (gen), the
//! exact answer from the rules (brute), the fast algorithms (solvers) and the
//! judge's text formats, so the harness can generate, compare, shrink, store
//! and replay without knowing anything about the game itself.

use std::fmt::Debug;

use brute::{Budget, TooBig};
use gen::judge::Format;
use gen::Family;

/// A built-in solver: the intended algorithm, an alternative, a conjecture, or
/// a deliberately wrong variant kept to prove the harness catches it.
pub struct Solver<I, A> {
    pub name: &'static str,
    pub run: fn(&I) -> A,
    /// Run when no `--solver` is named. Wrong and experimental solvers are not.
    pub default: bool,
    /// One line for `harness list`.
    pub about: &'static str,
}

pub type SolverOf<P> = Solver<<P as Problem>::Instance, <P as Problem>::Answer>;

pub trait Problem: Send + Sync + 'static {
    type Instance: Clone + Send + Sync + Debug;
    type Answer: Clone + PartialEq + Send + Sync + Debug;
    /// The generator family: the `[gen]` table of a config.
    type Params: Family<Instance = Self::Instance>;

    /// The registry name, e.g. `christmas-game`.
    const NAME: &'static str;
    /// Judge ids it is also known by, e.g. `poj3710`.
    const ALIASES: &'static [&'static str];
    /// One line for `harness list`.
    const ABOUT: &'static str;
    /// The config in `configs/` that exercises it.
    const CONFIG: &'static str;
    /// The judge's input and output formats.
    type Judge: Format<Case = Self::Instance, Answer = Self::Answer>;

    /// A short size description such as `n=9 m=14`.
    fn size(i: &Self::Instance) -> String;

    /// The exact answer by search from the rules.
    fn brute(i: &Self::Instance, budget: &Budget) -> Result<Self::Answer, TooBig>;
    fn solvers() -> &'static [SolverOf<Self>];

    /// Whether `got` is a right answer when brute says `expected`. Problems
    /// with many valid outputs (a winning move) override this.
    fn check(_i: &Self::Instance, expected: &Self::Answer, got: &Self::Answer) -> bool {
        expected == got
    }
}

/// One answer in the judge's output format.
pub fn answer_text<P: Problem>(a: &P::Answer) -> String {
    P::Judge::write_output(std::slice::from_ref(a))
}
