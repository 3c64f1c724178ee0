//! The fast solvers as contestants submit them: the judge's input text in, the
//! judge's output text out. The `solve` binary answers from this list, and the
//! harness's checklist test requires an entry for every problem whose
//! [`Identity`] says it is judged online.

use std::io::Read;
use std::time::{Duration, Instant};

use gen::judge::{Doc, Documented, Format, Identity};
use gen::window::ReadError;
use gen::Graph;

use crate::colon::tree_grundy;
use crate::forest_game::{first_score_fast, parents_from_edges};
use crate::hackenbush::grundy;

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
fn each_case<F: Format>(input: &mut dyn Read, answer: fn(&F::Case) -> F::Answer) -> Result<Solved, ReadError> {
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

fn forest_wins(graphs: &[Graph]) -> bool {
    graphs.iter().fold(0, |x, g| x ^ grundy(g.n, &g.edges)) != 0
}

/// The submission of the problem whose judge format is `gen::judge::$judge`, answering each
/// case with `$answer`: one line per problem in [`SUBMISSIONS`].
macro_rules! submission {
    ($judge:ident, $answer:expr) => {
        Submission {
            id: &<gen::judge::$judge::Judge as Format>::ID,
            doc: &<gen::judge::$judge::Judge as Documented>::DOC,
            solve: |input| each_case::<gen::judge::$judge::Judge>(input, $answer),
        }
    };
}

pub static SUBMISSIONS: &[Submission] = &[
    submission!(green_hackenbush, |g| grundy(g.n, &g.edges)),
    submission!(tree_game, |g| tree_grundy(g.n, &g.edges) != 0),
    submission!(christmas_game, |f| forest_wins(f)),
    submission!(forest_game, |t| first_score_fast(
        &t.weights,
        &parents_from_edges(t.weights.len(), &t.edges, 0)
    )),
    submission!(wythoff, |p| crate::wythoff::first_wins(p.a, p.b)),
    submission!(bash_game, |b| crate::piles::bash_grundy(b.n, b.k)),
    submission!(nim, |p| crate::piles::nim_sum(&p.piles) != 0),
    submission!(staircase_nim, |p| crate::piles::odd_steps_sum(&p.piles) != 0),
    submission!(moore_nim, |p| crate::piles::moore_first_wins(&p.piles, p.k)),
    submission!(jiangnan_le, crate::even_split::first_wins),
    submission!(octal_game, crate::octal::grundy),
    submission!(combat_on_a_tree, |t| crate::combat::winning_moves(&t.black, &t.edges)),
    submission!(election_promises, |d| crate::election::promise(&d.values, &d.arcs)),
    submission!(fox_card_game, crate::cards::sums),
    submission!(choosing_carrot, |c| crate::carrot::answers(&c.a)),
    submission!(candy_piles, |c| crate::candy::first_wins(&c.a)),
    submission!(bunny_egg, crate::bunny_egg::mistakes),
    submission!(nullify_matrix, crate::nullify::first_wins),
];

/// The submission for a problem named by its name or an alias.
pub fn find(name: &str) -> Option<&'static Submission> {
    SUBMISSIONS.iter().find(|s| s.id.answers_to(name))
}
