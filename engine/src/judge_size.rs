//! Judge-size tests: for each problem, inputs at the judge's maximum in every
//! shape that stresses a solution differently (a path with shuffled labels, a
//! star, dense multigraphs, maximal values, maximal T), listed in
//! `configs/judge/<problem>.toml`:
//!
//! ```toml
//! [[test]]
//! name = "path"                      # short, unique: the table's row
//! about = "a path of 500 000 vertices, labels shuffled"
//! seed = 2                           # default 1
//! count = 1                          # cases in the file (multi-case formats)
//! set = { n = 500000, m = 499999, shapes = ["path"] }   # [gen] keys over the main config's
//! ```
//!
//! Every input is parsed with the judge's format, which enforces its limits.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use serde::Deserialize;

use crate::builtin::registry::DynProblem;
use crate::config::{self, Source};
use crate::files::{self, Within};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpecFile {
    #[serde(rename = "test")]
    tests: Vec<Spec>,
}

fn one() -> u64 {
    1
}

fn one_case() -> usize {
    1
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    pub name: String,
    pub about: String,
    #[serde(default = "one")]
    pub seed: u64,
    #[serde(default = "one_case")]
    pub count: usize,
    #[serde(default)]
    pub set: toml::Table,
    /// Beyond the judge's guarantee (a general cactus where the judge promises
    /// pendant cycles): `invoke` runs it only when named, `testset` writes it
    /// only with `--beyond-guarantee`, and it need not pass the guarantee's
    /// validator.
    #[serde(default)]
    pub beyond: bool,
}

/// The file listing the judge-size tests of the problem `name`.
pub fn spec_path(name: &str) -> Option<PathBuf> {
    config::config_dirs()
        .into_iter()
        .map(|d| d.join("judge").join(format!("{name}.toml")))
        .find(|p| p.is_file())
}

/// `problem`'s judge-size tests, in file order.
pub fn specs(problem: &dyn DynProblem) -> Result<Vec<Spec>> {
    specs_of(problem.id().name)
}

/// The judge-size tests of the problem `name`, in file order.
pub fn specs_of(name: &str) -> Result<Vec<Spec>> {
    let Some(path) = spec_path(name) else {
        bail!("{name} has no judge-size tests: list them in configs/judge/{name}.toml");
    };
    let text = files::read_text(&path, Within::Anywhere, files::WRITTEN)?;
    let file: SpecFile =
        toml::from_str(&text).map_err(|e| crate::echo::toml_error(&path.display().to_string(), &text, &e))?;
    let mut seen = std::collections::HashSet::new();
    for spec in &file.tests {
        if !seen.insert(spec.name.as_str()) {
            bail!("{}: two tests are named `{}`", path.display(), spec.name);
        }
    }
    if file.tests.is_empty() {
        bail!("{}: no [[test]] listed", path.display());
    }
    Ok(file.tests)
}

/// The main config with the test's settings over its `[gen]`; messages about those settings
/// name the test's line in the judge-size file.
fn source(problem: &dyn DynProblem, spec: &Spec) -> Result<Source> {
    source_of(problem.id().name, problem.config(), spec)
}

/// [`source`] for the problem `name` whose main config is `config`.
pub fn source_of(name: &str, config: &str, spec: &Spec) -> Result<Source> {
    let path = crate::config::main_config(config)?;
    let sets = spec.set.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    let mut src = Source::load(&path, sets)?;
    src.sets_origin = spec_path(name).map(|file| set_origin(&file, &spec.name));
    Ok(src)
}

/// `FILE:LINE: test `name``, the line of the test's `set` in the judge-size file `file` (or of
/// its name when no `set` line follows it).
fn set_origin(file: &Path, name: &str) -> String {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let named = |l: &&str| l.starts_with("name") && l.split('=').nth(1).map(str::trim) == Some(&format!("\"{name}\""));
    let line = lines.iter().position(named).map(|at| {
        let set = lines[at..]
            .iter()
            .take_while(|l| !l.starts_with("[[test]]"))
            .position(|l| l.starts_with("set") && l.contains('='));
        at + set.unwrap_or(0) + 1
    });
    match line {
        Some(line) => format!("{}:{line}: test `{name}`", file.display()),
        None => format!("{}: test `{name}`", file.display()),
    }
}

/// The main config with the test's settings and, over them, the settings
/// that state the judge's guarantee (the identity's `guarantee`).
fn guaranteed(problem: &dyn DynProblem, spec: &Spec) -> Result<Source> {
    let mut src = source(problem, spec)?;
    src.sets.extend(promise(problem)?);
    Ok(src)
}

/// The identity's `guarantee` as `[gen]` settings; empty when the limits say it all.
fn promise(problem: &dyn DynProblem) -> Result<toml::Table> {
    (problem.id().guarantee)
        .parse()
        .map_err(|e| anyhow!("the guarantee of {} is not TOML: {e}", problem.id().name))
}

/// The main config with the judge's guarantee set over it: random tests a judge
/// may be given come from it.
pub fn within_guarantee(problem: &dyn DynProblem) -> Result<Source> {
    let mut src = Source::load(&crate::config::main_config(problem.config())?, vec![])?;
    src.sets.extend(promise(problem)?);
    Ok(src)
}

/// The judge's guarantee, to hold corpus entries and samples to: the main
/// config is read once, not once per input.
pub struct Guarantee<'p> {
    problem: &'p dyn DynProblem,
    /// `None` when the problem promises nothing beyond its limits.
    src: Option<Source>,
}

impl<'p> Guarantee<'p> {
    pub fn of(problem: &'p dyn DynProblem) -> Result<Self> {
        let src = if promise(problem)?.is_empty() {
            None
        } else {
            Some(within_guarantee(problem)?)
        };
        Ok(Guarantee { problem, src })
    }

    /// Why `input` is outside the guarantee, or `None` when it keeps it.
    pub fn outside(&self, input: &str) -> Option<String> {
        let src = self.src.as_ref()?;
        self.problem.validate_input(src, input).err().map(|e| format!("{e:#}"))
    }
}

/// Checks that a test's input keeps the judge's guarantee, not only its limits;
/// a test marked `beyond` is not held to it.
pub fn check_guarantee(problem: &dyn DynProblem, spec: &Spec, input: &str) -> Result<()> {
    if spec.beyond {
        return Ok(());
    }
    problem
        .validate_input(&guaranteed(problem, spec)?, input)
        .with_context(|| {
            format!(
                "judge-size test `{}` is outside the judge's guarantee ({}): fix its settings, or mark it \
                 `beyond = true`",
                spec.name,
                problem.id().guarantee
            )
        })
}

/// Checks that every test's settings are valid for the problem's generator,
/// without generating anything (cheap enough for `cargo test`).
pub fn check(problem: &dyn DynProblem) -> Result<()> {
    for spec in specs(problem)? {
        problem
            .self_check(&source(problem, &spec)?, 0)
            .with_context(|| format!("judge-size test `{}`", spec.name))?;
    }
    Ok(())
}

/// The input of one judge-size test: the main config's generator with the
/// test's settings, checked against the judge's limits.
pub fn input(problem: &dyn DynProblem, spec: &Spec) -> Result<String> {
    let text = problem
        .generate(&source(problem, spec)?, Some(spec.seed), 0, spec.count)
        .with_context(|| format!("judge-size test `{}`", spec.name))?;
    problem
        .parse_input(&text)
        .map_err(|e| anyhow!("judge-size test `{}` breaks the judge's format: {e}", spec.name))?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tests_settings_are_blamed_on_its_set_line() {
        let file = std::env::temp_dir().join(format!("harness-judge-size-{}.toml", std::process::id()));
        let text =
            "[[test]]\nname = \"path\"\nabout = \"a\"\nset = { n = 0 }\n\n[[test]]\nname = \"star\"\nabout = \"b\"\n";
        std::fs::write(&file, text).unwrap();
        let shown = file.display().to_string();
        assert_eq!(set_origin(&file, "path"), format!("{shown}:4: test `path`"));
        assert_eq!(set_origin(&file, "star"), format!("{shown}:7: test `star`"));
        assert_eq!(set_origin(&file, "none"), format!("{shown}: test `none`"));
        std::fs::remove_file(&file).unwrap();
    }
}
