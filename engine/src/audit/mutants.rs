//! `audit --mutants`: mechanical mutants of a right solution's source, each
//! run on the test set like a wrong solution.
//!
//! Problem: the wrong solutions a setter thought of test the tests only
//! against the mistakes the setter thought of. A mutant is the right
//! solution with one small edit (a comparison flipped, a constant off by one,
//! XOR swapped for +); a test set that lets a mutant pass, while random cases
//! catch it, misses a bug a contestant could make.
//!
//! Idea: lex the source (skipping comments, strings, characters and, in C++,
//! preprocessor lines) and list every single edit the operators below allow;
//! keep at most `max` of them, spread evenly over the file. Each mutant is
//! built (C++ with `g++`; a mutant that does not build is stillborn) and run
//! on the tests in order until one kills it; a survivor is run on random
//! cases: caught there, the test set is weak; not caught, it is probably
//! equivalent to the original.
//!
//! Complexity: one pass over the source; per mutant one build and at most one
//! run per test (plus the random run of a survivor).
//!
//! Reference: R. A. DeMillo, R. J. Lipton, F. G. Sayward, "Hints on test data
//! selection: help for the practicing programmer", Computer 11(4), 1978; the
//! operators are those of mutmut and Mull (relational, arithmetic, logical,
//! constant replacement).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use sandbox::Program;

use super::{letter, why, Oracle, Probe, Random, Wrong};
use crate::builtin::registry::DynProblem;
use crate::invoke::{Jury, Limits, Scratch, Solution, Verdict};
use crate::package::Test;

/// The language of a source, by its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    Cpp,
    Python,
}

impl Lang {
    /// `None` for an extension no mutant is made for.
    pub fn of(path: &Path) -> Option<Lang> {
        match path.extension()?.to_str()? {
            "cpp" | "cc" | "cxx" | "c++" => Some(Lang::Cpp),
            "py" => Some(Lang::Python),
            _ => None,
        }
    }
}

/// The source mutated and how a mutant of it runs.
#[derive(Clone, Debug)]
pub struct Reference {
    pub source: PathBuf,
    pub lang: Lang,
    /// A Python mutant's command: this one with the source's word replaced by the mutant's path
    /// (`python3 sol.py`); `None`: `python3 MUTANT`. A C++ mutant runs as its binary.
    pub command: Option<String>,
    /// The folder the mutants run in (a problem file's); `None`: the harness's.
    pub dir: Option<PathBuf>,
}

impl Reference {
    /// A source named on the command line (`--mutants-of FILE`).
    pub fn file(source: &Path) -> Result<Reference> {
        let lang = Lang::of(source).ok_or_else(|| {
            anyhow!(
                "--mutants-of {}: mutants are made of C++ (.cpp, .cc, .cxx) and Python (.py) sources only",
                source.display()
            )
        })?;
        if !source.is_file() {
            bail!("--mutants-of {}: no such file", source.display());
        }
        Ok(Reference {
            source: source.to_path_buf(),
            lang,
            command: None,
            dir: None,
        })
    }
}

/// One single edit of the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mutant {
    /// 1-based line of the edit.
    pub line: usize,
    pub from: String,
    pub to: String,
    /// The whole mutated source.
    pub text: String,
}

impl Mutant {
    pub fn describe(&self) -> String {
        format!("line {}: `{}` -> `{}`", self.line, self.from, self.to)
    }
}

/// What became of one mutant.
pub enum Outcome {
    /// It does not build: the compiler's first error line.
    Stillborn(String),
    /// A test kills it: the test's name and the verdict.
    Killed(String, Verdict),
    /// Every test passes it, and a random case catches it: the test set is weak there.
    Caught(String),
    /// Every test and every random case of the probe pass it: probably equivalent.
    Equivalent(u64),
}

/// The mutants of one source and what became of each.
pub struct Mutation {
    pub source: PathBuf,
    /// Every edit the operators allow, before the cap.
    pub candidates: usize,
    pub results: Vec<(Mutant, Outcome)>,
}

impl Mutation {
    /// Mutants only random cases catch: each one is a hole in the test set.
    pub fn weak(&self) -> usize {
        self.results
            .iter()
            .filter(|(_, o)| matches!(o, Outcome::Caught(_)))
            .count()
    }
}

/// A token of the source: its text, byte offset and line.
#[derive(Debug)]
struct Token<'a> {
    text: &'a str,
    at: usize,
    line: usize,
}

/// Operators, longest first, so that `<<=` is never read as `<` and `<=`.
const OPERATORS: [&str; 33] = [
    "<<=", ">>=", "**=", "//=", "->", "::", "<=", ">=", "==", "!=", "&&", "||", "<<", ">>", "++", "--", "+=", "-=",
    "*=", "/=", "%=", "^=", "|=", "&=", "**", "//", "<", ">", "+", "-", "^", "=", "!",
];

/// Words after which `+` and `-` are signs, not sums.
const KEYWORDS: [&str; 12] = [
    "return", "case", "in", "and", "or", "not", "if", "elif", "else", "yield", "while", "print",
];

/// The tokens of `source` that an edit may touch: operators, words and decimal integers, with
/// comments, strings, characters and preprocessor lines left out.
fn tokens(source: &str, lang: Lang) -> Vec<Token<'_>> {
    let bytes = source.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut line, mut line_start) = (0, 1, true);
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'\n' {
            line += 1;
            line_start = true;
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let starts_line = std::mem::replace(&mut line_start, false);
        let rest = &source[i..];
        let skip_to_eol = (lang == Lang::Cpp && (rest.starts_with("//") || (starts_line && c == b'#')))
            || (lang == Lang::Python && c == b'#');
        if skip_to_eol {
            let end = end_of_line(bytes, i, lang == Lang::Cpp);
            line += source[i..end].matches('\n').count();
            i = end;
            continue;
        }
        if lang == Lang::Cpp && rest.starts_with("/*") {
            let end = rest[2..].find("*/").map_or(bytes.len(), |k| i + 2 + k + 2);
            line += source[i..end].matches('\n').count();
            i = end;
            continue;
        }
        if c == b'"' || c == b'\'' {
            let end = end_of_string(source, i, lang);
            line += source[i..end].matches('\n').count();
            i = end;
            continue;
        }
        let len = if c.is_ascii_alphabetic() || c == b'_' {
            rest.bytes()
                .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
                .count()
        } else if c.is_ascii_digit() {
            number_len(rest)
        } else {
            OPERATORS
                .iter()
                .find(|op| rest.starts_with(*op))
                .map_or(1, |op| op.len())
        };
        out.push(Token {
            text: &source[i..i + len],
            at: i,
            line,
        });
        i += len;
    }
    out
}

/// Past the end of the line at `i` (a C++ preprocessor line goes on after a backslash).
fn end_of_line(bytes: &[u8], mut i: usize, continued: bool) -> usize {
    while i < bytes.len() && bytes[i] != b'\n' {
        if continued && bytes[i] == b'\\' && bytes.get(i + 1) == Some(&b'\n') {
            i += 1;
        }
        i += 1;
    }
    i
}

/// Past the string or character literal opening at `i`; Python's triple quotes included.
fn end_of_string(source: &str, i: usize, lang: Lang) -> usize {
    let quote = &source[i..i + 1];
    let triple = quote.repeat(3);
    let (close, from) = if lang == Lang::Python && source[i..].starts_with(&triple) {
        (triple.as_str(), i + 3)
    } else {
        (quote, i + 1)
    };
    let bytes = source.as_bytes();
    let mut k = from;
    while k < bytes.len() {
        if bytes[k] == b'\\' {
            k += 2;
            continue;
        }
        if source[k..].starts_with(close) {
            return k + close.len();
        }
        // A one-quote string ends with its line, closed or not.
        if close.len() == 1 && bytes[k] == b'\n' {
            return k;
        }
        k += 1;
    }
    bytes.len()
}

/// The length of the number at the start of `s`: digits, then any letters, dots or digits
/// that continue it (`1e9`, `0x1F`, `10ULL`, `1.5`), C++'s digit separators included.
fn number_len(s: &str) -> usize {
    let b = s.as_bytes();
    let mut k = 0;
    while k < b.len() && (b[k].is_ascii_alphanumeric() || b[k] == b'.' || b[k] == b'_' || (b[k] == b'\'' && k > 0)) {
        k += 1;
    }
    k
}

/// The replacements of `token`; `after` is the token before it, which tells a sum from a sign.
fn replacements(token: &str, after: Option<&str>, lang: Lang) -> Vec<String> {
    let operand_before = after.is_some_and(|t| {
        let word = t.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
        (word && !KEYWORDS.contains(&t)) || t == ")" || t == "]"
    });
    let fixed: &[&str] = match token {
        "<" => &["<="],
        "<=" => &["<"],
        ">" => &[">="],
        ">=" => &[">"],
        "==" => &["!="],
        "!=" => &["=="],
        "+" | "-" if !operand_before => &[],
        "+" => &["-"],
        "-" => &["+"],
        "+=" => &["-="],
        "-=" => &["+="],
        "^" => &["+"],
        "^=" => &["+="],
        "&&" if lang == Lang::Cpp => &["||"],
        "||" if lang == Lang::Cpp => &["&&"],
        "and" if lang == Lang::Python => &["or"],
        "or" if lang == Lang::Python => &["and"],
        _ => &[],
    };
    if !fixed.is_empty() {
        return fixed.iter().map(|s| s.to_string()).collect();
    }
    // Decimal integers only: a suffix (`10ULL`) is kept, other bases and floats are left alone.
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    let (number, suffix) = token.split_at(digits);
    let plain_suffix = suffix.bytes().all(|b| matches!(b, b'u' | b'U' | b'l' | b'L'));
    match number.parse::<u64>() {
        Ok(n) if plain_suffix && (n == 0 || !number.starts_with('0')) => [n.checked_add(1), n.checked_sub(1)]
            .into_iter()
            .flatten()
            .map(|m| format!("{m}{suffix}"))
            .collect(),
        _ => vec![],
    }
}

/// Every single edit the operators allow, in the order of the source.
pub fn candidates(source: &str, lang: Lang) -> Vec<Mutant> {
    let tokens = tokens(source, lang);
    let mut out = Vec::new();
    for (k, t) in tokens.iter().enumerate() {
        let before = k.checked_sub(1).map(|j| tokens[j].text);
        for to in replacements(t.text, before, lang) {
            let mut text = String::with_capacity(source.len() + 2);
            text.push_str(&source[..t.at]);
            text.push_str(&to);
            text.push_str(&source[t.at + t.text.len()..]);
            out.push(Mutant {
                line: t.line,
                from: t.text.to_string(),
                to,
                text,
            });
        }
    }
    out
}

/// At most `max` of `all`, spread evenly over the source: the same choice on every machine.
pub fn spread(all: Vec<Mutant>, max: usize) -> Vec<Mutant> {
    let n = all.len();
    if n <= max {
        return all;
    }
    let chosen: Vec<usize> = (0..max).map(|k| k * n / max).collect();
    all.into_iter()
        .enumerate()
        .filter(|(i, _)| chosen.binary_search(i).is_ok())
        .map(|(_, m)| m)
        .collect()
}

/// How long one build may take.
const BUILD_LIMIT: Duration = Duration::from_secs(120);

/// A mutant's source written to `dir` and built: the program that runs it, or why it does not
/// build.
pub fn build(r: &Reference, text: &str, dir: &Path, k: usize) -> Result<std::result::Result<Solution, String>> {
    let ext = match r.lang {
        Lang::Cpp => "cpp",
        Lang::Python => "py",
    };
    let file = dir.join(format!("mutant{k}.{ext}"));
    std::fs::write(&file, text).with_context(|| format!("cannot write {}", file.display()))?;
    let path = file.display().to_string();
    let cmd = match r.lang {
        Lang::Cpp => {
            let binary = dir.join(format!("mutant{k}"));
            let gxx = Program::parse(&format!(
                "g++ -O2 -std=c++17 -o {} {}",
                shlex::try_quote(&binary.display().to_string())?,
                shlex::try_quote(&path)?
            ))
            .map_err(|e| anyhow!("--mutants: building C++ needs g++: {e}"))?;
            let run = sandbox::run(&gxx, "", BUILD_LIMIT).map_err(|e| anyhow!("--mutants: g++: {e:?}"))?;
            if run.timed_out || run.exit != Some(sandbox::Exit::Success) {
                let first = run
                    .stderr_tail
                    .lines()
                    .find(|l| l.contains("error"))
                    .unwrap_or("no error line");
                return Ok(Err(first.trim().to_string()));
            }
            shlex::try_quote(&binary.display().to_string())?.into_owned()
        }
        Lang::Python => {
            let quoted = shlex::try_quote(&path)?.into_owned();
            match &r.command {
                Some(cmd) => python_command(cmd, &r.source, &quoted),
                None => format!("python3 {quoted}"),
            }
        }
    };
    let program = match &r.dir {
        Some(dir) => Program::parse_in(&cmd, dir),
        None => Program::parse(&cmd),
    }
    .map_err(|e| anyhow!("--mutants: cannot run a mutant of {}: {e}", r.source.display()))?;
    Ok(Ok(Solution {
        name: format!("mutant {k}"),
        program,
        expect: vec![],
    }))
}

/// `cmd` with its word naming `source` replaced by `mutant`.
fn python_command(cmd: &str, source: &Path, mutant: &str) -> String {
    let name = source
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let words = shlex::split(cmd).unwrap_or_default();
    let replaced: Vec<String> = words
        .into_iter()
        .map(|w| {
            if Path::new(&w).file_name().is_some_and(|f| f.to_string_lossy() == name) {
                mutant.to_string()
            } else {
                shlex::try_quote(&w).map(|q| q.into_owned()).unwrap_or(w)
            }
        })
        .collect();
    replaced.join(" ")
}

/// The original and then each of at most `max` mutants of `r` on the tests, in order, up to the
/// first that kills it; a survivor on `probe` random cases.
pub(super) fn mutate(r: &Reference, max: usize, on: &Bench, progress: &mut dyn FnMut(&str)) -> Result<Mutation> {
    let source = std::fs::read_to_string(&r.source).with_context(|| format!("cannot read {}", r.source.display()))?;
    let scratch = Scratch::new()?;
    let inputs = on.inputs(&scratch.0)?;
    let original = build(r, &source, &scratch.0, 0)?
        .map_err(|e| anyhow!("--mutants: {} itself does not build: {e}", r.source.display()))?;
    if let Some((test, v)) = first_kill(on, &inputs, &wrong(original))? {
        bail!(
            "--mutants: {} itself fails test {test} ({}{}): mutants of a wrong solution say nothing; give a right \
             one with --mutants-of FILE",
            r.source.display(),
            v.short(),
            why(&v).map(|w| format!(": {w}")).unwrap_or_default()
        );
    }
    let all = candidates(&source, r.lang);
    let candidates = all.len();
    let chosen = spread(all, max);
    progress(&format!(
        "{}: {} mutants of {candidates} possible edits, each on the tests until one kills it",
        r.source.display(),
        chosen.len()
    ));
    let mut results = Vec::with_capacity(chosen.len());
    for (k, mutant) in chosen.into_iter().enumerate() {
        sandbox::signals::check()?;
        let outcome = match build(r, &mutant.text, &scratch.0, k + 1)? {
            Err(e) => Outcome::Stillborn(e),
            Ok(solution) => {
                let w = wrong(solution);
                match first_kill(on, &inputs, &w)? {
                    Some((test, v)) => Outcome::Killed(test, v),
                    None => match super::probe(on.problem, on.jury, &w, on.probe, (on.random, on.oracle), on.limits)? {
                        Probe::Caught(why) => Outcome::Caught(why),
                        Probe::Agreed(n) => Outcome::Equivalent(n),
                    },
                }
            }
        };
        progress(&format!("mutant {}: {}: {}", k + 1, mutant.describe(), short(&outcome)));
        results.push((mutant, outcome));
    }
    Ok(Mutation {
        source: r.source.clone(),
        candidates,
        results,
    })
}

/// What the mutants run on: the audit's tests, jury and random run.
pub(super) struct Bench<'a> {
    pub problem: Option<&'a dyn DynProblem>,
    pub jury: &'a dyn Jury,
    pub tests: &'a [(String, Test)],
    pub limits: Limits,
    pub probe: u64,
    pub random: Random<'a>,
    pub oracle: Oracle<'a>,
}

impl Bench<'_> {
    /// Each test's input written to a file of `dir`, once for every mutant.
    fn inputs(&self, dir: &Path) -> Result<Vec<PathBuf>> {
        (self.tests.iter().enumerate())
            .map(|(k, (_, t))| {
                let path = dir.join(format!("{k}.in"));
                std::fs::write(&path, &t.input).with_context(|| format!("cannot write {}", path.display()))?;
                Ok(path)
            })
            .collect()
    }
}

/// The first test that `w` does not pass, and its verdict.
fn first_kill(on: &Bench, inputs: &[PathBuf], w: &Wrong) -> Result<Option<(String, Verdict)>> {
    for ((name, t), path) in on.tests.iter().zip(inputs) {
        sandbox::signals::check()?;
        let v = super::verdict(on.problem, on.jury, w, path, &t.input, &t.answer, on.limits)?;
        if v != Verdict::Ok {
            return Ok(Some((name.clone(), v)));
        }
    }
    Ok(None)
}

/// An outcome in a few words, for the progress lines.
fn short(o: &Outcome) -> String {
    match o {
        Outcome::Stillborn(_) => "does not build".into(),
        Outcome::Killed(test, v) => format!("killed by test {test} ({})", v.short()),
        Outcome::Caught(_) => "SURVIVES every test; a random case catches it".into(),
        Outcome::Equivalent(_) => "survives every test and the random run: probably equivalent".into(),
    }
}

/// The summary and every mutant's fate, the holes first.
pub fn render(m: &Mutation) -> String {
    let mut out = String::new();
    let count = |f: fn(&Outcome) -> bool| m.results.iter().filter(|(_, o)| f(o)).count();
    let stillborn = count(|o| matches!(o, Outcome::Stillborn(_)));
    let killed = count(|o| matches!(o, Outcome::Killed(..)));
    let equivalent = count(|o| matches!(o, Outcome::Equivalent(_)));
    let _ = writeln!(
        out,
        "\nmutants of {}: {} of {} possible edits{}, {stillborn} did not build",
        m.source.display(),
        m.results.len(),
        m.candidates,
        if m.results.len() < m.candidates {
            " (spread over the file; --mutants N for more)"
        } else {
            ""
        }
    );
    for (mutant, outcome) in &m.results {
        let line = match outcome {
            Outcome::Caught(why) => format!(
                "SURVIVOR: {} passes every test, but a random run catches it: the test set is WEAK; add a test \
                 that kills it\n    {}",
                mutant.describe(),
                why.replace('\n', "\n    ")
            ),
            Outcome::Equivalent(n) => format!(
                "{} passes every test and agrees with the jury on {n} random cases: probably equivalent",
                mutant.describe()
            ),
            Outcome::Killed(test, v) => format!(
                "{}: killed by test {test} ({}) {}",
                mutant.describe(),
                letter(v),
                why(v).unwrap_or_default()
            ),
            Outcome::Stillborn(e) => format!("{}: does not build: {e}", mutant.describe()),
        };
        let _ = writeln!(out, "  {}", crate::echo::clip(line.trim_end(), 4 * crate::echo::ECHO));
    }
    let built = m.results.len() - stillborn;
    let _ = writeln!(
        out,
        "mutation score: {killed} of {built} built mutants killed by the tests{}; {} caught only by random cases, \
         {equivalent} probably equivalent",
        (killed * 100)
            .checked_div(built)
            .map(|percent| format!(" ({percent}%)"))
            .unwrap_or_default(),
        m.weak()
    );
    out
}

/// The wrong solution a mutant is while it runs: expected to fail, by any verdict.
pub fn wrong(solution: Solution) -> Wrong {
    Wrong {
        name: solution.name.clone(),
        kind: "mutant",
        runner: super::Runner::Process(solution),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edits(source: &str, lang: Lang) -> Vec<String> {
        candidates(source, lang)
            .iter()
            .map(|m| format!("{}:{}>{}", m.line, m.from, m.to))
            .collect()
    }

    #[test]
    fn comparisons_flip_and_constants_move_by_one() {
        let src = "int main() {\n  if (a < 10) return b ^ c;\n}\n";
        assert_eq!(
            edits(src, Lang::Cpp),
            ["2:<><=", "2:10>11", "2:10>9", "2:^>+"],
            "the parentheses and braces are no edits"
        );
        let mutant = &candidates(src, Lang::Cpp)[0];
        assert_eq!(mutant.text, "int main() {\n  if (a <= 10) return b ^ c;\n}\n");
    }

    #[test]
    fn comments_strings_and_preprocessor_lines_are_left_alone() {
        let src =
            "#include <cstdio>\n#define N 5 \\\n  + 1\n// a < b 3\n/* x == 4\n */ puts(\"1 < 2\"); c = 'x';\nk = 7;\n";
        assert_eq!(edits(src, Lang::Cpp), ["7:7>8", "7:7>6"]);
        let py = "# 1 < 2\ns = '''a\n< 3'''\nt = \"x == y\"\nif a and b: x = y - 2\n";
        assert_eq!(edits(py, Lang::Python), ["5:and>or", "5:->+", "5:2>3", "5:2>1"]);
    }

    #[test]
    fn a_sign_is_no_sum_and_long_operators_stay_whole() {
        let src = "x = -1; y = a - b; z = (c) + d; return -e; w <<= 2; v = p->q; cin >> r;";
        assert_eq!(
            edits(src, Lang::Cpp),
            ["1:1>2", "1:1>0", "1:->+", "1:+>-", "1:2>3", "1:2>1"],
            "`-1`, `return -e`, `<<=`, `->` and `>>` are not mutated"
        );
    }

    #[test]
    fn zero_only_grows_and_other_bases_and_floats_are_left_alone() {
        assert_eq!(
            edits("a = 0; b = 0x10; c = 1e9; d = 2.5; e = 10ULL; f = 007;", Lang::Cpp),
            ["1:0>1", "1:10ULL>11ULL", "1:10ULL>9ULL"]
        );
    }

    #[test]
    fn the_spread_keeps_the_first_and_reaches_the_end() {
        let all = candidates(&"x = 1 < 2;\n".repeat(10), Lang::Cpp);
        assert_eq!(all.len(), 50);
        let kept = spread(all, 5);
        assert_eq!(kept.iter().map(|m| m.line).collect::<Vec<_>>(), [1, 3, 5, 7, 9]);
    }

    #[test]
    fn a_python_command_runs_the_mutant_in_place_of_its_source() {
        assert_eq!(
            python_command("python3 -u sol.py --fast", Path::new("/p/sol.py"), "'/tmp/m 1.py'"),
            "python3 -u '/tmp/m 1.py' --fast"
        );
    }
}
