//! Shrinking a problem file's find from the spec and the text alone, without
//! its generator (issue 29), on two game problems whose programs are modes of
//! one compiled fixture (`tests/fixtures/game_problems/`): undirected
//! geography on T connected graphs, where no single edge can go without
//! disconnecting the graph, and Grundy's game on T heaps on one line, whose
//! count stands on the line above. The smallest counterexamples are proven
//! here by exhaustive search, in process.

use crate::common;

#[allow(dead_code)]
#[path = "../fixtures/game_problems/geography.rs"]
mod geography;
#[allow(dead_code)]
#[path = "../fixtures/game_problems/splitting.rs"]
pub(crate) mod splitting;

/// How far from the smallest input the `spec` and `text` layers may stop, in tokens.
const SLACK: usize = 2;

/// The smallest failing geography input: a triangle with a pendant edge, `1`, `n m s` and 4 edges.
const GEOGRAPHY_SMALLEST: usize = 12;
/// The smallest failing Grundy's game input: one heap, `1` and `3`.
const SPLITTING_SMALLEST: usize = 2;

/// Every connected simple graph on `1..=n` vertices, by its edge list.
fn connected_graphs(n: usize) -> Vec<Vec<(usize, usize)>> {
    let pairs: Vec<(usize, usize)> = (1..=n).flat_map(|u| (u + 1..=n).map(move |v| (u, v))).collect();
    (0u32..1 << pairs.len())
        .map(|mask| {
            (0..pairs.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| pairs[i])
                .collect::<Vec<_>>()
        })
        .filter(|edges| {
            let text = format!("1\n{n} {} 1\n{}", edges.len(), edge_lines(edges));
            geography::read(&text).is_ok()
        })
        .collect()
}

fn edge_lines(edges: &[(usize, usize)]) -> String {
    edges.iter().map(|(u, v)| format!("{u} {v}\n")).collect()
}

#[test]
fn the_smallest_counterexamples_are_proven_by_exhaustive_search() {
    // Geography: one case has 4 + 2m tokens; every connected graph up to 5 vertices, every start.
    let mut smallest = usize::MAX;
    for n in 1..=5 {
        for edges in connected_graphs(n) {
            for start in 1..=n {
                let g = geography::Graph {
                    n,
                    start,
                    edges: edges.clone(),
                };
                assert_eq!(g.first_wins(), g.first_wins_by_matching(), "{n} {start} {edges:?}");
                if g.first_wins() != g.first_wins_on_dfs_tree() {
                    smallest = smallest.min(4 + 2 * edges.len());
                }
            }
        }
    }
    assert_eq!(smallest, GEOGRAPHY_SMALLEST);
    // Grundy's game: one heap is 2 tokens, the fewest an input has; 3 is the smallest that fails.
    let failing: Vec<usize> = (1..=40)
        .filter(|&h| splitting::first_wins(&[h]) != splitting::first_wins_off_by_one(&[h]))
        .collect();
    assert_eq!(failing, [3, 6, 7, 15, 23, 26, 29, 36]);
    for a in 1..=40 {
        for b in a..=40 {
            assert_eq!(splitting::first_wins(&[a, b]), splitting::first_wins_fast(&[a, b]));
        }
    }
}

/// A problem file of the fixture in a scratch folder: `name.toml` with the fixture's path
/// put in, and its spec.
fn problem(name: &str, spec: &str, toml: &str) -> String {
    let dir = common::scratch(&format!("own-structural-{name}"));
    let fixture = shlex::try_quote(env!("CARGO_BIN_EXE_game-problems-fixture"))
        .unwrap()
        .into_owned();
    std::fs::write(dir.join(format!("{name}.ctd")), spec).unwrap();
    let file = dir.join(format!("{name}.toml"));
    std::fs::write(&file, toml.replace("FIXTURE", &fixture)).unwrap();
    file.to_str().unwrap().to_string()
}

/// A default run of `config` against its wrong mode, shrunk by `layers`: the entry's input,
/// its tokens before shrinking, and everything printed.
fn shrunk(config: &str, wrong: &str, layers: &str) -> (String, usize, String) {
    let corpus = std::path::Path::new(config).with_file_name(format!("corpus-{}", layers.replace(',', "-")));
    let fixture = shlex::try_quote(env!("CARGO_BIN_EXE_game-problems-fixture"))
        .unwrap()
        .into_owned();
    let solver = format!("{fixture} {wrong}");
    let out = common::harness(&[
        "--config",
        config,
        "--corpus",
        corpus.to_str().unwrap(),
        "--solver-cmd",
        &solver,
        "--shrink-layers",
        layers,
    ]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let entries = common::entries(&corpus);
    assert_eq!(entries.len(), 1, "{text}");
    let e = &entries[0];
    assert_eq!(e.verdict, "mismatch", "{text}");
    let from = e
        .origin
        .as_ref()
        .and_then(|o| o.shrunk_from.clone())
        .unwrap_or_default();
    let tokens = from
        .split(", ")
        .find_map(|part| part.strip_suffix(" tokens"))
        .and_then(|n| n.replace(' ', "").parse().ok())
        .unwrap_or_else(|| panic!("{from}: {text}"));
    (e.input.clone(), tokens, text)
}

fn tokens(input: &str) -> usize {
    input.split_whitespace().count()
}

#[test]
fn geography_shrinks_to_a_smallest_connected_graph_without_its_generator() {
    let config = problem(
        "geography",
        include_str!("../fixtures/game_problems/geography.ctd"),
        include_str!("../fixtures/game_problems/geography.toml"),
    );
    let (input, found, text) = shrunk(&config, "geography wrong", "spec,text");
    assert!(
        found > GEOGRAPHY_SMALLEST + SLACK,
        "a find too small to show anything: {text}"
    );
    assert!(geography::read(&input).is_ok(), "{input}");
    assert!(tokens(&input) <= GEOGRAPHY_SMALLEST + SLACK, "{input}\n{text}");
    assert!(text.contains("by layer: spec: "), "{text}");
}

#[test]
fn grundys_game_shrinks_to_one_small_heap_without_its_generator() {
    let config = problem(
        "splitting",
        include_str!("../fixtures/game_problems/splitting.ctd"),
        include_str!("../fixtures/game_problems/splitting.toml"),
    );
    for layers in ["spec,text", "text"] {
        let (input, found, text) = shrunk(&config, "splitting wrong", layers);
        assert!(found > SPLITTING_SMALLEST, "{text}");
        assert_eq!(input, "1\n3\n", "{layers}: {text}");
    }
}
