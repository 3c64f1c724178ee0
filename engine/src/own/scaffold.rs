//! `harness new NAME`: a problem folder to start from, in the user's language,
//! as BAPCtools' `bt new_problem` and rbx's `rbx create` write one. Its
//! programs already run together (a take-away game: brute plays it out, the
//! solution knows the theorem), so the first `harness --config
//! NAME/problem.toml` passes, and each file is a model to edit: a problem file
//! with every key commented, a generator, a brute, a solution, a validator, a
//! checktestdata spec and a sample.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{anyhow, bail, Context, Result};

use crate::package::stem;
use crate::Catalog;

/// The language of the programs written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    Python,
    Cpp,
}

/// The programs, by role: the file name and its text.
struct Sources {
    gen: (&'static str, &'static str),
    brute: (&'static str, &'static str),
    sol: (&'static str, &'static str),
    val: (&'static str, &'static str),
}

const PYTHON: Sources = Sources {
    gen: ("gen.py", include_str!("scaffold/python/gen.py")),
    brute: ("brute.py", include_str!("scaffold/python/brute.py")),
    sol: ("sol.py", include_str!("scaffold/python/sol.py")),
    val: ("val.py", include_str!("scaffold/python/val.py")),
};

const CPP: Sources = Sources {
    gen: ("gen.cpp", include_str!("scaffold/cpp/gen.cpp")),
    brute: ("brute.cpp", include_str!("scaffold/cpp/brute.cpp")),
    sol: ("sol.cpp", include_str!("scaffold/cpp/sol.cpp")),
    val: ("val.cpp", include_str!("scaffold/cpp/val.cpp")),
};

const PROBLEM: &str = include_str!("scaffold/problem.toml");
const SPEC: &str = include_str!("scaffold/input.ctd");
const SAMPLE: &str = include_str!("scaffold/sample.in");

/// How a C++ source is built beside itself: `g++ -O2 -std=c++17 -o sol sol.cpp`.
const CXX_FLAGS: [&str; 2] = ["-O2", "-std=c++17"];

/// What [`create`] wrote.
pub struct Created {
    pub dir: PathBuf,
    pub name: String,
    /// The problem file.
    pub config: PathBuf,
    /// The C++ sources it could not build (no `g++` on the `PATH`), with the command that does.
    pub unbuilt: Option<String>,
}

/// Writes the problem folder `dir`, named after its last component, with its
/// programs in `lang` (C++ built with `g++` when there is one). A folder
/// that exists is refused: nothing of the user's is ever overwritten.
pub fn create(catalog: &Catalog, dir: &Path, lang: Lang) -> Result<Created> {
    let name = dir
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| anyhow!("`{}` names no folder: give the new problem's folder", dir.display()))?
        .to_string();
    super::file::check_name(&name, catalog).map_err(|why| anyhow!("cannot name a problem so: {why}"))?;
    if dir.symlink_metadata().is_ok() {
        bail!(
            "destination `{}` already exists\n  choose another name, or remove it first: `harness new` never \
             writes over files",
            dir.display()
        );
    }
    let sources = match lang {
        Lang::Python => &PYTHON,
        Lang::Cpp => &CPP,
    };
    // Written beside its final place, then moved there whole: a failure leaves no half folder.
    let parent = dir
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !parent.is_dir() {
        bail!(
            "cannot create `{}`: `{}` is no folder\n  create it first, or give a path in an existing folder",
            dir.display(),
            parent.display()
        );
    }
    let temp = parent.join(format!(".{name}.new-{}", std::process::id()));
    let written = write_all(&temp, dir, &name, lang, sources).and_then(|()| {
        std::fs::rename(&temp, dir).with_context(|| format!("cannot move {} to {}", temp.display(), dir.display()))
    });
    if let Err(e) = written {
        let _ = std::fs::remove_dir_all(&temp);
        return Err(e);
    }
    let unbuilt = match lang {
        Lang::Python => None,
        Lang::Cpp => build(dir, sources)?,
    };
    Ok(Created {
        config: dir.join("problem.toml"),
        dir: dir.to_path_buf(),
        name,
        unbuilt,
    })
}

fn write_all(temp: &Path, dir: &Path, name: &str, lang: Lang, s: &Sources) -> Result<()> {
    std::fs::create_dir(temp).with_context(|| format!("cannot create the folder {}", temp.display()))?;
    std::fs::create_dir(temp.join("samples")).with_context(|| format!("cannot create {}/samples", temp.display()))?;
    let files = [
        ("problem.toml", problem_file(dir, name, lang, s)),
        ("input.ctd", SPEC.to_string()),
        ("samples/1.in", SAMPLE.to_string()),
        (s.gen.0, s.gen.1.to_string()),
        (s.brute.0, s.brute.1.to_string()),
        (s.sol.0, s.sol.1.to_string()),
        (s.val.0, s.val.1.to_string()),
    ];
    for (file, text) in files {
        let path = temp.join(file);
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// The problem file, its commands in `lang`.
fn problem_file(dir: &Path, name: &str, lang: Lang, s: &Sources) -> String {
    let run = |(file, _): (&str, &str)| match lang {
        Lang::Python => format!("python3 {file}"),
        Lang::Cpp => format!("./{}", stem(file)),
    };
    let build = match lang {
        Lang::Python => String::new(),
        Lang::Cpp => format!(
            "# Rebuild what you edit: {} (harness new built them)\n",
            [s.gen, s.brute, s.sol, s.val]
                .iter()
                .map(|(file, _)| build_command(file))
                .collect::<Vec<_>>()
                .join("; ")
        ),
    };
    PROBLEM
        .replace("@DIR@", &dir.display().to_string())
        .replace("@NAME@", name)
        .replace("@BUILD@", &build)
        .replace("@GEN@", &run(s.gen))
        .replace("@BRUTE@", &run(s.brute))
        .replace("@SOL@", &run(s.sol))
        .replace("@VAL@", &run(s.val))
}

fn build_command(file: &str) -> String {
    format!("g++ {} -o {} {file}", CXX_FLAGS.join(" "), stem(file))
}

/// Builds each C++ source beside itself; `Some(commands)` when there is no
/// `g++` to do it. A source that does not compile is an error with the
/// compiler's words.
fn build(dir: &Path, s: &Sources) -> Result<Option<String>> {
    let files = [s.gen.0, s.brute.0, s.sol.0, s.val.0];
    let manual = || files.iter().map(|f| build_command(f)).collect::<Vec<_>>().join("; ");
    for file in files {
        let out = match Command::new("g++")
            .args(CXX_FLAGS)
            .args(["-o", stem(file), file])
            .current_dir(dir)
            .output()
        {
            Ok(out) => out,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Some(manual())),
            Err(e) => bail!("cannot run g++ on {}: {e}", dir.join(file).display()),
        };
        if !out.status.success() {
            bail!(
                "g++ could not build {}: {}\n  the folder is written; build it by hand: cd {} && {}",
                dir.join(file).display(),
                String::from_utf8_lossy(&out.stderr).trim(),
                dir.display(),
                manual()
            );
        }
    }
    Ok(None)
}
