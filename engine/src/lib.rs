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

pub mod bounds;
pub mod builtin;
pub mod catalog;
pub mod checker;
pub mod config;
pub mod corpus;
pub mod corpus_commands;
pub mod duration;
pub mod echo;
pub mod interactive;
pub mod invoke;
pub mod judge_check;
pub mod judge_size;
pub mod options;
pub mod oracle;
pub mod output;
pub mod own;
pub mod package;
pub mod parallel;
pub mod problem_doc;
pub mod quiet;
pub mod report;
pub mod run;
pub mod shrink;
pub mod style;
pub mod subject;
pub mod summary;
pub mod table;
pub mod target;
pub mod testset;
pub mod verdict;

pub use builtin::problem::{
    answer_text, id, BruteOf, BruteOptions, Engine, NoOptions, Problem, Rejection, Relation, RelationOf, Solver,
    SolverOf,
};
pub use catalog::Catalog;
pub use gen::suggest;
