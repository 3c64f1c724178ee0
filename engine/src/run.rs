//! The stress loop, for every kind of problem ([`Subject`]): generate, ask the
//! oracle, judge every contender, and on the first disagreement (or, with
//! `--keep-going`, on every one) shrink it, store it and print it.
//!
//! Cases run in rounds; within a round, batches run in parallel and failures
//! are handled in case-index order, so the outcome never depends on the thread
//! count. With `--keep-going` every failing case is shrunk and its entry kept
//! unless an earlier case of the run already shrank to the same entry: the
//! kept set depends only on which cases ran, so the corpora of N shards add up
//! to the corpus of one process over the same cases, file for file.

use std::collections::{BTreeMap, HashSet};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use sandbox::signals::cancelled;

use crate::exhaustive::Plan;
use crate::parallel;
use crate::report::{self, Report};
use crate::shrink;
use crate::subject::{Failing, Subject};
use crate::verdict::{Failure, Kind};

pub struct Settings {
    pub problem: &'static str,
    /// What one case is called in the closing line: `case`, `game`.
    pub noun: &'static str,
    /// Cases over all shards; `None` runs until `duration` is up.
    pub cases: Option<u64>,
    /// Stop starting rounds after this long.
    pub duration: Option<Duration>,
    /// `Some(max)`: keep every distinct counterexample, up to `max` entries,
    /// instead of stopping at the first.
    pub keep_going: Option<usize>,
    pub seed: u64,
    /// `(k, n)`: run only the cases whose index is `k` mod `n`.
    pub shard: (u64, u64),
    pub shrink: bool,
    pub shrink_time: Duration,
    pub corpus: Option<PathBuf>,
    /// Where the cases came from, for the corpus entry and the reproduce line.
    pub config: String,
    /// Who answers: `brute` or `reference:NAME`, as entries record it.
    pub oracle: String,
    /// Brute's `[brute]` options, stored with every entry.
    pub brute: Option<toml::Table>,
    /// The cases are every instance of this enumeration, in order, not random ones.
    pub exhaustive: Option<Plan>,
}

/// Why a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Every case asked for ran.
    Cases,
    /// `--duration` was up.
    Duration,
    /// The first counterexample (without `--keep-going`).
    Failure,
    /// `--max-failures` distinct counterexamples were kept.
    MaxFailures,
    /// Ctrl-C, SIGTERM or SIGHUP.
    Interrupted,
    /// A program of the problem (the generator, the oracle) failed after
    /// counterexamples were kept; without any, the run is an error instead.
    Broken,
}

impl Stop {
    pub fn as_str(self) -> &'static str {
        match self {
            Stop::Cases => "cases",
            Stop::Duration => "duration",
            Stop::Failure => "failure",
            Stop::MaxFailures => "max-failures",
            Stop::Interrupted => "interrupted",
            Stop::Broken => "broken",
        }
    }
}

pub struct Summary {
    pub problem: &'static str,
    /// As in [`Settings`].
    pub noun: &'static str,
    pub seed: u64,
    /// As in [`Settings`].
    pub cases: Option<u64>,
    pub shard: (u64, u64),
    pub oracle: String,
    /// The contenders' names, as entries record them.
    pub solvers: Vec<String>,
    pub checked: u64,
    pub skipped: u64,
    /// Every case index below `end` that belongs to the shard was generated.
    pub end: u64,
    /// Failures by verdict kind, one per failing case and contender.
    pub verdicts: BTreeMap<&'static str, u64>,
    /// Cases where every contender passed.
    pub ok: u64,
    /// The entries on disk, one per distinct counterexample that could be saved.
    pub found: Vec<PathBuf>,
    /// Every distinct counterexample, saved or not, and the cases that came to it.
    pub finds: report::Finds,
    /// Timeouts that did not repeat when their unit ran again alone: not finds.
    pub unconfirmed: u64,
    /// A counterexample was found (even if it could not be saved).
    pub failed: bool,
    pub interrupted: bool,
    pub stop: Stop,
    pub elapsed: Duration,
    /// As in [`Settings`].
    pub exhaustive: Option<Plan>,
}

/// A failure located in a batch: the case index where its unit starts.
struct Found<S: Subject> {
    case: u64,
    contender: usize,
    failing: Failing<S>,
    /// How the case was blamed, when it took extra runs.
    blame: Option<Blame>,
    /// A timeout that repeated when its unit ran again alone ([`confirmed`]).
    repeated: bool,
}

struct BatchResult<S: Subject> {
    checked: u64,
    skipped: u64,
    /// With `--keep-going`: every failing unit, located.
    found: Vec<Found<S>>,
    /// Without `--keep-going`: the batch's failures, not yet located. Only the
    /// lowest failing batch of a round is located, since the run stops there.
    unlocated: Option<Unlocated<S>>,
    /// A program of the problem failed on these cases: the run stops, nothing passed.
    broken: Option<Broken>,
}

/// A batch some contenders failed, kept whole until it is known to be the
/// one the run stops at.
struct Unlocated<S: Subject> {
    cases: Vec<S::Case>,
    expected: Vec<S::Answer>,
    ids: Vec<u64>,
    /// `(contender, failing case if known, failure)`.
    failures: Vec<(usize, Option<usize>, Failure)>,
}

/// What stopped a run before any contender ran: the generator or the oracle failed.
struct Broken {
    /// The cases it failed on (one input).
    ids: Vec<u64>,
    why: String,
    /// The oracle failed, not the generator.
    oracle: bool,
}

impl<S: Subject> Unlocated<S> {
    /// What is about to happen, for a person waiting on a slow program;
    /// `None` when blaming takes no program runs.
    fn announce(&self, problem: &str, subject: &S) -> Option<String> {
        let contenders = subject.contenders();
        let names: Vec<String> = self
            .failures
            .iter()
            .filter(|(ci, _, _)| contenders[*ci].external)
            .map(|(ci, _, _)| format!("`{}`", contenders[*ci].name))
            .collect();
        if names.is_empty() || self.cases.len() == 1 {
            return None;
        }
        Some(format!(
            "{problem}: {} failed on the batch of cases {}..{} ({} cases); finding the case to blame...",
            names.join(", "),
            self.ids[0],
            self.ids[self.ids.len() - 1],
            self.ids.len()
        ))
    }

    fn locate(self, subject: &S) -> Vec<Found<S>> {
        let (cases, expected, ids) = (&self.cases, &self.expected, &self.ids);
        self.failures
            .into_iter()
            .map(|(ci, at, failure)| {
                let (start, failing, blame) = locate(subject, ci, cases, expected, at, failure);
                Found {
                    case: ids[start],
                    contender: ci,
                    failing,
                    blame,
                    repeated: false,
                }
            })
            .collect()
    }
}

/// What blaming one case of a failing batch took.
struct Blame {
    /// The batch's size.
    batch: usize,
    /// The unit kept when no smaller part fails alone.
    unit: usize,
    runs: usize,
    elapsed: Duration,
}

impl Blame {
    /// `case`: the index of the unit's first case.
    fn describe(&self, problem: &str, name: &str, case: u64) -> String {
        let what = if self.unit == 1 {
            format!("case {case}")
        } else {
            format!("{} cases from case {case} together (no part fails alone)", self.unit)
        };
        let plural = if self.runs == 1 { "run" } else { "runs" };
        format!(
            "{problem}: `{name}`: blamed {what} in a batch of {}: {} {plural}, {:.1} s",
            self.batch,
            self.runs,
            self.elapsed.as_secs_f64()
        )
    }
}

/// The case indices of local positions `range` under sharding.
fn case_index(s: &Settings, local: u64) -> u64 {
    local * s.shard.1 + s.shard.0
}

fn run_batch<S: Subject>(subject: &S, s: &Settings, locals: std::ops::Range<u64>) -> BatchResult<S> {
    let broken = |ids: Vec<u64>, why: String, oracle: bool| BatchResult {
        checked: 0,
        skipped: 0,
        found: vec![],
        unlocated: None,
        broken: Some(Broken { ids, why, oracle }),
    };
    let mut generated = Vec::new();
    let mut generated_ids = Vec::new();
    let wanted: Vec<u64> = locals.map(|local| case_index(s, local)).collect();
    for (made, id) in subject.generate_unit(s.seed, &wanted).into_iter().zip(wanted) {
        if cancelled() {
            break;
        }
        match made {
            Ok(case) => generated.push(case),
            // A program killed by a signal fails, and says nothing about the problem.
            Err(_) if cancelled() => break,
            Err(why) => return broken(vec![id], why, false),
        }
        generated_ids.push(id);
    }
    let answers = match subject.answers(&generated) {
        Ok(answers) => answers,
        Err(why) => return broken(generated_ids, why, true),
    };
    let mut cases = Vec::new();
    let mut expected = Vec::new();
    let mut ids = Vec::new();
    let mut skipped = 0;
    for ((instance, answer), id) in generated.into_iter().zip(answers).zip(generated_ids) {
        match answer {
            Some(answer) => {
                cases.push(instance);
                expected.push(answer);
                ids.push(id);
            }
            None => skipped += 1,
        }
    }
    if cancelled() {
        // A signal stops brute searches where they are: a case it cut short was not over budget.
        skipped = 0;
    }
    let mut found = Vec::new();
    let mut unlocated = Vec::new();
    let mut complete = true;
    // Cases a contender could not be judged on: a tool was too slow twice, not a signal.
    let mut unjudged = std::collections::BTreeSet::new();
    for ci in 0..subject.contenders().len() {
        // With --keep-going a contender is judged again on the rest of the
        // batch after each failing unit, so every failing case is seen.
        let mut from = 0;
        while from < cases.len() {
            match subject.judge(ci, &cases[from..], &expected[from..]) {
                Err((Some(at), failure)) if failure.kind == Kind::Cancelled && !cancelled() => {
                    unjudged.insert(from + at);
                    from += at + 1;
                }
                Err((_, failure)) if failure.kind == Kind::Cancelled => {
                    complete = false;
                    break;
                }
                Err((at, failure)) if s.keep_going.is_none() => {
                    unlocated.push((ci, at, failure));
                    break;
                }
                Err((at, failure)) => {
                    let (start, failing, blame) = locate(subject, ci, &cases[from..], &expected[from..], at, failure);
                    let next = from + start + failing.unit.len();
                    found.push(Found {
                        case: ids[from + start],
                        contender: ci,
                        failing,
                        blame,
                        repeated: false,
                    });
                    from = next;
                }
                Ok(()) => break,
            }
        }
    }
    BatchResult {
        // A batch a signal cut short was not checked by every contender.
        checked: if complete {
            (ids.len() - unjudged.len()) as u64
        } else {
            0
        },
        skipped: skipped + unjudged.len() as u64,
        found,
        unlocated: (!unlocated.is_empty()).then(|| Unlocated {
            cases,
            expected,
            ids,
            failures: unlocated,
        }),
        broken: None,
    }
}

/// Narrows a batch failure to the smallest unit that shows it: one case if
/// one fails alone, else the cases that fail together (state leaking between
/// cases fails only in a batch).
///
/// A built-in solver names its failing case. An external program that names
/// one (a wrong answer at case `k`) is run on that case alone; one that does
/// not (a crash, a timeout, unreadable output) is bisected: the first half of
/// the failing range runs alone, and if it does not fail the same way the
/// second half does; the half that fails becomes the range, and its run's
/// failure is the one kept (no run is repeated). Each level costs at most two
/// runs, so a batch of `b` cases takes at most `2 log2(b) + 1`.
fn locate<S: Subject>(
    subject: &S,
    ci: usize,
    cases: &[S::Case],
    expected: &[S::Answer],
    at: Option<usize>,
    failure: Failure,
) -> (usize, Failing<S>, Option<Blame>) {
    let unit = |range: std::ops::Range<usize>, failure| Failing {
        unit: cases[range.clone()].to_vec(),
        expected: expected[range].to_vec(),
        failure,
    };
    if cases.len() == 1 {
        return (0, unit(0..1, failure), None);
    }
    if let (Some(k), false) = (at, subject.contenders()[ci].external) {
        return (k, unit(k..k + 1, failure), None);
    }
    let began = Instant::now();
    // A part must fail the same way, or it is not what the batch showed.
    let kind = failure.kind;
    let mut runs = 0;
    let mut fails = |range: std::ops::Range<usize>| {
        runs += 1;
        match subject.judge(ci, &cases[range.clone()], &expected[range]) {
            Err((at, f)) if f.kind == kind => Some((at, f)),
            _ => None,
        }
    };
    let (mut range, mut failure, mut at) = (0..cases.len(), failure, at);
    while range.len() > 1 {
        // A named case: everything after it is not needed, and it may fail alone.
        if let Some(k) = at {
            let k = range.start + k;
            range = range.start..k + 1;
            if let Some((_, f)) = fails(k..k + 1) {
                (range, failure) = (k..k + 1, f);
            }
            break;
        }
        let mid = range.start + range.len() / 2;
        if let Some((a, f)) = fails(range.start..mid) {
            (range, failure, at) = (range.start..mid, f, a);
        } else if let Some((a, f)) = fails(mid..range.end) {
            (range, failure, at) = (mid..range.end, f, a);
        } else {
            break;
        }
    }
    let blame = Blame {
        batch: cases.len(),
        unit: range.len(),
        runs,
        elapsed: began.elapsed(),
    };
    (range.start, unit(range, failure), Some(blame))
}

/// A bar on a terminal; without a case count (`--duration`) it only counts.
fn progress_bar(total: Option<u64>) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let Some(total) = total else {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} {human_pos} cases, {msg}").expect("valid template"),
        );
        return Some(bar);
    };
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:32}] {human_pos}/{human_len} cases, {msg}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    Some(bar)
}

pub fn stress<S: Subject>(subject: &S, s: &Settings) -> Result<Summary> {
    let began = Instant::now();
    let (k, n) = s.shard;
    // Without a case count the run goes on until the time is up.
    let mut total = s.cases.map_or(u64::MAX, |cases| cases / n + u64::from(cases % n > k));
    let batch = subject.batch().max(1) as u64;
    let threads = rayon::current_num_threads() as u64;
    // Small rounds for runs of programs keep Ctrl-C and the first failure prompt.
    let round = if subject.slow() {
        batch * threads * 4
    } else {
        (threads * 256).max(1024)
    };
    let bar = progress_bar(s.cases.map(|_| total));
    let mut last_line = Instant::now();
    // Whether the run was told how to bound a long projected time.
    let mut advised = false;
    let mut summary = Summary {
        problem: s.problem,
        noun: s.noun,
        seed: s.seed,
        cases: s.cases,
        shard: s.shard,
        oracle: s.oracle.clone(),
        solvers: subject.contenders().iter().map(|c| c.name.clone()).collect(),
        checked: 0,
        skipped: 0,
        end: 0,
        verdicts: BTreeMap::new(),
        ok: 0,
        found: vec![],
        finds: report::Finds::default(),
        unconfirmed: 0,
        failed: false,
        interrupted: false,
        stop: Stop::Cases,
        elapsed: Duration::ZERO,
        exhaustive: s.exhaustive.clone(),
    };
    let mut start = 0;
    while start < total {
        if s.duration.is_some_and(|d| began.elapsed() >= d) {
            summary.stop = Stop::Duration;
            break;
        }
        let mut end = start.saturating_add(round).min(total);
        let ids: Vec<u64> = (start..end).map(|local| case_index(s, local)).collect();
        let exist = subject.prepare(&ids) as u64;
        if exist < end - start {
            if cancelled() {
                summary.interrupted = true;
                summary.stop = Stop::Interrupted;
                break;
            }
            // An enumeration ended before its count's upper bound: the run ends with it.
            end = start + exist;
            total = end;
            if end == start {
                break;
            }
        }
        let batches: Vec<_> = (start..end)
            .step_by(batch as usize)
            .map(|b| b..(b + batch).min(end))
            .collect();
        let results: Vec<BatchResult<S>> =
            parallel::map(batches.len(), &|b| Box::new(run_batch(subject, s, batches[b].clone())))
                .into_iter()
                .map(parallel::unbox)
                .collect();
        // A round cut short still reports what it found before the signal.
        summary.interrupted = cancelled();
        // Cases before a broken one were checked and their finds count; the run stops at it.
        let broken = results
            .iter()
            .filter_map(|r| r.broken.as_ref())
            .min_by_key(|b| b.ids[0])
            .map(|b| (b.ids[0], b.oracle, broken_message(s, b)));
        let mut founds = Vec::new();
        let mut checked = 0;
        // Failing batches past the lowest one are not blamed: the run stops
        // before any of their cases would be shrunk. Each holds at least one
        // failing case per contender that failed it.
        let mut unblamed = 0;
        let mut first_failing = true;
        for r in results {
            checked += r.checked;
            summary.skipped += r.skipped;
            founds.extend(r.found);
            let Some(u) = r.unlocated else { continue };
            if std::mem::take(&mut first_failing) {
                let locate = || {
                    if let Some(line) = u.announce(s.problem, subject) {
                        eprintln!("{line}");
                    }
                    u.locate(subject)
                };
                founds.extend(match &bar {
                    Some(bar) => bar.suspend(locate),
                    None => locate(),
                });
            } else {
                unblamed += 1;
                for (_, _, f) in &u.failures {
                    *summary.verdicts.entry(f.kind.as_str()).or_default() += 1;
                }
            }
        }
        summary.checked += checked;
        if let Some((case, ..)) = &broken {
            founds.retain(|f| f.case < *case);
        }
        founds.sort_by_key(|f| (f.case, f.contender));
        founds.retain_mut(|f| confirmed(subject, f, &mut summary.unconfirmed));
        let failing: HashSet<u64> = founds.iter().map(|f| f.case).collect();
        summary.ok += checked.saturating_sub(failing.len() as u64 + unblamed);
        for f in &founds {
            *summary.verdicts.entry(f.failing.failure.kind.as_str()).or_default() += 1;
        }
        if !summary.interrupted {
            // The first case of this shard that did not run.
            summary.end = end.saturating_mul(n).saturating_add(k);
        }
        let pace = Pace::of(end, s.cases.map(|_| total), began.elapsed());
        if !advised && s.duration.is_none() && s.exhaustive.is_none() {
            if let Some(advice) = pace.advice() {
                advised = true;
                match &bar {
                    Some(bar) => bar.suspend(|| eprintln!("{}: {advice}", s.problem)),
                    None => eprintln!("{}: {advice}", s.problem),
                }
            }
        }
        if let Some(bar) = &bar {
            bar.set_position(end);
            bar.set_message(format!("{}, {} skipped", pace.describe(), summary.skipped));
        } else if last_line.elapsed() > Duration::from_secs(10) {
            let of = s.cases.map_or(String::new(), |_| format!("/{total}"));
            eprintln!(
                "{}: {end}{of} cases, {} skipped, {:.0} s, {}",
                s.problem,
                summary.skipped,
                began.elapsed().as_secs_f64(),
                pace.describe()
            );
            last_line = Instant::now();
        }
        let mut stop = None;
        for f in founds {
            if f.failing.failure.kind == Kind::CannotRun {
                if let Some(bar) = &bar {
                    bar.finish_and_clear();
                }
                anyhow::bail!("{}", f.failing.failure.detail);
            }
            summary.failed = true;
            if let Some(blame) = &f.blame {
                let line = blame.describe(s.problem, &subject.contenders()[f.contender].name, f.case);
                match &bar {
                    Some(bar) => bar.suspend(|| eprintln!("{line}")),
                    None => eprintln!("{line}"),
                }
            }
            // The bar steps aside while the find is shrunk and printed.
            let keep = || found(subject, s, f, &mut summary.finds);
            match &bar {
                Some(bar) => bar.suspend(keep),
                None => keep(),
            }
            match s.keep_going {
                None => stop = Some(Stop::Failure),
                Some(max) if summary.finds.all().len() >= max => stop = Some(Stop::MaxFailures),
                Some(_) => continue,
            }
            break;
        }
        if let Some(stop) = stop {
            summary.stop = stop;
            break;
        }
        if let Some((_, oracle, message)) = broken {
            if let Some(bar) = &bar {
                bar.finish_and_clear();
            }
            if summary.finds.all().is_empty() {
                anyhow::bail!("{message}");
            }
            let unchecked = if oracle {
                "no case was passed on it"
            } else {
                "nothing was stored"
            };
            eprintln!(
                "error: {}
  the run stops here; the counterexamples found before it are kept (below)",
                message.replacen(unchecked, "this case was not checked", 1)
            );
            summary.stop = Stop::Broken;
            break;
        }
        if summary.interrupted {
            summary.stop = Stop::Interrupted;
            break;
        }
        start = end;
    }
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    summary.found = summary.finds.all().iter().filter_map(|d| d.saved.clone()).collect();
    summary.elapsed = began.elapsed();
    Ok(summary)
}

/// How fast a run goes and, with a case count, how long it has left.
struct Pace {
    rate: f64,
    done: u64,
    total: Option<u64>,
    elapsed: Duration,
}

/// A projected run longer than this gets advice on bounding it, once.
const LONG_RUN: Duration = Duration::from_secs(180);

impl Pace {
    fn of(done: u64, total: Option<u64>, elapsed: Duration) -> Pace {
        Pace {
            rate: done as f64 / elapsed.as_secs_f64().max(1e-9),
            done,
            total,
            elapsed,
        }
    }

    fn left(&self) -> Option<Duration> {
        let left = self.total?.saturating_sub(self.done);
        (self.rate > 0.0 && left > 0).then(|| Duration::from_secs_f64(left as f64 / self.rate))
    }

    /// `38 cases/s`, `2.5 cases/s`, `0.19 cases/s`.
    fn rate(&self) -> String {
        format!("{} cases/s", crate::style::rate(self.rate))
    }

    /// `38 cases/s, ETA 4h12m`.
    fn describe(&self) -> String {
        let rate = self.rate();
        match self.left() {
            Some(left) => format!("{rate}, ETA {}", crate::duration::show(left)),
            None => rate,
        }
    }

    /// When the whole run projects past [`LONG_RUN`] (measured over at least a
    /// second): how to bound it.
    fn advice(&self) -> Option<String> {
        let (left, total) = (self.left()?, self.total?);
        if self.elapsed < Duration::from_secs(1) || self.elapsed + left < LONG_RUN {
            return None;
        }
        let in_two_minutes = ((self.rate * 120.0) as u64).max(1);
        Some(format!(
            "at {} the {total} cases take about {}; to bound the run, give --cases {in_two_minutes} \
             (about 2 minutes) or --duration 2m",
            self.rate(),
            crate::duration::show(self.elapsed + left)
        ))
    }
}

/// Whether a find stands. A stress run is not a judge: on a loaded machine a
/// program may miss its time limit once, so a timeout is a find only when its
/// unit, run again alone under the same limit, times out again (which its
/// FOUND block then says); otherwise it is counted in `unconfirmed`.
fn confirmed<S: Subject>(subject: &S, f: &mut Found<S>, unconfirmed: &mut u64) -> bool {
    if f.failing.failure.kind != Kind::Timeout || cancelled() {
        return true;
    }
    match subject.judge(f.contender, &f.failing.unit, &f.failing.expected) {
        Err((_, again)) if again.kind == Kind::Timeout => {
            f.repeated = true;
            true
        }
        _ => {
            *unconfirmed += 1;
            false
        }
    }
}

/// A program of the problem that failed (the generator, or the oracle), with the command that
/// shows the input again.
fn broken_message(s: &Settings, b: &Broken) -> String {
    let ids = &b.ids;
    let cases = match ids.as_slice() {
        [one] => format!("case {one}"),
        _ => format!("the {} cases from case {} (one input)", ids.len(), ids[0]),
    };
    let count = match (ids.len(), s.shard.1) {
        (1, _) => String::new(),
        (n, 1) => format!(" --count {n}"),
        (n, stride) => format!(" --count {n} --stride {stride}"),
    };
    let (what, passed) = match (b.oracle, s.exhaustive.is_some()) {
        (true, _) => (format!("no expected answer for {cases}"), "no case was passed on it"),
        (false, true) => (cases, "nothing was stored"),
        (false, false) => (format!("{cases} of seed {}", s.seed), "nothing was stored"),
    };
    if s.exhaustive.is_some() {
        // An enumeration's instance is no seed's case: `harness gen` would draw another input.
        return format!("{}: {what} of the enumeration: {}\n  {passed}", s.problem, b.why);
    }
    format!(
        "{}: {what}: {}\n  {passed}; to see the input: harness gen --config {} --seed {} --case {}{count}",
        s.problem,
        b.why,
        crate::style::shell_word(&s.config),
        s.seed,
        ids[0]
    )
}

/// The failure as text, the form the corpus and the report take.
fn report_of<S: Subject>(subject: &S, name: &str, s: &Settings, case: u64, failing: &Failing<S>) -> Report {
    let f = &failing.failure;
    Report {
        problem: s.problem,
        solver: name.to_string(),
        kind: f.kind,
        input: subject.input(&failing.unit),
        expected: subject.expected(&failing.expected),
        actual: f.actual.clone(),
        detail: f.detail.clone(),
        transcript: f.transcript.clone(),
        winning: None,
        oracle: s.oracle.clone(),
        brute: s.brute.clone(),
        config: s.config.clone(),
        seed: s.seed,
        case,
        size: subject.size(&failing.unit),
        cases: failing.unit.len(),
        stride: s.shard.1,
        exhaustive: s.exhaustive.as_ref().map(|p| p.what.clone()),
    }
}

/// Saves the unshrunk failure, shrinks it, saves the shrunk one in its place
/// and, for the first case of each entry, prints what a person needs to act
/// on it; later cases that come to the same entry are counted in `finds`. A
/// corpus that cannot be written never loses the find: it is printed in full
/// with the reason it was not saved.
fn found<S: Subject>(subject: &S, s: &Settings, found: Found<S>, finds: &mut report::Finds) {
    let name = subject.contenders()[found.contender].name.clone();
    let mut original = report_of(subject, &name, s, found.case, &found.failing);
    let mut store = report::Store::new(s.corpus.as_deref());
    let repeated = if found.repeated {
        "; the timeout repeated when the case ran again alone"
    } else {
        ""
    };
    if s.exhaustive.is_some() || !s.shrink {
        // Unshrunk, the input is what the block shows: its winning move is worth the search.
        original.winning = subject.winning_move(&found.failing.unit);
    }
    if s.exhaustive.is_some() {
        let note = format!("not shrunk: an exhaustive run meets the smallest failures first{repeated}");
        store.keep(finds, &original, &original, None, &note);
        return;
    }
    if !s.shrink {
        let note = format!("not shrunk (--no-shrink){repeated}");
        store.keep(finds, &original, &original, None, &note);
        return;
    }
    // On disk before the word "shrinking" is: a run killed from here on loses nothing.
    store.save_unshrunk(&original);
    // With --keep-going the FOUND blocks and the closing count say it all.
    if s.keep_going.is_none() {
        eprintln!(
            "{}: `{name}` fails on case {} ({}); shrinking...",
            s.problem, found.case, original.size
        );
    }
    let shrunk = subject.shrink(found.contender, found.failing, s.shrink_time);
    let mut best = report_of(subject, &name, s, found.case, &shrunk.best);
    best.winning = subject.winning_move(&shrunk.best.unit);
    let plural = if shrunk.steps == 1 { "step" } else { "steps" };
    // Layers are named where a shrinker has its own (a problem file's gen, spec, text).
    let layers = match shrunk.layers.as_slice() {
        [] => String::new(),
        [one] if one.layer == shrink::MOVES => String::new(),
        runs => format!(
            "; by layer: {}",
            runs.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
        ),
    };
    let note = format!(
        "shrunk from {} to {} in {} {plural} ({:.2} s{layers}){}",
        original.size,
        best.size,
        shrunk.steps,
        shrunk.elapsed.as_secs_f64(),
        if shrunk.cut_short {
            ", stopped early: time limit or Ctrl-C"
        } else {
            ""
        }
    ) + repeated;
    store.keep(finds, &original, &best, Some(&original.size), &note);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pace_shows_rate_and_time_left() {
        let pace = Pace::of(50, Some(1000), Duration::from_secs(10));
        assert_eq!(pace.describe(), "5.0 cases/s, ETA 3m10s");
        assert_eq!(Pace::of(5000, None, Duration::from_secs(2)).describe(), "2500 cases/s");
    }

    #[test]
    fn a_long_projected_run_is_told_how_to_bound_it() {
        // 20 cases/s: 100 000 cases take 1h23m20s.
        let advice = Pace::of(400, Some(100_000), Duration::from_secs(20)).advice().unwrap();
        assert!(
            advice.contains("20 cases/s the 100000 cases take about 1h23m20s"),
            "{advice}"
        );
        assert!(
            advice.contains("--cases 2400") && advice.contains("--duration 2m"),
            "{advice}"
        );
        // Short runs, and runs without a case count, get none.
        assert!(Pace::of(400, Some(1000), Duration::from_secs(20)).advice().is_none());
        assert!(Pace::of(400, None, Duration::from_secs(20)).advice().is_none());
    }
}
