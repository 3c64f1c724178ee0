//! Reading the judges' whitespace-separated formats with errors a person can act on.
//!
//! Every value read is named (`n`, `edge 3: v`), and errors carry the 1-based
//! line it stood on, so a bad file is reported as "line 4, field `v`: ...".
//! A token quoted in an error shows every character but printable ASCII
//! escaped: judges read ASCII, and a byte-order mark, a NUL or a Cyrillic
//! letter that looks Latin, printed as itself, would leave "found `...`"
//! showing nothing wrong.

pub mod mutate;
pub mod window;

use std::fmt;
use std::fmt::Write;
use std::num::{IntErrorKind, ParseIntError};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A malformed judge input or output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line of the offending token (the last line if input ended early).
    pub line: usize,
    /// What was being read, e.g. "m" or "edge 3: v".
    pub field: String,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, field `{}`: {}", self.line, self.field, self.message)
    }
}

impl std::error::Error for ParseError {}

/// A cursor over the whitespace-separated tokens of a text, tracking lines.
/// Cloning it is cheap: a clone taken before a run of values can find, after a
/// check of the whole run fails, the line of the value to blame.
#[derive(Clone)]
pub struct Tokens<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(text: &'a str) -> Self {
        Tokens { text, pos: 0, line: 1 }
    }

    /// A cursor over `text`, whose first line is line `line` of a longer
    /// input read a piece at a time ([`crate::window::Window`]).
    pub fn resuming(text: &'a str, line: usize) -> Self {
        Tokens { text, pos: 0, line }
    }

    /// How many bytes of the text the cursor has passed.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// The 1-based line the cursor is on.
    pub fn line(&self) -> usize {
        self.line
    }

    #[inline]
    fn skip_space(&mut self) {
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() && bytes[self.pos].is_ascii_whitespace() {
            if bytes[self.pos] == b'\n' {
                self.line += 1;
            }
            self.pos += 1;
        }
    }

    /// The line of the token `skip` tokens past the cursor (0: the next one),
    /// or of the end of the input if there are fewer.
    pub fn line_ahead(&self, skip: usize) -> usize {
        let mut t = self.clone();
        for _ in 0..skip {
            if t.word("").is_err() {
                break;
            }
        }
        t.skip_space();
        t.line
    }

    /// An upper bound on the tokens left, each a byte and a separator: what
    /// to reserve for a count read from the input, which may claim far more
    /// values than follow.
    pub fn max_tokens_left(&self) -> usize {
        (self.text.len() - self.pos).div_ceil(2)
    }

    /// True when only whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_space();
        self.pos >= self.text.len()
    }

    pub fn error(&self, field: impl Into<String>, message: impl Into<String>) -> ParseError {
        ParseError {
            line: self.line,
            field: field.into(),
            message: message.into(),
        }
    }

    /// The next token, or an error naming `field` if the input ended.
    pub fn word(&mut self, field: &str) -> Result<&'a str, ParseError> {
        self.skip_space();
        let bytes = self.text.as_bytes();
        let start = self.pos;
        while self.pos < bytes.len() && !bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        if start == self.pos {
            return Err(self.error(field, "input ended; expected a value here"));
        }
        Ok(&self.text[start..self.pos])
    }

    /// The next token and its length, if it is at most 18 plain decimal
    /// digits: nearly every token of a judge input, and one that cannot
    /// overflow. The cursor stops at the token, not past it. Anything else (a
    /// sign, a stray character, a long number, the end) is left to the
    /// general reader, which names what is wrong.
    #[inline]
    fn plain_decimal(&mut self) -> Option<(i64, usize)> {
        self.skip_space();
        let bytes = &self.text.as_bytes()[self.pos..];
        let mut value = 0i64;
        let mut digits = 0;
        while let Some(d) = bytes.get(digits).map(|b| b.wrapping_sub(b'0')).filter(|&d| d <= 9) {
            value = value.wrapping_mul(10).wrapping_add(i64::from(d));
            digits += 1;
        }
        if digits == 0 || digits > 18 || bytes.get(digits).is_some_and(|b| !b.is_ascii_whitespace()) {
            return None;
        }
        Some((value, digits))
    }

    /// The next token as an integer in `lo..=hi`.
    #[inline]
    pub fn int(&mut self, field: &str, lo: i64, hi: i64) -> Result<i64, ParseError> {
        let v = match self.plain_decimal() {
            Some((v, digits)) if (lo..=hi).contains(&v) => {
                self.pos += digits;
                v
            }
            _ => self.int_in_general(field, lo, hi)?,
        };
        if OBSERVERS.load(Ordering::Relaxed) > 0 {
            observe(field, v);
        }
        Ok(v)
    }

    /// [`Tokens::int`] for a token that is not a plain decimal in range: kept
    /// out of line so that the common path stays small enough to inline.
    #[cold]
    #[inline(never)]
    fn int_in_general(&mut self, field: &str, lo: i64, hi: i64) -> Result<i64, ParseError> {
        let w = self.word(field)?;
        let v: i64 = w.parse().map_err(|e: ParseIntError| {
            let message = match e.kind() {
                IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => {
                    format!("{} is out of range {lo}..={hi}", quote(w))
                }
                _ => format!("expected an integer, found {}", quote(w)),
            };
            self.error(field, message)
        })?;
        if v < lo || v > hi {
            return Err(self.error(field, format!("{v} is out of range {lo}..={hi}")));
        }
        Ok(v)
    }

    /// The next token as a count or size in `lo..=hi`.
    pub fn usize(&mut self, field: &str, lo: usize, hi: usize) -> Result<usize, ParseError> {
        Ok(self.int(field, lo as i64, hi as i64)? as usize)
    }

    /// The next token as a 1-based vertex number in `1..=n`, returned 0-based.
    #[inline]
    pub fn vertex(&mut self, field: &str, n: usize) -> Result<u32, ParseError> {
        if n == 0 {
            return Err(self.error(field, "there are no vertices to name"));
        }
        Ok(self.int(field, 1, n as i64)? as u32 - 1)
    }

    /// The next token, which must be one of `choices`; returns its index.
    pub fn one_of(&mut self, field: &str, choices: &[&str]) -> Result<usize, ParseError> {
        let w = self.word(field)?;
        choices.iter().position(|c| *c == w).ok_or_else(|| {
            self.error(
                field,
                format!("expected one of {}, found {}", choices.join(" / "), quote(w)),
            )
        })
    }

    /// Fails if anything but whitespace is left.
    pub fn expect_end(&mut self, what: &str) -> Result<(), ParseError> {
        if self.at_end() {
            Ok(())
        } else {
            let w = self.word("trailing")?;
            Err(self.error("trailing", format!("unexpected {} after {what}", quote(w))))
        }
    }
}

/// A token as an error quotes it: in backticks, cut to 24 characters, with
/// `\` and everything but printable ASCII escaped as in Rust (`\u{feff}`).
fn quote(w: &str) -> String {
    const SHOWN: usize = 24;
    let mut out = String::from("`");
    for c in w.chars().take(SHOWN) {
        match c {
            '\\' => out.push_str("\\\\"),
            c if c.is_ascii_graphic() => out.push(c),
            c => out.extend(c.escape_unicode()),
        }
    }
    let len = w.chars().count();
    if len > SHOWN {
        write!(out, "...` ({len} characters)").expect("writing to a String cannot fail");
    } else {
        out.push('`');
    }
    // Editors add one unasked; say so rather than leave the reader to decode it.
    if w.starts_with('\u{feff}') {
        out.push_str(" (a UTF-8 byte-order mark starts it; judges read plain ASCII)");
    }
    out
}

/// How many [`largest_values`] calls are running, on any thread: while none
/// is, reading a value costs one relaxed load more.
static OBSERVERS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static LARGEST: std::cell::RefCell<Option<std::collections::BTreeMap<String, i64>>> =
        const { std::cell::RefCell::new(None) };
}

#[cold]
fn observe(field: &str, v: i64) {
    LARGEST.with(|m| {
        if let Some(m) = m.borrow_mut().as_mut() {
            let top = m.entry(field.to_string()).or_insert(v);
            *top = (*top).max(v);
        }
    });
}

/// Runs `f` and returns, beside its result, the largest integer read under
/// each field name on this thread meanwhile: how far a test set reaches
/// toward each of the judge's limits (a validator's "bounds reached").
pub fn largest_values<T>(f: impl FnOnce() -> T) -> (T, std::collections::BTreeMap<String, i64>) {
    let outer = LARGEST.with(|m| m.borrow_mut().replace(Default::default()));
    OBSERVERS.fetch_add(1, Ordering::Relaxed);
    let out = f();
    OBSERVERS.fetch_sub(1, Ordering::Relaxed);
    let seen = LARGEST.with(|m| std::mem::replace(&mut *m.borrow_mut(), outer));
    (out, seen.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_value_of_each_field_is_seen_only_while_asked() {
        let read = |text: &str| {
            let mut t = Tokens::new(text);
            let n = t.int("n", 0, 99).unwrap();
            (0..n).map(|_| t.int("a", 0, 1000).unwrap()).sum::<i64>()
        };
        let (sum, seen) = largest_values(|| read("3\n5 700 2\n"));
        assert_eq!(sum, 707);
        assert_eq!(
            seen.into_iter().collect::<Vec<_>>(),
            [("a".into(), 700), ("n".into(), 3)]
        );
        let ((), nested) = largest_values(|| {
            read("1 9\n");
        });
        assert_eq!(nested.get("a"), Some(&9));
        read("1 1000\n");
        let ((), none) = largest_values(|| ());
        assert!(none.is_empty(), "{none:?}");
    }

    #[test]
    fn errors_name_line_and_field() {
        let mut t = Tokens::new("3 2\n1 2\n2 x\n");
        assert_eq!(t.int("n", 1, 10).unwrap(), 3);
        assert_eq!(t.int("m", 0, 10).unwrap(), 2);
        assert_eq!(t.vertex("edge 1: u", 3).unwrap(), 0);
        assert_eq!(t.vertex("edge 1: v", 3).unwrap(), 1);
        assert_eq!(t.vertex("edge 2: u", 3).unwrap(), 1);
        let e = t.vertex("edge 2: v", 3).unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (3, "edge 2: v"));
        assert!(e.to_string().contains("expected an integer, found `x`"), "{e}");
    }

    #[test]
    fn range_and_end() {
        let mut t = Tokens::new("7\n\n");
        let e = t.int("n", 1, 5).unwrap_err();
        assert!(e.message.contains("out of range 1..=5"));
        assert!(t.at_end());
        let e = t.word("m").unwrap_err();
        assert_eq!(e.line, 3);
        let mut t = Tokens::new("Alice Bob extra");
        assert_eq!(t.one_of("winner", &["Alice", "Bob"]).unwrap(), 0);
        assert_eq!(t.one_of("winner", &["Alice", "Bob"]).unwrap(), 1);
        assert!(t.expect_end("the answer").is_err());
    }

    #[test]
    fn plain_digits_and_everything_else_read_alike() {
        let text = "0007 +5 -3 999999999999999999 1000000000000000000 99999999999999999999 12x 4\t\r\n8";
        let mut t = Tokens::new(text);
        let got: Vec<Result<i64, String>> = (0..9)
            .map(|_| t.int("a", -5, i64::MAX).map_err(|e| e.message))
            .collect();
        assert_eq!(
            got,
            [
                Ok(7),
                Ok(5),
                Ok(-3),
                Ok(999_999_999_999_999_999),
                Ok(1_000_000_000_000_000_000),
                Err(format!("`99999999999999999999` is out of range -5..={}", i64::MAX)),
                Err("expected an integer, found `12x`".into()),
                Ok(4),
                Ok(8),
            ]
        );
        assert_eq!(t.line(), 2);
        let e = Tokens::new("\n\n10").int("n", 1, 9).unwrap_err();
        assert_eq!((e.line, e.message.as_str()), (3, "10 is out of range 1..=9"));
    }

    #[test]
    fn quoted_tokens_show_every_character() {
        let mut t = Tokens::new("\u{feff}3 a\0b \\u{0} \u{410}lice");
        let e = t.int("n", 1, 5).unwrap_err();
        assert_eq!(
            e.message,
            "expected an integer, found `\\u{feff}3` (a UTF-8 byte-order mark starts it; judges read plain ASCII)"
        );
        assert!(t.int("m", 1, 5).unwrap_err().message.ends_with("found `a\\u{0}b`"));
        assert!(t.int("k", 1, 5).unwrap_err().message.ends_with("found `\\\\u{0}`"));
        let e = t.one_of("winner", &["Alice", "Bob"]).unwrap_err();
        assert!(e.message.ends_with("found `\\u{410}lice`"), "{e}");
    }

    #[test]
    fn integers_past_i64_are_out_of_range() {
        let long = "9".repeat(30);
        let mut t = Tokens::new(&long);
        let e = t.int("n", 1, 5).unwrap_err();
        assert_eq!(
            e.message,
            format!("`{}...` (30 characters) is out of range 1..=5", &long[..24])
        );
    }

    #[test]
    fn line_ahead_finds_a_later_token() {
        let t = Tokens::new("1 2\n\n3\n4 5\n");
        assert_eq!([0, 1, 2, 3, 4, 5].map(|k| t.line_ahead(k)), [1, 1, 3, 4, 4, 5]);
        assert_eq!(t.max_tokens_left(), 6);
    }
}
