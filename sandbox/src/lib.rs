//! Running untrusted programs (solutions, generators, oracles, checkers,
//! players, interactors) so that none of them can hang, flood or outlive the
//! harness, and none of their descendants is left behind.
//!
//! The principal types: [`Program`] (a command line, checked to be startable),
//! [`run()`] and [`run_limited`] (one run on an input under a wall-clock limit,
//! with its exit, output, stderr tail, peak memory and how much input it read,
//! as a [`Run`]), and [`Session`] (a program spoken to line by line, behind the
//! [`Endpoint`] trait an in-process peer implements too). Every program leads
//! its own process group from spawn to reaping (`group.rs`); the harness binary
//! starts each through a copy of itself, the [`supervisor`], which kills what a
//! program started if the harness is SIGKILLed. Signals end everything in one
//! place ([`signals`]).
//!
//! The sandbox knows nothing of verdicts, problems or answers: it reports what
//! a program did, and the engine judges it.

mod group;
mod limits;
mod pair;
mod procfs;
mod program;
mod run;
mod session;
pub mod signals;
#[cfg(target_os = "linux")]
pub mod supervisor;

pub use group::{become_subreaper, kill_all_running};
pub use limits::Rlimits;
pub use pair::{run_pair, PairRun, FILE_CAP};
pub use program::Program;
pub use run::{run, run_limited, Exit, Input, Run, RunError, PIPE_GRACE, STDERR_TAIL, STDOUT_CAP};
pub use session::{Ending, Endpoint, Session, Silence, LINE_CAP, QUEUED};
