//! The problem file: a TOML file whose `[problem]` table names the programs of
//! a problem the harness does not know, and whose `[gen]` table gives the
//! ranges the generator's placeholders are drawn from.
//!
//! ```toml
//! [problem]
//! name = "euclid"                          # its folder in the corpus
//! gen = "python3 gen.py {seed} {n} {max}"  # {seed} and each [gen] key are substituted
//! brute = "python3 brute.py"               # the oracle
//! solvers = ["python3 sol.py"]             # optional: --solver-cmd adds to it
//! validator = "python3 val.py"             # optional: exit 0 (or 42) = valid
//! spec = "euclid.ctd"                      # optional: the input format (checktestdata subset)
//! checker = "./chk"                        # optional: testlib checker; default: tokens compared
//! time_limit_ms = 2000                     # per solver run
//! brute_time_limit_ms = 10000              # per brute run; slower inputs are skipped
//! tool_time_limit_ms = 10000               # per generator, validator or checker run
//! cases = 2000
//! seed = 1
//! shrink = ["gen", "spec", "text"]         # the shrinking layers, in this order
//! reference = "./sol"                      # optional: answers the judge-size tests (default: the first solver)
//! oracle = "reference"                     # optional: `reference` answers every case instead of brute
//! memory_limit = "256M"                    # optional: `invoke`'s memory limit (default 256M)
//! samples = ["samples/1.in"]               # optional: `testset`'s samples, in the file's folder
//! enumerate = "python3 all.py {n}"        # optional: every input, NUL-ended, for --exhaustive ({n} is `LO HI`)
//! output_per_case = "line"                 # optional: each case of the spec's count answers a line
//!                                          #   (or "N tokens"): many cases share one run of each program
//! gen_batch = "python3 gen.py --batch"     # optional: makes a batch's inputs in one run, reading a
//!                                          #   line `{seed} {n} {max}` per case (gen's placeholders)
//! validator_batch = "python3 val.py --batch" # optional: checks a batch's inputs, back to back, in one run
//! [gen]
//! n = [1, 10]                              # drawn in 1..=10 per case
//! max = 1000                               # fixed
//!
//! [[test]]                                 # a judge-size test (`invoke`, `testset`)
//! name = "max"                             # the table's row
//! about = "the largest n"                  # optional
//! values = { n = 100000, max = 1000000000 } # every [gen] key, fixed
//! seed = 1                                 # optional (default 1)
//!
//! [[solution]]                             # a program `invoke` runs beside the solvers, and
//! cmd = "python3 slow.py"                  #   `testset` carries under the verdict it must get
//! expect = ["TLE"]                         # optional: verdicts it may get; none: OK everywhere
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use serde::Deserialize;

use super::batch::PerCase;
use crate::config::Source;
use crate::files::{self, Within};
use crate::Catalog;

fn default_cases() -> u64 {
    1000
}
fn default_seed() -> u64 {
    1
}
fn default_time_limit() -> u64 {
    2000
}
fn default_tool_time_limit() -> u64 {
    10_000
}

/// A shrinking layer; `shrink` lists the ones to run, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Layer {
    /// Smaller `[gen]` values and other seeds, through the generator.
    Gen,
    /// Structural edits of the input parsed by the spec.
    Spec,
    /// Lines, tokens and integers of the text, with no format known.
    Text,
}

impl Layer {
    pub fn as_str(self) -> &'static str {
        match self {
            Layer::Gen => "gen",
            Layer::Spec => "spec",
            Layer::Text => "text",
        }
    }

    pub fn parse_list(text: &str) -> Result<Vec<Layer>, String> {
        text.split(',')
            .map(|w| match w.trim() {
                "gen" => Ok(Layer::Gen),
                "spec" => Ok(Layer::Spec),
                "text" => Ok(Layer::Text),
                other => Err(format!("`{other}` is no shrinking layer: give some of gen, spec, text")),
            })
            .collect()
    }
}

/// Who answers a stress run's cases: brute, or the trusted `reference` where
/// the `[gen]` ranges go beyond brute's reach.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Oracle {
    #[default]
    Brute,
    Reference,
}

fn all_layers() -> Vec<Layer> {
    vec![Layer::Gen, Layer::Spec, Layer::Text]
}

/// The `[problem]` table as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Programs {
    pub name: String,
    #[serde(default)]
    pub about: Option<String>,
    #[serde(default)]
    pub gen: Option<String>,
    pub brute: String,
    #[serde(default)]
    pub solvers: Vec<String>,
    #[serde(default)]
    pub validator: Option<String>,
    /// A file, relative to the problem file's folder.
    #[serde(default)]
    pub spec: Option<String>,
    #[serde(default)]
    pub checker: Option<String>,
    #[serde(default = "default_time_limit")]
    pub time_limit_ms: u64,
    #[serde(default = "default_tool_time_limit")]
    pub brute_time_limit_ms: u64,
    #[serde(default = "default_tool_time_limit")]
    pub tool_time_limit_ms: u64,
    #[serde(default = "default_cases")]
    pub cases: u64,
    #[serde(default = "default_seed")]
    pub seed: u64,
    #[serde(default = "all_layers")]
    pub shrink: Vec<Layer>,
    /// The program whose answers judge the judge-size tests.
    #[serde(default)]
    pub reference: Option<String>,
    /// Who answers the cases of a stress run.
    #[serde(default)]
    pub oracle: Oracle,
    /// `invoke`'s memory limit, e.g. `256M`.
    #[serde(default)]
    pub memory_limit: Option<String>,
    /// Sample inputs, relative to the problem file's folder.
    #[serde(default)]
    pub samples: Vec<String>,
    /// The program that prints every input for `--exhaustive`, instead of
    /// the spec ([`super::enumerator`]).
    #[serde(default)]
    pub enumerate: Option<String>,
    /// What each case of the spec's count answers (`"line"`, `"N tokens"`):
    /// many cases then share one run of each program ([`super::batch`]).
    #[serde(default)]
    pub output_per_case: Option<String>,
    /// The generator run once for a batch: one line per case on stdin, the
    /// values `gen` substitutes in the order of its placeholders.
    #[serde(default)]
    pub gen_batch: Option<String>,
    /// The validator run once for a batch: the inputs back to back on stdin,
    /// valid (exit 0 or 42) when each is.
    #[serde(default)]
    pub validator_batch: Option<String>,
}

/// A `[[test]]` table as written: a judge-size test.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TestText {
    name: String,
    #[serde(default)]
    about: Option<String>,
    /// Empty only when `[gen]` is (a problem whose spec generates).
    #[serde(default)]
    values: BTreeMap<String, i64>,
    #[serde(default = "default_seed")]
    seed: u64,
}

/// A judge-size test: the generator with every `[gen]` key fixed, and a seed.
#[derive(Clone, Debug)]
pub struct JudgeTest {
    pub name: String,
    pub about: String,
    pub values: BTreeMap<String, i64>,
    pub seed: u64,
}

/// A `[gen]` value: a fixed integer or an inclusive range `[lo, hi]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    pub lo: i64,
    pub hi: i64,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RangeText {
    Fixed(i64),
    Pair(Vec<i64>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Whole {
    problem: Programs,
    #[serde(default)]
    gen: BTreeMap<String, toml::Spanned<toml::Value>>,
    #[serde(default, rename = "test")]
    tests: Vec<toml::Spanned<TestText>>,
    #[serde(default, rename = "solution")]
    solutions: Vec<toml::Spanned<SolutionText>>,
}

/// A `[[solution]]` table as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SolutionText {
    cmd: String,
    #[serde(default)]
    expect: Vec<String>,
}

/// A program of the problem's own with the verdicts it may get: `invoke`
/// runs it beside the solvers (it is no solver of stress runs: a slow or
/// wrong one is meant to fail), `testset` carries its source under the
/// verdict a judge must give it.
#[derive(Clone, Debug)]
pub struct Solution {
    pub cmd: String,
    /// Where it is not OK; empty: OK everywhere.
    pub expect: Vec<crate::invoke::Kind>,
}

/// A problem file, read and checked.
pub struct ProblemFile {
    /// The path as given: reproduce lines and entries name it.
    pub origin: String,
    /// The absolute folder of the file: every command runs there.
    pub dir: PathBuf,
    pub programs: Programs,
    /// In the file's order: the order values are drawn in and shrunk in.
    pub ranges: Vec<(String, Range)>,
    /// `--set` keys that are no `[gen]` key, given with a spec: they bound
    /// the spec's `INT`s of that name in an `--exhaustive` run, and are
    /// refused by every other command.
    pub spec_bounds: Vec<(String, Range)>,
    /// The spec's text and its path, when there is one.
    pub spec: Option<(String, PathBuf)>,
    /// The `[[test]]` tables, in the file's order.
    pub tests: Vec<JudgeTest>,
    /// `memory_limit` in bytes.
    pub memory: Option<u64>,
    /// The `samples`, each checked to lie in the problem file's folder.
    pub samples: Vec<PathBuf>,
    /// `output_per_case`, read.
    pub per_case: Option<PerCase>,
    /// The `[[solution]]` tables, in the file's order.
    pub solutions: Vec<Solution>,
}

/// The 1-based line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// A name that is one plain folder under the corpus: no separator, no `..`,
/// nothing hidden, nothing a shell or another system would read differently.
pub(super) fn check_name(name: &str, catalog: &Catalog) -> Result<(), String> {
    let plain = !name.is_empty()
        && !name.starts_with('.')
        && name.len() <= 64
        && name.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
    if !plain {
        return Err(format!(
            "`{name}` is not a plain folder name: use letters, digits, `-`, `_` and `.`, \
             not starting with `.` (it becomes corpus/<name>/)"
        ));
    }
    if catalog.is_built_in(name) {
        return Err(format!(
            "`{name}` is a built-in problem of the harness: give your problem another name, so that \
             their corpus entries stay apart"
        ));
    }
    Ok(())
}

impl ProblemFile {
    /// Refuses the `--set` keys only an exhaustive run takes.
    pub fn no_spec_bounds(&self) -> Result<()> {
        match self.spec_bounds.first() {
            Some((key, _)) => bail!(
                "--set {key}: {} has no [gen] key `{key}` (a key only the spec's INTs name bounds them in \
                 --exhaustive runs)",
                self.origin
            ),
            None => Ok(()),
        }
    }

    pub fn load(catalog: &Catalog, src: &Source, path: &Path) -> Result<ProblemFile> {
        let origin = &src.origin;
        let whole: Whole = toml::from_str(&src.text).map_err(|e| anyhow!("{origin}: {e}"))?;
        let mut programs = whole.problem;
        let at = |key: &str| format!("{origin}: [problem] `{key}`");
        check_name(&programs.name, catalog).map_err(|e| anyhow!("{}: {e}", at("name")))?;
        if programs.shrink.is_empty() {
            bail!("{}: give at least one of \"gen\", \"spec\", \"text\"", at("shrink"));
        }
        if programs.oracle == Oracle::Reference && programs.reference.is_none() {
            bail!(
                "{}: `reference` answers instead of brute, and there is none: give the trusted program as \
                 [problem] `reference`, or leave `oracle` out (brute answers)",
                at("oracle")
            );
        }
        for (key, ms) in [
            ("time_limit_ms", programs.time_limit_ms),
            ("brute_time_limit_ms", programs.brute_time_limit_ms),
            ("tool_time_limit_ms", programs.tool_time_limit_ms),
        ] {
            if ms == 0 {
                bail!("{}: a time limit must be at least 1 ms", at(key));
            }
        }
        let mut gen: Vec<_> = whole.gen.iter().collect();
        gen.sort_by_key(|(_, value)| value.span().start);
        let mut ranges = Vec::new();
        for (key, value) in gen {
            let line = line_of(&src.text, value.span().start);
            if key == "seed" {
                bail!(
                    "{origin}:{line}: [gen] `seed`: `{{seed}}` is the per-case seed (drawn from the run's seed and \
                     the case, or a [[test]]'s `seed`), so a [gen] key of that name would never be used: rename it"
                );
            }
            let range = range_of(value.get_ref()).map_err(|e| anyhow!("{origin}:{line}: [gen] `{key}`: {e}"))?;
            ranges.push((key.clone(), range));
        }
        let mut spec_bounds = Vec::new();
        for (key, value) in &src.sets {
            let range = range_of(value).map_err(|e| anyhow!("--set {key}: {e}"))?;
            match ranges.iter_mut().find(|(k, _)| k == key) {
                Some(slot) => slot.1 = range,
                None if programs.spec.is_some() => spec_bounds.push((key.clone(), range)),
                None => bail!("--set {key}: {origin} has no [gen] key `{key}`"),
            }
        }
        let dir = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .canonicalize()
            .with_context(|| format!("cannot find the folder of {origin}"))?;
        let spec = match &programs.spec {
            Some(file) => {
                let path = inside(&dir, file).map_err(|e| anyhow!("{}: {e}", at("spec")))?;
                let text = files::read_text(&path, Within::Folder(&dir), files::WRITTEN)
                    .map_err(|e| anyhow!("{}: {e:#}", at("spec")))?;
                Some((text, path))
            }
            None => None,
        };
        if programs.gen.is_none() && spec.is_none() {
            bail!(
                "{origin}: [problem] needs `gen` (a generator command) or `spec` (an input format the \
                 harness generates from)"
            );
        }
        if let Some(gen) = &programs.gen {
            for name in placeholders(gen).map_err(|e| anyhow!("{}: {e}", at("gen")))? {
                if name != "seed" && !ranges.iter().any(|(k, _)| *k == name) {
                    let keys: Vec<&str> = ranges.iter().map(|(k, _)| k.as_str()).collect();
                    bail!(
                        "{}: placeholder `{{{name}}}` has no [gen] key: add `{name} = [LO, HI]` under [gen] \
                         (keys now: {})",
                        at("gen"),
                        if keys.is_empty() {
                            "none".into()
                        } else {
                            keys.join(", ")
                        }
                    );
                }
            }
        }
        let per_case = programs
            .output_per_case
            .as_deref()
            .map(PerCase::parse)
            .transpose()
            .map_err(|e| anyhow!("{}: {e}", at("output_per_case")))?;
        if programs.gen_batch.is_some() && (programs.gen.is_none() || per_case.is_none()) {
            bail!(
                "{}: the generator's batch command makes the inputs of a batch, and batches need `gen` (which \
                 it must agree with) and `output_per_case` (what each case answers): give both, or leave \
                 `gen_batch` out",
                at("gen_batch")
            );
        }
        if programs.validator_batch.is_some() && (programs.validator.is_none() || per_case.is_none()) {
            bail!(
                "{}: the validator's batch command checks the inputs of a batch, and batches need `validator` \
                 (which it must agree with) and `output_per_case` (what each case answers): give both, or leave \
                 `validator_batch` out",
                at("validator_batch")
            );
        }
        programs.solvers.retain(|s| !s.trim().is_empty());
        let memory = programs
            .memory_limit
            .as_deref()
            .map(crate::invoke::parse_size)
            .transpose()
            .map_err(|e| anyhow!("{}: {e}", at("memory_limit")))?;
        let samples = programs
            .samples
            .iter()
            .map(|s| inside(&dir, s).map_err(|e| anyhow!("{}: {e}", at("samples"))))
            .collect::<Result<_>>()?;
        let mut tests: Vec<JudgeTest> = Vec::new();
        for spanned in whole.tests {
            let line = line_of(&src.text, spanned.span().start);
            let t = spanned.into_inner();
            let whence = format!("{origin}:{line}: [[test]] `{}`", t.name);
            let test = judge_test(t, &ranges, &tests, programs.gen.is_some()).map_err(|e| anyhow!("{whence}: {e}"))?;
            tests.push(test);
        }
        let mut solutions = Vec::new();
        for spanned in whole.solutions {
            let line = line_of(&src.text, spanned.span().start);
            let t = spanned.into_inner();
            let expect = t
                .expect
                .iter()
                .map(|v| crate::invoke::Kind::parse(v))
                .collect::<Result<_, _>>()
                .map_err(|e| anyhow!("{origin}:{line}: [[solution]] `expect`: {e}"))?;
            if t.cmd.trim().is_empty() {
                bail!("{origin}:{line}: [[solution]] `cmd` is empty: give the command that runs it");
            }
            solutions.push(Solution { cmd: t.cmd, expect });
        }
        Ok(ProblemFile {
            origin: origin.clone(),
            dir,
            programs,
            ranges,
            spec_bounds,
            spec,
            tests,
            solutions,
            memory,
            samples,
            per_case,
        })
    }
}

/// A `[[test]]` checked: a plain, new name, and exactly the `[gen]` keys. Its
/// default `about` names what makes its input: the generator, or the spec
/// when there is no generator.
fn judge_test(
    t: TestText,
    ranges: &[(String, Range)],
    before: &[JudgeTest],
    generator: bool,
) -> Result<JudgeTest, String> {
    let plain = !t.name.is_empty() && t.name.chars().all(|c| c.is_ascii_alphanumeric() || "-_".contains(c));
    if !plain || t.name == "corpus" {
        return Err("give a name of letters, digits, `-` and `_`, other than `corpus` (the row of the entries)".into());
    }
    if before.iter().any(|b| b.name == t.name) {
        return Err("a test of this name comes earlier: names must be unique".into());
    }
    let keys: Vec<&str> = ranges.iter().map(|(k, _)| k.as_str()).collect();
    if let Some(extra) = t.values.keys().find(|k| !keys.contains(&k.as_str())) {
        return Err(format!(
            "`values` has `{extra}`, which is no [gen] key (keys: {})",
            keys.join(", ")
        ));
    }
    if let Some(missing) = keys.iter().find(|k| !t.values.contains_key(**k)) {
        return Err(format!("`values` lacks `{missing}`: fix every [gen] key"));
    }
    Ok(JudgeTest {
        about: t.about.unwrap_or_else(|| {
            let mut with: Vec<String> = t.values.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            with.push(format!("seed {}", t.seed));
            let by = if generator { "the generator" } else { "the spec" };
            format!("{by} with {}", with.join(", "))
        }),
        name: t.name,
        values: t.values,
        seed: t.seed,
    })
}

/// `relative`, a path in `dir`: refused when absolute or when it leaves `dir`
/// (through `..` or a symbolic link), so that a file never reads what lies
/// outside its own folder. Every data file a problem file names (its spec, its
/// samples) is found this way.
fn inside(dir: &Path, relative: &str) -> Result<PathBuf, String> {
    let path = Path::new(relative);
    let leaves = path.is_absolute()
        || path.components().any(|c| matches!(c, std::path::Component::ParentDir))
        || dir.join(path).canonicalize().is_ok_and(|real| !real.starts_with(dir));
    if leaves {
        return Err(format!(
            "`{relative}` leaves the problem file's folder: give a path inside {}",
            dir.display()
        ));
    }
    let full = dir.join(path);
    match full.metadata() {
        Ok(meta) if meta.is_file() => Ok(full),
        Ok(_) => Err(format!(
            "`{relative}` is not a regular file: give a file inside {}",
            dir.display()
        )),
        Err(_) => Err(format!("`{relative}`: no such file in {}", dir.display())),
    }
}

fn range_of(value: &toml::Value) -> Result<Range, String> {
    let text: RangeText = value
        .clone()
        .try_into()
        .map_err(|_| "must be an integer or a range [LO, HI] of integers".to_string())?;
    let range = match text {
        RangeText::Fixed(v) => Range { lo: v, hi: v },
        RangeText::Pair(pair) => match pair[..] {
            [lo, hi] => Range { lo, hi },
            _ => return Err(format!("a range has two integers [LO, HI], not {}", pair.len())),
        },
    };
    if range.lo > range.hi {
        return Err(format!("[{}, {}] is empty: LO must not exceed HI", range.lo, range.hi));
    }
    Ok(range)
}

/// The names inside `{...}` in a command, in order.
pub fn placeholders(cmd: &str) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    let mut rest = cmd;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let close = after.find('}').ok_or_else(|| format!("`{{` without `}}` in `{cmd}`"))?;
        let name = &after[..close];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!(
                "`{{{name}}}` in `{cmd}` is no placeholder: write `{{seed}}` or `{{KEY}}`"
            ));
        }
        names.push(name.to_string());
        rest = &after[close + 1..];
    }
    Ok(names)
}

/// `cmd` with each `{name}` replaced by its value.
pub fn substitute(cmd: &str, values: &BTreeMap<String, i64>, seed: u64) -> String {
    let mut out = cmd.to_string();
    out = out.replace("{seed}", &seed.to_string());
    for (k, v) in values {
        out = out.replace(&format!("{{{k}}}"), &v.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_found_and_substituted() {
        let cmd = "python3 gen.py {seed} {n} --max={max}";
        assert_eq!(placeholders(cmd).unwrap(), ["seed", "n", "max"]);
        let values = BTreeMap::from([("n".to_string(), 7), ("max".to_string(), -3)]);
        assert_eq!(substitute(cmd, &values, 42), "python3 gen.py 42 7 --max=-3");
        assert!(placeholders("gen {n").is_err());
        assert!(placeholders("gen {a b}").is_err());
    }

    #[test]
    fn names_must_be_plain_folders() {
        let none = Catalog {
            problems: &[],
            games: &[],
        };
        for bad in ["", "..", "../x", "a/b", "/abs", ".hidden"] {
            assert!(check_name(bad, &none).is_err(), "{bad}");
        }
        assert!(check_name("euclid", &none).is_ok());
    }

    #[test]
    fn ranges_are_integers_or_pairs() {
        assert_eq!(range_of(&toml::Value::Integer(5)).unwrap(), Range { lo: 5, hi: 5 });
        let pair: toml::Value = toml::from_str::<toml::Table>("v = [1, 9]").unwrap()["v"].clone();
        assert_eq!(range_of(&pair).unwrap(), Range { lo: 1, hi: 9 });
        let empty: toml::Value = toml::from_str::<toml::Table>("v = [9, 1]").unwrap()["v"].clone();
        assert!(range_of(&empty).unwrap_err().contains("empty"));
        assert!(range_of(&toml::Value::String("x".into())).is_err());
    }
}
