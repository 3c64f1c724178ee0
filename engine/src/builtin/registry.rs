//! The registry: every problem by name, behind an object-safe face so the CLI
//! can pick one from a config's `problem = "..."`.
//!
//! `Registered<P>` is compiled once per problem, so it only does what needs
//! `P`'s types (parsing, generating, calling brute and solvers) and hands
//! strings to the shared code for everything else.

use std::io::Read;
use std::marker::PhantomData;
use std::path::Path;
use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use brute::{Budget, TooBig};
use gen::judge::{Doc, Documented, Format, Identity};
use gen::{Family, ParseError, Rng};

use super::subject::Builtin;
use crate::builtin::problem::{self, BruteOptions, Engine, Problem, SolverOf};
use crate::config::{self, ConfigFile, Source};
use crate::corpus::{Entry, Verdict};
use crate::fit::contender::FitContender;
use crate::options::RunOptions;
use crate::oracle::Oracle;
use crate::run::{self, Settings, Summary};
use crate::show::{Panel, MAX_PANELS};
use crate::suggest;
use crate::verdict::{Contender, External};
use sandbox::Program;

/// How a corpus entry replays.
#[derive(Debug, Default)]
pub struct Replay {
    /// What disagrees; empty when the entry replays.
    pub problems: Vec<String>,
    /// What the replay had to do differently, e.g. use the reference solver.
    pub notes: Vec<String>,
}

impl Replay {
    pub fn ok(&self) -> bool {
        self.problems.is_empty()
    }
}

/// What `harness check` concludes about a contestant's output.
#[derive(Debug)]
pub enum Judgement {
    Accepted,
    /// The reason, naming the case when the input has several.
    Rejected(String),
    /// The output is not in the judge's format.
    Malformed(ParseError),
}

/// One point of a value table: the problem's table value, and each named
/// solver's answer with whether the problem's check accepts it.
#[derive(Debug)]
pub struct TablePoint {
    pub value: String,
    pub solvers: Vec<(String, bool)>,
}

/// One point of an exhaustive table (`table --exhaustive`): every instance
/// the config's ranges hold, each answered by brute and by the named solvers.
#[derive(Debug)]
pub struct ExhaustivePoint {
    pub instances: u64,
    /// Per named solver: the instances whose answer the check rejects, and the
    /// first of them in the enumeration's order (a smallest), as the judge writes it.
    pub rejected: Vec<(u64, Option<String>)>,
}

/// A built-in solver, as `harness list` shows it.
pub struct SolverInfo {
    pub name: &'static str,
    pub default: bool,
    pub about: &'static str,
    pub source: &'static str,
}

/// Where everything about a problem lives, for `harness list --map`: Rust
/// paths of its parts (`gen::cactus::CactusParams`), which [`source_file`]
/// turns into files.
pub struct Map {
    pub problem: &'static str,
    pub judge: &'static str,
    pub family: &'static str,
    pub brute: &'static str,
    pub engine: Engine,
}

pub trait DynProblem: Sync {
    fn id(&self) -> &'static Identity;
    /// What a contestant needs: rules, formats with limits, a sample.
    fn doc(&self) -> &'static Doc;
    /// The main config's name in `configs/`.
    fn config(&self) -> &'static str;
    fn map(&self) -> Map;
    fn solvers(&self) -> Vec<SolverInfo>;
    /// The metamorphic relations, as `(name, about)`.
    fn relations(&self) -> Vec<(&'static str, &'static str)>;
    fn max_batch(&self) -> usize;
    /// What `--exhaustive` runs over with the config `src`: its instances and
    /// whether each symmetry class counts once, or why it cannot.
    fn enumeration(&self, src: &Source) -> Result<String>;
    fn stress(&self, src: &Source, opts: &RunOptions) -> Result<Summary>;
    /// Cases `case .. case + count` of the config, as one judge input.
    fn generate(&self, src: &Source, seed: Option<u64>, case: u64, count: usize) -> Result<String> {
        self.generate_strided(src, seed, case, count, 1)
    }
    /// Cases `case, case + stride, ...`, `count` of them, as one judge input: the input of a
    /// batch under `--shard K/N` has stride `N`.
    fn generate_strided(&self, src: &Source, seed: Option<u64>, case: u64, count: usize, stride: u64)
        -> Result<String>;
    /// Generates cases `0..cases` and checks that each, and each of its shrink
    /// candidates, satisfies the family's invariants; the first violation is an error.
    fn self_check(&self, src: &Source, cases: u64) -> Result<()>;
    /// Replays an entry: its `expected` must still be accepted against brute's
    /// answer (or the recorded reference's, beyond brute's reach), default
    /// solvers must pass, and the solver it caught must still fail.
    fn replay(&self, entry: &Entry, budget: &Budget) -> Replay;
    /// Brute's answers to an entry's input, when the stored `expected` is no
    /// longer accepted; `None` when it still is. An unknown solver is an error.
    fn recompute(&self, entry: &Entry, budget: &Budget) -> Result<Option<String>>;
    /// A judge input as the judge format writes it back (parsed, then
    /// written): the same instance has one text, whatever its whitespace.
    fn canonical(&self, input: &str) -> Result<String>;
    /// Brute's answer to a judge input, in the judge's output format.
    fn answer(&self, input: &str, brute: Option<&toml::Table>, budget: &Budget) -> Result<String>;
    /// Judges `output` as the answer to `input`, as a checker would, against `expected`
    /// (the jury's answers) or else brute's.
    fn judge_output(
        &self,
        input: &str,
        output: &str,
        expected: Option<&str>,
        brute: Option<&toml::Table>,
        budget: &Budget,
    ) -> Result<Judgement>;
    /// The instance the config makes with every range pinned (`Family::pinned`),
    /// valued by brute and answered by the named solvers.
    fn table_point(&self, src: &Source, solvers: &[String], budget: &Budget) -> Result<TablePoint>;
    /// Every instance of the config's family within its ranges (refused past `limit`), each
    /// checked for the named solvers against brute: a row of `table --exhaustive`.
    fn exhaustive_point(
        &self,
        src: &Source,
        solvers: &[String],
        budget: &Budget,
        limit: u128,
    ) -> Result<ExhaustivePoint>;
    /// The fast values along `key` and the theorem that proves their period, for the
    /// instance the config makes with every range pinned; `None` where the problem has none.
    fn period_proof(&self, src: &Source, key: &str) -> Result<Option<problem::PeriodProof>>;
    /// Parses a judge input; the number of cases.
    fn parse_input(&self, text: &str) -> Result<usize, ParseError>;
    /// Answers every case of a judge input with a built-in solver (the first default one
    /// when `None`: the trusted reference at judge size).
    fn solve_with(&self, solver: Option<&str>, input: &mut dyn Read) -> Result<String>;
    /// Parses a judge output for a (valid) judge input.
    fn parse_output(&self, input: &str, output: &str) -> Result<(), ParseError>;
    /// The jury's answers to a judge input: brute's where it reaches every case within
    /// `budget`, else (or without a budget) the trusted reference's, the first default
    /// solver's; with who gave them.
    fn jury(&self, input: &str, brute: Option<&toml::Table>, budget: Option<&Budget>) -> Result<(String, String)>;
    /// Fails, naming the close matches, unless `name` is one of the built-in solvers.
    fn check_solver(&self, name: &str, whence: &str) -> Result<()>;
    /// Whether some input has more than one right output ([`Problem::MANY_ANSWERS`]).
    fn many_answers(&self) -> bool;
    /// Checks every case of a judge input with the config's generator family's
    /// validation (a judge's guarantee, given the settings that state it).
    fn validate_input(&self, src: &Source, input: &str) -> Result<()>;
    /// The cases of several judge inputs packed into as few inputs as the
    /// judge's framing allows, in order.
    fn pack_inputs(&self, inputs: &[String]) -> Result<Vec<String>>;
    /// One case's text alone (an interactive game's position: no case count) as a judge input.
    fn case_input(&self, case: &str) -> Result<String>;
    /// The generic wrong answers ([`crate::audit::guess`]) to a judge input whose right answers
    /// are `answers`: each heuristic's name and its output, the same names for every input.
    fn guesses(&self, input: &str, answers: &str) -> Result<Vec<(String, String)>>;
    /// Each case's answer in `output`, as the judge spells it alone, on one line.
    fn case_answers(&self, input: &str, output: &str) -> Result<Vec<String>>;
    /// Each case's Sprague-Grundy value, for an impartial problem whose table value is one
    /// number (`None` where brute's budget does not reach); empty for the others, whose table
    /// shows the answer.
    fn grundy_values(&self, input: &str, budget: &Budget) -> Result<Vec<Option<u64>>>;
    /// Each case's class under its family's symmetry ([`gen::Family::class`]; `None` where it
    /// has none), and, for a game that is a sum, its summands' classes.
    fn case_classes(&self, input: &str) -> Result<Vec<CaseClass>>;
    /// The first [`MAX_PANELS`] cases of `input` drawn (`harness show`), and
    /// how many cases it holds; `None` when the problem draws nothing.
    fn panels(&self, input: &str, brute: Option<&toml::Table>, budget: &Budget) -> Result<Option<(usize, Vec<Panel>)>>;
    /// Each case's winning moves in words, by brute; `None` when the problem
    /// names no moves.
    fn winning_moves(
        &self,
        input: &str,
        brute: Option<&toml::Table>,
        budget: &Budget,
    ) -> Result<Option<Vec<Vec<String>>>>;
}

/// A case's class under its family's symmetry and, for a sum of games, its summands' classes.
pub type CaseClass = (Option<String>, Option<Vec<String>>);

/// A built-in problem behind [`DynProblem`]: `games` lists one per problem.
pub struct Registered<P>(PhantomData<P>);

impl<P> Registered<P> {
    /// `const`, for the catalog's statics, which `Default` cannot serve.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        Registered(PhantomData)
    }
}

/// Warns when a solver trusted to answer is one of the deliberately wrong
/// ones: every case it answers wrongly would fail the right solvers.
pub fn warn_if_wrong(reference: &str, whence: &str) {
    if reference.starts_with("wrong-") {
        eprintln!(
            "warning: {whence} `{reference}` is a deliberately wrong solver: its answers are not the truth, \
             so right solutions will fail against it\n  trust a default solver instead (`harness list` marks them)"
        );
    }
}

/// The answers to a judge input: brute's, or with `reference` the trusted
/// solver's (for inputs beyond brute's reach); with who gave them, as a corpus
/// entry records it (`brute`, `reference:NAME`). When brute gives up, the
/// error says how to get an answer anyway.
pub fn answers(
    problem: &dyn DynProblem,
    input: &str,
    reference: Option<&str>,
    budget: &Budget,
) -> Result<(String, String)> {
    if let Some(name) = reference {
        problem.check_solver(name, "--reference")?;
        warn_if_wrong(name, "--reference");
        let answer = problem.solve_with(Some(name), &mut input.as_bytes())?;
        return Ok((answer, format!("reference:{name}")));
    }
    let answer = problem
        .answer(input, None, budget)
        .map_err(|e| beyond_brute(problem, e))?;
    Ok((answer, "brute".into()))
}

/// `e`, with the way out when it is brute giving up.
pub fn beyond_brute(problem: &dyn DynProblem, e: anyhow::Error) -> anyhow::Error {
    if e.downcast_ref::<TooBig>().is_none() {
        return e;
    }
    let default = problem
        .solvers()
        .into_iter()
        .find(|s| s.default)
        .map_or("NAME", |s| s.name);
    anyhow!(
        "{e}\n  the input is beyond brute's reach: let a trusted solver answer with --reference {default} \
         (`harness list {}` names the solvers), or raise --max-states",
        problem.id().name
    )
}

/// The Rust source file of a path such as `gen::cactus::CactusParams` or
/// `solvers::hackenbush`, relative to the workspace: the first of
/// `<crate>/src/<a>/<b>.rs`, `.../<b>/mod.rs` (dropping a trailing type name)
/// that exists.
pub fn source_file(rust_path: &str) -> Option<String> {
    let mut parts: Vec<&str> = rust_path.split("::").collect();
    let root = config::workspace_root();
    while parts.len() > 1 {
        let (krate, modules) = (parts[0], &parts[1..]);
        let base = format!("{krate}/src/{}", modules.join("/"));
        for file in [format!("{base}.rs"), format!("{base}/mod.rs")] {
            if root.join(&file).is_file() {
                return Some(file);
            }
        }
        parts.pop();
    }
    None
}

impl<P: Problem> Registered<P> {
    fn load(src: &Source) -> Result<ConfigFile<P::Params, P::BruteOptions>> {
        let cfg: ConfigFile<P::Params, P::BruteOptions> = src.parse()?;
        cfg.gen.check().map_err(|m| src.blame("gen", &m))?;
        cfg.brute.check().map_err(|m| src.blame("brute", &m))?;
        Ok(cfg)
    }

    fn solver(name: &str) -> Option<&'static SolverOf<P>> {
        P::solvers().iter().find(|s| s.name == name)
    }

    /// A solver named by the user; `whence` says where (a flag or the config).
    fn named_solver(name: &str, whence: &str) -> Result<&'static SolverOf<P>> {
        Self::solver(name).ok_or_else(|| {
            let names = P::solvers().iter().map(|s| s.name);
            anyhow!(
                "{whence}: unknown solver `{name}` for problem {}\n  {}",
                problem::id::<P>().name,
                suggest::hint(name, names, "harness list")
            )
        })
    }

    fn contenders(
        src: &Source,
        cfg: &ConfigFile<P::Params, P::BruteOptions>,
        opts: &RunOptions,
    ) -> Result<Vec<Contender<P>>> {
        let cmds: Vec<String> = if opts.solver_cmds.is_empty() {
            cfg.solver_cmd.iter().map(|c| src.command(c)).collect()
        } else {
            opts.solver_cmds.clone()
        };
        let builtins: Vec<&'static SolverOf<P>> = if !opts.solvers.is_empty() {
            opts.solvers
                .iter()
                .map(|n| Self::named_solver(n, "--solver"))
                .collect::<Result<_>>()?
        } else if let Some(names) = &cfg.solvers {
            let whence = format!("{}: key `solvers`", src.origin);
            names
                .iter()
                .map(|n| Self::named_solver(n, &whence))
                .collect::<Result<_>>()?
        } else if !cmds.is_empty() || opts.fit.is_some() {
            // An external program or a fit named alone is what the user wants judged.
            vec![]
        } else {
            P::solvers().iter().filter(|s| s.default).collect()
        };
        if cfg.time_limit_ms == 0 {
            bail!(
                "{}: key `time_limit_ms` = 0 times out every run: give at least 1, e.g. 2000",
                src.origin
            );
        }
        let limit = Duration::from_millis(opts.time_limit_ms.unwrap_or(cfg.time_limit_ms));
        if opts.no_oracle && !opts.metamorphic {
            bail!("--no-oracle leaves nothing to check: add --metamorphic");
        }
        let mut contenders: Vec<Contender<P>> = if opts.no_oracle {
            vec![]
        } else {
            builtins.iter().copied().map(Contender::Builtin).collect()
        };
        if opts.metamorphic {
            for &s in &builtins {
                contenders.extend(P::relations().iter().map(|r| Contender::Related(s, r)));
            }
        }
        for cmd in cmds {
            let program = Program::parse(&cmd).map_err(|e| anyhow!("--solver-cmd `{cmd}`: {e}"))?;
            let external = External {
                program,
                limit,
                twice: opts.check_determinism,
            };
            if !opts.no_oracle {
                contenders.push(Contender::External(external.clone()));
            }
            if opts.metamorphic {
                // The program answers each case and its relative; the relation judges the pair.
                contenders.extend(
                    P::relations()
                        .iter()
                        .map(|r| Contender::RelatedExternal(external.clone(), r)),
                );
            }
        }
        if let Some(path) = &opts.fit {
            let fit = Self::fit_contender(path, &format!("--fit {}", path.display()))?;
            if opts.exhaustive.is_none() {
                let cases = opts.cases.unwrap_or(cfg.cases);
                fit.check_config(&cfg.gen, opts.seed.unwrap_or(cfg.seed), cases, &src.origin)?;
            }
            contenders.push(Contender::Fit(Box::new(fit)));
        }
        if contenders.is_empty() {
            bail!(
                "{}: no solver to run: name one with --solver or --solver-cmd",
                src.origin
            );
        }
        Ok(contenders)
    }

    /// The fit saved in `path` as a contender; `whence` names it in messages.
    fn fit_contender(path: &Path, whence: &str) -> Result<FitContender<P>> {
        let fitted = crate::fit::saved::read(path, whence)?;
        let problem = problem::id::<P>().name;
        if fitted.problem != problem {
            bail!(
                "{whence} is a fit of {}, not of {problem}: run it with a config of {}, e.g. `harness --config {} \
                 --fit {}`",
                fitted.problem,
                fitted.problem,
                fitted.problem,
                path.display()
            );
        }
        let base = fitted.source(whence)?;
        let point = move |keys: &[(String, i64)]| {
            let mut src = base.clone();
            src.sets
                .extend(keys.iter().map(|(k, x)| (k.clone(), toml::Value::Integer(*x))));
            Self::pinned_instance(&src)
        };
        Ok(FitContender::new(
            format!("fit:{}", path.display()),
            fitted,
            Box::new(point),
        ))
    }

    /// Replays an entry of a saved fit: it must still give a wrong answer. A fit file that is
    /// not there (read from the current folder, as the run named it) is said, not failed: the
    /// input and the stored answer have replayed.
    fn replay_fit(path: &Path, cases: &[P::Instance], truth: &[P::Answer], oracle: &Oracle<P>, replay: &mut Replay) {
        let name = format!("fit:{}", path.display());
        if !path.exists() {
            replay.notes.push(format!(
                "the fit file {} is missing (it is read from the current folder), so `{name}` is not re-run: only \
                 the input and the stored answer replayed",
                path.display()
            ));
            return;
        }
        let fit = match Self::fit_contender(path, &name) {
            Ok(fit) => fit,
            Err(e) => return replay.problems.push(format!("{e:#}")),
        };
        match Contender::Fit(Box::new(fit)).judge(cases, truth, oracle) {
            Ok(()) => replay
                .problems
                .push(format!("`{name}` no longer fails on its own counterexample")),
            Err((_, f)) if f.kind == crate::verdict::Kind::CannotRun => replay.problems.push(f.detail),
            Err(_) => {}
        }
    }

    /// The instance the config makes with every range pinned: a table's point.
    fn pinned_instance(src: &Source) -> Result<P::Instance> {
        Self::pinned(&Self::load(src)?, src)
    }

    /// [`Self::pinned_instance`] of the config `cfg` loaded from `src`.
    fn pinned(cfg: &ConfigFile<P::Params, P::BruteOptions>, src: &Source) -> Result<P::Instance> {
        let Some(pinned) = cfg.gen.pinned() else {
            bail!(
                "the generator of {} makes no value tables (its family has no `pinned` settings)",
                problem::id::<P>().name
            );
        };
        pinned.check().map_err(|m| src.blame("gen", &m))?;
        Ok(pinned.generate(&mut Rng::for_case(cfg.seed, 0)))
    }

    /// The solver and relation of an entry's `relation:RELATION:SOLVER`.
    fn related(name: &str) -> Result<(&'static SolverOf<P>, &'static crate::builtin::problem::RelationOf<P>)> {
        let (relation, solver) = name
            .strip_prefix("relation:")
            .and_then(|rest| rest.split_once(':'))
            .ok_or_else(|| anyhow!("key `solver`: `{name}` is not relation:RELATION:SOLVER"))?;
        let r = P::relations()
            .iter()
            .find(|r| r.name == relation)
            .ok_or_else(|| anyhow!("key `solver`: {} has no relation `{relation}`", problem::id::<P>().name))?;
        Ok((Self::named_solver(solver, "key `solver`")?, r))
    }

    /// Brute's options as stored in an entry or given to a command.
    fn options(table: Option<&toml::Table>) -> Result<P::BruteOptions> {
        let Some(table) = table else {
            return Ok(P::BruteOptions::default());
        };
        let options: P::BruteOptions = toml::Value::Table(table.clone())
            .try_into()
            .map_err(|e| anyhow!("in [brute]: {e}"))?;
        options.check().map_err(|m| anyhow!("in [brute]: {m}"))?;
        Ok(options)
    }

    /// The `[brute]` table an entry records for `options`; `None` when it would be empty.
    pub fn options_table(options: &P::BruteOptions) -> Option<toml::Table> {
        match toml::Value::try_from(options) {
            Ok(toml::Value::Table(t)) if !t.is_empty() => Some(t),
            _ => None,
        }
    }

    fn read(input: &str) -> Result<Vec<P::Instance>> {
        P::Judge::read_input(input).map_err(|e| anyhow!("not a valid {} input: {e}", problem::id::<P>().name))
    }

    /// The oracle recorded in an entry, when it is a reference solver.
    fn recorded_reference(entry: &Entry) -> Result<Option<&'static SolverOf<P>>> {
        match entry.oracle.as_deref() {
            None | Some("brute") => Ok(None),
            // The user's program is not at hand on replay: brute answers where it reaches.
            Some(o) if o.starts_with("cmd:") => Ok(None),
            Some(o) => {
                let name = o
                    .strip_prefix("reference:")
                    .ok_or_else(|| anyhow!("oracle `{o}` is none of `brute`, `reference:SOLVER`, `cmd:CMD`"))?;
                Self::named_solver(name, "key `oracle`").map(Some)
            }
        }
    }
}

impl<P: Problem> DynProblem for Registered<P> {
    fn id(&self) -> &'static Identity {
        problem::id::<P>()
    }

    fn doc(&self) -> &'static Doc {
        &<P::Judge as Documented>::DOC
    }

    fn config(&self) -> &'static str {
        P::CONFIG
    }

    fn map(&self) -> Map {
        Map {
            problem: std::any::type_name::<P>(),
            judge: std::any::type_name::<P::Judge>(),
            family: std::any::type_name::<P::Params>(),
            brute: P::BRUTE,
            engine: P::ENGINE,
        }
    }

    fn solvers(&self) -> Vec<SolverInfo> {
        P::solvers()
            .iter()
            .map(|s| SolverInfo {
                name: s.name,
                default: s.default,
                about: s.about,
                source: s.source,
            })
            .collect()
    }

    fn relations(&self) -> Vec<(&'static str, &'static str)> {
        P::relations().iter().map(|r| (r.name, r.about)).collect()
    }

    fn max_batch(&self) -> usize {
        P::Judge::FRAMING.max_cases()
    }

    fn enumeration(&self, src: &Source) -> Result<String> {
        let space = Self::load(src)?.gen.exhaust().map_err(|why| anyhow!("{why}"))?;
        Ok(format!("{}, {}", space.what, space.symmetry.words()))
    }

    fn stress(&self, src: &Source, opts: &RunOptions) -> Result<Summary> {
        let cfg = Self::load(src)?;
        let mut contenders = Self::contenders(src, &cfg, opts)?;
        let budget = Budget::new(opts.max_states.unwrap_or(cfg.max_states));
        let mut oracle = Oracle::brute(cfg.brute.clone(), budget);
        if opts.no_oracle {
            // The relations ask no oracle; entries still record an answer, the default solver's.
            oracle.reference = P::solvers().iter().find(|s| s.default);
        } else if let Some(name) = &opts.reference {
            oracle.reference = Some(Self::named_solver(name, "--reference")?);
            warn_if_wrong(name, "--reference");
        } else if let Some(name) = &cfg.reference {
            let whence = format!("{}: key `reference`", src.origin);
            oracle.reference = Some(Self::named_solver(name, &whence)?);
            warn_if_wrong(name, &whence);
        }
        let from_config = |cmd: &Option<String>| cmd.as_deref().map(|c| src.command(c));
        if let Some(cmd) = opts.brute_cmd.clone().or(from_config(&cfg.brute_cmd)) {
            if oracle.reference.is_some() {
                bail!(
                    "{}: an oracle program and a reference solver both answer: choose one",
                    src.origin
                );
            }
            let program = Program::parse(&cmd).map_err(|e| anyhow!("--brute-cmd `{cmd}`: {e}"))?;
            let limit = opts.brute_time_limit_ms.unwrap_or(cfg.brute_time_limit_ms);
            if limit == 0 {
                bail!(
                    "{}: a brute time limit of 0 ms times out every run: give at least 1",
                    src.origin
                );
            }
            oracle.command = Some(crate::oracle::Command {
                program,
                limit: Duration::from_millis(limit),
            });
        }
        if let Some(cmd) = opts.checker.clone().or(from_config(&cfg.checker)) {
            let program = Program::parse(&cmd).map_err(|e| anyhow!("--checker `{cmd}`: {e}"))?;
            let limit = Duration::from_millis(opts.time_limit_ms.unwrap_or(cfg.time_limit_ms).max(10_000));
            oracle.checker =
                Some(crate::checker::Checker::new(program, limit, opts.checker_convention).map_err(|e| anyhow!(e))?);
        }
        if let Some(s) = oracle.reference {
            // Judging the reference against itself proves nothing.
            contenders.retain(|c| !matches!(c, Contender::Builtin(b) if b.name == s.name));
            if contenders.is_empty() {
                bail!("{}: no solver left to check against the reference", src.origin);
            }
        }
        let max = P::Judge::FRAMING.max_cases();
        let batch = opts.batch.or(cfg.batch).unwrap_or(max);
        if batch == 0 || batch > max {
            let whence = match opts.batch {
                Some(_) => "--batch".to_string(),
                None => src.locate("", "batch"),
            };
            let takes = if max == 1 {
                "takes one case per input".to_string()
            } else {
                format!("takes 1 to {max} cases per input")
            };
            bail!("{whence}: batch = {batch}: {} {takes}", problem::id::<P>().name);
        }
        let exhaustive = (opts.exhaustive)
            .map(|limit| crate::exhaustive::enumerate(&cfg.gen, limit, &src.origin, problem::id::<P>().name))
            .transpose()?;
        let (plan, cursor) = exhaustive.unzip();
        let settings = Settings {
            problem: problem::id::<P>().name,
            noun: "case",
            // A duration replaces the config's case count, not a count given with it.
            cases: match &plan {
                Some(plan) => Some(plan.cases()),
                None => opts.cases.or((opts.duration.is_none()).then_some(cfg.cases)),
            },
            duration: opts.duration,
            keep_going: opts.keep_going,
            seed: opts.seed.unwrap_or(cfg.seed),
            shard: opts.shard.unwrap_or((0, 1)),
            shrink: !opts.no_shrink,
            shrink_time: Duration::from_secs(opts.shrink_seconds),
            corpus: opts.corpus.clone(),
            config: src.origin.clone(),
            oracle: oracle.name(),
            brute: Self::options_table(&cfg.brute),
            exhaustive: plan,
        };
        let names: Vec<String> = contenders.iter().map(Contender::name).collect();
        let cases = match (settings.cases, settings.duration) {
            (Some(n), None) => format!("{n} cases"),
            (Some(n), Some(d)) => format!("up to {n} cases in {}", crate::duration::show(d)),
            (None, Some(d)) => format!("cases for {}", crate::duration::show(d)),
            (None, None) => unreachable!("a run without a case count has a duration"),
        };
        match &settings.exhaustive {
            Some(plan) => eprintln!(
                "{}: exhaustive, {} in order of {} ({}), {} vs {}",
                settings.problem,
                plan.announce(),
                plan.order,
                src.origin,
                oracle.name(),
                names.join(", ")
            ),
            None => eprintln!(
                "{}: {cases} from seed {} ({}), {} vs {}",
                settings.problem,
                settings.seed,
                src.origin,
                oracle.name(),
                names.join(", ")
            ),
        }
        let mut subject = Builtin::new(cfg.gen, contenders, oracle, batch);
        subject.enumeration = cursor;
        run::stress(&subject, &settings)
    }

    fn generate_strided(
        &self,
        src: &Source,
        seed: Option<u64>,
        case: u64,
        count: usize,
        stride: u64,
    ) -> Result<String> {
        let cfg = Self::load(src)?;
        let max = P::Judge::FRAMING.max_cases();
        if count == 0 || count > max {
            bail!(
                "--count {count}: {} takes 1 to {max} cases per input",
                problem::id::<P>().name
            );
        }
        if stride == 0 {
            bail!("--stride 0 repeats one case: give at least 1 (the N of --shard K/N)");
        }
        let last = (count as u64 - 1)
            .checked_mul(stride)
            .and_then(|span| case.checked_add(span));
        if last.is_none() {
            bail!(
                "--case {case} --count {count} --stride {stride}: the last case index would pass {}",
                u64::MAX
            );
        }
        let seed = seed.unwrap_or(cfg.seed);
        let cases: Vec<P::Instance> = (0..count as u64)
            .map(|i| cfg.gen.generate(&mut Rng::for_case(seed, case + i * stride)))
            .collect();
        Ok(P::Judge::write_input(&cases))
    }

    fn self_check(&self, src: &Source, cases: u64) -> Result<()> {
        let cfg = Self::load(src)?;
        for case in 0..cases {
            let instance = cfg.gen.generate(&mut Rng::for_case(cfg.seed, case));
            let shrunk = cfg.gen.shrink(&instance);
            for (what, i) in std::iter::once(("generated", &instance)).chain(shrunk.iter().map(|c| ("shrunk", c))) {
                cfg.gen.validate(i).map_err(|e| {
                    let text = P::Judge::write_input(std::slice::from_ref(i));
                    anyhow!(
                        "{}: case {case}: a {what} instance breaks the family's invariants: {e}\n{text}",
                        src.origin
                    )
                })?;
            }
        }
        Ok(())
    }

    fn replay(&self, entry: &Entry, budget: &Budget) -> Replay {
        let mut replay = Replay::default();
        let fail = |why: String| Replay {
            problems: vec![why],
            notes: vec![],
        };
        let cases = match P::Judge::read_input(&entry.input) {
            Ok(c) => c,
            Err(e) => return fail(format!("input does not parse: {e}")),
        };
        let stored = match P::Judge::read_output(&cases, &entry.expected) {
            Ok(a) => a,
            Err(e) => return fail(format!("expected answer does not parse: {e}")),
        };
        let mut oracle = match Self::options(entry.brute.as_ref()) {
            Ok(options) => Oracle::<P>::brute(options, *budget),
            Err(e) => return fail(e.to_string()),
        };
        let reference = match Self::recorded_reference(entry) {
            Ok(r) => r,
            Err(e) => return fail(e.to_string()),
        };
        if let Some(name) = entry
            .solver
            .as_deref()
            .filter(|n| n.starts_with("relation:") && !crate::verdict::is_related_external(n))
        {
            return match Self::related(name) {
                Ok((s, r)) => {
                    let fails = Contender::<P>::Related(s, r).judge(&cases, &stored, &oracle).is_err();
                    if fails == s.default {
                        replay.problems.push(if fails {
                            format!("default solver `{}` breaks relation `{}`", s.name, r.name)
                        } else {
                            format!("`{name}` no longer fails on its own counterexample")
                        });
                    }
                    replay
                }
                Err(e) => fail(format!("{e:#}")),
            };
        }
        let caught = match (entry.verdict, entry.solver.as_deref()) {
            (_, Some(name)) if name.starts_with("cmd:") || crate::verdict::is_related_external(name) => None,
            (_, Some(name)) if name.starts_with("fit:") => None,
            (Verdict::Regression, _) | (_, None) => None,
            (_, Some(name)) => match Self::named_solver(name, "key `solver`") {
                Ok(s) => Some(s),
                Err(e) => return fail(format!("{e:#}")),
            },
        };
        // The answers the solvers are judged against: brute's, or the
        // recorded reference's where brute cannot reach.
        let mut truth = Vec::with_capacity(cases.len());
        for (k, (case, want)) in cases.iter().zip(&stored).enumerate() {
            let answer = match (oracle.by_brute(case), reference) {
                (Ok(a), _) => a,
                (Err(_), Some(r)) => {
                    replay.notes.push(format!(
                        "case {}: beyond brute's budget, replayed with reference `{}` as recorded",
                        k + 1,
                        r.name
                    ));
                    oracle.reference = Some(r);
                    match oracle.answer(case) {
                        Some(a) => a,
                        None => return fail(format!("case {}: reference `{}` panics", k + 1, r.name)),
                    }
                }
                (Err(_), None) if entry.oracle.as_deref().is_some_and(|o| o.starts_with("cmd:")) => {
                    replay.notes.push(format!(
                        "case {}: beyond brute's budget; the stored answer from the recorded oracle program is \
                         taken as it is",
                        k + 1
                    ));
                    want.clone()
                }
                (Err(e), None) => {
                    replay.problems.push(format!("case {}: {e}; raise --max-states", k + 1));
                    continue;
                }
            };
            if let Err(why) = oracle.check(case, &answer, want) {
                replay.problems.push(format!(
                    "case {}: the stored answer is no longer accepted: {}",
                    k + 1,
                    why.explain::<P>(&answer, want)
                ));
            }
            truth.push(answer);
        }
        if truth.len() < cases.len() {
            return replay;
        }
        for s in P::solvers() {
            let verdict = Contender::<P>::Builtin(s).judge(&cases, &truth, &oracle);
            if s.default {
                if let Err((_, f)) = verdict {
                    let detail = if f.detail.is_empty() {
                        String::new()
                    } else {
                        format!(": {}", f.detail)
                    };
                    replay.problems.push(format!(
                        "solver `{}`: {} (got {}){detail}",
                        s.name,
                        f.kind.as_str(),
                        f.actual.trim()
                    ));
                }
            } else if caught.is_some_and(|c| c.name == s.name) && verdict.is_ok() {
                replay
                    .problems
                    .push(format!("solver `{}` no longer fails on its own counterexample", s.name));
            }
        }
        if let Some(path) = entry.solver.as_deref().and_then(|n| n.strip_prefix("fit:")) {
            Self::replay_fit(Path::new(path), &cases, &truth, &oracle, &mut replay);
        }
        replay
    }

    fn recompute(&self, entry: &Entry, budget: &Budget) -> Result<Option<String>> {
        // An entry naming a solver this harness lacks cannot replay: an error
        // every time, as on replay, never a quiet pass.
        match entry.solver.as_deref() {
            Some(name) if name.starts_with("relation:") => drop(Self::related(name)?),
            Some(name) if !name.starts_with("cmd:") && !name.starts_with("fit:") => {
                Self::named_solver(name, "key `solver`")?;
            }
            _ => {}
        }
        let cases = Self::read(&entry.input)?;
        let stored = P::Judge::read_output(&cases, &entry.expected).ok();
        let mut oracle = Oracle::<P>::brute(Self::options(entry.brute.as_ref())?, *budget);
        if let Some(r) = Self::recorded_reference(entry)? {
            oracle.reference = Some(r);
        }
        let mut answers = Vec::with_capacity(cases.len());
        for (k, case) in cases.iter().enumerate() {
            let answer = match oracle.by_brute(case) {
                Ok(a) => a,
                Err(e) => oracle
                    .answer(case)
                    .filter(|_| oracle.reference.is_some())
                    .ok_or_else(|| anyhow!("case {}: {e}; raise --max-states", k + 1))?,
            };
            answers.push(answer);
        }
        let still_accepted = stored.is_some_and(|stored| {
            cases
                .iter()
                .zip(&answers)
                .zip(&stored)
                .all(|((case, now), was)| oracle.check(case, now, was).is_ok())
        });
        Ok((!still_accepted).then(|| P::Judge::write_output(&answers)))
    }

    fn canonical(&self, input: &str) -> Result<String> {
        Ok(P::Judge::write_input(&Self::read(input)?))
    }

    fn answer(&self, input: &str, brute: Option<&toml::Table>, budget: &Budget) -> Result<String> {
        let cases = Self::read(input)?;
        let options = Self::options(brute)?;
        let answers = cases
            .iter()
            .map(|c| P::brute(c, &options, budget))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(P::Judge::write_output(&answers))
    }

    fn judge_output(
        &self,
        input: &str,
        output: &str,
        expected: Option<&str>,
        brute: Option<&toml::Table>,
        budget: &Budget,
    ) -> Result<Judgement> {
        let cases = Self::read(input)?;
        let got = match P::Judge::read_output(&cases, output) {
            Ok(got) => got,
            Err(e) => return Ok(Judgement::Malformed(e)),
        };
        let oracle = Oracle::<P>::brute(Self::options(brute)?, *budget);
        let expected = match expected {
            Some(text) => Some(
                P::Judge::read_output(&cases, text).map_err(|e| anyhow!("the expected answers do not parse: {e}"))?,
            ),
            None => None,
        };
        for (k, (case, got)) in cases.iter().zip(&got).enumerate() {
            let want = match &expected {
                Some(answers) => answers[k].clone(),
                None => oracle.by_brute(case)?,
            };
            if let Err(why) = oracle.check(case, &want, got) {
                let why = why.explain::<P>(&want, got);
                return Ok(Judgement::Rejected(if cases.len() > 1 {
                    format!("case {}: {why}", k + 1)
                } else {
                    why
                }));
            }
        }
        Ok(Judgement::Accepted)
    }

    fn table_point(&self, src: &Source, solvers: &[String], budget: &Budget) -> Result<TablePoint> {
        let cfg = Self::load(src)?;
        let instance = Self::pinned(&cfg, src)?;
        let oracle = Oracle::<P>::brute(cfg.brute.clone(), *budget);
        let value = P::table_value(&instance, &oracle.options, budget)?;
        let truth = match solvers {
            [] => None,
            _ => Some(oracle.by_brute(&instance)?),
        };
        let solvers = solvers
            .iter()
            .map(|name| {
                let s = Self::named_solver(name, "--solver")?;
                let got = crate::quiet::in_solver(|| {
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (s.run)(&instance)))
                })
                .map_err(|_| anyhow!("solver `{name}` panics"))?;
                let truth = truth.as_ref().expect("computed when solvers are named");
                let accepted = oracle.check(&instance, truth, &got).is_ok();
                Ok((problem::answer_text::<P>(&got).trim().to_string(), accepted))
            })
            .collect::<Result<_>>()?;
        Ok(TablePoint { value, solvers })
    }

    fn exhaustive_point(
        &self,
        src: &Source,
        solvers: &[String],
        budget: &Budget,
        limit: u128,
    ) -> Result<ExhaustivePoint> {
        let cfg = Self::load(src)?;
        let space = cfg
            .gen
            .exhaust()
            .map_err(|why| anyhow!("{}: --exhaustive: {why}", src.origin))?;
        space.within(limit).map_err(|why| anyhow!("{why}"))?;
        let oracle = Oracle::<P>::brute(cfg.brute.clone(), *budget);
        let named: Vec<_> = (solvers.iter())
            .map(|name| Self::named_solver(name, "--solver"))
            .collect::<Result<_>>()?;
        let mut point = ExhaustivePoint {
            instances: 0,
            rejected: vec![(0, None); named.len()],
        };
        for instance in space.instances() {
            if sandbox::signals::cancelled() {
                bail!("stopped by a signal");
            }
            let truth = oracle.by_brute(&instance)?;
            for (s, (wrong, first)) in named.iter().zip(&mut point.rejected) {
                let got = crate::quiet::in_solver(|| {
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (s.run)(&instance)))
                });
                if got.map_or(true, |got| oracle.check(&instance, &truth, &got).is_err()) {
                    *wrong += 1;
                    first.get_or_insert_with(|| P::Judge::write_input(std::slice::from_ref(&instance)));
                }
            }
            point.instances += 1;
        }
        Ok(point)
    }

    fn period_proof(&self, src: &Source, key: &str) -> Result<Option<problem::PeriodProof>> {
        let cfg = Self::load(src)?;
        let Some(pinned) = cfg.gen.pinned() else {
            return Ok(None);
        };
        pinned.check().map_err(|m| src.blame("gen", &m))?;
        Ok(P::period_proof(&pinned.generate(&mut Rng::for_case(cfg.seed, 0)), key))
    }

    fn parse_input(&self, text: &str) -> Result<usize, ParseError> {
        P::Judge::read_input(text).map(|c| c.len())
    }

    fn jury(&self, input: &str, brute: Option<&toml::Table>, budget: Option<&Budget>) -> Result<(String, String)> {
        if let Some(budget) = budget {
            let cases = Self::read(input)?;
            let options = Self::options(brute)?;
            if let Ok(answers) = cases
                .iter()
                .map(|c| P::brute(c, &options, budget))
                .collect::<Result<Vec<_>, _>>()
            {
                return Ok((P::Judge::write_output(&answers), "brute".into()));
            }
        }
        let reference = P::solvers().iter().find(|s| s.default).map_or("", |s| s.name);
        Ok((
            self.solve_with(None, &mut input.as_bytes())?,
            format!("reference:{reference}"),
        ))
    }

    fn check_solver(&self, name: &str, whence: &str) -> Result<()> {
        Self::named_solver(name, whence).map(drop)
    }

    fn many_answers(&self) -> bool {
        P::MANY_ANSWERS
    }

    fn validate_input(&self, src: &Source, input: &str) -> Result<()> {
        let cfg = Self::load(src)?;
        for (k, case) in Self::read(input)?.iter().enumerate() {
            cfg.gen.validate(case).map_err(|e| anyhow!("case {}: {e}", k + 1))?;
        }
        Ok(())
    }

    fn case_input(&self, case: &str) -> Result<String> {
        let mut t = gen::Tokens::new(case);
        let read = P::Judge::read_case(&mut t)?;
        t.expect_end("the case")?;
        Ok(P::Judge::write_input(&[read]))
    }

    fn pack_inputs(&self, inputs: &[String]) -> Result<Vec<String>> {
        let mut cases = Vec::new();
        for input in inputs {
            cases.extend(Self::read(input)?);
        }
        Ok(cases
            .chunks(P::Judge::FRAMING.max_cases())
            .map(P::Judge::write_input)
            .collect())
    }

    fn solve_with(&self, solver: Option<&str>, input: &mut dyn Read) -> Result<String> {
        let s = match solver {
            Some(name) => Self::named_solver(name, "--solver")?,
            None => P::solvers()
                .iter()
                .find(|s| s.default)
                .ok_or_else(|| anyhow!("{} has no default solver", problem::id::<P>().name))?,
        };
        let mut output = String::new();
        let mut panicked = false;
        P::Judge::read_cases(input, |case| {
            let answer =
                crate::quiet::in_solver(|| std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (s.run)(&case))));
            match answer {
                Ok(a) if !panicked => P::Judge::write_answer(&a, &mut output),
                _ => panicked = true,
            }
        })
        .map_err(|e| anyhow!("not a valid {} input: {e}", problem::id::<P>().name))?;
        if panicked {
            bail!("solver `{}` panics on this input", s.name);
        }
        Ok(output)
    }

    fn panels(&self, input: &str, brute: Option<&toml::Table>, budget: &Budget) -> Result<Option<(usize, Vec<Panel>)>> {
        let cases = Self::read(input)?;
        let options = Self::options(brute)?;
        let drawn: Option<Vec<Panel>> = cases
            .iter()
            .take(MAX_PANELS)
            .map(|c| P::draw(c, &options, budget))
            .collect();
        Ok(drawn.map(|panels| (cases.len(), panels)))
    }

    fn winning_moves(
        &self,
        input: &str,
        brute: Option<&toml::Table>,
        budget: &Budget,
    ) -> Result<Option<Vec<Vec<String>>>> {
        let cases = Self::read(input)?;
        let options = Self::options(brute)?;
        let mut all = Vec::new();
        for c in &cases {
            match P::winning_moves(c, &options, budget)? {
                Some(moves) => all.push(moves),
                None => return Ok(None),
            }
        }
        Ok(Some(all))
    }

    fn parse_output(&self, input: &str, output: &str) -> Result<(), ParseError> {
        let cases = P::Judge::read_input(input)?;
        P::Judge::read_output(&cases, output).map(drop)
    }

    fn guesses(&self, input: &str, answers: &str) -> Result<Vec<(String, String)>> {
        use crate::audit::guess::{self, Guess};
        let cases = Self::read(input)?;
        let right = P::Judge::read_output(&cases, answers).map_err(|e| anyhow!("the answers do not parse: {e}"))?;
        let per_case: Vec<Vec<Guess<P::Answer>>> = cases
            .iter()
            .zip(&right)
            .map(|(case, right)| {
                let mut all = guess::guesses(right, guess::leading(&P::size(case)));
                all.extend(P::guesses(case, right));
                all
            })
            .collect();
        let Some(first) = per_case.first() else {
            return Ok(Vec::new());
        };
        let names = first.iter().map(|g| match g {
            Guess::Always(a) => match problem::answer_text::<P>(a).trim() {
                "" => "always nothing (an empty answer)".to_string(),
                text => format!("always {text}"),
            },
            Guess::Rule(name, _) => (*name).to_string(),
        });
        Ok(names
            .enumerate()
            .map(|(k, name)| {
                let answers: Vec<P::Answer> = per_case
                    .iter()
                    .map(|g| match &g[k] {
                        Guess::Always(a) | Guess::Rule(_, a) => a.clone(),
                    })
                    .collect();
                (name, P::Judge::write_output(&answers))
            })
            .collect())
    }

    fn case_answers(&self, input: &str, output: &str) -> Result<Vec<String>> {
        let cases = Self::read(input)?;
        let answers = P::Judge::read_output(&cases, output).map_err(|e| anyhow!("the answers do not parse: {e}"))?;
        // One line per answer, whatever lines the judge spells it on.
        Ok(answers
            .iter()
            .map(|a| {
                problem::answer_text::<P>(a)
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect())
    }

    fn case_classes(&self, input: &str) -> Result<Vec<CaseClass>> {
        let family = P::Params::default();
        Ok(Self::read(input)?
            .iter()
            .map(|case| (family.class(case), family.summands(case)))
            .collect())
    }

    fn grundy_values(&self, input: &str, budget: &Budget) -> Result<Vec<Option<u64>>> {
        if P::ENGINE != Engine::Impartial {
            return Ok(Vec::new());
        }
        let options = P::BruteOptions::default();
        let mut values = Vec::new();
        for case in Self::read(input)? {
            match P::table_value(&case, &options, budget) {
                Ok(v) => match v.trim().parse() {
                    Ok(v) => values.push(Some(v)),
                    // Its table shows the answer, not a Sprague-Grundy value.
                    Err(_) => return Ok(Vec::new()),
                },
                Err(TooBig { .. }) => values.push(None),
            }
        }
        Ok(values)
    }
}
