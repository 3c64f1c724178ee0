//! Running a spec: over an input text (checking it and recording where its
//! integers and repetitions are), or writing a text (from random draws, or
//! from a list of integer values when a shrink move rewrote them).

use std::collections::HashMap;
use std::ops::Range;

use gen::Rng;

use super::parse::{Cmd, Cond, Expr, Pos, Target};

/// The most steps one run of a spec takes: each command run and each item of
/// a repetition is one. It bounds the whole run, not each repetition, so
/// nested counts that are each allowed cannot multiply past it (and the
/// trace, which grows by the step, stays within a few hundred MiB).
pub const MAX_STEPS: u64 = 10_000_000;

/// Where an input's integers and repetitions are, in the order the spec reads them.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    pub ints: Vec<IntAt>,
    pub reps: Vec<RepAt>,
}

/// One integer read by `INT(lo, hi, ...)`.
#[derive(Clone, Debug)]
pub struct IntAt {
    pub value: i64,
    pub lo: i64,
    /// The integer that set the variable `hi` names, when `hi` is one variable
    /// (`INT(1, n, u)`: `u` refers to `1..n`).
    pub hi_from: Option<usize>,
}

/// One run of a `REP` or `REPI`.
#[derive(Clone, Debug)]
pub struct RepAt {
    /// The integer that set its count, when the count is one variable.
    pub count_from: Option<usize>,
    /// The integer its count follows and how many items one unit of it counts, when the count
    /// is `a v + b` for one variable `v` and a number `a >= 1` (`n - 1`: one; `2 * n`: two).
    pub count_by: Option<(usize, i64)>,
    /// Each item's integers, as a range of `Trace::ints`.
    pub items: Vec<Range<usize>>,
}

/// What a spec reads from or writes to.
pub trait Io {
    /// `INT(lo, hi, name)`, met at `at`.
    fn int(&mut self, lo: i64, hi: i64, name: Option<&str>, at: Pos) -> Result<i64, String>;
    fn space(&mut self) -> Result<(), String>;
    fn newline(&mut self) -> Result<(), String>;
    fn eof(&mut self) -> Result<(), String>;
    /// Whether a failed `ASSERT` stops the run (it does, except when rewriting).
    fn strict(&self) -> bool {
        true
    }
    /// Where a `#@multiset` repetition and its records begin and end: only
    /// an enumeration cares, which keeps the records in order.
    fn records(&mut self, _: Records) -> Result<(), String> {
        Ok(())
    }
}

/// A step of a `#@multiset` repetition, as [`Io::records`] hears it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Records {
    Open,
    ItemStart,
    ItemEnd,
    Close,
}

/// A variable's value and the integer that set it.
type Slot = (i64, Option<usize>);

pub struct Exec<'a, I: Io> {
    io: &'a mut I,
    vars: HashMap<(String, Option<i64>), Slot>,
    pub trace: Trace,
    /// Steps taken so far, up to [`MAX_STEPS`].
    steps: u64,
    /// The innermost repetition running (the start of the spec outside
    /// any), which a run past [`MAX_STEPS`] is blamed on.
    within: Pos,
}

pub(super) fn at(p: Pos) -> String {
    format!("spec {}:{}", p.line, p.col)
}

impl<'a, I: Io> Exec<'a, I> {
    pub fn new(io: &'a mut I) -> Self {
        Exec {
            io,
            vars: HashMap::new(),
            trace: Trace::default(),
            steps: 0,
            within: Pos { line: 1, col: 1 },
        }
    }

    fn key(&self, t: &Target) -> Result<(String, Option<i64>), String> {
        let index = match &t.index {
            Some(e) => Some(self.eval(e)?),
            None => None,
        };
        Ok((t.name.clone(), index))
    }

    fn lookup(&self, t: &Target) -> Result<Slot, String> {
        let key = self.key(t)?;
        self.vars.get(&key).copied().ok_or_else(|| match key.1 {
            Some(i) => format!("{}: `{}[{i}]` is not set", at(t.at), t.name),
            None => format!("{}: variable `{}` is not set", at(t.at), t.name),
        })
    }

    fn eval(&self, e: &Expr) -> Result<i64, String> {
        let overflow = || "an expression of the spec overflows 64 bits".to_string();
        Ok(match e {
            Expr::Num(n) => *n,
            Expr::Var(t) => self.lookup(t)?.0,
            Expr::Neg(a) => self.eval(a)?.checked_neg().ok_or_else(overflow)?,
            Expr::Bin(op, a, b) => {
                let (a, b) = (self.eval(a)?, self.eval(b)?);
                match op {
                    '+' => a.checked_add(b),
                    '-' => a.checked_sub(b),
                    _ => a.checked_mul(b),
                }
                .ok_or_else(overflow)?
            }
        })
    }

    /// The integer that set `e`, when `e` is a single variable.
    fn source(&self, e: &Expr) -> Option<usize> {
        match e {
            Expr::Var(t) => self.lookup(t).ok()?.1,
            _ => None,
        }
    }

    /// `(integer, a)` when `e` is `a v + b` for the variable `v` that integer set: what
    /// lowers a repetition's count by whole units.
    fn counter(&self, e: &Expr) -> Option<(usize, i64)> {
        match e {
            Expr::Var(_) => Some((self.source(e)?, 1)),
            Expr::Bin('+' | '-', a, b) if matches!(**b, Expr::Num(_)) => self.counter(a),
            Expr::Bin('+', a, b) if matches!(**a, Expr::Num(_)) => self.counter(b),
            Expr::Bin('*', a, b) => match (&**a, &**b) {
                (Expr::Num(k), x) | (x, Expr::Num(k)) if *k >= 1 => self.counter(x).map(|(int, per)| (int, per * k)),
                _ => None,
            },
            _ => None,
        }
    }

    fn holds(&self, c: &Cond) -> Result<bool, String> {
        Ok(match c {
            Cond::Cmp(op, a, b) => {
                let (a, b) = (self.eval(a)?, self.eval(b)?);
                match *op {
                    "<" => a < b,
                    "<=" => a <= b,
                    ">" => a > b,
                    ">=" => a >= b,
                    "==" => a == b,
                    _ => a != b,
                }
            }
            Cond::And(a, b) => self.holds(a)? && self.holds(b)?,
            Cond::Or(a, b) => self.holds(a)? || self.holds(b)?,
            Cond::Not(a) => !self.holds(a)?,
        })
    }

    pub fn run(&mut self, cmds: &[Cmd]) -> Result<(), String> {
        for c in cmds {
            self.step(c)?;
        }
        Ok(())
    }

    /// Counts `n` more steps, refused past [`MAX_STEPS`], before they are taken.
    /// A long run stops at Ctrl-C or SIGTERM, as every step of the harness does.
    fn spend(&mut self, n: u64) -> Result<(), String> {
        let before = self.steps;
        self.steps = self.steps.saturating_add(n);
        if before >> 16 != self.steps >> 16 && sandbox::signals::cancelled() {
            return Err("stopped by a signal".into());
        }
        if self.steps > MAX_STEPS {
            return Err(format!(
                "{}: the spec runs past {MAX_STEPS} steps here (each command and each repetition counts one, \
                 over the whole input): lower its repetition counts",
                at(self.within)
            ));
        }
        Ok(())
    }

    fn step(&mut self, c: &Cmd) -> Result<(), String> {
        self.spend(1)?;
        match c {
            Cmd::Space => self.io.space(),
            Cmd::Newline => self.io.newline(),
            Cmd::Eof => self.io.eof(),
            Cmd::Int { lo, hi, var, at: p } => {
                let (lo_v, hi_v) = (self.eval(lo)?, self.eval(hi)?);
                if lo_v > hi_v && self.io.strict() {
                    return Err(format!("{}: INT({lo_v}, {hi_v}) has an empty range", at(*p)));
                }
                let value = self.io.int(lo_v, hi_v, var.as_ref().map(|t| t.name.as_str()), *p)?;
                let index = self.trace.ints.len();
                self.trace.ints.push(IntAt {
                    value,
                    lo: lo_v,
                    hi_from: self.source(hi),
                });
                if let Some(t) = var {
                    let key = self.key(t)?;
                    self.vars.insert(key, (value, Some(index)));
                }
                Ok(())
            }
            Cmd::Assert(cond, p) => {
                if !self.holds(cond)? && self.io.strict() {
                    return Err(format!("the assertion at {} does not hold", at(*p)));
                }
                Ok(())
            }
            Cmd::Rep {
                index,
                count,
                sep,
                body,
                at: p,
                multiset,
            } => {
                let n = self.eval(count)?;
                if n < 0 {
                    return Err(format!("{}: a repetition count of {n} is negative", at(*p)));
                }
                let outer = std::mem::replace(&mut self.within, *p);
                // Each item is a step: a count past the budget is refused before its items are taken.
                self.spend(n as u64)?;
                let rep = self.trace.reps.len();
                self.trace.reps.push(RepAt {
                    count_from: self.source(count),
                    count_by: self.counter(count),
                    // Grown as items come: an input may end long before its count says.
                    items: Vec::new(),
                });
                let marked = multiset.is_some();
                let mark = |io: &mut I, step| if marked { io.records(step) } else { Ok(()) };
                mark(self.io, Records::Open)?;
                for k in 0..n {
                    if k > 0 {
                        if let Some(sep) = sep {
                            self.step(sep)?;
                        }
                    }
                    if let Some(name) = index {
                        self.vars.insert((name.clone(), None), (k, None));
                    }
                    let first = self.trace.ints.len();
                    mark(self.io, Records::ItemStart)?;
                    self.run(body)?;
                    mark(self.io, Records::ItemEnd)?;
                    let last = self.trace.ints.len();
                    self.trace.reps[rep].items.push(first..last);
                }
                mark(self.io, Records::Close)?;
                self.within = outer;
                Ok(())
            }
        }
    }
}

/// Reads a text exactly: one space for SPACE, one newline for NEWLINE,
/// integers without leading zeros or `-0`.
pub struct Reader<'t> {
    text: &'t [u8],
    at: usize,
}

impl<'t> Reader<'t> {
    pub fn new(text: &'t str) -> Self {
        Reader {
            text: text.as_bytes(),
            at: 0,
        }
    }

    /// The bytes read so far: where the next input starts, when inputs come back to back.
    pub fn position(&self) -> usize {
        self.at
    }

    /// `line L, column C` of the reading position.
    fn here(&self) -> String {
        let before = &self.text[..self.at];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let col = self.at - before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
        format!("input line {line}, column {col}")
    }

    fn found(&self) -> String {
        match self.text.get(self.at) {
            None => "the end of the input".into(),
            Some(b'\n') => "a newline".into(),
            Some(b' ') => "a space".into(),
            Some(&b) => format!("`{}`", b as char),
        }
    }

    fn expect(&mut self, byte: u8, what: &str) -> Result<(), String> {
        if self.text.get(self.at) == Some(&byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(format!("{}: expected {what}, found {}", self.here(), self.found()))
        }
    }
}

impl Io for Reader<'_> {
    fn int(&mut self, lo: i64, hi: i64, _: Option<&str>, _: Pos) -> Result<i64, String> {
        let start = self.at;
        let here = self.here();
        if self.text.get(self.at) == Some(&b'-') {
            self.at += 1;
        }
        let digits = self.at;
        while self.text.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        let word = std::str::from_utf8(&self.text[start..self.at]).unwrap_or("");
        if self.at == digits {
            self.at = start;
            return Err(format!("{here}: expected an integer, found {}", self.found()));
        }
        let canonical = !(self.text[digits] == b'0' && (self.at - digits > 1 || digits > start));
        if !canonical {
            return Err(format!(
                "{here}: `{}` is not written canonically (leading zero or -0)",
                shown(word)
            ));
        }
        let value: i64 = word
            .parse()
            .map_err(|_| format!("{here}: `{}` does not fit in 64 bits", shown(word)))?;
        if !(lo..=hi).contains(&value) {
            return Err(format!("{here}: {value} is outside {lo}..={hi}"));
        }
        Ok(value)
    }

    fn space(&mut self) -> Result<(), String> {
        self.expect(b' ', "a space")
    }

    fn newline(&mut self) -> Result<(), String> {
        self.expect(b'\n', "a newline")
    }

    fn eof(&mut self) -> Result<(), String> {
        if self.at == self.text.len() {
            Ok(())
        } else {
            Err(format!(
                "{}: expected the end of the input, found {}",
                self.here(),
                self.found()
            ))
        }
    }
}

/// A token as an error quotes it: a generator's 50 MB number would make a
/// 50 MB message.
fn shown(word: &str) -> String {
    const MOST: usize = 24;
    if word.len() <= MOST {
        word.to_string()
    } else {
        format!("{}... ({} digits)", &word[..MOST], word.len())
    }
}

/// Writes a text, drawing each integer uniformly from its range.
pub struct Drawer<'r> {
    pub rng: &'r mut Rng,
    pub out: String,
}

/// A run of the spec that writes a text rather than reading one: it only
/// chooses each integer; the text, its separators and its end follow.
pub trait Writes {
    /// The value of `INT(lo, hi, name)` met at `at`, or why there is none.
    fn choose(&mut self, lo: i64, hi: i64, name: Option<&str>, at: Pos) -> Result<i64, String>;
    fn out(&mut self) -> &mut String;
    /// As [`Io::strict`].
    fn strict(&self) -> bool {
        true
    }
    /// As [`Io::records`].
    fn records(&mut self, _: Records) -> Result<(), String> {
        Ok(())
    }
}

impl<W: Writes> Io for W {
    fn int(&mut self, lo: i64, hi: i64, name: Option<&str>, at: Pos) -> Result<i64, String> {
        let v = self.choose(lo, hi, name, at)?;
        self.out().push_str(&v.to_string());
        Ok(v)
    }
    fn space(&mut self) -> Result<(), String> {
        self.out().push(' ');
        Ok(())
    }
    fn newline(&mut self) -> Result<(), String> {
        self.out().push('\n');
        Ok(())
    }
    fn eof(&mut self) -> Result<(), String> {
        Ok(())
    }
    fn strict(&self) -> bool {
        Writes::strict(self)
    }
    fn records(&mut self, step: Records) -> Result<(), String> {
        Writes::records(self, step)
    }
}

impl Writes for Drawer<'_> {
    fn choose(&mut self, lo: i64, hi: i64, _: Option<&str>, _: Pos) -> Result<i64, String> {
        let width = hi.wrapping_sub(lo) as u64;
        Ok(lo.wrapping_add(self.rng.range(0, width) as i64))
    }
    fn out(&mut self) -> &mut String {
        &mut self.out
    }
}

/// Writes a text with given integers, in order; what the ranges and
/// assertions say of it is checked afterwards, by reading it.
pub struct Rewriter<'v> {
    pub values: &'v [i64],
    pub next: usize,
    pub out: String,
}

impl Writes for Rewriter<'_> {
    fn choose(&mut self, _: i64, _: i64, _: Option<&str>, _: Pos) -> Result<i64, String> {
        let v = *self.values.get(self.next).ok_or("the edit left too few integers")?;
        self.next += 1;
        Ok(v)
    }
    fn out(&mut self) -> &mut String {
        &mut self.out
    }
    fn strict(&self) -> bool {
        false
    }
}
