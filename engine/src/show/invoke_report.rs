//! `invoke --report FILE.html`: the verdict table of an invocation as one
//! page a browser opens offline, as `report.rs` does for a stress run.
//!
//! The page holds what `invoke` prints: the limits, the table (one row per
//! test with its description, one column per solution, each cell's verdict,
//! time and memory, coloured, `!` where the verdict was not expected), the
//! cells that are not OK in words with the end of their stderr, and whether
//! each solution behaved as expected.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result};

use super::escape;
use crate::invoke::{self, Invocations, Verdict};

/// Writes the page of the invocations of `problem`'s solutions to `file`.
pub fn write(file: &Path, problem: &str, inv: &Invocations) -> Result<()> {
    std::fs::write(file, page(problem, inv)).with_context(|| format!("cannot write the report {}", file.display()))
}

fn page(problem: &str, inv: &Invocations) -> String {
    let title = format!("{problem}: invoke");
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{}</style>\
         </head><body>\n<h1>{}</h1>\n",
        escape(&title),
        super::report::STYLE,
        escape(&title)
    );
    let (status, class) = if inv.as_expected() {
        ("every solution as expected", "ok")
    } else {
        ("not as expected", "found")
    };
    let _ = writeln!(
        out,
        "<p class=\"{class}\"><b>{status}</b></p>\n<p>{}</p>",
        escape(&inv.limits.describe())
    );
    out.push_str("<table>\n<tr><th>test</th><th>about</th>");
    for h in invoke::heads(inv) {
        let _ = write!(out, "<th>{}</th>", escape(&h));
    }
    out.push_str("</tr>\n");
    for (t, (test, row)) in inv.tests.iter().zip(&inv.cells).enumerate() {
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td>",
            escape(&test.name),
            escape(&test.about)
        );
        for (s, cell) in row.iter().enumerate() {
            let class = if cell.verdict == Verdict::Ok { "ok" } else { "found" };
            let mark = if inv.unexpected(t, s) { "!" } else { "" };
            let _ = write!(
                out,
                "<td><b class=\"{class}\">{}{mark}</b> {:.0} ms {:.1} MiB</td>",
                cell.verdict.short(),
                cell.time.as_secs_f64() * 1000.0,
                invoke::mib(cell.memory)
            );
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    let failures = invoke::failures(inv);
    if !failures.is_empty() {
        out.push_str("<h2>not OK</h2>\n<ul>\n");
        for f in &failures {
            let _ = write!(
                out,
                "<li><code>{}</code> on {}: {}",
                escape(f.solution),
                escape(f.test),
                escape(&f.what)
            );
            if !f.stderr.is_empty() {
                let _ = write!(out, "<pre>{}</pre>", escape(&f.stderr.join("\n")));
            }
            out.push_str("</li>\n");
        }
        out.push_str("</ul>\n");
    }
    out.push_str("<h2>expected verdicts</h2>\n<ul>\n");
    for (name, line) in inv.solutions.iter().zip(invoke::expectations(inv)) {
        let _ = writeln!(out, "<li><code>{}</code>: {}</li>", escape(name), escape(&line));
    }
    out.push_str("</ul>\n</body></html>\n");
    out
}
