//! What every registered problem must have, checked from the registry so a new
//! problem cannot land half-done: a config reachable by the problem's name,
//! valid generated instances, judge samples in the corpus that brute, the
//! default solvers and the `solve` submission all answer, a README row, and a
//! `solve` entry when the problem is judged online, judge-size tests in
//! `configs/judge/`, metamorphic relations. Then the whole corpus replays.

use crate::common;

use brute::Budget;
use engine::builtin::registry::{source_file, Judgement};
use engine::config::{config_names, Source};
use engine::corpus::{load_all, Entry, Verdict};
use games::CATALOG;
use solvers::submit;

fn corpus() -> Vec<Entry> {
    load_all(&common::workspace().join("corpus"))
        .unwrap()
        .into_iter()
        .map(|(path, e)| e.unwrap_or_else(|e| panic!("{}: {e:#}", path.display())))
        .collect()
}

#[test]
fn every_problem_is_reachable_by_name_as_a_config() {
    for p in CATALOG.problems {
        let id = p.id();
        for name in std::iter::once(id.name).chain(id.aliases.iter().copied()) {
            let path = CATALOG
                .find_config(name)
                .unwrap_or_else(|e| panic!("--config {name}: {e:#}"));
            let src = Source::load(&path, vec![]).unwrap();
            let named = CATALOG.problem(&src.problem().unwrap()).unwrap();
            assert_eq!(named.id().name, id.name, "--config {name} runs {}", path.display());
        }
        let out = common::harness(&["gen", "--config", id.name, "--case", "3"]);
        assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
        assert!(p.parse_input(&String::from_utf8_lossy(&out.stdout)).is_ok());
    }
}

#[test]
fn every_problem_has_judge_size_tests_its_generator_accepts() {
    for p in CATALOG.problems {
        engine::judge_size::check(*p).unwrap_or_else(|e| panic!("{}: {e:#}", p.id().name));
    }
}

/// Every judge-size test not marked `beyond` keeps its judge's guarantee, not
/// only its limits. Generating them all takes minutes in a debug build.
#[test]
#[cfg_attr(debug_assertions, ignore = "generates every judge-size input: run with --release")]
fn every_judge_size_test_keeps_the_judges_guarantee() {
    for p in CATALOG.problems {
        for spec in engine::judge_size::specs(*p).unwrap() {
            let input = engine::judge_size::input(*p, &spec).unwrap();
            engine::judge_size::check_guarantee(*p, &spec, &input).unwrap_or_else(|e| panic!("{}: {e:#}", p.id().name));
        }
    }
}

#[test]
fn christmas_games_general_cacti_are_a_group_beyond_poj_guarantee() {
    let p = CATALOG.problem("christmas-game").unwrap();
    let mut beyond = 0;
    for mut spec in engine::judge_size::specs(p).unwrap() {
        let input = engine::judge_size::input(p, &spec).unwrap();
        engine::judge_size::check_guarantee(p, &spec, &input).unwrap_or_else(|e| panic!("{e:#}"));
        if spec.beyond {
            beyond += 1;
            assert!(spec.name.starts_with("beyond-") && spec.about.contains("beyond the judge's guarantee"));
            // Held to the guarantee, a general cactus fails it: the check can tell.
            spec.beyond = false;
            let e = engine::judge_size::check_guarantee(p, &spec, &input).unwrap_err();
            assert!(format!("{e:#}").contains("outside the judge's guarantee"), "{e:#}");
        }
    }
    assert_eq!(beyond, 2);
}

/// `invoke` expects WA of a solver named `wrong-...`: the name must say it.
#[test]
fn every_deliberately_wrong_solver_is_named_so() {
    for p in CATALOG.problems {
        for s in p.solvers() {
            let says = s.about.starts_with("deliberately wrong") || s.about.starts_with("wrong:");
            assert_eq!(
                engine::invoke::deliberately_wrong(s.name),
                says,
                "{}: solver `{}` ({})",
                p.id().name,
                s.name,
                s.about
            );
        }
    }
}

#[test]
fn every_problem_has_metamorphic_relations() {
    for p in CATALOG.problems {
        assert!(
            !p.relations().is_empty(),
            "{}: no metamorphic relation, so --no-oracle --metamorphic cannot check it at judge size",
            p.id().name
        );
    }
}

#[test]
fn every_config_generates_valid_instances_and_shrinks() {
    let names = config_names();
    for name in &names {
        let src = Source::load(&CATALOG.find_config(name).unwrap(), vec![]).unwrap();
        // The big configs make big instances; a few of those suffice.
        let cases = if name.ends_with("-big") { 3 } else { 300 };
        if let Some(game) = CATALOG.game(&src.problem().unwrap()) {
            game.self_check(&src, cases).unwrap_or_else(|e| panic!("{e:#}"));
            continue;
        }
        let problem = CATALOG.problem(&src.problem().unwrap()).unwrap();
        problem.self_check(&src, cases).unwrap_or_else(|e| panic!("{e:#}"));
    }
}

#[test]
fn every_problem_has_judge_samples_that_solve_answers() {
    let entries = corpus();
    for p in CATALOG.problems {
        let id = p.id();
        let samples: Vec<&Entry> = entries
            .iter()
            .filter(|e| e.problem == id.name && e.verdict == Verdict::Regression)
            .collect();
        assert!(
            !samples.is_empty(),
            "{}: no judge sample (regression entry) in corpus/",
            id.name
        );
        let submission = submit::all().find(|s| s.id.name == id.name);
        assert_eq!(
            submission.is_some(),
            id.submitted,
            "{}: `solve` must answer exactly the problems judged online (Identity::submitted)",
            id.name
        );
        let Some(submission) = submission else { continue };
        for e in samples {
            let solved = (submission.solve)(&mut e.input.as_bytes()).unwrap_or_else(|err| panic!("{}: {err}", id.name));
            let judged = p
                .judge_output(&e.input, &solved.output, None, None, &Budget::new(50_000_000))
                .unwrap();
            assert!(
                matches!(judged, Judgement::Accepted),
                "solve {} on\n{}gives\n{}: {judged:?}",
                id.name,
                e.input,
                solved.output
            );
        }
    }
}

#[test]
fn every_interactive_problem_has_a_config_samples_a_readme_row_and_a_protocol() {
    let readme = std::fs::read_to_string(common::workspace().join("README.md")).unwrap();
    let entries = corpus();
    for game in CATALOG.games {
        let id = game.id();
        assert!(CATALOG.problem(id.name).is_err(), "{}: also a plain problem", id.name);
        let path = CATALOG
            .find_config(id.name)
            .unwrap_or_else(|e| panic!("--config {}: {e:#}", id.name));
        let src = Source::load(&path, vec![]).unwrap();
        assert_eq!(src.problem().unwrap(), id.name, "{}", path.display());
        let row = format!("| `{}`", id.name);
        assert!(
            readme.lines().any(|l| l.starts_with(&row)),
            "README.md has no row `{row} ...`"
        );
        let samples: Vec<&Entry> = entries
            .iter()
            .filter(|e| e.problem == id.name && e.verdict == Verdict::Regression)
            .collect();
        assert!(
            !samples.is_empty(),
            "{}: no judge sample (regression entry) in corpus/",
            id.name
        );
        for e in samples {
            let replay = game.replay(e, &Budget::new(50_000_000)).unwrap();
            assert!(replay.ok(), "{}: {:?}", id.name, replay.problems);
        }
        assert!(game.protocol().contains("First"), "{}: no protocol text", id.name);
        assert!(
            source_file(game.brute()).is_some(),
            "{}: no file for {}",
            id.name,
            game.brute()
        );
        let players = game.players();
        assert!(
            players.iter().any(|p| p.right) && players.iter().any(|p| !p.right),
            "{}: needs a right and a wrong player",
            id.name
        );
        for p in players.iter().filter(|p| !p.right) {
            assert!(
                entries
                    .iter()
                    .any(|e| e.problem == id.name && e.solver.as_deref() == Some(&format!("player:{}", p.name))),
                "{}: the wrong player {} has no counterexample in corpus/",
                id.name,
                p.name
            );
        }
    }
}

#[test]
fn every_problem_has_a_readme_row_and_files_for_its_map() {
    let readme = std::fs::read_to_string(common::workspace().join("README.md")).unwrap();
    for p in CATALOG.problems {
        let id = p.id();
        let row = format!("| `{}`", id.name);
        assert!(
            readme.lines().any(|l| l.starts_with(&row)),
            "README.md has no row `{row} ...`"
        );
        let map = p.map();
        for path in [map.problem, map.judge, map.family, map.brute] {
            assert!(source_file(path).is_some(), "{}: no source file for {path}", id.name);
        }
        for s in p.solvers() {
            assert!(
                source_file(s.source).is_some(),
                "{}: solver {}: no file for {}",
                id.name,
                s.name,
                s.source
            );
        }
    }
    for s in submit::all() {
        assert!(
            CATALOG.problem(s.id.name).is_ok(),
            "`solve {}` has no registered problem",
            s.id.name
        );
    }
}

/// The source files ARCHITECTURE.md's code map names, workspace-relative:
/// full paths anywhere, and names (`tree.rs`, `text/window.rs`) under a
/// crate's heading (`` ### `gen/` ``) as every file of that crate's `src/`
/// whose path ends so (a name matching none is kept as `src/<name>`, which
/// does not exist). Templates (`<problem>.rs`) are left out.
fn architecture_files() -> Vec<String> {
    let text = std::fs::read_to_string(common::workspace().join("ARCHITECTURE.md")).unwrap();
    let mut files = Vec::new();
    for section in text.split("\n#") {
        let heading = section.lines().next().unwrap_or_default();
        let krate = ["sandbox", "gen", "brute", "solvers", "engine", "games", "harness"]
            .into_iter()
            .find(|c| heading.starts_with(&format!("## `{c}/`")));
        // Inside backquotes: every other piece between them.
        for name in section.split('`').skip(1).step_by(2) {
            if !name.ends_with(".rs") || name.contains('<') || name.contains(' ') {
                continue;
            }
            if [
                "sandbox/", "gen/", "brute/", "solvers/", "engine/", "games/", "harness/",
            ]
            .iter()
            .any(|c| name.starts_with(c))
            {
                files.push(name.to_string());
            } else if let Some(c) = krate {
                let found: Vec<String> = sources_under(&common::workspace(), &format!("{c}/src"))
                    .into_iter()
                    .filter(|f| f.ends_with(&format!("/{name}")))
                    .collect();
                if found.is_empty() {
                    files.push(format!("{c}/src/{name}"));
                }
                files.extend(found);
            }
        }
    }
    files
}

/// Every `.rs` file under `root/dir`, as `dir/...` paths.
fn sources_under(root: &std::path::Path, dir: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_string()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(root.join(&d)).unwrap() {
            let e = e.unwrap();
            let name = format!("{d}/{}", e.file_name().to_string_lossy());
            if e.file_type().unwrap().is_dir() {
                stack.push(name);
            } else if name.ends_with(".rs") {
                out.push(name);
            }
        }
    }
    out
}

#[test]
fn the_architecture_map_names_files_that_exist_and_every_problems_files() {
    let named = architecture_files();
    let root = common::workspace();
    for file in &named {
        assert!(
            root.join(file).is_file(),
            "ARCHITECTURE.md names {file}, which does not exist"
        );
    }
    for p in CATALOG.problems {
        let (map, solvers) = (p.map(), p.solvers());
        let sources = [map.family, map.brute]
            .into_iter()
            .chain(solvers.iter().map(|s| s.source))
            .filter_map(source_file);
        for file in sources {
            assert!(
                named.contains(&file),
                "{}: ARCHITECTURE.md's code map does not name {file}",
                p.id().name
            );
        }
    }
}

#[test]
fn every_corpus_entry_replays() {
    let entries = corpus();
    let mut failures = Vec::new();
    for entry in &entries {
        let budget = Budget::new(50_000_000);
        let replay = match CATALOG.game(&entry.problem) {
            Some(game) => game.replay(entry, &budget).unwrap(),
            None => CATALOG.problem_of(entry).unwrap().replay(entry, &budget),
        };
        if !replay.ok() {
            failures.push(format!(
                "{}:\n  {}",
                entry.file_name().display(),
                replay.problems.join("\n  ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} entries fail:\n{}",
        failures.len(),
        entries.len(),
        failures.join("\n")
    );
}

#[test]
fn a_tampered_entry_fails_replay() {
    let mut entry = corpus().into_iter().next().unwrap();
    let problem = CATALOG.problem_of(&entry).unwrap();
    // Any judge output has a token; swapping it for garbage must be caught.
    entry.expected = "garbage\n".into();
    assert!(!problem.replay(&entry, &Budget::default()).ok());
}

#[test]
fn gen_validate_from_the_command_line() {
    let out = common::harness(&["gen", "--config", "cactus-poj", "--validate", "200"]);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    assert!(common::text(&out).contains("are valid"));
}

fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn case_k_of_seed_s_is_the_same_instance_as_recorded() {
    let golden = std::fs::read_to_string(common::workspace().join("harness/tests/golden/instances.txt")).unwrap();
    let recorded: Vec<(&str, u64, &str)> = golden
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0], f[1].parse().unwrap(), f[2])
        })
        .collect();
    for name in config_names() {
        let src = Source::load(&CATALOG.find_config(&name).unwrap(), vec![]).unwrap();
        let generate = |case: u64| match CATALOG.game(&src.problem().unwrap()) {
            Some(game) => game.generate(&src, None, case).unwrap(),
            None => CATALOG
                .problem(&src.problem().unwrap())
                .unwrap()
                .generate(&src, None, case, 1)
                .unwrap(),
        };
        let mine: Vec<_> = recorded.iter().filter(|(c, _, _)| *c == name).collect();
        assert!(
            !mine.is_empty(),
            "configs/{name}.toml has no lines in harness/tests/golden/instances.txt"
        );
        for (_, case, hash) in mine {
            let text = generate(*case);
            assert_eq!(
                format!("{:016x}", fnv1a(&text)),
                *hash,
                "configs/{name}.toml case {case} changed"
            );
        }
    }
}
