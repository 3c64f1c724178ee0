//! `--format polygon`: a Polygon package as Polygon exports it and as `p2d`
//! (the Polygon-to-DOMjudge converter) reads it, self-contained: nothing in it
//! calls the harness (Polygon's invokers run Windows).
//!
//! - `problem.xml`: names, the statement, the testset `tests` (time limit in
//!   ms, memory limit in bytes, path patterns, each test's method, sample flag
//!   and description), the resources, and the assets: the checker, the
//!   validator and the solutions, each with its source.
//! - `files/testlib.h` (testlib 0.9.45, MIT, vendored in `gen/testlib/`) and
//!   `files/check.cpp`: testlib's standard `wcmp.cpp` (tokens compared) where
//!   the answer is unique, the problem's own testlib checker
//!   (`gen/checkers/<problem>.cpp`, or a problem file's `checker` source) where
//!   it is not.
//! - `files/validator.cpp`: testlib's validator convention (exit 0 on a valid
//!   input) around the problem's strict input validator of the Kattis package,
//!   which it includes with the shared reader (`STRICT_INPUT_TESTLIB` makes a
//!   refusal testlib's own verdict).
//! - `files/interactor.cpp`, for an interactive game: its self-contained interactor in testlib's
//!   convention ([`crate::package_interactive`]), which records the side the player chose for
//!   the token checker.
//! - `solutions/`: the submissions, the first accepted one tagged `main`.
//! - `statements/english/problem.tex`: the statement in Polygon's `problem`
//!   environment.
//! - `tests/01`, `tests/01.a`, ...
//!
//! Reference: a package as Polygon exports it (`problem.xml`), testlib's
//! `registerValidation` and `registerTestlibCmd`, p2d's reading of
//! `assets/checker[source]` and `assets/solutions/solution[@tag]`.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Result;

use crate::package::{write, xml, About, Carried, Group, Judging, Test};

/// testlib, which every testlib program of the package includes.
const TESTLIB: &str = include_str!("../../gen/testlib/testlib.h");
/// testlib's standard checker for unique answers: tokens compared.
const WCMP: &str = include_str!("../../gen/testlib/wcmp.cpp");
/// How Polygon names the C++ compiler of its sources.
const CPP: &str = "cpp.g++17";

/// Writes the package of `about` with `tests` into the empty folder `dir`.
pub fn write_package(about: &About, tests: &[Test], dir: &Path) -> Result<()> {
    let files = dir.join("files");
    let mut resources = vec![("testlib.h".to_string(), "h.g++")];
    write(&files.join("testlib.h"), TESTLIB)?;
    let checker = match (about.judging, about.checkers.first()) {
        // An interactive game's interactor writes the side the player chose; tokens compared.
        (Judging::Tokens | Judging::Interactor, _) => Some(("std::wcmp.cpp", WCMP)),
        (_, Some(own)) => Some(("check.cpp", own.text.as_str())),
        (_, None) => None,
    };
    if let Some((_, source)) = checker {
        write(&files.join("check.cpp"), source)?;
    }
    let validator = strict_validator(&about.input_validators);
    if let Some((main, all)) = &validator {
        for file in all.iter() {
            let name = leaf(&file.name);
            write(&files.join(name), &file.text)?;
            resources.push((name.to_string(), if name.ends_with(".h") { "h.g++" } else { CPP }));
        }
        write(&files.join("validator.cpp"), &wrapper(&about.name, main))?;
    }
    let interactor = (about.judging == Judging::Interactor)
        .then(|| crate::package_interactive::testlib_interactor(&about.name, &about.output_validators))
        .flatten();
    if let Some(source) = &interactor {
        write(&files.join("interactor.cpp"), source)?;
    }
    let solutions = solutions(&about.submissions);
    for (file, _) in &solutions {
        write(&dir.join("solutions").join(leaf(&file.name)), &file.text)?;
    }
    let statement = statement(about);
    write(&dir.join("statements").join("english").join("problem.tex"), &statement)?;

    let mut x = String::from("<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n");
    let _ = writeln!(x, "<problem revision=\"1\" short-name=\"{}\">", xml(&about.name));
    let _ = writeln!(
        x,
        "  <names>\n    <name language=\"english\" value=\"{}\"/>\n  </names>",
        xml(&about.title)
    );
    x.push_str(
        "  <statements>\n    <statement charset=\"UTF-8\" language=\"english\" \
         path=\"statements/english/problem.tex\" type=\"application/x-tex\"/>\n  </statements>\n",
    );
    testset(&mut x, about, tests, dir)?;
    x.push_str("  <files>\n    <resources>\n");
    for (name, kind) in &resources {
        let _ = writeln!(x, "      <file path=\"files/{}\" type=\"{kind}\"/>", xml(name));
    }
    x.push_str("    </resources>\n  </files>\n  <assets>\n");
    if let Some((name, _)) = checker {
        let _ = writeln!(
            x,
            "    <checker name=\"{name}\" type=\"testlib\">\n      <source path=\"files/check.cpp\" \
             type=\"{CPP}\"/>\n    </checker>"
        );
    }
    if interactor.is_some() {
        let _ = writeln!(
            x,
            "    <interactor>\n      <source path=\"files/interactor.cpp\" type=\"{CPP}\"/>\n    </interactor>"
        );
    }
    if validator.is_some() {
        let _ = writeln!(
            x,
            "    <validators>\n      <validator>\n        <source path=\"files/validator.cpp\" \
             type=\"{CPP}\"/>\n      </validator>\n    </validators>"
        );
    }
    if !solutions.is_empty() {
        x.push_str("    <solutions>\n");
        for (file, tag) in &solutions {
            let name = leaf(&file.name);
            let _ = writeln!(
                x,
                "      <solution tag=\"{tag}\">\n        <source path=\"solutions/{}\" type=\"{}\"/>\n      </solution>",
                xml(name),
                language(name)
            );
        }
        x.push_str("    </solutions>\n");
    }
    x.push_str("  </assets>\n</problem>\n");
    write(&dir.join("problem.xml"), &x)
}

/// The testset `tests` of `problem.xml`, and its files.
fn testset(x: &mut String, about: &About, tests: &[Test], dir: &Path) -> Result<()> {
    x.push_str("  <judging input-file=\"\" output-file=\"\">\n    <testset name=\"tests\">\n");
    let _ = writeln!(x, "      <time-limit>{}</time-limit>", about.time_ms);
    let _ = writeln!(x, "      <memory-limit>{}</memory-limit>", about.memory_bytes);
    let _ = writeln!(x, "      <test-count>{}</test-count>", tests.len());
    x.push_str("      <input-path-pattern>tests/%02d</input-path-pattern>\n");
    x.push_str("      <answer-path-pattern>tests/%02d.a</answer-path-pattern>\n      <tests>\n");
    let stem = |k: usize| format!("{:02}", k + 1);
    for (k, t) in tests.iter().enumerate() {
        let method = match t.group {
            Group::Sample | Group::Corpus => "manual",
            Group::Random | Group::JudgeSize => "generated",
        };
        let sample = if t.group == Group::Sample {
            " sample=\"true\""
        } else {
            ""
        };
        let _ = writeln!(
            x,
            "        <test method=\"{method}\"{sample} description=\"{}\"/>",
            xml(format!("{} (answered by {})", t.what, t.by).trim())
        );
        write(&dir.join("tests").join(stem(k)), &t.input)?;
        write(&dir.join("tests").join(format!("{}.a", stem(k))), &t.answer)?;
    }
    x.push_str("      </tests>\n    </testset>\n  </judging>\n");
    Ok(())
}

/// The strict C++ validator among `validators` (one that includes the shared reader
/// `strict_input.h`, exit 42 on a valid input): its file name, and every file it is built from.
fn strict_validator(validators: &[Carried]) -> Option<(String, &[Carried])> {
    let main = validators
        .iter()
        .find(|v| v.name.ends_with(".cpp") && v.text.contains("#include \"strict_input.h\""))?;
    Some((leaf(&main.name).to_string(), validators))
}

/// The testlib validator around the strict one, `main`.
fn wrapper(problem: &str, main: &str) -> String {
    format!(
        "// {problem}'s validator in testlib's convention (exit 0: valid), for Polygon: the strict validator\n\
         // {main} of the Kattis package (exit 42: valid), its refusals made testlib's own verdict.\n\
         #include \"testlib.h\"\n\
         #define STRICT_INPUT_TESTLIB\n\
         #define main strict_validator\n\
         #include \"{main}\"\n\
         #undef main\n\n\
         int main(int argc, char *argv[]) {{\n    \
             registerValidation(argc, argv);\n    \
             if (strict_validator() != 42) quitf(_fail, \"the strict validator ended without its verdict\");\n    \
             inf.readEof();\n\
         }}\n"
    )
}

/// Each submission with its Polygon tag: the first accepted one `main`.
fn solutions(submissions: &[Carried]) -> Vec<(&Carried, &'static str)> {
    let mut main_given = false;
    submissions
        .iter()
        .map(|s| {
            let verdict = s.name.split('/').next().unwrap_or_default();
            let tag = match verdict {
                "accepted" if !main_given => {
                    main_given = true;
                    "main"
                }
                "accepted" => "accepted",
                "wrong_answer" => "wrong-answer",
                "time_limit_exceeded" => "time-limit-exceeded",
                _ => "rejected",
            };
            (s, tag)
        })
        .collect()
}

/// Polygon's name of a source's language, by its extension.
fn language(file: &str) -> &'static str {
    match file.rsplit('.').next().unwrap_or_default() {
        "c" => "c.gcc",
        "py" => "python.3",
        "java" => "java11",
        "rs" => "rust",
        "kt" => "kotlin",
        _ => CPP,
    }
}

/// The file name of a path inside a package folder (`nim/strict_input.h`).
fn leaf(name: &str) -> &str {
    name.rsplit('/').next().unwrap_or(name)
}

/// The statement in Polygon's `problem` environment (olymp.sty): title, files, limits, body.
fn statement(about: &About) -> String {
    let seconds = about.time_ms as f64 / 1000.0;
    let unit = if seconds == 1.0 { "second" } else { "seconds" };
    format!(
        "\\begin{{problem}}{{{}}}{{standard input}}{{standard output}}{{{seconds} {unit}}}{{{} megabytes}}\n\n{}\n\\end{{problem}}\n",
        crate::latex::text(&about.title),
        about.memory_bytes >> 20,
        crate::latex::body(&about.statement)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn carried(name: &str, text: &str) -> Carried {
        Carried {
            name: name.into(),
            text: text.into(),
        }
    }

    #[test]
    fn the_first_accepted_solution_is_main_and_others_keep_their_verdict() {
        let subs = [
            carried("accepted/a.cpp", ""),
            carried("accepted/b.py", ""),
            carried("wrong_answer/c.cpp", ""),
        ];
        let tags: Vec<_> = solutions(&subs).into_iter().map(|(s, t)| (leaf(&s.name), t)).collect();
        assert_eq!(
            tags,
            [("a.cpp", "main"), ("b.py", "accepted"), ("c.cpp", "wrong-answer")]
        );
        assert_eq!(language("b.py"), "python.3");
        assert_eq!(language("a.cpp"), CPP);
    }

    #[test]
    fn only_a_validator_on_the_strict_reader_is_wrapped() {
        let strict = [
            carried("nim/nim.cpp", "#include \"strict_input.h\"\nint main() {}"),
            carried("nim/strict_input.h", "#pragma once"),
        ];
        let (main, all) = strict_validator(&strict).unwrap();
        assert_eq!((main.as_str(), all.len()), ("nim.cpp", 2));
        assert!(strict_validator(&[carried("val.py", "import sys")]).is_none());
        let w = wrapper("nim", "nim.cpp");
        assert!(w.find("#include \"testlib.h\"") < w.find("#include \"nim.cpp\""), "{w}");
        assert!(w.contains("registerValidation") && w.contains("inf.readEof()"), "{w}");
    }
}
