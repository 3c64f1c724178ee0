//! `harness show`: a corpus entry, an input file or case K of a config,
//! drawn by its problem, in the format asked, to a file or stdout.
//!
//! An input is read by the judge format's own reader, so a text that does
//! not parse fails as it does for `harness check`; a problem that draws
//! nothing, a format that cannot hold the figure and an output that cannot
//! be written are errors too (exit 2). PNG goes through SVG and the first of
//! `rsvg-convert` or ImageMagick found on the PATH, never a library of ours.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{anyhow, bail, Context, Result};
use brute::Budget;

use super::{Format, Picture, MAX_PANELS};
use crate::builtin::problem::winning_line;
use crate::builtin::registry::DynProblem;
use crate::catalog::Catalog;
use crate::corpus::Entry;
use crate::target;

/// What to draw.
pub enum Subject {
    /// A corpus entry: its input, with the expected and actual answers in the caption.
    Entry(PathBuf),
    /// An input file of a built-in problem.
    Input { problem: String, file: PathBuf },
    /// Case `case` of a config, from its seed or `seed`.
    Case {
        config: String,
        case: u64,
        seed: Option<u64>,
    },
}

pub struct Request {
    pub subject: Subject,
    pub budget: Budget,
}

/// The picture of what `r` names.
pub fn draw(catalog: &'static Catalog, r: &Request) -> Result<Picture> {
    match &r.subject {
        Subject::Entry(path) => entry(catalog, path, &r.budget),
        Subject::Input { problem, file } => {
            let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
            let problem = catalog.problem(problem)?;
            let title = format!("{}: {}", problem.id().name, file.display());
            picture(problem, &text, None, title, Vec::new(), &r.budget).with_context(|| file.display().to_string())
        }
        Subject::Case { config, case, seed } => {
            let target = target::resolve(catalog, config, vec![])?;
            let text = target.generate(*seed, *case, 1, 1)?;
            let problem = drawer(catalog, target.name())?;
            let seed = seed.map_or(String::new(), |s| format!(" --seed {s}"));
            let title = format!("{}: --config {config}{seed} --case {case}", problem.id().name);
            picture(problem, &text, None, title, Vec::new(), &r.budget)
        }
    }
}

/// The built-in problem that draws `name`'s positions: itself, or for an
/// interactive game the plain problem its positions are written as.
pub fn drawer(catalog: &Catalog, name: &str) -> Result<&'static dyn DynProblem> {
    if catalog.game(name).is_some() {
        if let Some(plain) = name.strip_suffix("-interactive") {
            if let Ok(p) = catalog.problem(plain) {
                return Ok(p);
            }
        }
        bail!("`{name}` has no drawing: its positions are no built-in problem's input");
    }
    catalog.problem(name).map_err(|e| {
        if name.is_empty() || catalog.is_built_in(name) {
            e
        } else {
            anyhow!("`{name}` is a problem file's problem, and only built-in problems have drawings")
        }
    })
}

fn entry(catalog: &Catalog, path: &Path, budget: &Budget) -> Result<Picture> {
    let mut e = Entry::load(path)?;
    let problem = drawer(catalog, &e.problem).with_context(|| path.display().to_string())?;
    if catalog.game(&e.problem).is_some() {
        e.input = as_input(problem, &e.input).map_err(|why| {
            anyhow!(
                "{}: `{}` has no drawing: its position is no {} input: {why}",
                path.display(),
                e.problem,
                problem.id().name
            )
        })?;
    }
    of_entry(problem, &e, path, budget)
}

/// The picture of the entry at `path`, drawn by `problem`.
pub fn entry_picture(problem: &dyn DynProblem, path: &Path, budget: &Budget) -> Result<Picture> {
    of_entry(problem, &Entry::load(path)?, path, budget)
}

fn of_entry(problem: &dyn DynProblem, e: &Entry, path: &Path, budget: &Budget) -> Result<Picture> {
    let mut caption = Vec::new();
    if let Some(solver) = &e.solver {
        caption.push(format!("solver `{solver}`: {}", e.verdict));
    }
    caption.push(format!("expected: {}", one_line(&e.expected)));
    if let Some(actual) = &e.actual {
        caption.push(format!("actual: {}", one_line(actual)));
    }
    if let Some(detail) = &e.detail {
        caption.push(format!("detail: {}", one_line(detail)));
    }
    if let Some(transcript) = &e.transcript {
        caption.push("transcript:".to_string());
        caption.extend(transcript.lines().take(30).map(|l| format!("  {l}")));
    }
    let title = format!("{}: {}", e.problem, path.display());
    picture(problem, &e.input, e.brute.as_ref(), title, caption, budget).with_context(|| path.display().to_string())
}

fn one_line(text: &str) -> String {
    let joined = text.trim().lines().collect::<Vec<_>>().join(" / ");
    match joined.char_indices().nth(160) {
        Some((cut, _)) => format!("{}...", &joined[..cut]),
        None => joined,
    }
}

/// The picture of a judge input of `problem` (or one position of a game it draws, which
/// lacks the case count), titled `title`.
pub fn input_picture(problem: &dyn DynProblem, input: &str, title: String, budget: &Budget) -> Result<Picture> {
    picture(problem, &as_input(problem, input)?, None, title, Vec::new(), budget)
}

/// `text` as an input of `problem`: itself, or where it is one case without the case count (a
/// game's position, for nim), that case as an input.
fn as_input(problem: &dyn DynProblem, text: &str) -> Result<String> {
    match problem.parse_input(text) {
        Ok(_) => Ok(text.to_string()),
        Err(_) => problem.case_input(text),
    }
}

fn picture(
    problem: &dyn DynProblem,
    input: &str,
    brute: Option<&toml::Table>,
    title: String,
    mut caption: Vec<String>,
    budget: &Budget,
) -> Result<Picture> {
    let Some((cases, panels)) = problem.panels(input, brute, budget)? else {
        bail!("{} has no drawing (its problem draws nothing yet)", problem.id().name);
    };
    if cases > MAX_PANELS {
        caption.push(format!("drew the first {MAX_PANELS} of {cases} cases"));
    }
    let several = panels.len() > 1;
    let panels = panels
        .into_iter()
        .enumerate()
        .map(|(k, mut panel)| {
            if let Some(left_out) = panel.figure.clip() {
                panel.notes.push(left_out);
            }
            let title = if several {
                format!("case {}", k + 1)
            } else {
                String::new()
            };
            (title, panel)
        })
        .collect();
    Ok(Picture { title, caption, panels })
}

/// What `harness brute --explain` adds to the answers: each case's winning
/// move, or that it is lost.
pub fn explain(problem: &dyn DynProblem, input: &str, brute: Option<&toml::Table>, budget: &Budget) -> Result<String> {
    let Some(cases) = problem.winning_moves(input, brute, budget)? else {
        bail!(
            "{} names no winning moves (--explain is for impartial games)",
            problem.id().name
        );
    };
    let several = cases.len() > 1;
    Ok(cases
        .iter()
        .enumerate()
        .map(|(k, moves)| {
            let case = if several {
                format!("case {}: ", k + 1)
            } else {
                String::new()
            };
            format!("{case}{}\n", winning_line(moves))
        })
        .collect())
}

/// Writes `p` in `format` to `out` (stdout when `None`).
pub fn write(p: &Picture, format: Format, out: Option<&Path>) -> Result<()> {
    let bytes = match format {
        Format::Png => png(&p.render(Format::Svg)?)?,
        _ => p.render(format)?.into_bytes(),
    };
    match out {
        Some(path) => std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display())),
        None => crate::output::write_bytes(&bytes),
    }
}

/// The SVG as PNG, by the first converter on the PATH.
fn png(svg: &str) -> Result<Vec<u8>> {
    let converters: [(&str, &[&str]); 3] = [
        ("rsvg-convert", &["--format", "png"]),
        ("magick", &["svg:-", "png:-"]),
        ("convert", &["svg:-", "png:-"]),
    ];
    for (program, args) in converters {
        let Ok(mut child) = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
        else {
            continue;
        };
        let mut stdin = child.stdin.take().expect("piped");
        let text = svg.to_string();
        let feeder = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
        let out = child.wait_with_output()?;
        let _ = feeder.join();
        if out.status.success() && out.stdout.starts_with(b"\x89PNG") {
            return Ok(out.stdout);
        }
        bail!(
            "{program} could not turn the SVG into PNG: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    bail!(
        "PNG needs rsvg-convert (Debian: apt install librsvg2-bin) or ImageMagick on the PATH; without them, use \
         --format svg and open the file in a browser"
    )
}
