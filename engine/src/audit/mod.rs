//! `harness audit`: how strong a test set is. Every wrong solution runs on
//! every test: the deliberately wrong built-in solvers (`wrong-*`), the user's
//! programs given with `--expect`, and generic wrong answers chosen by the
//! answer's type ([`guess`]: always First, the parity of n). The kill matrix
//! shows which test kills which; a wrong solution no test kills is a
//! survivor, and the test set is weak. A survivor is then tried on a short
//! random run: caught there, the tests miss a bug random cases find; not
//! caught, it is probably right, and its expectation should go.
//!
//! The test set is the one `testset` writes (the same function builds it) or
//! a folder `testset` wrote, in any layout ([`folder`]). [`cover`] chooses a
//! smallest subset that still kills every killed wrong solution, which
//! `audit --minimize` shows and `testset --minimize` writes; [`coverage`]
//! says what the tests cover, as a game sees it.
//!
//! Programs run as processes under the judge's limits, through the same
//! [`Jury`] as `harness invoke` (an interactive game's plays each position
//! against the player); the generic answers are judged in process by the same
//! jury. Each kind of problem gives [`run`] a [`Setup`]: [`builtin`], [`game`],
//! and a problem file's in `own/audit.rs`. Complexity: tests × wrong solutions runs, plus one random
//! run per survivor.
//!
//! Reference: Polygon's invocations (one verdict table per run), mutation
//! testing's kill matrix (a mutant is killed by a test that fails on it).

pub mod cover;
pub mod coverage;
pub mod folder;
pub mod guess;
pub mod mutants;

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use brute::Budget;

use crate::builtin::registry::{DynProblem, Judgement};
use crate::config::Source;
use crate::interactive::DynInteractive;
use crate::invoke::{self, BuiltIn, Jury, Kind, Limits, Scratch, Solution, Verdict};
use crate::package::{Group, Test};
use crate::testset;

/// What `harness audit` asks.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// A folder `testset` wrote; `None`: the set `testset` would write.
    pub tests: Option<PathBuf>,
    /// Random small cases in the built set.
    pub random: u64,
    /// The corpus the samples and entries come from; the problem's default when `None`.
    pub corpus: Option<PathBuf>,
    /// Brute's budget per case, for the answers and the Sprague-Grundy values.
    pub max_states: usize,
    pub no_judge_size: bool,
    pub beyond_guarantee: bool,
    /// Built-in solvers to run; empty: every deliberately wrong one.
    pub solvers: Vec<String>,
    /// The user's wrong programs, each with the verdicts it is expected to get.
    pub commands: Vec<(String, Vec<Kind>)>,
    /// Leave out the generic wrong answers.
    pub no_guesses: bool,
    /// Random cases a survivor is tried on.
    pub probe: u64,
    pub time_limit_ms: Option<u64>,
    /// At most this many mutants of a right solution's source ([`mutants`]); `None`: none.
    pub mutants: Option<usize>,
    /// The source to mutate; `None`: the problem's own ([`Setup::reference`]).
    pub mutants_of: Option<PathBuf>,
}

/// How a wrong solution answers.
enum Runner {
    /// A program, run as a process under the judge's limits.
    Process(Solution),
    /// The generic wrong answer of this index in the problem's list ([`DynProblem::guesses`]).
    Guess(usize),
}

/// A wrong solution, as the matrix heads its column.
pub struct Wrong {
    pub name: String,
    /// `built-in`, `command` or `generic`.
    pub kind: &'static str,
    runner: Runner,
}

impl Wrong {
    /// The verdicts it is expected to get (WA for a generic answer).
    pub fn expect(&self) -> &[Kind] {
        match &self.runner {
            Runner::Process(s) if !s.expect.is_empty() => &s.expect,
            _ => &[Kind::WrongAnswer],
        }
    }

    /// Expected to fail by a limit only (too slow, too big), never by its answers: random small
    /// cases cannot tell it from a right solution.
    fn only_over_limits(&self) -> bool {
        self.expect()
            .iter()
            .all(|k| matches!(k, Kind::TimeLimit | Kind::MemoryLimit | Kind::OutputLimit))
    }
}

/// What a survivor did on the random run.
pub enum Probe {
    /// The random run caught it: the tests miss what random cases find.
    Caught(String),
    /// It agreed with the jury there too: probably right.
    Agreed(u64),
}

/// The audit of one test set.
pub struct Audit {
    pub name: String,
    /// Each test with its name.
    pub tests: Vec<(String, Test)>,
    pub wrong: Vec<Wrong>,
    /// `cells[test][wrong]`: the verdict.
    pub cells: Vec<Vec<Verdict>>,
    /// Each survivor (by index into `wrong`) and its random run.
    pub survivors: Vec<(usize, Probe)>,
    pub coverage: coverage::Coverage,
    /// The mutants of a right solution, when asked.
    pub mutation: Option<mutants::Mutation>,
    pub elapsed: Duration,
}

impl Audit {
    /// `kills[test][wrong]`.
    pub fn kills(&self) -> Vec<Vec<bool>> {
        self.cells
            .iter()
            .map(|row| row.iter().map(|v| *v != Verdict::Ok).collect())
            .collect()
    }

    /// The tests a smaller set always keeps: the judge's samples and the judge-size tests.
    pub fn kept(&self) -> Vec<bool> {
        self.tests
            .iter()
            .map(|(_, t)| matches!(t.group, Group::Sample | Group::JudgeSize))
            .collect()
    }

    /// Whether the tests miss something: a wrong solution no test kills, or a mutant only random
    /// cases catch.
    pub fn weak(&self) -> bool {
        !self.survivors.is_empty() || self.mutation.as_ref().is_some_and(|m| m.weak() > 0)
    }

    /// A smallest subset ([`cover::cover`]) killing each killed wrong solution `times` times
    /// where it can.
    pub fn minimize(&self, times: usize) -> Vec<usize> {
        cover::cover(&self.kills(), &self.kept(), times)
    }
}

/// Random case `k` of the survivors' run, as an input; `None` where it cannot be made.
pub type Random<'a> = &'a dyn Fn(u64) -> Result<Option<String>>;
/// The oracle of the survivors' run: brute where it reaches, independent of the solutions.
pub type Oracle<'a> = &'a dyn Fn(&str) -> Result<String>;

/// What an audit needs of a problem of any kind.
pub struct Setup<'a> {
    pub name: String,
    /// Who answers the random run and judges every output.
    pub jury: &'a dyn Jury,
    pub tests: Vec<(String, Test)>,
    pub wrong: Vec<Wrong>,
    pub limits: Limits,
    /// A built-in problem: its generic answers and the coverage that reads its cases.
    pub problem: Option<&'static dyn DynProblem>,
    pub random: Random<'a>,
    pub oracle: Oracle<'a>,
    /// The right solution's source `--mutants` mutates unless `--mutants-of` names one.
    pub reference: Option<mutants::Reference>,
}

/// Every wrong solution of `setup` on every test; each survivor on `o.probe` random cases.
pub fn run(setup: Setup, o: &Options, progress: &mut dyn FnMut(&str)) -> Result<Audit> {
    let began = Instant::now();
    let Setup {
        name,
        jury,
        tests,
        wrong,
        limits,
        problem,
        random,
        oracle,
        reference,
    } = setup;
    let cells = matrix(problem, jury, &tests, &wrong, limits, progress)?;
    let mut audit = Audit {
        coverage: coverage::of(problem, &tests, &Budget::new(o.max_states))?,
        name,
        tests,
        wrong,
        cells,
        survivors: Vec::new(),
        mutation: None,
        elapsed: Duration::ZERO,
    };
    let kills = audit.kills();
    for s in 0..audit.wrong.len() {
        if kills.iter().any(|row| row[s]) {
            continue;
        }
        progress(&format!(
            "{}: survives every test; trying it on {} random cases",
            audit.wrong[s].name, o.probe
        ));
        let probe = probe(problem, jury, &audit.wrong[s], o.probe, (random, oracle), limits)?;
        audit.survivors.push((s, probe));
    }
    if let Some(max) = o.mutants {
        let reference = match &o.mutants_of {
            Some(file) => mutants::Reference::file(file)?,
            None => reference.ok_or_else(|| {
                anyhow!(
                    "--mutants: {} has no right solution's source to mutate: name one with --mutants-of FILE \
                     (C++ or Python)",
                    audit.name
                )
            })?,
        };
        let bench = mutants::Bench {
            problem,
            jury,
            tests: &audit.tests,
            limits,
            probe: o.probe,
            random,
            oracle,
        };
        audit.mutation = Some(mutants::mutate(&reference, max, &bench, progress)?);
    }
    audit.elapsed = began.elapsed();
    Ok(audit)
}

/// The audit of a built-in problem's test set.
pub fn builtin(problem: &'static dyn DynProblem, o: &Options, progress: &mut dyn FnMut(&str)) -> Result<Audit> {
    let tests = match &o.tests {
        Some(dir) => read_folder(problem, dir)?,
        None => named(built(problem, o, progress)?),
    };
    let wrong = wrong_solutions(problem, o, &tests)?;
    let limits = invoke::judge_limits(
        problem,
        &invoke::Options {
            time_limit_ms: o.time_limit_ms,
            ..invoke::Options::default()
        },
    );
    let src = crate::judge_size::within_guarantee(problem)?;
    let random = |case: u64| problem.generate(&src, None, case, 1).map(Some);
    let budget = Budget::new(o.max_states);
    let oracle = |input: &str| problem.jury(input, None, Some(&budget)).map(|(answer, _)| answer);
    let setup = Setup {
        name: problem.id().name.to_string(),
        jury: &BuiltIn(problem),
        tests,
        wrong,
        limits,
        problem: Some(problem),
        random: &random,
        oracle: &oracle,
        reference: submission(problem),
    };
    run(setup, o, progress)
}

/// The audit of an interactive game's positions: its wrong players (or those `o` names) and the
/// user's programs, each playing every position against the perfect jury.
pub fn game(
    game: &'static dyn DynInteractive,
    src: &Source,
    o: &Options,
    progress: &mut dyn FnMut(&str),
) -> Result<Audit> {
    let name = game.id().name;
    if o.beyond_guarantee {
        bail!("--beyond-guarantee: {name}'s positions have no guarantee to go beyond");
    }
    let players: Vec<String> = if o.solvers.is_empty() {
        game.players()
            .iter()
            .filter(|p| !p.right)
            .map(|p| p.name.to_string())
            .collect()
    } else {
        o.solvers.clone()
    };
    let invoke::Setup {
        jury,
        solutions,
        limits,
        ..
    } = game.invocation(
        src,
        &invoke::Options {
            solvers: players.clone(),
            time_limit_ms: o.time_limit_ms,
            corpus: o.corpus.clone(),
            ..invoke::Options::default()
        },
    )?;
    // Without players named, `invoke` would pick the right ones: none of them is wrong.
    let mut wrong: Vec<Wrong> = solutions
        .into_iter()
        .filter(|_| !players.is_empty())
        .map(|s| Wrong {
            name: s.name.clone(),
            kind: "player",
            runner: Runner::Process(s),
        })
        .collect();
    wrong.extend(commands(o)?);
    if wrong.is_empty() && o.mutants.is_none() {
        bail!("{name}: no wrong player to audit with: give yours with --solver-cmd CMD --expect CMD=WA");
    }
    let tests = match &o.tests {
        Some(dir) => folder::read(dir)?,
        None => {
            let set = set_options(o);
            let corpus = testset::corpus_of(name, o.corpus.clone())?;
            named(testset::answered_game(game, &set, &corpus, progress)?)
        }
    };
    let random = |case: u64| game.generate(src, None, case).map(Some);
    let oracle = |input: &str| jury.answer(input);
    let setup = Setup {
        name: name.to_string(),
        jury: jury.as_ref(),
        tests,
        wrong,
        limits,
        problem: None,
        random: &random,
        oracle: &oracle,
        reference: None,
    };
    run(setup, o, progress)
}

/// The C++ submission of a built-in problem in the workspace (`solvers/submissions/`), if any.
fn submission(problem: &dyn DynProblem) -> Option<mutants::Reference> {
    let source = crate::config::workspace_root()
        .join("solvers/submissions")
        .join(format!("{}.cpp", problem.id().name));
    source.is_file().then_some(mutants::Reference {
        source,
        lang: mutants::Lang::Cpp,
        command: None,
        dir: None,
    })
}

/// `testset`'s options for the set an audit builds.
pub fn set_options(o: &Options) -> testset::Options {
    testset::Options {
        out: PathBuf::new(),
        force: false,
        layout: crate::Layout::Flat,
        random: o.random,
        corpus: o.corpus.clone(),
        max_states: o.max_states,
        no_judge_size: o.no_judge_size,
        beyond_guarantee: o.beyond_guarantee,
        minimize: None,
        submissions: vec![],
    }
}

/// The tests `testset` would write, with the same options.
fn built(problem: &dyn DynProblem, o: &Options, progress: &mut dyn FnMut(&str)) -> Result<Vec<Test>> {
    let corpus = testset::corpus_of(problem.id().name, o.corpus.clone())?;
    testset::answered(problem, &set_options(o), &corpus, progress)
}

/// Names as the flat layout's files would have them, with the group: `03 random`.
pub fn named(tests: Vec<Test>) -> Vec<(String, Test)> {
    let width = tests.len().to_string().len().max(2);
    tests
        .into_iter()
        .enumerate()
        .map(|(k, t)| {
            let group = match t.group {
                Group::Sample => "sample".to_string(),
                Group::Corpus => "corpus".to_string(),
                Group::Random => "random".to_string(),
                Group::JudgeSize => match t.what.split('`').nth(1) {
                    Some(spec) => format!("judge {spec}"),
                    None => "judge-size".to_string(),
                },
            };
            (format!("{:0width$} {group}", k + 1), t)
        })
        .collect()
}

/// A folder's tests, each checked to be an input of the problem with answers that parse.
fn read_folder(problem: &dyn DynProblem, dir: &std::path::Path) -> Result<Vec<(String, Test)>> {
    let tests = folder::read(dir)?;
    for (name, t) in &tests {
        problem.parse_input(&t.input).map_err(|e| {
            anyhow!(
                "--tests {}: test {name} is not a {} input: {e}\n  is this the test set of another problem?",
                dir.display(),
                problem.id().name
            )
        })?;
        problem.parse_output(&t.input, &t.answer).map_err(|e| {
            anyhow!(
                "--tests {}: the answer of test {name} does not parse: {e}",
                dir.display()
            )
        })?;
    }
    Ok(tests)
}

/// The wrong solutions to run: built-in ones, the user's commands, then the generic answers.
fn wrong_solutions(problem: &dyn DynProblem, o: &Options, tests: &[(String, Test)]) -> Result<Vec<Wrong>> {
    let mut wrong = Vec::new();
    let names: Vec<String> = if o.solvers.is_empty() {
        problem
            .solvers()
            .iter()
            .filter(|s| invoke::deliberately_wrong(s.name))
            .map(|s| s.name.to_string())
            .collect()
    } else {
        o.solvers.clone()
    };
    for name in names {
        problem.check_solver(&name, "--solver")?;
        wrong.push(Wrong {
            name: name.clone(),
            kind: "built-in",
            runner: Runner::Process(Solution::builtin(problem, &name)?),
        });
    }
    wrong.extend(commands(o)?);
    if !o.no_guesses {
        if let Some((_, first)) = tests.first() {
            for (k, (name, _)) in problem.guesses(&first.input, &first.answer)?.into_iter().enumerate() {
                wrong.push(Wrong {
                    name,
                    kind: "generic",
                    runner: Runner::Guess(k),
                });
            }
        }
    }
    if wrong.is_empty() && o.mutants.is_none() {
        bail!(
            "{}: no wrong solution to audit with: it has no `wrong-*` solver and no generic wrong answer for its \
             answer type; give your wrong programs with --solver-cmd CMD --expect CMD=WA",
            problem.id().name
        );
    }
    Ok(wrong)
}

/// The user's wrong programs, each with its expected verdicts.
pub fn commands(o: &Options) -> Result<Vec<Wrong>> {
    let mut wrong = Vec::new();
    for (cmd, expect) in &o.commands {
        if expect.is_empty() || expect.contains(&Kind::Ok) {
            bail!("--expect {cmd}=...: an audit runs wrong solutions: expect WA, TLE, MLE, OLE or RE, not OK");
        }
        let mut s = Solution::command(cmd)?;
        s.expect = expect.clone();
        wrong.push(Wrong {
            name: cmd.clone(),
            kind: "command",
            runner: Runner::Process(s),
        });
    }
    Ok(wrong)
}

/// Every wrong solution on every test.
fn matrix(
    problem: Option<&dyn DynProblem>,
    jury: &dyn Jury,
    tests: &[(String, Test)],
    wrong: &[Wrong],
    limits: Limits,
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<Vec<Verdict>>> {
    let scratch = Scratch::new()?;
    let mut cells = Vec::with_capacity(tests.len());
    for (k, (name, t)) in tests.iter().enumerate() {
        sandbox::signals::check()?;
        let path = scratch.0.join(format!("{k}.in"));
        std::fs::write(&path, &t.input).with_context(|| format!("cannot write {}", path.display()))?;
        let row = wrong
            .iter()
            .map(|w| verdict(problem, jury, w, &path, &t.input, &t.answer, limits))
            .collect::<Result<Vec<_>>>()?;
        let letters: String = row.iter().map(letter).collect();
        progress(&format!("{name}: {letters}"));
        cells.push(row);
    }
    Ok(cells)
}

/// One wrong solution on one test (the input also in the file `path`).
fn verdict(
    problem: Option<&dyn DynProblem>,
    jury: &dyn Jury,
    w: &Wrong,
    path: &std::path::Path,
    input: &str,
    answer: &str,
    limits: Limits,
) -> Result<Verdict> {
    match &w.runner {
        Runner::Process(s) => match jury.run(s, path, answer, limits, &invoke::rlimits(limits))? {
            Some(cell) => Ok(cell.verdict),
            None => {
                sandbox::signals::check()?;
                bail!("{} was stopped", w.name)
            }
        },
        Runner::Guess(k) => {
            let problem = problem.ok_or_else(|| anyhow!("generic answers need a built-in problem"))?;
            let guesses = problem.guesses(input, answer)?;
            let (_, output) = guesses
                .get(*k)
                .ok_or_else(|| anyhow!("the generic answers differ between tests"))?;
            Ok(match jury.judge(input, output, answer)? {
                Judgement::Accepted => Verdict::Ok,
                Judgement::Rejected(why) => Verdict::WrongAnswer(why),
                Judgement::Malformed(e) => Verdict::WrongAnswer(format!("the output is malformed: {e}")),
            })
        }
    }
}

/// The first case index of the random run, far from the test set's own random cases.
const PROBE_FROM: u64 = 1 << 32;

/// A survivor on `count` random cases (`random`), answered by the jury.
fn probe(
    problem: Option<&dyn DynProblem>,
    jury: &dyn Jury,
    w: &Wrong,
    count: u64,
    (random, oracle): (Random, Oracle),
    limits: Limits,
) -> Result<Probe> {
    let mut cases = Vec::new();
    for case in PROBE_FROM..PROBE_FROM + count {
        sandbox::signals::check()?;
        cases.extend(random(case)?.map(|input| (case, input)));
    }
    let scratch = Scratch::new()?;
    let run = |input: &str| -> Result<Verdict> {
        sandbox::signals::check()?;
        let answer = oracle(input)?;
        let path = scratch.0.join("probe.in");
        std::fs::write(&path, input).with_context(|| format!("cannot write {}", path.display()))?;
        verdict(problem, jury, w, &path, input, &answer, limits)
    };
    // A built-in problem's cases packed as the judge's framing allows, then the failing pack
    // case by case, to name the case; a problem file's one by one.
    let inputs: Vec<String> = cases.iter().map(|(_, input)| input.clone()).collect();
    let packs = match problem {
        Some(p) => p.pack_inputs(&inputs)?,
        None => inputs,
    };
    for input in packs {
        if run(&input)? == Verdict::Ok {
            continue;
        }
        for (case, input) in &cases {
            let got = run(input)?;
            if got != Verdict::Ok {
                return Ok(Probe::Caught(format!(
                    "random case {case}, {}: {}; its input:\n{}",
                    got.short(),
                    why(&got).unwrap_or_default(),
                    crate::echo::clip(input.trim_end(), crate::echo::ECHO)
                )));
            }
        }
    }
    Ok(Probe::Agreed(cases.len() as u64))
}

/// The details of a verdict that is not OK.
fn why(v: &Verdict) -> Option<String> {
    match v {
        Verdict::Ok => None,
        Verdict::WrongAnswer(why) | Verdict::RuntimeError(why) => Some(crate::echo::clip(why, crate::echo::ECHO)),
        Verdict::TimeLimit => Some("over the time limit".into()),
        Verdict::MemoryLimit => Some("over the memory limit".into()),
        Verdict::OutputLimit => Some("too much output".into()),
    }
}

/// A verdict in one letter: `.` OK, `W` wrong answer, `T` time, `M` memory, `O` output, `R` crash.
pub fn letter(v: &Verdict) -> char {
    match v {
        Verdict::Ok => '.',
        Verdict::WrongAnswer(_) => 'W',
        Verdict::TimeLimit => 'T',
        Verdict::MemoryLimit => 'M',
        Verdict::OutputLimit => 'O',
        Verdict::RuntimeError(_) => 'R',
    }
}

/// The kill matrix (tests as rows, a column per wrong solution, a last row of kill counts),
/// the survivors, and the coverage.
pub fn render(a: &Audit) -> String {
    let mut out = String::new();
    if a.wrong.is_empty() {
        let _ = writeln!(
            out,
            "{}: {} tests; no wrong solution but the mutants",
            a.name,
            a.tests.len()
        );
        if let Some(m) = &a.mutation {
            out.push_str(&mutants::render(m));
        }
        out.push_str(&coverage::render(&a.coverage, &a.tests));
        return out;
    }
    let _ = writeln!(
        out,
        "{}: {} tests x {} wrong solutions",
        a.name,
        a.tests.len(),
        a.wrong.len()
    );
    for (s, w) in a.wrong.iter().enumerate() {
        let _ = writeln!(out, "  [{}] {} ({})", s + 1, w.name, w.kind);
    }
    let kills = a.kills();
    let width = a
        .tests
        .iter()
        .map(|(n, _)| n.len())
        .chain(["killed by N tests".len()])
        .max()
        .unwrap_or(4);
    let col = a.wrong.len().to_string().len() + 2;
    let _ = write!(out, "\n{:<width$}", "test");
    for s in 0..a.wrong.len() {
        let _ = write!(out, " {:>col$}", format!("[{}]", s + 1));
    }
    out.push('\n');
    for ((name, _), row) in a.tests.iter().zip(&a.cells) {
        let _ = write!(out, "{name:<width$}");
        for v in row {
            let _ = write!(out, " {:>col$}", letter(v));
        }
        out.push('\n');
    }
    let _ = write!(out, "{:<width$}", "killed by N tests");
    for s in 0..a.wrong.len() {
        let n = kills.iter().filter(|row| row[s]).count();
        let _ = write!(out, " {n:>col$}");
    }
    out.push_str("\n(. OK, W wrong answer, T time limit, M memory limit, O output limit, R runtime error)\n");
    out.push_str(&first_kills(a));
    out.push_str(&survivors(a));
    if let Some(m) = &a.mutation {
        out.push_str(&mutants::render(m));
    }
    out.push_str(&coverage::render(&a.coverage, &a.tests));
    let _ = writeln!(
        out,
        "\nwrong solutions run, coverage read and survivors probed in {:.1} s (after the set was built)",
        a.elapsed.as_secs_f64()
    );
    out
}

/// Each killed wrong solution's first killer and why, so the matrix's letters have a reason.
fn first_kills(a: &Audit) -> String {
    let mut out = String::from("\nfirst kills:\n");
    for (s, w) in a.wrong.iter().enumerate() {
        let first = a.cells.iter().zip(&a.tests).find(|(row, _)| row[s] != Verdict::Ok);
        if let Some((row, (name, _))) = first {
            let _ = writeln!(
                out,
                "  [{}] {}: test {name}: {} {}",
                s + 1,
                w.name,
                row[s].short(),
                why(&row[s]).unwrap_or_default()
            );
        }
    }
    out
}

/// The survivors, loudly.
fn survivors(a: &Audit) -> String {
    if a.survivors.is_empty() {
        return format!(
            "\nevery one of the {} wrong solutions is killed by some test\n",
            a.wrong.len()
        );
    }
    let mut out = String::new();
    for (s, probe) in &a.survivors {
        let w = &a.wrong[*s];
        let _ = match probe {
            Probe::Caught(why) => writeln!(
                out,
                "\nSURVIVOR: [{}] {} ({}) passes every test, but a random run catches it: the test set is WEAK; add \
                 a test that kills it{}\n  {why}",
                s + 1,
                w.name,
                w.kind,
                match w.kind {
                    "built-in" => format!(
                        " (`harness --config {} --solver {}` finds and shrinks one)",
                        a.name, w.name
                    ),
                    "command" => format!(
                        " (`harness --config {} --solver-cmd '{}'` finds and shrinks one)",
                        a.name, w.name
                    ),
                    _ => " (the random case below, or any case it answers wrongly)".to_string(),
                }
            ),
            Probe::Agreed(_) if w.only_over_limits() => writeln!(
                out,
                "\nSURVIVOR: [{}] {} ({}) is expected to go over a limit ({}), yet no test makes it: the test set is \
                 WEAK; add a test at the judge's limits that it cannot finish in time or memory",
                s + 1,
                w.name,
                w.kind,
                w.expect().iter().map(|k| k.short()).collect::<Vec<_>>().join(", ")
            ),
            Probe::Agreed(n) => writeln!(
                out,
                "\nSURVIVOR: [{}] {} ({}) passes every test and agrees with the jury on {n} random cases too: it is \
                 probably RIGHT, not wrong; if so, drop its expected verdict (--expect, or its `wrong-` name); if it \
                 is wrong, the test set is weak: add a test it fails",
                s + 1,
                w.name,
                w.kind
            ),
        };
    }
    out
}

/// The subset [`Audit::minimize`] keeps, and that each wrong solution is still caught.
pub fn render_minimized(a: &Audit, chosen: &[usize], times: usize) -> String {
    let kills = a.kills();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\nminimized (each killed wrong solution killed by {times} test{} where it can; samples and judge-size \
         tests kept): {} tests -> {} ({} dropped)",
        if times == 1 { "" } else { "s" },
        a.tests.len(),
        chosen.len(),
        a.tests.len() - chosen.len()
    );
    let names: Vec<&str> = chosen.iter().map(|&t| a.tests[t].0.as_str()).collect();
    let _ = writeln!(out, "  kept: {}", names.join(", "));
    for (s, w) in a.wrong.iter().enumerate() {
        let before = kills.iter().filter(|row| row[s]).count();
        let after = chosen.iter().filter(|&&t| kills[t][s]).count();
        let state = match (before, after) {
            (0, _) => "killed by none before either (a survivor)".to_string(),
            (_, 0) => "NOT CAUGHT any more".to_string(),
            _ => format!("still caught: {after} of its {before} killers kept"),
        };
        let _ = writeln!(out, "  [{}] {}: {state}", s + 1, w.name);
    }
    out
}

/// `testset --minimize`: the answered tests, cut to the subset an audit of them keeps.
pub fn minimized(
    problem: &'static dyn DynProblem,
    tests: Vec<Test>,
    times: usize,
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<Test>> {
    let tests = named(tests);
    let o = Options::default();
    let wrong = wrong_solutions(problem, &o, &tests)?;
    let limits = invoke::judge_limits(problem, &invoke::Options::default());
    let cells = matrix(Some(problem), &BuiltIn(problem), &tests, &wrong, limits, progress)?;
    let audit = Audit {
        name: problem.id().name.to_string(),
        coverage: coverage::Coverage::default(),
        tests,
        wrong,
        cells,
        survivors: Vec::new(),
        mutation: None,
        elapsed: Duration::ZERO,
    };
    let chosen = audit.minimize(times);
    progress(render_minimized(&audit, &chosen, times).trim());
    let mut keep = vec![false; audit.tests.len()];
    for t in chosen {
        keep[t] = true;
    }
    Ok(audit
        .tests
        .into_iter()
        .zip(keep)
        .filter_map(|((_, t), k)| k.then_some(t))
        .collect())
}
