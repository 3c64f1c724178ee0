//! Judging one contender (a built-in solver or an external program) on a unit
//! of test cases, and the verdict kinds that can come of it.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;

use crate::builtin::problem::{answer_text, Problem, Rejection, RelationOf, SolverOf};
use crate::oracle::{Oracle, Refusal};
use crate::quiet::in_solver;
use crate::style::clip;
use gen::judge::Format;
use sandbox::{Exit, Program, Run, RunError};

/// What went wrong. Shrinking keeps the kind: a crash never shrinks into a
/// wrong answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A wrong answer.
    Mismatch,
    /// Non-zero exit or a signal.
    Crash,
    /// Killed at the time limit.
    Timeout,
    /// Output that is not in the judge's output format.
    BadOutput,
    /// Two runs on the same input printed different outputs.
    Flaky,
    /// A built-in solver panicked.
    Panic,
    /// Not a verdict: the run was cut short by cancellation. Never stored.
    Cancelled,
    /// No verdict on any input: the program could not be started, or failed before reading any
    /// of its input, so nothing in the input can be to blame. The detail says what failed and
    /// what to do; the run stops with a usage error and stores nothing.
    CannotRun,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Mismatch => "mismatch",
            Kind::Crash => "crash",
            Kind::Timeout => "timeout",
            Kind::BadOutput => "bad-output",
            Kind::Flaky => "flaky",
            Kind::Panic => "panic",
            Kind::Cancelled => "cancelled",
            Kind::CannotRun => "cannot-run",
        }
    }
}

/// A failed run: its kind, what the contender printed, and what else is known
/// (exit status, stderr tail, parse error).
#[derive(Clone, Debug)]
pub struct Failure {
    pub kind: Kind,
    pub actual: String,
    pub detail: String,
    /// An interactive game's lines after the position, as the jury replays them.
    pub transcript: Option<String>,
}

impl Failure {
    /// A run cut short by cancellation ([`sandbox::signals::cancel`]): never a counterexample.
    fn cancelled() -> Failure {
        Failure {
            kind: Kind::Cancelled,
            actual: String::new(),
            detail: "stopped by Ctrl-C, SIGTERM or SIGHUP".into(),
            transcript: None,
        }
    }
}

/// Which case of a unit failed, when the failure can be pinned on one.
pub type Judged = Result<(), (Option<usize>, Failure)>;

pub enum Contender<P: Problem> {
    Builtin(&'static SolverOf<P>),
    External(External),
    /// A built-in solver held to a metamorphic relation instead of the oracle.
    Related(&'static SolverOf<P>, &'static RelationOf<P>),
    /// An external program held to a metamorphic relation: it answers the
    /// cases and their related instances, and the relation judges each pair.
    RelatedExternal(External, &'static RelationOf<P>),
    /// A saved fit (`--fit FILE`): a conjecture answering the cases that are points of its table.
    Fit(Box<crate::fit::contender::FitContender<P>>),
}

#[derive(Clone)]
pub struct External {
    pub program: Program,
    pub limit: Duration,
    /// Run twice and compare outputs (`--check-determinism`).
    pub twice: bool,
}

impl<P: Problem> Contender<P> {
    pub fn name(&self) -> String {
        match self {
            Contender::Builtin(s) => s.name.to_string(),
            Contender::External(e) => format!("cmd:{}", e.program.display()),
            Contender::Related(s, r) => format!("relation:{}:{}", r.name, s.name),
            Contender::RelatedExternal(e, r) => format!("relation:{}:cmd:{}", r.name, e.program.display()),
            Contender::Fit(f) => f.name.clone(),
        }
    }

    pub fn is_external(&self) -> bool {
        matches!(self, Contender::External(_) | Contender::RelatedExternal(..))
    }

    /// Runs on `cases` as one input and judges each answer against `expected`
    /// with the problem's check.
    pub fn judge(&self, cases: &[P::Instance], expected: &[P::Answer], oracle: &Oracle<P>) -> Judged {
        match self {
            Contender::Builtin(s) => judge_builtin(s, cases, expected, oracle),
            Contender::External(e) => judge_external(e, cases, expected, oracle),
            Contender::Related(s, r) => judge_related::<P>(s, r, cases),
            Contender::RelatedExternal(e, r) => judge_related_external::<P>(e, r, cases),
            Contender::Fit(f) => judge_fit(f, cases, expected, oracle),
        }
    }
}

/// Whether an entry's solver is an external program held to a relation
/// (`relation:RELATION:cmd:CMD`): a program not at hand on replay.
pub fn is_related_external(solver: &str) -> bool {
    solver
        .strip_prefix("relation:")
        .and_then(|rest| rest.split_once(':'))
        .is_some_and(|(_, who)| who.starts_with("cmd:"))
}

/// A solver's panic as a failure.
fn panicked(payload: Box<dyn std::any::Any + Send>) -> Failure {
    let message = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic with a non-text payload".into());
    Failure {
        kind: Kind::Panic,
        actual: String::new(),
        detail: format!("panicked: {message}"),
        transcript: None,
    }
}

/// Runs `s` on each case and on its relative under `r`; the oracle is not asked.
fn judge_related<P: Problem>(s: &SolverOf<P>, r: &RelationOf<P>, cases: &[P::Instance]) -> Judged {
    for (k, i) in cases.iter().enumerate() {
        let Some(j) = r.related(i) else {
            continue;
        };
        let run = |x: &P::Instance| in_solver(|| catch_unwind(AssertUnwindSafe(|| (s.run)(x))));
        let (a, b) = match (run(i), run(&j)) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(p), _) | (_, Err(p)) => return Err((Some(k), panicked(p))),
        };
        if let Err(why) = r.agrees(i, &a, &b) {
            let failure = Failure {
                kind: Kind::Mismatch,
                actual: format!(
                    "{}(on the {} instance: {})",
                    answer_text::<P>(&a),
                    r.name,
                    answer_text::<P>(&b).trim()
                ),
                detail: format!("metamorphic relation `{}` broke: {why}", r.name),
                transcript: None,
            };
            return Err((Some(k), failure));
        }
    }
    Ok(())
}

/// Runs the program on the cases that have a relative under `r`, then on those
/// relatives (two runs per unit), and holds each pair of answers to `r`.
fn judge_related_external<P: Problem>(e: &External, r: &RelationOf<P>, cases: &[P::Instance]) -> Judged {
    let (at, relatives): (Vec<usize>, Vec<P::Instance>) = cases
        .iter()
        .enumerate()
        .filter_map(|(k, i)| r.related(i).map(|j| (k, j)))
        .unzip();
    if at.is_empty() {
        return Ok(());
    }
    let originals: Vec<P::Instance> = at.iter().map(|&k| cases[k].clone()).collect();
    let before = answers_of::<P>(e, &originals)?;
    let after = answers_of::<P>(e, &relatives)?;
    for (n, &k) in at.iter().enumerate() {
        if let Err(why) = r.agrees(&cases[k], &before[n], &after[n]) {
            let failure = Failure {
                kind: Kind::Mismatch,
                actual: format!(
                    "{}(on the {} instance: {})",
                    answer_text::<P>(&before[n]),
                    r.name,
                    answer_text::<P>(&after[n]).trim()
                ),
                detail: format!(
                    "metamorphic relation `{}` broke: {why}{}",
                    r.name,
                    if cases.len() > 1 {
                        format!(" (case {} of {})", k + 1, cases.len())
                    } else {
                        String::new()
                    }
                ),
                transcript: None,
            };
            return Err((Some(k), failure));
        }
    }
    Ok(())
}

/// One run of the program on `cases`, and the answers read from its output.
fn answers_of<P: Problem>(e: &External, cases: &[P::Instance]) -> Result<Vec<P::Answer>, (Option<usize>, Failure)> {
    let text = run_once(e, &P::Judge::write_input(cases))?;
    match P::Judge::read_output(cases, &text) {
        Ok(answers) => Ok(answers),
        Err(err) => Err((
            None,
            Failure {
                kind: Kind::BadOutput,
                actual: clip(&text, 4000),
                detail: format!("could not read the output: {err}"),
                transcript: None,
            },
        )),
    }
}

fn judge_builtin<P: Problem>(
    s: &SolverOf<P>,
    cases: &[P::Instance],
    expected: &[P::Answer],
    oracle: &Oracle<P>,
) -> Judged {
    for (k, (i, want)) in cases.iter().zip(expected).enumerate() {
        match in_solver(|| catch_unwind(AssertUnwindSafe(|| (s.run)(i)))) {
            Ok(got) => match oracle.judge(i, want, &got) {
                Ok(()) => {}
                Err(Refusal::Wrong(why)) => {
                    let failure = Failure {
                        kind: Kind::Mismatch,
                        actual: answer_text::<P>(&got),
                        detail: reason(why),
                        transcript: None,
                    };
                    return Err((Some(k), failure));
                }
                Err(Refusal::NoVerdict(why)) => return Err((Some(k), no_verdict(why))),
            },
            Err(payload) => return Err((Some(k), panicked(payload))),
        }
    }
    Ok(())
}

/// A saved fit's answers; a case it cannot answer is no verdict, which stops the run (and
/// is no shrink candidate).
fn judge_fit<P: Problem>(
    f: &crate::fit::contender::FitContender<P>,
    cases: &[P::Instance],
    expected: &[P::Answer],
    oracle: &Oracle<P>,
) -> Judged {
    for (k, (i, want)) in cases.iter().zip(expected).enumerate() {
        let got = f.answer(i).map_err(|why| {
            let failure = Failure {
                kind: Kind::CannotRun,
                actual: String::new(),
                detail: format!("{}: {why}", f.name),
                transcript: None,
            };
            (Some(k), failure)
        })?;
        match oracle.judge(i, want, &got.answer) {
            Ok(()) => {}
            Err(Refusal::Wrong(why)) => {
                let why = reason(why);
                let failure = Failure {
                    kind: Kind::Mismatch,
                    actual: answer_text::<P>(&got.answer),
                    detail: [why, got.because]
                        .iter()
                        .filter(|w| !w.is_empty())
                        .cloned()
                        .collect::<Vec<_>>()
                        .join("; "),
                    transcript: None,
                };
                return Err((Some(k), failure));
            }
            Err(Refusal::NoVerdict(why)) => return Err((Some(k), no_verdict(why))),
        }
    }
    Ok(())
}

fn judge_external<P: Problem>(
    e: &External,
    cases: &[P::Instance],
    expected: &[P::Answer],
    oracle: &Oracle<P>,
) -> Judged {
    let input = P::Judge::write_input(cases);
    let first = output_of(e, &input).map_err(|f| (None, f))?;
    if let Some(judged) = oracle.judge_text(cases, &first, expected) {
        // The checker saw the unit as a whole: which case it rejects is found by bisection.
        let at = (cases.len() == 1).then_some(0);
        return match judged {
            Ok(()) => Ok(()),
            Err(Refusal::Wrong(why)) => Err((
                at,
                Failure {
                    kind: Kind::Mismatch,
                    actual: clip(&first, 4000),
                    detail: reason(why),
                    transcript: None,
                },
            )),
            Err(Refusal::NoVerdict(why)) => Err((at, no_verdict(why))),
        };
    }
    let answers = P::Judge::read_output(cases, &first).map_err(|err| {
        let detail = format!("could not read the output: {err}");
        (
            None,
            Failure {
                kind: Kind::BadOutput,
                actual: clip(&first, 4000),
                detail,
                transcript: None,
            },
        )
    })?;
    for (k, ((i, want), got)) in cases.iter().zip(expected).zip(&answers).enumerate() {
        let why = match oracle.judge(i, want, got) {
            Ok(()) => continue,
            Err(Refusal::Wrong(why)) => why,
            Err(Refusal::NoVerdict(why)) => return Err((Some(k), no_verdict(why))),
        };
        let detail = if cases.len() > 1 {
            format!(
                "case {} of {} is wrong: {}",
                k + 1,
                cases.len(),
                why.explain::<P>(want, got)
            )
        } else {
            reason(why)
        };
        let failure = Failure {
            kind: Kind::Mismatch,
            actual: clip(&first, 4000),
            detail,
            transcript: None,
        };
        return Err((Some(k), failure));
    }
    Ok(())
}

/// What `e` prints on `input`, run once, or twice with `--check-determinism`; a run that did not
/// finish cleanly, or two runs that disagree, are a failure of the whole input.
pub fn output_of(e: &External, input: &str) -> Result<String, Failure> {
    let first = run_once(e, input).map_err(|(_, f)| f)?;
    if e.twice {
        let second = run_once(e, input).map_err(|(_, f)| f)?;
        // Judges compare tokens, so only a difference in tokens is flaky.
        if second.split_whitespace().ne(first.split_whitespace()) {
            let detail = format!("second run printed:\n{}", clip(&second, 2000));
            return Err(Failure {
                kind: Kind::Flaky,
                actual: clip(&first, 4000),
                detail,
                transcript: None,
            });
        }
    }
    Ok(first)
}

/// A checker that failed stops the run: no input is to blame for it.
fn no_verdict(why: String) -> Failure {
    Failure {
        kind: Kind::CannotRun,
        actual: String::new(),
        detail: format!("{why}\n  no verdict, so nothing was stored: fix the checker and run again"),
        transcript: None,
    }
}

/// The words a mismatch's detail carries: none when the expected and actual
/// answers shown beside it say it all.
fn reason(r: Rejection) -> String {
    match r {
        Rejection::Differs => String::new(),
        Rejection::Because(why) => why,
    }
}

/// One run; a run that did not finish cleanly is a failure of the whole unit.
///
/// The rule for `CannotRun`: a failure (a non-zero exit, a signal, the time limit or an output
/// flood) counts against the input only if the program read some of it. Whatever happened
/// before the first byte was read happens on every input: a missing script behind
/// `python3 sol.py`, a missing library, a start-up slower than the time limit. Storing it would
/// give a meaningless counterexample, shrunk to the smallest input. The rule needs no history
/// of earlier runs, so it holds on the first case and on the millionth alike.
fn run_once(e: &External, input: &str) -> Result<String, (Option<usize>, Failure)> {
    let fail = |kind, actual: String, detail: String| {
        Err((
            None,
            Failure {
                kind,
                actual,
                detail,
                transcript: None,
            },
        ))
    };
    let run = match sandbox::run(&e.program, input, e.limit) {
        Ok(run) => run,
        Err(RunError::CannotStart(why)) => return fail(Kind::CannotRun, String::new(), why),
        // Cancellation killed the program: its run proves nothing either way.
        Err(RunError::Interrupted) => return Err((None, Failure::cancelled())),
    };
    let (kind, how) = if run.timed_out {
        let how = format!("killed after the time limit of {} ms", e.limit.as_millis());
        (Kind::Timeout, how)
    } else if run.output_overflow {
        (Kind::BadOutput, "killed: the output grew past the cap".into())
    } else {
        match run.exit {
            Some(Exit::Success) => match run.not_utf8 {
                Some(at) => (Kind::BadOutput, not_text(at, &run.stdout)),
                None => {
                    if let Some(note) = leftovers(&run) {
                        warn_once(&e.program, &note);
                    }
                    return Ok(run.stdout);
                }
            },
            Some(Exit::Code(c)) => (Kind::Crash, format!("exit code {c}")),
            Some(Exit::Signal(s)) => (Kind::Crash, format!("killed by signal {s}")),
            None => (Kind::Crash, "no exit status".into()),
        }
    };
    let stderr = if run.stderr_tail.trim().is_empty() {
        String::new()
    } else {
        format!("\nstderr (tail):\n{}", run.stderr_tail.trim_end())
    };
    if run.input_read == 0 {
        let slow = if kind == Kind::Timeout {
            "; if its start-up is that slow, raise --time-limit-ms"
        } else {
            ""
        };
        let detail = format!(
            "`{}` failed before reading any of its input ({how}), so no input is to blame and no \
             counterexample was stored{}\n  check that the command runs by itself and reads the judge's input \
             on stdin{slow}",
            e.program.display(),
            stderr.replace('\n', "\n  "),
        );
        return fail(Kind::CannotRun, String::new(), detail);
    }
    let stderr = if kind == Kind::Crash { stderr.as_str() } else { "" };
    let note = leftovers(&run).map(|n| format!("\n{n}")).unwrap_or_default();
    fail(kind, clip(&run.stdout, 2000), format!("{how}{stderr}{note}"))
}

/// Why an output with a byte that is not UTF-8 at `at` is no answer: judges compare text.
pub fn not_text(at: usize, lossy: &str) -> String {
    let line = lossy
        .char_indices()
        .take_while(|&(i, _)| i < at)
        .filter(|&(_, c)| c == '\n')
        .count()
        + 1;
    format!("byte {} (line {line}) of the output is not UTF-8 text", at + 1)
}

/// What the program left running outside its process group, if anything.
fn leftovers(run: &Run) -> Option<String> {
    if run.held_open {
        Some(format!(
            "a process outside its process group kept stdout or stderr open {} s after it exited \
             and could not be killed; the output is what had arrived by then",
            sandbox::PIPE_GRACE.as_secs()
        ))
    } else if !run.strays.is_empty() {
        let pids: Vec<String> = run.strays.iter().map(i32::to_string).collect();
        Some(format!(
            "processes outside its process group (pid {}) kept stdout or stderr open after it \
             exited; the harness killed them",
            pids.join(", ")
        ))
    } else {
        None
    }
}

/// Leftovers come back on every run of such a program: one warning tells the user.
fn warn_once(program: &Program, note: &str) {
    static WARNED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if !WARNED.swap(true, std::sync::atomic::Ordering::Relaxed) {
        eprintln!(
            "warning: `{}`: {note}\n  keep background processes in the program's process group, \
             or close their stdout and stderr",
            program.display()
        );
    }
}
