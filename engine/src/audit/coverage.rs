//! What a test set covers, as a game sees it: the limits reached
//! ([`crate::bounds`]), the balance of the answers (how many cases the first
//! player wins), for an impartial game the Sprague-Grundy values met, the
//! duplicate tests, the tests beyond the judge's guarantee; and warnings where
//! a trivial pattern would pass (every answer the same, the random cases all
//! answered alike, no test at a limit).
//!
//! Idea: every measure reads the judge's texts through the problem's own
//! parser ([`DynProblem::case_answers`], [`DynProblem::grundy_values`]), so it
//! holds for every problem without a line of its own. Sprague-Grundy values are
//! computed by brute within its budget on the small tests only (samples, the
//! corpus, random cases), never on the judge-size ones. Duplicates are tests
//! whose inputs the judge's format writes back identically; isomorphic tests
//! hold the same cases up to the family's symmetry ([`gen::Family::class`]:
//! relabelled trees and small graphs, reordered piles), compared on the small
//! tests. For a game that is a sum (piles, heaps, components), two equal
//! summands cancel under XOR: the cases holding such a pair are counted, and
//! those made of nothing but pairs (lost by mirroring alone).
//!
//! Complexity: one parse per test, plus brute on the small cases, plus their
//! classes (a tree in O(n log n), a graph of at most a dozen vertices by search).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use anyhow::Result;
use brute::Budget;

use crate::bounds::{self, Reached};
use crate::builtin::registry::{CaseClass, DynProblem};
use crate::package::{Group, Test};

/// What a test set covers.
#[derive(Default)]
pub struct Coverage {
    pub bounds: Vec<Reached>,
    /// Each answer to a case (as the judge spells it alone) and how many cases have it,
    /// the most frequent first.
    pub answers: Vec<(String, usize)>,
    pub cases: usize,
    /// The same, over the random cases only.
    pub random_answers: Vec<(String, usize)>,
    /// For an impartial game: each Sprague-Grundy value met on the small tests' cases and how
    /// often; and how many cases brute's budget did not reach.
    pub grundy: BTreeMap<u64, usize>,
    pub grundy_unknown: usize,
    /// Tests whose input is an earlier test's: `(test, earlier)`.
    pub duplicates: Vec<(usize, usize)>,
    /// Small tests holding an earlier test's cases up to the family's symmetry, but not its
    /// text: `(test, earlier)`.
    pub isomorphic: Vec<(usize, usize)>,
    /// Small tests whose every case has a class (those `isomorphic` compares), and all small tests.
    pub classed: usize,
    pub small: usize,
    /// Cases that are sums of games; those holding two equal summands (which cancel under XOR);
    /// those made of nothing but such pairs.
    pub sums: usize,
    pub cancelling: usize,
    pub paired_off: usize,
    /// Tests outside the judge's guarantee.
    pub beyond: Vec<usize>,
}

/// The coverage of `tests`: of a built-in `problem`, read case by case through its format; of a
/// problem file, whose format the harness does not know, each test's whole answer and input.
pub fn of(problem: Option<&dyn DynProblem>, tests: &[(String, Test)], budget: &Budget) -> Result<Coverage> {
    let mut c = Coverage {
        bounds: problem.map_or_else(Vec::new, |p| {
            bounds::reached(p, tests.iter().map(|(_, t)| t.input.as_str()))
        }),
        ..Coverage::default()
    };
    let mut answers = HashMap::<String, usize>::new();
    let mut random = HashMap::<String, usize>::new();
    let mut seen = HashMap::<String, usize>::new();
    let mut classes_seen = HashMap::<Vec<String>, usize>::new();
    let guarantee = problem.map(crate::judge_size::Guarantee::of).transpose()?;
    for (k, (_, t)) in tests.iter().enumerate() {
        sandbox::signals::check()?;
        let cases = match problem {
            Some(p) => p.case_answers(&t.input, &t.answer)?,
            None => vec![t.answer.split_whitespace().collect::<Vec<_>>().join(" ")],
        };
        for a in cases {
            c.cases += 1;
            if t.group == Group::Random {
                *random.entry(a.clone()).or_default() += 1;
            }
            *answers.entry(a).or_default() += 1;
        }
        let canonical = match problem {
            Some(p) => p.canonical(&t.input)?,
            None => t.input.clone(),
        };
        let duplicate = match seen.get(&canonical) {
            Some(&earlier) => {
                c.duplicates.push((k, earlier));
                true
            }
            None => {
                seen.insert(canonical, k);
                false
            }
        };
        if let Some(p) = problem.filter(|_| t.group != Group::JudgeSize) {
            for v in p.grundy_values(&t.input, budget)? {
                match v {
                    Some(v) => *c.grundy.entry(v).or_default() += 1,
                    None => c.grundy_unknown += 1,
                }
            }
            classes(&mut c, &mut classes_seen, k, duplicate, p.case_classes(&t.input)?);
        }
        if guarantee.as_ref().is_some_and(|g| g.outside(&t.input).is_some()) {
            c.beyond.push(k);
        }
    }
    c.answers = by_count(answers);
    c.random_answers = by_count(random);
    Ok(c)
}

/// Test `k`'s cases' classes and summands, counted into `c`; an exact `duplicate` is no
/// isomorphic one.
fn classes(c: &mut Coverage, seen: &mut HashMap<Vec<String>, usize>, k: usize, duplicate: bool, cases: Vec<CaseClass>) {
    c.small += 1;
    for parts in cases.iter().filter_map(|(_, parts)| parts.as_ref()) {
        c.sums += 1;
        let mut counts = HashMap::<&str, usize>::new();
        for part in parts {
            *counts.entry(part.as_str()).or_default() += 1;
        }
        c.cancelling += usize::from(counts.values().any(|&n| n >= 2));
        c.paired_off += usize::from(!parts.is_empty() && counts.values().all(|&n| n % 2 == 0));
    }
    // The cases as a multiset: a test is its cases, whatever their order.
    let Some(mut key) = cases
        .into_iter()
        .map(|(class, _)| class)
        .collect::<Option<Vec<String>>>()
    else {
        return;
    };
    key.sort();
    c.classed += 1;
    match seen.get(&key) {
        Some(&earlier) if !duplicate => c.isomorphic.push((k, earlier)),
        Some(_) => {}
        None => {
            seen.insert(key, k);
        }
    }
}

/// The most frequent first, then by text.
fn by_count(counts: HashMap<String, usize>) -> Vec<(String, usize)> {
    let mut v: Vec<_> = counts.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    v
}

/// How many answers the balance line shows before `...`.
const SHOWN: usize = 4;
/// How much of each answer it shows (a problem file's answer is a whole output).
const SHOWN_BYTES: usize = 40;

/// `First 12 (60%), Second 8 (40%)`.
fn balance(answers: &[(String, usize)]) -> String {
    let total: usize = answers.iter().map(|(_, n)| n).sum();
    let mut parts: Vec<String> = answers
        .iter()
        .take(SHOWN)
        .map(|(a, n)| {
            format!(
                "`{}` {n} ({:.0}%)",
                crate::echo::clip(a, SHOWN_BYTES),
                100.0 * *n as f64 / total.max(1) as f64
            )
        })
        .collect();
    if answers.len() > SHOWN {
        parts.push(format!("... {} distinct answers in all", answers.len()));
    }
    parts.join(", ")
}

/// The warnings: where a trivial pattern would pass.
pub fn warnings(c: &Coverage, tests: &[(String, Test)]) -> Vec<String> {
    let mut out = Vec::new();
    if let [(only, _)] = c.answers.as_slice() {
        if c.cases > 1 {
            out.push(format!(
                "every case is answered `{only}`: a solution printing `{only}` passes every test"
            ));
        }
    }
    if c.answers.len() == 2 {
        if let [(only, n)] = c.random_answers.as_slice() {
            let other = &c.answers.iter().find(|(a, _)| a != only).expect("two answers").0;
            out.push(format!(
                "all {n} random cases are answered `{only}`, none `{other}`: a solution that answers `{only}` on \
                 random-looking cases passes them"
            ));
        }
    }
    if !c.bounds.is_empty() && !c.bounds.iter().any(Reached::reached) {
        out.push("no test reaches any limit: a slow solution passes".into());
    }
    for &(k, earlier) in &c.duplicates {
        out.push(format!("test {} repeats test {}'s input", tests[k].0, tests[earlier].0));
    }
    for &(k, earlier) in &c.isomorphic {
        out.push(format!(
            "test {} is test {} relabelled (the same cases up to the game's symmetry)",
            tests[k].0, tests[earlier].0
        ));
    }
    out
}

pub fn render(c: &Coverage, tests: &[(String, Test)]) -> String {
    let mut out = String::from("\ncoverage:\n");
    if !c.bounds.is_empty() {
        out.push_str("  limits reached:\n");
        for line in bounds::render(&c.bounds).lines() {
            let _ = writeln!(out, "  {line}");
        }
    }
    let _ = writeln!(out, "  answers over {} cases: {}", c.cases, balance(&c.answers));
    if !c.random_answers.is_empty() {
        let _ = writeln!(out, "  answers of the random cases: {}", balance(&c.random_answers));
    }
    if !c.grundy.is_empty() || c.grundy_unknown > 0 {
        let values: Vec<String> = c.grundy.iter().map(|(v, n)| format!("{v}:{n}")).collect();
        let met = match c.grundy.keys().next_back() {
            Some(largest) => format!("(value:cases) {}; largest {largest}", values.join(" ")),
            None => "none computed".to_string(),
        };
        let _ = writeln!(
            out,
            "  Sprague-Grundy values of the small cases: {met}{}",
            if c.grundy_unknown > 0 {
                format!("; {} cases over brute's budget (--max-states)", c.grundy_unknown)
            } else {
                String::new()
            }
        );
    }
    let _ = writeln!(out, "  duplicate tests: {}", c.duplicates.len());
    if c.classed > 0 {
        let _ = writeln!(
            out,
            "  isomorphic tests (the same cases relabelled): {} among {} of the {} small tests{}",
            c.isomorphic.len(),
            c.classed,
            c.small,
            if c.classed < c.small {
                " (the others hold a case too big to class)"
            } else {
                ""
            }
        );
    }
    if c.sums > 0 {
        let _ = writeln!(
            out,
            "  sums of games: {} of {} cases hold two equal summands, which cancel under XOR; {} are nothing but \
             such pairs (lost by mirroring alone)",
            c.cancelling, c.sums, c.paired_off
        );
    }
    if !c.beyond.is_empty() {
        let names: Vec<&str> = c.beyond.iter().map(|&k| tests[k].0.as_str()).collect();
        let _ = writeln!(out, "  beyond the judge's guarantee: {}", names.join(", "));
    }
    for w in warnings(c, tests) {
        let _ = writeln!(out, "warning: {w}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coverage(answers: &[(&str, usize)], random: &[(&str, usize)]) -> Coverage {
        let own = |v: &[(&str, usize)]| v.iter().map(|(a, n)| (a.to_string(), *n)).collect();
        Coverage {
            answers: own(answers),
            random_answers: own(random),
            cases: answers.iter().map(|(_, n)| n).sum(),
            ..Coverage::default()
        }
    }

    #[test]
    fn one_answer_everywhere_is_a_warning() {
        let w = warnings(&coverage(&[("First", 5)], &[]), &[]);
        assert_eq!(w.len(), 1);
        assert!(w[0].contains("every case is answered `First`"), "{w:?}");
    }

    #[test]
    fn random_cases_all_alike_are_a_warning() {
        let w = warnings(&coverage(&[("First", 5), ("Second", 2)], &[("First", 3)]), &[]);
        assert!(w.iter().any(|w| w.contains("none `Second`")), "{w:?}");
        assert!(warnings(
            &coverage(&[("First", 5), ("Second", 2)], &[("First", 2), ("Second", 1)]),
            &[]
        )
        .is_empty());
    }

    #[test]
    fn relabelled_tests_are_isomorphic_and_equal_summands_are_counted() {
        let mut c = Coverage::default();
        let mut seen = HashMap::new();
        let case = |class: &str, parts: &[&str]| {
            (
                Some(class.to_string()),
                Some(parts.iter().map(|p| p.to_string()).collect::<Vec<_>>()),
            )
        };
        // Piles 1 2 and 3 3; then the same two cases in the other order; then an exact copy.
        classes(
            &mut c,
            &mut seen,
            0,
            false,
            vec![case("[1, 2]", &["1", "2"]), case("[3, 3]", &["3", "3"])],
        );
        classes(
            &mut c,
            &mut seen,
            1,
            false,
            vec![case("[3, 3]", &["3", "3"]), case("[1, 2]", &["2", "1"])],
        );
        classes(
            &mut c,
            &mut seen,
            2,
            true,
            vec![case("[1, 2]", &["1", "2"]), case("[3, 3]", &["3", "3"])],
        );
        // A case too big to class compares with nothing.
        classes(&mut c, &mut seen, 3, false, vec![(None, None)]);
        assert_eq!(
            c.isomorphic,
            [(1, 0)],
            "the exact copy is a duplicate, not an isomorphic test"
        );
        assert_eq!((c.classed, c.small), (3, 4));
        assert_eq!((c.sums, c.cancelling, c.paired_off), (6, 3, 3));
    }

    #[test]
    fn balance_shows_shares() {
        assert_eq!(
            balance(&[("First".into(), 3), ("Second".into(), 1)]),
            "`First` 3 (75%), `Second` 1 (25%)"
        );
    }
}
