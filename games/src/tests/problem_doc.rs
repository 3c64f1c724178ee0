//! Every problem's documentation: samples brute answers, `docs/problems.md` in step.

use brute::Budget;
use engine::problem_doc::{markdown, text};

use crate::CATALOG;

/// Every sample parses, and brute, from the rules alone, answers it
/// exactly as shown.
#[test]
fn every_sample_parses_and_brute_answers_it_as_shown() {
    for p in CATALOG.problems {
        let (name, doc) = (p.id().name, p.doc());
        p.parse_input(doc.sample_input)
            .unwrap_or_else(|e| panic!("{name}: the sample input does not parse: {e}"));
        p.parse_output(doc.sample_input, doc.sample_output)
            .unwrap_or_else(|e| panic!("{name}: the sample output does not parse: {e}"));
        let brute = p.answer(doc.sample_input, None, &Budget::new(1_000_000)).unwrap();
        assert_eq!(brute, doc.sample_output, "{name}: brute's answer to the sample");
    }
}

#[test]
fn docs_problems_md_is_generated_from_the_source() {
    let path = engine::config::workspace_root().join("docs/problems.md");
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        stored == markdown(&CATALOG),
        "{} is stale: regenerate it with\n  cargo run -p harness -- list --markdown > docs/problems.md",
        path.display()
    );
}

#[test]
fn one_problem_shows_formats_sample_limits_and_where_it_lives() {
    let text = text(CATALOG.problem("hdu3094").unwrap());
    for part in [
        "tree-game (hdu3094)",
        "Rules\n",
        "Input\n",
        "1 <= N <= 100 000",
        "Output\n",
        "Sample input\n  3\n  3\n  1 2",
        "Sample output\n  Alice\n  Bob\n  Alice\n",
        "1000 ms and 32 MiB",
        "Aliases\n  hdu3094",
        "configs/tree.toml",
        "colon",
    ] {
        assert!(text.contains(part), "{part:?} missing from:\n{text}");
    }
}
