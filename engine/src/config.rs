//! Run configs: a TOML file per family, found by path or by name in `configs/`.
//!
//! ```toml
//! problem = "christmas-game"   # a registry name or alias
//! cases = 100000
//! seed = 1
//! solvers = ["fast"]           # default: every default solver of the problem
//! solver_cmd = "./a.out"       # optional external program
//! time_limit_ms = 2000         # per external run
//! brute_cmd = "./slow"         # optional: your own oracle instead of brute
//! brute_time_limit_ms = 60000  # per run of brute_cmd
//! checker = "./check"          # optional: a testlib-style checker
//! max_states = 2000000         # brute's budget per case
//! [gen]                        # the problem's generator parameters
//! mode = "general"
//! [brute]                      # brute's settings, if the problem has any
//! ```

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};
use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::echo;
use crate::files::{self, Within};

/// The workspace this binary was built from: the fallback home of `configs/`.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("harness/ has a parent")
        .to_path_buf()
}

/// Directories searched for config names, in order.
pub fn config_dirs() -> Vec<PathBuf> {
    let mut dirs = vec![PathBuf::from("configs")];
    let built = workspace_root().join("configs");
    if built.canonicalize().ok() != Path::new("configs").canonicalize().ok() {
        dirs.push(built);
    }
    dirs
}

/// The default corpus: the workspace's `corpus/` when running inside it,
/// else `./corpus`.
pub fn default_corpus() -> PathBuf {
    let root = workspace_root();
    match (std::env::current_dir(), root.canonicalize()) {
        (Ok(cwd), Ok(root)) if cwd.starts_with(&root) => root.join("corpus"),
        _ => PathBuf::from("corpus"),
    }
}

/// Resolves `--config X` when X is a path or a name in `configs/`; `None`
/// when it is neither (the registry then tries problem names, then
/// [`bare_file`]). A bare word (no `/`, no `.toml`) is a name first: a file
/// `./tree` in the current folder does not hide the config `tree`.
pub fn find_config(arg: &str) -> Option<PathBuf> {
    let direct = PathBuf::from(arg);
    if !is_bare(arg) && direct.is_file() {
        return Some(direct);
    }
    let name = arg.strip_suffix(".toml").unwrap_or(arg);
    config_dirs()
        .into_iter()
        .map(|dir| dir.join(format!("{name}.toml")))
        .find(|candidate| candidate.is_file())
}

/// The main config of a problem whose config is named `name` (`configs/<name>.toml`).
pub fn main_config(name: &str) -> anyhow::Result<PathBuf> {
    find_config(name).ok_or_else(|| anyhow::anyhow!("configs/{name}.toml is missing: every problem has a main config"))
}

/// A bare word that is no config name nor problem, read as a file in the
/// current folder: the last resort of `--config`.
pub fn bare_file(arg: &str) -> Option<PathBuf> {
    let path = Path::new(".").join(arg);
    (is_bare(arg) && path.is_file()).then_some(path)
}

/// A word with no folder and no `.toml`: a name before it is a file.
fn is_bare(arg: &str) -> bool {
    !arg.contains(std::path::MAIN_SEPARATOR) && !arg.contains('/') && !arg.ends_with(".toml")
}

/// The names of every config in `configs/`.
pub fn config_names() -> Vec<String> {
    let mut names: Vec<String> = config_dirs()
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flatten()
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let p = e.path();
            if p.extension()? != "toml" {
                return None;
            }
            Some(p.file_stem()?.to_string_lossy().into_owned())
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// A config as written, before the problem is known.
#[derive(Clone)]
pub struct Source {
    /// Shown in messages; `<--problem X>` when there is no file.
    pub origin: String,
    pub text: String,
    /// `--set key=value` overrides of `[gen]` keys.
    pub sets: Vec<(String, toml::Value)>,
    /// Where `sets` were written when not on the command line: a judge-size test's line in
    /// `configs/judge/<problem>.toml`, which messages blame instead of `--set`.
    pub sets_origin: Option<String>,
}

impl Source {
    pub fn load(path: &Path, sets: Vec<(String, toml::Value)>) -> Result<Source> {
        let text = files::read_text(path, Within::Anywhere, files::WRITTEN)?;
        Ok(Source {
            origin: path.display().to_string(),
            text,
            sets,
            sets_origin: None,
        })
    }

    /// A config with defaults for a problem named on the command line.
    pub fn for_problem(problem: &str, sets: Vec<(String, toml::Value)>) -> Source {
        Source {
            origin: format!("<--problem {problem}>"),
            text: format!("problem = {}\n", toml::Value::String(problem.into())),
            sets,
            sets_origin: None,
        }
    }

    /// A command from the config (`solver_cmd`, `brute_cmd`, `checker`) with
    /// every word that names a file relative to the config's folder (`./a.out`,
    /// `sol.py`) made to name it from anywhere: a config means the files
    /// beside it, whatever the current folder. Other words stay as written.
    pub fn command(&self, cmd: &str) -> String {
        // A config read from a file has its path as origin; `<--problem X>` has none.
        let folder = Path::new(&self.origin)
            .parent()
            .filter(|_| !self.origin.starts_with('<'));
        let (Some(folder), Some(words)) = (folder, shlex::split(cmd)) else {
            return cmd.to_string();
        };
        let resolved: Vec<String> = words
            .into_iter()
            .map(|w| {
                let beside = folder.join(&w);
                if Path::new(&w).is_relative() && !w.starts_with('-') && beside.is_file() {
                    beside.to_string_lossy().into_owned()
                } else {
                    w
                }
            })
            .collect();
        shlex::try_join(resolved.iter().map(String::as_str)).unwrap_or_else(|_| cmd.to_string())
    }

    /// The `problem` key, needed to pick the registry entry before full parsing.
    pub fn problem(&self) -> Result<String> {
        let table: toml::Table =
            toml::from_str(&self.text).map_err(|e| echo::toml_error(&self.origin, &self.text, &e))?;
        match table.get("problem") {
            Some(toml::Value::String(s)) => Ok(s.clone()),
            Some(_) => bail!(
                "{}: key `problem` must be a string such as \"christmas-game\"",
                self.origin
            ),
            None => bail!(
                "{}: missing key `problem` (for example problem = \"christmas-game\")",
                self.origin
            ),
        }
    }

    /// Parses the whole file with the problem's `[gen]` and `[brute]` types.
    /// Without overrides the text is parsed directly, so errors keep their line.
    pub fn parse<G: DeserializeOwned + Default, B: DeserializeOwned + Default>(&self) -> Result<ConfigFile<G, B>> {
        let in_file = |e: toml::de::Error| echo::toml_error(&self.origin, &self.text, &e);
        if self.sets.is_empty() {
            return toml::from_str(&self.text).map_err(in_file);
        }
        let mut table: toml::Table = toml::from_str(&self.text).map_err(in_file)?;
        let gen = table
            .entry("gen")
            .or_insert_with(|| toml::Value::Table(Default::default()));
        let Some(gen) = gen.as_table_mut() else {
            bail!("{}: `gen` must be a table", self.origin)
        };
        for (k, v) in &self.sets {
            set_key(gen, k, v.clone()).map_err(|e| anyhow::anyhow!("{}: {e}", self.set_by(k)))?;
        }
        let keys: Vec<&str> = self.sets.iter().map(|(k, _)| k.as_str()).collect();
        let by = match &self.sets_origin {
            Some(origin) => format!("{} with {origin} setting {}", self.origin, keys.join(", ")),
            None => format!("{} with --set {}", self.origin, keys.join(", ")),
        };
        toml::Value::Table(table)
            .try_into()
            .map_err(|e: toml::de::Error| anyhow::anyhow!("{by}: {}", echo::clip(e.message().trim_end(), echo::ECHO)))
    }

    /// Who set `[gen]`'s `key` over the file: `--set key`, or the judge-size test that did.
    fn set_by(&self, key: &str) -> String {
        match &self.sets_origin {
            Some(origin) => format!("{origin}: key `{key}`"),
            None => format!("{}: --set {key}", self.origin),
        }
    }

    /// Where `key` of `[section]` (`""` for the top level) got its value, for a message: the
    /// override that set it, else the config's line, else the config.
    pub fn locate(&self, section: &str, key: &str) -> String {
        if section == "gen"
            && self
                .sets
                .iter()
                .any(|(k, _)| k == key || k.split('.').next() == Some(key))
        {
            return self.set_by(key);
        }
        let shown = if section.is_empty() {
            format!("key `{key}`")
        } else {
            format!("in [{section}], key `{key}`")
        };
        match line_of(&self.text, section, key) {
            Some(line) => format!("{}:{line}: {shown}", self.origin),
            None => format!("{}: {shown}", self.origin),
        }
    }

    /// A `[section]` check's complaint, which names its key in backquotes first, with where that
    /// key was set (see `locate`).
    pub fn blame(&self, section: &str, complaint: &str) -> anyhow::Error {
        let key = complaint
            .split('`')
            .nth(1)
            .filter(|k| !k.is_empty() && !k.contains(' '));
        match key {
            Some(key) => anyhow::anyhow!("{}: {complaint}", self.locate(section, key)),
            None => anyhow::anyhow!("{}: in [{section}]: {complaint}", self.origin),
        }
    }
}

/// The line (from 1) where `key` is assigned in `[section]` (`""` for the top level) of a TOML
/// text, as configs write keys: one per line, `key = value`.
fn line_of(text: &str, section: &str, key: &str) -> Option<usize> {
    let mut current = "";
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(header) = line.strip_prefix('[') {
            current = header.split(']').next().unwrap_or("").trim();
            continue;
        }
        let assigned = line.split('=').next().map(str::trim);
        if current == section && line.contains('=') && assigned == Some(key) {
            return Some(i + 1);
        }
    }
    None
}

/// Sets `key` in a `[gen]` table; `key.N` sets element N (1-based) of the
/// array `key`, growing it with zeros, so a table can vary one pile of many.
fn set_key(gen: &mut toml::Table, key: &str, value: toml::Value) -> Result<(), String> {
    let Some((name, index)) = key
        .rsplit_once('.')
        .and_then(|(n, i)| Some((n, i.parse::<usize>().ok()?)))
    else {
        gen.insert(key.to_string(), value);
        return Ok(());
    };
    if index == 0 || index > 1_000_000 {
        return Err(format!("element {index} of `{name}`: elements count from 1"));
    }
    let array = gen.entry(name).or_insert_with(|| toml::Value::Array(vec![]));
    let toml::Value::Array(items) = array else {
        return Err(format!("`{name}` is not a list, so it has no element {index}"));
    };
    if items.len() < index {
        items.resize(index, toml::Value::Integer(0));
    }
    items[index - 1] = value;
    Ok(())
}

/// Parses `key=value`; the value is TOML (`7`, `[1, 5]`, `"poj"`) or else a bare string.
pub fn parse_set(arg: &str) -> Result<(String, toml::Value), String> {
    let (key, value) = arg
        .split_once('=')
        .ok_or_else(|| format!("`{arg}` is not key=value, e.g. n=500000"))?;
    let key = key.trim();
    if key.is_empty() {
        return Err(format!("`{arg}` has an empty key"));
    }
    let value = value.trim();
    let parsed = toml::from_str::<toml::Table>(&format!("v = {value}"))
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(value.to_string()));
    Ok((key.to_string(), parsed))
}

fn default_cases() -> u64 {
    100_000
}
fn default_seed() -> u64 {
    1
}
fn default_time_limit() -> u64 {
    2000
}
fn default_brute_time_limit() -> u64 {
    60_000
}
fn default_max_states() -> usize {
    brute::Budget::default().max_states
}

/// A config file, typed by its problem's generator parameters and brute options.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile<G, B> {
    pub problem: String,
    /// A sentence shown by `harness list`.
    #[serde(default)]
    pub about: Option<String>,
    #[serde(default = "default_cases")]
    pub cases: u64,
    #[serde(default = "default_seed")]
    pub seed: u64,
    #[serde(default)]
    pub solvers: Option<Vec<String>>,
    #[serde(default)]
    pub solver_cmd: Option<String>,
    #[serde(default = "default_time_limit")]
    pub time_limit_ms: u64,
    #[serde(default = "default_max_states")]
    pub max_states: usize,
    /// A built-in solver trusted as the oracle instead of brute, for sizes brute cannot reach.
    #[serde(default)]
    pub reference: Option<String>,
    /// The user's program answering instead of brute (`--brute-cmd`).
    #[serde(default)]
    pub brute_cmd: Option<String>,
    /// Time limit per run of `brute_cmd`, in milliseconds.
    #[serde(default = "default_brute_time_limit")]
    pub brute_time_limit_ms: u64,
    /// A testlib-style checker judging instead of the problem's check (`--checker`).
    #[serde(default)]
    pub checker: Option<String>,
    /// Cases per external run, up to the judge's limit (default: the judge's maximum).
    #[serde(default)]
    pub batch: Option<usize>,
    #[serde(default)]
    pub gen: G,
    #[serde(default)]
    pub brute: B,
}

/// Does this config have a `[problem]` table (a problem made of programs)?
pub fn is_problem_file(src: &Source) -> bool {
    src.text
        .parse::<toml::Table>()
        .is_ok_and(|t| t.get("problem").is_some_and(toml::Value::is_table))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(text: &str, sets: &[(&str, i64)], sets_origin: Option<&str>) -> Source {
        Source {
            origin: "configs/x.toml".into(),
            text: text.into(),
            sets: sets
                .iter()
                .map(|(k, v)| (k.to_string(), toml::Value::Integer(*v)))
                .collect(),
            sets_origin: sets_origin.map(str::to_string),
        }
    }

    const TEXT: &str = "problem = \"tree-game\"\nbatch = 0\n\n[gen]\n# n = 3\nn = [0, 5]\nshapes = [\"path\"]\n";

    #[test]
    fn a_key_is_blamed_on_its_line_in_its_section() {
        let src = source(TEXT, &[], None);
        assert_eq!(src.locate("", "batch"), "configs/x.toml:2: key `batch`");
        assert_eq!(src.locate("gen", "n"), "configs/x.toml:6: in [gen], key `n`");
        assert_eq!(src.locate("gen", "batch"), "configs/x.toml: in [gen], key `batch`");
        let e = src.blame("gen", "`n` = [0, 5] must lie within [1, 100000]");
        assert_eq!(
            e.to_string(),
            "configs/x.toml:6: in [gen], key `n`: `n` = [0, 5] must lie within [1, 100000]"
        );
        let e = src.blame("gen", "no key named here");
        assert_eq!(e.to_string(), "configs/x.toml: in [gen]: no key named here");
    }

    #[test]
    fn an_overridden_key_is_blamed_on_its_override() {
        let by_hand = source(TEXT, &[("n", 0)], None);
        assert_eq!(by_hand.locate("gen", "n"), "configs/x.toml: --set n");
        assert_eq!(
            by_hand.locate("gen", "shapes"),
            "configs/x.toml:7: in [gen], key `shapes`"
        );
        let judge = source(TEXT, &[("n", 0)], Some("configs/judge/x.toml:9: test `path`"));
        assert_eq!(judge.locate("gen", "n"), "configs/judge/x.toml:9: test `path`: key `n`");
        let err = judge.parse::<toml::Table, toml::Table>().err();
        assert!(err.is_none(), "{err:?}");
    }
}
