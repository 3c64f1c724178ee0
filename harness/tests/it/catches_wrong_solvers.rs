//! Proof that the harness catches bugs: each deliberately wrong solver is
//! found, and greedy shrinking brings its counterexample down to the smallest
//! possible number of edges (each minimum is proven by the exhaustive
//! enumeration in solvers/tests/hackenbush_exhaustive.rs and argued below).

use crate::common;

use engine::Problem;
use games::problems::JiangnanLe;
use games::problems::OctalGame;
use games::problems::{ChristmasGame, GreenHackenbush, TreeGame};
use gen::judge::Format;

/// Runs `config` with one solver into a scratch corpus; returns the single
/// entry, a wrong answer.
fn caught(config: &str, solver: &str, extra: &[&str]) -> engine::corpus::Entry {
    caught_as(config, solver, extra, "mismatch")
}

fn caught_as(config: &str, solver: &str, extra: &[&str], verdict: &str) -> engine::corpus::Entry {
    let dir = common::scratch(&format!("wrong-{config}-{solver}"));
    let mut args = vec![
        "--config",
        config,
        "--solver",
        solver,
        "--corpus",
        dir.to_str().unwrap(),
    ];
    if !extra.contains(&"--cases") {
        args.extend_from_slice(&["--cases", "20000"]);
    }
    args.extend_from_slice(extra);
    let out = common::harness(&args);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(1), "expected a counterexample:\n{text}");
    // A failure is reported once, as a verdict; no panic trace leaks out.
    assert!(!text.contains("panicked at"), "{text}");
    let entries = common::entries(&dir);
    assert_eq!(
        entries.len(),
        1,
        "exactly the shrunk entry is kept (the unshrunk one is replaced)"
    );
    let e = entries.into_iter().next().unwrap();
    assert_eq!(e.verdict, verdict);
    assert_eq!(e.solver.as_deref(), Some(solver));
    e
}

fn multigraph_edges(e: &engine::corpus::Entry) -> usize {
    <GreenHackenbush as Problem>::Judge::read_input(&e.input).unwrap()[0].m()
}

#[test]
fn ignoring_loops_is_caught_at_one_edge() {
    // A single loop at the root: value 1, but without loops the graph is empty (0).
    let e = caught("multigraph", "wrong-ignore-loops", &[]);
    assert_eq!(multigraph_edges(&e), 1, "{}", e.input);
    assert_eq!(e.input.trim(), "1 1\n1 1");
}

#[test]
fn sum_instead_of_xor_is_caught_at_two_edges() {
    // One edge is right under either rule (0 + 1 = 0 ^ 1); a star of two edges
    // at the root is 1 ^ 1 = 0, but 1 + 1 = 2.
    let e = caught("multigraph", "wrong-sum-not-xor", &[]);
    assert_eq!(multigraph_edges(&e), 2, "{}", e.input);
}

#[test]
fn even_cycles_are_caught_at_three_edges() {
    // The smallest cycle that is not a loop and is odd is a triangle.
    let e = caught("multigraph", "wrong-cycles-even", &[]);
    assert_eq!(multigraph_edges(&e), 3, "{}", e.input);
}

#[test]
fn tree_game_sum_instead_of_xor_is_caught_on_three_vertices() {
    let e = caught("tree", "wrong-sum-not-xor", &[]);
    let cases = <TreeGame as Problem>::Judge::read_input(&e.input).unwrap();
    assert_eq!(cases.len(), 1);
    assert_eq!(cases[0].n, 3, "{}", e.input);
}

#[test]
fn christmas_even_cycles_are_caught_on_one_triangle() {
    let e = caught("cactus", "wrong-cycles-even", &[]);
    let forest = &<ChristmasGame as Problem>::Judge::read_input(&e.input).unwrap()[0];
    assert_eq!(forest.len(), 1, "{}", e.input);
    assert_eq!(forest[0].m(), 3, "{}", e.input);
    assert_eq!(<ChristmasGame as Problem>::size(forest), "1 graph, n=3 m=3");
}

#[test]
fn one_step_is_one_step() {
    let dir = common::scratch("one-step");
    let out = common::harness(&[
        "--config",
        "tree",
        "--solver",
        "wrong-sum-not-xor",
        "--corpus",
        dir.to_str().unwrap(),
    ]);
    let text = common::text(&out);
    assert!(text.contains("to n=3 in 1 step ("), "{text}");
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let run = |threads: &str| {
        let dir = common::scratch(&format!("threads-{threads}"));
        let out = common::harness(&[
            "--config",
            "multigraph",
            "--solver",
            "wrong-cycles-even",
            "--cases",
            "20000",
            "--threads",
            threads,
            "--corpus",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(1), "{}", common::text(&out));
        let paths = engine::corpus::entry_paths(&dir).unwrap();
        assert_eq!(paths.len(), 1);
        (
            paths[0].file_name().unwrap().to_owned(),
            std::fs::read_to_string(&paths[0]).unwrap(),
        )
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn no_shrink_keeps_the_original_case() {
    let dir = common::scratch("no-shrink");
    let out = common::harness(&[
        "--config",
        "multigraph",
        "--solver",
        "wrong-cycles-even",
        "--cases",
        "20000",
        "--no-shrink",
        "--corpus",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let e = &common::entries(&dir)[0];
    let origin = e.origin.as_ref().unwrap();
    assert!(origin.shrunk_from.is_none());
    // The stored input is exactly the generated case it names.
    let case = origin.case.unwrap().to_string();
    let again = common::harness(&["gen", "--config", "multigraph", "--case", &case]);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), e.input);
}

#[test]
fn a_reference_solver_replaces_brute_beyond_its_reach() {
    // Trees of up to 100 000 vertices: brute could not answer one of them, the
    // general solver can; the wrong solver is still shrunk to the 3-vertex star.
    let e = caught("tree-big", "wrong-sum-not-xor", &["--cases", "50"]);
    let cases = <TreeGame as Problem>::Judge::read_input(&e.input).unwrap();
    assert_eq!(cases[0].n, 3, "{}", e.input);
    assert_eq!(e.oracle.as_deref(), Some("reference:general"));
}

#[test]
fn an_unshrunk_find_of_a_reference_replays_with_that_reference() {
    // Fault: an entry beyond brute's reach could never replay. It records its
    // oracle, and replay falls back to it (saying so) when brute gives up.
    let dir = common::scratch("reference-unshrunk");
    let out = common::harness(&[
        "--config",
        "tree-big",
        "--solver",
        "wrong-sum-not-xor",
        "--no-shrink",
        "--cases",
        "20",
        "--corpus",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", common::text(&out));
    let check = common::harness(&[
        "corpus",
        "check",
        "--corpus",
        dir.to_str().unwrap(),
        "--max-states",
        "100000",
    ]);
    let text = common::text(&check);
    assert_eq!(check.status.code(), Some(0), "{text}");
    assert!(text.contains("replayed with reference `general`"), "{text}");
}

#[test]
fn shards_split_the_case_indices() {
    // Shard 2 of 3 runs only cases 1, 4, 7, ...: whatever it finds comes from one of them.
    let e = caught("multigraph", "wrong-cycles-even", &["--shard", "2/3", "--no-shrink"]);
    let case = e.origin.unwrap().case.unwrap();
    assert_eq!(case % 3, 1, "case {case}");
}

#[test]
fn skipping_the_parent_by_vertex_is_caught_at_two_edges() {
    // A parallel pair entered from the non-root end: the copy back to the
    // parent is skipped, so the pair looks like a bridge plus a loop (2, not 0).
    let e = caught("multigraph", "wrong-parent-by-vertex", &[]);
    assert_eq!(multigraph_edges(&e), 2, "{}", e.input);
}

#[test]
fn a_panicking_solver_is_a_verdict_shrunk_to_nine_vertices() {
    let e = caught_as("tree", "wrong-small-arrays", &[], "panic");
    assert!(
        e.detail.as_deref().unwrap().contains("index out of bounds"),
        "{:?}",
        e.detail
    );
    let cases = <TreeGame as Problem>::Judge::read_input(&e.input).unwrap();
    assert_eq!(cases[0].n, 9, "{}", e.input);
}

#[test]
fn a_floating_point_floor_of_k_phi_is_caught_by_the_default_wythoff_run() {
    // The main config's default 100 000 cases. The first failure is case 64,
    // 638162747 394406268: the losing pair of k = 243756479 in reverse order,
    // one above in both piles, where f64 floors kφ one too high. Shrinking
    // steps to the smallest such k, F_40 = 102334155, and to its losing pair
    // (solvers/tests/wythoff_exhaustive.rs proves it the smallest).
    let e = caught("wythoff", "wrong-float-phi", &["--cases", "100000"]);
    assert_eq!(e.input, "165580140 267914295\n");
    let origin = e.origin.unwrap();
    assert_eq!(
        (origin.case, origin.shrunk_from.as_deref()),
        (Some(64), Some("a=638162747 b=394406268"))
    );
    assert_eq!(e.oracle.as_deref(), Some("reference:isqrt"));
    let cases = <games::problems::Wythoff as Problem>::Judge::read_input(&e.input).unwrap();
    assert_eq!(cases[0].a + cases[0].b, 433_494_435);
}

#[test]
fn wythoff_big_random_pairs_miss_the_floating_point_floor() {
    // A million uniform pairs, pairs near 10^9 and losing pairs with k
    // anywhere: f64 is wrong for 14 of the 3.8e8 k, and none comes up.
    let dir = common::scratch("wythoff-big-float");
    let out = common::harness(&[
        "--config",
        "wythoff-big",
        "--solver",
        "wrong-float-phi",
        "--corpus",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    assert!(common::entries(&dir).is_empty());
}

#[test]
fn playing_wythoff_as_nim_is_caught_at_1_1() {
    // Brute from the rules: the diagonal move empties 1 1, which Nim calls lost.
    let e = caught("wythoff-small", "wrong-nim", &[]);
    assert_eq!(e.input, "1 1\n");
    assert_eq!(e.oracle, None);
}

/// The shrunk input of `solver`'s find on `config`, whose smallest failing
/// position is proven in solvers/tests/piles_exhaustive.rs.
fn pile_find(config: &str, solver: &str) -> String {
    caught(config, solver, &[]).input
}

#[test]
fn bash_game_off_by_one_period_is_caught_at_n_1_k_1() {
    // n mod k: 1 mod 1 = 0, but one stone is worth 1.
    assert_eq!(pile_find("bash-game", "wrong-mod-k"), "1 1\n");
}

#[test]
fn bash_game_outcome_for_value_is_caught_at_n_2_k_2() {
    // Piles of 0 and 1 are worth their outcome; 2 with k = 2 is worth 2, not 1.
    assert_eq!(pile_find("bash-game", "wrong-outcome"), "2 2\n");
}

#[test]
fn nim_or_for_xor_is_caught_on_two_piles_of_one() {
    // Shrinking keeps the losing position losing down to 1 1 (1 ^ 1 = 0, 1 | 1 = 1).
    assert_eq!(pile_find("nim", "wrong-or-not-xor"), "1\n2\n1 1\n");
}

#[test]
fn nim_sum_parity_is_caught_on_one_pile_of_two() {
    assert_eq!(pile_find("nim", "wrong-sum-parity"), "1\n1\n2\n");
}

#[test]
fn staircase_even_steps_are_caught_on_one_stone() {
    assert_eq!(pile_find("staircase-nim", "wrong-even-steps"), "1\n1\n");
}

#[test]
fn staircase_all_steps_are_caught_on_one_stone_on_step_two() {
    assert_eq!(pile_find("staircase-nim", "wrong-all-steps"), "2\n0 1\n");
}

#[test]
fn moore_plain_xor_is_caught_on_two_ones_with_k_2() {
    assert_eq!(pile_find("moore-nim", "wrong-plain-xor"), "2 2\n1 1\n");
}

#[test]
fn moore_mod_k_is_caught_on_one_stone_with_k_1() {
    assert_eq!(pile_find("moore-nim", "wrong-mod-k"), "1 1\n1\n");
}

#[test]
fn a_losing_nim_position_of_thousands_of_piles_shrinks_to_1_1() {
    // Beyond brute's reach (reference `columns`): halves repaired to stay
    // losing get from thousands of piles to 1 1 in a few dozen steps.
    let e = caught("nim-big", "wrong-or-not-xor", &["--cases", "20"]);
    assert_eq!(e.input, "1\n2\n1 1\n");
    assert_eq!(e.oracle.as_deref(), Some("reference:columns"));
    let origin = e.origin.unwrap();
    let from: usize = origin.shrunk_from.unwrap()["n=".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(from >= 1000, "shrunk from {from} piles");
}

/// The one test case of a shrunk jiangnan-le entry: `(F, piles)`.
fn even_split_case(e: &engine::corpus::Entry) -> (u32, Vec<u32>) {
    let s = &<JiangnanLe as Problem>::Judge::read_input(&e.input).unwrap()[0];
    assert_eq!(s.games.len(), 1, "{}", e.input);
    (s.f, s.games[0].clone())
}

#[test]
fn splitting_in_halves_only_is_caught_on_one_pile_of_3() {
    // Proven smallest in solvers/tests/even_split_exhaustive.rs: 3 splits
    // into 1 + 2 or 1 + 1 + 1, and halves alone miss the second.
    let e = caught("jiangnan-le", "wrong-halves-only", &[]);
    assert_eq!(even_split_case(&e), (1, vec![3]), "{}", e.input);
    assert_eq!(e.expected, "1\n");
}

#[test]
fn one_split_per_block_is_caught_on_one_pile_of_3() {
    // M = 2 and M = 3 share the block of quotient 1.
    let e = caught("jiangnan-le", "wrong-one-per-block", &[]);
    assert_eq!(even_split_case(&e), (1, vec![3]), "{}", e.input);
}

#[test]
fn a_strict_bound_is_caught_on_a_pile_of_2_with_f_2() {
    let e = caught("jiangnan-le", "wrong-strict-bound", &[]);
    assert_eq!(even_split_case(&e), (2, vec![2]), "{}", e.input);
}

fn octal_position(e: &engine::corpus::Entry) -> (String, Vec<u32>) {
    let g = &<OctalGame as Problem>::Judge::read_input(&e.input).unwrap()[0];
    (g.code.to_string(), g.heaps.clone())
}

#[test]
fn ignoring_splits_is_caught_on_code_0_4_heap_3() {
    // The proven smallest (solvers/tests/octal_exhaustive.rs): take one
    // token and split the two left into 1 + 1.
    let e = caught("octal-game", "wrong-no-splits", &[]);
    assert_eq!(octal_position(&e), ("0.4".into(), vec![3]), "{}", e.input);
}

#[test]
fn an_unproven_period_is_caught_on_code_0_4_heap_3() {
    // 0.4 starts 0, 0, 0, 1: "period 1" is declared after two values. The
    // proven smallest is 0.2 with a heap of 2, but shrinking only removes
    // moves from the code, and no bit of 0.4 is 0.2: one heap of 3 under
    // 0.4 is as far as it goes (every smaller heap, and 0.0, are right).
    let e = caught("octal-game", "wrong-early-period", &[]);
    assert_eq!(octal_position(&e), ("0.4".into(), vec![3]), "{}", e.input);
}

#[test]
fn keeping_the_path_child_is_caught_on_a_black_root_with_a_white_child() {
    // Proven smallest in solvers/tests/combat_exhaustive.rs: the only move
    // paints the child and wins, but its value 1 stays in the sum.
    use games::problems::CombatOnATree;
    let e = caught("combat-on-a-tree", "wrong-path-child", &[]);
    let t = &<CombatOnATree as Problem>::Judge::read_input(&e.input).unwrap()[0];
    assert_eq!(
        (t.black.clone(), t.edges.clone()),
        (vec![true, false], vec![(0, 1)]),
        "{}",
        e.input
    );
    assert_eq!(e.expected, "2\n");
}

#[test]
fn height_labels_are_caught_on_the_chain_1_0_1() {
    // Proven smallest in solvers/tests/election_exhaustive.rs: on a chain of
    // three nodes the middle one is labelled 1 and both ends 0 by the mex,
    // so h = 1 0 1 (in chain order) loses; heights 2, 1, 0 say it wins.
    use games::problems::ElectionPromises;
    let e = caught("election-promises", "wrong-height-labels", &[]);
    let d = &<ElectionPromises as Problem>::Judge::read_input(&e.input).unwrap()[0];
    assert_eq!(d.arcs.len(), 2, "{}", e.input);
    let (start, mid, end) = (d.arcs[0].0, d.arcs[0].1, d.arcs[1].1);
    assert_eq!(d.arcs[1].0, mid, "a chain: {}", e.input);
    let chain_values: Vec<u64> = [start, mid, end].iter().map(|&v| d.values[v as usize]).collect();
    assert_eq!(chain_values, vec![1, 0, 1], "{}", e.input);
    assert_eq!(e.expected, "LOSE\n");
}

#[test]
fn unsorted_middles_are_caught_on_single_cards_1_2() {
    // Proven smallest in solvers/tests/cards_exhaustive.rs: two single cards,
    // the smaller first; Ciel takes the 2, not the first pile's 1.
    let e = caught("fox-card-game", "wrong-unsorted-middles", &[]);
    assert_eq!(e.input, "2\n1 1\n1 2\n");
    assert_eq!((e.expected.as_str(), e.actual.as_deref()), ("2 1\n", Some("1 2\n")));
}

#[test]
fn a_surviving_middle_is_caught_on_1_2_1() {
    // Proven smallest in solvers/tests/carrot_exhaustive.rs: with k = 0 Oleg
    // must remove a 1, and Igor then removes the 2.
    let e = caught("choosing-carrot", "wrong-middle-survives", &[]);
    assert_eq!(e.input, "3\n1 2 1\n");
    assert_eq!((e.expected.as_str(), e.actual.as_deref()), ("1 2 2\n", Some("2 2 2\n")));
}

#[test]
fn unsorted_candy_piles_are_caught_at_1_2() {
    // Proven smallest in solvers/tests/candy_exhaustive.rs: sorted, 2 1
    // leaves one cell right and one below the diagonal's end; unsorted, the
    // walk steps to (1, 1) with none.
    let e = caught("candy-piles", "wrong-unsorted", &[]);
    assert_eq!(e.input, "2\n1 2\n");
    assert_eq!(e.expected, "First\n");
}

#[test]
fn a_forgotten_column_arm_is_caught_at_1_1() {
    // Case 0 is 7 piles of about 6: no single pile edit keeps it failing,
    // but a step along the diagonal (a pile eaten, then one from each) does,
    // down to 1 1 (proven smallest in solvers/tests/candy_exhaustive.rs).
    let e = caught("candy-piles", "wrong-row-arm-only", &[]);
    assert_eq!(e.input, "2\n1 1\n");
    assert_eq!(e.expected, "First\n");
}

#[test]
fn one_greedy_matching_is_caught_on_three_cells_in_a_row() {
    // Proven smallest in solvers/tests/bunny_egg_exhaustive.rs: the start of
    // `.OX` is matched greedily, but a maximum matching avoids it, so the
    // first player loses anyway and made no mistake.
    let e = caught("bunny-egg", "wrong-matched-once", &[]);
    assert_eq!(e.input, "1 3\n.OX\n1\n1 2\n1 3\n");
    assert_eq!((e.expected.as_str(), e.actual.as_deref()), ("0\n", Some("1\n1\n")));
}

#[test]
fn xor_of_all_cells_is_caught_on_two_ones() {
    // Proven smallest in solvers/tests/nullify_exhaustive.rs: two ones in a
    // row or a column cancel, but lie on different anti-diagonals.
    let e = caught("nullify-matrix", "wrong-all-cells", &[]);
    assert_eq!(e.input, "1\n2 1\n1\n1\n");
    assert_eq!(e.expected, "Ashish\n");
}

#[test]
fn main_diagonals_are_caught_on_2_by_2_with_two_ones() {
    let e = caught("nullify-matrix", "wrong-main-diagonals", &[]);
    assert_eq!(e.input, "1\n2 2\n0 1\n1 0\n");
    assert_eq!(e.expected, "Jeel\n");
}
