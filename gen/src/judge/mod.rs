//! The judges' input and output formats, one module per problem.
//!
//! A module knows how one test case and one answer look as text; [`Framing`]
//! says how cases are packed into one input file, so the harness can batch
//! many cases into a single run of an external program.

pub mod bash_game;
pub mod bash_game_interactive;
pub mod bunny_egg;
pub mod candy_piles;
pub mod choosing_carrot;
pub mod christmas_game;
pub mod combat_on_a_tree;
pub mod dag_game;
pub mod election_promises;
pub mod forest_game;
pub mod fox_card_game;
pub mod green_hackenbush;
pub mod green_hackenbush_interactive;
pub mod jiangnan_le;
pub mod moore_nim;
pub mod nim;
pub mod nim_interactive;
pub mod nullify_matrix;
pub mod octal_game;
pub mod octal_game_interactive;
pub mod staircase_nim;
pub mod tree_game;
pub mod wythoff;
pub mod wythoff_interactive;

use crate::graph::Dsu;
use std::io::Read;

use crate::text::{ParseError, Tokens};
use crate::window::{ReadError, Window};

/// How a judge's input file holds its test cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    /// One case per file.
    Single,
    /// A first line with the case count `T` (1..=max), then the cases.
    Counted { max: usize },
    /// Cases one after another until end of file (at most `max` per batch).
    UntilEof { max: usize },
}

impl Framing {
    /// The most cases one input file may carry.
    pub fn max_cases(self) -> usize {
        match self {
            Framing::Single => 1,
            Framing::Counted { max } | Framing::UntilEof { max } => max,
        }
    }
}

/// Who a problem is, declared once beside its judge format: the harness, the
/// `solve` binary and every list of problems read it from here.
#[derive(Debug)]
pub struct Identity {
    /// The registry name, e.g. `christmas-game`.
    pub name: &'static str,
    /// Judge ids it is also known by, e.g. `poj3710`.
    pub aliases: &'static [&'static str],
    /// One line for `harness list` and `solve --help`.
    pub about: &'static str,
    /// The judge's bounds as `(field, largest value)`; the parser enforces them.
    pub limits: &'static [(&'static str, u64)],
    /// Judged online: `solve` answers it as a contestant's submission would.
    pub submitted: bool,
    /// The judge's time and memory limits, for judge-size invocations.
    pub judge: Resources,
    /// What the judge promises beyond its limits, as `[gen]` settings of the
    /// problem's main config whose generator validates exactly that promise
    /// (christmas-game: `mode = "poj"`, pendant cycles only); empty when the
    /// limits and the family's own validation say it all. Every judge-size
    /// test not marked `beyond` must pass it.
    pub guarantee: &'static str,
}

/// A judge's limits on one run of a submission. Problems that are not judged
/// online use 1 s and 256 MiB, the most common limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resources {
    /// Wall time per input file, in milliseconds.
    pub time_ms: u32,
    /// Peak memory, in MiB.
    pub memory_mib: u32,
    /// The stack a solution gets.
    pub stack: Stack,
}

/// The stack a judge gives a solution, where it is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stack {
    /// Not known: 8 MiB, the usual Linux default, is assumed.
    Unknown,
    /// The whole memory limit (Codeforces).
    WholeMemory,
}

impl Resources {
    /// The stack in MiB, and where the figure comes from.
    pub fn stack_mib(&self) -> (u32, &'static str) {
        match self.stack {
            Stack::Unknown => (8, "the judge's stack is not known: 8 MiB assumed"),
            Stack::WholeMemory => (self.memory_mib, "the judge's: the whole memory limit"),
        }
    }
}

impl Identity {
    /// Whether `name` is this problem's name or one of its aliases.
    pub fn answers_to(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name)
    }

    /// `name (alias, alias)`.
    pub fn title(&self) -> String {
        if self.aliases.is_empty() {
            self.name.to_string()
        } else {
            format!("{} ({})", self.name, self.aliases.join(", "))
        }
    }

    /// `n <= 500000, m <= 1500000`.
    pub fn limits_text(&self) -> String {
        let parts: Vec<String> = self.limits.iter().map(|(k, v)| format!("{k} <= {v}")).collect();
        parts.join(", ")
    }
}

/// What a contestant needs to write a solution, declared once at the end of
/// each judge module: the rules, both formats with every field and its
/// limits, and one sample. `harness list PROBLEM`, `solve PROBLEM --help` and
/// `docs/problems.md` show it; the harness's tests check that the sample
/// parses and that brute answers it as shown.
#[derive(Debug)]
pub struct Doc {
    /// The rules, in two or three sentences.
    pub rules: &'static str,
    /// The input format, every field with its limits.
    pub input: &'static str,
    /// The output format.
    pub output: &'static str,
    /// One judge input...
    pub sample_input: &'static str,
    /// ...and its answer, exactly as the judge's output format spells it.
    pub sample_output: &'static str,
}

/// A judge format with its [`Doc`].
pub trait Documented: Format {
    const DOC: Doc;
}

impl Doc {
    /// The rules, formats, sample and the judge's limits as plain text for a
    /// terminal, prose wrapped at 100 columns: what `harness list PROBLEM` and
    /// `solve PROBLEM --help` print.
    pub fn text(&self, id: &Identity) -> String {
        let mut out = format!("{}\n  {}\n", id.title(), id.about);
        for (heading, body, wrap) in [
            ("Rules", self.rules, true),
            ("Input", self.input, true),
            ("Output", self.output, true),
            ("Sample input", self.sample_input, false),
            ("Sample output", self.sample_output, false),
        ] {
            out.push_str(&format!("\n{heading}\n"));
            for line in body.lines() {
                if wrap {
                    wrap_into(&mut out, line, 100);
                } else {
                    out.push_str(&format!("  {line}\n"));
                }
            }
        }
        out.push_str(&format!(
            "\nJudge limits\n  {} ms and {} MiB per input file\n",
            id.judge.time_ms, id.judge.memory_mib
        ));
        out
    }
}

/// `line` indented by two spaces, broken at spaces before `width` columns.
fn wrap_into(out: &mut String, line: &str, width: usize) {
    let mut column = 0;
    for word in line.split(' ') {
        if column > 0 && column + 1 + word.len() > width {
            out.push('\n');
            column = 0;
        }
        if column == 0 {
            out.push_str("  ");
            column = 2;
        } else {
            out.push(' ');
            column += 1;
        }
        out.push_str(word);
        column += word.len();
    }
    out.push('\n');
}

/// A judge's text formats: how one test case and one answer are spelled.
/// The provided methods pack cases into whole input and output files.
pub trait Format {
    type Case;
    type Answer;
    /// The problem these formats belong to.
    const ID: Identity;
    /// How cases are packed into one input file.
    const FRAMING: Framing;

    fn read_case(t: &mut Tokens) -> Result<Self::Case, ParseError>;
    /// One case, without any case count.
    fn write_case(c: &Self::Case, out: &mut String);
    fn read_answer(c: &Self::Case, t: &mut Tokens) -> Result<Self::Answer, ParseError>;
    fn write_answer(a: &Self::Answer, out: &mut String);

    /// Every case of an input file.
    fn read_input(text: &str) -> Result<Vec<Self::Case>, ParseError> {
        let mut cases = Vec::new();
        match cases_in::<Self, _>(Window::of_text(text), |c| cases.push(c)) {
            Ok(()) => Ok(cases),
            Err(ReadError::Parse(e)) => Err(e),
            Err(ReadError::Io(e)) => unreachable!("a text in memory has nothing left to read: {e}"),
        }
    }

    /// Every case of an input read from `reader` a piece at a time, each
    /// handed to `each` as soon as it is read, so that one case at a time is
    /// in memory: how a solution meets a judge's memory limit on its largest
    /// inputs. Accepts, rejects and names errors as [`Format::read_input`].
    fn read_cases(reader: impl Read, each: impl FnMut(Self::Case)) -> Result<(), ReadError> {
        cases_in::<Self, _>(Window::new(reader), each)
    }

    /// Cases as one input file.
    fn write_input(cases: &[Self::Case]) -> String {
        let mut out = String::new();
        if let Framing::Counted { .. } = Self::FRAMING {
            push_line(&mut out, format_args!("{}", cases.len()));
        }
        for c in cases {
            Self::write_case(c, &mut out);
        }
        out
    }

    /// One answer per case; anything left over is an error.
    fn read_output(cases: &[Self::Case], text: &str) -> Result<Vec<Self::Answer>, ParseError> {
        let mut t = Tokens::new(text);
        let answers = cases
            .iter()
            .enumerate()
            .map(|(k, c)| {
                let answer = Self::read_answer(c, &mut t);
                if cases.len() > 1 {
                    answer.map_err(within("case", k + 1))
                } else {
                    answer
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        t.expect_end("the last answer")?;
        Ok(answers)
    }

    fn write_output(answers: &[Self::Answer]) -> String {
        let mut out = String::new();
        for a in answers {
            Self::write_answer(a, &mut out);
        }
        out
    }
}

/// How a judge spells who wins, e.g. `Alice` / `Bob`: the first word when
/// the first player does. Declared once per judge, read and written from it.
pub struct Winner {
    /// The field name in error messages, e.g. `winner`.
    pub field: &'static str,
    pub first: &'static str,
    pub second: &'static str,
}

impl Winner {
    pub fn read(&self, t: &mut Tokens) -> Result<bool, ParseError> {
        Ok(t.one_of(self.field, &[self.first, self.second])? == 0)
    }

    pub fn write(&self, first_wins: bool, out: &mut String) {
        push_line(
            out,
            format_args!("{}", if first_wins { self.first } else { self.second }),
        );
    }
}

pub(crate) fn push_line(out: &mut String, args: std::fmt::Arguments) {
    use std::fmt::Write;
    out.write_fmt(args).expect("writing to a String cannot fail");
    out.push('\n');
}

/// Every case in `w`, by `F`'s framing, handed to `each` as it is read.
fn cases_in<F: Format + ?Sized, R: Read>(mut w: Window<R>, mut each: impl FnMut(F::Case)) -> Result<(), ReadError> {
    match F::FRAMING {
        Framing::Single => {
            w.read_to_end()?;
            each(w.read(F::read_case)?);
        }
        Framing::Counted { max } => {
            let count = w.read(|t| t.usize("T", 1, max))?;
            for i in 1..=count {
                each(w.read(|t| F::read_case(t).map_err(within("case", i)))?);
            }
        }
        Framing::UntilEof { .. } => {
            let mut i = 0;
            while !w.at_end()? {
                i += 1;
                each(w.read(|t| F::read_case(t).map_err(within("case", i)))?);
            }
            if i == 0 {
                return w.read(|t| {
                    t.at_end();
                    Err(t.error("first case", "the input is empty"))
                });
            }
        }
    }
    if w.at_end()? {
        Ok(())
    } else {
        w.read(|t| t.expect_end("the last case"))
    }
}

/// Values on one line, separated by single spaces.
pub(crate) fn push_values<T: std::fmt::Display>(out: &mut String, values: impl IntoIterator<Item = T>) {
    use std::fmt::Write;
    for (i, v) in values.into_iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        write!(out, "{v}").expect("writing to a String cannot fail");
    }
    out.push('\n');
}

/// Prefixes an error's field with what it belonged to, e.g. `edge 3: `.
/// Names are built only on error: a maximal input has millions of tokens.
pub(crate) fn within(what: &'static str, i: usize) -> impl FnOnce(ParseError) -> ParseError {
    move |mut e| {
        e.field = format!("{what} {i}: {}", e.field);
        e
    }
}

/// Reads `m` edges `u v` over vertices `1..=n`, as 0-based pairs.
pub(crate) fn read_edges(t: &mut Tokens, n: usize, m: usize) -> Result<Vec<(u32, u32)>, ParseError> {
    let mut edges = Vec::with_capacity(m.min(t.max_tokens_left() / 2));
    for i in 1..=m {
        let u = t.vertex("u", n).map_err(within("edge", i))?;
        let v = t.vertex("v", n).map_err(within("edge", i))?;
        edges.push((u, v));
    }
    Ok(edges)
}

/// Reads the `n - 1` edges of a tree on `1..=n`, rejecting anything else.
/// `n - 1` edges form a tree exactly when none joins two vertices that the
/// edges before it already connect, so the error blames the first such edge,
/// at the line of its second end: where a reader of the file sees the cycle
/// close.
pub(crate) fn read_tree_edges(t: &mut Tokens, n: usize) -> Result<Vec<(u32, u32)>, ParseError> {
    let first = t.clone();
    let edges = read_edges(t, n, n - 1)?;
    if peels_away(n, &edges) {
        return Ok(edges);
    }
    let mut parts = Dsu::new(n);
    match edges.iter().position(|&(u, v)| !parts.union(u as usize, v as usize)) {
        None => Ok(edges),
        Some(i) => {
            let (u, v) = edges[i];
            Err(ParseError {
                line: first.line_ahead(2 * i + 1),
                field: format!("edge {}", i + 1),
                message: format!(
                    "`{} {}` closes a cycle with the edges before it, so the {} edges do not form a tree on {n} vertices",
                    u + 1,
                    v + 1,
                    n - 1
                ),
            })
        }
    }
}

/// Whether removing leaves one at a time leaves a single vertex: exactly when
/// `n - 1` edges form a tree. Each vertex keeps its degree and the XOR of its
/// neighbours, which names the last neighbour of a leaf, so no adjacency is
/// built: the common case, a valid input, costs one pass and no union-find.
fn peels_away(n: usize, edges: &[(u32, u32)]) -> bool {
    let mut degree = vec![0u32; n];
    let mut others = vec![0u32; n];
    for &(u, v) in edges {
        degree[u as usize] += 1;
        others[u as usize] ^= v;
        degree[v as usize] += 1;
        others[v as usize] ^= u;
    }
    let mut leaves: Vec<u32> = (0..n as u32).filter(|&v| degree[v as usize] == 1).collect();
    let mut removed = 0;
    while let Some(v) = leaves.pop() {
        if degree[v as usize] != 1 {
            // The last two vertices are both leaves; the second finds itself alone.
            continue;
        }
        removed += 1;
        degree[v as usize] = 0;
        let w = others[v as usize] as usize;
        degree[w] -= 1;
        others[w] ^= v;
        if degree[w] == 1 {
            leaves.push(w as u32);
        }
    }
    removed + 1 == n
}

pub(crate) fn write_edges(out: &mut String, edges: &[(u32, u32)]) {
    for &(u, v) in edges {
        push_line(out, format_args!("{} {}", u + 1, v + 1));
    }
}
