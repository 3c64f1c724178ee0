//! The fast solvers as contestants submit them: the judge's input text in, the
//! judge's output text out. The `solve` binary answers from this list, and the
//! harness's checklist test requires an entry for every problem whose
//! [`Identity`] says it is judged online.

use std::io::Read;
use std::time::{Duration, Instant};

use gen::judge::{
    bash_game, christmas_game, forest_game, green_hackenbush, jiangnan_le, moore_nim, nim, octal_game, staircase_nim,
    tree_game, wythoff, Doc, Documented, Format, Identity,
};
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

pub static SUBMISSIONS: &[Submission] = &[
    Submission {
        id: &<green_hackenbush::Judge as Format>::ID,
        doc: &<green_hackenbush::Judge as Documented>::DOC,
        solve: |input| each_case::<green_hackenbush::Judge>(input, |g| grundy(g.n, &g.edges)),
    },
    Submission {
        id: &<tree_game::Judge as Format>::ID,
        doc: &<tree_game::Judge as Documented>::DOC,
        solve: |input| each_case::<tree_game::Judge>(input, |g| tree_grundy(g.n, &g.edges) != 0),
    },
    Submission {
        id: &<christmas_game::Judge as Format>::ID,
        doc: &<christmas_game::Judge as Documented>::DOC,
        solve: |input| each_case::<christmas_game::Judge>(input, |f| forest_wins(f)),
    },
    Submission {
        id: &<forest_game::Judge as Format>::ID,
        doc: &<forest_game::Judge as Documented>::DOC,
        solve: |input| {
            each_case::<forest_game::Judge>(input, |t| {
                first_score_fast(&t.weights, &parents_from_edges(t.weights.len(), &t.edges, 0))
            })
        },
    },
    Submission {
        id: &<wythoff::Judge as Format>::ID,
        doc: &<wythoff::Judge as Documented>::DOC,
        solve: |input| each_case::<wythoff::Judge>(input, |p| crate::wythoff::first_wins(p.a, p.b)),
    },
    Submission {
        id: &<bash_game::Judge as Format>::ID,
        doc: &<bash_game::Judge as Documented>::DOC,
        solve: |input| each_case::<bash_game::Judge>(input, |b| crate::piles::bash_grundy(b.n, b.k)),
    },
    Submission {
        id: &<nim::Judge as Format>::ID,
        doc: &<nim::Judge as Documented>::DOC,
        solve: |input| each_case::<nim::Judge>(input, |p| crate::piles::nim_sum(&p.piles) != 0),
    },
    Submission {
        id: &<staircase_nim::Judge as Format>::ID,
        doc: &<staircase_nim::Judge as Documented>::DOC,
        solve: |input| each_case::<staircase_nim::Judge>(input, |p| crate::piles::odd_steps_sum(&p.piles) != 0),
    },
    Submission {
        id: &<moore_nim::Judge as Format>::ID,
        doc: &<moore_nim::Judge as Documented>::DOC,
        solve: |input| each_case::<moore_nim::Judge>(input, |p| crate::piles::moore_first_wins(&p.piles, p.k)),
    },
    Submission {
        id: &<jiangnan_le::Judge as Format>::ID,
        doc: &<jiangnan_le::Judge as Documented>::DOC,
        solve: |input| each_case::<jiangnan_le::Judge>(input, crate::even_split::first_wins),
    },
    Submission {
        id: &<octal_game::Judge as Format>::ID,
        doc: &<octal_game::Judge as Documented>::DOC,
        solve: |input| each_case::<octal_game::Judge>(input, crate::octal::grundy),
    },
    Submission {
        id: &<gen::judge::combat_on_a_tree::Judge as Format>::ID,
        doc: &<gen::judge::combat_on_a_tree::Judge as Documented>::DOC,
        solve: |input| {
            each_case::<gen::judge::combat_on_a_tree::Judge>(input, |t| {
                crate::combat::winning_moves(&t.black, &t.edges)
            })
        },
    },
    Submission {
        id: &<gen::judge::election_promises::Judge as Format>::ID,
        doc: &<gen::judge::election_promises::Judge as Documented>::DOC,
        solve: |input| {
            each_case::<gen::judge::election_promises::Judge>(input, |d| crate::election::promise(&d.values, &d.arcs))
        },
    },
    Submission {
        id: &<gen::judge::fox_card_game::Judge as Format>::ID,
        doc: &<gen::judge::fox_card_game::Judge as Documented>::DOC,
        solve: |input| each_case::<gen::judge::fox_card_game::Judge>(input, crate::cards::sums),
    },
    Submission {
        id: &<gen::judge::choosing_carrot::Judge as Format>::ID,
        doc: &<gen::judge::choosing_carrot::Judge as Documented>::DOC,
        solve: |input| each_case::<gen::judge::choosing_carrot::Judge>(input, |c| crate::carrot::answers(&c.a)),
    },
    Submission {
        id: &<gen::judge::candy_piles::Judge as Format>::ID,
        doc: &<gen::judge::candy_piles::Judge as Documented>::DOC,
        solve: |input| each_case::<gen::judge::candy_piles::Judge>(input, |c| crate::candy::first_wins(&c.a)),
    },
    Submission {
        id: &<gen::judge::bunny_egg::Judge as Format>::ID,
        doc: &<gen::judge::bunny_egg::Judge as Documented>::DOC,
        solve: |input| each_case::<gen::judge::bunny_egg::Judge>(input, crate::bunny_egg::mistakes),
    },
    Submission {
        id: &<gen::judge::nullify_matrix::Judge as Format>::ID,
        doc: &<gen::judge::nullify_matrix::Judge as Documented>::DOC,
        solve: |input| each_case::<gen::judge::nullify_matrix::Judge>(input, crate::nullify::first_wins),
    },
];

/// The submission for a problem named by its name or an alias.
pub fn find(name: &str) -> Option<&'static Submission> {
    SUBMISSIONS.iter().find(|s| s.id.answers_to(name))
}
