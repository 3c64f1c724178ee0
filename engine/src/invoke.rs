//! `harness invoke`: every chosen solution on every judge-size test (those
//! beyond the judge's guarantee only when named) and on the problem's corpus
//! entries (its samples and every refutation found so far), under the judge's
//! time, memory and stack limits, as Polygon's invocations table shows them:
//! a verdict (OK, WA, TLE, MLE, RE with the signal), wall time and peak memory
//! per test and solution.
//!
//! A solution may be expected to fail (`--expect ./slow=TLE`, or `expect` in a
//! `[[solution]]` table; deliberately wrong built-in solvers expect WA), as
//! Polygon's solution tags and Kattis's `submissions/` folders say it: on each
//! test it must be OK or get one of the expected verdicts, and get one of them
//! at least once. The table marks every cell that breaks this.
//!
//! Each solution is a process, built-in solvers too (`harness run-solver`), so
//! all face the same limits: the stack is `RLIMIT_STACK` of the main thread,
//! memory is the peak resident set `wait4` reports, with `RLIMIT_DATA` set
//! above the limit as a guard. Answers are judged by a [`Jury`]: a built-in
//! problem's check against its trusted reference (the first default solver),
//! or a problem file's checker (or tokens) against its reference program.
//! Solutions run one at a time, so their times do not disturb each other.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context, Result};
use brute::Budget;

use crate::builtin::registry::{DynProblem, Judgement};
use crate::corpus;
use crate::files::{self, Within};
use crate::judge_size::{self, Spec};
use sandbox::{Exit, Input, Program, Rlimits, RunError};

/// What `harness invoke` asks, for a problem of any kind.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Built-in solvers by name.
    pub solvers: Vec<String>,
    pub solver_cmds: Vec<String>,
    /// A file of `[[solution]]` tables (with a built-in problem).
    pub solutions: Option<PathBuf>,
    /// The corpus whose entries make the test `corpus`; the problem's default when `None`.
    pub corpus: Option<PathBuf>,
    pub time_limit_ms: Option<u64>,
    /// Peak resident memory, bytes.
    pub memory: Option<u64>,
    /// Main-thread stack, bytes.
    pub stack: Option<u64>,
}

/// `invoke` of a built-in problem: the judge-size tests of configs/judge/, the
/// corpus row, the chosen built-in solvers, commands and `[[solution]]`
/// tables, and the judge's limits.
pub fn builtin_setup(problem: &'static dyn DynProblem, o: &Options) -> Result<Setup> {
    let mut tests: Vec<Test> = judge_size::specs(problem)?
        .into_iter()
        .map(|spec| Test::judge_size(problem, spec))
        .collect();
    let dir = o.corpus.clone().unwrap_or_else(crate::config::default_corpus);
    tests.extend(Test::corpus(problem, &dir)?);
    let mut solutions = Vec::new();
    let builtins: Vec<String> = if o.solvers.is_empty() && o.solver_cmds.is_empty() && o.solutions.is_none() {
        problem
            .solvers()
            .iter()
            .filter(|s| s.default)
            .map(|s| s.name.to_string())
            .collect()
    } else {
        o.solvers.clone()
    };
    for name in &builtins {
        problem.check_solver(name, "--solver")?;
        solutions.push(Solution::builtin(problem, name)?);
    }
    for cmd in &o.solver_cmds {
        solutions.push(Solution::command(cmd)?);
    }
    if let Some(file) = &o.solutions {
        solutions.extend(load_solutions(problem, file)?);
    }
    let limits = judge_limits(problem, o);
    Ok(Setup {
        name: problem.id().name.to_string(),
        jury: Box::new(BuiltIn(problem)),
        tests,
        solutions,
        limits,
    })
}

/// The judge's time, memory and stack limits of a built-in problem, or those `o` names.
pub fn judge_limits(problem: &dyn DynProblem, o: &Options) -> Limits {
    let judge = problem.id().judge;
    let (stack_mib, stack_source) = judge.stack_mib();
    Limits {
        time: Duration::from_millis(o.time_limit_ms.unwrap_or(u64::from(judge.time_ms))),
        memory: o.memory.unwrap_or(u64::from(judge.memory_mib) << 20),
        stack: o.stack.unwrap_or(u64::from(stack_mib) << 20),
        stack_source: if o.stack.is_some() { "--stack" } else { stack_source },
    }
}

/// The resource limits a solution runs under: the stack, and a data limit above the memory
/// limit as a guard (the verdict is judged on the peak resident memory).
pub fn rlimits(limits: Limits) -> Rlimits {
    Rlimits {
        stack: Some(limits.stack),
        data: Some((2 * limits.memory).max(limits.memory + (256 << 20))),
        ..Rlimits::default()
    }
}

/// Who answers a test and judges a solution's output: what `invoke` needs of
/// a problem, built-in ([`BuiltIn`]) or a problem file.
pub trait Jury {
    /// The trusted answer to `input`.
    fn answer(&self, input: &str) -> Result<String>;
    /// A solution's `output` on `input`, judged against `answer`.
    fn judge(&self, input: &str, output: &str, answer: &str) -> Result<Judgement>;
    /// Solution `s` on the test whose input is the file `input`: a run of the program on it,
    /// judged; an interactive jury plays a game instead. `None` when a signal stopped it.
    fn run(&self, s: &Solution, input: &Path, answer: &str, limits: Limits, rlimits: &Rlimits) -> Result<Option<Cell>> {
        run_one(self, s, input, answer, limits, rlimits)
    }
}

/// A built-in problem as a [`Jury`]: its first default solver answers, its check judges.
pub struct BuiltIn(pub &'static dyn DynProblem);

impl Jury for BuiltIn {
    fn answer(&self, input: &str) -> Result<String> {
        self.0.solve_with(None, &mut input.as_bytes())
    }

    fn judge(&self, input: &str, output: &str, answer: &str) -> Result<Judgement> {
        self.0
            .judge_output(input, output, Some(answer), None, &Budget::new(1_000_000))
    }
}

pub struct Solution {
    /// As the table heads its column: `fast`, or the command line.
    pub name: String,
    pub program: Program,
    /// The verdicts it may get where it is not OK; empty: OK everywhere.
    pub expect: Vec<Kind>,
}

impl Solution {
    /// A built-in solver, run as `harness run-solver` so it is a process like
    /// any other. A deliberately wrong one (named `wrong-...`) expects WA.
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
            expect: if deliberately_wrong(name) {
                vec![Kind::WrongAnswer]
            } else {
                vec![]
            },
        })
    }

    pub fn command(cmd: &str) -> Result<Solution> {
        Ok(Solution {
            name: cmd.to_string(),
            program: Program::parse(cmd).map_err(|e| anyhow!("--solver-cmd `{cmd}`: {e}"))?,
            expect: vec![],
        })
    }
}

/// A file of solutions with their expected verdicts (`invoke --config`):
///
/// ```toml
/// [[solution]]
/// cmd = "./slow"        # or solver = "wrong-sum" (a built-in one)
/// expect = ["TLE"]      # verdicts it may get where it is not OK; none: OK everywhere
/// ```
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SolutionsFile {
    #[serde(rename = "solution")]
    solutions: Vec<SolutionEntry>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SolutionEntry {
    cmd: Option<String>,
    solver: Option<String>,
    expect: Option<Vec<String>>,
}

/// The solutions of a `[[solution]]` file.
pub fn load_solutions(problem: &dyn DynProblem, path: &Path) -> Result<Vec<Solution>> {
    let text = files::read_text(path, Within::Anywhere, files::WRITTEN)?;
    let file: SolutionsFile = toml::from_str(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (k, entry) in file.solutions.into_iter().enumerate() {
        let whence = format!("{}: [[solution]] number {}", path.display(), k + 1);
        let mut solution = match (entry.cmd, entry.solver) {
            (Some(cmd), None) => Solution::command(&cmd).with_context(|| whence.clone())?,
            (None, Some(name)) => {
                problem.check_solver(&name, &whence)?;
                Solution::builtin(problem, &name)?
            }
            _ => anyhow::bail!("{whence}: give exactly one of `cmd` (a program) and `solver` (a built-in one)"),
        };
        if let Some(expect) = entry.expect {
            solution.expect = expect
                .iter()
                .map(|v| Kind::parse(v))
                .collect::<Result<_, _>>()
                .map_err(|e| anyhow!("{whence}: key `expect`: {e}"))?;
        }
        out.push(solution);
    }
    Ok(out)
}

/// The naming convention of deliberately wrong built-in solvers.
pub fn deliberately_wrong(solver: &str) -> bool {
    solver.starts_with("wrong-")
}

/// A verdict without its details: what an expectation names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Ok,
    WrongAnswer,
    TimeLimit,
    MemoryLimit,
    OutputLimit,
    RuntimeError,
}

impl Kind {
    const ALL: [Kind; 6] = [
        Kind::Ok,
        Kind::WrongAnswer,
        Kind::TimeLimit,
        Kind::MemoryLimit,
        Kind::OutputLimit,
        Kind::RuntimeError,
    ];

    pub fn short(self) -> &'static str {
        match self {
            Kind::Ok => "OK",
            Kind::WrongAnswer => "WA",
            Kind::TimeLimit => "TLE",
            Kind::MemoryLimit => "MLE",
            Kind::OutputLimit => "OLE",
            Kind::RuntimeError => "RE",
        }
    }

    /// `TLE`, `tle`: one of OK, WA, TLE, MLE, OLE, RE.
    pub fn parse(s: &str) -> Result<Kind, String> {
        Kind::ALL
            .into_iter()
            .find(|k| k.short().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown verdict `{s}`: use OK, WA, TLE, MLE, OLE or RE"))
    }
}

/// `NAME=V[,V...]` of `--expect`: a solution's name or command, then verdicts.
pub fn parse_expect(arg: &str) -> Result<(String, Vec<Kind>), String> {
    let (name, list) = arg
        .rsplit_once('=')
        .ok_or_else(|| format!("`{arg}`: give NAME=VERDICTS, e.g. ./slow=TLE or ./rec=RE,TLE"))?;
    if name.trim().is_empty() {
        return Err(format!("`{arg}`: no solution named before `=`"));
    }
    let kinds = list.split(',').map(Kind::parse).collect::<Result<Vec<_>, _>>()?;
    Ok((name.trim().to_string(), kinds))
}

#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub time: Duration,
    /// Peak resident memory, bytes.
    pub memory: u64,
    /// Main-thread stack, bytes.
    pub stack: u64,
    /// Where the stack comes from, for the table's header.
    pub stack_source: &'static str,
}

impl Limits {
    /// `limits: 1000 ms, 256 MiB, stack 8 MiB (where the stack comes from)`.
    pub fn describe(&self) -> String {
        format!(
            "limits: {} ms, {} MiB, stack {} MiB ({})",
            self.time.as_millis(),
            self.memory >> 20,
            self.stack >> 20,
            self.stack_source
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Ok,
    WrongAnswer(String),
    TimeLimit,
    MemoryLimit,
    /// Stdout past `sandbox::STDOUT_CAP`: the run was stopped.
    OutputLimit,
    /// A crash: the exit code or signal, and what it likely means.
    RuntimeError(String),
}

impl Verdict {
    pub fn kind(&self) -> Kind {
        match self {
            Verdict::Ok => Kind::Ok,
            Verdict::WrongAnswer(_) => Kind::WrongAnswer,
            Verdict::TimeLimit => Kind::TimeLimit,
            Verdict::MemoryLimit => Kind::MemoryLimit,
            Verdict::OutputLimit => Kind::OutputLimit,
            Verdict::RuntimeError(_) => Kind::RuntimeError,
        }
    }

    pub fn short(&self) -> &'static str {
        self.kind().short()
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

/// What a problem gives `invoke`: who judges, the tests (in order), the
/// solutions and the limits.
pub struct Setup {
    /// The problem's name, for messages.
    pub name: String,
    pub jury: Box<dyn Jury>,
    pub tests: Vec<Test>,
    pub solutions: Vec<Solution>,
    pub limits: Limits,
}

/// A row of the table: a judge-size test, or the problem's corpus entries.
pub struct Test {
    pub name: String,
    pub about: String,
    /// Outside the judge's guarantee: run only when named.
    pub beyond: bool,
    make: Make,
}

enum Make {
    /// One input, made when its row runs, so that one big input at a time is in memory.
    Later(Box<dyn Fn() -> Result<String>>),
    /// Judge inputs, each a run; the row shows the worst.
    Inputs(Vec<String>),
}

/// `the corpus entry`, `the 3 corpus entries`.
fn entries(n: usize) -> String {
    if n == 1 {
        "the corpus entry".into()
    } else {
        format!("the {n} corpus entries")
    }
}

impl Test {
    pub fn judge_size(problem: &'static dyn DynProblem, spec: Spec) -> Test {
        let (name, about, beyond) = (spec.name.clone(), spec.about.clone(), spec.beyond);
        Test::later(name, about, move || judge_size::input(problem, &spec)).beyond(beyond)
    }

    /// A test of one input, made by `make` when its row runs.
    pub fn later(name: String, about: String, make: impl Fn() -> Result<String> + 'static) -> Test {
        Test {
            name,
            about,
            beyond: false,
            make: Make::Later(Box::new(make)),
        }
    }

    /// A test of several inputs, each a run; the row shows the worst.
    pub fn inputs(name: String, about: String, inputs: Vec<String>) -> Test {
        Test {
            name,
            about,
            beyond: false,
            make: Make::Inputs(inputs),
        }
    }

    /// The row `corpus`: every entry of the problem in `dir` (judge samples and
    /// the refutations found so far) inside the judge's guarantee, packed into as
    /// few inputs as the judge's framing allows; and the row `corpus-beyond`, run
    /// only when named, of those outside it (a refutation of a solution on inputs
    /// the judge never gives). No row where there is no entry.
    pub fn corpus(problem: &dyn DynProblem, dir: &Path) -> Result<Vec<Test>> {
        let Some((folder, inputs)) = corpus::inputs_of(dir, problem.id().name)? else {
            return Ok(Vec::new());
        };
        let mut within = Vec::new();
        let mut beyond = Vec::new();
        let guarantee = judge_size::Guarantee::of(problem)?;
        for input in inputs {
            match guarantee.outside(&input) {
                None => within.push(input),
                Some(_) => beyond.push(input),
            }
        }
        let mut rows = Vec::new();
        if !within.is_empty() {
            let about = format!(
                "{} of {}: judge samples and every refutation kept",
                entries(within.len()),
                folder.display()
            );
            rows.push(Test::inputs("corpus".into(), about, problem.pack_inputs(&within)?));
        }
        if !beyond.is_empty() {
            let about = format!(
                "{} of {} outside the judge's guarantee ({})",
                entries(beyond.len()),
                folder.display(),
                problem.id().guarantee
            );
            rows.push(Test::inputs("corpus-beyond".into(), about, problem.pack_inputs(&beyond)?).beyond(true));
        }
        Ok(rows)
    }

    /// The same test, outside the judge's guarantee when `beyond`: run only when named.
    pub fn beyond(self, beyond: bool) -> Test {
        Test { beyond, ..self }
    }

    fn made(&self) -> Result<Vec<String>> {
        match &self.make {
            Make::Later(make) => Ok(vec![make()?]),
            Make::Inputs(inputs) => Ok(inputs.clone()),
        }
    }
}

pub struct Invocations {
    pub tests: Vec<Test>,
    pub solutions: Vec<String>,
    /// Each solution's expected verdicts, in `solutions`' order.
    pub expect: Vec<Vec<Kind>>,
    /// `cells[test][solution]`.
    pub cells: Vec<Vec<Cell>>,
    pub limits: Limits,
}

impl Invocations {
    /// A verdict the solution was not expected to get.
    pub fn unexpected(&self, test: usize, solution: usize) -> bool {
        // A row a signal cut short has no cell for the solutions after it.
        let Some(cell) = self.cells.get(test).and_then(|row| row.get(solution)) else {
            return false;
        };
        let kind = cell.verdict.kind();
        kind != Kind::Ok && !self.expect[solution].contains(&kind)
    }

    /// Why a solution expected to fail did not, if so: it got none of its
    /// expected verdicts anywhere.
    pub fn missed(&self, solution: usize) -> Option<String> {
        let expect = &self.expect[solution];
        if expect.is_empty() || expect.contains(&Kind::Ok) {
            return None;
        }
        let got = self
            .cells
            .iter()
            .any(|row| expect.contains(&row[solution].verdict.kind()));
        (!got).then(|| {
            format!(
                "(expected {} on some test, but got none)",
                expect.iter().map(|k| k.short()).collect::<Vec<_>>().join(" or ")
            )
        })
    }

    /// Every solution behaved as expected.
    pub fn as_expected(&self) -> bool {
        (0..self.solutions.len())
            .all(|s| self.missed(s).is_none() && (0..self.tests.len()).all(|t| !self.unexpected(t, s)))
    }
}

/// Runs every solution on every test; `progress` hears each step. A signal stops it after the
/// cells measured so far, which it returns (the last row may be short).
pub fn invoke(
    jury: &dyn Jury,
    tests: Vec<Test>,
    solutions: &[Solution],
    limits: Limits,
    progress: &mut dyn FnMut(&str),
) -> Result<Invocations> {
    let rlimits = rlimits(limits);
    let scratch = Scratch::new()?;
    let mut cells = Vec::with_capacity(tests.len());
    'tests: for test in &tests {
        if sandbox::signals::cancelled() {
            break;
        }
        let began = Instant::now();
        // Each input is on disk and out of memory before any solution starts (see `Input::File`).
        let mut files = Vec::new();
        let mut size = 0;
        for (k, input) in test.made()?.into_iter().enumerate() {
            let path = scratch.0.join(format!("{}-{k}.in", cells.len()));
            std::fs::write(&path, &input).with_context(|| format!("cannot write {}", path.display()))?;
            let reference = jury
                .answer(&input)
                .map_err(|e| anyhow!("the reference on `{}`: {e:#}", test.name))?;
            size += input.len();
            files.push((path, reference));
        }
        progress(&format!(
            "{}: {} ({}, made and answered in {:.1} s)",
            test.name,
            test.about,
            crate::style::bytes(size),
            began.elapsed().as_secs_f64()
        ));
        let mut row = Vec::with_capacity(solutions.len());
        for s in solutions {
            let Some(cell) = run_all(jury, &files, s, limits, &rlimits)? else {
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
        expect: solutions.iter().map(|s| s.expect.clone()).collect(),
        cells,
        limits,
    })
}

/// One solution on every input of a test: the first verdict that is not OK
/// (the rest are not run), the longest time and the largest memory.
fn run_all(
    jury: &dyn Jury,
    files: &[(PathBuf, String)],
    s: &Solution,
    limits: Limits,
    rlimits: &Rlimits,
) -> Result<Option<Cell>> {
    let mut worst: Option<Cell> = None;
    for (path, reference) in files {
        let Some(cell) = jury.run(s, path, reference, limits, rlimits)? else {
            return Ok(None);
        };
        let failed = cell.verdict != Verdict::Ok;
        worst = Some(match worst {
            None => cell,
            Some(w) => Cell {
                time: w.time.max(cell.time),
                memory: w.memory.max(cell.memory),
                ..cell
            },
        });
        if failed {
            break;
        }
    }
    worst.map(Some).ok_or_else(|| anyhow!("a test without input"))
}

pub(crate) fn mib(bytes: u64) -> f64 {
    bytes as f64 / f64::from(1 << 20)
}

/// A folder for the tests' inputs, removed when the invocations are done.
pub(crate) struct Scratch(pub(crate) PathBuf);

impl Scratch {
    /// A folder of its own: one scratch may be made while another lives (an audit's mutants and
    /// the random run of one of them), and each removes only its own.
    pub(crate) fn new() -> Result<Scratch> {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let k = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = files::temporary(&format!("harness-invoke-{}-{k}", std::process::id())).map_err(|e| anyhow!(e))?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A batch run of the solution on the input file, judged by `jury` against `reference`.
fn run_one<J: Jury + ?Sized>(
    jury: &J,
    s: &Solution,
    input: &Path,
    reference: &str,
    limits: Limits,
    rlimits: &Rlimits,
) -> Result<Option<Cell>> {
    let run = match sandbox::run_limited(&s.program, Input::File(input), limits.time, rlimits) {
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
            Some(Exit::Success) if run.not_utf8.is_some() => Verdict::WrongAnswer(format!(
                "the output is malformed: {}",
                crate::verdict::not_text(run.not_utf8.unwrap_or_default(), &run.stdout)
            )),
            Some(Exit::Success) => {
                let input =
                    std::fs::read_to_string(input).with_context(|| format!("cannot read {}", input.display()))?;
                match jury.judge(&input, &run.stdout, reference)? {
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
pub fn out_of_memory(stderr: &str) -> bool {
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
pub fn signal(sig: i32, stderr: &str, stack: u64) -> String {
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

/// The table (a `!` after each verdict the solution was not expected to
/// get), a note per failing cell, and whether each solution behaved as expected.
pub fn render(inv: &Invocations) -> String {
    let colour = crate::style::stdout_colour();
    let mut out = format!("{}\n", inv.limits.describe());
    let name_width = inv.tests.iter().map(|t| t.name.len()).max().unwrap_or(4).max(4);
    let heads = heads(inv);
    let col = |s: &str| s.chars().count().max(23);
    let _ = write!(out, "{:<name_width$}", "test");
    for h in &heads {
        let _ = write!(out, "  {:<w$}", h, w = col(h));
    }
    out.push('\n');
    for (t, (test, row)) in inv.tests.iter().zip(&inv.cells).enumerate() {
        let _ = write!(out, "{:<name_width$}", test.name);
        for (s, (h, cell)) in heads.iter().zip(row).enumerate() {
            let verdict = format!(
                "{}{}",
                cell.verdict.short(),
                if inv.unexpected(t, s) { "!" } else { "" }
            );
            let text = format!(
                "{verdict:<4} {:>6.0} ms {:>6.1} MiB",
                cell.time.as_secs_f64() * 1000.0,
                mib(cell.memory)
            );
            // Padded first: the colour's escapes take no column.
            let padded = format!("{:<w$}", text, w = col(h));
            let short = cell.verdict.short();
            let _ = write!(out, "  {}{}", cell.verdict.paint(colour), &padded[short.len()..]);
        }
        out.push('\n');
    }
    let failures = failures(inv);
    if !failures.is_empty() {
        out.push_str("\nnot OK:\n");
        for f in &failures {
            let _ = writeln!(out, "  {} on {}: {}", f.solution, f.test, f.what);
            for line in &f.stderr {
                let _ = writeln!(out, "      stderr: {line}");
            }
        }
    }
    out.push_str(
        "\nexpected verdicts ([...] after a name; OK everywhere when none; ! marks a verdict not expected):\n",
    );
    for (name, line) in inv.solutions.iter().zip(expectations(inv)) {
        let _ = writeln!(out, "  {name}: {line}");
    }
    out
}

/// The columns' heads: each solution's name, with its expected verdicts
/// after it in brackets.
pub fn heads(inv: &Invocations) -> Vec<String> {
    inv.solutions
        .iter()
        .zip(&inv.expect)
        .map(|(s, e)| match e.as_slice() {
            [] => s.clone(),
            kinds => format!(
                "{s} [{}]",
                kinds.iter().map(|k| k.short()).collect::<Vec<_>>().join(",")
            ),
        })
        .collect()
}

/// A cell that is not OK, in words: what happened and the end of its stderr
/// (not for a wrong answer, whose reason says it).
pub struct Failure<'a> {
    pub test: &'a str,
    pub solution: &'a str,
    pub what: String,
    pub stderr: Vec<&'a str>,
}

/// Every cell that is not OK, test by test.
pub fn failures(inv: &Invocations) -> Vec<Failure<'_>> {
    let mut out = Vec::new();
    for (test, row) in inv.tests.iter().zip(&inv.cells) {
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
                Verdict::OutputLimit => format!("printed more than {} MiB and was stopped", sandbox::STDOUT_CAP >> 20),
                Verdict::RuntimeError(why) => why.clone(),
            };
            let stderr = if matches!(cell.verdict, Verdict::WrongAnswer(_)) {
                Vec::new()
            } else {
                let last: Vec<&str> = cell.stderr.trim().lines().rev().take(3).collect();
                last.into_iter().rev().filter(|l| !l.is_empty()).collect()
            };
            out.push(Failure {
                test: &test.name,
                solution: s,
                what,
                stderr,
            });
        }
    }
    out
}

/// Per solution, in order: `as expected`, or `NOT AS EXPECTED` with where.
pub fn expectations(inv: &Invocations) -> Vec<String> {
    (0..inv.solutions.len())
        .map(|s| {
            let unexpected: Vec<&str> = (0..inv.tests.len())
                .filter(|&t| inv.unexpected(t, s))
                .map(|t| inv.tests[t].name.as_str())
                .collect();
            let mut wrong = Vec::new();
            if !unexpected.is_empty() {
                wrong.push(format!("on {}", unexpected.join(", ")));
            }
            wrong.extend(inv.missed(s));
            if wrong.is_empty() {
                "as expected".to_string()
            } else {
                format!("NOT AS EXPECTED {}", wrong.join("; "))
            }
        })
        .collect()
}

/// Parses a size: `256M`, `256MiB`, `1G`, `64K`, or bytes.
pub fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (number, unit) = t.split_at(digits);
    // `1.5M` would otherwise read as 1 of the unit `.5M`.
    if unit.starts_with(['.', ',']) {
        return Err(format!(
            "`{s}` is not a whole number: a size is a whole number with a unit, e.g. 1536K (not 1.5M)"
        ));
    }
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
        assert_eq!(
            parse_size("1.5M"),
            Err("`1.5M` is not a whole number: a size is a whole number with a unit, e.g. 1536K (not 1.5M)".into())
        );
        for bad in ["", "M", "12 parsecs", "-5M", "1K", "99999999999999G", "2,5G"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn expectations_parse_names_and_verdicts() {
        assert_eq!(
            parse_expect("./rec=RE,tle"),
            Ok(("./rec".into(), vec![Kind::RuntimeError, Kind::TimeLimit]))
        );
        assert_eq!(
            parse_expect("python3 a.py --x=1=TLE"),
            Ok(("python3 a.py --x=1".into(), vec![Kind::TimeLimit]))
        );
        for bad in ["./slow", "=TLE", "./slow=SLOW", "./slow=TLE,"] {
            assert!(parse_expect(bad).is_err(), "{bad}");
        }
        assert!(parse_expect("./slow=SLOW")
            .unwrap_err()
            .contains("use OK, WA, TLE, MLE, OLE or RE"));
    }

    #[test]
    fn signals_say_what_they_likely_mean() {
        assert!(signal(libc::SIGSEGV, "", 8 << 20).contains("stack overflow (deep recursion on a 8 MiB stack)"));
        assert!(signal(libc::SIGABRT, "thread 'main' has overflowed its stack", 8 << 20).contains("stack overflow"));
        assert!(signal(libc::SIGABRT, "", 8 << 20).contains("abort"));
    }
}
