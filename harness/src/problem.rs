//! The central abstraction: one problem = one `impl Problem`.
//!
//! A registration ties together the instance type and its generator (gen), the
//! exact answer from the rules (brute), the fast algorithms (solvers) and the
//! judge's text formats, so the harness can generate, compare, shrink, store
//! and replay without knowing anything about the game itself.

use std::fmt::Debug;

use brute::{Budget, TooBig};
use gen::judge::Framing;
use gen::{ParseError, Rng, Tokens};
use serde::de::DeserializeOwned;

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
    /// The `[gen]` table of a config.
    type Params: DeserializeOwned + Default + Send + Sync;

    /// The registry name, e.g. `christmas-game`.
    const NAME: &'static str;
    /// Judge ids it is also known by, e.g. `poj3710`.
    const ALIASES: &'static [&'static str];
    /// One line for `harness list`.
    const ABOUT: &'static str;
    /// The config in `configs/` that exercises it.
    const CONFIG: &'static str;
    /// How the judge packs test cases into one input.
    const FRAMING: Framing;

    /// Rejects settings the generator cannot honour, naming the key.
    fn check_params(p: &Self::Params) -> Result<(), String>;
    fn generate(p: &Self::Params, rng: &mut Rng) -> Self::Instance;
    /// The family's invariants (a cactus really is a cactus, ...).
    fn validate(p: &Self::Params, i: &Self::Instance) -> Result<(), String>;
    /// Smaller valid candidates, most promising first.
    fn shrink(p: &Self::Params, i: &Self::Instance) -> Vec<Self::Instance>;
    /// A short size description such as `n=9 m=14`.
    fn size(i: &Self::Instance) -> String;

    /// The exact answer by search from the rules.
    fn brute(i: &Self::Instance, budget: &Budget) -> Result<Self::Answer, TooBig>;
    fn solvers() -> &'static [SolverOf<Self>];

    /// One test case in the judge's input format (without any case count).
    fn write_case(i: &Self::Instance, out: &mut String);
    fn read_case(t: &mut Tokens) -> Result<Self::Instance, ParseError>;
    /// One case's answer in the judge's output format.
    fn write_answer(a: &Self::Answer, out: &mut String);
    fn read_answer(i: &Self::Instance, t: &mut Tokens) -> Result<Self::Answer, ParseError>;

    /// Whether `got` is a right answer when brute says `expected`. Problems
    /// with many valid outputs (a winning move) override this.
    fn check(_i: &Self::Instance, expected: &Self::Answer, got: &Self::Answer) -> bool {
        expected == got
    }
}

/// Text helpers every problem gets from its per-case formats.
pub trait Formats: Problem {
    fn input_text(cases: &[Self::Instance]) -> String {
        gen::judge::write_cases(cases, Self::FRAMING, Self::write_case)
    }

    fn parse_input(text: &str) -> Result<Vec<Self::Instance>, ParseError> {
        gen::judge::read_cases(text, Self::FRAMING, Self::read_case)
    }

    fn answer_text(a: &Self::Answer) -> String {
        let mut s = String::new();
        Self::write_answer(a, &mut s);
        s
    }

    fn output_text(answers: &[Self::Answer]) -> String {
        answers.iter().map(Self::answer_text).collect()
    }

    /// Reads one answer per case; anything left over is an error.
    fn parse_output(cases: &[Self::Instance], text: &str) -> Result<Vec<Self::Answer>, ParseError> {
        let mut t = Tokens::new(text);
        let answers = cases
            .iter()
            .enumerate()
            .map(|(k, i)| {
                Self::read_answer(i, &mut t).map_err(|mut e| {
                    if cases.len() > 1 {
                        e.field = format!("case {}: {}", k + 1, e.field);
                    }
                    e
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        t.expect_end("the last answer")?;
        Ok(answers)
    }
}

impl<P: Problem> Formats for P {}
