//! `--report FILE.html`: a stress run as one page a browser opens offline.
//!
//! The page holds everything inline (its style and each picture as inline
//! SVG; no script, no link, no font to fetch): the run's summary, then one
//! section per entry the run saved, with the input, the expected and actual
//! answers, the entry's notes, the shrink's steps and a winning move as the
//! FOUND block gave them (not stored in the entry: they hold times), and its
//! picture as `harness show` draws it. A problem that draws nothing says so
//! in place of the picture.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result};

use super::escape;
use crate::corpus::Entry;
use crate::report::Distinct;
use crate::run::Summary;
use crate::target::Target;

pub(super) const STYLE: &str = "body{font-family:sans-serif;margin:2em;max-width:70em;color:#111}\
table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.2em .6em;text-align:left}\
pre{background:#f4f4f4;padding:.5em;overflow-x:auto}section{border-top:2px solid #d62728;margin-top:2em}\
.picture{border:1px solid #ddd;display:inline-block;margin:.5em 0}.ok{color:#2a7a2a}.found{color:#d62728}";

/// Writes the report of the run `summary` of `t` to `file`.
pub fn write(file: &Path, t: &dyn Target, summary: &Summary) -> Result<()> {
    std::fs::write(file, page(t, summary)).with_context(|| format!("cannot write the report {}", file.display()))
}

fn page(t: &dyn Target, s: &Summary) -> String {
    let title = format!("{}: stress run", s.problem);
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style>\
         </head><body>\n<h1>{}</h1>\n",
        escape(&title),
        escape(&title)
    );
    let verdicts: Vec<String> = s.verdicts.iter().map(|(k, v)| format!("{v} {k}")).collect();
    let (status, class) = match (s.failed, s.interrupted) {
        (true, _) => match s.finds.all().len() {
            1 => ("1 counterexample found".to_string(), "found"),
            n => (format!("{n} counterexamples found"), "found"),
        },
        (false, true) => ("interrupted, nothing found".to_string(), "ok"),
        (false, false) => ("every case agreed".to_string(), "ok"),
    };
    let rows = [
        ("config", t.source().origin.clone()),
        ("seed", s.seed.to_string()),
        ("oracle", s.oracle.clone()),
        ("solvers", s.solvers.join(", ")),
        ("checked", format!("{} {}s, {} skipped", s.checked, s.noun, s.skipped)),
        (
            "verdicts",
            if verdicts.is_empty() {
                "none".into()
            } else {
                verdicts.join(", ")
            },
        ),
        ("time", format!("{:.2} s", s.elapsed.as_secs_f64())),
    ];
    let _ = writeln!(out, "<p class=\"{class}\"><b>{}</b></p>\n<table>", escape(&status));
    for (key, value) in rows {
        let _ = writeln!(out, "<tr><th>{key}</th><td>{}</td></tr>", escape(&value));
    }
    out.push_str("</table>\n");
    for d in s.finds.all() {
        out.push_str(&found(t, d));
    }
    out.push_str("</body></html>\n");
    out
}

/// One entry's section: what the FOUND block said (the shrink's steps and
/// time, a winning move), and the picture.
fn found(t: &dyn Target, d: &Distinct) -> String {
    let Some(path) = &d.saved else {
        return format!(
            "<section>\n<h2>FOUND: {}</h2>\n<p>{}</p>\n<p>not saved: the FOUND block printed by the run has it in full</p>\n</section>\n",
            escape(&d.name.display().to_string()),
            escape(&d.told.note)
        );
    };
    let mut out = format!("<section>\n<h2>FOUND: {}</h2>\n", escape(&path.display().to_string()));
    let _ = writeln!(out, "<p>{}</p>", escape(&d.told.note));
    if d.more > 0 {
        let _ = writeln!(out, "<p>{} more failing cases came to this entry</p>", d.more);
    }
    match Entry::load(path) {
        Ok(e) => {
            let solver = e.solver.as_deref().unwrap_or("?");
            let _ = writeln!(out, "<p>solver <code>{}</code>: {}</p>", escape(solver), e.verdict);
            if let Some(from) = e.origin.as_ref().and_then(|o| o.shrunk_from.as_ref()) {
                let _ = writeln!(out, "<p>shrunk from {}</p>", escape(from));
            }
            let blocks = [
                ("input", Some(&e.input)),
                ("expected", Some(&e.expected)),
                ("actual", e.actual.as_ref()),
                ("detail", e.detail.as_ref()),
                ("transcript", e.transcript.as_ref()),
            ];
            for (name, text) in blocks {
                if let Some(text) = text {
                    let _ = writeln!(out, "<h3>{name}</h3><pre>{}</pre>", escape(text.trim_end()));
                }
            }
            if let Some(winning) = &d.told.winning {
                let _ = writeln!(out, "<p>{}</p>", escape(winning));
            }
        }
        Err(e) => {
            let _ = writeln!(out, "<p>{}</p>", escape(&format!("{e:#}")));
        }
    }
    match t.picture(path) {
        Ok(p) => {
            let _ = writeln!(out, "<div class=\"picture\">{}</div>", p.svg());
        }
        Err(e) => {
            let _ = writeln!(out, "<p>no picture: {}</p>", escape(&format!("{e:#}")));
        }
    }
    out.push_str("</section>\n");
    out
}
