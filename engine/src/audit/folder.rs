//! A test set read back from a folder `harness testset` wrote, in any of its
//! layouts ([`crate::package`]): flat (`01.in`, `01.ans`, `01.desc`), oj
//! (`sample-1.in`, `sample-1.out`), Polygon (`problem.xml`, `tests/01`,
//! `tests/01.a`) or Kattis (`data/sample`, `data/secret`).
//!
//! Each test keeps its group (a judge sample, a corpus entry, a random or a
//! judge-size case), read from what the layout records: the folder (Kattis),
//! the name (oj), the `sample` attribute (Polygon), the description (flat and
//! Kattis, which `testset` begins with where the test came from). A test
//! without an answer file is an error: an audit judges against the answers.
//!
//! Complexity: one read of every file; the tests are held in memory.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::files::{self, Within};
use crate::package::{Group, Test};

/// The tests of the folder `dir`, in the layout's order, each with its name in the folder.
pub fn read(dir: &Path) -> Result<Vec<(String, Test)>> {
    if !dir.is_dir() {
        bail!(
            "--tests {}: no such folder: give a folder `harness testset` wrote",
            dir.display()
        );
    }
    let tests = if dir.join("problem.yaml").is_file() && dir.join("data").is_dir() {
        kattis(dir)?
    } else if dir.join("problem.xml").is_file() && dir.join("tests").is_dir() {
        polygon(dir)?
    } else {
        plain(dir)?
    };
    if tests.is_empty() {
        bail!(
            "--tests {}: not a test set: no `*.in` files (flat or oj), no `problem.xml` with `tests/` (Polygon), no \
             `problem.yaml` with `data/` (Kattis); write one with `harness testset --out DIR`",
            dir.display()
        );
    }
    Ok(tests)
}

/// The files of `dir` (not its folders), sorted by name.
fn listing(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).with_context(|| format!("cannot read the folder {}", dir.display()))? {
        let path = e
            .with_context(|| format!("cannot read the folder {}", dir.display()))?
            .path();
        if path.is_file() {
            out.push(path);
        }
    }
    out.sort();
    Ok(out)
}

fn text(path: &Path) -> Result<String> {
    files::read_text(path, Within::Anywhere, files::TEST)
}

/// The text of `answer`, the answer file of the test `input`; an error naming the test when
/// it is missing.
fn answer_of(input: &Path, answer: &Path) -> Result<String> {
    if !answer.is_file() {
        bail!(
            "{}: the test has no answer file ({} is missing): an audit judges against the answers; write the set \
             with `harness testset`, which answers every test",
            input.display(),
            answer.display()
        );
    }
    text(answer)
}

/// The group a description `testset` wrote says (`random: ...`, `judge size ...`, `corpus ...:
/// judge sample 1`).
fn group_of(desc: &str) -> Group {
    if desc.starts_with("random") {
        Group::Random
    } else if desc.starts_with("judge size") {
        Group::JudgeSize
    } else if desc.starts_with("corpus") && (desc.contains("sample") || desc.contains("example")) {
        Group::Sample
    } else {
        Group::Corpus
    }
}

fn test(input: String, answer: String, group: Group, what: String) -> Test {
    Test {
        input,
        answer,
        group,
        by: "the folder".into(),
        what,
        gen_args: None,
    }
}

/// Flat (`NN.in`, `NN.ans`, `NN.desc`) or oj (`NAME.in`, `NAME.out`) folders.
fn plain(dir: &Path) -> Result<Vec<(String, Test)>> {
    let mut out = Vec::new();
    for path in listing(dir)? {
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let stem = path.file_stem().unwrap_or_default().to_string_lossy().to_string();
        let (ans, out_file) = (path.with_extension("ans"), path.with_extension("out"));
        let answer = answer_of(&path, if out_file.is_file() { &out_file } else { &ans })?;
        let desc = path.with_extension("desc");
        let (group, what) = if desc.is_file() {
            let what = text(&desc)?.trim().to_string();
            (group_of(&what), what)
        } else {
            // oj's names say the group; a test of unknown origin counts as hand-made.
            let group = match stem.split('-').next() {
                Some("sample") => Group::Sample,
                Some("random") => Group::Random,
                _ => Group::Corpus,
            };
            (group, String::new())
        };
        out.push((stem, test(text(&path)?, answer, group, what)));
    }
    Ok(out)
}

/// A Kattis package: `data/sample` then `data/secret`, answers in `.ans`.
fn kattis(dir: &Path) -> Result<Vec<(String, Test)>> {
    let mut out = Vec::new();
    for folder in ["sample", "secret"] {
        let sub = dir.join("data").join(folder);
        if !sub.is_dir() {
            continue;
        }
        for path in listing(&sub)? {
            if path.extension().is_none_or(|e| e != "in") {
                continue;
            }
            let stem = path.file_stem().unwrap_or_default().to_string_lossy().to_string();
            let answer = answer_of(&path, &path.with_extension("ans"))?;
            let desc = path.with_extension("desc");
            let what = if desc.is_file() {
                text(&desc)?.trim().to_string()
            } else {
                String::new()
            };
            let group = if folder == "sample" {
                Group::Sample
            } else {
                match group_of(&what) {
                    Group::Sample => Group::Corpus,
                    g => g,
                }
            };
            out.push((format!("{folder}/{stem}"), test(text(&path)?, answer, group, what)));
        }
    }
    Ok(out)
}

/// A Polygon package: `tests/NN` and `tests/NN.a`, the samples marked in `problem.xml`.
fn polygon(dir: &Path) -> Result<Vec<(String, Test)>> {
    let xml = text(&dir.join("problem.xml"))?;
    let marks: Vec<(bool, String)> = xml
        .lines()
        .filter(|l| l.trim_start().starts_with("<test "))
        .map(|l| (l.contains("sample=\"true\""), attribute(l, "description")))
        .collect();
    let mut out = Vec::new();
    for path in listing(&dir.join("tests"))? {
        let stem = path.file_name().unwrap_or_default().to_string_lossy().to_string();
        let Ok(k) = stem.parse::<usize>() else {
            continue;
        };
        let answer = answer_of(&path, &dir.join("tests").join(format!("{stem}.a")))?;
        let (sample, what) = marks.get(k.wrapping_sub(1)).cloned().unwrap_or_default();
        let group = match group_of(&what) {
            _ if sample => Group::Sample,
            Group::Sample => Group::Corpus,
            g => g,
        };
        out.push((stem, test(text(&path)?, answer, group, what)));
    }
    Ok(out)
}

/// The value of `name="..."` in an XML line, unescaped as `package` escapes it.
fn attribute(line: &str, name: &str) -> String {
    let key = format!("{name}=\"");
    let Some(start) = line.find(&key).map(|k| k + key.len()) else {
        return String::new();
    };
    let rest = &line[start..];
    let raw = &rest[..rest.find('"').unwrap_or(rest.len())];
    raw.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_name_their_group() {
        assert_eq!(group_of("random: configs/nim.toml case 3"), Group::Random);
        assert_eq!(group_of("judge size `max`: ..."), Group::JudgeSize);
        assert_eq!(group_of("corpus nim/a.toml: judge sample 1"), Group::Sample);
        assert_eq!(group_of("corpus nim/b.toml: mismatch"), Group::Corpus);
    }

    #[test]
    fn attributes_unescape() {
        assert_eq!(
            attribute(
                r#"<test method="manual" description="a &lt;b&gt; &amp; c"/>"#,
                "description"
            ),
            "a <b> & c"
        );
        assert_eq!(attribute("<test/>", "description"), "");
    }
}
