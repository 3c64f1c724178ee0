//! Every registered problem's parsers, and every bundled config, fed damaged
//! copies of valid texts (`gen::mutate`), give a valid parse or an error naming
//! where; none panics. Driven by the registry, so a new problem is covered the
//! day it is registered. (`gen/tests/parsers_never_panic.rs` also bounds the
//! time and memory of each parse.)

use std::panic::{catch_unwind, AssertUnwindSafe};

use brute::Budget;
use engine::config::{config_names, Source};
use games::CATALOG;
use gen::mutate::mutations;
use solvers::submit;

/// Valid inputs per problem, and damaged copies of each (input and answer).
const INPUTS: u64 = 5;
const PER_INPUT: usize = 2_000;

fn no_panic<T>(what: &str, text: &str, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| panic!("{what} panicked on {text:?}"))
}

#[test]
fn judge_parsers_never_panic_on_damaged_texts() {
    for p in CATALOG.problems {
        let name = p.id().name;
        let src = Source::load(&CATALOG.find_config(name).unwrap(), vec![]).unwrap();
        let (mut inputs, mut outputs) = (0, 0);
        for case in 0..INPUTS {
            let input = p.generate(&src, None, case, 1).unwrap();
            // Any well-formed output will do: only its damaged copies are read.
            // Past brute's reach (wythoff's piles of 10^9), `solve` writes one.
            let answer = p.answer(&input, None, &Budget::new(5_000_000)).unwrap_or_else(|e| {
                let submission = submit::all().find(|s| s.id.name == name);
                let solved = submission.unwrap_or_else(|| panic!("{name}: {e:#}, and no `solve` entry"));
                (solved.solve)(&mut input.as_bytes()).unwrap().output
            });
            for bad in mutations(&input, case, PER_INPUT) {
                if let Err(e) = no_panic(name, &bad, || p.parse_input(&bad)) {
                    let lines = bad.matches('\n').count() + 1;
                    assert!((1..=lines).contains(&e.line), "{name}: line {} of {lines}: {e}", e.line);
                    assert!(!e.field.is_empty(), "{name}: {e}");
                }
                inputs += 1;
            }
            for bad in mutations(&answer, case, PER_INPUT) {
                let _ = no_panic(name, &bad, || p.parse_output(&input, &bad));
                outputs += 1;
            }
        }
        assert!(
            inputs >= 10_000 && outputs >= 10_000,
            "{name}: {inputs} inputs, {outputs} outputs"
        );
    }
}

/// Structural damage to a config: each key dropped, its value swapped for
/// another type, and every two-number range inverted.
fn config_edits(text: &str) -> Vec<String> {
    let table: toml::Table = text.parse().unwrap();
    let mut out = Vec::new();
    let others = [
        toml::Value::String("x".into()),
        toml::Value::Integer(-1),
        toml::Value::Boolean(true),
        toml::Value::Array(vec![]),
        toml::Value::Float(0.5),
    ];
    let mut edit = |path: &[&str], value: Option<toml::Value>| {
        let mut t = table.clone();
        let mut at = &mut t;
        for k in &path[..path.len() - 1] {
            at = at.get_mut(*k).unwrap().as_table_mut().unwrap();
        }
        match value {
            Some(v) => at.insert(path[path.len() - 1].to_string(), v),
            None => at.remove(path[path.len() - 1]),
        };
        out.push(toml::to_string(&t).unwrap());
    };
    let keys: Vec<Vec<String>> = table
        .iter()
        .flat_map(|(k, v)| match v {
            toml::Value::Table(inner) => inner.keys().map(|i| vec![k.clone(), i.clone()]).collect(),
            _ => vec![vec![k.clone()]],
        })
        .collect();
    for key in &keys {
        let path: Vec<&str> = key.iter().map(String::as_str).collect();
        edit(&path, None);
        for v in &others {
            edit(&path, Some(v.clone()));
        }
        let current = if path.len() == 1 {
            table.get(path[0])
        } else {
            table[path[0]].get(path[1])
        };
        if let Some(toml::Value::Array(a)) = current {
            if let [lo, hi] = a.as_slice() {
                edit(&path, Some(toml::Value::Array(vec![hi.clone(), lo.clone()])));
            }
        }
    }
    out
}

#[test]
fn configs_never_panic_when_damaged() {
    for name in config_names() {
        let path = CATALOG.find_config(&name).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let damaged: Vec<String> = config_edits(&text)
            .into_iter()
            .chain(mutations(&text, 7, 500))
            .collect();
        for bad in &damaged {
            let src = Source {
                origin: format!("configs/{name}.toml"),
                text: bad.clone(),
                sets: vec![],
                sets_origin: None,
            };
            let loaded = no_panic(&name, bad, || {
                let problem = CATALOG.problem(&src.problem()?)?;
                problem.self_check(&src, 0).map(|()| problem)
            });
            match loaded {
                // Whatever loads must generate without panicking (small configs only: the big
                // ones make instances of 100 000 vertices).
                Ok(problem) if !name.ends_with("-big") => {
                    let _ = no_panic(&name, bad, || problem.generate(&src, None, 0, 1));
                }
                Ok(_) => {}
                Err(e) => {
                    let e = format!("{e:#}");
                    assert!(
                        e.contains(&src.origin)
                            || e.contains("unknown problem")
                            || e.contains("is an interactive problem"),
                        "{name}: the error does not name the file: {e}\n{bad}"
                    );
                }
            }
        }
    }
}
