//! What the command line asks of a stress run, for a problem of any kind:
//! parsed once by the CLI, each option overriding the config when given.

use std::path::PathBuf;
use std::time::Duration;

/// Run options from the command line; each overrides the config when given.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    pub cases: Option<u64>,
    pub seed: Option<u64>,
    pub solvers: Vec<String>,
    pub solver_cmds: Vec<String>,
    pub time_limit_ms: Option<u64>,
    pub batch: Option<usize>,
    pub check_determinism: bool,
    pub max_states: Option<usize>,
    pub reference: Option<String>,
    pub brute_cmd: Option<String>,
    pub brute_time_limit_ms: Option<u64>,
    pub checker: Option<String>,
    /// Interactive problems: a testlib-style interactor (`CMD input output`) judges the
    /// player instead of the brute jury.
    pub interactor: Option<String>,
    /// How `checker` is called and what its exit codes mean.
    pub checker_convention: crate::checker::Convention,
    /// Hold each solver and `--solver-cmd` program to the problem's metamorphic relations too.
    pub metamorphic: bool,
    /// Only the relations: no oracle answers (`--no-oracle --metamorphic`).
    pub no_oracle: bool,
    pub shard: Option<(u64, u64)>,
    /// Run until this is up; the case count then only bounds it when given.
    pub duration: Option<Duration>,
    /// `Some(max)`: keep up to `max` distinct counterexamples.
    pub keep_going: Option<usize>,
    pub corpus: Option<PathBuf>,
    pub no_shrink: bool,
    pub shrink_seconds: u64,
    /// A problem file's shrinking layers, in order (`--shrink-layers gen,text`).
    pub shrink_layers: Option<String>,
    /// `Some(limit)`: check every instance of the config's family within its
    /// `[gen]` ranges, in order of size, refusing spaces of more than `limit`.
    pub exhaustive: Option<u128>,
    /// Where the JSON summary of the run goes.
    pub summary: Option<PathBuf>,
    /// Where the run's HTML report goes (`show::report`).
    pub report: Option<PathBuf>,
    /// A saved fit (`table --fit --save-fit FILE`) to stress as a contender (`fit:FILE`).
    pub fit: Option<PathBuf>,
}
