//! The problems a run can name: the caller's list of built-in problems and
//! interactive games (the `games` crate's `CATALOG`), looked up by name or
//! alias. The engine knows no game itself; every lookup goes through here.

use std::path::PathBuf;

use anyhow::{anyhow, bail, Result};

use crate::builtin::registry::DynProblem;
use crate::config;
use crate::corpus::Entry;
use crate::interactive::DynInteractive;
use crate::suggest;

pub struct Catalog {
    /// One per built-in problem.
    pub problems: &'static [&'static dyn DynProblem],
    /// One per interactive game.
    pub games: &'static [&'static dyn DynInteractive],
}

impl Catalog {
    /// The built-in problem named `name` (or an alias of it); the error names the close matches.
    pub fn problem(&self, name: &str) -> Result<&'static dyn DynProblem> {
        if let Some(game) = self.game(name) {
            let name = game.id().name;
            bail!(
                "`{name}` is an interactive problem, which this command does not take: a player is \
                 judged by playing\n  play it with `harness --config {name} --solver-cmd CMD`, or judge \
                 players with `harness invoke --problem {name} --solver-cmd CMD`; `harness brute \
                 --problem {name}` names the side that wins a position"
            );
        }
        self.problems
            .iter()
            .copied()
            .find(|p| p.id().answers_to(name))
            .ok_or_else(|| {
                let names = self
                    .problems
                    .iter()
                    .flat_map(|p| std::iter::once(p.id().name).chain(p.id().aliases.iter().copied()));
                anyhow!(
                    "unknown problem `{name}`\n  {}",
                    suggest::hint(name, names, "harness list")
                )
            })
    }

    /// The interactive game named `name`, if there is one.
    pub fn game(&self, name: &str) -> Option<&'static dyn DynInteractive> {
        self.games.iter().copied().find(|g| g.id().answers_to(name))
    }

    /// Whether `name` is taken by a built-in problem or game (a problem file may not use it).
    pub fn is_built_in(&self, name: &str) -> bool {
        self.problem(name).is_ok() || self.game(name).is_some()
    }

    /// The built-in problem an entry names.
    pub fn problem_of(&self, entry: &Entry) -> Result<&'static dyn DynProblem> {
        self.problem(&entry.problem).map_err(|e| anyhow!("key `problem`: {e}"))
    }

    /// Resolves `--config X`: a file, a name in `configs/`, or a problem's name or alias (its
    /// main config).
    pub fn find_config(&self, arg: &str) -> Result<PathBuf> {
        if let Some(path) = config::find_config(arg) {
            return Ok(path);
        }
        if let Ok(p) = self.problem(arg) {
            return config::find_config(p.config())
                .ok_or_else(|| anyhow!("problem `{arg}` has no config: configs/{}.toml is missing", p.config()));
        }
        if let Some(path) = config::bare_file(arg) {
            return Ok(path);
        }
        let configs = config::config_names();
        let known = configs
            .iter()
            .map(String::as_str)
            .chain(self.problems.iter().map(|p| p.id().name));
        bail!(
            "config `{arg}` not found: it is neither a file, nor a name in configs/, nor a problem\n  {}",
            suggest::hint(arg, known, "harness list")
        )
    }
}
