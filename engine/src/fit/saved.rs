//! Saved fits: `table --fit --save-fit FILE` writes the simplest fit that
//! stands as a small TOML file; `table --solver fit:FILE` reads it back and
//! shows its claims beside brute's values over any range, marking each
//! disagreement, so a conjecture is stressed far beyond the table it came
//! from.
//!
//! The file is an interface: `version` says its format, `problem`, `keys`,
//! `config` and `sets` say which table it explains (a fit is only claimed
//! for the same problem, varied keys and pinned settings), and `[fit]` is
//! the form with its parameters (`form = "periodic"`, ...).

use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};

use super::{Claim, Form};
use crate::config::Source;
use crate::table::Vary;

/// The format this harness writes and reads.
pub const VERSION: i64 = 1;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved {
    version: i64,
    problem: String,
    /// The varied keys, in order.
    keys: Vec<String>,
    /// Where the table's settings started: a config, or `<--problem NAME>`.
    config: String,
    /// The table's `--set` settings, as `KEY=VALUE`.
    sets: Vec<String>,
    /// `proven` or `conjecture`, as `--fit` found it.
    status: String,
    fit: Form,
}

/// Which table a fit belongs to.
pub struct Table<'a> {
    pub problem: &'a str,
    pub vary: &'a [Vary],
    pub base: &'a Source,
}

impl Table<'_> {
    fn keys(&self) -> Vec<String> {
        self.vary.iter().map(|v| v.key.clone()).collect()
    }

    fn sets(&self) -> Vec<String> {
        self.base.sets.iter().map(|(k, v)| format!("{k}={v}")).collect()
    }
}

/// Writes `form` to `path` as the fit of `table`.
pub fn save(path: &Path, table: &Table, form: &Form, status: &str) -> Result<()> {
    let saved = Saved {
        version: VERSION,
        problem: table.problem.to_string(),
        keys: table.keys(),
        config: table.base.origin.clone(),
        sets: table.sets(),
        status: status.to_string(),
        fit: form.clone(),
    };
    let text = format!(
        "# A closed form of {}'s values, by `harness table --fit --save-fit`.\n{}",
        table.problem,
        toml::to_string(&saved)?
    );
    std::fs::write(path, text).with_context(|| format!("--save-fit: cannot write {}", path.display()))
}

/// A saved fit as read back: the form and the table it explains.
pub struct Fitted {
    pub problem: String,
    pub keys: Vec<String>,
    /// The table's config (`<--problem NAME>` or a path) and `--set` settings, as `KEY=VALUE`.
    pub config: String,
    pub sets: Vec<String>,
    pub form: Form,
}

impl Fitted {
    /// The table's settings as a config source: the point at key values `x` is this with
    /// the keys set to `x`, every other range pinned.
    pub fn source(&self, whence: &str) -> Result<Source> {
        let sets = (self.sets.iter())
            .map(|s| crate::config::parse_set(s).map_err(|e| anyhow!("{whence}: `sets`: {e}")))
            .collect::<Result<Vec<_>>>()?;
        match self
            .config
            .strip_prefix("<--problem ")
            .and_then(|p| p.strip_suffix('>'))
        {
            Some(problem) => Ok(Source::for_problem(problem, sets)),
            None => Source::load(Path::new(&self.config), sets).with_context(|| {
                format!(
                    "{whence}: the fit was made on the config {}, which must still be there to say what its \
                     table's points are",
                    self.config
                )
            }),
        }
    }

    /// `<--problem octal-game> --set code=0.77, varying n`.
    pub fn table(&self) -> String {
        let sets: String = self.sets.iter().map(|s| format!(" --set {s}")).collect();
        format!("{}{sets}, varying {}", self.config, self.keys.join(" and "))
    }
}

/// The fit saved in `path`, of its format, its form consistent; `whence` names it in
/// messages (`fit:FILE`, `--fit FILE`).
pub fn read(path: &Path, whence: &str) -> Result<Fitted> {
    let text = std::fs::read_to_string(path).with_context(|| format!("{whence}: cannot read it"))?;
    let raw: toml::Table = toml::from_str(&text).map_err(|e| anyhow!("{whence}: not TOML: {e}"))?;
    match raw.get("version").and_then(toml::Value::as_integer) {
        Some(VERSION) => {}
        Some(v) => bail!(
            "{whence}: `version` = {v}, and this harness reads version {VERSION}: fit the table again with --fit \
             --save-fit"
        ),
        None => bail!("{whence}: no integer `version`: not a fit saved by --save-fit"),
    }
    let saved: Saved = toml::from_str(&text).map_err(|e| anyhow!("{whence}: {e}"))?;
    if let Some(why) = saved.fit.inconsistency() {
        bail!("{whence}: [fit]: {why}");
    }
    Ok(Fitted {
        problem: saved.problem,
        keys: saved.keys,
        config: saved.config,
        sets: saved.sets,
        form: saved.fit,
    })
}

/// The form saved in `path`, checked to belong to `table`.
pub fn load(path: &Path, table: &Table) -> Result<Form> {
    let shown = path.display();
    let saved = read(path, &format!("fit:{shown}"))?;
    if saved.problem != table.problem {
        bail!(
            "fit:{shown} is a fit of {}, not of {}: use it with --problem {}",
            saved.problem,
            table.problem,
            saved.problem
        );
    }
    if saved.keys != table.keys() {
        bail!(
            "fit:{shown} explains a table varying {}, not {}: vary the same keys",
            saved.keys.join(" and "),
            table.keys().join(" and ")
        );
    }
    if saved.config != table.base.origin || saved.sets != table.sets() {
        bail!(
            "fit:{shown} was fitted on {} with --set {}; this table is {} with --set {}: pin the same settings",
            saved.config,
            shown_sets(&saved.sets),
            table.base.origin,
            shown_sets(&table.sets())
        );
    }
    Ok(saved.form)
}

fn shown_sets(sets: &[String]) -> String {
    if sets.is_empty() {
        "(none)".into()
    } else {
        sets.join(" --set ")
    }
}

/// The form's claim at every point of a table (`values[i][j]`, from each
/// key's `lo`), as a cell and whether brute's value agrees; `-` where the
/// form says nothing.
pub fn cells(form: &Form, vary: &[Vary], values: &[Vec<String>]) -> Vec<Vec<(String, bool)>> {
    let judge = |claim: Option<Claim>, value: &str| match claim {
        None => ("-".to_string(), true),
        Some(c) => {
            let agrees = value.parse::<i64>().is_ok_and(|v| c.agrees(v));
            let text = match c {
                Claim::Value(v) => v.to_string(),
                Claim::Zero(true) => "0".into(),
                Claim::Zero(false) => "≠0".into(),
            };
            (text, agrees)
        }
    };
    match vary {
        [a] => {
            let to = a.lo + values.len() as i64 - 1;
            let claims = form.row_claims(a.lo, to);
            claims
                .into_iter()
                .zip(values)
                .map(|(c, l)| vec![judge(c, &l[0])])
                .collect()
        }
        _ => values
            .iter()
            .enumerate()
            .map(|(i, line)| {
                line.iter()
                    .enumerate()
                    .map(|(j, v)| judge(form.cell_claim(vary[0].lo + i as i64, vary[1].lo + j as i64), v))
                    .collect()
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::periodic::Periodic;

    fn kayles_like() -> Form {
        Form::Periodic(Periodic {
            lo: 0,
            from: 2,
            period: 3,
            saltus: 0,
            head: vec![9, 9, 1, 2, 3],
            periods: 4,
        })
    }

    #[test]
    fn a_fit_round_trips_and_belongs_to_its_table_only() {
        let dir = std::env::temp_dir().join(format!("fit-saved-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("f.toml");
        let vary = vec![Vary {
            key: "n".into(),
            lo: 0,
            hi: 10,
        }];
        let base = Source::for_problem("octal-game", vec![("code".into(), toml::Value::String("0.77".into()))]);
        let table = Table {
            problem: "octal-game",
            vary: &vary,
            base: &base,
        };
        save(&path, &table, &kayles_like(), "conjecture").unwrap();
        let form = load(&path, &table).unwrap();
        // 9 9 | 1 2 3 | 1 2 3 ...: at n = 2 + 3·5 + 1 = 18 the value is 2.
        assert_eq!(form.row_claims(18, 18), vec![Some(Claim::Value(2))]);
        let other = Table {
            problem: "bash-game",
            ..table
        };
        assert!(load(&path, &other)
            .unwrap_err()
            .to_string()
            .contains("a fit of octal-game, not of bash-game"));
        let mut moved = base.clone();
        moved.sets = vec![("code".into(), toml::Value::String("0.16".into()))];
        let elsewhere = Table { base: &moved, ..table };
        assert!(load(&path, &elsewhere)
            .unwrap_err()
            .to_string()
            .contains("pin the same settings"));
        let text = std::fs::read_to_string(&path)
            .unwrap()
            .replace("version = 1", "version = 0");
        std::fs::write(&path, text).unwrap();
        assert!(load(&path, &table).unwrap_err().to_string().contains("`version` = 0"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
