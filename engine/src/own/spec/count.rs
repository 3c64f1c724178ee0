//! What a spec's outer count counts, for the sizes people read: `T` then `T`
//! repetitions is a count of cases when each repetition ends a line (`3 cases`),
//! and of the values of one case when they share a line (`1 case of 3 heaps`,
//! the noun from the name the spec gives them).

use super::parse::Cmd;
use super::Spec;

/// An input's size in the spec's own words.
#[derive(Debug, PartialEq, Eq)]
pub enum Counted {
    /// `T` cases, each a line or more.
    Cases(usize),
    /// One case of `count` values on a line, called `noun` (plural).
    Values { count: usize, noun: String },
}

impl Spec {
    /// What `input`'s outer count counts, when the spec reads `T` first and then
    /// `T` repetitions ([`Spec::cases`]).
    pub fn counted(&self, input: &str) -> Option<Counted> {
        let count = self.cases(input)?;
        let body = self.cmds.iter().find_map(|c| match c {
            Cmd::Rep { sep, body, .. } => Some((sep, body)),
            _ => None,
        })?;
        let ends_lines = matches!(body.0.as_deref(), Some(Cmd::Newline)) || has_newline(body.1);
        if ends_lines {
            return Some(Counted::Cases(count));
        }
        Some(Counted::Values {
            count,
            noun: noun(body.1, count),
        })
    }
}

impl Spec {
    /// What the records of each `#@multiset` repetition are called, outermost
    /// first: the mark's name (`edges`), else the name of the first `INT` of
    /// more than one letter its items read (`piles`), else the repetition's place.
    pub fn multisets(&self) -> Vec<String> {
        let mut names = Vec::new();
        marked(&self.cmds, &mut names);
        names
    }
}

/// `up to the order of the edges and of the piles`: what an exhaustive run
/// over a spec with these `#@multiset` records removes; `None` without any.
pub fn up_to(multisets: &[String]) -> Option<String> {
    let (first, rest) = multisets.split_first()?;
    let rest: String = rest.iter().map(|r| format!(" and of the {r}")).collect();
    Some(format!("up to the order of the {first}{rest}"))
}

fn marked(cmds: &[Cmd], names: &mut Vec<String>) {
    for c in cmds {
        if let Cmd::Rep { body, multiset, at, .. } = c {
            if let Some(m) = multiset {
                let named = m.name.clone().or_else(|| {
                    let noun = noun(body, 2);
                    (noun != "values").then_some(noun)
                });
                names.push(named.unwrap_or_else(|| format!("items of the REP at spec {}:{}", at.line, at.col)));
            }
            marked(body, names);
        }
    }
}

fn has_newline(cmds: &[Cmd]) -> bool {
    cmds.iter().any(|c| match c {
        Cmd::Newline => true,
        Cmd::Rep { sep, body, .. } => matches!(sep.as_deref(), Some(Cmd::Newline)) || has_newline(body),
        _ => false,
    })
}

/// The values' name, from the first `INT` the repetition names (`heap` gives
/// `heaps`); a name of one letter says nothing, and is `values`.
fn noun(body: &[Cmd], count: usize) -> String {
    let name = body.iter().find_map(|c| match c {
        Cmd::Int { var: Some(v), .. } if v.name.len() > 1 => Some(v.name.as_str()),
        _ => None,
    });
    match (name, count) {
        (None, 1) => "value".into(),
        (None, _) => "values".into(),
        (Some(name), 1) => name.trim_end_matches('s').into(),
        (Some(name), _) if name.ends_with('s') => name.into(),
        (Some(name), _) => format!("{name}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counted(spec: &str, input: &str) -> Option<Counted> {
        Spec::parse(spec, "s").unwrap().counted(input)
    }

    #[test]
    fn a_count_of_lines_counts_cases_and_a_count_of_one_line_counts_its_values() {
        let cases = "INT(1,5,t) NEWLINE REP(t) INT(1,9,a) SPACE INT(1,9,b) NEWLINE END";
        assert_eq!(counted(cases, "2\n4 1\n7 2\n"), Some(Counted::Cases(2)));
        let heaps = "INT(1,5,t) NEWLINE REP(t,SPACE) INT(1,99,heap) END NEWLINE";
        assert_eq!(
            counted(heaps, "3\n10 21 3\n"),
            Some(Counted::Values {
                count: 3,
                noun: "heaps".into()
            })
        );
        let one = "INT(1,5,n) NEWLINE REP(n,SPACE) INT(1,99,a) END NEWLINE";
        assert_eq!(
            counted(one, "1\n7\n"),
            Some(Counted::Values {
                count: 1,
                noun: "value".into()
            })
        );
        assert_eq!(counted("INT(1,5,n) SPACE INT(1,5,m) NEWLINE", "1 2\n"), None);
        // A mark changes nothing of what the count counts.
        let marked = "INT(1,5,t) NEWLINE\n#@multiset\nREP(t,SPACE) INT(1,99,heap) END NEWLINE";
        assert_eq!(
            counted(marked, "2\n10 3\n"),
            Some(Counted::Values {
                count: 2,
                noun: "heaps".into()
            })
        );
    }

    #[test]
    fn marked_repetitions_are_named_by_their_mark_their_values_or_their_place() {
        let spec = "INT(1,3,t) NEWLINE\n#@multiset cases\nREP(t)\n INT(0,3,n) NEWLINE\n #@multiset\n \
                    REP(n,SPACE) INT(1,9,pile) END NEWLINE\n #@multiset\n REP(n) INT(1,3,u) NEWLINE END\nEND";
        let names = Spec::parse(spec, "s").unwrap().multisets();
        assert_eq!(names, ["cases", "piles", "items of the REP at spec 8:2"]);
        assert!(Spec::parse("INT(1,3,t) REP(t) SPACE END", "s")
            .unwrap()
            .multisets()
            .is_empty());
    }
}
