//! `harness check`: the problem's own check, called the way a judge calls a
//! checker, so a test set can ship it (`--format kattis` does, for problems
//! with many valid answers).
//!
//! - `check -p P INPUT OUTPUT`: exit 0 accepted, 1 rejected, 2 malformed.
//! - `check -p P INPUT OUTPUT ANSWER [REPORT [-appes]]`: testlib's checker;
//!   the output is judged against the jury's ANSWER (problems judged from the
//!   rules take only its verdict from it). Exit 0 ok, 1 wrong answer,
//!   2 presentation error (the contestant's output is not of the format, or
//!   missing), 3 failure (the jury's fault: an unknown problem, an input or
//!   answer that cannot be read or is broken). The verdict line goes to REPORT
//!   too, as testlib's XML `<result outcome = ...>` with `-appes`.
//! - `check -p P --kattis INPUT ANSWER FEEDBACK_DIR < OUTPUT`: a Kattis or
//!   DOMjudge output validator; exit 42 accepted, 43 wrong answer (malformed
//!   output included), the reason in `FEEDBACK_DIR/judgemessage.txt`; any
//!   jury fault exits 2, which the Kattis format reads as a judge error.

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

/// How a judge called `check`.
pub enum Form {
    /// The harness's own `INPUT OUTPUT`, or testlib's `INPUT OUTPUT ANSWER [REPORT]`.
    Files,
    /// testlib's `INPUT OUTPUT ANSWER REPORT -appes`: the report in XML.
    Appes,
    /// A Kattis output validator.
    Kattis,
}

/// `problem` is the problem named on the command line, or why none is: that is the
/// jury's fault, reported in the form the judge reads (testlib's FAIL).
pub fn run(
    problem: Result<&dyn registry::DynProblem>,
    files: &[PathBuf],
    form: Form,
    max_states: usize,
    reference: Option<&str>,
) -> Result<Outcome> {
    let budget = Budget::new(max_states);
    if let Form::Kattis = form {
        let problem = problem?;
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
    let appes = matches!(form, Form::Appes);
    match files {
        [input, output_file] if !appes => two_files(problem?, input, output_file, &budget, reference),
        [input, output_file, answer] if !appes => {
            let code = testlib(problem, input, output_file, answer, &budget, None);
            Ok(Outcome::Checked(code))
        }
        [input, output_file, answer, report] => {
            let report = Report {
                path: report,
                xml: appes,
            };
            let code = testlib(problem, input, output_file, answer, &budget, Some(report));
            Ok(Outcome::Checked(code))
        }
        _ if appes => bail!("-appes follows INPUT OUTPUT ANSWER REPORT, as testlib takes it"),
        _ => bail!("give INPUT OUTPUT [ANSWER [REPORT [-appes]]], or --kattis INPUT ANSWER FEEDBACK_DIR"),
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

/// testlib's report file: its verdict line, or with `-appes` the XML that
/// Polygon-style invokers (PCMS2, ejudge) read.
struct Report<'a> {
    path: &'a Path,
    xml: bool,
}

/// testlib's verdict, printed as testlib prints it (on stderr, and in the
/// report file when one is given). Any error is the jury's fault (exit 3),
/// except a missing output, which testlib counts against the contestant
/// (presentation error): a program that wrote nothing.
fn testlib(
    problem: Result<&dyn registry::DynProblem>,
    input: &Path,
    out: &Path,
    answer: &Path,
    budget: &Budget,
    report: Option<Report>,
) -> u8 {
    let judged = (|| -> Result<Judgement> {
        let problem = problem?;
        let (input_text, answer_text) = (read(input)?, read(answer)?);
        let out_bytes = match std::fs::read(out) {
            Ok(bytes) => bytes,
            Err(e) => {
                return Ok(Judgement::Malformed(ParseError {
                    line: 1,
                    field: "the output".into(),
                    message: format!("cannot read the output file {}: {e}", out.display()),
                }))
            }
        };
        judge_bytes(problem, &input_text, out_bytes, Some(&answer_text), budget)
            .with_context(|| input.display().to_string())
    })();
    let (code, outcome, text) = match judged {
        Ok(Judgement::Accepted) => (OK, "accepted", "ok".to_string()),
        Ok(Judgement::Rejected(why)) => (WRONG, "wrong-answer", format!("wrong answer {why}")),
        Ok(Judgement::Malformed(e)) => (PRESENTATION, "presentation-error", format!("wrong output format {e}")),
        Err(e) => (FAIL, "fail", format!("FAIL {e:#}")),
    };
    eprintln!("{text}");
    let Some(report) = report else { return code };
    let written = if report.xml {
        format!(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><result outcome = \"{outcome}\">{}</result>\n",
            xml_escape(&text)
        )
    } else {
        format!("{text}\n")
    };
    match std::fs::write(report.path, written) {
        Ok(()) => code,
        // As testlib: a verdict the judge cannot read is the jury's failure.
        Err(e) => {
            eprintln!("FAIL cannot write the report file {}: {e}", report.path.display());
            FAIL
        }
    }
}

fn xml_escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            c => escaped.push(c),
        }
    }
    escaped
}
