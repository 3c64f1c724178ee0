//! The spec language, a subset of DOMjudge's checktestdata: its syntax tree
//! and a parser whose errors name the spec's line and column.
//!
//! ```text
//! INT(1, 1000, n) SPACE INT(0, 3000, m) NEWLINE      # comments run to the end of a line
//! REP(m) INT(1, n, u) SPACE INT(1, n, v) NEWLINE END
//! ASSERT(m <= n * (n - 1))
//! EOF
//! ```
//!
//! Commands: `INT(lo, hi[, name])`, `SPACE`, `NEWLINE`, `EOF`,
//! `REP(count[, separator]) ... END`, `REPI(i, count[, separator]) ... END`
//! (the index runs 0..count), `ASSERT(condition)`. Expressions: integers,
//! variables, `x[i]` elements, `+ - *`, parentheses; conditions compare with
//! `< <= > >= == !=` and combine with `&& || !`.
//!
//! A comment `#@multiset NAME` on the line before a `REP` marks its items as
//! records whose order does not matter (the edges of a graph, the piles of a
//! game): it reads and generates as any `REP`, and an exhaustive run lists
//! each multiset of records once ([`super::enumerate`]). Being a comment, it
//! leaves the spec a checktestdata program, which judges run as it is;
//! `NAME` (optional) names the records in the certificate (`edges`). Any
//! other `#@` comment is refused, so a misspelt mark is not silently a comment.
//!
//! Nesting is bounded ([`MAX_DEPTH`]): the parser, the evaluation of an
//! expression and the run of nested repetitions all recurse, and a spec
//! 20 000 levels deep would overflow the stack rather than be refused.

/// The most levels a spec nests: REPs inside REPs, and within an expression
/// or condition, parentheses, `[`, `-`, `!` and operators in a row.
pub const MAX_DEPTH: usize = 100;

/// A place in the spec, 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Num(i64),
    Var(Target),
    Neg(Box<Expr>),
    Bin(char, Box<Expr>, Box<Expr>),
}

/// A variable, or one element of an array variable.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub name: String,
    pub index: Option<Box<Expr>>,
    pub at: Pos,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Cond {
    Cmp(&'static str, Expr, Expr),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
    Not(Box<Cond>),
}

/// A tree of the syntax, which its evaluation recurses through.
trait Tree {
    /// Its levels. The parser builds no tree over [`MAX_DEPTH`] high, so
    /// this recursion is bounded too.
    fn height(&self) -> usize;
}

impl Tree for Expr {
    fn height(&self) -> usize {
        1 + match self {
            Expr::Num(_) => 0,
            Expr::Var(t) => t.index.as_ref().map_or(0, |i| i.height()),
            Expr::Neg(a) => a.height(),
            Expr::Bin(_, a, b) => a.height().max(b.height()),
        }
    }
}

impl Tree for Cond {
    fn height(&self) -> usize {
        1 + match self {
            Cond::Cmp(_, a, b) => a.height().max(b.height()),
            Cond::And(a, b) | Cond::Or(a, b) => a.height().max(b.height()),
            Cond::Not(a) => a.height(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Cmd {
    Int {
        lo: Expr,
        hi: Expr,
        var: Option<Target>,
        at: Pos,
    },
    Space,
    Newline,
    Eof,
    Rep {
        index: Option<String>,
        count: Expr,
        sep: Option<Box<Cmd>>,
        body: Vec<Cmd>,
        at: Pos,
        /// Marked `#@multiset`: its items' order does not matter.
        multiset: Option<Multiset>,
    },
    Assert(Cond, Pos),
}

/// A `REP` marked `#@multiset NAME`: what its records are called, when the mark names them.
#[derive(Clone, Debug, PartialEq)]
pub struct Multiset {
    pub name: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Word(String),
    Num(i64),
    Sym(&'static str),
    /// `#@multiset NAME`, a mark on the `REP` that follows.
    Mark(Multiset),
}

/// The mark a `#@` comment makes (the text after `#@`), or why it is none.
fn mark(text: &str, at: Pos) -> Result<Multiset, String> {
    let mut words = text.split_whitespace();
    let name = match (words.next(), words.next(), words.next()) {
        (Some("multiset"), name, None) => name,
        _ => {
            return Err(format!(
                "{}:{}: `#@{}` is no mark: the one mark is `#@multiset` (or `#@multiset NAME`) on the line \
                 before a REP whose items' order does not matter (write `# ` for a plain comment)",
                at.line,
                at.col,
                text.trim_end()
            ))
        }
    };
    if name.is_some_and(|n| !n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')) {
        return Err(format!(
            "{}:{}: `#@{}`: name the records with one word of letters, digits, `-` or `_` (`edges`)",
            at.line,
            at.col,
            text.trim_end()
        ));
    }
    Ok(Multiset {
        name: name.map(str::to_string),
    })
}

const SYMBOLS: [&str; 17] = [
    "<=", ">=", "==", "!=", "&&", "||", "(", ")", "[", "]", ",", "+", "-", "*", "<", ">", "!",
];

fn tokenize(text: &str) -> Result<Vec<(Tok, Pos)>, String> {
    let mut out = Vec::new();
    for (l, whole) in text.lines().enumerate() {
        let (line, comment) = whole.split_once('#').unwrap_or((whole, ""));
        let bytes = line.as_bytes();
        let mut c = 0;
        while c < bytes.len() {
            let at = Pos {
                line: l + 1,
                col: c + 1,
            };
            let b = bytes[c];
            if b.is_ascii_whitespace() {
                c += 1;
            } else if b.is_ascii_alphabetic() || b == b'_' {
                let start = c;
                while c < bytes.len() && (bytes[c].is_ascii_alphanumeric() || bytes[c] == b'_') {
                    c += 1;
                }
                out.push((Tok::Word(line[start..c].to_string()), at));
            } else if b.is_ascii_digit() {
                let start = c;
                while c < bytes.len() && bytes[c].is_ascii_digit() {
                    c += 1;
                }
                let n = line[start..c]
                    .parse()
                    .map_err(|_| format!("{}:{}: `{}` does not fit in 64 bits", at.line, at.col, &line[start..c]))?;
                out.push((Tok::Num(n), at));
            } else if let Some(s) = SYMBOLS.iter().find(|s| line[c..].starts_with(**s)) {
                c += s.len();
                out.push((Tok::Sym(s), at));
            } else {
                let ch = line[c..].chars().next().unwrap_or('?');
                return Err(format!("{}:{}: unexpected `{ch}`", at.line, at.col));
            }
        }
        if let Some(text) = comment.strip_prefix('@') {
            let at = Pos {
                line: l + 1,
                col: line.len() + 1,
            };
            out.push((Tok::Mark(mark(text, at)?), at));
        }
    }
    Ok(out)
}

/// The error of a spec nested past [`MAX_DEPTH`] at `at`.
fn too_deep<T>(at: Pos) -> Result<T, String> {
    Err(format!(
        "{}:{}: the spec nests more than {MAX_DEPTH} levels deep here (each REP, parenthesis, `[`, `-`, `!` \
         and operator in a row adds one): write it flatter",
        at.line, at.col
    ))
}

/// `tree`, unless it is higher than [`MAX_DEPTH`] (a long chain of operators), built at `at`.
fn bounded<T: Tree>(tree: T, at: Pos) -> Result<T, String> {
    if tree.height() > MAX_DEPTH {
        return too_deep(at);
    }
    Ok(tree)
}

struct Parser {
    toks: Vec<(Tok, Pos)>,
    at: usize,
    end: Pos,
    /// The levels open where the parser is, each a call it recursed into.
    depth: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at).map(|(t, _)| t)
    }

    fn pos(&self) -> Pos {
        self.toks.get(self.at).map_or(self.end, |(_, p)| *p)
    }

    fn error<T>(&self, what: &str) -> Result<T, String> {
        let Pos { line, col } = self.pos();
        let found = match self.peek() {
            Some(Tok::Word(w)) => format!("`{w}`"),
            Some(Tok::Num(n)) => format!("`{n}`"),
            Some(Tok::Sym(s)) => format!("`{s}`"),
            Some(Tok::Mark(_)) => "a `#@multiset` mark".into(),
            None => "the end of the spec".into(),
        };
        Err(format!("{line}:{col}: expected {what}, found {found}"))
    }

    /// Runs `inner` one level deeper, for the level opened at `at`; refused past [`MAX_DEPTH`].
    fn nested<T>(&mut self, at: Pos, inner: impl FnOnce(&mut Self) -> Result<T, String>) -> Result<T, String> {
        if self.depth >= MAX_DEPTH {
            return too_deep(at);
        }
        self.depth += 1;
        let out = inner(self);
        self.depth -= 1;
        out
    }

    fn eat(&mut self, sym: &str) -> bool {
        if self.peek() == Some(&Tok::Sym(leak_sym(sym))) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, sym: &str) -> Result<(), String> {
        if self.eat(sym) {
            Ok(())
        } else {
            self.error(&format!("`{sym}`"))
        }
    }

    fn word(&mut self) -> Option<String> {
        match self.peek() {
            Some(Tok::Word(w)) => {
                let w = w.clone();
                self.at += 1;
                Some(w)
            }
            _ => None,
        }
    }

    fn commands(&mut self, inside_rep: bool) -> Result<Vec<Cmd>, String> {
        let mut out = Vec::new();
        loop {
            match self.peek() {
                None if inside_rep => return self.error("`END`"),
                None => return Ok(out),
                Some(Tok::Word(w)) if w == "END" => {
                    if inside_rep {
                        self.at += 1;
                        return Ok(out);
                    }
                    return self.error("a command (this `END` closes no REP)");
                }
                Some(Tok::Mark(m)) => {
                    let m = m.clone();
                    self.at += 1;
                    out.push(self.marked(m)?);
                }
                _ => out.push(self.command()?),
            }
        }
    }

    /// The `REP` a `#@multiset` mark stands before, marked.
    fn marked(&mut self, m: Multiset) -> Result<Cmd, String> {
        let next = self.peek().cloned();
        let mut cmd = match next {
            Some(Tok::Word(w)) if w == "REP" => self.command()?,
            Some(Tok::Word(w)) if w == "REPI" => {
                return self.error("a REP after `#@multiset` (a REPI's items know their index, so their order matters)")
            }
            _ => return self.error("a REP after `#@multiset` (the mark stands on the line before the REP it marks)"),
        };
        if let Cmd::Rep { multiset, .. } = &mut cmd {
            *multiset = Some(m);
        }
        Ok(cmd)
    }

    fn command(&mut self) -> Result<Cmd, String> {
        let at = self.pos();
        let Some(word) = self.word() else {
            return self.error("a command (INT, SPACE, NEWLINE, EOF, REP, REPI, ASSERT)");
        };
        Ok(match word.as_str() {
            "SPACE" => Cmd::Space,
            "NEWLINE" => Cmd::Newline,
            "EOF" => Cmd::Eof,
            "INT" => {
                self.expect("(")?;
                let lo = self.expr()?;
                self.expect(",")?;
                let hi = self.expr()?;
                let var = if self.eat(",") { Some(self.target()?) } else { None };
                self.expect(")")?;
                Cmd::Int { lo, hi, var, at }
            }
            // A separator or a body may hold a REP in turn: each is a level.
            "REP" | "REPI" => self.nested(at, |p| p.repetition(word == "REPI", at))?,
            "ASSERT" => {
                self.expect("(")?;
                let cond = self.cond()?;
                self.expect(")")?;
                Cmd::Assert(cond, at)
            }
            _ => {
                self.at -= 1;
                return self.error("a command (INT, SPACE, NEWLINE, EOF, REP, REPI, ASSERT)");
            }
        })
    }

    /// The rest of `REP(count[, separator]) ... END`, or of `REPI(i, ...)`.
    fn repetition(&mut self, indexed: bool, at: Pos) -> Result<Cmd, String> {
        self.expect("(")?;
        let index = if indexed {
            let Some(name) = self.word() else {
                return self.error("the index variable's name");
            };
            self.expect(",")?;
            Some(name)
        } else {
            None
        };
        let count = self.expr()?;
        let sep = if self.eat(",") {
            Some(Box::new(self.command()?))
        } else {
            None
        };
        self.expect(")")?;
        let body = self.commands(true)?;
        Ok(Cmd::Rep {
            index,
            count,
            sep,
            body,
            at,
            multiset: None,
        })
    }

    fn target(&mut self) -> Result<Target, String> {
        let at = self.pos();
        let Some(name) = self.word() else {
            return self.error("a variable name");
        };
        let open = self.pos();
        let index = if self.eat("[") {
            let e = self.nested(open, Self::expr)?;
            self.expect("]")?;
            Some(Box::new(e))
        } else {
            None
        };
        let target = Target { name, index, at };
        if target.index.as_ref().is_some_and(|i| i.height() + 1 > MAX_DEPTH) {
            return too_deep(at);
        }
        Ok(target)
    }

    fn expr(&mut self) -> Result<Expr, String> {
        let mut left = self.term()?;
        loop {
            let at = self.pos();
            let op = if self.eat("+") {
                '+'
            } else if self.eat("-") {
                '-'
            } else {
                return Ok(left);
            };
            left = bounded(Expr::Bin(op, Box::new(left), Box::new(self.term()?)), at)?;
        }
    }

    fn term(&mut self) -> Result<Expr, String> {
        let mut left = self.factor()?;
        loop {
            let at = self.pos();
            if !self.eat("*") {
                return Ok(left);
            }
            left = bounded(Expr::Bin('*', Box::new(left), Box::new(self.factor()?)), at)?;
        }
    }

    fn factor(&mut self) -> Result<Expr, String> {
        match self.peek() {
            Some(Tok::Num(n)) => {
                let n = *n;
                self.at += 1;
                Ok(Expr::Num(n))
            }
            Some(Tok::Word(_)) => Ok(Expr::Var(self.target()?)),
            Some(Tok::Sym("-")) => {
                let at = self.pos();
                self.at += 1;
                let e = Expr::Neg(Box::new(self.nested(at, Self::factor)?));
                bounded(e, at)
            }
            Some(Tok::Sym("(")) => {
                let at = self.pos();
                self.at += 1;
                let e = self.nested(at, Self::expr)?;
                self.expect(")")?;
                Ok(e)
            }
            _ => self.error("a number, a variable or `(`"),
        }
    }

    fn cond(&mut self) -> Result<Cond, String> {
        let mut left = self.conjunction()?;
        loop {
            let at = self.pos();
            if !self.eat("||") {
                return Ok(left);
            }
            left = bounded(Cond::Or(Box::new(left), Box::new(self.conjunction()?)), at)?;
        }
    }

    fn conjunction(&mut self) -> Result<Cond, String> {
        let mut left = self.negation()?;
        loop {
            let at = self.pos();
            if !self.eat("&&") {
                return Ok(left);
            }
            left = bounded(Cond::And(Box::new(left), Box::new(self.negation()?)), at)?;
        }
    }

    fn negation(&mut self) -> Result<Cond, String> {
        let at = self.pos();
        if self.eat("!") {
            let c = Cond::Not(Box::new(self.nested(at, Self::negation)?));
            return bounded(c, at);
        }
        // `(` opens either a condition or an expression: try the condition first.
        if self.peek() == Some(&Tok::Sym("(")) {
            let save = self.at;
            self.at += 1;
            if let Ok(c) = self.nested(at, Self::cond) {
                if self.eat(")") && !self.at_comparison() {
                    return Ok(c);
                }
            }
            self.at = save;
        }
        let left = self.expr()?;
        for op in ["<=", ">=", "==", "!=", "<", ">"] {
            if self.eat(op) {
                let c = Cond::Cmp(leak_sym(op), left, self.expr()?);
                return bounded(c, at);
            }
        }
        self.error("a comparison (< <= > >= == !=)")
    }

    fn at_comparison(&self) -> bool {
        matches!(self.peek(), Some(Tok::Sym(s)) if ["<=", ">=", "==", "!=", "<", ">", "+", "-", "*"].contains(s))
    }
}

/// The static spelling of a symbol.
fn leak_sym(sym: &str) -> &'static str {
    SYMBOLS.iter().find(|s| **s == sym).copied().unwrap_or("")
}

/// Parses a spec; the error names the line and column.
pub fn parse(text: &str) -> Result<Vec<Cmd>, String> {
    let toks = tokenize(text)?;
    let lines = text.lines().count().max(1);
    let mut p = Parser {
        toks,
        depth: 0,
        at: 0,
        end: Pos {
            line: lines,
            col: text.lines().last().map_or(1, |l| l.len() + 1),
        },
    };
    p.commands(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_graph_spec_parses() {
        let spec = "INT(1,1000,n) SPACE INT(0,3000,m) NEWLINE # header\nREP(m) INT(1,n,u) SPACE INT(1,n,v) NEWLINE END\nASSERT(m <= n*(n-1) && !(n == 0))\nEOF\n";
        let cmds = parse(spec).unwrap();
        assert_eq!(cmds.len(), 7);
        assert!(matches!(&cmds[4], Cmd::Rep { body, .. } if body.len() == 4));
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(
            parse("INT(1,2,n)\nREP(n INT(1,2) END").unwrap_err(),
            "2:7: expected `)`, found `INT`"
        );
        assert_eq!(
            parse("INT(1,2,n) SPACES").unwrap_err().split(',').next().unwrap(),
            "1:12: expected a command (INT"
        );
        assert!(parse("REP(3) SPACE").unwrap_err().contains("expected `END`"));
        assert!(parse("END").unwrap_err().starts_with("1:1: "));
        assert!(parse("INT(1,2,n) $").unwrap_err().starts_with("1:12: unexpected `$`"));
    }

    #[test]
    fn nesting_past_the_limit_is_refused_where_it_happens_not_by_a_stack_overflow() {
        let n = 20_000;
        let deep = [
            format!("{}{}", "REP(1) ".repeat(n), "END ".repeat(n)),
            format!("REP(1, {}SPACE{}) END", "REP(1, ".repeat(n), ") END".repeat(n)),
            format!("INT(1,2,a) ASSERT({}a == 1{})", "(".repeat(n), ")".repeat(n)),
            format!("INT(1,2,a) ASSERT({}a == 1)", "!".repeat(n)),
            format!("INT(1,2,a) ASSERT({}a == 1)", "- ".repeat(n)),
            format!("INT(1,2,a) ASSERT(a{} > 0)", "+1".repeat(n)),
            format!("INT(1,2,a) ASSERT(a{} > 0)", "*1".repeat(n)),
            format!("INT(1,2,a) ASSERT({}a == 1)", "a == 1 || ".repeat(n)),
            format!("INT(1,2,a) ASSERT({}a == 1)", "a == 1 && ".repeat(n)),
            format!("INT(0,0,x) ASSERT({}0{} == 0)", "x[".repeat(n), "]".repeat(n)),
        ];
        for spec in deep {
            let err = parse(&spec).unwrap_err();
            assert!(
                err.contains(": the spec nests more than 100 levels deep here") && err.ends_with("write it flatter"),
                "{}: {err}",
                &spec[..40]
            );
        }
        // At the limit a spec parses; one level more is named where that level opens.
        let reps = |k: usize| format!("{}{}", "REP(1) ".repeat(k), "END ".repeat(k));
        assert!(parse(&reps(100)).is_ok());
        assert!(parse(&reps(101)).unwrap_err().starts_with("1:701: "));
        let sum = |k: usize| format!("INT(1,2,a) ASSERT(a{} > 0)", "+1".repeat(k));
        assert!(parse(&sum(98)).is_ok());
        assert!(
            parse(&sum(99)).unwrap_err().starts_with("1:19: "),
            "the comparison is one level more"
        );
        assert!(parse(&sum(100)).unwrap_err().starts_with("1:218: "), "the 100th `+`");
    }

    #[test]
    fn a_multiset_mark_stands_before_the_rep_it_marks() {
        let cmds = parse("INT(0,5,n) NEWLINE # piles\n#@multiset heaps\nREP(n, SPACE) INT(1,9,h) END").unwrap();
        let Cmd::Rep { multiset, .. } = &cmds[2] else {
            panic!("{cmds:?}")
        };
        assert_eq!(multiset.as_ref().unwrap().name.as_deref(), Some("heaps"));
        let plain = parse("INT(0,5,n) REP(n) SPACE END").unwrap();
        assert!(matches!(&plain[1], Cmd::Rep { multiset: None, .. }));
        for (spec, says) in [
            ("#@multset\nREP(2) SPACE END", "1:1: `#@multset` is no mark"),
            (
                "#@multiset two words\nREP(2) SPACE END",
                "1:1: `#@multiset two words` is no mark",
            ),
            ("#@multiset a/b\nREP(2) SPACE END", "name the records with one word"),
            (
                "#@multiset\nSPACE",
                "2:1: expected a REP after `#@multiset` (the mark stands on the line before",
            ),
            ("#@multiset\nREPI(i, 2) SPACE END", "a REPI's items know their index"),
            ("REP(2) SPACE\n#@multiset\nEND", "3:1: expected a REP after"),
            ("#@multiset", "expected a REP after `#@multiset`"),
            (
                "INT(1,2,#@multiset\nn)",
                "1:9: expected a variable name, found a `#@multiset` mark",
            ),
        ] {
            let err = parse(spec).unwrap_err();
            assert!(err.contains(says), "{spec:?}: {err}");
        }
    }

    #[test]
    fn conditions_take_parenthesized_expressions_too() {
        assert!(parse("INT(1,9,a) ASSERT((a + 1) * 2 > 3 || (a < 2))").is_ok());
    }
}
