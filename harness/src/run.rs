//! The stress loop: generate, brute, judge every contender, and on the first
//! disagreement shrink it, store it and print it.
//!
//! Cases run in rounds; within a round, batches run in parallel and the failure
//! kept is the one with the lowest case index, so the outcome never depends on
//! the thread count.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Result;
use gen::judge::Format;
use gen::{Family, Rng};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::corpus::{Entry, Origin};
use crate::oracle::Oracle;
use crate::problem::Problem;
use crate::shrink::{shrink, Failing};
use crate::verdict::Contender;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Set by the Ctrl-C handler: stop generating, keep what was found.
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

pub struct Settings {
    pub cases: u64,
    pub seed: u64,
    /// `(k, n)`: run only the cases whose index is `k` mod `n`.
    pub shard: (u64, u64),
    /// Cases per external run.
    pub batch: usize,
    pub shrink: bool,
    pub shrink_time: Duration,
    pub corpus: Option<PathBuf>,
    /// Where the cases came from, for the corpus entry and the reproduce line.
    pub config: String,
}

pub struct Summary {
    pub checked: u64,
    pub skipped: u64,
    pub found: Vec<PathBuf>,
    /// A counterexample was found (even if the corpus was not written).
    pub failed: bool,
    pub interrupted: bool,
    pub elapsed: Duration,
}

/// A failure located in a batch: the case index where its unit starts.
struct Found<P: Problem> {
    case: u64,
    contender: usize,
    failing: Failing<P>,
}

struct BatchResult<P: Problem> {
    checked: u64,
    skipped: u64,
    found: Option<Found<P>>,
}

/// The case indices of local positions `range` under sharding.
fn case_index(s: &Settings, local: u64) -> u64 {
    local * s.shard.1 + s.shard.0
}

fn run_batch<P: Problem>(
    params: &P::Params,
    contenders: &[Contender<P>],
    oracle: &Oracle<P>,
    s: &Settings,
    locals: std::ops::Range<u64>,
) -> BatchResult<P> {
    let mut cases = Vec::new();
    let mut expected = Vec::new();
    let mut ids = Vec::new();
    let mut skipped = 0;
    for local in locals {
        if interrupted() {
            break;
        }
        let id = case_index(s, local);
        let instance = params.generate(&mut Rng::for_case(s.seed, id));
        match oracle.answer(&instance) {
            Some(answer) => {
                cases.push(instance);
                expected.push(answer);
                ids.push(id);
            }
            None => skipped += 1,
        }
    }
    let mut found: Option<Found<P>> = None;
    if !cases.is_empty() {
        for (ci, c) in contenders.iter().enumerate() {
            if let Err((at, failure)) = c.judge(&cases, &expected) {
                let (start, failing) = locate(c, &cases, &expected, at, failure);
                if found.as_ref().is_none_or(|f| ids[start] < f.case) {
                    found = Some(Found {
                        case: ids[start],
                        contender: ci,
                        failing,
                    });
                }
            }
        }
    }
    BatchResult {
        checked: ids.len() as u64,
        skipped,
        found,
    }
}

/// Narrows a batch failure to the smallest unit that shows it: one case if any
/// case fails alone, else the cases up to the failure (state leaking between
/// cases fails only in a batch).
fn locate<P: Problem>(
    c: &Contender<P>,
    cases: &[P::Instance],
    expected: &[P::Answer],
    at: Option<usize>,
    failure: crate::verdict::Failure,
) -> (usize, Failing<P>) {
    let single = |k: usize, failure| Failing {
        unit: vec![cases[k].clone()],
        expected: vec![expected[k].clone()],
        failure,
    };
    let prefix = |end: usize, failure| Failing {
        unit: cases[..end].to_vec(),
        expected: expected[..end].to_vec(),
        failure,
    };
    // A case alone must fail the same way, or it is not what the batch showed.
    let kind = failure.kind;
    let alone = |k: usize| match c.judge(&cases[k..=k], &expected[k..=k]) {
        Err((_, f)) if f.kind == kind => Some((k, single(k, f))),
        _ => None,
    };
    match at {
        _ if cases.len() == 1 => (0, prefix(1, failure)),
        Some(k) if !c.is_external() => (k, single(k, failure)),
        Some(k) => alone(k).unwrap_or_else(|| (0, prefix(k + 1, failure))),
        None => (0..cases.len())
            .find_map(alone)
            .unwrap_or_else(|| (0, prefix(cases.len(), failure))),
    }
}

fn progress_bar(total: u64) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:32}] {human_pos}/{human_len} cases, {msg}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    Some(bar)
}

pub fn stress<P: Problem>(
    params: &P::Params,
    contenders: &[Contender<P>],
    oracle: &Oracle<P>,
    s: &Settings,
) -> Result<Summary> {
    let began = Instant::now();
    let (k, n) = s.shard;
    let total = s.cases / n + u64::from(s.cases % n > k);
    let external = contenders.iter().any(Contender::is_external);
    let batch = if external { s.batch.max(1) } else { 1 } as u64;
    let threads = rayon::current_num_threads() as u64;
    // Small rounds for slow external runs keep Ctrl-C and the first failure prompt.
    let round = if external {
        batch * threads * 4
    } else {
        (threads * 256).max(1024)
    };
    let bar = progress_bar(total);
    let mut last_line = Instant::now();
    let (mut checked, mut skipped) = (0u64, 0u64);
    let mut summary = Summary {
        checked: 0,
        skipped: 0,
        found: vec![],
        failed: false,
        interrupted: false,
        elapsed: Duration::ZERO,
    };
    let mut start = 0;
    while start < total {
        let end = (start + round).min(total);
        let batches: Vec<_> = (start..end)
            .step_by(batch as usize)
            .map(|b| b..(b + batch).min(end))
            .collect();
        let results: Vec<BatchResult<P>> = batches
            .into_par_iter()
            .map(|r| run_batch(params, contenders, oracle, s, r))
            .collect();
        if interrupted() {
            summary.interrupted = true;
            break;
        }
        let mut first: Option<Found<P>> = None;
        for r in results {
            checked += r.checked;
            skipped += r.skipped;
            if let Some(f) = r.found {
                if first.as_ref().is_none_or(|g| f.case < g.case) {
                    first = Some(f);
                }
            }
        }
        if let Some(bar) = &bar {
            bar.set_position(end);
            let rate = end as f64 / began.elapsed().as_secs_f64().max(1e-9);
            bar.set_message(format!("{rate:.0} cases/s, {skipped} skipped"));
        } else if last_line.elapsed() > Duration::from_secs(10) {
            eprintln!(
                "{}: {end}/{total} cases, {skipped} skipped, {:.0} s",
                P::NAME,
                began.elapsed().as_secs_f64()
            );
            last_line = Instant::now();
        }
        if let Some(f) = first {
            if let Some(bar) = &bar {
                bar.finish_and_clear();
            }
            summary.failed = true;
            summary.found.extend(report(params, contenders, oracle, s, f)?);
            break;
        }
        start = end;
    }
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    summary.checked = checked;
    summary.skipped = skipped;
    summary.elapsed = began.elapsed();
    Ok(summary)
}

fn size_of<P: Problem>(unit: &[P::Instance]) -> String {
    match unit {
        [one] => P::size(one),
        many => format!("{} cases", many.len()),
    }
}

fn entry_of<P: Problem>(
    name: &str,
    oracle: &Oracle<P>,
    s: &Settings,
    case: u64,
    failing: &Failing<P>,
    shrunk_from: Option<String>,
) -> Entry {
    let f = &failing.failure;
    Entry {
        problem: P::NAME.into(),
        verdict: f.kind.as_str().into(),
        solver: Some(name.into()),
        input: P::Judge::write_input(&failing.unit),
        expected: P::Judge::write_output(&failing.expected),
        actual: Some(f.actual.clone()),
        detail: (!f.detail.is_empty()).then(|| f.detail.clone()),
        origin: Some(Origin {
            config: Some(s.config.clone()),
            seed: Some(s.seed),
            case: Some(case),
            shrunk_from,
            note: match oracle {
                Oracle::Brute(_) => None,
                Oracle::Solver(_) => Some(format!("expected answers from {}", oracle.name())),
            },
        }),
    }
}

/// Saves the unshrunk failure, shrinks it, replaces it with the shrunk one and
/// prints what a person needs to act on it.
fn report<P: Problem>(
    params: &P::Params,
    contenders: &[Contender<P>],
    oracle: &Oracle<P>,
    s: &Settings,
    found: Found<P>,
) -> Result<Vec<PathBuf>> {
    let contender = &contenders[found.contender];
    let name = contender.name();
    let original = size_of::<P>(&found.failing.unit);
    let original_cases = found.failing.unit.len();
    let mut saved = None;
    if let Some(dir) = &s.corpus {
        saved = Some(entry_of(&name, oracle, s, found.case, &found.failing, None).save(dir)?);
    }
    let mut note = String::from("not shrunk (--no-shrink)");
    let mut best = found.failing;
    if s.shrink {
        eprintln!(
            "{}: `{name}` fails on case {} ({original}); shrinking...",
            P::NAME,
            found.case
        );
        let shrunk = shrink(params, contender, best, oracle, s.shrink_time);
        note = format!(
            "shrunk from {original} to {} in {} steps ({:.2} s){}",
            size_of::<P>(&shrunk.best.unit),
            shrunk.steps,
            shrunk.elapsed.as_secs_f64(),
            if shrunk.cut_short {
                ", stopped early: time limit or Ctrl-C"
            } else {
                ""
            }
        );
        best = shrunk.best;
        if let Some(dir) = &s.corpus {
            let path = entry_of(&name, oracle, s, found.case, &best, Some(original.clone())).save(dir)?;
            if let Some(old) = saved.replace(path.clone()) {
                if old != path {
                    std::fs::remove_file(&old).ok();
                }
            }
        }
    }
    print_failure::<P>(
        &name,
        &oracle.name(),
        s,
        (found.case, original_cases),
        &best,
        &note,
        saved.as_deref(),
    );
    Ok(saved.into_iter().collect())
}

fn indent(text: &str) -> String {
    let body = if text.trim().is_empty() {
        "(nothing)"
    } else {
        text.trim_end()
    };
    body.lines().map(|l| format!("    {l}\n")).collect()
}

fn print_failure<P: Problem>(
    name: &str,
    oracle: &str,
    s: &Settings,
    (case, count): (u64, usize),
    best: &Failing<P>,
    note: &str,
    saved: Option<&Path>,
) {
    let f = &best.failure;
    let what = match f.kind {
        crate::verdict::Kind::Mismatch => "gives a wrong answer",
        crate::verdict::Kind::Crash => "crashes",
        crate::verdict::Kind::Timeout => "runs past the time limit",
        crate::verdict::Kind::BadOutput => "prints output that is not in the judge's format",
        crate::verdict::Kind::Flaky => "prints different outputs on the same input",
        crate::verdict::Kind::Panic => "panics",
    };
    let mut out = format!(
        "\nFOUND {}: solver `{name}` {what} (verdict: {})\n  from case {case} of seed {} ({}); {note}\n  input:\n{}  expected ({oracle}):\n{}  actual ({name}):\n{}",
        P::NAME,
        f.kind.as_str(),
        s.seed,
        s.config,
        indent(&P::Judge::write_input(&best.unit)),
        indent(&P::Judge::write_output(&best.expected)),
        indent(&f.actual),
    );
    if !f.detail.is_empty() {
        out.push_str(&format!("  detail:\n{}", indent(&f.detail)));
    }
    match saved {
        Some(p) => out.push_str(&format!("  saved: {}\n", p.display())),
        None => out.push_str("  not saved (no corpus)\n"),
    }
    let count = if count > 1 {
        format!(" --count {count}")
    } else {
        String::new()
    };
    out.push_str(&format!(
        "  the original input: harness gen --config {} --seed {} --case {case}{count}\n",
        s.config, s.seed
    ));
    println!("{out}");
}
