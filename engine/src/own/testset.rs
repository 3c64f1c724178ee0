//! `harness testset --config PROBLEM.toml`: a problem file's test set, in the
//! layouts of [`crate::package`]: its `samples`, its corpus entries, random
//! cases from its generator (answered by brute) and its `[[test]]` judge-size
//! tests (answered by the reference). Every input passes the validator and
//! the spec; a generated one they refuse is a generator bug, an error.
//!
//! The `--out` guards are the built-in `testset`'s, with the problem file's
//! folder (its sources) protected too.

use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};

use super::case::{self, Draw, NoAnswer, Tools};
use super::file::ProblemFile;
use super::generator::Generator;
use super::{default_corpus, jury, tools};
use crate::config::Source;
use crate::files::{self, Within};
use crate::invoke::Kind;
use crate::options::RunOptions;
use crate::package::{self, About, Carried, Group, Judging, Layout};
use crate::parallel;
use crate::testset;
use crate::Catalog;

/// Builds the set and writes it; the number of tests written.
pub fn write(
    catalog: &Catalog,
    src: &Source,
    path: &Path,
    o: &testset::Options,
    progress: &mut dyn FnMut(&str),
) -> Result<testset::Written> {
    if o.beyond_guarantee {
        bail!("--beyond-guarantee: a problem file's [[test]]s have no guarantee to go beyond");
    }
    if o.minimize.is_some() {
        bail!(
            "--minimize: a problem file has no deliberately wrong solvers to keep killing; run `harness audit \
             --config FILE --solver-cmd CMD --expect CMD=WA --minimize` and keep the tests it lists"
        );
    }
    let tools = tools(catalog, src, path, &RunOptions::default())?;
    let file = &tools.file;
    let corpus = match &o.corpus {
        Some(dir) if !dir.is_dir() => bail!(
            "--corpus {}: no such folder: give the corpus folder (it holds one folder per problem)",
            dir.display()
        ),
        Some(dir) => dir.clone(),
        None => default_corpus(file),
    };
    package::check_destination(&o.out, o.force, &corpus, Some(&file.dir))?;
    let mut about = about(file)?;
    crate::testset::prepare(&mut about, o, &file.programs.name, progress)?;
    let tests = answered_tests(&tools, o, &corpus, progress)?;
    for warning in package::size_warnings(&file.programs.name, &tests) {
        progress(&warning);
    }
    let carried = o.layout == Layout::Polygon && !about.checkers.is_empty();
    if about.judging == Judging::Checker
        && !carried
        && matches!(o.layout, Layout::Polygon | Layout::Kattis | Layout::Bapc)
    {
        progress(&format!(
            "{}: the package names no checker: add yours (`{}`, testlib's convention) to it by hand",
            file.programs.name,
            file.programs.checker.as_deref().unwrap_or_default()
        ));
    }
    if o.layout == Layout::Polygon {
        if let Some(note) = manual_note(file, &tests) {
            progress(&note);
        }
    }
    package::write_folder(&o.out, |dir| package::fill(&about, o.layout, &tests, dir))?;
    // The limits of a format the harness does not know are not measured.
    Ok(testset::Written {
        tests: tests.len(),
        bounds: vec![],
    })
}

/// The tests `o` chooses (samples, entries of `corpus`, random cases, `[[test]]`s), each
/// answered: the set `testset` writes and `audit` judges.
pub fn answered_tests(
    tools: &Tools,
    o: &testset::Options,
    corpus: &Path,
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<package::Test>> {
    let file = &tools.file;
    let generator = Generator::of(file).ok();
    let mut tests = samples(tools)?;
    tests.extend(entries(tools, corpus)?);
    // Each case is a few processes: made in parallel, kept in case order.
    let made = parallel::map(o.random as usize, &|k| {
        Box::new(random(tools, generator.as_ref(), k as u64)) as parallel::Erased
    });
    for (k, made) in made.into_iter().enumerate() {
        sandbox::signals::check()?;
        match parallel::unbox::<Result<Result<package::Test, NoAnswer>>>(made)? {
            Ok(test) => tests.push(test),
            Err(NoAnswer::Slow) => progress(&format!(
                "{}: random case {k} left out: brute ran past its time limit",
                file.programs.name
            )),
            Err(NoAnswer::Broken(why)) => bail!("{}: random case {k}: brute gives no answer: {why}", file.origin),
        }
    }
    if !o.no_judge_size && !file.tests.is_empty() {
        let reference = jury::reference(tools)?;
        for t in &file.tests {
            sandbox::signals::check()?;
            progress(&format!("{}: judge-size test `{}`", file.programs.name, t.name));
            let input = jury::input(tools, t)?;
            let draw = Draw {
                values: t.values.clone(),
                seed: t.seed,
            };
            let answer = reference
                .answer(tools, &input)
                .with_context(|| format!("{}: [[test]] `{}`", file.origin, t.name))?;
            tests.push(package::Test {
                what: format!(
                    "judge size `{}`: {} (seed {}, {})",
                    t.name,
                    t.about,
                    t.seed,
                    crate::style::bytes(input.len())
                ),
                input,
                answer,
                group: Group::JudgeSize,
                by: format!("reference:{}", reference.program.display()),
                gen_args: generator.as_ref().and_then(|g| g.args(&draw)),
            });
        }
    }
    let dropped = package::drop_duplicates(&mut tests, |t| &t.input, |t| &t.what);
    if let Some(note) = package::duplicates_note(&file.programs.name, &dropped) {
        progress(&note);
    }
    Ok(tests)
}

/// Random case `k` of the file's seed: generated, validated (a refusal is a
/// generator bug, an error) and answered by brute; with the arguments that make it again, when
/// `generator` can be carried.
fn random(tools: &Tools, generator: Option<&Generator>, k: u64) -> Result<Result<package::Test, NoAnswer>> {
    sandbox::signals::check()?;
    let (file, seed) = (&tools.file, tools.file.programs.seed);
    let draw = tools.draw(seed, k);
    let input = tools
        .generate(&draw)
        .and_then(|input| tools.validate(&input).map(|()| input))
        .map_err(|why| case::at_case(file, seed, k, &why))?;
    let what = format!("random: case {k} of seed {seed} of {}", file.origin);
    Ok(by_brute(tools, input, what, Group::Random).map(|test| package::Test {
        gen_args: generator.and_then(|g| g.args(&draw)),
        ..test
    }))
}

/// What the progress says when generated tests of a Polygon package are manual ones (their
/// inputs, without the `cmd` that makes them), and why.
fn manual_note(file: &ProblemFile, tests: &[package::Test]) -> Option<String> {
    let manual = (tests.iter())
        .filter(|t| matches!(t.group, Group::Random | Group::JudgeSize) && t.gen_args.is_none())
        .count();
    let why = match Generator::of(file) {
        Err(why) => why,
        Ok(_) => "an argument of theirs is not one plain word of a command line (a blank, a quote or \
                  one of <>|&;$)"
            .into(),
    };
    (manual > 0).then(|| {
        format!(
            "{}: {manual} generated test{} of the Polygon package {} manual (the input, no `cmd`): {why}",
            file.programs.name,
            if manual == 1 { "" } else { "s" },
            if manual == 1 { "is" } else { "are" }
        )
    })
}

/// What the package says of the problem: its name, limits, judging, a
/// statement of what the file says, its first solver's source as the accepted
/// submission, and its spec and validator's source as input validators (each
/// when it is a file of the problem's folder a judge can build).
fn about(file: &ProblemFile) -> Result<About> {
    let p = &file.programs;
    let memory_bytes = file.memory.unwrap_or(super::invoke::MEMORY);
    let mut input_validators = carried(file, p.validator.as_deref(), "")?;
    let mut statement = format!("{}\n", p.about.as_deref().unwrap_or(&p.name));
    if let Some((spec, _)) = &file.spec {
        statement.push_str(&format!(
            "\n## Input\n\nAs this checktestdata specification reads it:\n\n```\n{spec}```\n"
        ));
        input_validators.push(Carried {
            name: format!("{}.ctd", package::short_name(&p.name)),
            text: spec.clone(),
        });
    }
    statement.push_str(&format!(
        "\n## Limits\n\n{}",
        crate::problem_doc::limits_line(p.time_limit_ms, memory_bytes >> 20)
    ));
    Ok(About {
        name: p.name.clone(),
        title: p.name.clone(),
        time_ms: p.time_limit_ms,
        memory_bytes,
        judging: if p.checker.is_some() {
            Judging::Checker
        } else {
            Judging::Tokens
        },
        statement,
        submissions: submissions(file)?,
        input_validators,
        output_validators: vec![],
        checkers: carried(file, p.checker.as_deref(), "")?,
        answer_validators: vec![],
        generator: Generator::of(file).ok().map(|g| g.source),
    })
}

/// The source of `command` under `folder`, when it is a file of the
/// problem's folder a judge can build.
fn carried(file: &ProblemFile, command: Option<&str>, folder: &str) -> Result<Vec<Carried>> {
    let Some((name, path)) = command.and_then(|c| package::source_of(c, &file.dir)) else {
        return Ok(vec![]);
    };
    let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(vec![Carried {
        name: format!("{folder}{name}"),
        text,
    }])
}

/// The first solver's source as the accepted submission, then each
/// `[[solution]]`'s under the verdict it must get: the first of its `expect`
/// that is a Kattis folder (a memory limit is a run-time error there; an
/// output limit has no folder of its own: a solution expecting nothing else
/// is not carried).
fn submissions(file: &ProblemFile) -> Result<Vec<Carried>> {
    let first = file.programs.solvers.first();
    let mut out = carried(file, first.map(String::as_str), "accepted/")?;
    for s in &file.solutions {
        let folder = |kind: &Kind| match kind {
            Kind::Ok => Some("accepted/"),
            Kind::WrongAnswer => Some("wrong_answer/"),
            Kind::TimeLimit => Some("time_limit_exceeded/"),
            Kind::RuntimeError | Kind::MemoryLimit => Some("run_time_error/"),
            Kind::OutputLimit => None,
        };
        let folder = match s.expect.as_slice() {
            [] => Some("accepted/"),
            kinds => kinds.iter().find_map(folder),
        };
        if let Some(folder) = folder {
            out.extend(carried(file, Some(&s.cmd), folder)?);
        }
    }
    Ok(out)
}

/// `input`, valid by now, answered by brute.
fn by_brute(tools: &Tools, input: String, what: String, group: Group) -> Result<package::Test, NoAnswer> {
    let answer = tools.answer(&input)?;
    Ok(package::Test {
        input,
        answer,
        group,
        by: tools.oracle.clone(),
        what,
        gen_args: None,
    })
}

/// The `samples` files, validated and answered by brute.
fn samples(tools: &Tools) -> Result<Vec<package::Test>> {
    let file = &tools.file;
    let mut tests = Vec::new();
    for (path, given) in file.samples.iter().zip(&file.programs.samples) {
        let whence = format!("{}: [problem] `samples`: {given}", file.origin);
        let input =
            files::read_text(path, Within::Folder(&file.dir), files::DATA).map_err(|e| anyhow!("{whence}: {e:#}"))?;
        tools
            .validate(&input)
            .map_err(|why| anyhow!("{whence}: not valid: {why}"))?;
        tests.push(answered(
            by_brute(tools, input, format!("sample {given}"), Group::Sample),
            &whence,
        )?);
    }
    Ok(tests)
}

/// The problem's corpus entries, judge samples first, each validated and answered by brute.
fn entries(tools: &Tools, dir: &Path) -> Result<Vec<package::Test>> {
    let mut tests = Vec::new();
    for t in testset::corpus_tests(&tools.file.programs.name, dir)? {
        let whence = t.what.clone();
        tools
            .validate(&t.input)
            .map_err(|why| anyhow!("{whence}: the input is not valid: {why}"))?;
        tests.push(answered(by_brute(tools, t.input, t.what, t.group), &whence)?);
    }
    Ok(tests)
}

/// A test brute must answer: its failure is an error naming the test.
fn answered(test: Result<package::Test, NoAnswer>, whence: &str) -> Result<package::Test> {
    test.map_err(|e| match e {
        NoAnswer::Slow => anyhow!("{whence}: brute ran past its time limit: raise brute_time_limit_ms"),
        NoAnswer::Broken(why) => anyhow!("{whence}: brute gives no answer: {why}"),
    })
}
