//! A problem made only of programs: the user's generator, brute, solvers,
//! validator, checker and input spec, named in a problem file (a config with
//! a `[problem]` table, [`mod@file`]). The harness knows nothing of its formats:
//! every case is one process per program ([`case`]), or many cases share one
//! where the spec and `output_per_case` allow it ([`batch`]); answers are compared as
//! tokens (or by the checker), and failures shrink through the generator, the
//! spec ([`spec`]) or the bare text ([`text`]), in [`shrink`]. The engine's
//! loop runs it ([`subject`]), with every promise it keeps for built-in
//! problems: cases from `(seed, case)`, outcomes in case order,
//! `--keep-going`, shards, summaries, the corpus.

mod audit;
pub mod batch;
pub mod case;
mod enumerator;
pub mod file;
mod generator;
mod invoke;
mod jury;
mod replay;
pub mod scaffold;
pub mod shrink;
pub mod spec;
pub mod subject;
mod testset;
pub mod text;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{anyhow, bail, Result};

use file::{Layer, Oracle, ProblemFile};

use crate::checker::Checker;
use crate::config::Source;
use crate::exhaustive::{Cursor, Plan};
use crate::options::RunOptions;
use crate::run;
use crate::verdict::External;
use crate::Catalog;
use case::Tools;
use sandbox::Program;

/// The default corpus of a problem file: `corpus/` beside it.
fn default_corpus(file: &ProblemFile) -> PathBuf {
    file.dir.join("corpus")
}

/// Reads the problem file and readies its programs; `solver_cmds` and
/// `checker` (from the command line) run from the current folder.
fn tools(catalog: &Catalog, src: &Source, path: &Path, o: &RunOptions) -> Result<Tools> {
    let file = ProblemFile::load(catalog, src, path)?;
    let p = &file.programs;
    let origin = &file.origin;
    let here = |key: &str, cmd: &str| {
        Program::parse_in(cmd, &file.dir).map_err(|e| anyhow!("{origin}: [problem] `{key}`: {e}"))
    };
    let (brute, oracle) = match (&o.brute_cmd, &o.reference, p.oracle, &p.reference) {
        (Some(cmd), ..) => (
            Program::parse(cmd).map_err(|e| anyhow!("--brute-cmd `{cmd}`: {e}"))?,
            format!("cmd:{cmd}"),
        ),
        (None, Some(cmd), ..) => (
            Program::parse(cmd).map_err(|e| anyhow!("--reference `{cmd}`: {e}"))?,
            format!("reference:{cmd}"),
        ),
        (None, None, Oracle::Reference, Some(cmd)) => (here("reference", cmd)?, format!("reference:{cmd}")),
        _ => (here("brute", &p.brute)?, "brute".into()),
    };
    let validator = p.validator.as_deref().map(|v| here("validator", v)).transpose()?;
    let tool_limit = Duration::from_millis(p.tool_time_limit_ms);
    let checker = match (&o.checker, &p.checker) {
        (Some(cmd), _) => Some(Program::parse(cmd).map_err(|e| anyhow!("--checker: {e}"))?),
        (None, Some(cmd)) => Some(here("checker", cmd)?),
        (None, None) => None,
    }
    .map(|program| Checker::new(program, tool_limit, o.checker_convention).map_err(|e| anyhow!(e)))
    .transpose()?;
    let spec = match &file.spec {
        Some((text, path)) => Some(spec::Spec::parse(text, &path.display().to_string())?),
        None => None,
    };
    if file.per_case.is_some() {
        batch::outer_count(&file, spec.as_ref())?;
    }
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
        oracle,
        validator,
        spec,
        checker,
        contenders,
        tool_limit,
        brute_limit,
    })
}

/// A problem file, resolved from `--config`: its programs are readied for each command, with
/// the command's options.
pub struct Target {
    catalog: &'static Catalog,
    src: Source,
    path: PathBuf,
    /// The file as read, checked.
    file: ProblemFile,
    /// Cases the last stress run skipped because a tool was slow twice.
    slow: std::sync::atomic::AtomicU64,
}

impl Target {
    pub fn load(catalog: &'static Catalog, src: Source, path: &Path) -> Result<Target> {
        let file = ProblemFile::load(catalog, &src, path)?;
        Ok(Target {
            catalog,
            src,
            path: path.to_path_buf(),
            file,
            slow: Default::default(),
        })
    }

    fn tools(&self, o: &RunOptions) -> Result<Tools> {
        tools(self.catalog, &self.src, &self.path, o)
    }
}

impl crate::target::Target for Target {
    fn name(&self) -> &str {
        &self.file.programs.name
    }

    fn source(&self) -> &Source {
        &self.src
    }

    fn default_corpus(&self) -> PathBuf {
        default_corpus(&self.file)
    }

    fn stress(&self, o: &RunOptions) -> Result<run::Summary> {
        let given = [
            (!o.solvers.is_empty(), "--solver"),
            (o.max_states.is_some(), "--max-states"),
            (o.metamorphic, "--metamorphic"),
            (o.interactor.is_some(), "--interactor"),
            (o.fit.is_some(), "--fit"),
        ];
        if let Some((_, flag)) = given.iter().find(|(on, _)| *on) {
            bail!(
                "{flag} applies to built-in problems; {} is a problem file: name its programs in [problem] \
                 (solvers with --solver-cmd)",
                self.src.origin
            );
        }
        let tools = self.tools(o)?;
        let p = &tools.file.programs;
        if tools.contenders.is_empty() {
            bail!(
                "{}: no solver to test: list some in [problem] `solvers`, or give --solver-cmd",
                self.src.origin
            );
        }
        let layers = match &o.shrink_layers {
            Some(list) => Layer::parse_list(list).map_err(|e| anyhow!("--shrink-layers: {e}"))?,
            None => p.shrink.clone(),
        };
        let corpus = o.corpus.clone().unwrap_or_else(|| default_corpus(&tools.file));
        // One name per run, shared by every report and the summary.
        let name: &'static str = Box::leak(p.name.clone().into_boxed_str());
        if o.exhaustive.is_none() {
            self.file.no_spec_bounds()?;
        }
        let exhaustive = o.exhaustive.map(|limit| enumerate(&tools, limit)).transpose()?;
        let (plan, cursor) = exhaustive.unzip();
        let settings = run::Settings {
            problem: name,
            noun: "case",
            seed: o.seed.unwrap_or(p.seed),
            cases: match &plan {
                Some(plan) => Some(plan.cases()),
                None => o
                    .cases
                    .or(Some(p.cases))
                    .filter(|_| o.cases.is_some() || o.duration.is_none()),
            },
            duration: o.duration,
            shard: o.shard.unwrap_or((0, 1)),
            keep_going: o.keep_going,
            shrink: !o.no_shrink,
            shrink_time: Duration::from_secs(o.shrink_seconds),
            corpus: Some(corpus),
            config: tools.file.origin.clone(),
            oracle: tools.oracle.clone(),
            brute: None,
            exhaustive: plan,
        };
        if let Some(plan) = &settings.exhaustive {
            eprintln!("{name}: exhaustive, {} in order of {}", plan.announce(), plan.order);
        }
        let enumerator = match (&cursor, &tools.file.programs.enumerate) {
            (Some(_), Some(cmd)) => Some(enumerator::command_line(&tools, cmd)?),
            _ => None,
        };
        let batch = batch::of(&tools, o.batch)?;
        let mut own = subject::Own::new(tools, layers);
        own.enumeration = cursor;
        own.enumerator = enumerator;
        own.batch = batch;
        let summary = run::stress(&own, &settings);
        self.slow.store(own.slow_cases(), std::sync::atomic::Ordering::Relaxed);
        summary
    }

    fn generate(&self, seed: Option<u64>, case: u64, count: usize, _stride: u64) -> Result<String> {
        if count != 1 {
            bail!(
                "--count packs cases of a known format; {} is a problem file, whose inputs are one case each",
                self.src.origin
            );
        }
        self.file.no_spec_bounds()?;
        let tools = self.tools(&RunOptions::default())?;
        let seed = seed.unwrap_or(tools.file.programs.seed);
        let draw = tools.draw(seed, case);
        tools
            .generate(&draw)
            .map_err(|why| case::at_case(&tools.file, seed, case, &why))
    }

    fn self_check(&self, _cases: u64) -> Result<String> {
        bail!(
            "--validate checks a built-in family; {} is a problem file, whose validator checks every case a run \
             makes",
            self.src.origin
        )
    }

    fn testset(&self, o: &crate::testset::Options, progress: &mut dyn FnMut(&str)) -> Result<crate::testset::Written> {
        self.file.no_spec_bounds()?;
        testset::write(self.catalog, &self.src, &self.path, o, progress)
    }

    fn invocation(&self, o: &crate::invoke::Options) -> Result<crate::invoke::Setup> {
        self.file.no_spec_bounds()?;
        invoke::setup(self.catalog, &self.src, &self.path, o)
    }

    fn audit(&self, o: &crate::audit::Options, progress: &mut dyn FnMut(&str)) -> Result<crate::audit::Audit> {
        self.file.no_spec_bounds()?;
        audit::run(self.catalog, &self.src, &self.path, o, progress)
    }

    fn skips(&self, summary: &run::Summary) -> (String, String) {
        let oracle = match summary.oracle.as_str() {
            "brute" => "brute".to_string(),
            other => format!("the oracle `{other}`"),
        };
        if self.slow.load(std::sync::atomic::Ordering::Relaxed) == 0 {
            return (
                format!(" ({oracle} over its time limit)"),
                "lower the [gen] ranges or raise brute_time_limit_ms".into(),
            );
        }
        (
            format!(" ({oracle} over its time limit, or a tool over tool_time_limit_ms twice)"),
            "lower the [gen] ranges, or raise brute_time_limit_ms or tool_time_limit_ms in [problem]".into(),
        )
    }
}

impl Target {
    /// `harness corpus check --config PROBLEM.toml`: replays the problem's entries with its
    /// programs and `solver_cmds`.
    /// `brute_cmd` or `reference` (a command, as `--brute-cmd` and `--reference` give it)
    /// answers the entries that record it as their oracle.
    pub fn check_corpus(
        &self,
        corpus: Option<PathBuf>,
        solver_cmds: Vec<String>,
        brute_cmd: Option<String>,
        reference: Option<String>,
    ) -> Result<crate::target::Outcome> {
        let options = RunOptions {
            solver_cmds,
            brute_cmd,
            reference,
            ..RunOptions::default()
        };
        let tools = self.tools(&options)?;
        let dir = corpus.unwrap_or_else(|| default_corpus(&tools.file));
        replay::check(&tools, &dir)
    }
}

/// An exhaustive run over a problem file: every input its `enumerate`
/// command prints, or else every input its spec accepts with
/// each `INT` bounded by the `[gen]` key of its name, counted before the run
/// (refused past `limit`) and read again, lazily, during it.
fn enumerate(tools: &Tools, limit: u128) -> Result<(Plan, Cursor<String>)> {
    if let Some(cmd) = &tools.file.programs.enumerate {
        return enumerator::enumerate(tools, cmd, limit);
    }
    let origin = &tools.file.origin;
    let (Some(spec), Some(name)) = (&tools.spec, &tools.file.programs.spec) else {
        bail!(
            "{origin}: --exhaustive enumerates the inputs a `spec` accepts, and this problem file has none: \
             give one in [problem] (checktestdata's language; see examples/euclid)"
        );
    };
    let ranges: BTreeMap<String, (i64, i64)> = (tools.file.ranges.iter().chain(&tools.file.spec_bounds))
        .map(|(k, r)| (k.clone(), (r.lo, r.hi)))
        .collect();
    let mut inputs = spec.inputs(ranges.clone());
    let mut count: u128 = 0;
    for input in inputs.by_ref() {
        input.map_err(|why| anyhow!("{origin}: --exhaustive: {name}: {why}"))?;
        count += 1;
        if count > limit {
            break;
        }
    }
    if let Some((key, _)) = (tools.file.spec_bounds.iter()).find(|(k, _)| !inputs.used.contains(k)) {
        bail!("--set {key}: {origin} has no [gen] key `{key}`, and no INT of {name} is named `{key}`");
    }
    let bounds: Vec<(String, i64, i64)> = (inputs.used.iter())
        .map(|k| (k.clone(), ranges[k].0, ranges[k].1))
        .collect();
    let keys: Vec<String> = bounds
        .iter()
        .map(|(k, lo, hi)| format!("`{k}` = [{lo}, {hi}]"))
        .collect();
    let what = match keys.as_slice() {
        [] => format!("every input {name} accepts"),
        _ => format!(
            "every input {name} accepts with {}",
            (bounds.iter())
                .map(|(k, lo, hi)| format!("{k} = {lo} to {hi}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    if count > limit {
        bail!(
            "{origin}: --exhaustive: {what}: more than {} inputs, the limit; lower {} (or raise the limit with \
             --exhaustive-limit)",
            gen::Count::Exact(limit),
            keys.join(", ")
        );
    }
    let plan = Plan {
        what,
        symmetry: gen::Symmetry::Labelled,
        order: "the integers' sum above their lowest values",
        count: gen::Count::Exact(count),
        bounds,
        up_to: spec::up_to(&spec.multisets()),
    };
    let fresh = spec.inputs(ranges);
    Ok((plan, Cursor::over(move || Box::new(fresh.filter_map(Result::ok)))))
}
