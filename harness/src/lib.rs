//! The differential stress-testing harness: generate instances from seeds,
//! compute exact answers by brute force, run the fast solvers (or any
//! program), and shrink and store every disagreement in the corpus.
//!
//! The principal types: [`problem::Problem`] (one per problem, in
//! [`problems`]), the [`registry`] that puts each behind a name, the stress
//! loop in [`run`], [`shrink`], [`verdict`] for judging a contender, and the
//! [`corpus`]. See ARCHITECTURE.md at the workspace root.

pub mod bounds;
pub mod checker;
pub mod cli;
pub mod config;
pub mod corpus;
pub mod corpus_commands;
pub mod duration;
pub mod echo;
pub mod external;
pub mod interactive;
pub mod invoke;
pub mod judge_check;
pub mod judge_size;
pub mod oracle;
pub mod output;
pub mod package;
pub mod parallel;
pub mod problem;
pub mod problem_doc;
pub mod problems;
pub mod quiet;
pub mod registry;
pub mod relations;
pub mod report;
pub mod run;
pub mod shrink;
pub mod style;
pub use gen::suggest;
pub mod summary;
pub mod table;
pub mod testset;
pub mod verdict;
