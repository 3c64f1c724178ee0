//! An input format given as a spec (a subset of DOMjudge's checktestdata,
//! see [`parse`]): it validates inputs, generates them when the problem has
//! no generator (as `checktestdata -g` does), and tells the shrinker where
//! the input's integers and repetitions are ([`shrink`]); translated, it is
//! a Polygon package's testlib validator ([`testlib`]).

pub mod batch;
mod count;
pub mod enumerate;
mod exec;
pub mod parse;
pub mod shrink;
pub mod testlib;

use std::collections::BTreeMap;
use std::sync::Arc;

use anyhow::{anyhow, Result};
pub use batch::OuterCount;
pub use count::{up_to, Counted};
use gen::Rng;

use exec::{Drawer, Exec, Reader, Rewriter, Trace};
use parse::Cmd;

/// Draws before generation gives up on a spec whose assertions reject them.
const GENERATE_TRIES: usize = 1000;

#[derive(Debug)]
pub struct Spec {
    cmds: Vec<Cmd>,
}

impl Spec {
    /// Parses a spec; `origin` names the file in errors, with the line and column.
    pub fn parse(text: &str, origin: &str) -> Result<Spec> {
        let cmds = parse::parse(text).map_err(|e| anyhow!("{origin}:{e}"))?;
        Ok(Spec { cmds })
    }

    /// Every input the spec accepts with each `INT` bounded by the range of
    /// its name in `bounds`, smallest first: see [`enumerate`].
    pub fn inputs(&self, bounds: BTreeMap<String, (i64, i64)>) -> enumerate::Inputs {
        enumerate::Inputs::new(Arc::new(self.cmds.clone()), bounds)
    }

    /// Reads `input` with the spec; where the input breaks it, when it does.
    pub fn trace(&self, input: &str) -> Result<Trace, String> {
        let mut reader = Reader::new(input);
        let mut exec = Exec::new(&mut reader);
        exec.run(&self.cmds)?;
        let trace = exec.trace;
        // As in checktestdata, the end of the spec is the end of the input.
        exec::Io::eof(&mut reader)?;
        Ok(trace)
    }

    pub fn check(&self, input: &str) -> Result<(), String> {
        self.trace(input).map(|_| ())
    }

    /// A valid input drawn with `rng`: each integer uniform in its range; a draw
    /// an assertion rejects is drawn again.
    pub fn generate(&self, rng: &mut Rng) -> Result<String, String> {
        let mut last = String::new();
        for _ in 0..GENERATE_TRIES {
            let mut drawer = Drawer {
                rng: &mut *rng,
                out: String::new(),
            };
            match Exec::new(&mut drawer).run(&self.cmds) {
                Ok(()) => return Ok(drawer.out),
                Err(e) => last = e,
            }
        }
        Err(format!(
            "the spec gave no valid input in {GENERATE_TRIES} draws (last: {last}): narrow the ranges its \
             assertions constrain, or give a generator"
        ))
    }

    /// The text the spec writes with these integers, in reading order.
    pub fn rewrite(&self, values: &[i64]) -> Result<String, String> {
        let mut writer = Rewriter {
            values,
            next: 0,
            out: String::new(),
        };
        Exec::new(&mut writer).run(&self.cmds)?;
        Ok(writer.out)
    }

    /// The number of test cases, when the spec reads them as `T` first and then
    /// `T` repetitions: its first command is `INT(.., .., t)` and its first
    /// top-level repetition is `REP(t)`. A repetition counted by anything else
    /// (the edges of a graph) is no count of cases.
    pub fn cases(&self, input: &str) -> Option<usize> {
        let Some(Cmd::Int { var: Some(t), .. }) = self.cmds.first() else {
            return None;
        };
        let counted_by_t = self.cmds.iter().find_map(|c| match c {
            Cmd::Rep { count, .. } => {
                Some(matches!(count, parse::Expr::Var(v) if v.name == t.name && v.index.is_none()))
            }
            _ => None,
        });
        if counted_by_t != Some(true) {
            return None;
        }
        // Repetitions are recorded as they start, so the first top-level one is the first recorded.
        Some(self.trace(input).ok()?.reps.first()?.items.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRAPH: &str =
        "INT(1,8,n) SPACE INT(0,20,m) NEWLINE\nREP(m)\n INT(1,n,u) SPACE INT(1,n,v) NEWLINE\nEND\nASSERT(m <= 3*n)\n";

    #[test]
    fn inputs_are_read_exactly() {
        let spec = Spec::parse(GRAPH, "g.ctd").unwrap();
        spec.check("3 2\n1 2\n3 3\n").unwrap();
        for (bad, says) in [
            (
                "3 2\n1 2\n",
                "input line 3, column 1: expected an integer, found the end of the input",
            ),
            ("3 1\n1 4\n", "input line 2, column 3: 4 is outside 1..=3"),
            (
                "3  1\n1 2\n",
                "input line 1, column 3: expected an integer, found a space",
            ),
            ("3 1\n01 2\n", "not written canonically"),
            ("3 1\n1 2\n\n", "expected the end of the input"),
            ("1 4\n1 1\n1 1\n1 1\n1 1\n", "the assertion at spec 5:1 does not hold"),
        ] {
            let err = spec.check(bad).unwrap_err();
            assert!(err.contains(says), "{bad:?}: {err}");
        }
    }

    #[test]
    fn a_huge_token_is_quoted_clipped() {
        let spec = Spec::parse(GRAPH, "g.ctd").unwrap();
        let err = spec.check(&format!("{} 1\n1 1\n", "7".repeat(100_000))).unwrap_err();
        assert!(
            err.contains("`777777777777777777777777... (100000 digits)` does not fit in 64 bits"),
            "{err}"
        );
        assert!(err.len() < 200, "{err}");
    }

    #[test]
    fn generated_inputs_are_valid_and_reproducible() {
        let spec = Spec::parse(GRAPH, "g.ctd").unwrap();
        for seed in 0..50 {
            let text = spec.generate(&mut Rng::from_seed(seed)).unwrap();
            spec.check(&text).unwrap();
            assert_eq!(text, spec.generate(&mut Rng::from_seed(seed)).unwrap());
        }
    }

    #[test]
    fn a_rewrite_with_the_read_values_gives_the_text_back() {
        let spec = Spec::parse(GRAPH, "g.ctd").unwrap();
        let text = "3 2\n1 2\n3 3\n";
        let values: Vec<i64> = spec.trace(text).unwrap().ints.iter().map(|i| i.value).collect();
        assert_eq!(spec.rewrite(&values).unwrap(), text);
        assert_eq!(spec.cases(text), None, "edges are no test cases");
        let cases = Spec::parse("INT(1,5,t) NEWLINE REP(t) INT(1,9,a) NEWLINE END", "c").unwrap();
        assert_eq!(cases.cases("2\n4\n7\n"), Some(2));
    }

    #[test]
    fn the_steps_of_a_spec_are_bounded_in_all_not_per_repetition() {
        // Each count alone is allowed; together they would allocate and loop without end.
        let spec = Spec::parse("REP(10000000) REP(10000000) END END", "s").unwrap();
        let says = "spec 1:1: the spec runs past 10000000 steps here (each command and each repetition counts one";
        assert!(spec.check("").unwrap_err().starts_with(says));
        assert!(spec.generate(&mut Rng::from_seed(1)).unwrap_err().contains(says));
        // Under the budget at each level, past it in all: blamed on the inner repetition.
        let spec = Spec::parse("REP(4000)\n REP(4000) END END", "s").unwrap();
        assert!(spec
            .check("")
            .unwrap_err()
            .starts_with("spec 2:2: the spec runs past 10000000 steps"));
        let spec = Spec::parse("INT(0,10000000,n) REP(n) SPACE END", "s").unwrap();
        assert!(spec
            .check("9999999")
            .unwrap_err()
            .starts_with("spec 1:19: the spec runs past"));
        assert!(spec.check("3   ").is_ok());
    }

    #[test]
    fn spec_errors_name_the_file() {
        let err = Spec::parse("INT(1,2,n) REP(n) SPACE", "p/in.ctd")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("p/in.ctd:1:24: expected `END`"), "{err}");
    }
}
