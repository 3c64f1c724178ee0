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
    }
}
