//! The engine: everything a stress-testing run does, for a problem of any
//! kind, without knowing any game.
//!
//! A problem is built in ([`builtin`]: typed glue over gen, brute and the
//! solvers, written in the `games` crate), an interactive game
//! ([`interactive`]), or a problem file made only of programs ([`own`]). The
//! stress loop ([`run`]), shrinking ([`shrink`]), verdicts ([`verdict`]), the
//! corpus ([`corpus`], [`report`]), summaries, test sets ([`testset`],
//! [`package`]) and invocations ([`invoke`]) serve all three. The games are
//! handed over by the caller as a [`Catalog`].

pub mod audit;
pub mod bounds;
pub mod builtin;
mod catalog;
mod checker;
pub mod config;
pub mod corpus;
pub mod corpus_commands;
pub mod duration;
mod echo;
pub mod exhaustive;
mod files;
pub mod fit;
pub mod interactive;
pub mod invoke;
pub mod judge_check;
pub mod judge_size;
mod latex;
pub mod options;
pub mod oracle;
pub mod output;
mod own;
mod package;
mod package_interactive;
mod parallel;
mod polygon;
pub mod problem_doc;
mod quiet;
mod report;
mod run;
pub mod show;
pub mod shrink;
mod style;
pub mod subject;
pub mod submission;
pub mod summary;
pub mod table;
pub mod target;
pub mod testset;
pub mod verdict;

pub use builtin::problem::{
    answer_text, id, BruteOf, BruteOptions, Engine, NoOptions, Problem, Rejection, Relation, RelationOf, Solver,
    SolverOf,
};
pub use builtin::problem::{PeriodProof, PeriodTheorem};
pub use catalog::Catalog;
pub use checker::Convention;
pub use gen::suggest;
pub use own::scaffold;
pub use own::Target as ProblemFile;
pub use package::Layout;
pub use run::Summary;
pub use style::{columns, rate, shell_word};
