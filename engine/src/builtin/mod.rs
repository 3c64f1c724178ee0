//! Built-in problems: one typed [`Problem`](problem::Problem) each, written
//! in the `games` crate, behind the object-safe [`DynProblem`](registry::DynProblem).

pub mod problem;
pub mod registry;
pub mod subject;
