//! `harness testset --submission PATH[=VERDICT]`: the solutions a judge
//! package carries beside the reference, each under the verdict it must get,
//! so that the judge proves the tests on them (`verifyproblem`, `bt run`,
//! Polygon's invocations): `submissions/<verdict>/` of a Kattis package, a
//! `<solution>` with its tag in a Polygon package ([`crate::polygon`] reads
//! the tag from the folder).
//!
//! A submission is one source file a judge builds alone, read as it is; its
//! verdict is one of the four folders of the Kattis format (Polygon has no tag
//! for a run-time error alone: such a submission is `rejected` there).
//!
//! Reference: the Kattis problem package format, `submissions/`; Polygon's
//! solution tags as `p2d` maps them.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::package::{About, Carried, Layout};

/// The verdict a submission must get, by its Kattis folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    TimeLimitExceeded,
    RunTimeError,
}

impl Verdict {
    const ALL: [Verdict; 4] = [
        Verdict::Accepted,
        Verdict::WrongAnswer,
        Verdict::TimeLimitExceeded,
        Verdict::RunTimeError,
    ];

    /// Its folder under `submissions/`.
    pub fn folder(self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::WrongAnswer => "wrong_answer",
            Verdict::TimeLimitExceeded => "time_limit_exceeded",
            Verdict::RunTimeError => "run_time_error",
        }
    }

    /// The short name judges print (`WA`), also accepted on the command line.
    fn short(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::TimeLimitExceeded => "TLE",
            Verdict::RunTimeError => "RTE",
        }
    }

    fn named(name: &str) -> Option<Verdict> {
        Verdict::ALL
            .into_iter()
            .find(|v| v.folder() == name || v.short().eq_ignore_ascii_case(name))
    }
}

/// One `--submission`: a source file and the verdict it must get.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    pub path: PathBuf,
    pub verdict: Verdict,
}

/// `PATH[=VERDICT]` as typed (the verdict `accepted` when none is given); a path that holds
/// `=` itself is read whole when it names a file. The file must exist.
pub fn parse(arg: &str) -> Result<Submission, String> {
    let (path, verdict) = match arg.rsplit_once('=') {
        Some((path, verdict)) if !Path::new(arg).is_file() => {
            let verdict = Verdict::named(verdict).ok_or_else(|| {
                let names: Vec<&str> = Verdict::ALL.iter().map(|v| v.folder()).collect();
                format!("unknown verdict `{verdict}`: give one of {}", names.join(", "))
            })?;
            (path, verdict)
        }
        _ => (arg, Verdict::Accepted),
    };
    let path = PathBuf::from(path);
    if !path.is_file() {
        return Err(format!(
            "{}: no such file: give the source file of a solution (`x.cpp`, `x.py`), then `=VERDICT` if it \
             is not accepted",
            path.display()
        ));
    }
    if path.extension().is_none() {
        return Err(format!(
            "{}: a judge tells a source's language by its extension (`.cpp`, `.py`, `.rs`): this file has none",
            path.display()
        ));
    }
    Ok(Submission { path, verdict })
}

/// Adds `submissions` to what the package of `about` carries; refused for a layout that carries
/// nothing but tests.
pub(crate) fn add(about: &mut About, layout: Layout, submissions: &[Submission]) -> Result<()> {
    if submissions.is_empty() {
        return Ok(());
    }
    if matches!(layout, Layout::Flat | Layout::Oj) {
        bail!(
            "--submission: --format {} holds only tests: give --format kattis, bapc or polygon to carry \
             submissions",
            if layout == Layout::Oj { "oj" } else { "flat" }
        );
    }
    let added = carried(submissions, &about.submissions)?;
    about.submissions.extend(added);
    Ok(())
}

/// The submissions read, each named `<verdict>/<file name>` as a package carries it. Two of
/// one file name are refused: a Polygon package keeps every solution in one folder.
pub(crate) fn carried(submissions: &[Submission], already: &[Carried]) -> Result<Vec<Carried>> {
    let mut out: Vec<Carried> = Vec::with_capacity(submissions.len());
    for s in submissions {
        let file = s.path.file_name().unwrap_or_default().to_string_lossy().into_owned();
        let leaf = |c: &Carried| c.name.rsplit('/').next() == Some(file.as_str());
        if let Some(taken) = already.iter().chain(&out).find(|c| leaf(c)) {
            bail!(
                "--submission {}: the package already has a submission named {file} ({}): rename one of them \
                 (a Polygon package keeps every solution in one folder)",
                s.path.display(),
                taken.name
            );
        }
        let text = std::fs::read_to_string(&s.path).with_context(|| format!("--submission {}", s.path.display()))?;
        out.push(Carried {
            name: format!("{}/{file}", s.verdict.folder()),
            text,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch_file(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("submission-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, "int main() {}\n").unwrap();
        path
    }

    #[test]
    fn a_verdict_follows_the_last_equals_sign_and_defaults_to_accepted() {
        let file = scratch_file("wa.cpp");
        let shown = file.display().to_string();
        assert_eq!(parse(&shown).unwrap().verdict, Verdict::Accepted);
        assert_eq!(
            parse(&format!("{shown}=wrong_answer")).unwrap().verdict,
            Verdict::WrongAnswer
        );
        assert_eq!(
            parse(&format!("{shown}=TLE")).unwrap().verdict,
            Verdict::TimeLimitExceeded
        );
        assert_eq!(parse(&format!("{shown}=run_time_error")).unwrap().path, file);
        let e = parse(&format!("{shown}=slow")).unwrap_err();
        assert!(
            e.contains("unknown verdict `slow`") && e.contains("time_limit_exceeded"),
            "{e}"
        );
        let e = parse("no-such-file.cpp=wrong_answer").unwrap_err();
        assert!(e.contains("no-such-file.cpp: no such file"), "{e}");
        // A file whose name holds `=` is read whole.
        let odd = scratch_file("a=b.cpp");
        assert_eq!(parse(&odd.display().to_string()).unwrap().path, odd);
    }

    #[test]
    fn each_goes_under_its_verdict_and_a_repeated_file_name_is_refused() {
        let file = scratch_file("greedy.cpp");
        let wrong = Submission {
            path: file.clone(),
            verdict: Verdict::WrongAnswer,
        };
        let carried_now = carried(std::slice::from_ref(&wrong), &[]).unwrap();
        assert_eq!(carried_now[0].name, "wrong_answer/greedy.cpp");
        assert_eq!(carried_now[0].text, "int main() {}\n");
        let Err(e) = carried(&[wrong.clone(), wrong], &[]) else {
            panic!("two submissions named greedy.cpp were both carried");
        };
        let e = e.to_string();
        assert!(e.contains("already has a submission named greedy.cpp"), "{e}");
    }

    #[test]
    fn a_package_with_only_wrong_submissions_still_needs_an_accepted_one() {
        let mut about = About {
            name: "nim".into(),
            title: "nim".into(),
            time_ms: 1000,
            memory_bytes: 1 << 28,
            judging: crate::package::Judging::Tokens,
            statement: String::new(),
            submissions: vec![],
            input_validators: vec![],
            output_validators: vec![],
            checkers: vec![],
            answer_validators: vec![],
            generator: None,
        };
        let wrong = Submission {
            path: scratch_file("always-yes.cpp"),
            verdict: Verdict::WrongAnswer,
        };
        add(&mut about, Layout::Kattis, &[wrong]).unwrap();
        assert!(about.missing_submission().is_some());
        let right = Submission {
            path: scratch_file("nim.cpp"),
            verdict: Verdict::Accepted,
        };
        add(&mut about, Layout::Polygon, &[right]).unwrap();
        assert_eq!(about.missing_submission(), None);
        // Only a submission given is refused by a layout of tests alone.
        add(&mut about, Layout::Oj, &[]).unwrap();
        let stray = Submission {
            path: scratch_file("stray.cpp"),
            verdict: Verdict::Accepted,
        };
        let Err(e) = add(&mut about, Layout::Oj, &[stray]) else {
            panic!("an oj folder took a submission");
        };
        assert!(e.to_string().contains("--format oj holds only tests"), "{e}");
    }
}
