//! A problem made only of programs: the user's generator, brute, solvers,
//! validator, checker and input spec, named in a problem file (a config with
//! a `[problem]` table, [`file`]). The harness knows nothing of its formats:
//! every case is one process per program ([`case`]), answers are compared as
//! tokens (or by the checker), and failures shrink through the generator, the
//! spec ([`spec`]) or the bare text ([`text`]), in [`shrink`]. The loop
//! ([`stress`]) keeps the built-in loop's promises: cases from `(seed, case)`,
//! outcomes in case order, `--keep-going`, shards, summaries, the corpus.

pub mod case;
pub mod file;
mod invoke;
mod jury;
mod replay;
pub mod shrink;
pub mod spec;
mod stress;
mod testset;
pub mod text;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};

pub use file::is_problem_file;
use file::{Layer, ProblemFile};
pub use invoke::{setup as invoke_setup, InvokeOptions};
pub use testset::{write as testset, TestsetOptions};

use crate::checker::Checker;
use crate::config::Source;
use crate::verdict::External;
use crate::Catalog;
use crate::{output, summary};
use case::Tools;
use sandbox::signals as cancel;
use sandbox::Program;

/// What the command line asks of a stress run.
#[derive(Default)]
pub struct Options {
    pub cases: Option<u64>,
    pub seed: Option<u64>,
    pub solver_cmds: Vec<String>,
    pub time_limit_ms: Option<u64>,
    pub brute_time_limit_ms: Option<u64>,
    /// How the checker is called and what its exit codes mean.
    pub checker_convention: crate::checker::Convention,
    pub checker: Option<String>,
    pub check_determinism: bool,
    pub shard: Option<(u64, u64)>,
    pub keep_going: Option<usize>,
    pub duration: Option<Duration>,
    pub corpus: Option<PathBuf>,
    pub no_shrink: bool,
    pub shrink_seconds: u64,
    pub shrink_layers: Option<String>,
    pub summary: Option<PathBuf>,
    /// Options of built-in problems that were given (`--solver`, `--batch`, ...): refused.
    pub builtin_only: Vec<&'static str>,
}

/// The default corpus of a problem file: `corpus/` beside it.
fn default_corpus(file: &ProblemFile) -> PathBuf {
    file.dir.join("corpus")
}

/// Reads the problem file and readies its programs; `solver_cmds` and
/// `checker` (from the command line) run from the current folder.
fn tools(catalog: &Catalog, src: &Source, path: &Path, o: &Options) -> Result<Tools> {
    let file = ProblemFile::load(catalog, src, path)?;
    let p = &file.programs;
    let origin = &file.origin;
    let here = |key: &str, cmd: &str| {
        Program::parse_in(cmd, &file.dir).map_err(|e| anyhow!("{origin}: [problem] `{key}`: {e}"))
    };
    let brute = here("brute", &p.brute)?;
    let validator = p.validator.as_deref().map(|v| here("validator", v)).transpose()?;
    let tool_limit = Duration::from_millis(p.tool_time_limit_ms);
    let checker = match (&o.checker, &p.checker) {
        (Some(cmd), _) => Some(Program::parse(cmd).map_err(|e| anyhow!("--checker: {e}"))?),
        (None, Some(cmd)) => Some(here("checker", cmd)?),
        (None, None) => None,
    }
    .map(|program| Checker {
        program,
        limit: tool_limit,
        convention: o.checker_convention,
    });
    let spec = match &file.spec {
        Some((text, path)) => Some(spec::Spec::parse(text, &path.display().to_string())?),
        None => None,
    };
    let limit = Duration::from_millis(o.time_limit_ms.unwrap_or(p.time_limit_ms));
    let contender = |program| External {
        program,
        limit,
        twice: o.check_determinism,
    };
    let mut contenders = Vec::new();
    for cmd in &p.solvers {
        contenders.push(contender(here("solvers", cmd)?));
    }
    for cmd in &o.solver_cmds {
        contenders.push(contender(
            Program::parse(cmd).map_err(|e| anyhow!("--solver-cmd: {e}"))?,
        ));
    }
    let brute_limit = Duration::from_millis(o.brute_time_limit_ms.unwrap_or(p.brute_time_limit_ms));
    Ok(Tools {
        file,
        brute,
        validator,
        spec,
        checker,
        contenders,
        tool_limit,
        brute_limit,
    })
}

/// `harness --config PROBLEM.toml`: the stress run.
pub fn stress(catalog: &Catalog, src: &Source, path: &Path, o: Options) -> Result<ExitCode> {
    if let Some(flag) = o.builtin_only.first() {
        bail!(
            "{flag} applies to built-in problems; {} is a problem file: name its programs in [problem] \
             (solvers with --solver-cmd)",
            src.origin
        );
    }
    let tools = tools(catalog, src, path, &o)?;
    let p = &tools.file.programs;
    if tools.contenders.is_empty() {
        bail!(
            "{}: no solver to test: list some in [problem] `solvers`, or give --solver-cmd",
            src.origin
        );
    }
    let layers = match &o.shrink_layers {
        Some(list) => Layer::parse_list(list).map_err(|e| anyhow!("--shrink-layers: {e}"))?,
        None => p.shrink.clone(),
    };
    cancel::install(brute::budget::stop)?;
    let corpus = o.corpus.clone().unwrap_or_else(|| default_corpus(&tools.file));
    if o.keep_going.is_some() {
        std::fs::create_dir_all(&corpus)
            .with_context(|| format!("cannot create the corpus folder {}: check --corpus", corpus.display()))?;
    }
    // One name per run, shared by every report and the summary.
    let name: &'static str = Box::leak(p.name.clone().into_boxed_str());
    let settings = stress::Settings {
        name,
        seed: o.seed.unwrap_or(p.seed),
        cases: o
            .cases
            .or(Some(p.cases))
            .filter(|_| o.cases.is_some() || o.duration.is_none()),
        duration: o.duration,
        shard: o.shard.unwrap_or((0, 1)),
        keep_going: o.keep_going,
        shrink: !o.no_shrink,
        shrink_time: Duration::from_secs(o.shrink_seconds),
        layers,
        corpus: Some(corpus.clone()),
    };
    let summary = stress::stress(&tools, &settings)?;
    let secs = summary.elapsed.as_secs_f64();
    eprintln!(
        "{name}: {} cases checked, {} skipped (brute over its time limit), {secs:.2} s, {:.0} cases/s{}",
        summary.checked,
        summary.skipped,
        summary.checked as f64 / secs.max(1e-9),
        if summary.interrupted { ", interrupted" } else { "" }
    );
    let (k, n) = summary.shard;
    if n > 1 {
        eprintln!(
            "{name}: shard {}/{n} ran its case indices below {} (those {k} mod {n}), seed {}",
            k + 1,
            summary.end,
            summary.seed
        );
    }
    if o.keep_going.is_some() && summary.failed {
        eprintln!("{name}: {} distinct counterexamples kept", summary.found.len());
    }
    if let Some(file) = &o.summary {
        summary::Record::of(src, &summary, Some(&corpus)).save(file)?;
    }
    if summary.failed {
        return Ok(ExitCode::from(1));
    }
    if summary.interrupted {
        return Ok(ExitCode::from(130));
    }
    if summary.checked == 0 && summary.skipped > 0 {
        bail!(
            "brute ran past its time limit on all {} cases, so nothing was checked: lower the [gen] ranges or \
             raise brute_time_limit_ms",
            summary.skipped
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `harness gen --config PROBLEM.toml --case K`: case K's input.
pub fn gen(
    catalog: &Catalog,
    src: &Source,
    path: &Path,
    seed: Option<u64>,
    case: u64,
    count: usize,
) -> Result<ExitCode> {
    if count != 1 {
        bail!(
            "--count packs cases of a known format; {} is a problem file, whose inputs are one case each",
            src.origin
        );
    }
    let options = Options {
        seed,
        ..Options::default()
    };
    let tools = tools(catalog, src, path, &options)?;
    let seed = seed.unwrap_or(tools.file.programs.seed);
    let draw = tools.draw(seed, case);
    let input = tools
        .generate(&draw)
        .map_err(|why| case::at_case(&tools.file, seed, case, &why))?;
    output::write(&input)?;
    Ok(ExitCode::SUCCESS)
}

/// `harness corpus check --config PROBLEM.toml`: replays the problem's entries.
pub fn corpus_check(
    catalog: &Catalog,
    src: &Source,
    path: &Path,
    corpus: Option<PathBuf>,
    solver_cmds: Vec<String>,
) -> Result<ExitCode> {
    let options = Options {
        solver_cmds,
        ..Options::default()
    };
    let tools = tools(catalog, src, path, &options)?;
    let dir = corpus.unwrap_or_else(|| default_corpus(&tools.file));
    replay::check(&tools, &dir)
}
