//! `solve PROBLEM < input`: the fast solver as a contestant would submit it,
//! reading the judge's input on stdin and writing the judge's output.

use std::io::{Read, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use gen::judge::{christmas_game, forest_game, green_hackenbush, tree_game, Format};
use gen::{Graph, ParseError};
use solvers::forest_game::{first_score_fast, parents_from_edges};
use solvers::hackenbush::grundy;

const USAGE: &str = "usage: solve PROBLEM [--timings] < input

Reads the judge's input format on stdin and prints the judge's output.
Problems (aliases):
  green-hackenbush (soj366)   Green Hackenbush on a rooted multigraph: the SG value
  tree-game (hdu3094)         Green Hackenbush on trees: Alice or Bob, per case
  christmas-game (poj3710)    Green Hackenbush on cactus forests: Sally or Harry, per case
  forest-game (qoj5092)       the forest game: the first player's score

--timings prints the time spent reading, parsing and solving to stderr.";

/// Solves every case of `text`, in the judge's output format.
fn each_case<F: Format>(text: &str, solve: impl Fn(&F::Case) -> F::Answer) -> Result<String, ParseError> {
    let start = Instant::now();
    let cases = F::read_input(text)?;
    let parsed = Instant::now();
    let answers: Vec<F::Answer> = cases.iter().map(solve).collect();
    if TIMINGS.load(Ordering::Relaxed) {
        let solved = parsed.elapsed().as_secs_f64();
        let parse = (parsed - start).as_secs_f64();
        eprintln!(
            "parse {:.3} s, solve {:.3} s ({:.2}x parse)",
            parse,
            solved,
            solved / parse.max(1e-9)
        );
    }
    Ok(F::write_output(&answers))
}

static TIMINGS: AtomicBool = AtomicBool::new(false);

fn forest_wins(graphs: &[Graph]) -> bool {
    graphs.iter().fold(0, |x, g| x ^ grundy(g.n, &g.edges)) != 0
}

fn run(problem: &str, text: &str) -> Option<Result<String, ParseError>> {
    Some(match problem {
        "green-hackenbush" | "soj366" => each_case::<green_hackenbush::Judge>(text, |g| grundy(g.n, &g.edges)),
        "tree-game" | "hdu3094" => each_case::<tree_game::Judge>(text, |g| grundy(g.n, &g.edges) != 0),
        "christmas-game" | "poj3710" => each_case::<christmas_game::Judge>(text, |f| forest_wins(f)),
        "forest-game" | "qoj5092" => each_case::<forest_game::Judge>(text, |t| {
            first_score_fast(&t.weights, &parents_from_edges(t.weights.len(), &t.edges, 0))
        }),
        _ => return None,
    })
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--timings") {
        args.remove(i);
        TIMINGS.store(true, Ordering::Relaxed);
    }
    let [problem] = args.as_slice() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    if problem == "-h" || problem == "--help" {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("error: cannot read stdin: {e}");
        return ExitCode::from(2);
    }
    match run(problem, &text) {
        None => {
            eprintln!("error: unknown problem `{problem}`\n\n{USAGE}");
            ExitCode::from(2)
        }
        Some(Err(e)) => {
            eprintln!("error: stdin is not valid {problem} input: {e}");
            ExitCode::from(2)
        }
        Some(Ok(out)) => {
            let mut stdout = std::io::stdout().lock();
            match stdout.write_all(out.as_bytes()).and_then(|_| stdout.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: cannot write the answer: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}
