//! The differential stress-testing harness: generate instances from seeds,
//! compute exact answers by brute force, run the fast solvers (or any
//! program), and shrink and store every disagreement in the corpus.

pub mod cli;
pub mod config;
pub mod corpus;
pub mod oracle;
pub mod problem;
pub mod problems;
pub mod process;
pub mod registry;
pub mod run;
pub mod shrink;
pub mod verdict;
