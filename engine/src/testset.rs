//! `harness testset`: a problem's full test set: the judge's samples, every
//! corpus entry, a spread of random small cases from the main config, and the
//! judge-size tests (those beyond the judge's guarantee only when asked), in
//! one of the layouts of [`crate::package`]. Answers come from brute where it
//! reaches and from the trusted reference elsewhere; each input passes the
//! judge's parser, which enforces the limits.
//!
//! The set is written to a temporary folder beside the destination and moved
//! into place, so a failure leaves nothing half-written, and the same command
//! writes byte-identical files.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context, Result};
use brute::Budget;

use crate::builtin::registry::DynProblem;
use crate::config::Source;
use crate::corpus::{self, Verdict};
use crate::interactive::DynInteractive;
use crate::judge_size;
use crate::package::{self, Group, Layout};

/// One test before it is answered.
pub struct Unanswered {
    pub input: String,
    /// What it is, for the index.
    pub what: String,
    pub group: Group,
    /// Brute's options, as the corpus entry it came from recorded them.
    pub brute: Option<toml::Table>,
}

/// What `harness testset` asks, for a problem of any kind.
pub struct Options {
    pub out: PathBuf,
    pub force: bool,
    pub layout: Layout,
    /// Random small cases from the main config.
    pub random: u64,
    /// The corpus the samples and entries come from; the problem's default when `None`.
    pub corpus: Option<PathBuf>,
    /// Brute's budget in states per case; beyond it the reference answers.
    pub max_states: usize,
    /// Leave out the judge-size tests (quick sets, and tests of this command).
    pub no_judge_size: bool,
    /// Add the judge-size tests beyond the judge's guarantee (`beyond = true`) and the corpus
    /// entries outside it.
    pub beyond_guarantee: bool,
    /// Write only a smallest set that still kills every wrong solution `harness audit` runs,
    /// each by this many tests where it can ([`crate::audit::cover`]).
    pub minimize: Option<usize>,
    /// Solutions the package carries under the verdicts they must get (`--submission`).
    pub submissions: Vec<crate::submission::Submission>,
}

/// What was written.
pub struct Written {
    pub tests: usize,
    /// Per limit of the problem's identity, the largest value any test reaches.
    pub bounds: Vec<crate::bounds::Reached>,
}

/// Builds the set.
pub fn write(problem: &'static dyn DynProblem, o: &Options, progress: &mut dyn FnMut(&str)) -> Result<Written> {
    let name = problem.id().name;
    let corpus = corpus_of(name, o.corpus.clone())?;
    package::check_destination(&o.out, o.force, &corpus, None)?;
    let mut about = package::About::of(problem)?;
    prepare(&mut about, o, name, progress)?;
    let answered = answered(problem, o, &corpus, progress)?;
    let answered = match o.minimize {
        Some(times) => crate::audit::minimized(problem, answered, times, progress)?,
        None => answered,
    };
    if o.layout == Layout::Oj && problem.many_answers() {
        progress(&format!(
            "{name}: many answers are right and `oj test` compares text: judge with the problem's check, \
             `oj test -d {} -c CMD --judge-command 'harness check --problem {name}'`",
            o.out.display()
        ));
    }
    for warning in package::size_warnings(name, &answered) {
        progress(&warning);
    }
    let bounds = crate::bounds::reached(problem, answered.iter().map(|t| t.input.as_str()));
    package::write_folder(&o.out, |dir| package::fill(&about, o.layout, &answered, dir))?;
    Ok(Written {
        tests: answered.len(),
        bounds,
    })
}

/// The tests `o` chooses (samples and entries of `corpus`, random cases, judge-size tests),
/// each answered by the jury: the set `testset` writes and `audit` judges.
pub fn answered(
    problem: &dyn DynProblem,
    o: &Options,
    corpus: &Path,
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<package::Test>> {
    let name = problem.id().name;
    let mut tests = Vec::new();
    let mut outside = 0;
    let guarantee = judge_size::Guarantee::of(problem)?;
    for mut test in corpus_tests(name, corpus)? {
        if guarantee.outside(&test.input).is_some() {
            outside += 1;
            if !o.beyond_guarantee {
                continue;
            }
            test.what.push_str(" [beyond the judge's guarantee]");
        }
        tests.push(test);
    }
    if outside > 0 {
        let fate = if o.beyond_guarantee {
            "written, each marked so in its description"
        } else {
            "left out (--beyond-guarantee writes them)"
        };
        progress(&format!(
            "{name}: {outside} corpus entries outside the judge's guarantee ({}) {fate}",
            problem.id().guarantee
        ));
    }
    // Random cases a judge may be given: the main config with the guarantee over it.
    let src = judge_size::within_guarantee(problem)?;
    for case in 0..o.random {
        sandbox::signals::check()?;
        tests.push(Unanswered {
            input: problem.generate(&src, None, case, 1)?,
            what: format!("random: {} case {case}", src.origin),
            group: Group::Random,
            brute: None,
        });
    }
    if !o.no_judge_size {
        for spec in judge_size::specs(problem)? {
            sandbox::signals::check()?;
            if spec.beyond && !o.beyond_guarantee {
                continue;
            }
            progress(&format!("{name}: judge-size test `{}`", spec.name));
            let beyond = if spec.beyond {
                " [beyond the judge's guarantee]"
            } else {
                ""
            };
            let input = judge_size::input(problem, &spec)?;
            judge_size::check_guarantee(problem, &spec, &input)?;
            tests.push(Unanswered {
                what: format!(
                    "judge size `{}`: {} (seed {}, {}){beyond}",
                    spec.name,
                    spec.about,
                    spec.seed,
                    crate::style::bytes(input.len())
                ),
                input,
                group: Group::JudgeSize,
                brute: None,
            });
        }
    }
    let dropped = package::drop_duplicates(&mut tests, |t| &t.input, |t| &t.what);
    progress_duplicates(name, &dropped, progress);
    answer(problem, tests, &Budget::new(o.max_states))
}

/// Where the judge samples and corpus entries come from, said aloud: a corpus
/// named with `--corpus` must exist, and a default one without the problem's
/// entries (outside the workspace) is a warning, not silence.
pub fn corpus_of(problem: &str, given: Option<PathBuf>) -> Result<PathBuf> {
    if let Some(dir) = given {
        if !dir.is_dir() {
            anyhow::bail!(
                "--corpus {}: no such folder: give the corpus folder (it holds one folder per problem)",
                dir.display()
            );
        }
        return Ok(dir);
    }
    let dir = crate::config::default_corpus();
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

/// Every test parsed by the judge's format and answered by the jury.
fn answer(problem: &dyn DynProblem, tests: Vec<Unanswered>, budget: &Budget) -> Result<Vec<package::Test>> {
    let width = tests.len().to_string().len().max(2);
    let mut out = Vec::with_capacity(tests.len());
    for (k, t) in tests.into_iter().enumerate() {
        // The one cancellation path: `cli` turns `Cancelled` into exit 130.
        sandbox::signals::check()?;
        let stem = format!("{:0width$}", k + 1);
        problem
            .parse_input(&t.input)
            .map_err(|e| anyhow!("test {stem} ({}) breaks the judge's format: {e}", t.what))?;
        let judge_size = t.group == Group::JudgeSize;
        let (answer, by) = problem
            .jury(&t.input, t.brute.as_ref(), (!judge_size).then_some(budget))
            .with_context(|| format!("test {stem} ({})", t.what))?;
        out.push(package::Test {
            input: t.input,
            answer,
            group: t.group,
            by,
            what: t.what,
            gen_args: None,
        });
    }
    Ok(out)
}

/// The corpus entries of the problem `name` under `dir`, as tests: judge
/// samples first (entries whose note says so), then the others, by file name.
pub fn corpus_tests(name: &str, dir: &Path) -> Result<Vec<Unanswered>> {
    let Some(folder) = corpus::problem_folder(dir, name)? else {
        return Ok(vec![]);
    };
    let mut samples = Vec::new();
    let mut others = Vec::new();
    for (path, entry) in corpus::load_all(&folder)? {
        let entry = entry?;
        let note = entry.origin.as_ref().and_then(|o| o.note.clone());
        let is_sample = is_sample(&entry);
        let shown = path.strip_prefix(dir).unwrap_or(&path).display().to_string();
        let test = Unanswered {
            input: entry.input,
            what: match note {
                Some(n) => format!("corpus {shown}: {n}"),
                None => format!("corpus {shown}: {}", entry.verdict.as_str()),
            },
            group: if is_sample { Group::Sample } else { Group::Corpus },
            brute: entry.brute,
        };
        if is_sample {
            samples.push(test);
        } else {
            others.push(test);
        }
    }
    samples.append(&mut others);
    Ok(samples)
}

/// What every package needs before its tests are made: the user's `--submission`s added to
/// `about`, and in a Kattis layout a folder name the format allows and a note when no accepted
/// submission is carried.
pub(crate) fn prepare(
    about: &mut package::About,
    o: &Options,
    name: &str,
    progress: &mut dyn FnMut(&str),
) -> Result<()> {
    crate::submission::add(about, o.layout, &o.submissions)?;
    if o.layout == Layout::Polygon {
        if let Some(note) = crate::polygon::validator_note(about) {
            progress(&note);
        }
    }
    if o.layout.is_kattis() {
        package::check_kattis_folder(&o.out, name)?;
        if let Some(note) = about.missing_submission() {
            progress(&note);
        }
    }
    Ok(())
}

/// An interactive game's test set: its judge samples and corpus positions,
/// then random positions of its main config, each with the side that wins it.
/// The judges' layouts carry the game's interactor ([`crate::package_interactive`]).
pub fn write_game(game: &dyn DynInteractive, o: &Options, progress: &mut dyn FnMut(&str)) -> Result<Written> {
    let name = game.id().name;
    if o.minimize.is_some() {
        anyhow::bail!(
            "--minimize: {name}'s set is written whole; `harness audit --problem {name} --minimize` lists the \
             positions that keep beating every wrong player"
        );
    }
    let corpus = corpus_of(name, o.corpus.clone())?;
    package::check_destination(&o.out, o.force, &corpus, None)?;
    let mut about = crate::package_interactive::about(game)?;
    prepare(&mut about, o, name, progress)?;
    let answered = crate::package_interactive::answers_for(o.layout, answered_game(game, o, &corpus, progress)?);
    package::write_folder(&o.out, |dir| {
        package::fill(&about, o.layout, &answered, dir)?;
        crate::package_interactive::write_interactions(game, o.layout, &answered, dir)
    })?;
    Ok(Written {
        tests: answered.len(),
        bounds: vec![],
    })
}

/// A game's positions `o` chooses (samples and entries of `corpus`, random positions), each
/// answered with the side that wins it: the set `testset` writes and `audit` plays.
pub fn answered_game(
    game: &dyn DynInteractive,
    o: &Options,
    corpus: &Path,
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<package::Test>> {
    let name = game.id().name;
    let mut tests = corpus_tests(name, corpus)?;
    let path = crate::config::main_config(game.config())?;
    let src = Source::load(&path, vec![])?;
    for case in 0..o.random {
        sandbox::signals::check()?;
        tests.push(Unanswered {
            input: game.generate(&src, None, case)?,
            what: format!("random: {} case {case}", path.display()),
            group: Group::Random,
            brute: None,
        });
    }
    let dropped = package::drop_duplicates(&mut tests, |t| &t.input, |t| &t.what);
    progress_duplicates(name, &dropped, progress);
    progress(&format!(
        "{name}: {} positions, each answered with the side that wins it",
        tests.len()
    ));
    let budget = Budget::new(o.max_states);
    let mut answered = Vec::with_capacity(tests.len());
    for (k, t) in tests.into_iter().enumerate() {
        sandbox::signals::check()?;
        let answer = game
            .side(&t.input, &budget)
            .with_context(|| format!("test {} ({})", k + 1, t.what))?;
        answered.push(package::Test {
            input: t.input,
            answer,
            group: t.group,
            by: "brute".into(),
            what: t.what,
            gen_args: None,
        });
    }
    Ok(answered)
}

fn progress_duplicates(name: &str, dropped: &[String], progress: &mut dyn FnMut(&str)) {
    if let Some(note) = package::duplicates_note(name, dropped) {
        progress(&note);
    }
}

/// A judge's sample: a regression entry whose note says so ("judge sample 1",
/// "example 2 of the statement").
pub fn is_sample(entry: &corpus::Entry) -> bool {
    let note = entry.origin.as_ref().and_then(|o| o.note.as_deref());
    entry.verdict == Verdict::Regression && note.is_some_and(|n| n.contains("sample") || n.contains("example"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regression_noted_as_a_sample_or_an_example_is_a_sample() {
        let entry = |verdict, note: Option<&str>| corpus::Entry {
            origin: note.map(|n| corpus::Origin {
                note: Some(n.into()),
                ..corpus::Origin::default()
            }),
            ..corpus::Entry::new("nim", verdict, "1\n1\n1\n".into(), "Yes\n".into())
        };
        assert!(is_sample(&entry(Verdict::Regression, Some("judge sample 2"))));
        assert!(is_sample(&entry(Verdict::Regression, Some("example 1 of PROBLEMS.md"))));
        assert!(!is_sample(&entry(Verdict::Regression, Some("found on a full disk"))));
        assert!(!is_sample(&entry(Verdict::Regression, None)));
        assert!(!is_sample(&entry(Verdict::Mismatch, Some("judge sample 2"))));
    }
}
