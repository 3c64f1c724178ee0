//! The central abstraction: one problem = one `impl Problem`.
//!
//! A registration ties together the instance type and its generator (gen), the
//! exact answer from the rules (brute), the fast algorithms (solvers) and the
//! judge's text formats, so the harness can generate, compare, shrink, store
//! and replay without knowing anything about the game itself. Who the problem
//! is (name, aliases, limits) is declared once, in its judge format's
//! [`Identity`].

use std::fmt::Debug;

use brute::{Budget, TooBig};
use gen::judge::{Documented, Format, Identity};
use gen::Family;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::show::Panel;

/// A built-in solver: the intended algorithm, an alternative, a conjecture, or
/// a deliberately wrong variant kept to prove the harness catches it.
pub struct Solver<I, A> {
    pub name: &'static str,
    pub run: fn(&I) -> A,
    /// Run when no `--solver` is named. Wrong and experimental solvers are not.
    pub default: bool,
    /// One line for `harness list`.
    pub about: &'static str,
    /// The module that holds the algorithm, e.g. `solvers::hackenbush`, so
    /// `harness list --map` can name its file.
    pub source: &'static str,
}

pub type SolverOf<P> = Solver<<P as Problem>::Instance, <P as Problem>::Answer>;

/// A metamorphic relation: an instance derived from another whose answer
/// follows from the first one's (relabelling changes nothing; a game plus a
/// copy of itself is worth 0). It checks a solver without an oracle, at sizes
/// no oracle reaches, where overflow, recursion and quadratic paths show.
pub struct Relation<I, A> {
    pub name: &'static str,
    /// One line for `harness list`.
    pub about: &'static str,
    /// The related instance, or `None` where the relation does not apply (the
    /// derived instance would break the judge's limits).
    pub derive: fn(&I, &mut gen::Rng) -> Option<I>,
    /// Whether the derived answer agrees with the original one; why not if it
    /// does not. The generator is the derivation's own, replayed from the start,
    /// so a relation that renamed things can rebuild the renaming and map the
    /// derived answer back.
    pub holds: fn(&I, &A, &A, &mut gen::Rng) -> Result<(), String>,
}

impl<I, A> Relation<I, A> {
    /// The related instance. Its randomness is fixed, so a failure reproduces
    /// while shrinking.
    pub fn related(&self, i: &I) -> Option<I> {
        (self.derive)(i, &mut Self::randomness())
    }

    /// Whether `after`, the answer to [`Relation::related`]`(i)`, agrees with
    /// `before`, the answer to `i`.
    pub fn agrees(&self, i: &I, before: &A, after: &A) -> Result<(), String> {
        (self.holds)(i, before, after, &mut Self::randomness())
    }

    fn randomness() -> gen::Rng {
        gen::Rng::for_case(0, 0)
    }
}

pub type RelationOf<P> = Relation<<P as Problem>::Instance, <P as Problem>::Answer>;

/// Brute's answer to an instance under the current `[brute]` options and budget;
/// what a [`Problem::check`] calls to judge a position derived from an output.
pub type BruteOf<'a, P> = dyn Fn(&<P as Problem>::Instance) -> Result<<P as Problem>::Answer, TooBig> + Sync + 'a;

/// The search engine a brute runs on, with its play convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// `brute::impartial`: normal play, Sprague-Grundy values, sums allowed.
    Impartial,
    /// `brute::scoring`: negamax over points scored by each move.
    Scoring,
    /// `brute::winlose`: win or lose by the game's own terminal rule, no sums.
    WinLose,
    /// `brute::minimax`: Max against Min over the value of the final position.
    MinMax,
}

impl Engine {
    pub fn describe(self) -> &'static str {
        match self {
            Engine::Impartial => "brute::impartial (normal play, Sprague-Grundy, sums)",
            Engine::Scoring => "brute::scoring (negamax over points)",
            Engine::WinLose => "brute::winlose (win/lose, the game's own terminal rule)",
            Engine::MinMax => "brute::minimax (max against min over a final value)",
        }
    }
}

/// Settings brute needs beyond the instance, from a config's `[brute]` table
/// (a value cap for games whose values are unbounded). They are stored in each
/// corpus entry, so a replay needs nothing else. Unknown keys must be errors:
/// derive with `#[serde(deny_unknown_fields, default)]`.
pub trait BruteOptions: Serialize + DeserializeOwned + Default + Clone + Debug + Send + Sync {
    /// Rejects settings brute cannot honour, naming the key.
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
}

/// The `[brute]` table of a problem whose brute needs no settings.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoOptions {}

impl BruteOptions for NoOptions {}

pub trait Problem: Sized + Send + Sync + 'static {
    type Instance: Clone + Send + Sync + Debug + 'static;
    type Answer: Clone + PartialEq + Send + Sync + Debug + 'static;
    /// The generator family: the `[gen]` table of a config.
    type Params: Family<Instance = Self::Instance>;
    /// The judge's input and output formats, and the problem's identity.
    type Judge: Format<Case = Self::Instance, Answer = Self::Answer> + Documented;
    /// The `[brute]` table of a config.
    type BruteOptions: BruteOptions;

    /// The config `--config <problem name>` runs, a name in `configs/`: by
    /// default the problem's own name, as every new problem's config is named.
    const CONFIG: &'static str = <Self::Judge as Format>::ID.name;
    /// The module that states the game's rules for brute, e.g. `brute::hackenbush`.
    const BRUTE: &'static str;
    /// The engine that module runs on.
    const ENGINE: Engine;
    /// Whether more than one output is right for some input (any winning
    /// move): [`Problem::check`] then judges from the rules, and a judge needs
    /// the workspace's check, not a comparison with the jury's answer.
    const MANY_ANSWERS: bool = false;

    /// A short size description such as `n=9 m=14`.
    fn size(i: &Self::Instance) -> String;

    /// The exact answer by search from the rules.
    fn brute(i: &Self::Instance, options: &Self::BruteOptions, budget: &Budget) -> Result<Self::Answer, TooBig>;
    fn solvers() -> &'static [SolverOf<Self>];

    /// The metamorphic relations `--metamorphic` checks every solver against;
    /// at least one (the checklist test holds every problem to it).
    fn relations() -> &'static [RelationOf<Self>];

    /// The value `harness table` shows for `i`: brute's answer by default.
    /// Impartial problems whose judge asks only who wins override it to show
    /// the Sprague-Grundy value, which is what conjectures are about.
    fn table_value(i: &Self::Instance, options: &Self::BruteOptions, budget: &Budget) -> Result<String, TooBig> {
        Ok(answer_text::<Self>(&Self::brute(i, options, budget)?)
            .trim()
            .to_string())
    }

    /// The fast values along the table key `key` from the instance `i` (whose
    /// other settings stay as they are), with the theorem that proves a period of
    /// them: what `table --fit` extends a table with. `None` (the default) where
    /// no theorem applies.
    fn period_proof(_i: &Self::Instance, _key: &str) -> Option<PeriodProof> {
        None
    }

    /// The case `i` read as points of a value table varying `keys` (`harness --fit FILE`):
    /// each point's key values, in the order of `keys`, with the instance the table makes
    /// there; several points when `i` is a sum of games, whose Sprague-Grundy value is the
    /// XOR of theirs. `None` (the default) where the problem does not read its cases so.
    fn table_points(_i: &Self::Instance, _keys: &[&str]) -> Option<Vec<(Vec<i64>, Self::Instance)>> {
        None
    }

    /// The answer to `i` when a fit claims `claim` about its table value; `None` when the
    /// claim does not decide it. By default a value is read as the judge's answer (the
    /// default [`Problem::table_value`] is the answer's text); problems whose table shows the
    /// Sprague-Grundy value of a who-wins answer override it.
    fn answer_of_claim(i: &Self::Instance, claim: crate::fit::Claim) -> Option<Self::Answer> {
        let crate::fit::Claim::Value(v) = claim else {
            return None;
        };
        let mut answers = Self::Judge::read_output(std::slice::from_ref(i), &format!("{v}\n")).ok()?;
        answers.pop()
    }

    /// The instance as a picture (`harness show`), with what brute says
    /// about it in the panel's notes and marks (values, winning moves); `None`
    /// when the problem draws nothing. Brute's values are left out past
    /// `budget`, never guessed.
    fn draw(_i: &Self::Instance, _options: &Self::BruteOptions, _budget: &Budget) -> Option<Panel> {
        None
    }

    /// Wrong answers a contestant who did not solve the problem might submit, for an answer
    /// type of the problem's own that [`crate::audit::guess`] cannot read (always `LOSE`): the
    /// same number of them, in the same order, for every instance. Empty by default.
    fn guesses(_i: &Self::Instance, _right: &Self::Answer) -> Vec<crate::audit::guess::Guess<Self::Answer>> {
        Vec::new()
    }

    /// The moves that win from `i`, in words (`cut edge 3 (2–5), leaving
    /// value 0`), each found by brute on the position it leaves: empty when
    /// `i` is lost, `None` when the problem names no moves. What a FOUND block
    /// and `harness brute --explain` print.
    fn winning_moves(
        _i: &Self::Instance,
        _options: &Self::BruteOptions,
        _budget: &Budget,
    ) -> Result<Option<Vec<String>>, TooBig> {
        Ok(None)
    }

    /// Accepts `got` as an answer to `i`, or says in words why not. `expected`
    /// is brute's answer; problems with many valid outputs (any winning move)
    /// override this and judge `got` itself, calling `brute` on positions it
    /// derives. Every judgement of an answer goes through here: stress runs,
    /// `corpus check`, `corpus regen`, `corpus export` and `harness check`.
    fn check(
        _i: &Self::Instance,
        expected: &Self::Answer,
        got: &Self::Answer,
        _brute: &BruteOf<Self>,
    ) -> Result<(), Rejection> {
        if expected == got {
            Ok(())
        } else {
            Err(Rejection::Differs)
        }
    }
}

/// Why [`Problem::check`] rejects an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// It is not brute's answer, and brute's is the only valid one: showing
    /// both says it all.
    Differs,
    /// A reason in words, e.g. "node 3 is not a successor of node 1".
    Because(String),
}

impl Rejection {
    /// The reason in words, given what brute expected and what came.
    pub fn explain<P: Problem>(&self, expected: &P::Answer, got: &P::Answer) -> String {
        match self {
            Rejection::Differs => format!(
                "expected {}, got {}",
                answer_text::<P>(expected).trim(),
                answer_text::<P>(got).trim()
            ),
            Rejection::Because(why) => why.clone(),
        }
    }
}

/// Who `P` is.
pub fn id<P: Problem>() -> &'static Identity {
    &<P::Judge as Format>::ID
}

/// One answer in the judge's output format.
pub fn answer_text<P: Problem>(a: &P::Answer) -> String {
    P::Judge::write_output(std::slice::from_ref(a))
}

/// A theorem that turns a period seen over finitely many values into one that
/// holds for ever, with the fast values to check it on.
pub struct PeriodProof {
    pub theorem: PeriodTheorem,
    /// The module that computes the values, e.g. `solvers::octal`.
    pub engine: &'static str,
    /// The values at the key `0..=n`, one per key value.
    pub values: Box<dyn Fn(usize) -> Vec<i64>>,
}

/// Which theorem proves a period, with its parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeriodTheorem {
    /// Octal games (Guy and Smith): period `p` from `n0 >= 1` holds for ever once
    /// `g(n + p) = g(n)` for `n0 <= n < 2 n0 + p + t`, `t` the most tokens a move takes.
    GuySmith { reach: usize },
    /// Subtraction games: period `p` from `n0` holds for ever once it holds for
    /// `n0 <= n < n0 + t`, `t` the largest subtraction, as each value is the mex of
    /// the `t` values below it.
    Subtraction { largest: usize },
}

impl PeriodTheorem {
    pub fn name(self) -> &'static str {
        match self {
            PeriodTheorem::GuySmith { .. } => "Guy–Smith",
            PeriodTheorem::Subtraction { .. } => "subtraction games",
        }
    }

    /// The smallest start the theorem accepts for a period seen from `from`.
    pub fn start(self, from: usize) -> usize {
        match self {
            PeriodTheorem::GuySmith { .. } => from.max(1),
            PeriodTheorem::Subtraction { .. } => from,
        }
    }

    /// The number of values `0..N` the theorem needs to prove period `p` from
    /// [`PeriodTheorem::start`]`(from)`; `None` when it overflows.
    pub fn needs(self, from: usize, p: usize) -> Option<usize> {
        let n0 = self.start(from);
        match self {
            PeriodTheorem::GuySmith { reach } => n0.checked_mul(2)?.checked_add(p.checked_mul(2)?)?.checked_add(reach),
            PeriodTheorem::Subtraction { largest } => n0.checked_add(p)?.checked_add(largest),
        }
    }
}

/// A FOUND block's line about the winning moves of a position: the first of
/// them, or that there is none.
pub fn winning_line(moves: &[String]) -> String {
    match moves {
        [] => "no winning move: the position is lost (every move leaves a winning one)".to_string(),
        [one] => format!("a winning move: {one}"),
        [first, rest @ ..] => format!("a winning move: {first} ({} more)", rest.len()),
    }
}
