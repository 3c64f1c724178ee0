//! The stress loop of a problem made of programs: cases in rounds, each case
//! in parallel (generator, validator, brute, every contender: one process
//! each), outcomes handled in case order, so the corpus does not depend on
//! the thread count. Like `crate::run`: without `--keep-going` the first
//! failing case is shrunk and stored and the run stops; with it every failing
//! case is, and an entry an earlier case kept is left as that case wrote it,
//! so the corpora of N shards merge to one process's.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};

use super::case::{at_case, NoAnswer, Tools};
use super::file::Layer;
use super::shrink::{describe, Failing, Shrinker};
use crate::parallel;
use crate::report::{self, Report};
use crate::run::{Stop, Summary};
use crate::verdict::Kind;
use sandbox::signals::cancelled;

pub struct Settings {
    /// The problem's name, for the corpus folder and messages.
    pub name: &'static str,
    pub seed: u64,
    /// Cases over all shards; `None` runs until `duration` is up.
    pub cases: Option<u64>,
    pub duration: Option<Duration>,
    /// `(k, n)`: only the cases whose index is `k` mod `n`.
    pub shard: (u64, u64),
    /// `Some(max)`: keep every distinct counterexample, up to `max`.
    pub keep_going: Option<usize>,
    pub shrink: bool,
    pub shrink_time: Duration,
    pub layers: Vec<Layer>,
    pub corpus: Option<PathBuf>,
}

/// The generator runs twice on this many first cases of a run, to catch one
/// that is not deterministic before its cases are trusted to reproduce.
const TWICE: u64 = 2;

enum Outcome {
    /// Brute ran past its limit.
    Skipped,
    /// Every contender ran; the failures, by contender.
    Checked(Vec<(usize, Failing)>),
    /// A program of the problem failed: the run stops.
    Broken(String),
    Cancelled,
}

fn run_case(tools: &Tools, s: &Settings, case: u64, twice: bool) -> Outcome {
    if cancelled() {
        return Outcome::Cancelled;
    }
    // A program killed by Ctrl-C fails, and says nothing about the problem.
    let broken = |why: String| {
        if cancelled() {
            Outcome::Cancelled
        } else {
            Outcome::Broken(format!("{:#}", at_case(&tools.file, s.seed, case, &why)))
        }
    };
    let draw = tools.draw(s.seed, case);
    let input = match tools.generate(&draw) {
        Ok(input) => input,
        Err(why) => return broken(why),
    };
    if twice {
        match tools.generate(&draw) {
            Ok(again) if again == input => {}
            Ok(_) => {
                return broken(format!(
                    "the generator is not deterministic: `{}` printed two different inputs; \
                     it must draw its randomness from {{seed}} alone",
                    tools.gen_command(&draw).unwrap_or_default()
                ))
            }
            Err(why) => return broken(why),
        }
    }
    if let Err(why) = tools.validate(&input) {
        return broken(format!(
            "the generated input is not valid, a bug of the generator (or of the validator): {why}"
        ));
    }
    let expected = match tools.answer(&input) {
        Ok(answer) => answer,
        Err(NoAnswer::Slow) => return Outcome::Skipped,
        Err(NoAnswer::Broken(why)) => return broken(format!("brute gives no answer: {why}")),
    };
    let mut failures = Vec::new();
    for (k, c) in tools.contenders.iter().enumerate() {
        match tools.judge(c, &input, &expected) {
            Ok(()) => {}
            Err(f) if f.kind == Kind::Cancelled => return Outcome::Cancelled,
            Err(failure) => failures.push((
                k,
                Failing {
                    input: input.clone(),
                    expected: expected.clone(),
                    failure,
                    draw: Some(draw.clone()),
                },
            )),
        }
    }
    Outcome::Checked(failures)
}

pub fn stress(tools: &Tools, s: &Settings) -> Result<Summary> {
    let began = Instant::now();
    let (k, n) = s.shard;
    let total = s.cases.map_or(u64::MAX, |cases| cases / n + u64::from(cases % n > k));
    let round = rayon::current_num_threads() as u64 * 4;
    let mut summary = Summary {
        problem: s.name,
        seed: s.seed,
        cases: s.cases,
        shard: s.shard,
        oracle: "brute".into(),
        solvers: tools
            .contenders
            .iter()
            .map(|c| format!("cmd:{}", c.program.display()))
            .collect(),
        checked: 0,
        skipped: 0,
        end: 0,
        verdicts: BTreeMap::new(),
        ok: 0,
        found: vec![],
        finds: report::Finds::default(),
        failed: false,
        interrupted: false,
        stop: Stop::Cases,
        elapsed: Duration::ZERO,
    };
    let mut start = 0;
    let mut last_line = Instant::now();
    // Local positions of this shard handled so far.
    let mut done = 0;
    'rounds: while start < total {
        if s.duration.is_some_and(|d| began.elapsed() >= d) {
            summary.stop = Stop::Duration;
            break;
        }
        let end = start.saturating_add(round).min(total);
        let outcomes: Vec<Outcome> = parallel::map((end - start) as usize, &|i| {
            let local = start + i as u64;
            Box::new(run_case(tools, s, local * n + k, local < TWICE))
        })
        .into_iter()
        .map(parallel::unbox)
        .collect();
        for (i, outcome) in outcomes.into_iter().enumerate() {
            let case = (start + i as u64) * n + k;
            let failures = match outcome {
                Outcome::Cancelled => {
                    summary.interrupted = true;
                    summary.stop = Stop::Interrupted;
                    break 'rounds;
                }
                Outcome::Broken(why) => bail!("{why}"),
                Outcome::Skipped => {
                    summary.skipped += 1;
                    done = start + i as u64 + 1;
                    continue;
                }
                Outcome::Checked(failures) => failures,
            };
            if let Some((_, f)) = failures.iter().find(|(_, f)| f.failure.kind == Kind::CannotRun) {
                bail!("{}", f.failure.detail);
            }
            summary.checked += 1;
            done = start + i as u64 + 1;
            if failures.is_empty() {
                summary.ok += 1;
                continue;
            }
            for (contender, failing) in failures {
                *summary.verdicts.entry(failing.failure.kind.as_str()).or_default() += 1;
                summary.failed = true;
                found(tools, s, case, contender, failing, &mut summary.finds);
                match s.keep_going {
                    None => {
                        summary.stop = Stop::Failure;
                        break 'rounds;
                    }
                    Some(max) if summary.finds.all().len() >= max => {
                        summary.stop = Stop::MaxFailures;
                        break 'rounds;
                    }
                    Some(_) => {}
                }
            }
        }
        if last_line.elapsed() > Duration::from_secs(10) {
            eprintln!(
                "{}: {end} cases, {} skipped, {:.0} s",
                s.name,
                summary.skipped,
                began.elapsed().as_secs_f64()
            );
            last_line = Instant::now();
        }
        start = end;
    }
    // The first case index of this shard that did not run.
    summary.end = if done == 0 { 0 } else { done * n + k };
    summary.found = summary.finds.all().iter().filter_map(|d| d.saved.clone()).collect();
    summary.elapsed = began.elapsed();
    Ok(summary)
}

fn report_of(tools: &Tools, s: &Settings, solver: &str, case: u64, f: &Failing) -> Report {
    Report {
        problem: s.name,
        solver: solver.to_string(),
        kind: f.failure.kind,
        input: f.input.clone(),
        expected: f.expected.clone(),
        actual: f.failure.actual.clone(),
        detail: f.failure.detail.clone(),
        oracle: "brute".into(),
        brute: None,
        config: tools.file.origin.clone(),
        seed: s.seed,
        case,
        size: describe(tools, &f.input),
        cases: 1,
        stride: 1,
    }
}

/// Saves the unshrunk find, shrinks it, saves the shrunk one and prints the
/// FOUND block once per distinct entry (`finds` counts the rest).
fn found(tools: &Tools, s: &Settings, case: u64, contender: usize, failing: Failing, finds: &mut report::Finds) {
    let c = &tools.contenders[contender];
    let name = format!("cmd:{}", c.program.display());
    let original = report_of(tools, s, &name, case, &failing);
    let mut store = report::Store::new(s.corpus.as_deref());
    if !s.shrink {
        store.keep(finds, &original, &original, None, "not shrunk (--no-shrink)");
        return;
    }
    // On disk before the word "shrinking" is: a run killed from here on loses nothing.
    store.save_unshrunk(&original);
    // With --keep-going the FOUND blocks and the closing count say it all.
    if s.keep_going.is_none() {
        eprintln!(
            "{}: `{name}` fails on case {case} ({}); shrinking...",
            s.name, original.size
        );
    }
    let shrinker = Shrinker {
        tools,
        contender: c,
        layers: &s.layers,
        time: s.shrink_time,
    };
    let shrunk = shrinker.shrink(failing);
    let best = report_of(tools, s, &name, case, &shrunk.best);
    let layers: Vec<String> = shrunk.layers.iter().map(ToString::to_string).collect();
    let note = format!(
        "shrunk from {} to {} in {} step{} ({:.2} s; by layer: {}){}",
        original.size,
        best.size,
        shrunk.steps,
        if shrunk.steps == 1 { "" } else { "s" },
        shrunk.elapsed.as_secs_f64(),
        layers.join("; "),
        if shrunk.cut_short {
            ", stopped early: time limit or Ctrl-C"
        } else {
            ""
        }
    );
    store.keep(finds, &original, &best, Some(&original.size), &note);
}
