//! The fast solvers as contestants submit them: the judge's input text in, the
//! judge's output text out. Each solver module lists the problems it answers in
//! its `SUBMITTED`; the `solve` binary answers from [`all`] of them, and the
//! harness's checklist test requires an entry for every problem whose
//! [`Identity`] says it is judged online.

use std::io::Read;
use std::time::{Duration, Instant};

use gen::judge::{Doc, Format, Identity};
use gen::window::ReadError;

/// One problem's submission.
pub struct Submission {
    pub id: &'static Identity,
    /// Its rules and formats, for `solve PROBLEM --help`.
    pub doc: &'static Doc,
    /// Reads a judge input, a case at a time, and answers every case.
    pub solve: fn(&mut dyn Read) -> Result<Solved, ReadError>,
}

/// A judge output, with where the time went.
pub struct Solved {
    pub output: String,
    /// Reading and parsing the input.
    pub parse: Duration,
    pub solve: Duration,
}

/// Reads the cases one at a time, answers each with `answer` as it comes,
/// and writes the judge's output: one case in memory at a time, as a judge's
/// memory limit on its largest inputs wants.
pub(crate) fn each_case<F: Format>(
    input: &mut dyn Read,
    answer: fn(&F::Case) -> F::Answer,
) -> Result<Solved, ReadError> {
    let start = Instant::now();
    let mut solve = Duration::ZERO;
    let mut output = String::new();
    F::read_cases(input, |case| {
        let began = Instant::now();
        let a = answer(&case);
        solve += began.elapsed();
        F::write_answer(&a, &mut output);
    })?;
    Ok(Solved {
        output,
        parse: start.elapsed() - solve,
        solve,
    })
}

/// The submission of the problem whose judge format is `gen::judge::$judge`, answering each
/// case with `$answer`: one line in the `SUBMITTED` list of the module that answers it.
macro_rules! submission {
    ($judge:ident, $answer:expr) => {
        $crate::submit::Submission {
            id: &<gen::judge::$judge::Judge as gen::judge::Format>::ID,
            doc: &<gen::judge::$judge::Judge as gen::judge::Documented>::DOC,
            solve: |input| $crate::submit::each_case::<gen::judge::$judge::Judge>(input, $answer),
        }
    };
}

/// The submission for a problem named by its name or an alias.
pub fn find(name: &str) -> Option<&'static Submission> {
    all().find(|s| s.id.answers_to(name))
}

/// Every submission, in the order of the solver modules.
pub fn all() -> impl Iterator<Item = &'static Submission> {
    crate::SUBMITTED.iter().flat_map(|module| module.iter())
}
