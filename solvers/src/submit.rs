//! The fast solvers as contestants submit them: the judge's input text in, the
//! judge's output text out. The `solve` binary answers from this list, and the
//! harness's checklist test requires an entry for every problem whose
//! [`Identity`] says it is judged online.

use std::time::{Duration, Instant};

use gen::judge::{
    bash_game, christmas_game, forest_game, green_hackenbush, jiangnan_le, moore_nim, nim, octal_game, staircase_nim,
    tree_game, wythoff, Format, Identity,
};
use gen::{Graph, ParseError};

use crate::forest_game::{first_score_fast, parents_from_edges};
use crate::hackenbush::grundy;

/// One problem's submission.
pub struct Submission {
    pub id: &'static Identity,
    /// Reads a whole judge input and answers every case.
    pub solve: fn(&str) -> Result<Solved, ParseError>,
}

/// A judge output, with where the time went.
pub struct Solved {
    pub output: String,
    pub parse: Duration,
    pub solve: Duration,
}

/// Parses every case, answers each with `answer`, and writes the judge's output.
fn each_case<F: Format>(text: &str, answer: fn(&F::Case) -> F::Answer) -> Result<Solved, ParseError> {
    let start = Instant::now();
    let cases = F::read_input(text)?;
    let parsed = Instant::now();
    let answers: Vec<F::Answer> = cases.iter().map(answer).collect();
    let solve = parsed.elapsed();
    Ok(Solved {
        output: F::write_output(&answers),
        parse: parsed - start,
        solve,
    })
}

fn forest_wins(graphs: &[Graph]) -> bool {
    graphs.iter().fold(0, |x, g| x ^ grundy(g.n, &g.edges)) != 0
}

pub static SUBMISSIONS: &[Submission] = &[
    Submission {
        id: &<green_hackenbush::Judge as Format>::ID,
        solve: |text| each_case::<green_hackenbush::Judge>(text, |g| grundy(g.n, &g.edges)),
    },
    Submission {
        id: &<tree_game::Judge as Format>::ID,
        solve: |text| each_case::<tree_game::Judge>(text, |g| grundy(g.n, &g.edges) != 0),
    },
    Submission {
        id: &<christmas_game::Judge as Format>::ID,
        solve: |text| each_case::<christmas_game::Judge>(text, |f| forest_wins(f)),
    },
    Submission {
        id: &<forest_game::Judge as Format>::ID,
        solve: |text| {
            each_case::<forest_game::Judge>(text, |t| {
                first_score_fast(&t.weights, &parents_from_edges(t.weights.len(), &t.edges, 0))
            })
        },
    },
    Submission {
        id: &<wythoff::Judge as Format>::ID,
        solve: |text| each_case::<wythoff::Judge>(text, |p| crate::wythoff::first_wins(p.a, p.b)),
    },
    Submission {
        id: &<bash_game::Judge as Format>::ID,
        solve: |text| each_case::<bash_game::Judge>(text, |b| crate::piles::bash_grundy(b.n, b.k)),
    },
    Submission {
        id: &<nim::Judge as Format>::ID,
        solve: |text| each_case::<nim::Judge>(text, |p| crate::piles::nim_sum(&p.piles) != 0),
    },
    Submission {
        id: &<staircase_nim::Judge as Format>::ID,
        solve: |text| each_case::<staircase_nim::Judge>(text, |p| crate::piles::odd_steps_sum(&p.piles) != 0),
    },
    Submission {
        id: &<moore_nim::Judge as Format>::ID,
        solve: |text| each_case::<moore_nim::Judge>(text, |p| crate::piles::moore_first_wins(&p.piles, p.k)),
    },
    Submission {
        id: &<jiangnan_le::Judge as Format>::ID,
        solve: |text| each_case::<jiangnan_le::Judge>(text, crate::even_split::first_wins),
    },
    Submission {
        id: &<octal_game::Judge as Format>::ID,
        solve: |text| each_case::<octal_game::Judge>(text, crate::octal::grundy),
    },
    Submission {
        id: &<gen::judge::combat_on_a_tree::Judge as Format>::ID,
        solve: |text| {
            each_case::<gen::judge::combat_on_a_tree::Judge>(text, |t| crate::combat::winning_moves(&t.black, &t.edges))
        },
    },
    Submission {
        id: &<gen::judge::election_promises::Judge as Format>::ID,
        solve: |text| {
            each_case::<gen::judge::election_promises::Judge>(text, |d| crate::election::promise(&d.values, &d.arcs))
        },
    },
    Submission {
        id: &<gen::judge::fox_card_game::Judge as Format>::ID,
        solve: |text| each_case::<gen::judge::fox_card_game::Judge>(text, crate::cards::sums),
    },
    Submission {
        id: &<gen::judge::choosing_carrot::Judge as Format>::ID,
        solve: |text| each_case::<gen::judge::choosing_carrot::Judge>(text, |c| crate::carrot::answers(&c.a)),
    },
    Submission {
        id: &<gen::judge::candy_piles::Judge as Format>::ID,
        solve: |text| each_case::<gen::judge::candy_piles::Judge>(text, |c| crate::candy::first_wins(&c.a)),
    },
    Submission {
        id: &<gen::judge::bunny_egg::Judge as Format>::ID,
        solve: |text| each_case::<gen::judge::bunny_egg::Judge>(text, crate::bunny_egg::mistakes),
    },
    Submission {
        id: &<gen::judge::nullify_matrix::Judge as Format>::ID,
        solve: |text| each_case::<gen::judge::nullify_matrix::Judge>(text, crate::nullify::first_wins),
    },
];

/// The submission for a problem named by its name or an alias.
pub fn find(name: &str) -> Option<&'static Submission> {
    SUBMISSIONS.iter().find(|s| s.id.answers_to(name))
}
