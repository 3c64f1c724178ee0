//! Reading the judges' whitespace-separated formats with errors a person can act on.
//!
//! Every value read is named (`n`, `edge 3: v`), and errors carry the 1-based
//! line it stood on, so a bad file is reported as "line 4, field `v`: ...".

use std::fmt;

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
pub struct Tokens<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(text: &'a str) -> Self {
        Tokens { text, pos: 0, line: 1 }
    }

    /// The 1-based line the cursor is on.
    pub fn line(&self) -> usize {
        self.line
    }

    fn skip_space(&mut self) {
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() && bytes[self.pos].is_ascii_whitespace() {
            if bytes[self.pos] == b'\n' {
                self.line += 1;
            }
            self.pos += 1;
        }
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

    /// The next token as an integer in `lo..=hi`.
    pub fn int(&mut self, field: &str, lo: i64, hi: i64) -> Result<i64, ParseError> {
        let w = self.word(field)?;
        let v: i64 = w
            .parse()
            .map_err(|_| self.error(field, format!("expected an integer, found `{}`", shorten(w))))?;
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
                format!("expected one of {}, found `{}`", choices.join(" / "), shorten(w)),
            )
        })
    }

    /// Fails if anything but whitespace is left.
    pub fn expect_end(&mut self, what: &str) -> Result<(), ParseError> {
        if self.at_end() {
            Ok(())
        } else {
            let w = self.word("trailing")?;
            Err(self.error("trailing", format!("unexpected `{}` after {what}", shorten(w))))
        }
    }
}

fn shorten(w: &str) -> String {
    if w.chars().count() > 24 {
        format!("{}...", w.chars().take(24).collect::<String>())
    } else {
        w.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
