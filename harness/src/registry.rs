//! The registry: every problem by name, behind an object-safe face so the CLI
//! can pick one from a config's `problem = "..."`.

use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use brute::Budget;
use gen::judge::Format;
use gen::{Family, Rng};

use crate::config::{ConfigFile, Source};
use crate::corpus::Entry;
use crate::oracle::Oracle;
use crate::problem::{answer_text, Problem, SolverOf};
use crate::problems::{ChristmasGame, DagGame, ForestGame, GreenHackenbush, TreeGame};
use crate::process::Program;
use crate::run::{self, Settings, Summary};
use crate::verdict::{Contender, External};

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
    pub shard: Option<(u64, u64)>,
    pub corpus: Option<PathBuf>,
    pub no_shrink: bool,
    pub shrink_seconds: u64,
}

/// How a corpus entry replays.
pub enum Replay {
    /// Brute and every default solver agree with the stored answer.
    Ok,
    /// Something disagrees; each line says what.
    Failed(Vec<String>),
}

pub trait DynProblem: Sync {
    fn name(&self) -> &'static str;
    fn aliases(&self) -> &'static [&'static str];
    fn about(&self) -> &'static str;
    fn config(&self) -> &'static str;
    /// `(name, runs by default, about)` of every built-in solver.
    fn solvers(&self) -> Vec<(&'static str, bool, &'static str)>;
    fn max_batch(&self) -> usize;
    fn stress(&self, src: &Source, opts: &RunOptions) -> Result<Summary>;
    /// Cases `case .. case + count` of the config, as one judge input.
    fn generate(&self, src: &Source, seed: Option<u64>, case: u64, count: usize) -> Result<String>;
    /// Generates cases `0..cases` and checks that each, and each of its shrink
    /// candidates, satisfies the family's invariants; the first violation is an error.
    fn self_check(&self, src: &Source, cases: u64) -> Result<()>;
    /// Replays an entry: brute must still give `expected`, default solvers must agree.
    fn replay(&self, entry: &Entry, budget: &Budget) -> Replay;
    /// Brute's answer to the entry's input, in the judge's output format.
    fn expected(&self, input: &str, budget: &Budget) -> Result<String>;
}

struct Registered<P>(PhantomData<P>);

pub static PROBLEMS: &[&dyn DynProblem] = &[
    &Registered::<GreenHackenbush>(PhantomData),
    &Registered::<TreeGame>(PhantomData),
    &Registered::<ChristmasGame>(PhantomData),
    &Registered::<ForestGame>(PhantomData),
    &Registered::<DagGame>(PhantomData),
];

/// Looks a problem up by name or alias.
pub fn find(name: &str) -> Result<&'static dyn DynProblem> {
    PROBLEMS
        .iter()
        .copied()
        .find(|p| p.name() == name || p.aliases().contains(&name))
        .ok_or_else(|| {
            let known: Vec<String> = PROBLEMS
                .iter()
                .map(|p| {
                    if p.aliases().is_empty() {
                        p.name().to_string()
                    } else {
                        format!("{} ({})", p.name(), p.aliases().join(", "))
                    }
                })
                .collect();
            anyhow!("unknown problem `{name}`\n  known problems: {}", known.join(", "))
        })
}

impl<P: Problem> Registered<P> {
    fn load(src: &Source) -> Result<ConfigFile<P::Params>> {
        let cfg: ConfigFile<P::Params> = src.parse()?;
        cfg.gen.check().map_err(|m| anyhow!("{}: in [gen]: {m}", src.origin))?;
        Ok(cfg)
    }

    fn solver(src: &Source, name: &str) -> Result<&'static SolverOf<P>> {
        let all = P::solvers();
        all.iter().find(|s| s.name == name).ok_or_else(|| {
            let known: Vec<&str> = all.iter().map(|s| s.name).collect();
            anyhow!(
                "{}: unknown solver `{name}` for problem {}\n  known solvers: {}",
                src.origin,
                P::NAME,
                known.join(", ")
            )
        })
    }

    fn contenders(src: &Source, cfg: &ConfigFile<P::Params>, opts: &RunOptions) -> Result<Vec<Contender<P>>> {
        let cmds: Vec<String> = if opts.solver_cmds.is_empty() {
            cfg.solver_cmd.iter().cloned().collect()
        } else {
            opts.solver_cmds.clone()
        };
        let named: Option<&Vec<String>> = if opts.solvers.is_empty() {
            cfg.solvers.as_ref()
        } else {
            Some(&opts.solvers)
        };
        let all = P::solvers();
        let builtins: Vec<&'static SolverOf<P>> = match named {
            Some(names) => names.iter().map(|n| Self::solver(src, n)).collect::<Result<_>>()?,
            // An external program named alone is what the user wants judged.
            None if !cmds.is_empty() => vec![],
            None => all.iter().filter(|s| s.default).collect(),
        };
        let limit = Duration::from_millis(opts.time_limit_ms.unwrap_or(cfg.time_limit_ms));
        let mut contenders: Vec<Contender<P>> = builtins.into_iter().map(Contender::Builtin).collect();
        for cmd in cmds {
            let program = Program::parse(&cmd).map_err(|e| anyhow!("--solver-cmd `{cmd}`: {e}"))?;
            contenders.push(Contender::External(External {
                program,
                limit,
                twice: opts.check_determinism,
            }));
        }
        if contenders.is_empty() {
            bail!(
                "{}: no solver to run: name one with --solver or --solver-cmd",
                src.origin
            );
        }
        Ok(contenders)
    }
}

impl<P: Problem> DynProblem for Registered<P> {
    fn name(&self) -> &'static str {
        P::NAME
    }

    fn aliases(&self) -> &'static [&'static str] {
        P::ALIASES
    }

    fn about(&self) -> &'static str {
        P::ABOUT
    }

    fn config(&self) -> &'static str {
        P::CONFIG
    }

    fn solvers(&self) -> Vec<(&'static str, bool, &'static str)> {
        P::solvers().iter().map(|s| (s.name, s.default, s.about)).collect()
    }

    fn max_batch(&self) -> usize {
        P::Judge::FRAMING.max_cases()
    }

    fn stress(&self, src: &Source, opts: &RunOptions) -> Result<Summary> {
        let cfg = Self::load(src)?;
        let mut contenders = Self::contenders(src, &cfg, opts)?;
        let oracle = match opts.reference.as_ref().or(cfg.reference.as_ref()) {
            None => Oracle::Brute(Budget::new(opts.max_states.unwrap_or(cfg.max_states))),
            Some(name) => {
                let s = Self::solver(src, name)?;
                // Judging the reference against itself proves nothing.
                contenders.retain(|c| !matches!(c, Contender::Builtin(b) if b.name == s.name));
                Oracle::Solver(s)
            }
        };
        if contenders.is_empty() {
            bail!("{}: no solver left to check against the reference", src.origin);
        }
        let batch = opts.batch.or(cfg.batch).unwrap_or(P::Judge::FRAMING.max_cases());
        if batch == 0 || batch > P::Judge::FRAMING.max_cases() {
            bail!(
                "batch = {batch}: {} takes 1 to {} cases per input",
                P::NAME,
                P::Judge::FRAMING.max_cases()
            );
        }
        let settings = Settings {
            cases: opts.cases.unwrap_or(cfg.cases),
            seed: opts.seed.unwrap_or(cfg.seed),
            shard: opts.shard.unwrap_or((0, 1)),
            batch,
            shrink: !opts.no_shrink,
            shrink_time: Duration::from_secs(opts.shrink_seconds),
            corpus: opts.corpus.clone(),
            config: src.origin.clone(),
        };
        let names: Vec<String> = contenders.iter().map(Contender::name).collect();
        eprintln!(
            "{}: {} cases from seed {} ({}), {} vs {}",
            P::NAME,
            settings.cases,
            settings.seed,
            src.origin,
            oracle.name(),
            names.join(", ")
        );
        run::stress::<P>(&cfg.gen, &contenders, &oracle, &settings)
    }

    fn generate(&self, src: &Source, seed: Option<u64>, case: u64, count: usize) -> Result<String> {
        let cfg = Self::load(src)?;
        if count == 0 || count > P::Judge::FRAMING.max_cases() {
            bail!(
                "--count {count}: {} takes 1 to {} cases per input",
                P::NAME,
                P::Judge::FRAMING.max_cases()
            );
        }
        let seed = seed.unwrap_or(cfg.seed);
        let cases: Vec<P::Instance> = (case..case + count as u64)
            .map(|k| cfg.gen.generate(&mut Rng::for_case(seed, k)))
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
        let mut problems = Vec::new();
        let cases = match P::Judge::read_input(&entry.input) {
            Ok(c) => c,
            Err(e) => return Replay::Failed(vec![format!("input does not parse: {e}")]),
        };
        let expected = match P::Judge::read_output(&cases, &entry.expected) {
            Ok(a) => a,
            Err(e) => return Replay::Failed(vec![format!("expected answer does not parse: {e}")]),
        };
        for (k, (case, want)) in cases.iter().zip(&expected).enumerate() {
            match P::brute(case, budget) {
                Ok(got) if &got == want => {}
                Ok(got) => problems.push(format!(
                    "case {}: brute now says {} but the entry expects {}",
                    k + 1,
                    answer_text::<P>(&got).trim(),
                    answer_text::<P>(want).trim()
                )),
                Err(e) => problems.push(format!("case {}: {e}; raise --max-states", k + 1)),
            }
        }
        for s in P::solvers() {
            let contender = Contender::<P>::Builtin(s);
            let verdict = contender.judge(&cases, &expected);
            if s.default {
                if let Err((_, f)) = verdict {
                    problems.push(format!(
                        "solver `{}`: {} (got {})",
                        s.name,
                        f.kind.as_str(),
                        f.actual.trim()
                    ));
                }
            } else if entry.solver.as_deref() == Some(s.name) && verdict.is_ok() {
                // The entry records that this known-wrong solver fails here.
                problems.push(format!("solver `{}` no longer fails on its own counterexample", s.name));
            }
        }
        if problems.is_empty() {
            Replay::Ok
        } else {
            Replay::Failed(problems)
        }
    }

    fn expected(&self, input: &str, budget: &Budget) -> Result<String> {
        let cases = P::Judge::read_input(input).map_err(|e| anyhow!("not a valid {} input: {e}", P::NAME))?;
        let answers = cases
            .iter()
            .map(|c| P::brute(c, budget))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(P::Judge::write_output(&answers))
    }
}

/// The problem an entry names, with a message naming the file if unknown.
pub fn problem_of(entry: &Entry, path: &Path) -> Result<&'static dyn DynProblem> {
    find(&entry.problem).map_err(|e| anyhow!("{}: {e}", path.display()))
}
