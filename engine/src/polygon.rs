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
//!   refusal testlib's own verdict). A problem without one (a problem file) gets
//!   its checktestdata spec translated into testlib
//!   ([`crate::own::spec::testlib`]); its validator programs are not carried
//!   (their exit codes are their own convention, not testlib's), and the progress
//!   says so ([`validator_note`]), as it says why a package has no validator at all.
//! - `files/gen.py` (a problem file's generator, when its `gen` runs a source
//!   file of its folder), among `<executables>`: each test it made is
//!   `method="generated"` with the `cmd` that makes it again (`gen 17 8 100`,
//!   the generator's name and the test's arguments), its input file kept too,
//!   as Polygon exports both. Every other test is `method="manual"`: samples,
//!   corpus entries, and all tests of a built-in problem (made by the Rust
//!   generators, which no package carries) or of a problem file whose spec
//!   makes its inputs.
//! - `files/interactor.cpp`, for an interactive game: its self-contained interactor in testlib's
//!   convention ([`crate::package_interactive`]), which records the side the player chose for
//!   the token checker.
//! - `solutions/`: the submissions, the first accepted one tagged `main`.
//! - `statements/english/problem.tex`: the statement in Polygon's `problem`
//!   environment.
//! - `tests/01`, `tests/01.a`, ...
//!
//! Reference: a package as Polygon exports it (`problem.xml`, its
//! `files/executables` and tests' `cmd`), testlib's `registerValidation` and
//! `registerTestlibCmd`, p2d's reading of `assets/checker[source]` and
//! `assets/solutions/solution[@tag]` (it reads no validator or executable, and
//! a test's `cmd` only into its description).

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
    let validator = validator(about);
    match &validator {
        Validator::Strict(main, all) => {
            for file in all.iter() {
                let name = leaf(&file.name);
                write(&files.join(name), &file.text)?;
                resources.push((name.to_string(), if name.ends_with(".h") { "h.g++" } else { CPP }));
            }
            write(&files.join("validator.cpp"), &wrapper(&about.name, main))?;
        }
        Validator::Translated { source, .. } => write(&files.join("validator.cpp"), source)?,
        Validator::Missing(_) => {}
    }
    if let Some(generator) = &about.generator {
        write(&files.join(leaf(&generator.name)), &generator.text)?;
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
    x.push_str("    </resources>\n");
    if let Some(generator) = &about.generator {
        let name = leaf(&generator.name);
        let _ = writeln!(
            x,
            "    <executables>\n      <executable>\n        <source path=\"files/{}\" type=\"{}\"/>\n      \
             </executable>\n    </executables>",
            xml(name),
            language_of(name).unwrap_or(CPP)
        );
    }
    x.push_str("  </files>\n  <assets>\n");
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
    if !matches!(validator, Validator::Missing(_)) {
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
                language_of(name).unwrap_or(CPP)
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
        let method = match command(about, t) {
            Some(cmd) => format!("method=\"generated\" cmd=\"{}\"", xml(&cmd)),
            None => "method=\"manual\"".to_string(),
        };
        let sample = if t.group == Group::Sample {
            " sample=\"true\""
        } else {
            ""
        };
        let _ = writeln!(
            x,
            "        <test {method}{sample} description=\"{}\"/>",
            xml(format!("{} (answered by {})", t.what, t.by).trim())
        );
        write(&dir.join("tests").join(stem(k)), &t.input)?;
        write(&dir.join("tests").join(format!("{}.a", stem(k))), &t.answer)?;
    }
    x.push_str("      </tests>\n    </testset>\n  </judging>\n");
    Ok(())
}

/// Polygon's `cmd` of `test`: the generator's name and the test's arguments (`gen 17 8 100`), when
/// the package carries the generator and the test has them.
fn command(about: &About, test: &Test) -> Option<String> {
    let generator = about.generator.as_ref()?;
    let name = leaf(&generator.name);
    let stem = crate::package::stem(name);
    let args = test.gen_args.as_ref()?;
    Some(
        std::iter::once(stem)
            .chain(args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" "),
    )
}

/// The package's input validator.
enum Validator<'a> {
    /// The strict C++ validator of the Kattis package, wrapped: its file name, and every file it
    /// is built from.
    Strict(String, &'a [Carried]),
    /// A checktestdata spec translated into testlib: the spec's name, and the program.
    Translated { spec: &'a str, source: String },
    /// None: why.
    Missing(String),
}

/// The validator of `about`: its strict C++ one, else its checktestdata spec translated, else none.
fn validator(about: &About) -> Validator<'_> {
    if let Some((main, all)) = strict_validator(&about.input_validators) {
        return Validator::Strict(main, all);
    }
    let (specs, programs): (Vec<&Carried>, Vec<&Carried>) =
        about.input_validators.iter().partition(|v| v.name.ends_with(".ctd"));
    if let Some(spec) = specs.first() {
        return match crate::own::spec::testlib::validator(&spec.text, leaf(&spec.name)) {
            Ok(source) => Validator::Translated {
                spec: leaf(&spec.name),
                source,
            },
            Err(why) => Validator::Missing(format!("its spec cannot be translated into testlib: {why}")),
        };
    }
    Validator::Missing(match programs.as_slice() {
        [] => "the problem has neither a testlib validator nor a checktestdata spec to translate into one".into(),
        programs => format!(
            "the problem has no checktestdata spec to translate into testlib, and its validator ({}) is a \
             program in its own convention, which Polygon does not run (testlib's: exit 0 on a valid input)",
            names(programs)
        ),
    })
}

/// What the progress says of the package's validator, when it is not the problem's whole
/// validation: none at all, or the spec alone without the problem's validator programs.
pub fn validator_note(about: &About) -> Option<String> {
    let name = &about.name;
    match validator(about) {
        Validator::Strict(..) => None,
        Validator::Missing(why) => Some(format!(
            "{name}: the Polygon package has no validator: {why}; add one by hand (testlib's `registerValidation`)"
        )),
        Validator::Translated { spec, .. } => {
            let programs: Vec<&Carried> = (about.input_validators.iter())
                .filter(|v| !v.name.ends_with(".ctd"))
                .collect();
            (!programs.is_empty()).then(|| {
                format!(
                    "{name}: the Polygon package's validator is {spec} translated into testlib; {} is left out \
                     (a program in its own convention, which Polygon does not run): the spec must say all it checks",
                    names(&programs)
                )
            })
        }
    }
}

/// `a.py`, `b.py`: the file names of `files`.
fn names(files: &[&Carried]) -> String {
    let names: Vec<String> = files.iter().map(|f| format!("`{}`", leaf(&f.name))).collect();
    names.join(", ")
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

/// Polygon's name of a source's language, by its extension; none for one Polygon does not build.
pub fn language_of(file: &str) -> Option<&'static str> {
    Some(match file.rsplit_once('.')?.1 {
        "cpp" | "cc" | "cxx" => CPP,
        "c" => "c.gcc",
        "py" => "python.3",
        "java" => "java11",
        "rs" => "rust",
        "kt" => "kotlin",
        _ => return None,
    })
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
        assert_eq!(language_of("b.py"), Some("python.3"));
        assert_eq!(language_of("a.cpp"), Some(CPP));
        assert_eq!(language_of("gen.sh"), None);
        assert_eq!(language_of("gen"), None);
    }

    fn about(validators: Vec<Carried>) -> About {
        About {
            name: "euclid".into(),
            title: "euclid".into(),
            time_ms: 1000,
            memory_bytes: 1 << 28,
            judging: Judging::Tokens,
            statement: String::new(),
            submissions: vec![],
            input_validators: validators,
            output_validators: vec![],
            checkers: vec![],
            answer_validators: vec![],
            generator: None,
        }
    }

    #[test]
    fn a_spec_is_translated_where_no_strict_validator_is_and_the_rest_is_said() {
        let spec = "INT(1, 9, n) NEWLINE\n";
        let translated = about(vec![carried("euclid.ctd", spec)]);
        assert!(matches!(
            validator(&translated),
            Validator::Translated { spec: "euclid.ctd", .. }
        ));
        assert_eq!(validator_note(&translated), None);
        let beside = about(vec![carried("val.py", "import sys"), carried("euclid.ctd", spec)]);
        let note = validator_note(&beside).unwrap();
        assert!(
            note.starts_with(
                "euclid: the Polygon package's validator is euclid.ctd translated into testlib; `val.py` is left out"
            ),
            "{note}"
        );
        let program = about(vec![carried("val.py", "import sys")]);
        let note = validator_note(&program).unwrap();
        assert!(
            note.starts_with("euclid: the Polygon package has no validator: the problem has no checktestdata spec")
                && note.contains("(`val.py`)"),
            "{note}"
        );
        let untranslatable = about(vec![carried("e.ctd", "INT(1, 9) INT(1, 9)")]);
        let note = validator_note(&untranslatable).unwrap();
        assert!(
            note.contains("its spec cannot be translated into testlib: e.ctd:1:11: this INT may follow"),
            "{note}"
        );
        assert!(validator_note(&about(vec![]))
            .unwrap()
            .contains("neither a testlib validator nor a checktestdata spec"));
    }

    #[test]
    fn a_generated_test_has_a_cmd_only_with_its_generator_and_arguments() {
        let mut with = about(vec![]);
        let test = |args: Option<&[&str]>| Test {
            input: "1\n".into(),
            answer: "1\n".into(),
            group: Group::Random,
            by: "brute".into(),
            what: "random".into(),
            gen_args: args.map(|a| a.iter().map(|s| s.to_string()).collect()),
        };
        assert_eq!(command(&with, &test(Some(&["17", "8"]))), None, "no generator carried");
        with.generator = Some(carried("gen.py", "print(1)"));
        assert_eq!(
            command(&with, &test(Some(&["17", "8", "100"]))).as_deref(),
            Some("gen 17 8 100")
        );
        assert_eq!(command(&with, &test(Some(&[]))).as_deref(), Some("gen"));
        assert_eq!(command(&with, &test(None)), None);
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
