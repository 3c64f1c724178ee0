//! A user's checker (`--checker CMD`), in one of two conventions
//! (`--checker-convention`):
//!
//! - testlib (the default): `CMD input output answer` with the three files on
//!   disk; exit 0 accepted, 1 wrong answer, 2 presentation error, 3 checker
//!   failure, 7 points (a partial score: not accepted), 8 unexpected end of
//!   the output (rejected as a presentation error). Its message (stderr, else
//!   stdout) is shown with the verdict.
//! - kattis: an output validator, `CMD input answer feedback_dir < output`;
//!   exit 42 accepted, 43 wrong answer, with its message in
//!   `feedback_dir/judgemessage.txt`; any other exit is a validator failure.
//!
//! Reference: testlib's exit codes (`_ok` 0, `_wa` 1, `_pe` 2, `_fail` 3,
//! `_points` 7, `_unexpected_eof` 8); the Kattis problem package format's
//! output validators (42 / 43).

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use sandbox::{Exit, Program, RunError};

pub struct Checker {
    pub program: Program,
    pub limit: Duration,
    pub convention: Convention,
}

/// How a checker is called and what its exit code means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Convention {
    /// `CMD input output answer`; exit 0 ok, 1 WA, 2 PE, 3 fail, 7 points, 8 unexpected EOF
    #[default]
    Testlib,
    /// `CMD input answer feedback_dir < output`; exit 42 accepted, 43 wrong answer
    Kattis,
}

/// What a checker concluded.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Accepted,
    /// Wrong answer or presentation error, with the checker's words.
    Rejected(String),
    /// No verdict: the checker failed or exited with a code testlib does not use.
    Failed(String),
    /// No verdict: the checker ran past its limit, which a loaded machine may
    /// cause (a problem file runs it again, under twice the limit).
    TimedOut(String),
}

/// Three files in a directory of their own, removed when dropped.
struct Files {
    dir: PathBuf,
}

impl Files {
    fn write(input: &str, output: &str, answer: &str) -> Result<Files, String> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let dir = crate::files::temporary(&format!(
            "harness-checker-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ))?;
        let files = Files { dir };
        let cannot = |e: std::io::Error| format!("cannot write the checker's files in {}: {e}", files.dir.display());
        for (name, text) in [("input", input), ("output", output), ("answer", answer)] {
            std::fs::write(files.dir.join(name), text).map_err(cannot)?;
        }
        std::fs::create_dir(files.dir.join("feedback")).map_err(cannot)?;
        Ok(files)
    }

    fn path(&self, name: &str) -> String {
        self.dir.join(name).display().to_string()
    }
}

impl Drop for Files {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Checker {
    /// A checker, once its files can be written: an unusable TMPDIR is the
    /// user's to fix before a run, not a failure of the checker on some case.
    pub fn new(program: Program, limit: Duration, convention: Convention) -> Result<Checker, String> {
        Files::write("", "", "")?;
        Ok(Checker {
            program,
            limit,
            convention,
        })
    }

    /// Judges `output` for `input`, with `answer` as the jury's answer.
    pub fn judge(&self, input: &str, output: &str, answer: &str) -> Outcome {
        self.judge_within(input, output, answer, self.limit)
    }

    /// [`Checker::judge`] under `limit` instead of the checker's own.
    pub fn judge_within(&self, input: &str, output: &str, answer: &str, limit: Duration) -> Outcome {
        let files = match Files::write(input, output, answer) {
            Ok(f) => f,
            Err(why) => return Outcome::Failed(why),
        };
        let (args, stdin) = match self.convention {
            Convention::Testlib => (["input", "output", "answer"], ""),
            Convention::Kattis => (["input", "answer", "feedback"], output),
        };
        let program = self.program.with_args(args.map(|n| files.path(n)));
        let name = self.program.display();
        let run = match sandbox::run(&program, stdin, limit) {
            Ok(run) => run,
            Err(RunError::CannotStart(why)) => return Outcome::Failed(why),
            Err(RunError::Interrupted) => return Outcome::Failed("stopped by a signal".into()),
        };
        if run.output_overflow {
            return Outcome::Failed(format!(
                "checker `{name}` printed more than {} MiB and was stopped: a checker's verdict is a line",
                sandbox::STDOUT_CAP >> 20
            ));
        }
        let feedback = std::fs::read_to_string(files.dir.join("feedback").join("judgemessage.txt")).unwrap_or_default();
        let words = [feedback.trim(), run.stderr_tail.trim(), run.stdout.trim()]
            .into_iter()
            .find(|w| !w.is_empty())
            .map(|w| crate::echo::clip(w, crate::echo::ECHO))
            .unwrap_or_default();
        let said = if words.is_empty() {
            String::new()
        } else {
            format!(": {words}")
        };
        if run.timed_out {
            return Outcome::TimedOut(format!("checker `{name}` took longer than {} ms", limit.as_millis()));
        }
        let code = match run.exit {
            Some(Exit::Success) => 0,
            Some(Exit::Code(c)) => c,
            Some(Exit::Signal(s)) => {
                return Outcome::Failed(format!("checker `{name}` was killed by signal {s}{said}"))
            }
            None => return Outcome::Failed(format!("checker `{name}` gave no exit status")),
        };
        match (self.convention, code) {
            (Convention::Testlib, 0) | (Convention::Kattis, 42) => Outcome::Accepted,
            (Convention::Testlib, 1) | (Convention::Kattis, 43) => {
                Outcome::Rejected(format!("checker: wrong answer{said}"))
            }
            (Convention::Testlib, 2) => Outcome::Rejected(format!("checker: presentation error{said}")),
            (Convention::Testlib, 8) => Outcome::Rejected(format!(
                "checker: unexpected end of the output (presentation error){said}"
            )),
            (Convention::Testlib, 7) => {
                Outcome::Rejected(format!("checker: points, a partial score, which is not accepted{said}"))
            }
            (Convention::Testlib, 3) => Outcome::Failed(format!("checker `{name}` failed (exit code 3){said}")),
            (Convention::Testlib, c) => Outcome::Failed(format!(
                "checker `{name}` exited with code {c}, which is no testlib verdict (0 ok, 1 wrong answer, \
                 2 presentation error, 3 checker failure, 7 points, 8 unexpected end of file){said}"
            )),
            (Convention::Kattis, c) => Outcome::Failed(format!(
                "output validator `{name}` exited with code {c}, which is no verdict (42 accepted, \
                 43 wrong answer): a judge error{said}"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checker(script: &str) -> Checker {
        Checker {
            program: Program::parse(&format!("python3 -c {}", shlex::try_quote(script).unwrap())).unwrap(),
            limit: Duration::from_secs(10),
            convention: Convention::Testlib,
        }
    }

    /// A checker comparing the first tokens of output and answer, testlib's way.
    const COMPARE: &str = "import sys
out = open(sys.argv[2]).read().split()
ans = open(sys.argv[3]).read().split()
if not out:
    print('empty output', file=sys.stderr); sys.exit(2)
if out[0] != ans[0]:
    print('expected', ans[0], 'found', out[0], file=sys.stderr); sys.exit(1)
";

    #[test]
    fn testlib_exit_codes_are_verdicts() {
        let c = checker(COMPARE);
        assert_eq!(c.judge("1\n", "5\n", "5\n"), Outcome::Accepted);
        assert_eq!(
            c.judge("1\n", "4\n", "5\n"),
            Outcome::Rejected("checker: wrong answer: expected 5 found 4".into())
        );
        assert_eq!(
            c.judge("1\n", "\n", "5\n"),
            Outcome::Rejected("checker: presentation error: empty output".into())
        );
    }

    #[test]
    fn a_checkers_long_words_are_clipped() {
        let c = checker("import sys; print('y' * 10**7, file=sys.stderr); sys.exit(1)");
        match c.judge("1\n", "5\n", "5\n") {
            Outcome::Rejected(why) => assert!(why.len() < 1000 && why.contains("bytes in all"), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_failing_or_strange_checker_gives_no_verdict() {
        for (script, says) in [
            (
                "import sys; print('bad jury answer', file=sys.stderr); sys.exit(3)",
                "failed (exit code 3): bad jury answer",
            ),
            (
                "import sys; sys.exit(5)",
                "exited with code 5, which is no testlib verdict",
            ),
            ("import os; os.kill(os.getpid(), 9)", "killed by signal 9"),
            (
                "import sys\nwhile True: sys.stdout.write('x' * 65536)",
                "printed more than 64 MiB and was stopped",
            ),
            (
                "import sys; sys.exit(42)",
                "exited with code 42, which is no testlib verdict",
            ),
        ] {
            match checker(script).judge("1\n", "5\n", "5\n") {
                Outcome::Failed(why) => assert!(why.contains(says) && why.len() < 1000, "{why}"),
                other => panic!("{script}: {other:?}"),
            }
        }
    }

    #[test]
    fn points_and_unexpected_eof_are_rejections() {
        for (code, says) in [(7, "points, a partial score"), (8, "unexpected end of the output")] {
            let script = format!("import sys; print('why', file=sys.stderr); sys.exit({code})");
            match checker(&script).judge("1\n", "5\n", "5\n") {
                Outcome::Rejected(why) => assert!(why.contains(says) && why.ends_with(": why"), "{why}"),
                other => panic!("{code}: {other:?}"),
            }
        }
    }

    /// An output validator reading the output on stdin, comparing with the answer file.
    const VALIDATOR: &str = "import sys, os
out = sys.stdin.read().split()
ans = open(sys.argv[2]).read().split()
if out == ans: sys.exit(42)
open(os.path.join(sys.argv[3], 'judgemessage.txt'), 'w').write('expected ' + ans[0])
sys.exit(43)
";

    #[test]
    fn kattis_validators_judge_by_42_and_43() {
        let v = Checker {
            convention: Convention::Kattis,
            ..checker(VALIDATOR)
        };
        assert_eq!(v.judge("1\n", "5\n", "5\n"), Outcome::Accepted);
        assert_eq!(
            v.judge("1\n", "4\n", "5\n"),
            Outcome::Rejected("checker: wrong answer: expected 5".into())
        );
        let broken = Checker {
            convention: Convention::Kattis,
            ..checker("import sys; sys.exit(0)")
        };
        match broken.judge("1\n", "5\n", "5\n") {
            Outcome::Failed(why) => assert!(why.contains("exited with code 0, which is no verdict"), "{why}"),
            other => panic!("{other:?}"),
        }
    }
}
