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
use crate::judge_size;
use crate::package::{self, Group, Layout};

/// One test before it is answered.
struct Test {
    input: String,
    /// What it is, for the index.
    what: String,
    group: Group,
    brute: Option<toml::Table>,
}

pub struct Options {
    pub out: PathBuf,
    pub force: bool,
    pub layout: Layout,
    /// Random small cases from the main config.
    pub random: u64,
    pub corpus: PathBuf,
    pub budget: Budget,
    /// Leave out the judge-size tests (quick sets, and tests of this command).
    pub no_judge_size: bool,
    /// Add the judge-size tests beyond the judge's guarantee (`beyond = true`).
    pub beyond_guarantee: bool,
}

/// What was written.
pub struct Written {
    pub tests: usize,
    /// Per limit of the problem's identity, the largest value any test reaches.
    pub bounds: Vec<crate::bounds::Reached>,
}

/// Builds the set.
pub fn write(problem: &dyn DynProblem, o: &Options, progress: &mut dyn FnMut(&str)) -> Result<Written> {
    package::check_destination(&o.out, o.force, &o.corpus, None)?;
    let name = problem.id().name;
    let mut tests = samples_then_corpus(problem, &o.corpus)?;
    let path = crate::config::main_config(problem.config())?;
    let src = Source::load(&path, vec![])?;
    for case in 0..o.random {
        sandbox::signals::check()?;
        tests.push(Test {
            input: problem.generate(&src, None, case, 1)?,
            what: format!("random: {} case {case}", path.display()),
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
            tests.push(Test {
                input,
                what: format!(
                    "judge size `{}`: {} (seed {}){beyond}",
                    spec.name, spec.about, spec.seed
                ),
                group: Group::JudgeSize,
                brute: None,
            });
        }
    }
    let answered = answer(problem, tests, &o.budget)?;
    let bounds = crate::bounds::reached(problem, answered.iter().map(|t| t.input.as_str()));
    package::write_folder(&o.out, |dir| {
        package::fill(&package::About::of(problem), o.layout, &answered, dir)
    })?;
    Ok(Written {
        tests: answered.len(),
        bounds,
    })
}

/// Every test parsed by the judge's format and answered by the jury.
fn answer(problem: &dyn DynProblem, tests: Vec<Test>, budget: &Budget) -> Result<Vec<package::Test>> {
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
        });
    }
    Ok(out)
}

/// Judge samples first (entries whose note says so), then the other corpus entries, by file name.
fn samples_then_corpus(problem: &dyn DynProblem, dir: &Path) -> Result<Vec<Test>> {
    let name = problem.id().name;
    let folder = dir.join(name);
    if !folder.is_dir() {
        return Ok(vec![]);
    }
    let mut samples = Vec::new();
    let mut others = Vec::new();
    for (path, entry) in corpus::load_all(&folder)? {
        let entry = entry?;
        let note = entry.origin.as_ref().and_then(|o| o.note.clone());
        let is_sample = is_sample(&entry);
        let shown = path.strip_prefix(dir).unwrap_or(&path).display().to_string();
        let test = Test {
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
