//! Test sets as judges and tools import them (`--format` of `harness testset`
//! and `harness corpus export`), and the one way such a folder is written:
//! into a temporary folder beside the destination, moved into place only when
//! complete, never over the corpus or the workspace's sources.
//!
//! - `flat`: `01.in`, `01.ans` and `01.desc` (the index line of the test:
//!   who answered it and what it is). The `.in` / `.ans` pairs are the same
//!   bytes as ever; the index that used to be `index.txt` is now one `.desc`
//!   per test, the Kattis convention, which judges and `oj` ignore.
//! - `oj`: `sample-N.in/.out`, `random-NNN.in/.out` (random and judge-size
//!   tests), `hack-NNN.in/.out` (corpus entries), what `oj test -d DIR` reads,
//!   and nothing else.
//! - `polygon`: a Polygon package that `p2d` converts, with its checker,
//!   validator, solutions and statement ([`crate::polygon`]).
//! - `kattis`: the problem package format of 2023-07, which problemtools'
//!   `verifyproblem` and DOMjudge read, in a folder named by the
//!   problem's short name (`[a-z0-9]+`): `problem.yaml` (format version, title,
//!   a UUID made from the name, time and memory limits), `statement/problem.en.md`,
//!   `data/sample` and `data/secret` with `.in`, `.ans` and `.desc` per test,
//!   `.timelimit` (seconds, which older DOMjudge reads), the submissions
//!   (`submissions/accepted/...`) and input validators (`input_validators/`)
//!   the caller has. A problem with many valid answers gets its output
//!   validator: the self-contained source `gen/output_validators/<problem>.*`
//!   of the workspace as `output_validator/<problem>.*`, which the judge
//!   builds; without one, `output_validator/harness_check/run`, a script that
//!   runs `harness check --problem P --kattis` (the harness must be on the
//!   judge's `PATH`, or named by `$HARNESS`).
//! - `bapc`: the same package in the 2025-09 version, the only one BAPCtools
//!   reads (problemtools reads only 2023-07): a LaTeX statement, no `.timelimit`.
//!
//! An interactive game's Kattis package is `type: interactive`, its output
//! validator the game's interactor ([`crate::package_interactive`]).
//!
//! Every layout holds each input once (the first test kept), and a test over
//! the 100 MiB at which Kattis tools warn is reported.
//!
//! Reference: the Kattis problem package format (2023-07-draft as problemtools
//! reads it), Polygon's package `problem.xml`, online-judge-tools' `oj test`
//! (`%s.in` with `%s.out`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::builtin::registry::DynProblem;
use crate::config;

/// A test set's layout on disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `01.in` / `01.ans` / `01.desc`
    Flat,
    /// online-judge-tools: `sample-1.in` / `sample-1.out`, `random-001`, `hack-001`
    Oj,
    /// A Polygon package: `problem.xml`, `tests/01`, `tests/01.a`
    Polygon,
    /// A Kattis / DOMjudge package: `problem.yaml`, `data/sample`, `data/secret`
    Kattis,
    /// The Kattis package in the version BAPCtools reads (2025-09), with a LaTeX statement
    Bapc,
}

impl Layout {
    /// A Kattis package of either version: its folder is the problem's short name.
    pub fn is_kattis(self) -> bool {
        matches!(self, Layout::Kattis | Layout::Bapc)
    }
}

/// Where a test comes from, which decides its name and group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// A judge's sample (a corpus entry whose note says so).
    Sample,
    /// Any other corpus entry: a refutation or a regression.
    Corpus,
    /// A random small case of the main config.
    Random,
    /// A judge-size test of `configs/judge/<problem>.toml`.
    JudgeSize,
}

/// One test, answered.
pub struct Test {
    pub input: String,
    pub answer: String,
    pub group: Group,
    /// Who answered it (`brute`, `reference:fast`, `corpus`).
    pub by: String,
    /// What it is.
    pub what: String,
    /// The arguments the problem's generator ([`About::generator`]) makes this input from, when
    /// the harness can say (a problem file's random and `[[test]]` inputs: its `gen` run with
    /// their seed and values); none: the input stands on its own.
    pub gen_args: Option<Vec<String>>,
}

impl Test {
    /// The index line: who answered it, and what it is.
    fn desc(&self) -> String {
        format!("{} (answered by {})\n", self.what, self.by)
    }
}

/// What a package says of its problem beyond the tests.
pub struct About {
    pub name: String,
    pub title: String,
    pub time_ms: u64,
    pub memory_bytes: u64,
    pub judging: Judging,
    /// The statement in Markdown: rules, formats, sample, limits.
    pub statement: String,
    /// Solutions a judge runs to check the package, each under its verdict's
    /// folder (`accepted/tree-game.cpp`).
    pub submissions: Vec<Carried>,
    /// Programs or checktestdata specs a judge runs on every input (`euclid.ctd`).
    pub input_validators: Vec<Carried>,
    /// The output validator's sources, for a problem with many valid answers
    /// (`election-promises.cpp`); none: `harness check` judges.
    pub output_validators: Vec<Carried>,
    /// The testlib checker's source (`check INPUT OUTPUT ANSWER`) a Polygon package judges by,
    /// for a problem with many valid answers; none: testlib's token comparison.
    pub checkers: Vec<Carried>,
    /// Programs a judge runs on every test's answer (`validator INPUT < ANSWER`), which
    /// BAPCtools requires of a problem without an output validator: the built-in problems'
    /// `gen/answer_validators/<problem>.cpp`, in the 2025-09 package only.
    pub answer_validators: Vec<Carried>,
    /// The source of the program that makes each generated test's input from its
    /// [`Test::gen_args`] (a problem file's `gen`, when it is a source file of its folder), which
    /// a Polygon package carries as an executable.
    pub generator: Option<Carried>,
}

/// A source file a package carries beside its tests.
pub struct Carried {
    /// Its path inside its folder of the package.
    pub name: String,
    pub text: String,
}

/// Where the built-in problems' submissions live, one source file a judge
/// builds per problem and language: `tree-game.cpp`.
const SUBMISSIONS: &str = "solvers/submissions";
/// Where their input validators live, one source file a judge builds per problem.
const VALIDATORS: &str = "gen/validators";
/// Where the output validators of those with many valid answers live, likewise.
const OUTPUT_VALIDATORS: &str = "gen/output_validators";

/// Where the testlib checkers of those with many valid answers live, for Polygon packages.
const CHECKERS: &str = "gen/checkers";

/// Where the answer validators live, one per problem, each on the input validators' reader.
const ANSWER_VALIDATORS: &str = "gen/answer_validators";

/// How a package's outputs are judged.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Judging {
    /// Answers are unique up to whitespace: tokens compared.
    Tokens,
    /// A built-in problem with many valid answers: `harness check` judges.
    Harness,
    /// A problem file's own checker, which a package cannot carry: the user adds it.
    Checker,
    /// An interactive game: the interactor's sources are the output validators
    /// ([`crate::package_interactive`]).
    Interactor,
}

impl About {
    /// A built-in problem: its statement from its `Doc`, its submissions and
    /// input validators from the workspace's `solvers/submissions/<problem>.*`
    /// and `gen/validators/<problem>.*` (none outside a workspace).
    pub fn of(problem: &dyn DynProblem) -> Result<About> {
        let id = problem.id();
        Ok(About {
            name: id.name.to_string(),
            title: id.title(),
            time_ms: u64::from(id.judge.time_ms),
            memory_bytes: u64::from(id.judge.memory_mib) << 20,
            judging: if problem.many_answers() {
                Judging::Harness
            } else {
                Judging::Tokens
            },
            statement: crate::problem_doc::statement(problem),
            submissions: workspace_sources(SUBMISSIONS, id.name, "accepted/")?,
            input_validators: with_includes(VALIDATORS, id.name, workspace_sources(VALIDATORS, id.name, "")?)?,
            output_validators: if problem.many_answers() {
                workspace_sources(OUTPUT_VALIDATORS, id.name, "")?
            } else {
                vec![]
            },
            checkers: if problem.many_answers() {
                workspace_sources(CHECKERS, id.name, "")?
            } else {
                vec![]
            },
            answer_validators: with_includes(
                ANSWER_VALIDATORS,
                id.name,
                workspace_sources(ANSWER_VALIDATORS, id.name, "")?,
            )?,
            generator: None,
        })
    }

    /// The note a Kattis package without an accepted submission needs: judges
    /// refuse such a package until one is added.
    pub fn missing_submission(&self) -> Option<String> {
        let accepted = self.submissions.iter().any(|s| s.name.starts_with("accepted/"));
        (!accepted).then(|| {
            format!(
                "{}: the package has no accepted submission, which judges require: add your solution's \
                 source to submissions/accepted/",
                self.name
            )
        })
    }
}

/// The files `<name>.*` of the workspace's `folder`, named `<prefix><file>` in the package.
pub(crate) fn workspace_sources(folder: &str, name: &str, prefix: &str) -> Result<Vec<Carried>> {
    let dir = config::workspace_root().join(folder);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Ok(vec![]);
    };
    let mut found = Vec::new();
    for entry in entries {
        let path = entry.with_context(|| format!("cannot read {}", dir.display()))?.path();
        if path.file_stem().is_some_and(|stem| stem == name) {
            let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
            let file = path.file_name().unwrap_or_default().to_string_lossy();
            found.push(Carried {
                name: format!("{prefix}{file}"),
                text,
            });
        }
    }
    // Directory order is the file system's: sorted, the package is the same bytes everywhere.
    found.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(found)
}

/// `sources` of the workspace's `folder`, with the files they `#include "..."`, and those
/// the included files include in turn, from it or from the input validators' folder (a shared
/// reader, as testlib.h is shared): then the validator is the folder `<name>/` holding them
/// all, which the judge builds as one program.
pub(crate) fn with_includes(folder: &str, name: &str, sources: Vec<Carried>) -> Result<Vec<Carried>> {
    let includes = |text: &str| -> Vec<String> {
        (text.lines())
            .filter_map(|l| Some(l.trim().strip_prefix("#include \"")?.strip_suffix('"')?.to_string()))
            .collect()
    };
    let mut wanted: Vec<String> = sources.iter().flat_map(|s| includes(&s.text)).collect();
    if wanted.is_empty() {
        return Ok(sources);
    }
    let root = config::workspace_root();
    let mut all: Vec<Carried> = sources
        .into_iter()
        .map(|s| Carried {
            name: format!("{name}/{}", s.name),
            text: s.text,
        })
        .collect();
    let mut found = std::collections::BTreeMap::new();
    while let Some(file) = wanted.pop() {
        if found.contains_key(&file) {
            continue;
        }
        let path = [folder, VALIDATORS]
            .map(|dir| root.join(dir).join(&file))
            .into_iter()
            .find(|path| path.is_file())
            .unwrap_or_else(|| root.join(folder).join(&file));
        let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
        wanted.extend(includes(&text));
        found.insert(file, text);
    }
    all.extend(found.into_iter().map(|(file, text)| Carried {
        name: format!("{name}/{file}"),
        text,
    }));
    Ok(all)
}

/// Drops each test whose input is an earlier test's, the first kept (so, in a
/// test set's order, a sample over a corpus entry over a random case): a judge
/// runs the same input once, and problemtools warns of identical inputs. Each
/// dropped test is named with the one it repeats, by `what`.
pub fn drop_duplicates<T>(tests: &mut Vec<T>, input: impl Fn(&T) -> &str, what: impl Fn(&T) -> &str) -> Vec<String> {
    let mut first = std::collections::HashMap::new();
    let mut dropped = Vec::new();
    let keep: Vec<bool> = (tests.iter().enumerate())
        .map(|(k, t)| match first.entry(input(t)) {
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(k);
                true
            }
            std::collections::hash_map::Entry::Occupied(kept) => {
                dropped.push(format!("{} repeats {}", what(t), what(&tests[*kept.get()])));
                false
            }
        })
        .collect();
    let mut keep = keep.into_iter();
    tests.retain(|_| keep.next().unwrap_or(true));
    dropped
}

/// The size over which problemtools warns of a test file ("may cause
/// performance issues"); judges refuse files of 1000 MiB.
pub const KATTIS_SIZE_WARNING: usize = 100 << 20;

/// A warning per test whose input or answer is over [`KATTIS_SIZE_WARNING`],
/// with its stem (`28`). Such a test is kept whole: it is a judge-size test as
/// large as the judge's guarantee allows (splitting it would test less).
pub fn size_warnings(name: &str, tests: &[Test]) -> Vec<String> {
    let stem = stems(tests.len());
    (tests.iter().enumerate())
        .filter(|(_, t)| t.input.len().max(t.answer.len()) > KATTIS_SIZE_WARNING)
        .map(|(k, t)| {
            format!(
                "warning: {name}: test {} is {}, over the 100 MiB at which Kattis tools warn of a test file \
                 (kept whole: {})",
                stem(k),
                crate::style::bytes(t.input.len().max(t.answer.len())),
                t.what
            )
        })
        .collect()
}

/// The progress line of [`drop_duplicates`]: how many tests it left out, and which.
pub fn duplicates_note(name: &str, dropped: &[String]) -> Option<String> {
    let (n, shown) = (dropped.len(), 3);
    let more = if n > shown {
        format!("; {} more", n - shown)
    } else {
        String::new()
    };
    (n > 0).then(|| {
        format!(
            "{name}: {n} duplicate test{} left out, the first kept ({}{more})",
            if n == 1 { "" } else { "s" },
            dropped[..n.min(shown)].join("; ")
        )
    })
}

/// The source file a command runs, when it is a file of `dir` with an
/// extension a judge can tell the language by: `sol.py` of `python3 sol.py`.
pub fn source_of(command: &str, dir: &Path) -> Option<(String, PathBuf)> {
    shlex::split(command)?
        .into_iter()
        .find_map(|word| source_file(&word, dir))
}

/// `gen` of `gen.py`: a file's name without its extension.
pub fn stem(file: &str) -> &str {
    file.rsplit_once('.').map_or(file, |(stem, _)| stem)
}

/// The source file one word of a command names, as [`source_of`] finds it: its name and path.
pub fn source_file(word: &str, dir: &Path) -> Option<(String, PathBuf)> {
    let path = dir.join(word);
    let inside = path.canonicalize().ok()?.starts_with(dir.canonicalize().ok()?);
    let name = path.file_name()?.to_str()?.to_string();
    (inside && path.is_file() && path.extension().is_some()).then_some((name, path))
}

/// The short name judges of the Kattis format require: `[a-z0-9]+`, the
/// name's letters (lower case) and digits (`tree-game` is `treegame`).
pub fn short_name(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

fn is_short_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

/// A Kattis package's folder is the problem's short name: an `--out` whose
/// last component is not `[a-z0-9]+` would be refused by every judge.
pub fn check_kattis_folder(out: &Path, name: &str) -> Result<()> {
    let target = resolved(out);
    let leaf = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if is_short_name(&leaf) {
        return Ok(());
    }
    let short = match short_name(name) {
        short if short.is_empty() => "a name of lower-case letters and digits".to_string(),
        short => format!("`{short}`"),
    };
    let suggested = target.with_file_name(short_name(name));
    bail!(
        "--out {}: a Kattis package's folder name is its problem's short name, which judges require to be \
         [a-z0-9]+: name the folder {short} (--out {})",
        out.display(),
        suggested.display()
    )
}

/// A version-8 UUID (RFC 9562: the bits are the maker's) from the problem's
/// name: the same name gives the same package, byte for byte.
fn uuid(name: &str) -> String {
    let high = crate::corpus::fnv1a(format!("gamestress problem {name}").as_bytes());
    let low = crate::corpus::fnv1a(format!("{name} gamestress problem").as_bytes());
    let high = (high & !0xf000) | 0x8000;
    let low = (low & !(0b11 << 62)) | (0b10 << 62);
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        high >> 32,
        (high >> 16) & 0xffff,
        high & 0xffff,
        low >> 48,
        low & 0xffff_ffff_ffff
    )
}

/// Writes `tests` into the empty folder `dir` in `layout`.
pub fn fill(about: &About, layout: Layout, tests: &[Test], dir: &Path) -> Result<()> {
    match layout {
        Layout::Flat => flat(tests, dir),
        Layout::Oj => oj(tests, dir),
        Layout::Polygon => crate::polygon::write_package(about, tests, dir),
        Layout::Kattis => kattis(about, tests, dir, Spec::V2023),
        Layout::Bapc => kattis(about, tests, dir, Spec::V2025),
    }
}

pub(crate) fn write(path: &Path, text: &str) -> Result<()> {
    sandbox::signals::check()?;
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
    }
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// `01`, `02`, ...: two digits, more when there are more tests.
pub(crate) fn stems(count: usize) -> impl Fn(usize) -> String {
    let width = count.to_string().len().max(2);
    move |k| format!("{:0width$}", k + 1)
}

fn flat(tests: &[Test], dir: &Path) -> Result<()> {
    let stem = stems(tests.len());
    for (k, t) in tests.iter().enumerate() {
        let s = stem(k);
        write(&dir.join(format!("{s}.in")), &t.input)?;
        write(&dir.join(format!("{s}.ans")), &t.answer)?;
        write(&dir.join(format!("{s}.desc")), &t.desc())?;
    }
    Ok(())
}

/// The `oj test` name of each test, in order.
pub fn oj_names(tests: &[Test]) -> Vec<String> {
    let (mut sample, mut random, mut hack) = (0, 0, 0);
    tests
        .iter()
        .map(|t| match t.group {
            Group::Sample => {
                sample += 1;
                format!("sample-{sample}")
            }
            Group::Corpus => {
                hack += 1;
                format!("hack-{hack:03}")
            }
            Group::Random | Group::JudgeSize => {
                random += 1;
                format!("random-{random:03}")
            }
        })
        .collect()
}

fn oj(tests: &[Test], dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for (t, name) in tests.iter().zip(oj_names(tests)) {
        write(&dir.join(format!("{name}.in")), &t.input)?;
        write(&dir.join(format!("{name}.out")), &t.answer)?;
    }
    Ok(())
}

/// Text for an XML attribute. XML 1.0 has no way to write most control
/// characters, even escaped, so they become spaces: the file stays well-formed.
pub(crate) fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A YAML double-quoted scalar: read back as this very string whatever it holds
/// (`null`, `no`, `-1`, `0x10` or `-` unquoted would be other values or invalid).
fn yaml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The version of the problem package format a Kattis layout is written in:
/// problemtools reads 2023-07 (and legacy) only, BAPCtools 2025-09 only, and
/// each refuses the other's `problem_format_version`, so one file cannot serve both.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Spec {
    /// problemtools' `verifyproblem`, DOMjudge: a Markdown statement and `.timelimit`.
    V2023,
    /// BAPCtools: a LaTeX statement (the only kind it reads) and no `.timelimit` (deprecated
    /// there).
    V2025,
}

fn kattis(about: &About, tests: &[Test], dir: &Path, spec: Spec) -> Result<()> {
    // Seconds, as a float even when whole: `1.0`, `1.5`.
    let secs = format!("{:?}", about.time_ms as f64 / 1000.0);
    let version = match spec {
        Spec::V2023 => "2023-07-draft",
        Spec::V2025 => "2025-09",
    };
    let mut yaml = format!("problem_format_version: {version}\n");
    if about.judging == Judging::Interactor {
        yaml.push_str("type: interactive\n");
    }
    let _ = writeln!(yaml, "name: {}", yaml_string(&about.title));
    let _ = writeln!(yaml, "uuid: {}", uuid(&about.name));
    let _ = writeln!(
        yaml,
        "limits:\n  time_limit: {secs}\n  memory: {}",
        about.memory_bytes >> 20
    );
    write(&dir.join("problem.yaml"), &yaml)?;
    if spec == Spec::V2023 {
        write(&dir.join(".timelimit"), &format!("{secs}\n"))?;
        write(&dir.join("statement").join("problem.en.md"), &about.statement)?;
    } else {
        let tex = crate::latex::statement(&about.title, &about.statement);
        write(&dir.join("statement").join("problem.en.tex"), &tex)?;
    }
    for (folder, files) in [
        ("submissions", &about.submissions),
        ("input_validators", &about.input_validators),
    ] {
        for file in files {
            write(&dir.join(folder).join(&file.name), &file.text)?;
        }
    }
    if spec == Spec::V2025 {
        // problemtools reads no answer validators; BAPCtools warns (and fails) without one.
        for file in &about.answer_validators {
            write(&dir.join("answer_validators").join(&file.name), &file.text)?;
        }
    }
    let stem = stems(tests.len());
    for (k, t) in tests.iter().enumerate() {
        let folder = dir
            .join("data")
            .join(if t.group == Group::Sample { "sample" } else { "secret" });
        let s = stem(k);
        write(&folder.join(format!("{s}.in")), &t.input)?;
        write(&folder.join(format!("{s}.ans")), &t.answer)?;
        write(&folder.join(format!("{s}.desc")), &t.desc())?;
    }
    if about.judging == Judging::Interactor {
        // The output validator is the interactor, built from its sources.
        for file in &about.output_validators {
            write(&dir.join("output_validator").join(&file.name), &file.text)?;
        }
    } else if about.judging == Judging::Harness && !about.output_validators.is_empty() {
        // 2023-07: the folder `output_validator/` is the validator, built from its sources.
        for file in &about.output_validators {
            write(&dir.join("output_validator").join(&file.name), &file.text)?;
        }
        if spec == Spec::V2025 {
            // The validator reads words as written (`LOSE`, not `lose`): said so, BAPCtools
            // expects no case-insensitivity of it (the default validator's).
            let group = "output_validator_args: [case_sensitive]\n";
            write(&dir.join("data").join("test_group.yaml"), group)?;
        }
    } else if about.judging == Judging::Harness {
        let run = dir.join("output_validator").join("harness_check").join("run");
        let script = format!(
            "#!/bin/sh\n# Kattis / DOMjudge output validator: `run INPUT ANSWER FEEDBACK_DIR < OUTPUT`.\n\
             # {name} has many valid answers: the workspace's own check judges each one from the rules.\n\
             exec \"${{HARNESS:-harness}}\" check --problem {name} --kattis \"$1\" \"$2\" \"$3\"\n",
            name = about.name
        );
        write(&run, &script)?;
        make_executable(&run)?;
    }
    Ok(())
}

fn make_executable(path: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .with_context(|| format!("cannot make {} executable", path.display()))
}

/// Paths an `--out` may never be, contain or lie inside: the corpus, every
/// top-level entry of the workspace that holds a file git tracks (its crates,
/// configs, examples, docs...), and the build's `target/` but for `target/tmp`,
/// the scratch folder cargo gives tests. Without git (a workspace from an
/// archive) every existing top-level entry counts: a list written here would
/// miss the next folder someone adds.
fn protected(corpus: &Path) -> Vec<PathBuf> {
    let root = config::workspace_root();
    let mut paths = vec![corpus.to_path_buf(), root.join("corpus"), root.join(".git")];
    paths.extend(tracked_tops(&root).into_iter().map(|name| root.join(name)));
    let build = root.join("target");
    paths.extend(
        std::fs::read_dir(&build)
            .into_iter()
            .flatten()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name() != "tmp")
            .map(|e| e.path()),
    );
    paths
}

/// Paths an `--out` may never be or contain, though it may lie inside them.
fn holders() -> Vec<PathBuf> {
    vec![config::workspace_root().join("target")]
}

/// The first component of each path git tracks under `root`, or of each
/// entry of `root` when git cannot tell.
fn tracked_tops(root: &Path) -> Vec<std::ffi::OsString> {
    use std::os::unix::ffi::OsStrExt;
    let listed = std::process::Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["ls-files", "-z"])
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .output();
    let mut tops: Vec<std::ffi::OsString> = match listed {
        Ok(out) if out.status.success() && !out.stdout.is_empty() => out
            .stdout
            .split(|&b| b == 0)
            .filter_map(|path| path.split(|&b| b == b'/').next())
            .filter(|top| !top.is_empty())
            .map(|top| std::ffi::OsStr::from_bytes(top).to_os_string())
            .collect(),
        _ => std::fs::read_dir(root)
            .map(|entries| entries.filter_map(|e| e.ok()).map(|e| e.file_name()).collect())
            .unwrap_or_default(),
    };
    tops.sort();
    tops.dedup();
    tops
}

/// `path` made absolute with its symlinks resolved, as far as it exists.
fn resolved(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(real) = existing.canonicalize() {
            return rest.iter().rev().fold(real, |p, part| p.join(part));
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = parent;
            }
            _ => return absolute,
        }
    }
}

/// Refuses an `--out` that is, holds or lies inside the corpus or the
/// workspace's tracked files ([`protected`]), or `sources` when given (a problem file's folder),
/// whatever `--force` says; and one that exists and is not an empty folder
/// unless forced.
pub fn check_destination(out: &Path, force: bool, corpus: &Path, sources: Option<&Path>) -> Result<()> {
    let target = resolved(out);
    // A problem file's own folder first: the message names it rather than the folder holding it.
    let inside_too = sources.map(Path::to_path_buf).into_iter().chain(protected(corpus));
    let guarded = inside_too
        .map(|dir| (dir, true))
        .chain(holders().into_iter().map(|dir| (dir, false)));
    for (dir, inside_too) in guarded {
        let dir = resolved(&dir);
        if (inside_too && target.starts_with(&dir)) || dir.starts_with(&target) {
            let how = if target == dir {
                "is"
            } else if target.starts_with(&dir) {
                "lies inside"
            } else {
                "contains"
            };
            bail!(
                "--out {} {how} {}, which this command must never replace (even with --force): \
                 choose a folder outside the corpus and the workspace's sources",
                out.display(),
                dir.display()
            );
        }
    }
    if out.exists() {
        if !out.is_dir() {
            bail!("{} exists and is not a folder: choose another --out", out.display());
        }
        let empty = std::fs::read_dir(out)
            .with_context(|| format!("cannot read {}", out.display()))?
            .next()
            .is_none();
        if !empty && !force {
            bail!(
                "{} exists and is not empty: choose another --out, or add --force to replace it",
                out.display()
            );
        }
    }
    Ok(())
}

/// Writes a folder whole or not at all: `fill` writes into a temporary folder
/// beside `out`, which then replaces `out`; on any failure the temporary
/// folder is removed and `out` is as it was. Call [`check_destination`] first.
pub fn write_folder(out: &Path, fill: impl FnOnce(&Path) -> Result<()>) -> Result<()> {
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent).with_context(|| format!("cannot create {}", parent.display()))?;
    let tmp = parent.join(format!(".{}.tmp{}", leaf(out), std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let result = std::fs::create_dir(&tmp)
        .with_context(|| format!("cannot create {}", tmp.display()))
        .and_then(|()| fill(&tmp))
        .and_then(|()| move_into_place(&tmp, out));
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    result
}

fn leaf(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned())
}

/// Renames `tmp` to `out`, replacing what `out` held (checked empty or forced before).
fn move_into_place(tmp: &Path, out: &Path) -> Result<()> {
    if out.exists() {
        let old = out.with_file_name(format!(".{}.old{}", leaf(out), std::process::id()));
        std::fs::rename(out, &old).with_context(|| format!("cannot move the old {} aside", out.display()))?;
        if let Err(e) = std::fs::rename(tmp, out) {
            let _ = std::fs::rename(&old, out);
            return Err(e).with_context(|| format!("cannot move the new files to {}", out.display()));
        }
        std::fs::remove_dir_all(&old).with_context(|| format!("cannot remove {}", old.display()))?;
    } else {
        std::fs::rename(tmp, out).with_context(|| format!("cannot move the new files to {}", out.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_quoted_so_that_yaml_reads_them_back_as_strings() {
        for plain in ["null", "true", "no", "-1", "0x10", "-", "a: b", "#x"] {
            assert_eq!(yaml_string(plain), format!("\"{plain}\""));
        }
        assert_eq!(yaml_string("a\"b\\c\u{1}d\n"), r#""a\"b\\c\u0001d\u000a""#);
    }

    #[test]
    fn short_names_are_lower_case_letters_and_digits() {
        assert_eq!(short_name("tree-game"), "treegame");
        assert_eq!(short_name("Nim_2.v"), "nim2v");
        assert!(is_short_name("treegame") && is_short_name("nim2"));
        assert!(!is_short_name("tree-game") && !is_short_name("Nim") && !is_short_name(""));
    }

    #[test]
    fn a_uuid_is_version_8_of_the_rfc_variant_and_one_per_name() {
        let id = uuid("tree-game");
        let groups: Vec<&str> = id.split('-').collect();
        assert_eq!(groups.iter().map(|g| g.len()).collect::<Vec<_>>(), [8, 4, 4, 4, 12]);
        assert!(groups[2].starts_with('8'), "{id}");
        assert!("89ab".contains(&groups[3][..1]), "{id}");
        assert_eq!(id, uuid("tree-game"));
        assert_ne!(id, uuid("treegame"));
    }

    #[test]
    fn xml_attributes_hold_no_markup_and_no_control_character() {
        assert_eq!(xml("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
        assert_eq!(xml("x\u{1}y\u{1b}z\n"), "x y z ");
    }

    fn test(group: Group) -> Test {
        Test {
            input: "1\n".into(),
            answer: "2\n".into(),
            group,
            by: "brute".into(),
            what: "x".into(),
            gen_args: None,
        }
    }

    #[test]
    fn a_repeated_input_is_dropped_and_the_first_kept() {
        let mut tests = vec![
            ("1\n", "sample 1"),
            ("2\n", "random 0"),
            ("1\n", "random 1"),
            ("2\n", "random 2"),
        ];
        let dropped = drop_duplicates(&mut tests, |t| t.0, |t| t.1);
        assert_eq!(tests, [("1\n", "sample 1"), ("2\n", "random 0")]);
        assert_eq!(dropped, ["random 1 repeats sample 1", "random 2 repeats random 0"]);
        let note = duplicates_note("nim", &dropped).unwrap();
        assert!(note.starts_with("nim: 2 duplicate tests left out"), "{note}");
        assert_eq!(duplicates_note("nim", &[]), None);
        let many: Vec<String> = (0..5).map(|k| format!("d{k}")).collect();
        assert!(duplicates_note("nim", &many).unwrap().ends_with("(d0; d1; d2; 2 more)"));
    }

    #[test]
    fn oj_names_number_each_group_apart() {
        let tests = [
            Group::Sample,
            Group::Sample,
            Group::Corpus,
            Group::Random,
            Group::JudgeSize,
            Group::Corpus,
        ]
        .map(test);
        assert_eq!(
            oj_names(&tests),
            [
                "sample-1",
                "sample-2",
                "hack-001",
                "random-001",
                "random-002",
                "hack-002"
            ]
        );
    }

    #[test]
    fn the_corpus_and_the_sources_are_never_a_destination() {
        let root = config::workspace_root();
        let corpus = std::env::temp_dir().join("package-test-corpus");
        for bad in [
            root.join("corpus"),
            root.join("corpus/nim"),
            root.join("harness/src/x"),
            root.clone(),
            root.parent().unwrap().to_path_buf(),
            corpus.clone(),
            corpus.join("tree-game"),
        ] {
            let e = check_destination(&bad, true, &corpus, None).unwrap_err().to_string();
            assert!(e.contains("must never replace"), "{}: {e}", bad.display());
        }
        let fine = std::env::temp_dir().join("package-test-out-that-does-not-exist");
        check_destination(&fine, false, &corpus, None).unwrap();
    }

    #[test]
    fn a_failed_fill_leaves_the_destination_and_no_temporary() {
        let root = std::env::temp_dir().join(format!("package-test-fail-{}", std::process::id()));
        let out = root.join("set");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("old.txt"), "old").unwrap();
        let e = write_folder(&out, |dir| {
            std::fs::write(dir.join("01.in"), "half")?;
            bail!("disk full")
        })
        .unwrap_err();
        assert_eq!(e.to_string(), "disk full");
        let left: Vec<_> = std::fs::read_dir(&root)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left, ["set"]);
        assert_eq!(std::fs::read_to_string(out.join("old.txt")).unwrap(), "old");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
