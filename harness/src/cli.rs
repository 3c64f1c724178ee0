//! The command line: parse, dispatch, and map outcomes to exit codes
//! (0: every case agreed; 1: a counterexample or a failing corpus entry;
//! 2: bad usage, config or input; 130: stopped by a signal).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use brute::Budget;
use clap::{Args, Parser, Subcommand};

use engine::builtin::registry::{self, RunOptions};
use engine::checker::Convention;
use engine::config::{self, Source};
use engine::corpus_commands;
use engine::package::Layout;
use engine::run;
use engine::summary;
use engine::{duration, output, own as external, table};
use games::CATALOG;
use sandbox::signals as cancel;

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
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    run: RunArgs,
}

#[derive(Args)]
struct RunArgs {
    /// Config file, a name in configs/ (with or without .toml), or a problem's name or alias
    #[arg(short, long, value_name = "FILE|NAME")]
    config: Option<String>,
    /// Number of cases (default: the config's `cases`)
    #[arg(short = 'n', long)]
    cases: Option<u64>,
    /// Seed of the run (default: the config's `seed`); case K of seed S is always the same instance
    #[arg(short, long)]
    seed: Option<u64>,
    /// Worker threads (default: all cores); results do not depend on it
    #[arg(short = 'j', long)]
    threads: Option<usize>,
    /// A built-in solver to run (repeatable; default: the config's, else the problem's default solvers)
    #[arg(long = "solver", value_name = "NAME")]
    solvers: Vec<String>,
    /// An external program reading the judge's input on stdin, e.g. './a.out' or 'python3 sol.py' (repeatable)
    #[arg(long = "solver-cmd", value_name = "CMD")]
    solver_cmds: Vec<String>,
    /// Time limit per external run in milliseconds at least 1 (default: the config's, else 2000)
    #[arg(long, value_name = "MS", value_parser = parse_time_limit)]
    time_limit_ms: Option<u64>,
    /// Cases packed into one external run, up to the judge's limit (default: that limit)
    #[arg(long)]
    batch: Option<usize>,
    /// Run external programs twice per input; different outputs are a `flaky` verdict
    #[arg(long)]
    check_determinism: bool,
    /// Brute's budget in memoized states per case; bigger cases are skipped, never passed
    #[arg(long)]
    max_states: Option<usize>,
    /// Trust this built-in solver instead of brute as the oracle (for sizes brute cannot reach)
    #[arg(long, value_name = "SOLVER")]
    reference: Option<String>,
    /// Your own oracle: a program reading the judge's input and printing the right answers, used
    /// instead of brute (its crash or timeout stops the run; nothing is passed on it)
    #[arg(long, value_name = "CMD", conflicts_with = "reference")]
    brute_cmd: Option<String>,
    /// Time limit per run of --brute-cmd in milliseconds (default: the config's, else 60000)
    #[arg(long, value_name = "MS", value_parser = parse_time_limit)]
    brute_time_limit_ms: Option<u64>,
    /// A checker judging instead of the problem's own check: testlib's `CMD input output answer`
    /// (exit 0 ok, 1 wrong answer, 2 presentation error, 3 failure, 7 points, 8 unexpected EOF),
    /// or with --checker-convention kattis `CMD input answer feedback_dir < output` (42 / 43)
    #[arg(long, value_name = "CMD")]
    checker: Option<String>,
    /// Interactive problems: your own testlib-style interactor instead of the brute jury, run as
    /// `CMD input output` with the player's output on its stdin and its output on the player's
    /// stdin; exit 0 accepted, 1 wrong answer, 2 protocol error, 3 interactor failure
    #[arg(long, value_name = "CMD")]
    interactor: Option<String>,
    /// How --checker is called and what its exit codes mean
    #[arg(long, value_enum, default_value_t = Convention::Testlib, requires = "checker")]
    checker_convention: Convention,
    /// Also hold every solver, built-in or --solver-cmd, to the problem's metamorphic relations
    /// (relabelling changes nothing, a game plus its copy is worth 0, ...): a program answers
    /// each case and its related instance, and the relation judges the pair; `harness list`
    /// names them
    #[arg(long)]
    metamorphic: bool,
    /// With --metamorphic: check the relations alone, at sizes no oracle reaches
    #[arg(long, requires = "metamorphic")]
    no_oracle: bool,
    /// Run only cases whose index is K-1 mod N (1-based K), to split a run across machines
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    shard: Option<(u64, u64)>,
    /// Keep every distinct counterexample (a different shrunk entry) instead of stopping at the
    /// first; the corpora of N shards then add up to one process's, file for file
    #[arg(long)]
    keep_going: bool,
    /// With --keep-going: stop after this many distinct counterexamples (default: 100)
    #[arg(long, value_name = "N", requires = "keep_going", value_parser = parse_max_failures)]
    max_failures: Option<usize>,
    /// Run until this much time is up, e.g. 90s, 30m, 2h, 1h30m, instead of the config's case
    /// count (--cases still bounds it); the cases covered are reported
    #[arg(long, value_name = "TIME", value_parser = duration::parse)]
    duration: Option<std::time::Duration>,
    /// Write a JSON summary of the run (config, seed, shard, case range, counts by verdict,
    /// entries written, time, cases/s); `harness summary merge` adds the shards' up
    #[arg(long, value_name = "FILE")]
    summary: Option<PathBuf>,
    /// Where counterexamples are saved (default: corpus/ of the workspace when run inside it, else ./corpus)
    #[arg(long, value_name = "DIR")]
    corpus: Option<PathBuf>,
    /// Report the first counterexample as found, without shrinking it
    #[arg(long)]
    no_shrink: bool,
    /// Stop shrinking after this many seconds and keep the smallest so far
    #[arg(long, default_value_t = 120, value_name = "SECONDS")]
    shrink_seconds: u64,
    /// For a problem file: the shrinking layers to run, in order, from gen (the generator with
    /// smaller [gen] values), spec (the input read by its spec), text (lines, tokens, integers)
    #[arg(long, value_name = "LAYERS")]
    shrink_layers: Option<String>,
    /// Override a [gen] key of the config, e.g. --set n=[5,9] --set mode=poj (repeatable)
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = config::parse_set)]
    sets: Vec<(String, toml::Value)>,
}

#[derive(Subcommand)]
enum Command {
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
        /// Brute's budget in memoized states per case
        #[arg(long, default_value_t = 50_000_000)]
        max_states: usize,
        /// Brute's budget in memory for its memo, e.g. 2G (default: half of the available memory, or of the
        /// address-space limit (`ulimit -v`) when that is lower)
        #[arg(long, value_name = "SIZE", value_parser = engine::invoke::parse_size)]
        max_memory: Option<u64>,
        /// Answer with this trusted built-in solver instead of brute (inputs beyond brute's reach)
        #[arg(long, value_name = "SOLVER")]
        reference: Option<String>,
    },
    /// Judge a contestant's output as a checker would: exit 0 accepted, 1 rejected (with the reason),
    /// 2 malformed output or input; as testlib's checker with an ANSWER, or as a Kattis output validator
    #[command(after_help = CHECK_HELP)]
    Check {
        /// The problem, by name or alias
        #[arg(short, long)]
        problem: String,
        /// INPUT OUTPUT [ANSWER] (testlib's order), or with --kattis INPUT ANSWER FEEDBACK_DIR
        #[arg(required = true, num_args = 2..=3, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Run as a Kattis / DOMjudge output validator: the output on stdin, exit 42 accepted,
        /// 43 wrong answer, the message in FEEDBACK_DIR/judgemessage.txt
        #[arg(long)]
        kattis: bool,
        /// Brute's budget in memoized states per case
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
        /// Random small cases from the problem's main config
        #[arg(long, default_value_t = 20, value_name = "N")]
        random: u64,
        /// Leave out the judge-size tests
        #[arg(long)]
        no_judge_size: bool,
        /// Add the judge-size tests beyond the judge's guarantee (`beyond = true` in
        /// configs/judge/<problem>.toml), left out by default
        #[arg(long, conflicts_with = "no_judge_size")]
        beyond_guarantee: bool,
        /// The layout to write
        #[arg(long, value_enum, default_value_t = Layout::Flat)]
        format: Layout,
        /// The corpus to take entries from (default: the workspace's)
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
        /// Brute's budget in memoized states per case; beyond it the reference answers
        #[arg(long, default_value_t = 2_000_000)]
        max_states: usize,
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
        /// Brute's budget in memoized states per case
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
    },
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
  kattis   problem.yaml, data/sample and data/secret (.in, .ans, .desc), .timelimit; a problem with many
           valid answers gets `validation: custom` and output_validators/harness_check/run, which runs
           `harness check --problem P --kattis` (harness on the judge's PATH, or $HARNESS)
The folder is written whole into a temporary folder and moved into place; --out may never be, hold
or lie inside the corpus or the workspace's sources, even with --force."
    };
}

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
  harness check --problem P INPUT OUTPUT ANSWER    a testlib checker: the jury's ANSWER is what the
                                                   output is judged against (problems with many valid
                                                   answers judge from the rules and use only its
                                                   verdict); exit 0 ok, 1 wrong answer,
                                                   2 presentation error, 3 failure (bad input or answer)
  harness check --problem P --kattis INPUT ANSWER FEEDBACK_DIR < OUTPUT
                                                   a Kattis / DOMjudge output validator: exit 42
                                                   accepted, 43 wrong answer, the reason in
                                                   FEEDBACK_DIR/judgemessage.txt

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

Exit status: 0 the table was printed (and every --solver agreed), 1 a --solver was
rejected somewhere (marked *), 2 bad usage.";

#[derive(Args)]
struct TableArgs {
    /// The problem, by name or alias
    #[arg(short, long)]
    problem: String,
    /// Start from this config's [gen] and [brute] tables instead of the family's defaults
    #[arg(short, long, value_name = "FILE|NAME")]
    config: Option<String>,
    /// Fix a [gen] key, e.g. --set k=3 (repeatable)
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = config::parse_set)]
    sets: Vec<(String, toml::Value)>,
    /// A key to vary over an integer range: one for a row, two for a grid
    #[arg(long = "vary", value_name = "KEY=LO..HI", value_parser = table::parse_vary, required = true)]
    vary: Vec<table::Vary>,
    /// Report the smallest period (and pre-period, or saltus) of a one-key table
    #[arg(long)]
    find_period: bool,
    /// Add this built-in solver's answers; cells its check rejects are marked * (repeatable)
    #[arg(long = "solver", value_name = "NAME")]
    solvers: Vec<String>,
    /// text: a row or a grid; csv: one line per point
    #[arg(long, value_enum, default_value_t = table::Style::Text)]
    format: table::Style,
    /// Brute's budget in memoized states per point
    #[arg(long, default_value_t = 50_000_000)]
    max_states: usize,
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
test `corpus` runs the problem's corpus entries: the judge's samples and every refutation kept.

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
struct InvokeArgs {
    /// The problem, by name or alias (none with a problem file as --config)
    #[arg(short, long, required_unless_present = "config")]
    problem: Option<String>,
    /// A built-in solver (repeatable; default: the problem's default solvers unless --solver-cmd is given)
    #[arg(long = "solver", value_name = "NAME")]
    solvers: Vec<String>,
    /// Your program, e.g. './a.out' or 'python3 sol.py' (repeatable)
    #[arg(long = "solver-cmd", value_name = "CMD")]
    solver_cmds: Vec<String>,
    /// Only this test (repeatable; see --list)
    #[arg(long = "test", value_name = "NAME")]
    tests: Vec<String>,
    /// List the tests and stop
    #[arg(long)]
    list: bool,
    /// Time limit per test in milliseconds (default: the judge's)
    #[arg(long, value_name = "MS", value_parser = parse_time_limit)]
    time_limit_ms: Option<u64>,
    /// Memory limit on peak resident memory, e.g. 256M (default: the judge's)
    #[arg(long, value_name = "SIZE", value_parser = engine::invoke::parse_size)]
    memory: Option<u64>,
    /// Main-thread stack of each solution (default: the judge's where known, e.g. the whole
    /// memory limit on Codeforces, else 8 MiB)
    #[arg(long, value_name = "SIZE", value_parser = engine::invoke::parse_size)]
    stack: Option<u64>,
    /// Verdicts a solution may get where it is not OK, e.g. ./slow=TLE or ./rec=RE,TLE
    /// (a solver's name or the command as given; repeatable). Deliberately wrong built-in
    /// solvers expect WA
    #[arg(long = "expect", value_name = "NAME=VERDICTS", value_parser = engine::invoke::parse_expect)]
    expects: Vec<(String, Vec<engine::invoke::Kind>)>,
    /// A problem file (its solvers on its [[test]] tables and corpus), or with --problem a file of
    /// [[solution]] tables: `cmd = "./slow"` (or `solver = "NAME"`), `expect = ["TLE"]`
    #[arg(long, value_name = "FILE")]
    config: Option<String>,
    /// The corpus whose entries of the problem make the test `corpus` (default: the workspace's)
    #[arg(long, value_name = "DIR")]
    corpus: Option<PathBuf>,
}

#[derive(Args)]
struct GenArgs {
    /// Config file, name in configs/, or a problem's name
    #[arg(
        short,
        long,
        value_name = "FILE|NAME",
        required_unless_present = "problem",
        conflicts_with = "problem"
    )]
    config: Option<String>,
    /// A problem by name or alias, with its generator's default settings
    #[arg(short, long)]
    problem: Option<String>,
    /// Seed (default: the config's)
    #[arg(short, long)]
    seed: Option<u64>,
    /// The case index
    #[arg(short = 'k', long, default_value_t = 0)]
    case: u64,
    /// How many consecutive cases to pack into the input (multi-case formats)
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// Steps between the cases of one input (N for the batches of a `--shard K/N` run)
    #[arg(long, default_value_t = 1, value_name = "N")]
    stride: u64,
    /// Override a [gen] key, e.g. --set n=500000
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = config::parse_set)]
    sets: Vec<(String, toml::Value)>,
    /// Instead of printing, check that cases 0..N and all their shrink candidates are valid instances
    #[arg(long, value_name = "N")]
    validate: Option<u64>,
}

#[derive(Subcommand)]
enum SummaryCommand {
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
enum CorpusCommand {
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
        #[arg(long, value_enum, default_value_t = Layout::Flat)]
        format: Layout,
        /// Replace a folder that is not empty
        #[arg(long)]
        force: bool,
    },
}

fn parse_shard(s: &str) -> Result<(u64, u64), String> {
    let (k, n) = s.split_once('/').ok_or("expected K/N, e.g. 2/8")?;
    let k: u64 = k.trim().parse().map_err(|_| format!("`{k}` is not a number"))?;
    let n: u64 = n.trim().parse().map_err(|_| format!("`{n}` is not a number"))?;
    if n == 0 || k == 0 || k > n {
        return Err(format!("shard {k}/{n}: K must be in 1..=N"));
    }
    Ok((k - 1, n))
}

fn parse_max_failures(s: &str) -> Result<usize, String> {
    match s.parse() {
        Ok(0) => Err("0 keeps no counterexample: give at least 1".into()),
        parsed => parsed.map_err(|e| format!("{e}: give a count, e.g. 20")),
    }
}

fn parse_time_limit(s: &str) -> Result<u64, String> {
    match s.parse() {
        Ok(0) => Err("a limit of 0 ms times out every run: give at least 1, e.g. 2000".into()),
        parsed => parsed.map_err(|e| format!("{e}: give milliseconds, e.g. 2000")),
    }
}

/// `--threads` beyond this many per core are capped.
const MAX_THREADS_PER_CORE: usize = 8;

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    // Where the kernel has no subreapers, descendants that escape a program's process group and
    // close its pipes are left to init, as they were before.
    let _ = sandbox::become_subreaper();
    // Without `/proc/self/exe`, what a program starts is left running if the harness is SIGKILLed.
    #[cfg(target_os = "linux")]
    let _ = sandbox::supervisor::enable();
    match dispatch(cli) {
        Ok(code) => code,
        // Once a signal came, whatever failed after it (a brute search it stopped, say) failed
        // because of it.
        Err(e) if e.downcast_ref::<cancel::Cancelled>().is_some() || cancel::cancelled() => {
            eprintln!("interrupted: {e:#}");
            ExitCode::from(cancel::EXIT)
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn dispatch(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Some(Command::Gen(args)) => gen(args),
        Some(Command::Brute {
            problem,
            input,
            max_states,
            max_memory,
            reference,
        }) => {
            let budget = Budget::new(max_states);
            let budget = match max_memory {
                Some(bytes) => budget.with_max_memory(usize::try_from(bytes).unwrap_or(usize::MAX)),
                None => budget,
            };
            brute(&problem, input.as_deref(), &budget, reference.as_deref())
        }
        Some(Command::Check {
            problem,
            files,
            kattis,
            max_states,
            reference,
        }) => engine::judge_check::run(
            CATALOG.problem(&problem)?,
            &files,
            kattis,
            max_states,
            reference.as_deref(),
        ),
        Some(Command::Table(args)) => table(args),
        Some(Command::Invoke(args)) => invoke(args),
        Some(Command::Testset {
            problem,
            config,
            out,
            force,
            random,
            no_judge_size,
            beyond_guarantee,
            format,
            corpus,
            max_states,
        }) => {
            let problem = match (problem, config) {
                (Some(problem), _) => problem,
                (None, Some(config)) => {
                    if beyond_guarantee {
                        bail!("--beyond-guarantee: a problem file's [[test]]s have no guarantee to go beyond");
                    }
                    let options = external::TestsetOptions {
                        out,
                        force,
                        layout: format,
                        random,
                        corpus,
                        no_judge_size,
                    };
                    return own_testset(&config, &options);
                }
                (None, None) => bail!("name a --problem or a problem file with --config"),
            };
            let problem = CATALOG.problem(&problem)?;
            let corpus = testset_corpus(problem.id().name, corpus)?;
            let options = engine::testset::Options {
                out,
                force,
                layout: format,
                random,
                corpus,
                budget: Budget::new(max_states),
                no_judge_size,
                beyond_guarantee,
            };
            cancel::install(brute::budget::stop)?;
            let began = std::time::Instant::now();
            let written = engine::testset::write(problem, &options, &mut |line| eprintln!("{line}"))?;
            output::write(&format!(
                "{}: {} tests written to {} ({:?}) in {:.1} s\nlimits reached by the tests:\n{}",
                problem.id().name,
                written.tests,
                options.out.display(),
                format,
                began.elapsed().as_secs_f64(),
                engine::bounds::render(&written.bounds)
            ))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::RunSolver { problem, solver }) => {
            let problem = CATALOG.problem(&problem)?;
            output::write(&problem.solve_with(Some(&solver), &mut std::io::stdin().lock())?)?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Play { problem, player }) => {
            let game = CATALOG
                .game(&problem)
                .ok_or_else(|| anyhow::anyhow!("`{problem}` is not an interactive problem: see harness list"))?;
            game.play(&player)?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::List { problem, map, markdown }) => {
            let text = match problem {
                Some(name) => match CATALOG.game(&name) {
                    Some(game) => engine::interactive::cli::one(game),
                    None => engine::problem_doc::text(CATALOG.problem(&name)?),
                },
                None if map => list_map(),
                None if markdown => engine::problem_doc::markdown(&CATALOG),
                None => list() + &engine::interactive::cli::list(CATALOG.games),
            };
            output::write(&text)?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Corpus {
            command,
            corpus,
            max_states,
            config,
            solver_cmds,
        }) => {
            if let Some(config) = config {
                let path = CATALOG.find_config(&config)?;
                let src = Source::load(&path, vec![])?;
                return match command {
                    CorpusCommand::Check if external::is_problem_file(&src) => {
                        external::corpus_check(&CATALOG, &src, &path, corpus, solver_cmds)
                    }
                    CorpusCommand::Check => bail!(
                        "--config: {} is no problem file (it has no [problem] table)",
                        src.origin
                    ),
                    _ => bail!("--config applies to `corpus check` only"),
                };
            }
            let dir = corpus.unwrap_or_else(config::default_corpus);
            let budget = Budget::new(max_states);
            cancel::install(brute::budget::stop)?;
            match command {
                CorpusCommand::Check => corpus_commands::check(&CATALOG, &dir, &budget),
                CorpusCommand::Regen => corpus_commands::regen(&CATALOG, &dir, &budget),
                CorpusCommand::Export {
                    dir: out,
                    problem,
                    format,
                    force,
                } => corpus_commands::export(&CATALOG, &dir, &out, problem.as_deref(), format, force, &budget),
                CorpusCommand::Add {
                    problem,
                    input,
                    note,
                    reference,
                } => corpus_commands::add(&CATALOG, &dir, &budget, &problem, &input, note, reference.as_deref()),
                CorpusCommand::Merge { dirs } => corpus_commands::merge(&CATALOG, &dirs, &dir),
            }
            .and_then(|code| {
                // A signal during a step that does not poll (add's one search) still stops here.
                cancel::check()?;
                Ok(code)
            })
        }
        Some(Command::Summary {
            command: SummaryCommand::Merge { files },
        }) => {
            let merged = summary::merge(&files)?;
            let verdicts: Vec<String> = merged.verdicts.iter().map(|(k, v)| format!("{v} {k}")).collect();
            eprintln!(
                "{}: {} shards of {}: {}; {} cases checked, {} skipped; verdicts: {}; {} entries; {:.0} cases/s",
                merged.run.problem,
                merged.shards.len(),
                merged.shard_count,
                merged.coverage(),
                merged.checked,
                merged.skipped,
                verdicts.join(", "),
                merged.entries_written,
                merged.cases_per_second
            );
            output::write(&format!("{}\n", serde_json::to_string_pretty(&merged)?))?;
            Ok(ExitCode::SUCCESS)
        }
        None => stress(cli.run),
    }
}

fn stress(args: RunArgs) -> Result<ExitCode> {
    let Some(name) = args.config.clone() else {
        bail!("no config given\n  run a bundled one: harness --config cactus\n  see them all:     harness list\n  full usage:       harness --help");
    };
    if let Some(t) = args.threads {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        // Threads beyond a few per core only add stacks and contention; tens of thousands make
        // the pool's start-up alone take minutes.
        let most = MAX_THREADS_PER_CORE * cores;
        let t = if t > most {
            eprintln!("--threads {t}: capped at {most} ({MAX_THREADS_PER_CORE} per core, {cores} cores)");
            most
        } else {
            t
        };
        rayon::ThreadPoolBuilder::new()
            .num_threads(t.max(1))
            .build_global()
            .context("cannot start the thread pool")?;
    }
    let path = CATALOG.find_config(&name)?;
    let src = Source::load(&path, args.sets.clone())?;
    if external::is_problem_file(&src) {
        return own_problem(&src, &path, args);
    }
    if args.shrink_layers.is_some() {
        bail!("--shrink-layers applies to problem files (a config with a [problem] table)");
    }
    if let Some(game) = CATALOG.game(&src.problem()?) {
        if args.summary.is_some() {
            bail!("--summary is not written for interactive problems: their runs end in one line on stderr");
        }
        cancel::install(brute::budget::stop)?;
        let opts = RunOptions {
            cases: args.cases,
            seed: args.seed,
            solvers: args.solvers,
            solver_cmds: args.solver_cmds,
            time_limit_ms: args.time_limit_ms,
            batch: args.batch,
            check_determinism: args.check_determinism,
            max_states: args.max_states,
            reference: args.reference,
            brute_cmd: args.brute_cmd,
            checker: args.checker,
            interactor: args.interactor,
            metamorphic: args.metamorphic,
            shard: args.shard,
            duration: args.duration,
            keep_going: args.keep_going.then_some(0),
            corpus: args.corpus,
            no_shrink: args.no_shrink,
            shrink_seconds: args.shrink_seconds,
            ..RunOptions::default()
        };
        return engine::interactive::cli::stress(game, &src, &opts);
    }
    if args.interactor.is_some() {
        bail!("--interactor judges interactive problems only (harness list names them)");
    }
    let problem = CATALOG
        .problem(&src.problem()?)
        .with_context(|| format!("in {}", src.origin))?;
    cancel::install(brute::budget::stop)?;
    let corpus = args.corpus.unwrap_or_else(config::default_corpus);
    if args.keep_going {
        // Every shard leaves a corpus folder, even one that found nothing, for `corpus merge`.
        std::fs::create_dir_all(&corpus)
            .with_context(|| format!("cannot create the corpus folder {}: check --corpus", corpus.display()))?;
    }
    // What killed runs left in the corpus goes before this one writes there.
    engine::corpus::tidy(&corpus);
    let opts = RunOptions {
        cases: args.cases,
        seed: args.seed,
        solvers: args.solvers,
        solver_cmds: args.solver_cmds,
        time_limit_ms: args.time_limit_ms,
        batch: args.batch,
        check_determinism: args.check_determinism,
        max_states: args.max_states,
        reference: args.reference,
        brute_cmd: args.brute_cmd,
        brute_time_limit_ms: args.brute_time_limit_ms,
        checker: args.checker,
        interactor: None,
        checker_convention: args.checker_convention,
        metamorphic: args.metamorphic,
        no_oracle: args.no_oracle,
        shard: args.shard,
        duration: args.duration,
        keep_going: args.keep_going.then(|| args.max_failures.unwrap_or(100)),
        corpus: Some(corpus.clone()),
        no_shrink: args.no_shrink,
        shrink_seconds: args.shrink_seconds,
    };
    let summary = problem.stress(&src, &opts)?;
    let secs = summary.elapsed.as_secs_f64();
    let rate = summary.checked as f64 / secs.max(1e-9);
    // Only brute skips for its budget; a reference skips a case it panics on.
    let why_skipped = match summary.oracle.strip_prefix("reference:") {
        _ if summary.skipped == 0 => String::new(),
        None => " (over brute's budget)".into(),
        Some(name) => format!(" (the reference `{name}` panicked on them)"),
    };
    eprintln!(
        "{}: {} cases checked, {} skipped{why_skipped}, {:.2} s, {:.0} cases/s{}",
        problem.id().name,
        summary.checked,
        summary.skipped,
        secs,
        rate,
        if summary.interrupted { ", interrupted" } else { "" }
    );
    let way_out = if summary.oracle == "brute" {
        "raise brute's budget (--max-states), lower the sizes in [gen], or let a trusted solver answer (--reference NAME)"
    } else {
        "let another trusted solver answer (--reference NAME), or none (brute answers)"
    };
    if summary.skipped * 10 > summary.checked + summary.skipped {
        eprintln!(
            "warning: {} of {} cases ({:.0}%) were skipped{why_skipped}: they were not checked, and this run \
             says nothing about them\n  {way_out}",
            summary.skipped,
            summary.checked + summary.skipped,
            100.0 * summary.skipped as f64 / (summary.checked + summary.skipped) as f64
        );
    }
    let (k, n) = summary.shard;
    if args.duration.is_some() || n > 1 {
        let which = if n > 1 {
            format!(
                "shard {}/{n} ran its case indices below {} (those {k} mod {n})",
                k + 1,
                summary.end
            )
        } else {
            format!("ran case indices 0..{}", summary.end)
        };
        eprintln!("{}: {which}, seed {}", problem.id().name, summary.seed);
    }
    if args.keep_going && summary.failed {
        report_finds(problem.id().name, &summary, &corpus);
    }
    if let Some(file) = &args.summary {
        let saved = summary::Record::of(&src, &summary, Some(&corpus)).save(file);
        match saved {
            // A find wins: it is kept and printed, and the exit status says so.
            Err(e) if summary.failed => {
                eprintln!("error: {e:#}\n  the summary was not written; what was found is above")
            }
            other => other?,
        }
    }
    if summary.failed {
        return Ok(ExitCode::from(1));
    }
    if summary.interrupted {
        return Ok(ExitCode::from(130));
    }
    if summary.checked == 0 && summary.skipped > 0 {
        bail!(
            "nothing was checked: all {} cases were skipped{why_skipped}\n  {way_out}",
            summary.skipped
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The closing count of a `--keep-going` run: the entries more than one
/// failing case came to, then the totals.
fn report_finds(name: &str, summary: &run::Summary, corpus: &Path) {
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
        if summary.stop == run::Stop::MaxFailures {
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

/// Where `testset` reads the judge samples and corpus entries, said aloud:
/// a corpus named with `--corpus` must exist, and a default one without the
/// problem's entries (outside the workspace) is a warning, not silence.
fn testset_corpus(problem: &str, given: Option<PathBuf>) -> Result<PathBuf> {
    if let Some(dir) = given {
        if !dir.is_dir() {
            bail!(
                "--corpus {}: no such folder: give the corpus folder (it holds one folder per problem)",
                dir.display()
            );
        }
        return Ok(dir);
    }
    let dir = config::default_corpus();
    let folder = dir.join(problem);
    if folder.is_dir() {
        eprintln!("{problem}: judge samples and corpus entries from {}", folder.display());
    } else {
        eprintln!(
            "warning: {problem}: no corpus at {} (outside the workspace the default corpus is ./corpus), so the \
             test set has no judge samples or corpus entries\n  give the corpus with --corpus DIR",
            folder.display()
        );
    }
    Ok(dir)
}

/// `testset --config PROBLEM.toml`.
fn own_testset(config: &str, options: &external::TestsetOptions) -> Result<ExitCode> {
    let path = CATALOG.find_config(config)?;
    let src = Source::load(&path, vec![])?;
    if !external::is_problem_file(&src) {
        bail!(
            "--config {} has no [problem] table: testset takes a problem file, or a built-in problem with --problem",
            src.origin
        );
    }
    cancel::install(brute::budget::stop)?;
    let began = std::time::Instant::now();
    let written = external::testset(&CATALOG, &src, &path, options, &mut |line| eprintln!("{line}"))?;
    output::write(&format!(
        "{}: {written} tests written to {} ({:?}) in {:.1} s\n",
        src.origin,
        options.out.display(),
        options.layout,
        began.elapsed().as_secs_f64(),
    ))?;
    Ok(ExitCode::SUCCESS)
}

/// A stress run of a problem made of programs.
fn own_problem(src: &Source, path: &Path, args: RunArgs) -> Result<ExitCode> {
    let given = [
        (!args.solvers.is_empty(), "--solver"),
        (args.batch.is_some(), "--batch"),
        (args.max_states.is_some(), "--max-states"),
        (args.reference.is_some(), "--reference"),
        (args.brute_cmd.is_some(), "--brute-cmd"),
        (args.metamorphic, "--metamorphic"),
        (args.interactor.is_some(), "--interactor"),
    ];
    let options = external::Options {
        cases: args.cases,
        seed: args.seed,
        solver_cmds: args.solver_cmds,
        time_limit_ms: args.time_limit_ms,
        brute_time_limit_ms: args.brute_time_limit_ms,
        checker: args.checker,
        checker_convention: args.checker_convention,
        check_determinism: args.check_determinism,
        shard: args.shard,
        keep_going: args.keep_going.then(|| args.max_failures.unwrap_or(100)),
        duration: args.duration,
        corpus: args.corpus,
        no_shrink: args.no_shrink,
        shrink_seconds: args.shrink_seconds,
        shrink_layers: args.shrink_layers,
        summary: args.summary,
        builtin_only: given.iter().filter(|(on, _)| *on).map(|(_, flag)| *flag).collect(),
    };
    external::stress(&CATALOG, src, path, options)
}

fn gen(args: GenArgs) -> Result<ExitCode> {
    if let Some(c) = &args.config {
        let path = CATALOG.find_config(c)?;
        let src = Source::load(&path, args.sets.clone())?;
        if external::is_problem_file(&src) {
            return external::gen(&CATALOG, &src, &path, args.seed, args.case, args.count);
        }
    }
    let src = match (&args.config, &args.problem) {
        (Some(c), _) => Source::load(&CATALOG.find_config(c)?, args.sets)?,
        (None, Some(p)) => match CATALOG.game(p) {
            Some(game) => Source::for_problem(game.id().name, args.sets),
            None => Source::for_problem(CATALOG.problem(p)?.id().name, args.sets),
        },
        (None, None) => bail!("name a --config or a --problem"),
    };
    if let Some(game) = CATALOG.game(&src.problem()?) {
        match args.validate {
            Some(cases) => game.self_check(&src, cases)?,
            None => output::write(&game.generate(&src, args.seed, args.case)?)?,
        }
        return Ok(ExitCode::SUCCESS);
    }
    let problem = CATALOG
        .problem(&src.problem()?)
        .with_context(|| format!("in {}", src.origin))?;
    if let Some(cases) = args.validate {
        problem.self_check(&src, cases)?;
        output::write(&format!(
            "{}: cases 0..{cases} and their shrink candidates are valid\n",
            src.origin
        ))?;
        return Ok(ExitCode::SUCCESS);
    }
    output::write(&problem.generate_strided(&src, args.seed, args.case, args.count, args.stride)?)?;
    Ok(ExitCode::SUCCESS)
}

/// A file's text, or stdin's when `path` is `None`; the name to show in messages.
fn read_text(path: Option<&Path>) -> Result<(String, String)> {
    match path {
        Some(path) => Ok((
            path.display().to_string(),
            std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?,
        )),
        None => {
            let mut text = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut text).context("cannot read stdin")?;
            Ok(("stdin".to_string(), text))
        }
    }
}

fn brute(problem: &str, input: Option<&Path>, budget: &Budget, reference: Option<&str>) -> Result<ExitCode> {
    let problem = CATALOG.problem(problem)?;
    let (origin, text) = read_text(input)?;
    let (answer, _) = registry::answers(problem, &text, reference, budget).with_context(|| origin)?;
    output::write(&answer)?;
    Ok(ExitCode::SUCCESS)
}

fn invoke(args: InvokeArgs) -> Result<ExitCode> {
    use engine::invoke::{self, Setup};
    // With --problem, --config is a file of [[solution]] tables, which `load_solutions` reads and
    // blames; it is looked at here only to refuse a problem file beside --problem.
    let problem_file = match (&args.config, &args.problem) {
        (Some(c), None) => {
            let path = CATALOG.find_config(c)?;
            let src = Source::load(&path, vec![])?;
            external::is_problem_file(&src).then_some((src, path))
        }
        (Some(c), Some(_)) => Source::load(Path::new(c), vec![])
            .ok()
            .filter(external::is_problem_file)
            .map(|src| (src, PathBuf::from(c))),
        (None, _) => None,
    };
    let Setup {
        name: problem_name,
        jury,
        tests,
        mut solutions,
        limits,
    } = match (problem_file, &args.problem) {
        (Some((src, _)), Some(_)) => bail!(
            "--config {} is a problem file, which names its problem: leave out --problem",
            src.origin
        ),
        (Some((src, _)), None) if !args.solvers.is_empty() => bail!(
            "--solver names built-in solvers; {} is a problem file: give programs with --solver-cmd",
            src.origin
        ),
        (Some((src, path)), None) => external::invoke_setup(
            &CATALOG,
            &src,
            &path,
            external::InvokeOptions {
                solver_cmds: args.solver_cmds.clone(),
                corpus: args.corpus.clone(),
                time_limit_ms: args.time_limit_ms,
                memory: args.memory,
                stack: args.stack,
            },
        )?,
        (None, Some(name)) => builtin_invoke_setup(name, &args)?,
        (None, None) => bail!(
            "--config {} has no [problem] table: name the built-in problem with --problem (a file of \
             [[solution]] tables goes with it)",
            args.config.as_deref().unwrap_or_default()
        ),
    };
    let names: Vec<&str> = tests.iter().map(|t| t.name.as_str()).collect();
    for name in &args.tests {
        if !names.contains(&name.as_str()) {
            bail!(
                "--test {name}: no such test for {problem_name}\n  {}",
                engine::suggest::hint(name, names.iter().copied(), "harness invoke --list")
            );
        }
    }
    // Named tests run as named; by default every test within the judge's guarantee, then the corpus.
    let chosen = |name: &str, beyond: bool| {
        if args.tests.is_empty() {
            !beyond
        } else {
            args.tests.iter().any(|t| t == name)
        }
    };
    let tests: Vec<_> = tests.into_iter().filter(|t| chosen(&t.name, t.beyond)).collect();
    if args.list {
        let width = tests.iter().map(|t| t.name.len()).max().unwrap_or(0);
        let lines: String = tests
            .iter()
            .map(|t| format!("{:<width$}  {}\n", t.name, t.about))
            .collect();
        output::write(&lines)?;
        return Ok(ExitCode::SUCCESS);
    }
    for (name, kinds) in &args.expects {
        let Some(s) = solutions.iter_mut().find(|s| &s.name == name) else {
            let known: Vec<&str> = solutions.iter().map(|s| s.name.as_str()).collect();
            bail!(
                "--expect {name}=...: no solution is named `{name}`: name a --solver or a --solver-cmd exactly as \
                 given ({})",
                known.join(", ")
            );
        };
        s.expect = kinds.clone();
    }
    cancel::install(brute::budget::stop)?;
    // On a terminal the table follows on the same screen: each result shows
    // once there, so the progress is one line that the table replaces.
    use std::io::IsTerminal;
    let live = (std::io::stderr().is_terminal() && std::io::stdout().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        bar
    });
    let invocations = invoke::invoke(jury.as_ref(), tests, &solutions, limits, &mut |line| match &live {
        Some(bar) => bar.set_message(line.trim().to_string()),
        None => eprintln!("{line}"),
    });
    if let Some(bar) = &live {
        bar.finish_and_clear();
    }
    let invocations = invocations?;
    output::write(&invoke::render(&invocations))?;
    if cancel::cancelled() {
        eprintln!("interrupted: stopped by a signal; the table holds the runs measured before it");
        return Ok(ExitCode::from(cancel::EXIT));
    }
    Ok(if invocations.as_expected() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `invoke --problem NAME`: the judge-size tests of configs/judge/, the corpus
/// row, the chosen built-in solvers, commands and `[[solution]]` tables, and
/// the judge's limits.
fn builtin_invoke_setup(name: &str, args: &InvokeArgs) -> Result<engine::invoke::Setup> {
    use engine::invoke::{self, BuiltIn, Limits, Solution, Test};
    let problem = CATALOG.problem(name)?;
    let mut tests: Vec<Test> = engine::judge_size::specs(problem)?
        .into_iter()
        .map(|spec| Test::judge_size(problem, spec))
        .collect();
    let dir = args.corpus.clone().unwrap_or_else(config::default_corpus);
    tests.extend(Test::corpus(problem, &dir)?);
    let mut solutions = Vec::new();
    let builtins: Vec<String> = if args.solvers.is_empty() && args.solver_cmds.is_empty() && args.config.is_none() {
        problem
            .solvers()
            .iter()
            .filter(|s| s.default)
            .map(|s| s.name.to_string())
            .collect()
    } else {
        args.solvers.clone()
    };
    for name in &builtins {
        problem.check_solver(name, "--solver")?;
        solutions.push(Solution::builtin(problem, name)?);
    }
    for cmd in &args.solver_cmds {
        solutions.push(Solution::command(cmd)?);
    }
    if let Some(file) = &args.config {
        solutions.extend(invoke::load_solutions(problem, Path::new(file))?);
    }
    let judge = problem.id().judge;
    let (stack_mib, stack_source) = judge.stack_mib();
    let limits = Limits {
        time: std::time::Duration::from_millis(args.time_limit_ms.unwrap_or(u64::from(judge.time_ms))),
        memory: args.memory.unwrap_or(u64::from(judge.memory_mib) << 20),
        stack: args.stack.unwrap_or(u64::from(stack_mib) << 20),
        stack_source: if args.stack.is_some() { "--stack" } else { stack_source },
    };
    Ok(engine::invoke::Setup {
        name: problem.id().name.to_string(),
        jury: Box::new(BuiltIn(problem)),
        tests,
        solutions,
        limits,
    })
}

fn table(args: TableArgs) -> Result<ExitCode> {
    let problem = CATALOG.problem(&args.problem)?;
    let mut base = match &args.config {
        Some(c) => Source::load(&CATALOG.find_config(c)?, vec![])?,
        None => Source::for_problem(problem.id().name, vec![]),
    };
    let named = CATALOG.problem(&base.problem()?)?;
    if named.id().name != problem.id().name {
        bail!(
            "{} is a config of {}, not of {}",
            base.origin,
            named.id().name,
            problem.id().name
        );
    }
    base.sets = args.sets;
    let request = table::Request {
        problem,
        base: &base,
        vary: &args.vary,
        solvers: &args.solvers,
        find_period: args.find_period,
        style: args.format,
        budget: Budget::new(args.max_states),
    };
    cancel::install(brute::budget::stop)?;
    let (text, rejected) = table::make(&request)?;
    output::write(&text)?;
    if cancel::cancelled() {
        eprintln!("interrupted: stopped by a signal; the table holds the rows computed before it");
        return Ok(ExitCode::from(cancel::EXIT));
    }
    Ok(if rejected { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// The configs in `configs/` whose `problem` key names `p`, with their `about`.
fn configs_of(name: &str) -> Vec<(String, String)> {
    config::config_names()
        .into_iter()
        .filter_map(|c| {
            let table = std::fs::read_to_string(config::find_config(&c)?)
                .ok()?
                .parse::<toml::Table>()
                .ok()?;
            let field = |k: &str| table.get(k).and_then(|v| v.as_str()).map(str::to_string);
            let problem = CATALOG.problem(&field("problem")?).ok()?;
            (problem.id().name == name).then(|| (c, field("about").unwrap_or_default()))
        })
        .collect()
}

fn list() -> String {
    use engine::style::columns;
    let mut out = String::from("Problems (name, judge aliases, main config):\n");
    // One table for every problem's solvers and relations, so they line up across problems.
    let mut tables: Vec<Vec<Vec<String>>> = Vec::new();
    for p in CATALOG.problems {
        let mut rows: Vec<Vec<String>> = p
            .solvers()
            .iter()
            .map(|s| {
                let tag = if s.default { "default" } else { "on request" };
                vec!["solver".into(), s.name.into(), tag.into(), s.about.into()]
            })
            .collect();
        for (name, about) in p.relations() {
            rows.push(vec!["relation".into(), name.into(), "metamorphic".into(), about.into()]);
        }
        tables.push(rows);
    }
    let all = columns(&tables.concat(), "      ");
    let mut lines = all.lines();
    for (p, rows) in CATALOG.problems.iter().zip(&tables) {
        let id = p.id();
        let aliases = if id.aliases.is_empty() {
            String::new()
        } else {
            format!(" (alias {})", id.aliases.join(", "))
        };
        out.push_str(&format!("  {}{aliases}  [configs/{}.toml]\n", id.name, p.config()));
        out.push_str(&format!("      {}\n", id.about));
        for line in lines.by_ref().take(rows.len()) {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str("\nConfigs (harness --config NAME):\n");
    let configs: Vec<Vec<String>> = CATALOG
        .problems
        .iter()
        .flat_map(|p| {
            configs_of(p.id().name)
                .into_iter()
                .map(move |(name, about)| vec![name, p.id().name.to_string(), about])
        })
        .collect();
    out.push_str(&columns(&configs, "  "));
    out
}

fn list_map() -> String {
    let file = |path: &str| registry::source_file(path).unwrap_or_else(|| format!("({path}: no file found)"));
    let submitted: Vec<&str> = solvers::submit::SUBMISSIONS.iter().map(|s| s.id.name).collect();
    let mut out = String::new();
    for p in CATALOG.problems {
        let (id, map) = (p.id(), p.map());
        out.push_str(&format!(
            "{}\n  {}\n  limits    {}\n",
            id.title(),
            id.about,
            id.limits_text()
        ));
        out.push_str(&format!("  problem   {}\n", file(map.problem)));
        out.push_str(&format!("  judge     {}\n", file(map.judge)));
        for (name, _) in configs_of(id.name) {
            out.push_str(&format!(
                "  config    configs/{name}.toml{}\n",
                if name == p.config() { " (main)" } else { "" }
            ));
        }
        out.push_str(&format!(
            "  family    {}  {}\n",
            short_type(map.family),
            file(map.family)
        ));
        out.push_str(&format!(
            "  brute     {}  on {}\n",
            file(map.brute),
            map.engine.describe()
        ));
        for s in p.solvers() {
            let tag = if s.default { "default" } else { "on request" };
            out.push_str(&format!("  solver    {:<22} {tag:<11} {}\n", s.name, file(s.source)));
        }
        if submitted.contains(&id.name) {
            out.push_str(&format!("  solve     solvers/src/submit.rs  (`solve {}`)\n", id.name));
        }
        out.push('\n');
    }
    out
}

/// `CactusParams` of `gen::cactus::CactusParams`.
fn short_type(path: &str) -> &str {
    path.rsplit("::").next().unwrap_or(path)
}
