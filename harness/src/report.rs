//! A counterexample as text: the corpus entry it becomes and the block printed
//! for a person. Shared by every problem, so none of it is compiled per problem.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use crate::corpus::{Entry, Origin, Verdict};
use crate::verdict::Kind;

/// A failure, in the judge's text formats.
pub struct Report {
    pub problem: &'static str,
    pub solver: String,
    pub kind: Kind,
    pub input: String,
    pub expected: String,
    pub actual: String,
    pub detail: String,
    pub oracle: String,
    pub brute: Option<toml::Table>,
    pub config: String,
    pub seed: u64,
    pub case: u64,
    /// `n=9 m=14`, or `3 cases`.
    pub size: String,
    /// Test cases in the unit.
    pub cases: usize,
}

impl Report {
    /// The file name of the entry it becomes, under the corpus folder.
    pub fn file_name(&self) -> PathBuf {
        self.entry(None).file_name()
    }

    fn entry(&self, shrunk_from: Option<&str>) -> Entry {
        let verdict = Verdict::of(self.kind).expect("a cancelled run is never reported");
        Entry {
            solver: Some(self.solver.clone()),
            actual: Some(self.actual.clone()),
            detail: (!self.detail.is_empty()).then(|| self.detail.clone()),
            oracle: (self.oracle != "brute").then(|| self.oracle.clone()),
            brute: self.brute.clone(),
            origin: Some(Origin {
                config: Some(self.config.clone()),
                seed: Some(self.seed),
                case: Some(self.case),
                shrunk_from: shrunk_from.map(str::to_string),
                note: None,
            }),
            ..Entry::new(self.problem, verdict, self.input.clone(), self.expected.clone())
        }
    }
}

/// Where a find goes: the corpus entry, replaced as shrinking improves it, or
/// why it could not be written.
pub struct Store<'a> {
    dir: Option<&'a Path>,
    /// Entries an earlier find of the run kept, by file name: never rewritten
    /// or removed, so the earliest case that shrinks to an entry is the one it records.
    kept: &'a HashSet<PathBuf>,
    saved: Option<PathBuf>,
    /// The file this store wrote, which the next save replaces.
    written: Option<PathBuf>,
    error: Option<String>,
}

impl<'a> Store<'a> {
    pub fn new(dir: Option<&'a Path>, kept: &'a HashSet<PathBuf>) -> Self {
        Store {
            dir,
            kept,
            saved: None,
            written: None,
            error: None,
        }
    }

    /// Writes the entry, replacing the one saved before (the unshrunk find).
    /// A failed write is remembered, not raised: the find is still printed.
    pub fn save(&mut self, r: &Report, shrunk_from: Option<&str>) {
        let Some(dir) = self.dir else { return };
        let entry = r.entry(shrunk_from);
        let name = entry.file_name();
        let outcome = if self.kept.contains(&name) {
            Ok((dir.join(name), false))
        } else {
            entry.save(dir).map(|path| (path, true))
        };
        match outcome {
            Ok((path, wrote)) => {
                if let Some(old) = self.written.take() {
                    if old != path {
                        std::fs::remove_file(&old).ok();
                    }
                }
                if wrote {
                    self.written = Some(path.clone());
                }
                self.saved = Some(path);
                self.error = None;
            }
            Err(e) => self.error = Some(format!("{e:#}")),
        }
    }
}

fn indent(text: &str) -> String {
    let body = if text.trim().is_empty() {
        "(nothing)"
    } else {
        text.trim_end()
    };
    body.lines().map(|l| format!("    {l}\n")).collect()
}

/// What a verdict says about a solver, in words.
fn says(kind: Kind) -> &'static str {
    match kind {
        Kind::Mismatch => "gives a wrong answer",
        Kind::Crash => "crashes",
        Kind::Timeout => "runs past the time limit",
        Kind::BadOutput => "prints output that is not in the judge's format",
        Kind::Flaky => "prints different outputs on the same input",
        Kind::Panic => "panics",
        Kind::Cancelled => "was stopped",
        Kind::CannotRun => "cannot run",
    }
}

/// Prints the FOUND block on stdout; the saved entry's path, if any.
pub fn print(original: &Report, best: &Report, note: &str, store: &Store) -> Option<PathBuf> {
    let oracle = match best.oracle.strip_prefix("reference:") {
        Some(name) => format!("reference `{name}`"),
        None => best.oracle.clone(),
    };
    let colour = crate::style::stdout_colour();
    let headline = format!(
        "FOUND {}: solver `{}` {} (verdict: {})",
        best.problem,
        best.solver,
        says(best.kind),
        best.kind.as_str()
    );
    let mut out = format!(
        "\n{}\n  from case {} of seed {} ({}); {note}\n  input:\n{}  expected ({oracle}):\n{}  actual ({}):\n{}",
        crate::style::paint(&headline, crate::style::Colour::Red, colour),
        best.case,
        best.seed,
        best.config,
        indent(&best.input),
        indent(&best.expected),
        best.solver,
        indent(&best.actual),
    );
    if !best.detail.is_empty() {
        out.push_str(&format!("  detail:\n{}", indent(&best.detail)));
    }
    match (&store.saved, &store.error) {
        (_, Some(error)) => {
            let not_saved = crate::style::paint("NOT SAVED", crate::style::Colour::Red, colour);
            out.push_str(&format!("  {not_saved}: {error}\n"));
            if let Some(saved) = &store.saved {
                out.push_str(&format!("  (an earlier, unshrunk copy is in {})\n", saved.display()));
            }
            out.push_str("  copy the input above, or fix --corpus and run again\n");
        }
        (Some(p), None) => out.push_str(&format!("  saved: {}\n", p.display())),
        (None, None) => out.push_str("  not saved (no corpus)\n"),
    }
    let count = if original.cases > 1 {
        format!(" --count {}", original.cases)
    } else {
        String::new()
    };
    out.push_str(&format!(
        "  the original input: harness gen --config {} --seed {} --case {}{count}\n",
        best.config, best.seed, original.case
    ));
    out.push('\n');
    crate::output::print(&out);
    store.saved.clone().filter(|_| store.error.is_none())
}
