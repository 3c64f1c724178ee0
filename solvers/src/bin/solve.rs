//! `solve PROBLEM < input`: the fast solver as a contestant would submit it,
//! reading the judge's input on stdin and writing the judge's output.

use std::io::{ErrorKind, Write};
use std::process::ExitCode;

use gen::suggest;
use gen::window::ReadError;
use solvers::submit;

fn usage() -> String {
    let mut text = String::from(
        "usage: solve PROBLEM [--timings] < input\n\n\
         Reads the judge's input format on stdin and prints the judge's output.\n\
         Problems (aliases) and the judge's limits:\n",
    );
    for s in submit::all() {
        text.push_str(&format!(
            "  {:<28} {}\n  {:<28} limits: {}\n",
            s.id.title(),
            s.id.about,
            "",
            s.id.limits_text()
        ));
    }
    text.push_str(
        "\n`solve PROBLEM --help` shows the problem's rules, input and output formats and a sample.\n\
         --timings prints the time spent parsing and solving to stderr.",
    );
    text
}

fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}\n\n{}", usage());
    ExitCode::from(2)
}

/// An unknown problem name, with the close ones.
fn unknown(problem: &str) -> ExitCode {
    let names = submit::all().flat_map(|s| std::iter::once(s.id.name).chain(s.id.aliases.iter().copied()));
    fail(&format!(
        "unknown problem `{problem}`\n  {}",
        suggest::hint(problem, names, "solve --help")
    ))
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let timings = args
        .iter()
        .position(|a| a == "--timings")
        .map(|i| args.remove(i))
        .is_some();
    let help = args
        .iter()
        .position(|a| a == "-h" || a == "--help")
        .map(|i| args.remove(i))
        .is_some();
    if help {
        match args.as_slice() {
            [p] => match submit::find(p) {
                Some(s) => println!("usage: solve {} [--timings] < input\n\n{}", s.id.name, s.doc.text(s.id)),
                None => return unknown(p),
            },
            _ => println!("{}", usage()),
        }
        return ExitCode::SUCCESS;
    }
    let problem = match args.as_slice() {
        [] => return fail("no problem given: name one, e.g. `solve tree-game < input`"),
        [p] => p,
        [_, extra, ..] => return fail(&format!("unexpected argument `{extra}`: solve takes one problem name")),
    };
    let Some(submission) = submit::find(problem) else {
        return unknown(problem);
    };
    let solved = match (submission.solve)(&mut std::io::stdin().lock()) {
        Ok(solved) => solved,
        Err(ReadError::Io(e)) => {
            eprintln!("error: cannot read stdin: {e}");
            return ExitCode::from(2);
        }
        Err(ReadError::Parse(e)) => {
            eprintln!("error: stdin is not valid {} input: {e}", submission.id.name);
            return ExitCode::from(2);
        }
    };
    if timings {
        let (parse, solve) = (solved.parse.as_secs_f64(), solved.solve.as_secs_f64());
        eprintln!(
            "parse {parse:.3} s, solve {solve:.3} s ({:.2}x parse)",
            solve / parse.max(1e-9)
        );
    }
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(solved.output.as_bytes()).and_then(|_| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped early (`solve ... | head`) is not an error of ours.
        Err(e) if e.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write the answer: {e}");
            ExitCode::from(2)
        }
    }
}
