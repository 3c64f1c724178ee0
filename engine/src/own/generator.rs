//! A problem file's generator as a judge's package carries it: its source
//! file, and for each generated input the arguments that make it, so that
//! a Polygon package can say how each test was made (`cmd="gen 17 8 100"`,
//! the generator among its executables) and Polygon can make it again.
//!
//! `gen = "python3 gen.py {seed} {t} {max}"` carries `gen.py`, and a case
//! drawn with seed 17, `t = 8`, `max = 100` has the arguments `17 8 100`:
//! the words after the source file, each placeholder filled. Words before it
//! (the interpreter) are Polygon's to choose by the source's language.
//!
//! A generator cannot be carried when the problem has none (its spec makes
//! the inputs), when no word of `gen` is a source file of the problem's
//! folder (a built program, a file elsewhere), when a placeholder stands
//! before that word, when Polygon names no language for it, or when its name
//! is one the package's own programs take. An argument holding a blank, a
//! quote or a shell sign (`<>|&;$`) cannot be written in a `cmd`: that test
//! stands on its own. Only the one source file is carried: a generator that
//! imports others of its folder needs them added to the package.
//!
//! Reference: Polygon's `problem.xml` (`files/executables`, a test's
//! `method="generated"` and `cmd`).

use std::path::Path;

use super::case::Draw;
use super::file::{placeholders, substitute, ProblemFile};
use crate::package::{self, Carried};

/// The names the package's own programs take (`files/check.cpp`, `files/validator.cpp`,
/// `files/interactor.cpp`, `files/testlib.h`): a generator named so would be confused with them.
const TAKEN: [&str; 4] = ["check", "validator", "interactor", "testlib"];

/// A problem file's generator, as a package carries it.
pub struct Generator {
    /// Its source file (`gen.py`).
    pub source: Carried,
    /// The words of `gen` after the source file, placeholders unfilled (`{seed}`, `{t}`, `{max}`).
    args: Vec<String>,
}

impl Generator {
    /// The generator of `file`, or why a package cannot carry it.
    pub fn of(file: &ProblemFile) -> Result<Generator, String> {
        let gen = (file.programs.gen.as_deref()).ok_or("the problem has no `gen`: its spec makes the inputs")?;
        carried(gen, &file.dir)
    }

    /// The arguments that make the input of `draw`, when each can be written in a command line.
    pub fn args(&self, draw: &Draw) -> Option<Vec<String>> {
        let args: Vec<String> = (self.args.iter())
            .map(|word| substitute(word, &draw.values, draw.seed))
            .collect();
        args.iter().all(|a| plain(a)).then_some(args)
    }
}

/// The generator `gen` runs in `dir`, or why a package cannot carry it.
fn carried(gen: &str, dir: &Path) -> Result<Generator, String> {
    let words = shlex::split(gen).ok_or_else(|| format!("`{gen}` is no command line"))?;
    let (at, (name, path)) = (words.iter().enumerate())
        .find_map(|(k, w)| Some((k, package::source_file(w, dir)?)))
        .ok_or_else(|| format!("the generator `{gen}` names no source file of the problem's folder"))?;
    if words[..at].iter().any(|w| placeholders(w).is_ok_and(|p| !p.is_empty())) {
        return Err(format!(
            "`{gen}` has a placeholder before its source file `{name}`, where a judge's command has none"
        ));
    }
    if crate::polygon::language_of(&name).is_none() {
        return Err(format!("Polygon names no language for the generator's source `{name}`"));
    }
    let stem = package::stem(&name);
    if TAKEN.contains(&stem) {
        return Err(format!(
            "the generator's name `{stem}` is one of the package's own programs ({}): rename `{name}`",
            TAKEN.join(", ")
        ));
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(Generator {
        source: Carried { name, text },
        args: words[at + 1..].to_vec(),
    })
}

/// Whether `arg` is one word of a command line as Polygon reads it: no blank, no quote, no shell sign.
fn plain(arg: &str) -> bool {
    !arg.is_empty() && arg.chars().all(|c| c.is_ascii_graphic() && !"\"'`\\<>|&;$".contains(c))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn folder(tag: &str, files: &[&str]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("own-generator-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for f in files {
            std::fs::write(dir.join(f), format!("source of {f}")).unwrap();
        }
        dir
    }

    #[test]
    fn the_words_after_the_source_file_are_its_arguments_filled_per_draw() {
        let dir = folder("args", &["gen.py"]);
        let g = carried("python3 -u gen.py {seed} --t={t} {max}", &dir).unwrap();
        assert_eq!(
            (g.source.name.as_str(), g.source.text.as_str()),
            ("gen.py", "source of gen.py")
        );
        let draw = |t: i64| Draw {
            values: BTreeMap::from([("t".to_string(), t), ("max".to_string(), 100)]),
            seed: 17,
        };
        assert_eq!(g.args(&draw(8)).unwrap(), ["17", "--t=8", "100"]);
        assert_eq!(g.args(&draw(-3)).unwrap(), ["17", "--t=-3", "100"]);
        // A value no command line can hold as one plain word: the test stands on its own.
        let spaced = carried("python3 gen.py '{t} x'", &dir).unwrap();
        assert_eq!(spaced.args(&draw(1)), None);
        assert!(plain("a-b_c.d=1,2") && !plain("") && !plain("a>b") && !plain("$x") && !plain("é"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_generator_a_package_cannot_carry_says_why() {
        let dir = folder("why", &["gen.py", "check.py", "gen.sh"]);
        for (gen, says) in [
            ("./gen {seed}", "names no source file of the problem's folder"),
            ("python3 /elsewhere/gen.py {seed}", "names no source file"),
            (
                "python3 -X{seed} gen.py",
                "has a placeholder before its source file `gen.py`",
            ),
            (
                "sh gen.sh {seed}",
                "Polygon names no language for the generator's source `gen.sh`",
            ),
            (
                "python3 check.py {seed}",
                "the generator's name `check` is one of the package's own",
            ),
        ] {
            let err = carried(gen, &dir).err().unwrap();
            assert!(err.contains(says), "{gen}: {err}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
