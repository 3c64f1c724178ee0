//! `harness check`: the problem's own check, called the way a judge calls a
//! checker, so a test set can ship it (`--format kattis` does, for problems
//! with many valid answers).
//!
//! - `check -p P INPUT OUTPUT`: exit 0 accepted, 1 rejected, 2 malformed.
//! - `check -p P INPUT OUTPUT ANSWER`: testlib's checker; the output is judged
//!   against the jury's ANSWER (problems judged from the rules take only its
//!   verdict from it). Exit 0 ok, 1 wrong answer, 2 presentation error,
//!   3 failure (the input or the answer is broken: the jury's fault).
//! - `check -p P --kattis INPUT ANSWER FEEDBACK_DIR < OUTPUT`: a Kattis or
//!   DOMjudge output validator; exit 42 accepted, 43 wrong answer, the reason
//!   in `FEEDBACK_DIR/judgemessage.txt`.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use brute::Budget;
use gen::text::ParseError;

use crate::builtin::registry::{self, Judgement};
use crate::output;
use crate::target::Outcome;

/// testlib's exit codes.
const OK: u8 = 0;
const WRONG: u8 = 1;
const PRESENTATION: u8 = 2;
const FAIL: u8 = 3;
/// Kattis's.
const ACCEPTED: u8 = 42;
const REJECTED: u8 = 43;

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}

/// The contestant's output as text; bytes that are not UTF-8 are their
/// malformed output (a verdict), never the jury's failure.
fn contestant_text(bytes: Vec<u8>) -> Result<String, ParseError> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        ParseError {
            line: bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1,
            field: "the output".into(),
            message: format!("byte {} (0x{:02x}) is not UTF-8 text", at + 1, bytes[at]),
        }
    })
}

/// Judges the contestant's `out` bytes, a malformed verdict when they are not text.
fn judge_bytes(
    problem: &dyn registry::DynProblem,
    input: &str,
    out: Vec<u8>,
    answer: Option<&str>,
    budget: &Budget,
) -> Result<Judgement> {
    match contestant_text(out) {
        Ok(out) => problem.judge_output(input, &out, answer, None, budget),
        Err(why) => Ok(Judgement::Malformed(why)),
    }
}

fn read_bytes(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
}

pub fn run(
    problem: &dyn registry::DynProblem,
    files: &[PathBuf],
    kattis: bool,
    max_states: usize,
    reference: Option<&str>,
) -> Result<Outcome> {
    let budget = Budget::new(max_states);
    if kattis {
        let [input, answer, feedback] = files else {
            bail!("--kattis takes INPUT ANSWER FEEDBACK_DIR (the output on stdin), as a Kattis judge calls it");
        };
        let message = feedback.join("judgemessage.txt");
        // Refused before judging: a verdict nobody can read is no verdict.
        std::fs::write(&message, "").with_context(|| {
            format!(
                "cannot write {}: FEEDBACK_DIR must be a writable folder",
                message.display()
            )
        })?;
        let mut out = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut out).context("cannot read the output on stdin")?;
        let input_text = read(input)?;
        let judged = judge_bytes(problem, &input_text, out, Some(&read(answer)?), &budget)
            .with_context(|| input.display().to_string())?;
        let (code, text) = match judged {
            Judgement::Accepted => (ACCEPTED, "accepted".to_string()),
            Judgement::Rejected(why) => (REJECTED, format!("wrong answer: {why}")),
            Judgement::Malformed(e) => (REJECTED, format!("the output is malformed: {e}")),
        };
        std::fs::write(&message, format!("{text}\n")).with_context(|| format!("cannot write {}", message.display()))?;
        return Ok(Outcome::Checked(code));
    }
    match files {
        [input, output_file] => two_files(problem, input, output_file, &budget, reference),
        [input, output_file, answer] => Ok(Outcome::Checked(testlib(problem, input, output_file, answer, &budget))),
        _ => bail!("give INPUT OUTPUT [ANSWER], or --kattis INPUT ANSWER FEEDBACK_DIR"),
    }
}

/// Today's form: judged against brute's answers, or with `reference` a
/// trusted solver's (for inputs beyond brute's reach).
fn two_files(
    problem: &dyn registry::DynProblem,
    input: &Path,
    out: &Path,
    budget: &Budget,
    reference: Option<&str>,
) -> Result<Outcome> {
    let input_text = read(input)?;
    let expected = match reference {
        Some(_) => Some(registry::answers(problem, &input_text, reference, budget)?.0),
        None => None,
    };
    let judged = judge_bytes(problem, &input_text, read_bytes(out)?, expected.as_deref(), budget)
        .map_err(|e| registry::beyond_brute(problem, e))
        .with_context(|| input.display().to_string())?;
    Ok(match judged {
        Judgement::Accepted => {
            output::write("ok\n")?;
            Outcome::Checked(0)
        }
        Judgement::Rejected(why) => {
            output::write(&format!("wrong answer: {why}\n"))?;
            Outcome::Checked(1)
        }
        Judgement::Malformed(e) => {
            eprintln!("error: {}: {e}", out.display());
            Outcome::Checked(2)
        }
    })
}

/// testlib's verdict, printed as testlib prints it (on stderr); any error is
/// the jury's fault (exit 3), never the contestant's.
fn testlib(problem: &dyn registry::DynProblem, input: &Path, out: &Path, answer: &Path, budget: &Budget) -> u8 {
    let judged = (|| -> Result<Judgement> {
        let (input_text, answer_text) = (read(input)?, read(answer)?);
        judge_bytes(problem, &input_text, read_bytes(out)?, Some(&answer_text), budget)
            .with_context(|| input.display().to_string())
    })();
    let (code, text) = match judged {
        Ok(Judgement::Accepted) => (OK, "ok".to_string()),
        Ok(Judgement::Rejected(why)) => (WRONG, format!("wrong answer {why}")),
        Ok(Judgement::Malformed(e)) => (PRESENTATION, format!("wrong output format {e}")),
        Err(e) => (FAIL, format!("FAIL {e:#}")),
    };
    eprintln!("{text}");
    code
}
