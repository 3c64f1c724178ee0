//! Every bundled config parses, names a known problem, and generates valid
//! instances whose shrink candidates are valid too.

mod common;

use harness::config::{config_names, find_config, Source};
use harness::registry;

#[test]
fn every_config_generates_valid_instances_and_shrinks() {
    let names = config_names();
    assert!(names.len() >= 6, "{names:?}");
    for name in names {
        let path = find_config(&name).unwrap();
        let src = Source::load(&path, vec![]).unwrap();
        let problem = registry::find(&src.problem().unwrap()).unwrap();
        // The big configs make big instances; a few of those suffice.
        let cases = if name.ends_with("-big") { 3 } else { 500 };
        problem.self_check(&src, cases).unwrap_or_else(|e| panic!("{e:#}"));
    }
}

#[test]
fn every_problem_has_its_config() {
    let names = config_names();
    for p in registry::PROBLEMS {
        assert!(
            names.iter().any(|n| n == p.config()),
            "configs/{}.toml is missing",
            p.config()
        );
    }
}

#[test]
fn gen_validate_from_the_command_line() {
    let out = common::harness(&["gen", "--config", "cactus-poj", "--validate", "200"]);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    assert!(common::text(&out).contains("are valid"));
}
