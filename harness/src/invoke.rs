//! `harness invoke`: every chosen solution on every judge-size test, under the
//! judge's time and memory limits and a fixed stack, as Polygon's invocations
//! table shows them: a verdict (OK, WA, TLE, MLE, RE with the signal), wall
//! time and peak memory per test and solution.
//!
//! Each solution is a process, built-in solvers too (`harness run-solver`), so
//! all face the same limits: the stack is `RLIMIT_STACK` of the main thread,
//! memory is the peak resident set `wait4` reports, with `RLIMIT_DATA` set
//! above the limit as a guard. Answers are judged by the problem's check
//! against the trusted reference (the problem's first default solver).
//! Solutions run one at a time, so their times do not disturb each other.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context, Result};
use brute::Budget;

use crate::judge_size::{self, Spec};
use crate::process::{self, Exit, Input, Program, Rlimits, RunError};
use crate::registry::{DynProblem, Judgement};

pub struct Solution {
    /// As the table heads its column: `fast`, or the command line.
    pub name: String,
    pub program: Program,
}

impl Solution {
    /// A built-in solver, run as `harness run-solver` so it is a process like any other.
    pub fn builtin(problem: &dyn DynProblem, name: &str) -> Result<Solution> {
        let exe = std::env::current_exe().map_err(|e| anyhow!("cannot find the harness binary: {e}"))?;
        let cmd = [
            exe.display().to_string(),
            "run-solver".into(),
            "--problem".into(),
            problem.id().name.into(),
            "--solver".into(),
            name.into(),
        ];
        let line = shlex::try_join(cmd.iter().map(String::as_str)).map_err(|e| anyhow!("{e}"))?;
        Ok(Solution {
            name: name.to_string(),
            program: Program::parse(&line).map_err(|e| anyhow!(e))?,
        })
    }

    pub fn command(cmd: &str) -> Result<Solution> {
        Ok(Solution {
            name: cmd.to_string(),
            program: Program::parse(cmd).map_err(|e| anyhow!("--solver-cmd `{cmd}`: {e}"))?,
        })
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub time: Duration,
    /// Peak resident memory, bytes.
    pub memory: u64,
    /// Main-thread stack, bytes.
    pub stack: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Ok,
    WrongAnswer(String),
    TimeLimit,
    MemoryLimit,
    /// Stdout past `process::STDOUT_CAP`: the run was stopped.
    OutputLimit,
    /// A crash: the exit code or signal, and what it likely means.
    RuntimeError(String),
}

impl Verdict {
    pub fn short(&self) -> &'static str {
        match self {
            Verdict::Ok => "OK",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::OutputLimit => "OLE",
            Verdict::RuntimeError(_) => "RE",
        }
    }

    /// [`Verdict::short`], coloured when `on`: OK green, limits yellow, the rest red.
    pub fn paint(&self, on: bool) -> String {
        use crate::style::{paint, Colour};
        let colour = match self {
            Verdict::Ok => Colour::Green,
            Verdict::TimeLimit | Verdict::MemoryLimit | Verdict::OutputLimit => Colour::Yellow,
            Verdict::WrongAnswer(_) | Verdict::RuntimeError(_) => Colour::Red,
        };
        paint(self.short(), colour, on)
    }
}

pub struct Cell {
    pub verdict: Verdict,
    pub time: Duration,
    pub memory: u64,
    /// The end of stderr, for the notes under the table.
    pub stderr: String,
}

pub struct Invocations {
    pub tests: Vec<Spec>,
    pub solutions: Vec<String>,
    /// `cells[test][solution]`.
    pub cells: Vec<Vec<Cell>>,
    pub limits: Limits,
}

impl Invocations {
    pub fn all_ok(&self) -> bool {
        self.cells.iter().flatten().all(|c| c.verdict == Verdict::Ok)
    }
}

/// Runs every solution on every test (or the named ones); `progress` hears each step. A signal
/// stops it after the cells measured so far, which it returns (the last row may be short).
pub fn invoke(
    problem: &dyn DynProblem,
    tests: Vec<Spec>,
    solutions: &[Solution],
    limits: Limits,
    progress: &mut dyn FnMut(&str),
) -> Result<Invocations> {
    let rlimits = Rlimits {
        stack: Some(limits.stack),
        data: Some((2 * limits.memory).max(limits.memory + (256 << 20))),
    };
    let scratch = Scratch::new()?;
    let mut cells = Vec::with_capacity(tests.len());
    'tests: for (k, spec) in tests.iter().enumerate() {
        if crate::cancel::cancelled() {
            break;
        }
        let began = Instant::now();
        let path = scratch.0.join(format!("{k}.in"));
        // The input is on disk and out of memory before any solution starts (see `Input::File`).
        let (size, reference) = {
            let input = judge_size::input(problem, spec)?;
            std::fs::write(&path, &input).with_context(|| format!("cannot write {}", path.display()))?;
            let reference = problem
                .solve_with(None, &mut input.as_bytes())
                .map_err(|e| anyhow!("the reference on `{}`: {e}", spec.name))?;
            (input.len(), reference)
        };
        progress(&format!(
            "{}: {} ({} MB, made and answered in {:.1} s)",
            spec.name,
            spec.about,
            size / 1_000_000,
            began.elapsed().as_secs_f64()
        ));
        let mut row = Vec::with_capacity(solutions.len());
        for s in solutions {
            let Some(cell) = run_one(problem, &path, &reference, s, limits, &rlimits)? else {
                // A signal: the rows measured so far are the table (see `cancel`).
                if !row.is_empty() {
                    cells.push(row);
                }
                break 'tests;
            };
            progress(&format!(
                "  {:<24} {:<4} {:>7.0} ms {:>7.1} MiB",
                s.name,
                cell.verdict.short(),
                cell.time.as_secs_f64() * 1000.0,
                mib(cell.memory)
            ));
            row.push(cell);
        }
        cells.push(row);
    }
    let tests = tests.into_iter().take(cells.len()).collect();
    Ok(Invocations {
        tests,
        solutions: solutions.iter().map(|s| s.name.clone()).collect(),
        cells,
        limits,
    })
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / f64::from(1 << 20)
}

/// A folder for the tests' inputs, removed when the invocations are done.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch> {
        let dir = std::env::temp_dir().join(format!("harness-invoke-{}", std::process::id()));
        std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn run_one(
    problem: &dyn DynProblem,
    input: &Path,
    reference: &str,
    s: &Solution,
    limits: Limits,
    rlimits: &Rlimits,
) -> Result<Option<Cell>> {
    let run = match process::run_limited(&s.program, Input::File(input), limits.time, rlimits) {
        Ok(run) => run,
        Err(RunError::CannotStart(why)) => return Err(anyhow!(why)),
        Err(RunError::Interrupted) => return Ok(None),
    };
    let verdict = if run.timed_out {
        Verdict::TimeLimit
    } else if run.output_overflow {
        Verdict::OutputLimit
    } else if run.peak_rss > limits.memory || (run.exit != Some(Exit::Success) && out_of_memory(&run.stderr_tail)) {
        // An allocation refused by the guard (`RLIMIT_DATA`) fails before the peak passes the
        // limit: the program says so as it dies.
        Verdict::MemoryLimit
    } else {
        match run.exit {
            Some(Exit::Success) => {
                let input =
                    std::fs::read_to_string(input).with_context(|| format!("cannot read {}", input.display()))?;
                match problem.judge_output(&input, &run.stdout, Some(reference), None, &Budget::new(1_000_000))? {
                    Judgement::Accepted => Verdict::Ok,
                    Judgement::Rejected(why) => Verdict::WrongAnswer(why),
                    Judgement::Malformed(e) => Verdict::WrongAnswer(format!("the output is malformed: {e}")),
                }
            }
            Some(Exit::Code(c)) => Verdict::RuntimeError(format!("exit code {c}")),
            Some(Exit::Signal(sig)) => Verdict::RuntimeError(signal(sig, &run.stderr_tail, limits.stack)),
            None => Verdict::RuntimeError("no exit status".into()),
        }
    };
    Ok(Some(Cell {
        verdict,
        time: run.elapsed,
        memory: run.peak_rss,
        stderr: run.stderr_tail,
    }))
}

/// Whether a program's last words say an allocation failed, in the words of the usual runtimes:
/// Python, C++, Rust, Java, C (glibc's message).
fn out_of_memory(stderr: &str) -> bool {
    [
        "MemoryError",
        "std::bad_alloc",
        "memory allocation of",
        "java.lang.OutOfMemoryError",
        "Cannot allocate memory",
    ]
    .iter()
    .any(|words| stderr.contains(words))
}

/// A signal by name, with what it most likely means.
fn signal(sig: i32, stderr: &str, stack: u64) -> String {
    let stack = format!("{} MiB", stack >> 20);
    match sig {
        libc::SIGSEGV => {
            format!("SIGSEGV: likely a stack overflow (deep recursion on a {stack} stack) or a bad pointer")
        }
        libc::SIGABRT if stderr.contains("overflowed its stack") => {
            format!("SIGABRT: stack overflow on a {stack} stack")
        }
        libc::SIGABRT => "SIGABRT: an abort (a failed assertion, an uncaught exception, out of memory)".into(),
        libc::SIGFPE => "SIGFPE: division by zero".into(),
        libc::SIGBUS => "SIGBUS: a bad memory access".into(),
        libc::SIGKILL => "SIGKILL: killed from outside (the system's out-of-memory killer?)".into(),
        other => format!("signal {other}"),
    }
}

/// The table, then a note per failing cell.
pub fn render(inv: &Invocations) -> String {
    let colour = crate::style::stdout_colour();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "limits: {} ms, {} MiB, stack {} MiB",
        inv.limits.time.as_millis(),
        inv.limits.memory >> 20,
        inv.limits.stack >> 20
    );
    let name_width = inv.tests.iter().map(|t| t.name.len()).max().unwrap_or(4).max(4);
    let col = |s: &str| s.chars().count().max(22);
    let _ = write!(out, "{:<name_width$}", "test");
    for s in &inv.solutions {
        let _ = write!(out, "  {:<w$}", s, w = col(s));
    }
    out.push('\n');
    for (spec, row) in inv.tests.iter().zip(&inv.cells) {
        let _ = write!(out, "{:<name_width$}", spec.name);
        for (s, cell) in inv.solutions.iter().zip(row) {
            let text = format!(
                "{:<3} {:>6.0} ms {:>6.1} MiB",
                cell.verdict.short(),
                cell.time.as_secs_f64() * 1000.0,
                mib(cell.memory)
            );
            // Padded first: the colour's escapes take no column.
            let padded = format!("{:<w$}", text, w = col(s));
            let short = cell.verdict.short();
            let _ = write!(out, "  {}{}", cell.verdict.paint(colour), &padded[short.len()..]);
        }
        out.push('\n');
    }
    let mut notes = String::new();
    for (spec, row) in inv.tests.iter().zip(&inv.cells) {
        for (s, cell) in inv.solutions.iter().zip(row) {
            let what = match &cell.verdict {
                Verdict::Ok => continue,
                Verdict::WrongAnswer(why) => format!("wrong answer: {why}"),
                Verdict::TimeLimit => format!("killed at the time limit of {} ms", inv.limits.time.as_millis()),
                Verdict::MemoryLimit if cell.memory <= inv.limits.memory => format!(
                    "an allocation failed at peak memory {:.1} MiB: it asked for more than the limit of {} MiB allows",
                    mib(cell.memory),
                    inv.limits.memory >> 20
                ),
                Verdict::MemoryLimit => format!(
                    "peak memory {:.1} MiB is over the limit of {} MiB",
                    mib(cell.memory),
                    inv.limits.memory >> 20
                ),
                Verdict::OutputLimit => format!("printed more than {} MiB and was stopped", process::STDOUT_CAP >> 20),
                Verdict::RuntimeError(why) => why.clone(),
            };
            let _ = writeln!(notes, "  {} on {}: {what}", s, spec.name);
            let tail = cell.stderr.trim();
            if !tail.is_empty() && !matches!(cell.verdict, Verdict::WrongAnswer(_)) {
                let last: Vec<&str> = tail.lines().rev().take(3).collect();
                for line in last.into_iter().rev() {
                    let _ = writeln!(notes, "      stderr: {line}");
                }
            }
        }
    }
    if !notes.is_empty() {
        out.push_str("\nnot OK:\n");
        out.push_str(&notes);
    }
    out
}

/// Parses a size: `256M`, `256MiB`, `1G`, `64K`, or bytes.
pub fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (number, unit) = t.split_at(digits);
    let number: u64 = number
        .parse()
        .map_err(|_| format!("`{s}` is not a size: give e.g. 256M, 1G, 64K or a number of bytes"))?;
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        other => return Err(format!("`{s}`: unknown unit `{other}`: use K, M or G (powers of 1024)")),
    };
    let bytes = number
        .checked_mul(1 << shift)
        .ok_or_else(|| format!("`{s}` is too large"))?;
    if bytes < 1 << 16 {
        return Err(format!("`{s}` is under 64 KiB: no program starts in that"));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_take_units_and_refuse_nonsense() {
        assert_eq!(parse_size("256M"), Ok(256 << 20));
        assert_eq!(parse_size("256MiB"), Ok(256 << 20));
        assert_eq!(parse_size("1g"), Ok(1 << 30));
        assert_eq!(parse_size("65536"), Ok(65536));
        for bad in ["", "M", "12 parsecs", "-5M", "1K", "99999999999999G"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn signals_say_what_they_likely_mean() {
        assert!(signal(libc::SIGSEGV, "", 8 << 20).contains("stack overflow (deep recursion on a 8 MiB stack)"));
        assert!(signal(libc::SIGABRT, "thread 'main' has overflowed its stack", 8 << 20).contains("stack overflow"));
        assert!(signal(libc::SIGABRT, "", 8 << 20).contains("abort"));
    }
}
