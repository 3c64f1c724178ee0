//! `testset --report FILE.html`: a written test set as one page a browser
//! opens offline, as `report.rs` does for a stress run.
//!
//! The set is read back from the folder `testset` wrote (any layout, through
//! [`crate::audit::folder`]), so the page shows what a judge will get: per
//! test its name, group and description, the input and the answer (clipped),
//! and its picture as `harness show` draws it. Judge-size tests and inputs
//! too long to draw are named with their size, not drawn; a problem that
//! draws nothing (a problem file's) gets the texts alone.
//!
//! Complexity: one read of the folder and one drawing per small test.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result};
use brute::Budget;

use super::{draw, escape};
use crate::package::Group;
use crate::Catalog;

/// Inputs longer than this are named with their size, not drawn.
const DRAWN_BYTES: usize = 100_000;
/// How much of each input and answer the page shows.
const SHOWN_BYTES: usize = 2_000;

/// Writes the page of the test set of `name` that `testset` wrote to `dir`.
pub fn write(file: &Path, catalog: &'static Catalog, name: &str, dir: &Path, budget: &Budget) -> Result<()> {
    let tests = crate::audit::folder::read(dir)?;
    let drawer = draw::drawer(catalog, name).ok();
    let title = format!("{name}: test set {}", dir.display());
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{}</style>\
         </head><body>\n<h1>{}</h1>\n<p>{} tests</p>\n",
        escape(&title),
        super::report::STYLE,
        escape(&title),
        tests.len()
    );
    for (test, t) in &tests {
        let _ = writeln!(
            out,
            "<section>\n<h2>{}</h2>\n<p>{:?}: {}</p>",
            escape(test),
            t.group,
            escape(&t.what)
        );
        for (label, text) in [("input", &t.input), ("answer", &t.answer)] {
            let _ = writeln!(
                out,
                "<h3>{label} ({} bytes)</h3><pre>{}</pre>",
                text.len(),
                escape(&crate::echo::clip(text.trim_end(), SHOWN_BYTES))
            );
        }
        let picture = match drawer {
            None => None,
            Some(_) if t.group == Group::JudgeSize || t.input.len() > DRAWN_BYTES => {
                Some(Err(anyhow::anyhow!("a judge-size input is not drawn")))
            }
            Some(problem) => Some(draw::input_picture(problem, &t.input, test.clone(), budget)),
        };
        match picture {
            Some(Ok(p)) => {
                let _ = writeln!(out, "<div class=\"picture\">{}</div>", p.svg());
            }
            Some(Err(e)) => {
                let _ = writeln!(out, "<p>no picture: {}</p>", escape(&format!("{e:#}")));
            }
            None => {}
        }
        out.push_str("</section>\n");
    }
    out.push_str("</body></html>\n");
    std::fs::write(file, out).with_context(|| format!("cannot write the report {}", file.display()))
}
