//! Many inputs as one: when a spec reads a count `T` and then `T` cases
//! (`INT(lo, hi, T) NEWLINE REP(T) ... END`, nothing after it but `EOF`),
//! several inputs merge into one whose count is the sum of theirs and whose
//! cases are theirs, in order; that is how a problem file's cases share one
//! run of each program ([`crate::own::batch`]).
//!
//! Idea: the shape is checked once on the spec's syntax, so merging needs
//! no parse (an input the spec accepted is its count's line and then its
//! cases), and a generator's many inputs printed back to back are told
//! apart by reading each with the spec up to where the spec ends.
//!
//! Complexity: merging and splitting are linear in the texts.
//!
//! Reference: the multi-test inputs of ICPC and Codeforces problems ("the
//! first line contains T, the number of test cases").

use super::exec::{Exec, Reader};
use super::parse::{Cmd, Cond, Expr, Target};
use super::Spec;

/// The outer count of a spec shaped for merging: its bounds, when the spec
/// writes them as numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OuterCount {
    /// The variable that holds it.
    pub name: String,
    /// The largest count the spec allows in one input, when it is a number.
    pub most: Option<i64>,
}

impl Spec {
    /// The outer count, when the spec is a count `T` on its line and then
    /// `T` cases that never mention `T` (so a merged input, with a larger
    /// `T`, reads each case as its own input did); else why not, in words
    /// that say what the spec would need.
    pub fn outer_count(&self) -> Result<OuterCount, String> {
        let needs = "batching needs a spec that reads a count and then that many cases, \
                     `INT(lo, hi, T) NEWLINE REP(T) ... END` with nothing after but `EOF`";
        let cmds = match self.cmds.as_slice() {
            [rest @ .., Cmd::Eof] => rest,
            all => all,
        };
        let [Cmd::Int { hi, var: Some(t), .. }, Cmd::Newline, Cmd::Rep { count, sep, body, .. }] = cmds else {
            return Err(format!("{needs}; this one does not have that shape"));
        };
        if t.index.is_some() || !matches!(count, Expr::Var(v) if v.name == t.name && v.index.is_none()) {
            return Err(format!("{needs}; its repetition is not counted by `{}`", t.name));
        }
        if sep.is_some() {
            return Err(format!(
                "{needs}; its repetition has a separator, which would be needed between inputs too"
            ));
        }
        if mentions(body, &t.name) {
            return Err(format!(
                "{needs}; its cases mention `{}`, which a merged input changes",
                t.name
            ));
        }
        Ok(OuterCount {
            name: t.name.clone(),
            most: match hi {
                Expr::Num(n) => Some(*n),
                _ => None,
            },
        })
    }

    /// `text`, inputs printed back to back, cut into them: each is read by the
    /// spec up to where it ends (its `EOF` is where the next input starts).
    pub fn split_inputs<'t>(&self, text: &'t str) -> Result<Vec<&'t str>, String> {
        let cmds = match self.cmds.as_slice() {
            [rest @ .., Cmd::Eof] => rest,
            all => all,
        };
        let mut inputs = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let mut reader = Reader::new(rest);
            Exec::new(&mut reader)
                .run(cmds)
                .map_err(|why| format!("input {}: {why}", inputs.len() + 1))?;
            let (input, after) = rest.split_at(reader.position());
            if input.is_empty() {
                return Err(format!("input {}: the spec reads nothing of it", inputs.len() + 1));
            }
            inputs.push(input);
            rest = after;
        }
        Ok(inputs)
    }
}

/// The count an input of such a spec starts with (its first line).
pub fn count_of(input: &str) -> usize {
    let line = input.split('\n').next().unwrap_or("");
    line.trim().parse().unwrap_or(0)
}

/// Inputs the spec accepted, as one: the sum of their counts on the first
/// line, then each one's cases in order.
pub fn merge<'a>(inputs: impl IntoIterator<Item = &'a str>) -> String {
    let mut total = 0;
    let mut cases = String::new();
    for input in inputs {
        total += count_of(input);
        cases.push_str(input.split_once('\n').map_or("", |(_, rest)| rest));
    }
    format!("{total}\n{cases}")
}

/// Whether `name` appears anywhere in `cmds`: in a bound, a count, an
/// assertion, or as a variable or index they set.
fn mentions(cmds: &[Cmd], name: &str) -> bool {
    cmds.iter().any(|c| match c {
        Cmd::Int { lo, hi, var, .. } => {
            in_expr(lo, name) || in_expr(hi, name) || var.as_ref().is_some_and(|t| in_target(t, name))
        }
        Cmd::Space | Cmd::Newline | Cmd::Eof => false,
        Cmd::Rep {
            index,
            count,
            sep,
            body,
            ..
        } => {
            index.as_deref() == Some(name)
                || in_expr(count, name)
                || sep.as_deref().is_some_and(|s| mentions(std::slice::from_ref(s), name))
                || mentions(body, name)
        }
        Cmd::Assert(cond, _) => in_cond(cond, name),
    })
}

fn in_target(t: &Target, name: &str) -> bool {
    t.name == name || t.index.as_deref().is_some_and(|e| in_expr(e, name))
}

fn in_expr(e: &Expr, name: &str) -> bool {
    match e {
        Expr::Num(_) => false,
        Expr::Var(t) => in_target(t, name),
        Expr::Neg(a) => in_expr(a, name),
        Expr::Bin(_, a, b) => in_expr(a, name) || in_expr(b, name),
    }
}

fn in_cond(c: &Cond, name: &str) -> bool {
    match c {
        Cond::Cmp(_, a, b) => in_expr(a, name) || in_expr(b, name),
        Cond::And(a, b) | Cond::Or(a, b) => in_cond(a, name) || in_cond(b, name),
        Cond::Not(a) => in_cond(a, name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAIRS: &str = "INT(1,100,t) NEWLINE REP(t) INT(1,9,a) SPACE INT(1,9,b) NEWLINE END EOF";

    fn spec(text: &str) -> Spec {
        Spec::parse(text, "s").unwrap()
    }

    #[test]
    fn a_count_then_cases_can_merge_and_other_shapes_say_why_not() {
        assert_eq!(
            spec(PAIRS).outer_count(),
            Ok(OuterCount {
                name: "t".into(),
                most: Some(100)
            })
        );
        for (text, says) in [
            ("INT(1,5,n) SPACE INT(1,5,m) NEWLINE", "does not have that shape"),
            ("INT(1,5,t) NEWLINE REP(3) INT(1,9) NEWLINE END", "not counted by `t`"),
            ("INT(1,5,t) NEWLINE REP(t,SPACE) INT(1,9) END", "separator"),
            ("INT(1,5,t) NEWLINE REP(t) INT(1,t) NEWLINE END", "mention `t`"),
            (
                "INT(1,5,t) NEWLINE REP(t) INT(1,9) NEWLINE END ASSERT(t < 3)",
                "does not have that shape",
            ),
        ] {
            let why = spec(text).outer_count().unwrap_err();
            assert!(why.contains(says), "{text}: {why}");
        }
    }

    #[test]
    fn merged_inputs_sum_their_counts_and_keep_their_cases_in_order() {
        let merged = merge(["2\n1 2\n3 4\n", "1\n5 6\n"]);
        assert_eq!(merged, "3\n1 2\n3 4\n5 6\n");
        spec(PAIRS).check(&merged).unwrap();
        assert_eq!(count_of("12\n"), 12);
    }

    #[test]
    fn inputs_back_to_back_are_told_apart_by_the_spec() {
        let s = spec(PAIRS);
        assert_eq!(
            s.split_inputs("2\n1 2\n3 4\n1\n5 6\n").unwrap(),
            ["2\n1 2\n3 4\n", "1\n5 6\n"]
        );
        let why = s.split_inputs("1\n1 2\n1\n5\n").unwrap_err();
        assert!(
            why.starts_with("input 2: input line 2, column 2: expected a space"),
            "{why}"
        );
    }
}
