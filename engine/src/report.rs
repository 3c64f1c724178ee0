//! A counterexample as text: the corpus entry it becomes and the block printed
//! for a person. Shared by every problem, so none of it is compiled per problem.

use std::collections::HashMap;
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
    /// An interactive game's lines after the position.
    pub transcript: Option<String>,
    /// A move that wins from the input, or that it is lost (impartial games); not stored.
    pub winning: Option<String>,
    pub oracle: String,
    pub brute: Option<toml::Table>,
    pub config: String,
    pub seed: u64,
    pub case: u64,
    /// `n=9 m=14`, or `3 cases`.
    pub size: String,
    /// Test cases in the unit.
    pub cases: usize,
    /// Steps between the unit's case indices: `N` under `--shard K/N`, else 1.
    pub stride: u64,
    /// An exhaustive run's enumeration (`every rooted tree with 1 to 12
    /// vertices`): `case` is the instance's place in it, and no seed made it.
    pub exhaustive: Option<String>,
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
            transcript: self.transcript.clone(),
            oracle: (self.oracle != "brute").then(|| self.oracle.clone()),
            brute: self.brute.clone(),
            origin: Some(Origin {
                config: Some(self.config.clone()),
                seed: self.exhaustive.is_none().then_some(self.seed),
                case: Some(self.case),
                shrunk_from: shrunk_from.map(str::to_string),
                note: (self.exhaustive.as_ref())
                    .map(|what| format!("exhaustive run: instance {} of {what}", self.case)),
            }),
            ..Entry::new(self.problem, verdict, self.input.clone(), self.expected.clone())
        }
    }
}

/// Where a find goes: first its unshrunk entry under a name of its own, then
/// the final entry beside it, or why it could not be written.
///
/// A store removes only the unshrunk copy it created itself: entries already
/// in the corpus, another process's or an earlier run's, are never replaced
/// or removed, so runs sharing one corpus lose nothing.
pub struct Store<'a> {
    dir: Option<&'a Path>,
    /// The final entry, on disk.
    saved: Option<PathBuf>,
    /// The final entry's file was there before this find wrote it.
    already: bool,
    /// The unshrunk copy on disk, and whether this store created it (only
    /// then is it removed once the final entry is saved).
    unshrunk: Option<(PathBuf, bool)>,
    error: Option<String>,
}

impl<'a> Store<'a> {
    pub fn new(dir: Option<&'a Path>) -> Self {
        Store {
            dir,
            saved: None,
            already: false,
            unshrunk: None,
            error: None,
        }
    }

    /// Saves the unshrunk find before shrinking ([`Entry::save_unshrunk`]), so
    /// a run killed while shrinking loses nothing. A failed write is
    /// remembered, not raised.
    pub fn save_unshrunk(&mut self, r: &Report) {
        let Some(dir) = self.dir else { return };
        match r.entry(None).save_unshrunk(dir) {
            Ok(saved) => self.unshrunk = Some(saved),
            Err(e) => self.error = Some(format!("{e:#}")),
        }
    }

    /// Saves the final entry under its name unless a file of that name is
    /// already there (an earlier find's or another run's entry for the same
    /// input: left as it is, and the find is on disk), then removes the
    /// unshrunk copy this store created. A failed write is remembered, not
    /// raised: the find is still printed, and the unshrunk copy stays.
    pub fn save(&mut self, r: &Report, shrunk_from: Option<&str>) {
        let Some(dir) = self.dir else { return };
        match r.entry(shrunk_from).save_new(dir) {
            Ok((path, created)) => {
                if let Some((copy, true)) = self.unshrunk.take() {
                    if copy != path {
                        std::fs::remove_file(&copy).ok();
                    }
                }
                self.already = !created;
                self.saved = Some(path);
                self.error = None;
            }
            Err(e) => self.error = Some(format!("{e:#}")),
        }
    }

    /// Saves `best` as the final entry (shrunk from `shrunk_from`, or the unshrunk
    /// `original` itself when that is `None`) and records it in `finds`, which
    /// prints its FOUND block the first time a run meets the entry.
    pub fn keep(&mut self, finds: &mut Finds, original: &Report, best: &Report, shrunk_from: Option<&str>, note: &str) {
        self.save(best, shrunk_from);
        let told = Told {
            note: note.to_string(),
            winning: best.winning.clone(),
        };
        finds.record(best.file_name(), self.saved(), told, || {
            print(original, best, note, self)
        });
    }

    /// The final entry's path, when it is on disk.
    pub fn saved(&self) -> Option<&Path> {
        self.saved.as_deref()
    }
}

/// The distinct entries a run found, in the order first found: each gets one
/// FOUND block however many failing cases shrink to it.
#[derive(Default)]
pub struct Finds {
    entries: Vec<Distinct>,
    by_name: HashMap<PathBuf, usize>,
}

/// An entry a run found.
pub struct Distinct {
    /// Its file name under the corpus.
    pub name: PathBuf,
    /// Where it is on disk; `None` while every write of it failed.
    pub saved: Option<PathBuf>,
    /// Failing cases after the first that came to the same entry.
    pub more: u64,
    /// What its FOUND block said beside the entry, for the run's report.
    pub told: Told,
}

/// What a FOUND block says that the entry on disk does not hold: how the
/// shrink went (it has times, and an entry is the same on every machine) and
/// a winning move.
pub struct Told {
    /// `shrunk from n=40 to n=3 in 12 steps (0.08 s)`, or why it was not shrunk.
    pub note: String,
    pub winning: Option<String>,
}

impl Finds {
    /// In the order first found.
    pub fn all(&self) -> &[Distinct] {
        &self.entries
    }

    /// Records a failing case that came to entry `name`, on disk at `saved`
    /// or not. The first case of an entry calls `print` (its FOUND block);
    /// a later one is counted, and says so in one line only when it saved an
    /// entry that every earlier write had failed to.
    pub fn record(&mut self, name: PathBuf, saved: Option<&Path>, told: Told, print: impl FnOnce()) {
        let Some(&k) = self.by_name.get(&name) else {
            print();
            self.by_name.insert(name.clone(), self.entries.len());
            self.entries.push(Distinct {
                name,
                saved: saved.map(Path::to_path_buf),
                more: 0,
                told,
            });
            return;
        };
        let known = &mut self.entries[k];
        known.more += 1;
        if let (None, Some(path)) = (&known.saved, saved) {
            crate::output::print(&format!(
                "\nsaved: {} (a later case shrank to the entry printed above as NOT SAVED)\n",
                path.display()
            ));
            known.saved = Some(path.to_path_buf());
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

/// Prints the FOUND block on stdout.
pub fn print(original: &Report, best: &Report, note: &str, store: &Store) {
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
    let whence = match &best.exhaustive {
        Some(what) => format!("instance {} of the exhaustive run over {what}", best.case),
        None => format!("case {} of seed {}", best.case, best.seed),
    };
    let mut out = format!(
        "\n{}\n  from {whence} ({}); {note}\n  input:\n{}  expected ({oracle}):\n{}  actual ({}):\n{}",
        crate::style::paint(&headline, crate::style::Colour::Red, colour),
        best.config,
        indent(&best.input),
        indent(&best.expected),
        best.solver,
        indent(&best.actual),
    );
    if let Some(winning) = &best.winning {
        out.extend(winning.lines().map(|l| format!("  {l}\n")));
    }
    if !best.detail.is_empty() {
        out.push_str(&format!("  detail:\n{}", indent(&best.detail)));
    }
    if let Some(transcript) = &best.transcript {
        out.push_str(&format!("  transcript:\n{}", indent(transcript)));
    }
    match (&store.saved, &store.error) {
        (Some(p), _) if store.already => {
            out.push_str(&format!("  saved: {} (the entry was already there)\n", p.display()))
        }
        (Some(p), _) => out.push_str(&format!("  saved: {}\n", p.display())),
        (None, Some(error)) => {
            let not_saved = crate::style::paint("NOT SAVED", crate::style::Colour::Red, colour);
            out.push_str(&format!("  {not_saved}: {error}\n"));
            if let Some((copy, _)) = &store.unshrunk {
                out.push_str(&format!("  (an earlier, unshrunk copy is in {})\n", copy.display()));
            }
            out.push_str("  copy the input above, or fix --corpus and run again\n");
        }
        (None, None) => out.push_str("  not saved (no corpus)\n"),
    }
    let count = match (original.cases, original.stride) {
        (1, _) => String::new(),
        (n, 1) => format!(" --count {n}"),
        (n, stride) => format!(" --count {n} --stride {stride}"),
    };
    // An exhaustive run's input is the original: nothing was shrunk, and no seed made it.
    if original.exhaustive.is_none() {
        out.push_str(&format!(
            "  the original input: harness gen --config {} --seed {} --case {}{count}\n",
            crate::style::shell_word(&best.config),
            best.seed,
            original.case
        ));
    }
    out.push('\n');
    crate::output::print(&out);
}
