//! Validator bounds reached: for each limit of a problem's identity
//! (`n <= 500000`, ...), the largest value a test set's inputs give that field,
//! so a set that never reaches a limit says so ("BOUND NOT REACHED", as
//! BAPCtools and testlib's validator overview report it).

use std::fmt::Write as _;

use crate::builtin::registry::DynProblem;

/// One limit and how far the tests reach toward it.
#[derive(Debug, PartialEq, Eq)]
pub struct Reached {
    pub field: &'static str,
    pub limit: u64,
    /// The largest value read under the field's name; `None` when no input
    /// has that field (a limit the parser checks by another name, or on a
    /// derived quantity).
    pub largest: Option<i64>,
}

impl Reached {
    pub fn reached(&self) -> bool {
        self.largest
            .is_some_and(|v| u64::try_from(v).is_ok_and(|v| v >= self.limit))
    }
}

/// The largest value of each limited field over `inputs` (each parsed by the judge's format).
pub fn reached<'a>(problem: &dyn DynProblem, inputs: impl Iterator<Item = &'a str>) -> Vec<Reached> {
    let mut largest = std::collections::BTreeMap::<String, i64>::new();
    for input in inputs {
        let (_, seen) = gen::text::largest_values(|| problem.parse_input(input));
        for (field, v) in seen {
            let top = largest.entry(field).or_insert(v);
            *top = (*top).max(v);
        }
    }
    problem
        .id()
        .limits
        .iter()
        .map(|&(field, limit)| Reached {
            field,
            limit,
            largest: largest.get(field).copied(),
        })
        .collect()
}

/// One line per limit: `n <= 500000: largest 500000`, or a warning.
pub fn render(all: &[Reached]) -> String {
    let mut out = String::new();
    for r in all {
        let _ = match r.largest {
            _ if r.reached() => writeln!(out, "  {} <= {}: reached", r.field, r.limit),
            Some(v) => writeln!(
                out,
                "  {} <= {}: largest {v}: BOUND NOT REACHED by any test",
                r.field, r.limit
            ),
            None => writeln!(
                out,
                "  {} <= {}: not read under this name by the judge's parser, so not measured",
                r.field, r.limit
            ),
        };
    }
    out
}
