//! The built-in adapter's checker path on a toy problem with many valid
//! answers and a `[brute]` option, which no registered problem has yet.

use brute::Budget;
use engine::builtin::registry::{DynProblem, Judgement, Registered};
use engine::corpus::{Entry, Verdict};
use engine::{BruteOf, BruteOptions, Engine, Problem, Rejection, Solver, SolverOf};
use serde::{Deserialize, Serialize};

/// Green Hackenbush where any number with the SG value's parity is a right
/// answer, and brute adds the option `offset` (0 or 2, both harmless).
struct Parity;

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct Offset {
    offset: u32,
}

impl BruteOptions for Offset {
    fn check(&self) -> Result<(), String> {
        match self.offset {
            0 | 2 => Ok(()),
            o => Err(format!("`offset` = {o} must be 0 or 2")),
        }
    }
}

impl Problem for Parity {
    type Instance = gen::Graph;
    type Answer = u32;
    type Params = gen::multigraph::MultigraphParams;
    type Judge = gen::judge::green_hackenbush::Judge;
    type BruteOptions = Offset;
    const CONFIG: &'static str = "multigraph";
    const BRUTE: &'static str = "brute::hackenbush";
    const ENGINE: Engine = Engine::Impartial;

    fn size(g: &gen::Graph) -> String {
        format!("n={}", g.n)
    }

    fn brute(g: &gen::Graph, o: &Offset, budget: &Budget) -> Result<u32, brute::TooBig> {
        Ok(brute::hackenbush::grundy(g.n, &g.edges, budget)? + o.offset)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        &[Solver {
            name: "plus-two",
            run: |g| solvers::hackenbush::grundy(g.n, &g.edges) + 2,
            default: true,
            about: "a different answer of the same parity",
            source: "solvers::hackenbush",
        }]
    }

    /// The checker path needs none.
    fn relations() -> &'static [engine::RelationOf<Self>] {
        &[]
    }

    fn check(g: &gen::Graph, expected: &u32, got: &u32, brute: &BruteOf<Self>) -> Result<(), Rejection> {
        // Judged from a position of its own, as a checker of a winning move would.
        let again = brute(g).map_err(|e| Rejection::Because(e.to_string()))?;
        assert_eq!(again % 2, expected % 2);
        if got % 2 == again % 2 {
            Ok(())
        } else {
            Err(Rejection::Because(format!("{got} has the wrong parity")))
        }
    }
}

const TOY: Registered<Parity> = Registered::new();
const TRIANGLE: &str = "3 3\n1 2\n2 3\n3 1\n";

fn entry(expected: &str, brute: Option<toml::Table>) -> Entry {
    Entry {
        brute,
        ..Entry::new(
            "green-hackenbush",
            Verdict::Regression,
            TRIANGLE.into(),
            expected.into(),
        )
    }
}

#[test]
fn a_different_valid_answer_replays_and_is_no_change_for_regen() {
    let budget = Budget::default();
    // Brute says 1 for a triangle; 3 and 5 are just as right.
    assert_eq!(TOY.answer(TRIANGLE, None, &budget).unwrap(), "1\n");
    for stored in ["3\n", "5\n"] {
        let e = entry(stored, None);
        assert!(TOY.replay(&e, &budget).ok(), "{:?}", TOY.replay(&e, &budget));
        assert_eq!(TOY.recompute(&e, &budget).unwrap(), None);
    }
    let wrong = entry("2\n", None);
    let replay = TOY.replay(&wrong, &budget);
    assert!(replay.problems[0].contains("2 has the wrong parity"), "{replay:?}");
    assert_eq!(TOY.recompute(&wrong, &budget).unwrap().as_deref(), Some("1\n"));
}

#[test]
fn harness_check_gives_the_reason_or_the_parse_error() {
    let budget = Budget::default();
    assert!(matches!(
        TOY.judge_output(TRIANGLE, "7\n", None, None, &budget).unwrap(),
        Judgement::Accepted
    ));
    match TOY.judge_output(TRIANGLE, "4\n", None, None, &budget).unwrap() {
        Judgement::Rejected(why) => assert_eq!(why, "4 has the wrong parity"),
        other => panic!("{other:?}"),
    }
    match TOY.judge_output(TRIANGLE, "1 2\n", None, None, &budget).unwrap() {
        Judgement::Malformed(e) => assert_eq!(e.line, 1, "{e}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn brute_options_come_from_the_entry_and_are_checked() {
    let budget = Budget::default();
    let two: toml::Table = "offset = 2".parse().unwrap();
    assert_eq!(TOY.answer(TRIANGLE, Some(&two), &budget).unwrap(), "3\n");
    assert!(TOY.replay(&entry("3\n", Some(two.clone())), &budget).ok());
    assert_eq!(Registered::<Parity>::options_table(&Offset { offset: 2 }), Some(two));
    assert_eq!(
        Registered::<Parity>::options_table(&Offset { offset: 0 }).map(|t| t.len()),
        Some(1)
    );
    let bad: toml::Table = "offset = 1".parse().unwrap();
    let e = TOY.answer(TRIANGLE, Some(&bad), &budget).unwrap_err().to_string();
    assert!(e.contains("in [brute]") && e.contains("must be 0 or 2"), "{e}");
    let typo: toml::Table = "ofset = 2".parse().unwrap();
    let e = TOY.answer(TRIANGLE, Some(&typo), &budget).unwrap_err().to_string();
    assert!(e.contains("unknown field `ofset`"), "{e}");
}
