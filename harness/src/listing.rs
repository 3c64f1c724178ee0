//! `harness list` and `harness list --map`: the problems, their solvers,
//! relations and configs, and for each problem every file that makes it up.

use engine::builtin::registry;
use engine::config;
use games::CATALOG;

/// The configs in `configs/` whose `problem` key names `p`, with their `about`.
fn configs_of(name: &str) -> Vec<(String, String)> {
    config::config_names()
        .into_iter()
        .filter_map(|c| {
            let table = std::fs::read_to_string(config::find_config(&c)?)
                .ok()?
                .parse::<toml::Table>()
                .ok()?;
            let field = |k: &str| table.get(k).and_then(|v| v.as_str()).map(str::to_string);
            let problem = CATALOG.problem(&field("problem")?).ok()?;
            (problem.id().name == name).then(|| (c, field("about").unwrap_or_default()))
        })
        .collect()
}

/// What `--exhaustive` enumerates with the problem's main config, or why it cannot.
fn enumeration(p: &dyn registry::DynProblem) -> String {
    let space = (CATALOG.find_config(p.config()))
        .and_then(|path| config::Source::load(&path, vec![]))
        .and_then(|src| p.enumeration(&src));
    space.unwrap_or_else(|why| format!("no: {why:#}"))
}

pub fn list() -> String {
    use engine::columns;
    let mut out = String::from("Problems (name, judge aliases, main config):\n");
    // One table for every problem's solvers and relations, so they line up across problems.
    let mut tables: Vec<Vec<Vec<String>>> = Vec::new();
    for p in CATALOG.problems {
        let mut rows: Vec<Vec<String>> = p
            .solvers()
            .iter()
            .map(|s| {
                let tag = if s.default { "default" } else { "on request" };
                vec!["solver".into(), s.name.into(), tag.into(), s.about.into()]
            })
            .collect();
        for (name, about) in p.relations() {
            rows.push(vec!["relation".into(), name.into(), "metamorphic".into(), about.into()]);
        }
        tables.push(rows);
    }
    let all = columns(&tables.concat(), "      ");
    let mut lines = all.lines();
    for (p, rows) in CATALOG.problems.iter().zip(&tables) {
        let id = p.id();
        let aliases = if id.aliases.is_empty() {
            String::new()
        } else {
            format!(" (alias {})", id.aliases.join(", "))
        };
        out.push_str(&format!("  {}{aliases}  [configs/{}.toml]\n", id.name, p.config()));
        out.push_str(&format!("      {}\n", id.about));
        out.push_str(&format!("      exhaustive: {}\n", enumeration(*p)));
        for line in lines.by_ref().take(rows.len()) {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str("\nConfigs (harness --config NAME):\n");
    let configs: Vec<Vec<String>> = CATALOG
        .problems
        .iter()
        .flat_map(|p| {
            configs_of(p.id().name)
                .into_iter()
                .map(move |(name, about)| vec![name, p.id().name.to_string(), about])
        })
        .collect();
    out.push_str(&columns(&configs, "  "));
    out
}

pub fn map() -> String {
    let file = |path: &str| registry::source_file(path).unwrap_or_else(|| format!("({path}: no file found)"));
    let submitted: Vec<&str> = solvers::submit::all().map(|s| s.id.name).collect();
    let mut out = String::new();
    for p in CATALOG.problems {
        let (id, map) = (p.id(), p.map());
        out.push_str(&format!(
            "{}\n  {}\n  limits    {}\n",
            id.title(),
            id.about,
            id.limits_text()
        ));
        out.push_str(&format!("  problem   {}\n", file(map.problem)));
        out.push_str(&format!("  judge     {}\n", file(map.judge)));
        for (name, _) in configs_of(id.name) {
            out.push_str(&format!(
                "  config    configs/{name}.toml{}\n",
                if name == p.config() { " (main)" } else { "" }
            ));
        }
        out.push_str(&format!(
            "  family    {}  {}\n",
            short_type(map.family),
            file(map.family)
        ));
        out.push_str(&format!(
            "  brute     {}  on {}\n",
            file(map.brute),
            map.engine.describe()
        ));
        for s in p.solvers() {
            let tag = if s.default { "default" } else { "on request" };
            out.push_str(&format!("  solver    {:<22} {tag:<11} {}\n", s.name, file(s.source)));
        }
        if submitted.contains(&id.name) {
            out.push_str(&format!("  solve     solvers/src/submit.rs  (`solve {}`)\n", id.name));
        }
        out.push('\n');
    }
    out
}

/// `CactusParams` of `gen::cactus::CactusParams`.
fn short_type(path: &str) -> &str {
    path.rsplit("::").next().unwrap_or(path)
}
