//! One thin function per subcommand: resolve the problem once (a built-in
//! problem, an interactive game or a problem file, `engine::target`), call the
//! engine, and return how it ended; `main` turns that into the exit code.

use std::io::IsTerminal;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use brute::Budget;
use engine::builtin::registry;
use engine::config::{self, Source};
use engine::judge_check::Form;
use engine::target::{self, Outcome};
use engine::{corpus_commands, invoke, output, table, testset};
use games::CATALOG;
use sandbox::signals as cancel;

use crate::args::{
    AuditArgs, Cli, Command, CorpusCommand, GenArgs, InvokeArgs, RunArgs, ShowArgs, SummaryCommand, TableArgs,
};
use crate::listing;

/// `--threads` beyond this many per core are capped.
const MAX_THREADS_PER_CORE: usize = 8;

pub fn dispatch(cli: Cli) -> Result<Outcome> {
    let Some(command) = cli.command else {
        return stress(cli.run);
    };
    match command {
        Command::Gen(args) => gen(args),
        Command::Brute {
            problem,
            input,
            max_states,
            max_memory,
            reference,
            explain,
        } => {
            let budget = Budget::new(max_states);
            let budget = match max_memory {
                Some(bytes) => budget.with_max_memory(usize::try_from(bytes).unwrap_or(usize::MAX)),
                None => budget,
            };
            brute(&problem, input.as_deref(), &budget, reference.as_deref(), explain)
        }
        Command::Check {
            problem,
            files,
            kattis,
            appes,
            max_states,
            reference,
        } => engine::judge_check::run(
            // An unknown problem is the jury's fault: check reports it in the judge's form.
            CATALOG.problem(&problem),
            &files,
            match (kattis, appes) {
                (true, _) => Form::Kattis,
                (false, true) => Form::Appes,
                (false, false) => Form::Files,
            },
            max_states,
            reference.as_deref(),
        ),
        Command::Table(args) => table(args),
        Command::Audit(args) => audit(args),
        Command::Invoke(args) => invoke(args),
        Command::Testset {
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
            minimize,
            kill_twice,
            submissions,
            report,
        } => {
            let target = match (problem, config) {
                (Some(problem), _) => target::resolve_problem(&CATALOG, &problem, vec![])?,
                (None, Some(config)) => {
                    let target = target::resolve(&CATALOG, &config, vec![])?;
                    if !config::is_problem_file(target.source()) {
                        bail!(
                            "--config {} has no [problem] table: testset takes a problem file, or a built-in problem \
                             with --problem",
                            target.source().origin
                        );
                    }
                    target
                }
                (None, None) => bail!("name a --problem or a problem file with --config"),
            };
            let options = testset::Options {
                out,
                force,
                layout: format.into(),
                random,
                corpus,
                max_states,
                no_judge_size,
                beyond_guarantee,
                minimize: minimize.then_some(if kill_twice { 2 } else { 1 }),
                submissions,
            };
            cancel::install(brute::budget::stop)?;
            let began = Instant::now();
            let written = target.testset(&options, &mut |line| eprintln!("{line}"))?;
            let bounds = match written.bounds.as_slice() {
                [] => String::new(),
                all => format!("limits reached by the tests:\n{}", engine::bounds::render(all)),
            };
            output::write(&format!(
                "{}: {} tests written to {} ({:?}) in {:.1} s\n{bounds}",
                target.name(),
                written.tests,
                options.out.display(),
                format,
                began.elapsed().as_secs_f64(),
            ))?;
            if let Some(file) = report {
                let budget = brute::Budget::new(options.max_states);
                engine::show::testset_report::write(&file, &CATALOG, target.name(), &options.out, &budget)?;
                eprintln!("report: {}", file.display());
            }
            Ok(Outcome::Passed)
        }
        Command::RunSolver { problem, solver } => {
            let problem = CATALOG.problem(&problem)?;
            output::write(&problem.solve_with(Some(&solver), &mut std::io::stdin().lock())?)?;
            Ok(Outcome::Passed)
        }
        Command::Play { problem, player } => {
            let game = CATALOG
                .game(&problem)
                .ok_or_else(|| anyhow::anyhow!("`{problem}` is not an interactive problem: see harness list"))?;
            game.play(&player)?;
            Ok(Outcome::Passed)
        }
        Command::List { problem, map, markdown } => {
            let text = match problem {
                Some(name) => match CATALOG.game(&name) {
                    Some(game) => engine::interactive::cli::one(game),
                    None => engine::problem_doc::text(CATALOG.problem(&name)?),
                },
                None if map => listing::map(),
                None if markdown => engine::problem_doc::markdown(&CATALOG),
                None => listing::list() + &engine::interactive::cli::list(CATALOG.games),
            };
            output::write(&text)?;
            Ok(Outcome::Passed)
        }
        Command::Corpus {
            command,
            corpus,
            max_states,
            config,
            solver_cmds,
            brute_cmd,
            reference,
        } => corpus_command(command, corpus, max_states, config, solver_cmds, brute_cmd, reference),
        Command::New { dir, lang } => new_problem(&dir, lang.into()),
        Command::Show(args) => show(args),
        Command::Summary {
            command: SummaryCommand::Merge { files },
        } => {
            let merged = engine::summary::merge(&files)?;
            let verdicts: Vec<String> = merged.verdicts.iter().map(|(k, v)| format!("{v} {k}")).collect();
            eprintln!(
                "{}: {} shards of {}: {}; {} cases checked, {} skipped; verdicts: {}; {} entries; {} cases/s",
                merged.run.problem,
                merged.shards.len(),
                merged.shard_count,
                merged.coverage(),
                merged.checked,
                merged.skipped,
                verdicts.join(", "),
                merged.entries_written,
                engine::rate(merged.cases_per_second)
            );
            output::write(&format!("{}\n", serde_json::to_string_pretty(&merged)?))?;
            Ok(Outcome::Passed)
        }
    }
}

/// `harness new NAME`: the folder, then what to run next.
fn new_problem(dir: &Path, lang: engine::scaffold::Lang) -> Result<Outcome> {
    let created = engine::scaffold::create(&CATALOG, dir, lang)?;
    let config = engine::shell_word(&created.config.display().to_string());
    eprintln!(
        "Created problem `{}` in {}: problem.toml, a generator, brute, solution, validator, input.ctd and a sample",
        created.name,
        created.dir.display()
    );
    if let Some(build) = &created.unbuilt {
        eprintln!(
            "note: no g++ on the PATH, so the C++ sources are not built; build them first: cd {} && {build}",
            engine::shell_word(&created.dir.display().to_string())
        );
    }
    eprintln!("next: harness --config {config}   (then edit the programs; each file says what it does)");
    Ok(Outcome::Passed)
}

fn stress(args: RunArgs) -> Result<Outcome> {
    let Some(name) = args.config.clone() else {
        bail!(
            "no config given\n  run a bundled one: harness --config cactus\n  see them all:     harness list\n  \
             full usage:       harness --help"
        );
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
    let target = target::resolve(&CATALOG, &name, args.sets.clone())?;
    target::stress(target.as_ref(), &args.options())
}

fn gen(args: GenArgs) -> Result<Outcome> {
    let target = match (&args.config, &args.problem) {
        (Some(c), _) => target::resolve(&CATALOG, c, args.sets)?,
        (None, Some(p)) => target::resolve_problem(&CATALOG, p, args.sets)?,
        (None, None) => bail!("name a --config or a --problem"),
    };
    let text = match args.validate {
        Some(cases) => target.self_check(cases)?,
        None => target.generate(args.seed, args.case, args.count, args.stride)?,
    };
    output::write(&text)?;
    Ok(Outcome::Passed)
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

fn brute(
    problem: &str,
    input: Option<&Path>,
    budget: &Budget,
    reference: Option<&str>,
    explain: bool,
) -> Result<Outcome> {
    if let Some(game) = CATALOG.game(problem) {
        // A game's answer to a position: the side that wins it, as its test sets hold.
        let (origin, text) = read_text(input)?;
        output::write(&game.side(&text, budget).with_context(|| origin)?)?;
        return Ok(Outcome::Passed);
    }
    let problem = CATALOG.problem(problem)?;
    let (origin, text) = read_text(input)?;
    let (answer, _) = registry::answers(problem, &text, reference, budget).with_context(|| origin.clone())?;
    let explained = match explain {
        true => engine::show::draw::explain(problem, &text, None, budget).with_context(|| origin)?,
        false => String::new(),
    };
    output::write(&(answer + &explained))?;
    Ok(Outcome::Passed)
}

fn corpus_command(
    command: CorpusCommand,
    corpus: Option<std::path::PathBuf>,
    max_states: usize,
    config: Option<String>,
    solver_cmds: Vec<String>,
    brute_cmd: Option<String>,
    reference: Option<String>,
) -> Result<Outcome> {
    if let Some(config) = config {
        let path = CATALOG.find_config(&config)?;
        let src = Source::load(&path, vec![])?;
        if !config::is_problem_file(&src) {
            bail!(
                "--config: {} is no problem file (it has no [problem] table)",
                src.origin
            );
        }
        if !matches!(command, CorpusCommand::Check) {
            bail!("--config applies to `corpus check` only");
        }
        let file = engine::ProblemFile::load(&CATALOG, src, &path)?;
        cancel::install(brute::budget::stop)?;
        return file.check_corpus(corpus, solver_cmds, brute_cmd, reference);
    }
    let dir = corpus.unwrap_or_else(config::default_corpus);
    let budget = Budget::new(max_states);
    cancel::install(brute::budget::stop)?;
    let outcome = match command {
        CorpusCommand::Check => corpus_commands::check(&CATALOG, &dir, &budget),
        CorpusCommand::Regen => corpus_commands::regen(&CATALOG, &dir, &budget),
        CorpusCommand::Export {
            dir: out,
            problem,
            format,
            force,
        } => corpus_commands::export(&CATALOG, &dir, &out, problem.as_deref(), format.into(), force, &budget),
        CorpusCommand::Add {
            problem,
            input,
            note,
            reference,
        } => corpus_commands::add(&CATALOG, &dir, &budget, &problem, &input, note, reference.as_deref()),
        CorpusCommand::Merge { dirs } => corpus_commands::merge(&CATALOG, &dirs, &dir),
    }?;
    // A signal during a step that does not poll (add's one search) still stops here.
    cancel::check()?;
    Ok(outcome)
}

fn invoke(args: InvokeArgs) -> Result<Outcome> {
    // With --problem, --config is a file of [[solution]] tables; alone, it is a problem file.
    let (target, solutions) = match (&args.problem, &args.config) {
        (Some(name), file) => {
            if let Some(src) = file.as_deref().and_then(|c| Source::load(Path::new(c), vec![]).ok()) {
                if config::is_problem_file(&src) {
                    bail!(
                        "--config {} is a problem file, which names its problem: leave out --problem",
                        src.origin
                    );
                }
            }
            (
                target::resolve_problem(&CATALOG, name, vec![])?,
                file.clone().map(Into::into),
            )
        }
        (None, Some(c)) => {
            let target = target::resolve(&CATALOG, c, vec![])?;
            if !config::is_problem_file(target.source()) {
                bail!(
                    "--config {} has no [problem] table: name the built-in problem with --problem (a file of \
                     [[solution]] tables goes with it)",
                    target.source().origin
                );
            }
            (target, None)
        }
        (None, None) => bail!("name a --problem or a problem file with --config"),
    };
    let options = invoke::Options {
        solvers: args.solvers.clone(),
        solver_cmds: args.solver_cmds.clone(),
        solutions,
        corpus: args.corpus.clone(),
        time_limit_ms: args.time_limit_ms,
        memory: args.memory,
        stack: args.stack,
    };
    let invoke::Setup {
        name: problem_name,
        jury,
        tests,
        mut solutions,
        limits,
    } = target.invocation(&options)?;
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
    if args.list {
        // Every test, the ones beyond the guarantee too: --test needs their names.
        let width = tests.iter().map(|t| t.name.len()).max().unwrap_or(0);
        let lines: String = tests
            .iter()
            .filter(|t| args.tests.is_empty() || chosen(&t.name, t.beyond))
            .map(|t| {
                let only = if t.beyond { " [runs only when named]" } else { "" };
                format!("{:<width$}  {}{only}\n", t.name, t.about)
            })
            .collect();
        output::write(&lines)?;
        return Ok(Outcome::Passed);
    }
    let tests: Vec<_> = tests.into_iter().filter(|t| chosen(&t.name, t.beyond)).collect();
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
    if let Some(file) = &args.report {
        // Before the solutions run, so a page that cannot be written costs no run.
        std::fs::write(file, "").with_context(|| format!("cannot write the report {}", file.display()))?;
    }
    cancel::install(brute::budget::stop)?;
    // On a terminal the table follows on the same screen: each result shows
    // once there, so the progress is one line that the table replaces.
    let live = (std::io::stderr().is_terminal() && std::io::stdout().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.enable_steady_tick(Duration::from_millis(200));
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
    if let Some(file) = &args.report {
        engine::show::invoke_report::write(file, &problem_name, &invocations)?;
        eprintln!("report: {}", file.display());
    }
    if cancel::cancelled() {
        eprintln!("interrupted: stopped by a signal; the table holds the runs measured before it");
        return Ok(Outcome::Interrupted);
    }
    Ok(if invocations.as_expected() {
        Outcome::Passed
    } else {
        Outcome::Failed
    })
}

fn table(args: TableArgs) -> Result<Outcome> {
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
        fit: args.fit,
        save_fit: args.save_fit.as_deref(),
        style: args.format.into(),
        budget: Budget::new(args.max_states),
        exhaustive: args.exhaustive.then_some(engine::exhaustive::DEFAULT_LIMIT),
    };
    cancel::install(brute::budget::stop)?;
    let (text, rejected) = table::make(&request)?;
    output::write(&text)?;
    if cancel::cancelled() {
        eprintln!("interrupted: stopped by a signal; the table holds the rows computed before it");
        return Ok(Outcome::Interrupted);
    }
    Ok(if rejected { Outcome::Failed } else { Outcome::Passed })
}

/// `harness audit`: the kill matrix, the survivors, the minimized set when asked, the coverage.
fn audit(args: AuditArgs) -> Result<Outcome> {
    let target = match (&args.problem, &args.config) {
        (Some(problem), _) => target::resolve_problem(&CATALOG, problem, vec![])?,
        (None, Some(config)) => target::resolve(&CATALOG, config, vec![])?,
        (None, None) => bail!("name a --problem or a --config"),
    };
    let mut commands = Vec::new();
    for cmd in &args.solver_cmds {
        let Some((_, kinds)) = args.expects.iter().find(|(name, _)| name == cmd) else {
            bail!("--solver-cmd {cmd}: an audit runs wrong solutions: say how it fails with --expect '{cmd}=WA'");
        };
        commands.push((cmd.clone(), kinds.clone()));
    }
    if let Some((name, _)) = args.expects.iter().find(|(name, _)| !args.solver_cmds.contains(name)) {
        bail!("--expect {name}=...: no --solver-cmd is `{name}`: give the command exactly as with --solver-cmd");
    }
    let options = engine::audit::Options {
        tests: args.tests.clone(),
        random: args.random,
        corpus: args.corpus.clone(),
        max_states: args.max_states,
        no_judge_size: args.no_judge_size,
        beyond_guarantee: args.beyond_guarantee,
        solvers: args.solvers.clone(),
        commands,
        no_guesses: args.no_generic,
        probe: args.probe,
        time_limit_ms: args.time_limit_ms,
        mutants: args.mutants,
        mutants_of: args.mutants_of.clone(),
    };
    cancel::install(brute::budget::stop)?;
    let audit = target.audit(&options, &mut |line| eprintln!("{line}"))?;
    let mut text = engine::audit::render(&audit);
    if args.minimize {
        let times = if args.kill_twice { 2 } else { 1 };
        text.push_str(&engine::audit::render_minimized(&audit, &audit.minimize(times), times));
    }
    output::write(&text)?;
    Ok(if audit.weak() { Outcome::Failed } else { Outcome::Passed })
}

/// `harness show`: the picture of an entry, an input or a config's case.
fn show(args: ShowArgs) -> Result<Outcome> {
    use engine::show::draw;
    let subject = match (args.config, args.problem, args.file) {
        (Some(config), _, _) => draw::Subject::Case {
            config,
            case: args.case.unwrap_or(0),
            seed: args.seed,
        },
        (None, Some(problem), Some(file)) => draw::Subject::Input { problem, file },
        (None, None, Some(file)) => draw::Subject::Entry(file),
        (None, _, None) => bail!("name a corpus entry, an input with --problem, or --config with --case"),
    };
    let request = draw::Request {
        subject,
        budget: Budget::new(args.max_states),
    };
    cancel::install(brute::budget::stop)?;
    let picture = draw::draw(&CATALOG, &request)?;
    draw::write(&picture, args.format.into(), args.output.as_deref())?;
    Ok(Outcome::Passed)
}
