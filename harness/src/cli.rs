//! The command line: parse, dispatch, and map outcomes to exit codes
//! (0: every case agreed; 1: a counterexample or a failing corpus entry;
//! 2: bad usage, config or input).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use brute::Budget;
use clap::{Args, Parser, Subcommand};

use crate::config::{self, Source};
use crate::corpus::{self, Entry};
use crate::registry::{self, Replay, RunOptions, PROBLEMS};

const EXAMPLES: &str = "\
Examples:
  harness --config cactus                      stress christmas-game with configs/cactus.toml
  harness --config tree --cases 1000000 --threads 2
  harness --config cactus --solver pendant-cycles        a solver written for the judge's guarantee
  harness --config multigraph --solver wrong-ignore-loops  watch a wrong solver get caught and shrunk
  harness --config cactus --solver-cmd './a.out'         judge your own program (any language)
  harness --config forest-big                  fast vs plain on thousands of nodes (reference = \"plain\")
  harness --config forest --solver-cmd 'python3 sol.py' --time-limit-ms 3000
  harness gen --config cactus --case 17        print case 17 in the judge's input format
  harness gen --problem green-hackenbush --set n=500000 --set m=1500000 --seed 1 > big.in
  harness corpus check                         replay every corpus entry
  harness corpus add --problem tree-game sample.in        keep an input as a regression case
  harness brute --problem tree-game sample.in  the exact answer, by search from the rules
  harness list                                 problems, aliases, solvers, configs

Exit status: 0 every case agreed, 1 a counterexample was found (and saved), 2 bad usage or input.";

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
    /// Config file, or a name in configs/ (with or without .toml)
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
    /// Time limit per external run in milliseconds (default: the config's, else 2000)
    #[arg(long, value_name = "MS")]
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
    /// Run only cases whose index is K-1 mod N (1-based K), to split a run across machines
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    shard: Option<(u64, u64)>,
    /// Where counterexamples are saved (default: the workspace's corpus/)
    #[arg(long, value_name = "DIR")]
    corpus: Option<PathBuf>,
    /// Report the first counterexample as found, without shrinking it
    #[arg(long)]
    no_shrink: bool,
    /// Stop shrinking after this many seconds and keep the smallest so far
    #[arg(long, default_value_t = 120, value_name = "SECONDS")]
    shrink_seconds: u64,
    /// Override a [gen] key of the config, e.g. --set n=[5,9] --set mode=poj (repeatable)
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = config::parse_set)]
    sets: Vec<(String, toml::Value)>,
}

#[derive(Subcommand)]
enum Command {
    /// Print generated cases in the judge's input format
    #[command(
        after_help = "Examples:\n  harness gen --config cactus --case 17\n  harness gen --problem green-hackenbush --set n=500000 --set m=1500000 --seed 1 > big.in"
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
    },
    /// List problems, their aliases and solvers, and the configs
    List,
    /// Replay, regenerate or export the corpus
    Corpus {
        #[command(subcommand)]
        command: CorpusCommand,
        /// The corpus folder (default: the workspace's corpus/)
        #[arg(long, global = true, value_name = "DIR")]
        corpus: Option<PathBuf>,
        /// Brute's budget in memoized states per case
        #[arg(long, global = true, default_value_t = 50_000_000)]
        max_states: usize,
    },
}

#[derive(Args)]
struct GenArgs {
    /// Config file or name in configs/
    #[arg(
        short,
        long,
        value_name = "FILE|NAME",
        required_unless_present = "problem",
        conflicts_with = "problem"
    )]
    config: Option<String>,
    /// A problem by name or alias, with its default generator settings
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
    /// Override a [gen] key, e.g. --set n=500000
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = config::parse_set)]
    sets: Vec<(String, toml::Value)>,
    /// Instead of printing, check that cases 0..N and all their shrink candidates are valid instances
    #[arg(long, value_name = "N")]
    validate: Option<u64>,
}

#[derive(Subcommand)]
enum CorpusCommand {
    /// Replay every entry: brute must give `expected` and every default solver must agree
    Check,
    /// Recompute every expected answer with brute; report (and rewrite) the ones that changed, exit 1 if any did
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
    },
    /// Write NN.in / NN.ans pairs a judge (or `oj test`) can use
    Export {
        /// Destination folder
        dir: PathBuf,
        /// Only entries of this problem (default: all, one subfolder per problem)
        #[arg(long)]
        problem: Option<String>,
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

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match dispatch(cli) {
        Ok(code) => code,
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
        }) => brute(&problem, input.as_deref(), max_states),
        Some(Command::List) => {
            list();
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Corpus {
            command,
            corpus,
            max_states,
        }) => {
            let dir = corpus.unwrap_or_else(config::default_corpus);
            let budget = Budget::new(max_states);
            match command {
                CorpusCommand::Check => corpus_check(&dir, &budget),
                CorpusCommand::Regen => corpus_regen(&dir, &budget),
                CorpusCommand::Export { dir: out, problem } => corpus_export(&dir, &out, problem.as_deref()),
                CorpusCommand::Add { problem, input, note } => corpus_add(&dir, &budget, &problem, &input, note),
            }
        }
        None => stress(cli.run),
    }
}

fn stress(args: RunArgs) -> Result<ExitCode> {
    let Some(name) = args.config else {
        bail!("no config given\n  run a bundled one: harness --config cactus\n  see them all:     harness list\n  full usage:       harness --help");
    };
    if let Some(t) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t.max(1))
            .build_global()
            .context("cannot start the thread pool")?;
    }
    let path = config::find_config(&name)?;
    let src = Source::load(&path, args.sets)?;
    let problem = registry::find(&src.problem()?).with_context(|| format!("in {}", src.origin))?;
    ctrlc::set_handler(|| {
        crate::run::interrupt();
        crate::process::kill_all_running();
    })
    .context("cannot install the Ctrl-C handler")?;
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
        shard: args.shard,
        corpus: Some(args.corpus.unwrap_or_else(config::default_corpus)),
        no_shrink: args.no_shrink,
        shrink_seconds: args.shrink_seconds,
    };
    let summary = problem.stress(&src, &opts)?;
    let secs = summary.elapsed.as_secs_f64();
    let rate = summary.checked as f64 / secs.max(1e-9);
    eprintln!(
        "{}: {} cases checked, {} skipped (brute over its budget), {:.2} s, {:.0} cases/s{}",
        problem.name(),
        summary.checked,
        summary.skipped,
        secs,
        rate,
        if summary.interrupted { ", interrupted" } else { "" }
    );
    if summary.failed {
        return Ok(ExitCode::from(1));
    }
    if summary.interrupted {
        return Ok(ExitCode::from(130));
    }
    if summary.checked == 0 && summary.skipped > 0 {
        bail!(
            "brute gave up on all {} cases, so nothing was checked: lower the sizes in [gen] or raise --max-states",
            summary.skipped
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn gen(args: GenArgs) -> Result<ExitCode> {
    let src = match (&args.config, &args.problem) {
        (Some(c), _) => Source::load(&config::find_config(c)?, args.sets)?,
        (None, Some(p)) => Source::for_problem(registry::find(p)?.name(), args.sets),
        (None, None) => bail!("name a --config or a --problem"),
    };
    let problem = registry::find(&src.problem()?).with_context(|| format!("in {}", src.origin))?;
    if let Some(cases) = args.validate {
        problem.self_check(&src, cases)?;
        println!("{}: cases 0..{cases} and their shrink candidates are valid", src.origin);
        return Ok(ExitCode::SUCCESS);
    }
    let text = problem.generate(&src, args.seed, args.case, args.count)?;
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .context("cannot write to stdout")?;
    Ok(ExitCode::SUCCESS)
}

fn brute(problem: &str, input: Option<&Path>, max_states: usize) -> Result<ExitCode> {
    let problem = registry::find(problem)?;
    let (origin, text) = match input {
        Some(path) => (
            path.display().to_string(),
            std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?,
        ),
        None => {
            let mut text = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut text).context("cannot read stdin")?;
            ("stdin".to_string(), text)
        }
    };
    let answer = problem
        .expected(&text, &Budget::new(max_states))
        .with_context(|| origin)?;
    print!("{answer}");
    Ok(ExitCode::SUCCESS)
}

fn list() {
    println!("Problems (name, judge aliases, config):");
    for p in PROBLEMS {
        let aliases = if p.aliases().is_empty() {
            String::new()
        } else {
            format!(" (alias {})", p.aliases().join(", "))
        };
        println!("  {}{aliases}  [configs/{}.toml]", p.name(), p.config());
        println!("      {}", p.about());
        for (name, default, about) in p.solvers() {
            let tag = if default { "default" } else { "on request" };
            println!("      solver {name:<22} {tag:<11} {about}");
        }
    }
    println!("\nConfigs (harness --config NAME):");
    for name in config::config_names() {
        let about = config::find_config(&name)
            .ok()
            .and_then(|p| std::fs::read_to_string(p).ok())
            .and_then(|text| text.parse::<toml::Table>().ok())
            .map(|t| {
                let field = |k: &str| t.get(k).and_then(|v| v.as_str()).unwrap_or("").to_string();
                format!("{:<17} {}", field("problem"), field("about"))
            })
            .unwrap_or_else(|| "(does not parse)".into());
        println!("  {name:<12} {about}");
    }
}

fn corpus_entries(dir: &Path) -> Result<Vec<(PathBuf, Entry)>> {
    corpus::entry_paths(dir)?
        .into_iter()
        .map(|p| Entry::load(&p).map(|e| (p, e)))
        .collect()
}

fn corpus_check(dir: &Path, budget: &Budget) -> Result<ExitCode> {
    let entries = corpus_entries(dir)?;
    let mut failed = 0;
    for (path, entry) in &entries {
        let problem = registry::problem_of(entry, path)?;
        match problem.replay(entry, budget) {
            Replay::Ok => println!("ok    {}", path.display()),
            Replay::Failed(why) => {
                failed += 1;
                println!("FAIL  {}", path.display());
                for w in why {
                    println!("      {w}");
                }
            }
        }
    }
    println!(
        "{} entries in {}: {} ok, {failed} failed",
        entries.len(),
        dir.display(),
        entries.len() - failed
    );
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn corpus_regen(dir: &Path, budget: &Budget) -> Result<ExitCode> {
    let entries = corpus_entries(dir)?;
    let mut changed = 0;
    for (path, mut entry) in entries.clone() {
        let problem = registry::problem_of(&entry, &path)?;
        let fresh = problem
            .expected(&entry.input, budget)
            .with_context(|| path.display().to_string())?;
        if fresh.split_whitespace().ne(entry.expected.split_whitespace()) {
            changed += 1;
            println!(
                "CHANGED {}\n  was: {}\n  now: {}",
                path.display(),
                entry.expected.trim(),
                fresh.trim()
            );
            entry.expected = fresh;
            entry.save(dir)?;
        }
    }
    println!(
        "{} entries in {}: {changed} expected answers changed",
        entries.len(),
        dir.display()
    );
    Ok(if changed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn corpus_add(dir: &Path, budget: &Budget, problem: &str, input: &Path, note: Option<String>) -> Result<ExitCode> {
    let problem = registry::find(problem)?;
    let text = std::fs::read_to_string(input).with_context(|| format!("cannot read {}", input.display()))?;
    let expected = problem
        .expected(&text, budget)
        .with_context(|| input.display().to_string())?;
    let entry = Entry {
        problem: problem.name().into(),
        verdict: "regression".into(),
        solver: None,
        input: text,
        expected,
        actual: None,
        detail: None,
        origin: note.map(|note| corpus::Origin {
            config: None,
            seed: None,
            case: None,
            shrunk_from: None,
            note: Some(note),
        }),
    };
    let path = entry.save(dir)?;
    if let Replay::Failed(why) = problem.replay(&entry, budget) {
        println!(
            "added {}, but it does not replay yet:\n  {}",
            path.display(),
            why.join("\n  ")
        );
        return Ok(ExitCode::from(1));
    }
    println!("added {} (expected: {})", path.display(), entry.expected.trim());
    Ok(ExitCode::SUCCESS)
}

fn corpus_export(dir: &Path, out: &Path, only: Option<&str>) -> Result<ExitCode> {
    let only = only.map(registry::find).transpose()?.map(|p| p.name());
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for (path, entry) in corpus_entries(dir)? {
        let problem = registry::problem_of(&entry, &path)?.name();
        if only.is_some_and(|o| o != problem) {
            continue;
        }
        let folder = if only.is_some() {
            out.to_path_buf()
        } else {
            out.join(problem)
        };
        std::fs::create_dir_all(&folder).with_context(|| format!("cannot create {}", folder.display()))?;
        let n = counts.entry(problem.to_string()).or_default();
        *n += 1;
        std::fs::write(folder.join(format!("{n:02}.in")), &entry.input)?;
        std::fs::write(folder.join(format!("{n:02}.ans")), &entry.expected)?;
    }
    for (problem, n) in &counts {
        println!("{problem}: {n} tests written");
    }
    if counts.is_empty() {
        println!("no entries to export in {}", dir.display());
    }
    Ok(ExitCode::SUCCESS)
}
