//! The command line as typed: every subcommand and flag, with the help that
//! teaches them, and the one conversion of a run's flags into the engine's
//! [`RunOptions`].

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use engine::options::RunOptions;
use engine::{config, duration, invoke};

const EXAMPLES: &str = "\
Examples:
  harness --config cactus                      stress christmas-game with configs/cactus.toml
  harness --config christmas-game              the same: a problem's name runs its main config
  harness --config tree --cases 1000000 --threads 2
  harness --config cactus --solver pendant-cycles        a solver written for the judge's guarantee
  harness --config multigraph --solver wrong-ignore-loops  watch a wrong solver get caught and shrunk
  harness --config cactus --solver-cmd './a.out'         judge your own program (any language)
  harness --config forest-big                  fast vs plain on thousands of nodes (reference = \"plain\")
  harness --config forest --solver-cmd 'python3 sol.py' --time-limit-ms 3000
  harness --config examples/euclid/euclid.toml --solver-cmd ./mine   your own problem, as programs
  harness invoke --config examples/euclid/euclid.toml   its solvers on its [[test]]s: a verdict table
  harness testset --config examples/euclid/euclid.toml --out /tmp/euclid   its whole test set
  harness gen --config cactus --case 17        print case 17 in the judge's input format
  harness gen --problem green-hackenbush --set n=500000 --set m=1500000 --seed 1 > big.in
  harness gen --config tree --case 2 > sample.in          a tree-game input to work with
  harness brute --problem tree-game sample.in  the exact answer, by search from the rules
  harness check --problem tree-game sample.in out.txt    judge a contestant's output (exit 0/1/2)
  harness corpus check                         replay every corpus entry
  harness corpus add --problem tree-game sample.in        keep an input as a regression case
  harness table --problem bash-game --set k=3 --vary n=0..40 --find-period   values to find conjectures
  harness list [--map]                         problems, aliases, solvers, configs [and their files]
  harness list tree-game                       the problem's rules, input and output formats, a sample

Exit status: 0 every case agreed, 1 a counterexample was found (and saved), 2 bad usage or input,
130 stopped by Ctrl-C, SIGTERM or SIGHUP (what was found is kept).";

#[derive(Parser)]
#[command(
    name = "harness",
    version,
    about = "Differential stress testing for combinatorial-game problems",
    long_about = "Generates random instances from a seed, computes exact answers by brute force from the rules, \
runs the fast solvers (built-in, or any program reading the judge's input on stdin), and when they disagree \
shrinks the instance to a minimal one and stores it in the corpus, which `cargo test` replays.",
    after_help = EXAMPLES,
    args_conflicts_with_subcommands = true
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
    #[command(flatten)]
    pub(crate) run: RunArgs,
}

#[derive(Args)]
pub(crate) struct RunArgs {
    /// Config file, a name in configs/ (with or without .toml), or a problem's name or alias
    #[arg(short, long, value_name = "FILE|NAME")]
    pub(crate) config: Option<String>,
    /// Number of cases (default: the config's `cases`)
    #[arg(short = 'n', long)]
    pub(crate) cases: Option<u64>,
    /// Seed of the run (default: the config's `seed`); case K of seed S is always the same instance
    #[arg(short, long)]
    pub(crate) seed: Option<u64>,
    /// Check every instance of the config's family within its [gen] ranges (bound them with
    /// --set, e.g. --set n=[1,12]) instead of random ones: smallest first, each isomorphism
    /// class once where the family has a symmetry (`harness list` says which). The first
    /// failure is a smallest one (it is not shrunk); a run that passes ends with a `verified:`
    /// line. --shard splits the instances
    #[arg(long, conflicts_with_all = ["cases", "seed"])]
    pub(crate) exhaustive: bool,
    /// With --exhaustive: refuse spaces of more than N instances (default: 10000000)
    #[arg(long, value_name = "N", requires = "exhaustive")]
    pub(crate) exhaustive_limit: Option<u128>,
    /// Worker threads (default: all cores); results do not depend on it
    #[arg(short = 'j', long)]
    pub(crate) threads: Option<usize>,
    /// A built-in solver to run (repeatable; default: the config's, else the problem's default solvers)
    #[arg(long = "solver", value_name = "NAME")]
    pub(crate) solvers: Vec<String>,
    /// An external program reading the judge's input on stdin, e.g. './a.out' or 'python3 sol.py' (repeatable)
    #[arg(long = "solver-cmd", value_name = "CMD")]
    pub(crate) solver_cmds: Vec<String>,
    /// Time limit per external run in milliseconds at least 1 (default: the config's, else 2000)
    #[arg(long, value_name = "MS", value_parser = parse_time_limit)]
    pub(crate) time_limit_ms: Option<u64>,
    /// Cases packed into one external run, up to the judge's limit (default: that limit)
    #[arg(long)]
    pub(crate) batch: Option<usize>,
    /// Run external programs twice per input; different outputs are a `flaky` verdict
    #[arg(long)]
    pub(crate) check_determinism: bool,
    /// Brute's budget in memoized states per case (and 32 moves listed per state); bigger cases are skipped, never passed
    #[arg(long)]
    pub(crate) max_states: Option<usize>,
    /// Trust this built-in solver instead of brute as the oracle (for sizes brute cannot reach);
    /// for a problem file, a command (under its brute_time_limit_ms)
    #[arg(long, value_name = "SOLVER|CMD")]
    pub(crate) reference: Option<String>,
    /// Your own oracle: a program reading the judge's input and printing the right answers, used
    /// instead of brute (its crash or timeout stops the run; nothing is passed on it)
    #[arg(long, value_name = "CMD", conflicts_with = "reference")]
    pub(crate) brute_cmd: Option<String>,
    /// Time limit per run of --brute-cmd in milliseconds (default: the config's, else 60000)
    #[arg(long, value_name = "MS", value_parser = parse_time_limit)]
    pub(crate) brute_time_limit_ms: Option<u64>,
    /// A checker judging instead of the problem's own check: testlib's `CMD input output answer`
    /// (exit 0 ok, 1 wrong answer, 2 presentation error, 3 failure, 7 points, 8 unexpected EOF),
    /// or with --checker-convention kattis `CMD input answer feedback_dir < output` (42 / 43)
    #[arg(long, value_name = "CMD")]
    pub(crate) checker: Option<String>,
    /// Interactive problems: your own testlib-style interactor instead of the brute jury, run as
    /// `CMD input output` with the player's output on its stdin and its output on the player's
    /// stdin; exit 0 accepted, 1 wrong answer, 2 protocol error, 3 interactor failure
    #[arg(long, value_name = "CMD")]
    pub(crate) interactor: Option<String>,
    /// How --checker is called and what its exit codes mean
    #[arg(long, value_enum, default_value_t = ConventionArg::Testlib, requires = "checker")]
    pub(crate) checker_convention: ConventionArg,
    /// Also hold every solver, built-in or --solver-cmd, to the problem's metamorphic relations
    /// (relabelling changes nothing, a game plus its copy is worth 0, ...): a program answers
    /// each case and its related instance, and the relation judges the pair; `harness list`
    /// names them
    #[arg(long)]
    pub(crate) metamorphic: bool,
    /// With --metamorphic: check the relations alone, at sizes no oracle reaches
    #[arg(long, requires = "metamorphic")]
    pub(crate) no_oracle: bool,
    /// Run only cases whose index is K-1 mod N (1-based K), to split a run across machines
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub(crate) shard: Option<(u64, u64)>,
    /// Keep every distinct counterexample (a different shrunk entry) instead of stopping at the
    /// first; the corpora of N shards then add up to one process's, file for file
    #[arg(long)]
    pub(crate) keep_going: bool,
    /// With --keep-going: stop after this many distinct counterexamples (default: 100)
    #[arg(long, value_name = "N", requires = "keep_going", value_parser = parse_max_failures)]
    pub(crate) max_failures: Option<usize>,
    /// Run until this much time is up, e.g. 90s, 30m, 2h, 1h30m, instead of the config's case
    /// count (--cases still bounds it); the cases covered are reported
    #[arg(long, value_name = "TIME", value_parser = duration::parse)]
    pub(crate) duration: Option<std::time::Duration>,
    /// Write a JSON summary of the run (config, seed, shard, case range, counts by verdict,
    /// entries written, time, cases/s); `harness summary merge` adds the shards' up
    #[arg(long, value_name = "FILE")]
    pub(crate) summary: Option<PathBuf>,
    /// Write the run as one self-contained HTML page (no network): the summary, then every
    /// FOUND entry with its picture, as `harness show` draws it, its shrink steps and a winning move
    #[arg(long, value_name = "FILE.html")]
    pub(crate) report: Option<PathBuf>,
    /// Where counterexamples are saved (default: corpus/ of the workspace when run inside it, else ./corpus)
    #[arg(long, value_name = "DIR")]
    pub(crate) corpus: Option<PathBuf>,
    /// Report the first counterexample as found, without shrinking it
    #[arg(long)]
    pub(crate) no_shrink: bool,
    /// Stop shrinking after this many seconds and keep the smallest so far
    #[arg(long, default_value_t = 120, value_name = "SECONDS")]
    pub(crate) shrink_seconds: u64,
    /// For a problem file: the shrinking layers to run, in order, from gen (the generator with
    /// smaller [gen] values), spec (the input read by its spec), text (lines, tokens, integers)
    #[arg(long, value_name = "LAYERS")]
    pub(crate) shrink_layers: Option<String>,
    /// Override a [gen] key of the config, e.g. --set n=[5,9] --set mode=poj (repeatable)
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = config::parse_set)]
    pub(crate) sets: Vec<(String, toml::Value)>,
    /// Stress a conjecture: a fit saved by `harness table ... --fit --save-fit FILE` answers
    /// every case that is a point of its table (or, for a sum of games such as several octal
    /// heaps, the XOR of its points' values), against brute, on instances far beyond the
    /// table; a wrong answer is shrunk and stored as solver `fit:FILE`. The config must make
    /// the fit's points: give it the fit's settings, e.g.
    /// `harness --config octal-game --set code=0.77 --fit kayles.toml`
    #[arg(long, value_name = "FILE")]
    pub(crate) fit: Option<PathBuf>,
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// Print generated cases in the judge's input format
    #[command(
        after_help = "Examples:\n  harness gen --config cactus --case 17\n  harness gen --config tree-game --case 3 --count 100\n  harness gen --problem green-hackenbush --set n=500000 --set m=1500000 --seed 1 > big.in"
    )]
    Gen(GenArgs),
    /// Print brute's exact answer to a judge input (from FILE or stdin)
    Brute {
        /// The problem, by name or alias
        #[arg(short, long)]
        problem: String,
        /// A file in the judge's input format (default: stdin)
        input: Option<PathBuf>,
        /// Brute's budget in memoized states per case (and 32 moves listed per state)
        #[arg(long, default_value_t = 50_000_000)]
        max_states: usize,
        /// Brute's budget in memory for its memo, e.g. 2G (default: half of the available memory, or of the
        /// address-space limit (`ulimit -v`) when that is lower)
        #[arg(long, value_name = "SIZE", value_parser = invoke::parse_size)]
        max_memory: Option<u64>,
        /// Answer with this trusted built-in solver instead of brute (inputs beyond brute's reach)
        #[arg(long, value_name = "SOLVER")]
        reference: Option<String>,
        /// Then name a winning move of each case (found by brute on each option), or say it is lost
        #[arg(long, conflicts_with = "reference")]
        explain: bool,
    },
    /// Judge a contestant's output as a checker would: exit 0 accepted, 1 rejected (with the reason),
    /// 2 malformed output or input; as testlib's checker with an ANSWER, or as a Kattis output validator
    #[command(after_help = CHECK_HELP)]
    Check {
        /// The problem, by name or alias
        #[arg(short, long)]
        problem: String,
        /// INPUT OUTPUT [ANSWER [REPORT [-appes]]] (testlib's order), or with --kattis INPUT ANSWER FEEDBACK_DIR
        #[arg(required = true, num_args = 2..=4, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// testlib's `-appes` (also spelt so): write the REPORT file as testlib's XML
        #[arg(long, conflicts_with = "kattis")]
        appes: bool,
        /// Run as a Kattis / DOMjudge output validator: the output on stdin, exit 42 accepted,
        /// 43 wrong answer, the message in FEEDBACK_DIR/judgemessage.txt
        #[arg(long)]
        kattis: bool,
        /// Brute's budget in memoized states per case (and 32 moves listed per state)
        #[arg(long, default_value_t = 50_000_000)]
        max_states: usize,
        /// Judge against this trusted built-in solver's answers instead of brute's (inputs beyond brute's reach)
        #[arg(long, value_name = "SOLVER")]
        reference: Option<String>,
    },
    /// Print brute's values over a row or a grid of generator settings (find and check conjectures)
    #[command(after_help = TABLE_EXAMPLES)]
    Table(TableArgs),
    /// List problems, their aliases and solvers, and the configs; with a problem,
    /// its rules, input and output formats, a sample and the judge's limits
    List {
        /// One problem (name or alias): how to write a solution for it
        problem: Option<String>,
        /// For each problem: its configs, generator family, brute game and engine, solvers, and their files
        #[arg(long, conflicts_with = "problem")]
        map: bool,
        /// Every problem's rules, formats and sample as Markdown: `docs/problems.md`
        #[arg(long, conflicts_with_all = ["problem", "map"])]
        markdown: bool,
    },
    /// Run solutions on the judge-size tests under the judge's time, memory and stack limits:
    /// a table of verdicts (OK, WA, TLE, MLE, RE), times and peak memory
    #[command(after_help = INVOKE_HELP)]
    Invoke(InvokeArgs),
    /// Write a problem's full test set: judge samples, the corpus, random small cases and the
    /// judge-size tests, as a flat folder, an oj folder, a Polygon or a Kattis package
    #[command(after_help = TESTSET_HELP)]
    Testset {
        /// The problem, by name or alias
        #[arg(short, long, required_unless_present = "config", conflicts_with = "config")]
        problem: Option<String>,
        /// A problem file instead: its samples, corpus entries, random cases and [[test]] tables
        #[arg(long, value_name = "FILE")]
        config: Option<String>,
        /// The folder to write (must not exist or be empty, unless --force)
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// Replace a folder that is not empty
        #[arg(long)]
        force: bool,
        /// Random small cases from the problem's main config, within the judge's guarantee
        #[arg(long, default_value_t = 20, value_name = "N")]
        random: u64,
        /// Leave out the judge-size tests
        #[arg(long)]
        no_judge_size: bool,
        /// Add the tests beyond the judge's guarantee, left out by default: judge-size tests
        /// marked `beyond = true` in configs/judge/<problem>.toml, and corpus entries outside it
        #[arg(long)]
        beyond_guarantee: bool,
        /// The layout to write
        #[arg(long, value_enum, default_value_t = LayoutArg::Flat)]
        format: LayoutArg,
        /// The corpus to take entries from (default: the workspace's)
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
        /// Brute's budget in memoized states per case (and 32 moves listed per state); beyond it the reference answers
        #[arg(long, default_value_t = 2_000_000)]
        max_states: usize,
        /// Write only a smallest subset that still kills every wrong solution `harness audit`
        /// kills with the set (samples and judge-size tests kept)
        #[arg(long)]
        minimize: bool,
        /// With --minimize: each wrong solution killed by at least 2 tests where it can be
        #[arg(long, requires = "minimize")]
        kill_twice: bool,
        /// A solution the package carries for the judge to prove the tests on: its source file,
        /// then the verdict it must get (accepted, wrong_answer, time_limit_exceeded or
        /// run_time_error; accepted when left out). Repeatable. Kattis and BAPC packages keep it in
        /// submissions/<verdict>/, Polygon packages as a <solution> with the matching tag
        #[arg(long = "submission", value_name = "PATH[=VERDICT]", value_parser = engine::submission::parse)]
        submissions: Vec<engine::submission::Submission>,
        /// Also write the set as one HTML page a browser opens offline: each test's group,
        /// description, input, answer and picture (judge-size tests named, not drawn)
        #[arg(long, value_name = "FILE.html")]
        report: Option<PathBuf>,
    },
    /// Run a built-in solver on a judge input from stdin (what `invoke` runs as a process)
    #[command(hide = true)]
    RunSolver {
        #[arg(short, long)]
        problem: String,
        #[arg(long)]
        solver: String,
    },
    /// Play a built-in player of an interactive problem on stdin and stdout (what its stress
    /// runs as a process)
    #[command(hide = true)]
    Play { problem: String, player: String },
    /// Write a new problem folder to start from: a problem file with every key commented, a
    /// generator, a brute, a solution, a validator and a spec that already run together
    #[command(after_help = NEW_HELP)]
    New {
        /// The folder to create; its last component is the problem's name (letters, digits,
        /// `-`, `_`, `.`); an existing folder is refused
        #[arg(value_name = "NAME")]
        dir: PathBuf,
        /// The language of the programs
        #[arg(long, value_enum, default_value_t = LangArg::Python)]
        lang: LangArg,
    },
    /// Add up the --summary files of a run's shards
    Summary {
        #[command(subcommand)]
        command: SummaryCommand,
    },
    /// Replay, regenerate, export or merge the corpus
    Corpus {
        #[command(subcommand)]
        command: CorpusCommand,
        /// The corpus folder (default: corpus/ of the workspace when run inside it, else ./corpus)
        #[arg(long, global = true, value_name = "DIR")]
        corpus: Option<PathBuf>,
        /// Brute's budget in memoized states per case (and 32 moves listed per state)
        #[arg(long, global = true, default_value_t = 50_000_000)]
        max_states: usize,
        /// `check` only: a problem file whose entries (in corpus/<name>/ beside it, or under
        /// --corpus) are replayed with its programs
        #[arg(long, global = true, value_name = "FILE")]
        config: Option<String>,
        /// `check --config` only: re-run this program too, as the file's solvers are: it must
        /// pass, and still fail the entries that caught it (repeatable)
        #[arg(long = "solver-cmd", global = true, value_name = "CMD", requires = "config")]
        solver_cmds: Vec<String>,
        /// `check --config` only: the oracle program a run was given with --brute-cmd, which
        /// answers again the entries that record it (`oracle = "cmd:CMD"`)
        #[arg(
            long,
            global = true,
            value_name = "CMD",
            requires = "config",
            conflicts_with = "reference"
        )]
        brute_cmd: Option<String>,
        /// `check --config` only: the trusted program a run was given with --reference, which
        /// answers again the entries that record it (`oracle = "reference:CMD"`)
        #[arg(long, global = true, value_name = "CMD", requires = "config")]
        reference: Option<String>,
    },
    /// How strong is a test set? Every wrong solution on every test: the kill matrix, the
    /// survivors (exit 1), a smallest set that still kills them all, and what the tests cover
    #[command(after_help = AUDIT_HELP)]
    Audit(AuditArgs),
    /// Draw an instance: a corpus entry, an input file (--problem P FILE) or case K of a config
    #[command(after_help = SHOW_HELP)]
    Show(ShowArgs),
}

const AUDIT_HELP: &str = "\
The wrong solutions: the problem's deliberately wrong built-in solvers (wrong-*; or those named with \
--solver), every --solver-cmd with its --expect, and generic wrong answers chosen by the answer's type \
(always First, always Second, odd size wins; always 0, always 1, the size and its parity for values; \
nothing and reversed for lists; swapped, split evenly and all to the first for two scores; always LOSE \
for election-promises). \
Each runs as `invoke` runs it (a process under the judge's limits; the generic answers in process). An \
interactive game's wrong players play every position (--problem nim-interactive); a problem file \
(--config FILE) has only the --solver-cmds, judged by its checker against its reference. \
Matrix letters: . OK, W wrong answer, T time limit, M memory limit, O output limit, R runtime error.

A wrong solution no test kills is a SURVIVOR: it is tried on --probe random cases; caught there, the test \
set is weak; not caught, it is probably right (drop its expectation). Any survivor: exit 1.

--mutants [N]: at most N (default 30) mutants of a right solution's source, each one edit (a comparison \
flipped, an integer constant moved by one, a sum turned into a difference, XOR into +, && into ||), \
spread over the file: a built-in problem's C++ submission (solvers/submissions/, built with g++), a \
problem file's first Python solution, or any C++ or Python source named with --mutants-of. Each runs \
on the tests until one kills it; one that does not build is skipped. A mutant no test kills is run on \
--probe random cases: caught there, it is a SURVIVOR and the test set is weak (exit 1); not caught, it \
is probably equivalent to the original (reported, exit 0). The source itself must pass every test.

Examples:
  harness audit --problem nim --random 20
  harness audit --problem nim --tests /tmp/nim            a folder testset wrote, any --format
  harness audit --problem wythoff --minimize --kill-twice
  harness audit --problem tree-game --solver-cmd ./greedy --expect ./greedy=WA
  harness audit --config examples/euclid/euclid.toml --solver-cmd 'python3 examples/euclid/wrong.py' \
      --expect 'python3 examples/euclid/wrong.py=WA'
  harness testset --problem nim --out /tmp/nim-small --minimize   write the minimized set
  harness audit --problem bash-game --mutants 40          its C++ submission, 40 mutants at most
  harness audit --config examples/euclid/euclid.toml --mutants    mutants of its sol.py

Exit status: 0 every wrong solution (and every mutant not equivalent) is killed, 1 some survives, 2 bad usage or input (a folder that \
is not a test set, a test without an answer).";

#[derive(Args)]
pub(crate) struct AuditArgs {
    /// The problem, by name or alias
    #[arg(short, long, required_unless_present = "config", conflicts_with = "config")]
    pub(crate) problem: Option<String>,
    /// A problem file (its wrong programs are --solver-cmd with --expect), or a built-in
    /// problem's config
    #[arg(long, value_name = "FILE|NAME")]
    pub(crate) config: Option<String>,
    /// A test set `harness testset` wrote (flat, oj, Polygon or Kattis); default: the set
    /// testset would write with --random, --corpus and --no-judge-size
    #[arg(long, value_name = "DIR")]
    pub(crate) tests: Option<PathBuf>,
    /// Random small cases in the built set
    #[arg(long, default_value_t = 20, value_name = "N", conflicts_with = "tests")]
    pub(crate) random: u64,
    /// Leave the judge-size tests out of the built set
    #[arg(long, conflicts_with = "tests")]
    pub(crate) no_judge_size: bool,
    /// Add the tests beyond the judge's guarantee to the built set
    #[arg(long, conflicts_with = "tests")]
    pub(crate) beyond_guarantee: bool,
    /// The corpus the built set's samples and entries come from (default: the workspace's)
    #[arg(long, value_name = "DIR", conflicts_with = "tests")]
    pub(crate) corpus: Option<PathBuf>,
    /// Built-in solvers to run as wrong solutions (repeatable; default: every wrong-* one)
    #[arg(long = "solver", value_name = "NAME")]
    pub(crate) solvers: Vec<String>,
    /// Your wrong program (repeatable); each needs its --expect
    #[arg(long = "solver-cmd", value_name = "CMD")]
    pub(crate) solver_cmds: Vec<String>,
    /// The verdicts a --solver-cmd is expected to get, e.g. ./greedy=WA or ./slow=TLE
    #[arg(long = "expect", value_name = "NAME=VERDICTS", value_parser = invoke::parse_expect)]
    pub(crate) expects: Vec<(String, Vec<invoke::Kind>)>,
    /// Leave out the generic wrong answers (always First, the parity of the size, ...)
    #[arg(long)]
    pub(crate) no_generic: bool,
    /// Random cases a survivor is tried on, to tell a weak test set from a right solution
    #[arg(long, default_value_t = 200, value_name = "N")]
    pub(crate) probe: u64,
    /// Also choose a smallest subset of the tests that still kills every killed wrong solution
    /// (greedy set cover; samples and judge-size tests kept)
    #[arg(long)]
    pub(crate) minimize: bool,
    /// With --minimize: each wrong solution killed by at least 2 kept tests where it can be
    #[arg(long, requires = "minimize")]
    pub(crate) kill_twice: bool,
    /// Brute's budget in memoized states per case (answers, Sprague-Grundy values)
    #[arg(long, default_value_t = 2_000_000)]
    pub(crate) max_states: usize,
    /// Time limit per test in milliseconds (default: the judge's)
    #[arg(long, value_name = "MS", value_parser = parse_time_limit)]
    pub(crate) time_limit_ms: Option<u64>,
    /// Also run at most N mutants of a right solution's source (see below)
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "30")]
    pub(crate) mutants: Option<usize>,
    /// The C++ or Python source --mutants mutates (default: the problem's own)
    #[arg(long, value_name = "FILE", requires = "mutants")]
    pub(crate) mutants_of: Option<PathBuf>,
}

const SHOW_HELP: &str = "A graph is drawn in layers from its root (ringed: the ground, in Hackenbush) down: \
a tree as a tree, each leaf a column of its own; the edges that close cycles, loops and parallel edges \
bent so each shows. Boards and matrices are grids, piles bars, cards and rows boxes. For impartial games \
brute's values are written beside the vertices (g=) and the winning moves marked in red (Hackenbush: the \
edges whose cut leaves value 0); past brute's budget they are left out, never guessed. Up to 60 vertices, \
items or piles and a 20x20 grid are drawn; beyond, the nearest the root, and the picture says what it left \
out.\n\nFormats: svg (the default, any browser opens it), png (through rsvg-convert or ImageMagick, when \
on the PATH), dot (Graphviz: dot -Tsvg), csacademy (paste into the CS Academy graph editor; graphs \
only).\n\nExamples:\n  harness show corpus/green-hackenbush/ENTRY.toml -o entry.svg\n  harness show \
--problem nim sample.in --format dot\n  harness show --config cactus --case 17 --format csacademy\n  \
for d in corpus/*/; do f=$(ls $d*.toml | head -1); harness show $f -o /tmp/$(basename $d).svg; done";

/// `harness show`.
#[derive(Args, Debug)]
pub(crate) struct ShowArgs {
    /// A corpus entry, or with --problem an input in the judge's format
    #[arg(value_name = "FILE", required_unless_present = "config")]
    pub file: Option<PathBuf>,
    /// FILE is an input of this problem (by name or alias), not a corpus entry
    #[arg(short, long, conflicts_with = "config")]
    pub problem: Option<String>,
    /// Draw case --case of this config (a name in configs/, a file, or a problem's name)
    #[arg(long, conflicts_with = "file", requires = "case")]
    pub config: Option<String>,
    /// With --config: the case to draw
    #[arg(long, requires = "config")]
    pub case: Option<u64>,
    /// With --config: the seed (default: the config's)
    #[arg(long, requires = "config")]
    pub seed: Option<u64>,
    #[arg(long, value_enum, default_value_t = PictureFormat::Svg)]
    pub format: PictureFormat,
    /// Write the picture here (default: stdout)
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Brute's budget in memoized states, for the values drawn
    #[arg(long, default_value_t = 2_000_000)]
    pub max_states: usize,
}

/// `show --format`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum PictureFormat {
    /// SVG, laid out by the harness itself
    Svg,
    /// PNG, the SVG converted by rsvg-convert or ImageMagick
    Png,
    /// Graphviz DOT
    Dot,
    /// The CS Academy graph editor's text: node names, then `u v [label]` lines (graphs only)
    Csacademy,
}

impl From<PictureFormat> for engine::show::Format {
    fn from(f: PictureFormat) -> Self {
        match f {
            PictureFormat::Svg => Self::Svg,
            PictureFormat::Png => Self::Png,
            PictureFormat::Dot => Self::Dot,
            PictureFormat::Csacademy => Self::CsAcademy,
        }
    }
}

/// The `--format` help that `testset` and `corpus export` share (a macro, for `concat!`).
macro_rules! formats_text {
    () => {
        "\
Formats (--format):
  flat     01.in, 01.ans and 01.desc (who answered the test and what it is; judges and oj ignore it)
  oj       sample-N.in/.out, random-NNN.in/.out, hack-NNN.in/.out (corpus entries) and nothing else:
           `oj test -d DIR -c './a.out'` runs them (answers are compared as text: fine for problems
           whose right answer is unique)
  polygon  problem.xml (testset `tests`: time and memory limits, each test's method, sample flag and
           description) with tests/01, tests/01.a, ...
  kattis   the 2023-07 package format, in a folder named [a-z0-9]+ (the short name): problem.yaml
           (limits), statement/problem.en.md, data/sample and data/secret (.in, .ans, .desc),
           .timelimit, submissions/accepted/ and input_validators/ where there are sources; a problem
           with many valid answers gets its output validator, the C++ source of
           gen/output_validators/ in output_validator/ (without one, output_validator/harness_check/run,
           which runs `harness check --problem P --kattis`, harness on the judge's PATH or $HARNESS)
  bapc     the kattis package in the 2025-09 version, the only one BAPCtools reads (problemtools reads
           only 2023-07): statement/problem.en.tex and no .timelimit
The folder is written whole into a temporary folder and moved into place; --out may never be, hold
or lie inside the corpus or the workspace's sources, even with --force."
    };
}

const NEW_HELP: &str = "The folder holds problem.toml (every key commented), a generator, a brute (the \
oracle, slow but sure), a solution, a validator, input.ctd (the input format in checktestdata's language) and \
samples/1.in, for a take-away game with T cases: replace the game with yours, program by program, running the \
first example after each change. C++ sources are built with g++ when it is on the PATH (else the command that \
builds them is printed).\n\nExamples:\n  harness new mygame\n  harness --config mygame/problem.toml\n  \
harness new mygame-cpp --lang cpp";

const TESTSET_HELP: &str = concat!(
    "Answers come from brute where it reaches and the trusted reference (the first default \
solver) elsewhere; the same command writes byte-identical files. The report names, per limit of the \
problem, the largest value any test reaches (BOUND NOT REACHED when none reaches it).\n\n",
    formats_text!(),
    "\n\nA problem file (--config FILE): its `samples` and corpus entries (answered by brute), --random \
cases of its generator (validated, answered by brute) and its [[test]] tables (answered by its \
`reference`); its folder is protected as the sources are. A Polygon or Kattis package of a file with a \
`checker` names no checker: add yours by hand.\n\nExamples:\n  harness testset --problem tree-game --out tests/tree-game\n  \
harness testset --problem nim --out /tmp/nim --random 50 --force\n  \
harness testset --config examples/euclid/euclid.toml --out /tmp/euclid --format polygon\n  \
harness testset --problem wythoff --out /tmp/wythoff-oj --format oj && oj test -d /tmp/wythoff-oj -c './a.out'"
);

const EXPORT_HELP: &str = concat!(
    "Every stored answer is judged by the problem's check first; an entry it rejects is reported \
and left out (exit 1).\n\n",
    formats_text!(),
    "\n\nExample:\n  harness corpus export /tmp/judge --problem tree-game --format kattis"
);

const CHECK_HELP: &str = "\
The answer is judged by the problem's own check (the one stress runs use), so problems with many valid \
outputs are judged on the move, not against one expected text.

Three ways to call it:
  harness check --problem P INPUT OUTPUT           exit 0 accepted, 1 wrong answer, 2 malformed
  harness check --problem P INPUT OUTPUT ANSWER [REPORT [-appes]]
                                                   a testlib checker: the jury's ANSWER is what the
                                                   output is judged against (problems with many valid
                                                   answers judge from the rules and use only its
                                                   verdict); exit 0 ok, 1 wrong answer,
                                                   2 presentation error (malformed or missing output),
                                                   3 failure (the jury's: an unknown problem, an input
                                                   or answer that is broken or cannot be read); the
                                                   verdict also in REPORT, as XML with -appes
  harness check --problem P --kattis INPUT ANSWER FEEDBACK_DIR < OUTPUT
                                                   a Kattis / DOMjudge output validator: exit 42
                                                   accepted, 43 wrong answer or malformed output, the
                                                   reason in FEEDBACK_DIR/judgemessage.txt; a jury
                                                   fault exits 2 (a judge error)

Example:
  ./a.out < 01.in > out.txt && harness check --problem tree-game 01.in out.txt";

const TABLE_EXAMPLES: &str = "\
Every [gen] range is pinned to its lower end except the varied keys; --set fixes others.
For impartial problems the value is the Sprague-Grundy value, even where the judge asks
only who wins. A key `name.N` is element N of the list `name` (e.g. one pile of many).

Examples:
  harness table --problem bash-game --set k=3 --vary n=0..40 --find-period
  harness table --problem wythoff --vary a=0..20 --vary b=0..20 --format csv
  harness table --problem staircase-nim --set piles=[0,0] --vary piles.1=0..7 --vary piles.2=0..7
  harness table --problem octal-game --set code=0.77 --vary n=0..300 --find-period
  harness table --problem bash-game --vary n=0..30 --vary k=1..6 --solver wrong-mod-k
  harness table --problem octal-game --set code=0.77 --vary n=0..100 --fit
  harness table --problem wythoff --vary a=0..20 --vary b=0..20 --fit
  harness table --problem octal-game --set code=0.137 --vary n=0..150 --fit --save-fit dawson.toml
  harness table --problem octal-game --set code=0.137 --vary n=0..2000 --solver fit:dawson.toml
  harness table --problem tree-game --vary n=1..8 --exhaustive --solver fast --solver wrong-sum-not-xor

Exit status: 0 the table was printed (and every --solver agreed), 1 a --solver was
rejected somewhere (marked *), 2 bad usage.";

#[derive(Args)]
pub(crate) struct TableArgs {
    /// The problem, by name or alias
    #[arg(short, long)]
    pub(crate) problem: String,
    /// Start from this config's [gen] and [brute] tables instead of the family's defaults
    #[arg(short, long, value_name = "FILE|NAME")]
    pub(crate) config: Option<String>,
    /// Fix a [gen] key, e.g. --set k=3 (repeatable)
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = config::parse_set)]
    pub(crate) sets: Vec<(String, toml::Value)>,
    /// A key to vary over an integer range: one for a row, two for a grid
    #[arg(long = "vary", value_name = "KEY=LO..HI", value_parser = engine::table::parse_vary, required = true)]
    pub(crate) vary: Vec<engine::table::Vary>,
    /// Report the smallest period (and pre-period, or saltus) of a one-key table
    #[arg(long)]
    pub(crate) find_period: bool,
    /// Add this built-in solver's answers, or a saved fit's (fit:FILE, from --save-fit); cells
    /// its check rejects are marked * (repeatable)
    #[arg(long = "solver", value_name = "NAME")]
    pub(crate) solvers: Vec<String>,
    /// text: a row or a grid; csv: one line per point
    #[arg(long, value_enum, default_value_t = StyleArg::Text)]
    pub(crate) format: StyleArg,
    /// Brute's budget in memoized states per point (and 32 moves listed per state)
    #[arg(long, default_value_t = 50_000_000)]
    pub(crate) max_states: usize,
    /// Search, simplest first, for closed forms that give every value of the table (a period,
    /// saltus, polynomial, linear recurrence, zero classes; for a grid XOR, (a+b) mod k, residues,
    /// Beatty pairs, symmetry): each is proven where a theorem allows (Guy–Smith for octal games,
    /// subtraction games), extending the values with the fast engine, else stressed beyond the
    /// table. A table too short to decide exits 2, saying how many values it needs
    #[arg(long)]
    pub(crate) fit: bool,
    /// With --fit: write the simplest fit that stands (proven, or a conjecture the stress did
    /// not refute) to FILE, a small TOML; `--solver fit:FILE` then shows its answers beside
    /// brute's over any range, marked * where they disagree
    #[arg(long, value_name = "FILE", requires = "fit")]
    pub(crate) save_fit: Option<PathBuf>,
    /// A verdict per point instead of a value: the --vary keys fixed to the point and every
    /// other [gen] range kept, every instance of the family within them (as `harness
    /// --exhaustive` enumerates it, up to its symmetry) is answered by brute and by each
    /// --solver (default: the problem's default solvers). The first line counts the instances,
    /// a cell the answers the check rejects (ok: none), and each solver's first rejected
    /// instance follows the table. `--vary n=1..8` over tree-game: every rooted tree of each size
    #[arg(long, conflicts_with_all = ["fit", "find_period"])]
    pub(crate) exhaustive: bool,
}

const INVOKE_HELP: &str = "\
The tests are listed in configs/judge/<problem>.toml (one per shape that stresses a solution
differently, at the judge's maximum). Answers are judged by the problem's check against the
first default solver. Every solution runs as a process, one at a time; built-in solvers too.

Examples:
  harness invoke --problem green-hackenbush
  harness invoke --problem tree-game --solver fast --solver-cmd ./recursive --stack 8M
  harness invoke --problem forest-game --solver-cmd 'python3 sol.py' --test path --time-limit-ms 5000
  harness invoke --problem nim --list

Tests marked `beyond = true` (outside the judge's guarantee) run only when named with --test. The
test `corpus` runs the problem's corpus entries: the judge's samples and every refutation kept;
`corpus-beyond`, only when named, the entries outside the judge's guarantee (christmas-game's
refutations on general cacti, where POJ gives pendant cycles only).

Expected verdicts: `--expect ./slow=TLE` (or `[[solution]] cmd = \"./slow\" expect = [\"TLE\"]` in a
--config file): on each test the solution must be OK or get one of them, and get one at least once.
Built-in solvers named wrong-... expect WA. The table marks an unexpected verdict with !.

A problem file (`--config FILE` with a [problem] table, no --problem): its `solvers` and each
--solver-cmd on its [[test]] tables (judge-size tests: `name`, `values` fixing every [gen] key,
optional `seed` and `about`) and its corpus entries, judged by its checker or by tokens against
`reference` (default: its first solver), under `time_limit_ms`, `memory_limit` (default 256M)
and --stack (default 8M).

Examples (more):
  harness invoke --config examples/euclid/euclid.toml --solver-cmd ./mine --expect ./mine=TLE
  harness invoke --problem green-hackenbush --solver fast --solver-cmd ./slow --expect ./slow=TLE
  harness invoke --problem christmas-game --test beyond-general-max --solver pendant-cycles

Exit status: 0 every solution behaved as expected (OK everywhere unless told otherwise), 1 some did
not, 2 bad usage.";

#[derive(Args)]
pub(crate) struct InvokeArgs {
    /// The problem, by name or alias (none with a problem file as --config)
    #[arg(short, long, required_unless_present = "config")]
    pub(crate) problem: Option<String>,
    /// A built-in solver (repeatable; default: the problem's default solvers unless --solver-cmd is given)
    #[arg(long = "solver", value_name = "NAME")]
    pub(crate) solvers: Vec<String>,
    /// Your program, e.g. './a.out' or 'python3 sol.py' (repeatable)
    #[arg(long = "solver-cmd", value_name = "CMD")]
    pub(crate) solver_cmds: Vec<String>,
    /// Only this test (repeatable; see --list)
    #[arg(long = "test", value_name = "NAME")]
    pub(crate) tests: Vec<String>,
    /// List the tests and stop
    #[arg(long)]
    pub(crate) list: bool,
    /// Time limit per test in milliseconds (default: the judge's)
    #[arg(long, value_name = "MS", value_parser = parse_time_limit)]
    pub(crate) time_limit_ms: Option<u64>,
    /// Memory limit on peak resident memory, e.g. 256M (default: the judge's)
    #[arg(long, value_name = "SIZE", value_parser = invoke::parse_size)]
    pub(crate) memory: Option<u64>,
    /// Main-thread stack of each solution (default: the judge's where known, e.g. the whole
    /// memory limit on Codeforces, else 8 MiB)
    #[arg(long, value_name = "SIZE", value_parser = invoke::parse_size)]
    pub(crate) stack: Option<u64>,
    /// Verdicts a solution may get where it is not OK, e.g. ./slow=TLE or ./rec=RE,TLE
    /// (a solver's name or the command as given; repeatable). Deliberately wrong built-in
    /// solvers expect WA
    #[arg(long = "expect", value_name = "NAME=VERDICTS", value_parser = invoke::parse_expect)]
    pub(crate) expects: Vec<(String, Vec<invoke::Kind>)>,
    /// A problem file (its solvers on its [[test]] tables and corpus), or with --problem a file of
    /// [[solution]] tables: `cmd = "./slow"` (or `solver = "NAME"`), `expect = ["TLE"]`
    #[arg(long, value_name = "FILE")]
    pub(crate) config: Option<String>,
    /// The corpus whose entries of the problem make the test `corpus` (default: the workspace's)
    #[arg(long, value_name = "DIR")]
    pub(crate) corpus: Option<PathBuf>,
    /// Also write the verdict table as one self-contained HTML page (no network): the limits,
    /// each test's row with its description, the cells not OK in words, the expectations
    #[arg(long, value_name = "FILE.html")]
    pub(crate) report: Option<PathBuf>,
}

#[derive(Args)]
pub(crate) struct GenArgs {
    /// Config file, name in configs/, or a problem's name
    #[arg(
        short,
        long,
        value_name = "FILE|NAME",
        required_unless_present = "problem",
        conflicts_with = "problem"
    )]
    pub(crate) config: Option<String>,
    /// A problem by name or alias, with its generator's default settings
    #[arg(short, long)]
    pub(crate) problem: Option<String>,
    /// Seed (default: the config's)
    #[arg(short, long)]
    pub(crate) seed: Option<u64>,
    /// The case index
    #[arg(short = 'k', long, default_value_t = 0)]
    pub(crate) case: u64,
    /// How many consecutive cases to pack into the input (multi-case formats)
    #[arg(long, default_value_t = 1)]
    pub(crate) count: usize,
    /// Steps between the cases of one input (N for the batches of a `--shard K/N` run)
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub(crate) stride: u64,
    /// Override a [gen] key, e.g. --set n=500000
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = config::parse_set)]
    pub(crate) sets: Vec<(String, toml::Value)>,
    /// Instead of printing, check that cases 0..N and all their shrink candidates are valid instances
    #[arg(long, value_name = "N")]
    pub(crate) validate: Option<u64>,
}

#[derive(Subcommand)]
pub(crate) enum SummaryCommand {
    /// Merge the summaries of one run's shards into one (JSON on stdout); summaries of
    /// different runs, or one shard twice, are refused
    #[command(after_help = "Example:\n  harness summary merge out/summary-*.json > summary.json")]
    Merge {
        /// The files `harness --summary FILE` wrote
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
}

#[derive(Subcommand)]
pub(crate) enum CorpusCommand {
    /// Replay every entry: its answer must still be accepted and every default solver must agree
    /// (a problem file's entries are skipped, with the `--config` command that replays them)
    Check,
    /// Recompute every expected answer; report (and rewrite) the ones no longer accepted, exit 1 if any
    Regen,
    /// Add an input file as a regression case; brute computes its expected answer
    Add {
        /// The problem, by name or alias
        #[arg(short, long)]
        problem: String,
        /// A file in the judge's input format
        input: PathBuf,
        /// Why it is kept, e.g. "judge sample 1"
        #[arg(long)]
        note: Option<String>,
        /// Answer with this trusted built-in solver instead of brute (inputs beyond brute's reach);
        /// the entry records it and replays with it
        #[arg(long, value_name = "SOLVER")]
        reference: Option<String>,
    },
    /// Merge corpora from many machines or shards into --corpus: identical entries once; the same
    /// input with different expected answers is a conflict (exit 1), never overwritten
    #[command(
        after_help = "Every folder is read whole before anything is written: one that is not a corpus stops \
the merge with nothing changed. Entries already in --corpus are never replaced.\n\nExample:\n  \
harness corpus merge out/corpus-* --corpus corpus"
    )]
    Merge {
        /// Corpus folders to merge from
        #[arg(required = true, value_name = "DIR")]
        dirs: Vec<PathBuf>,
    },
    /// Write the entries as test sets: flat NN.in / NN.ans / NN.desc, an `oj test` folder, a
    /// Polygon or a Kattis package (one per problem)
    #[command(after_help = EXPORT_HELP)]
    Export {
        /// Destination folder (must not exist or be empty, unless --force)
        dir: PathBuf,
        /// Only entries of this problem (default: all, one subfolder per problem)
        #[arg(long)]
        problem: Option<String>,
        /// The layout to write
        #[arg(long, value_enum, default_value_t = LayoutArg::Flat)]
        format: LayoutArg,
        /// Replace a folder that is not empty
        #[arg(long)]
        force: bool,
    },
}

pub(crate) fn parse_shard(s: &str) -> Result<(u64, u64), String> {
    let (k, n) = s.split_once('/').ok_or("expected K/N, e.g. 2/8")?;
    let k: u64 = k.trim().parse().map_err(|_| format!("`{k}` is not a number"))?;
    let n: u64 = n.trim().parse().map_err(|_| format!("`{n}` is not a number"))?;
    if n == 0 || k == 0 || k > n {
        return Err(format!("shard {k}/{n}: K must be in 1..=N"));
    }
    Ok((k - 1, n))
}

pub(crate) fn parse_max_failures(s: &str) -> Result<usize, String> {
    match s.parse() {
        Ok(0) => Err("0 keeps no counterexample: give at least 1".into()),
        parsed => parsed.map_err(|e| format!("{e}: give a count, e.g. 20")),
    }
}

pub(crate) fn parse_time_limit(s: &str) -> Result<u64, String> {
    match s.parse() {
        Ok(0) => Err("a limit of 0 ms times out every run: give at least 1, e.g. 2000".into()),
        parsed => parsed.map_err(|e| format!("{e}: give milliseconds, e.g. 2000")),
    }
}

/// `--checker-convention`: how a checker is called and what its exit code means.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum ConventionArg {
    /// `CMD input output answer`; exit 0 ok, 1 WA, 2 PE, 3 fail, 7 points, 8 unexpected EOF
    Testlib,
    /// `CMD input answer feedback_dir < output`; exit 42 accepted, 43 wrong answer
    Kattis,
}

impl From<ConventionArg> for engine::Convention {
    fn from(c: ConventionArg) -> Self {
        match c {
            ConventionArg::Testlib => Self::Testlib,
            ConventionArg::Kattis => Self::Kattis,
        }
    }
}

/// `--lang` of `harness new`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum LangArg {
    /// `python3 gen.py`, ...
    Python,
    /// `gen.cpp`, ..., built with g++ (-O2 -std=c++17) into `./gen`, ...
    Cpp,
}

impl From<LangArg> for engine::scaffold::Lang {
    fn from(l: LangArg) -> Self {
        match l {
            LangArg::Python => Self::Python,
            LangArg::Cpp => Self::Cpp,
        }
    }
}

/// `--format` of a test set.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum LayoutArg {
    /// `01.in` / `01.ans` / `01.desc`
    Flat,
    /// online-judge-tools: `sample-1.in` / `sample-1.out`, `random-001`, `hack-001`
    Oj,
    /// A Polygon package: `problem.xml`, `tests/01`, `tests/01.a`
    Polygon,
    /// A Kattis / DOMjudge package: `problem.yaml`, `data/sample`, `data/secret`
    Kattis,
    /// The Kattis package in the version BAPCtools reads (2025-09): `bt validate`, `bt run`
    Bapc,
}

impl From<LayoutArg> for engine::Layout {
    fn from(l: LayoutArg) -> Self {
        match l {
            LayoutArg::Flat => Self::Flat,
            LayoutArg::Oj => Self::Oj,
            LayoutArg::Polygon => Self::Polygon,
            LayoutArg::Kattis => Self::Kattis,
            LayoutArg::Bapc => Self::Bapc,
        }
    }
}

/// `table --format`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum StyleArg {
    /// A row for one key, a grid for two; `*` marks a solver's rejected answers.
    Text,
    /// One line per point: the varied keys, `value`, then one column per solver.
    Csv,
    /// A picture: bars for one key, a heat map for two; value 0 (losing) in red, the period in the caption.
    Svg,
}

impl From<StyleArg> for engine::table::Style {
    fn from(s: StyleArg) -> Self {
        match s {
            StyleArg::Text => Self::Text,
            StyleArg::Csv => Self::Csv,
            StyleArg::Svg => Self::Svg,
        }
    }
}

impl RunArgs {
    /// The run's options, as the engine takes them: the one place the flags are read.
    pub(crate) fn options(&self) -> RunOptions {
        RunOptions {
            cases: self.cases,
            seed: self.seed,
            solvers: self.solvers.clone(),
            solver_cmds: self.solver_cmds.clone(),
            time_limit_ms: self.time_limit_ms,
            batch: self.batch,
            check_determinism: self.check_determinism,
            max_states: self.max_states,
            reference: self.reference.clone(),
            brute_cmd: self.brute_cmd.clone(),
            brute_time_limit_ms: self.brute_time_limit_ms,
            checker: self.checker.clone(),
            interactor: self.interactor.clone(),
            checker_convention: self.checker_convention.into(),
            metamorphic: self.metamorphic,
            no_oracle: self.no_oracle,
            shard: self.shard,
            duration: self.duration,
            keep_going: self.keep_going.then(|| self.max_failures.unwrap_or(100)),
            corpus: self.corpus.clone(),
            no_shrink: self.no_shrink,
            shrink_seconds: self.shrink_seconds,
            shrink_layers: self.shrink_layers.clone(),
            summary: self.summary.clone(),
            report: self.report.clone(),
            exhaustive: (self.exhaustive).then(|| self.exhaustive_limit.unwrap_or(engine::exhaustive::DEFAULT_LIMIT)),
            fit: self.fit.clone(),
        }
    }
}

/// testlib's checkers take `-appes` after the report file, one dash and a long name, which
/// clap would read as short flags; `check` takes it as `--appes`.
pub(crate) fn testlib_spelling(args: impl Iterator<Item = OsString>) -> Vec<OsString> {
    let mut args: Vec<OsString> = args.collect();
    if args.get(1).is_some_and(|a| a == "check") {
        for arg in &mut args[2..] {
            if arg == "-appes" || arg == "-APPES" {
                *arg = "--appes".into();
            }
        }
    }
    args
}
