//! A problem of any kind, resolved once from the command line: a built-in
//! problem, an interactive game or a problem file, behind one interface
//! ([`Target`]) that every subcommand calls. The kind is decided here, in
//! [`resolve`], and nowhere else.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::builtin::registry::DynProblem;
use crate::config::{self, Source};
use crate::interactive::DynInteractive;
use crate::options::RunOptions;
use crate::own;
use crate::run::{Stop, Summary};
use crate::Catalog;
use crate::{audit, invoke, testset};

/// How a command ended, for its exit code (an error is exit 2, a signal 130).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every case agreed, every entry replayed, every solution behaved.
    Passed,
    /// A counterexample was found, or something did not replay or behave.
    Failed,
    /// A signal stopped it; what was found is kept.
    Interrupted,
    /// A checker's verdict, in the exit code its convention defines (testlib's 0 to 3,
    /// Kattis's 42 or 43): `harness check`.
    Checked(u8),
}

/// A problem of any kind, as the subcommands use it.
pub trait Target {
    /// The problem's name, as messages and the corpus folder say it.
    fn name(&self) -> &str;
    /// The config (or problem file) the target was resolved from.
    fn source(&self) -> &Source;
    /// Where its counterexamples go by default.
    fn default_corpus(&self) -> PathBuf {
        config::default_corpus()
    }
    /// The stress run. Options the kind cannot honour are refused, named.
    fn stress(&self, o: &RunOptions) -> Result<Summary>;
    /// The judge input of cases `case, case + stride, ...`, `count` of them.
    fn generate(&self, seed: Option<u64>, case: u64, count: usize, stride: u64) -> Result<String>;
    /// Checks cases `0..cases` and their shrink candidates against the family; what was checked.
    fn self_check(&self, cases: u64) -> Result<String>;
    /// `harness testset`: the whole test set, written to `o.out`.
    fn testset(&self, o: &testset::Options, progress: &mut dyn FnMut(&str)) -> Result<testset::Written>;
    /// `harness invoke`: who judges, the tests, the solutions and the limits.
    fn invocation(&self, o: &invoke::Options) -> Result<invoke::Setup>;
    /// Why cases are skipped, for the closing line (` (over brute's budget)`), and the way out
    /// when too many were.
    fn skips(&self, summary: &Summary) -> (String, String);
    /// `harness audit`: every wrong solution on every test, the kill matrix and the coverage.
    fn audit(&self, o: &audit::Options, progress: &mut dyn FnMut(&str)) -> Result<audit::Audit>;
    /// The picture of one of its corpus entries (`--report`); an error where it draws nothing.
    fn picture(&self, entry: &Path) -> Result<crate::show::Picture> {
        bail!("{}: {} has no drawing", entry.display(), self.name())
    }
}

/// Resolves `--config X`: a problem file, a game's config, or a built-in problem's.
pub fn resolve(catalog: &'static Catalog, config: &str, sets: Vec<(String, toml::Value)>) -> Result<Box<dyn Target>> {
    let path = catalog.find_config(config)?;
    let src = Source::load(&path, sets)?;
    if config::is_problem_file(&src) {
        return Ok(Box::new(own::Target::load(catalog, src, &path)?));
    }
    of_source(catalog, src)
}

/// Resolves `--problem P` (its family's defaults, with `sets` over them).
pub fn resolve_problem(
    catalog: &'static Catalog,
    name: &str,
    sets: Vec<(String, toml::Value)>,
) -> Result<Box<dyn Target>> {
    let name = match catalog.game(name) {
        Some(game) => game.id().name,
        None => catalog.problem(name)?.id().name,
    };
    of_source(catalog, Source::for_problem(name, sets))
}

fn of_source(catalog: &'static Catalog, src: Source) -> Result<Box<dyn Target>> {
    let name = src.problem()?;
    if let Some(game) = catalog.game(&name) {
        return Ok(Box::new(Game { game, src }));
    }
    let problem = catalog.problem(&name).with_context(|| format!("in {}", src.origin))?;
    Ok(Box::new(Builtin { problem, src }))
}

/// A built-in problem with the config it runs.
pub struct Builtin {
    pub problem: &'static dyn DynProblem,
    pub src: Source,
}

impl Target for Builtin {
    fn name(&self) -> &str {
        self.problem.id().name
    }

    fn source(&self) -> &Source {
        &self.src
    }

    fn stress(&self, o: &RunOptions) -> Result<Summary> {
        if o.shrink_layers.is_some() {
            bail!("--shrink-layers applies to problem files (a config with a [problem] table)");
        }
        if o.interactor.is_some() {
            bail!("--interactor judges interactive problems only (harness list names them)");
        }
        self.problem.stress(&self.src, o)
    }

    fn generate(&self, seed: Option<u64>, case: u64, count: usize, stride: u64) -> Result<String> {
        self.problem.generate_strided(&self.src, seed, case, count, stride)
    }

    fn self_check(&self, cases: u64) -> Result<String> {
        self.problem.self_check(&self.src, cases)?;
        Ok(format!(
            "{}: cases 0..{cases} and their shrink candidates are valid\n",
            self.src.origin
        ))
    }

    fn testset(&self, o: &testset::Options, progress: &mut dyn FnMut(&str)) -> Result<testset::Written> {
        testset::write(self.problem, o, progress)
    }

    fn picture(&self, entry: &Path) -> Result<crate::show::Picture> {
        crate::show::draw::entry_picture(self.problem, entry, &brute::Budget::default())
    }

    fn invocation(&self, o: &invoke::Options) -> Result<invoke::Setup> {
        invoke::builtin_setup(self.problem, o)
    }

    fn audit(&self, o: &audit::Options, progress: &mut dyn FnMut(&str)) -> Result<audit::Audit> {
        audit::builtin(self.problem, o, progress)
    }

    fn skips(&self, summary: &Summary) -> (String, String) {
        // Only brute skips for its budget; a reference skips a case it panics on.
        match summary.oracle.strip_prefix("reference:") {
            None => (
                " (over brute's budget)".into(),
                "raise brute's budget (--max-states), lower the sizes in [gen], or let a trusted solver answer \
                 (--reference NAME)"
                    .into(),
            ),
            Some(name) => (
                format!(" (the reference `{name}` panicked on them)"),
                "let another trusted solver answer (--reference NAME), or none (brute answers)".into(),
            ),
        }
    }
}

/// An interactive game with the config it plays.
pub struct Game {
    pub game: &'static dyn DynInteractive,
    pub src: Source,
}

impl Target for Game {
    fn name(&self) -> &str {
        self.game.id().name
    }

    fn source(&self) -> &Source {
        &self.src
    }

    fn stress(&self, o: &RunOptions) -> Result<Summary> {
        if o.shrink_layers.is_some() {
            bail!("--shrink-layers applies to problem files (a config with a [problem] table)");
        }
        if o.fit.is_some() {
            bail!("--fit stresses a saved fit of a built-in problem's table; an interactive game has none");
        }
        self.game.stress(&self.src, o)
    }

    fn generate(&self, seed: Option<u64>, case: u64, count: usize, _stride: u64) -> Result<String> {
        if count != 1 {
            bail!("--count: {} plays one position per game", self.name());
        }
        self.game.generate(&self.src, seed, case)
    }

    fn self_check(&self, cases: u64) -> Result<String> {
        self.game.self_check(&self.src, cases)?;
        Ok(format!(
            "{}: positions 0..{cases} and their shrink candidates are valid\n",
            self.src.origin
        ))
    }

    fn testset(&self, o: &testset::Options, progress: &mut dyn FnMut(&str)) -> Result<testset::Written> {
        testset::write_game(self.game, o, progress)
    }

    fn invocation(&self, o: &invoke::Options) -> Result<invoke::Setup> {
        self.game.invocation(&self.src, o)
    }

    fn audit(&self, o: &audit::Options, progress: &mut dyn FnMut(&str)) -> Result<audit::Audit> {
        audit::game(self.game, &self.src, o, progress)
    }

    fn skips(&self, _summary: &Summary) -> (String, String) {
        (
            " (brute over its budget)".into(),
            "lower the sizes in [gen] or raise --max-states".into(),
        )
    }
}

/// `harness --config X`: the stress run of `t`, its closing lines and its summary file.
pub fn stress(t: &dyn Target, o: &RunOptions) -> Result<Outcome> {
    sandbox::signals::install(brute::budget::stop)?;
    let corpus = o.corpus.clone().unwrap_or_else(|| t.default_corpus());
    if o.keep_going.is_some() {
        // Every shard leaves a corpus folder, even one that found nothing, for `corpus merge`.
        std::fs::create_dir_all(&corpus)
            .with_context(|| format!("cannot create the corpus folder {}: check --corpus", corpus.display()))?;
    }
    // What killed runs left in the corpus goes before this one writes there.
    crate::corpus::tidy(&corpus);
    let o = RunOptions {
        corpus: Some(corpus.clone()),
        ..o.clone()
    };
    let summary = t.stress(&o)?;
    let outcome = conclude(t, &summary, &o, &corpus);
    if let Some(file) = &o.report {
        match crate::show::report::write(file, t, &summary) {
            Ok(()) => eprintln!("{}: the report is in {}", t.name(), file.display()),
            // A find wins over the report: the exit status still says it was found.
            Err(e) if summary.failed => {
                eprintln!("error: {e:#}\n  the report was not written; what was found is above")
            }
            Err(e) => return Err(e),
        }
    }
    outcome
}

/// The closing lines of a stress run, its summary file, and how it ended. A
/// find wins over everything after it: it is kept and printed, and the exit
/// status says so even when the summary cannot be written.
fn conclude(t: &dyn Target, summary: &Summary, o: &RunOptions, corpus: &Path) -> Result<Outcome> {
    let name = t.name();
    let secs = summary.elapsed.as_secs_f64();
    let rate = summary.checked as f64 / secs.max(1e-9);
    let (why_skipped, way_out) = t.skips(summary);
    let why_skipped = if summary.skipped == 0 {
        String::new()
    } else {
        why_skipped
    };
    let rate = crate::style::rate(rate);
    let plural = if summary.checked == 1 { "" } else { "s" };
    let counts = match summary.noun {
        "game" => format!("{} game{plural} played, {} won", summary.checked, summary.ok),
        noun => format!("{} {noun}{plural} checked", summary.checked),
    };
    eprintln!(
        "{name}: {counts}, {} skipped{why_skipped}, {secs:.2} s, {rate} {}s/s{}",
        summary.skipped,
        summary.noun,
        if summary.interrupted { ", interrupted" } else { "" }
    );
    if summary.skipped * 10 > summary.checked + summary.skipped {
        eprintln!(
            "warning: {} of {} {}s ({:.0}%) were skipped{why_skipped}: they were not checked, and this run \
             says nothing about them\n  {way_out}",
            summary.skipped,
            summary.checked + summary.skipped,
            summary.noun,
            100.0 * summary.skipped as f64 / (summary.checked + summary.skipped) as f64
        );
    }
    let (k, n) = summary.shard;
    if o.duration.is_some() || n > 1 {
        let which = if n > 1 {
            format!(
                "shard {}/{n} ran its case indices below {} (those {k} mod {n})",
                k + 1,
                summary.end
            )
        } else {
            format!("ran case indices 0..{}", summary.end)
        };
        eprintln!("{name}: {which}, seed {}", summary.seed);
    }
    if summary.unconfirmed > 0 {
        eprintln!(
            "{name}: {} timeout{} did not repeat when run again alone, so {} not counted as failing \
             (a loaded machine?); a timeout is a find only when it repeats",
            summary.unconfirmed,
            if summary.unconfirmed == 1 { "" } else { "s" },
            if summary.unconfirmed == 1 { "it is" } else { "they are" },
        );
    }
    if o.keep_going.is_some() && summary.failed {
        report_finds(name, summary, corpus);
    }
    if let Some(file) = &o.summary {
        let saved = crate::summary::Record::of(t.source(), summary, Some(corpus)).save(file);
        match saved {
            Err(e) if summary.failed => {
                eprintln!("error: {e:#}\n  the summary was not written; what was found is above")
            }
            other => other?,
        }
    }
    if let Some(plan) = &summary.exhaustive {
        eprintln!("{}", certificate(name, plan, summary));
    }
    if summary.failed {
        return Ok(Outcome::Failed);
    }
    if summary.interrupted {
        return Ok(Outcome::Interrupted);
    }
    if summary.checked == 0 && summary.skipped > 0 {
        bail!(
            "nothing was checked: all {} {}s were skipped{why_skipped}\n  {way_out}",
            summary.skipped,
            summary.noun
        );
    }
    Ok(Outcome::Passed)
}

/// The last line of an exhaustive run: what it verified, or why it verified
/// nothing (`verified: tree-game, every rooted tree with 1 to 12 vertices
/// (7 813 instances, up to isomorphism), fast and general agree with brute`).
fn certificate(name: &str, plan: &crate::exhaustive::Plan, summary: &Summary) -> String {
    let run = summary.checked + summary.skipped;
    let names = match summary.solvers.as_slice() {
        [init @ .., last] if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        names => names.concat(),
    };
    let oracle = match summary.oracle.strip_prefix("reference:") {
        Some(reference) => format!("the reference `{reference}`"),
        None if summary.oracle == "brute" && summary.noun == "game" => "the perfect jury".to_string(),
        None => summary.oracle.clone(),
    };
    let agree = match (summary.noun, summary.solvers.len()) {
        ("game", _) => format!("{names} won every game against {oracle}"),
        (_, 1) => format!("{names} agrees with {oracle}"),
        _ => format!("{names} agree with {oracle}"),
    };
    let (k, n) = summary.shard;
    if summary.failed {
        let first = if summary.finds.all().len() > 1 {
            "the first counterexample above is a smallest one"
        } else {
            "the counterexample above is a smallest one"
        };
        return format!(
            "not verified: {name}, {}: {first} in order of {}",
            plan.what, plan.order
        );
    }
    let why_not = match summary.stop {
        _ if summary.interrupted => Some("interrupted".to_string()),
        Stop::Duration => Some("--duration was up".to_string()),
        _ if summary.skipped > 0 => Some(format!(
            "{} of the instances were skipped (over brute's budget, see above), so they were not checked",
            summary.skipped
        )),
        _ => None,
    };
    if let Some(why) = why_not {
        return format!(
            "not verified: {name}, {}: {why}; {run} instances were run, in order of {}, up to case index {}",
            plan.announce(),
            plan.order,
            summary.end
        );
    }
    if n > 1 {
        return format!(
            "verified shard {}/{n}: {name}, {run} of {}: {agree}; `harness summary merge` of every \
             shard's --summary covers the whole",
            k + 1,
            plan.announce()
        );
    }
    format!("verified: {name}, {}, {agree}", plan.claim(run))
}

/// The closing count of a `--keep-going` run: the entries more than one
/// failing case came to, then the totals.
fn report_finds(name: &str, summary: &Summary, corpus: &Path) {
    let finds = summary.finds.all();
    for d in finds.iter().filter(|d| d.more > 0) {
        let (path, unsaved) = match &d.saved {
            Some(p) => (p.clone(), ""),
            None => (corpus.join(&d.name), " (NOT SAVED)"),
        };
        let cases = if d.more == 1 { "case" } else { "cases" };
        eprintln!(
            "  {}{unsaved}: {} more {cases} shrank to this entry",
            path.display(),
            d.more
        );
    }
    let n = summary.found.len();
    let cases: u64 = finds.iter().map(|d| d.more + 1).sum();
    let unsaved = finds.len() - n;
    eprintln!(
        "{name}: {n} distinct counterexample{} kept{}, from {cases} failing case{}{}",
        if n == 1 { "" } else { "s" },
        if summary.stop == Stop::MaxFailures {
            " (stopped at --max-failures)"
        } else {
            ""
        },
        if cases == 1 { "" } else { "s" },
        if unsaved > 0 {
            format!("; {unsaved} more NOT SAVED (their inputs are printed above)")
        } else {
            String::new()
        }
    );
}
