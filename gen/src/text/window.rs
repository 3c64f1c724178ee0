//! Reading a judge input a piece at a time, so that a solution holds one case
//! in memory, not the whole file: a 114 MB `tree-game` input of 100 trees must
//! fit the judge's 32 MiB.
//!
//! A [`Window`] keeps the unread text that has come in so far, cut after its
//! last whitespace so that no token is ever split. A read runs the format's
//! own reader ([`Tokens`]) on that text; if the reader fails at the end of the
//! text while more input is coming, the window reads more (at least as much
//! again, so a case is re-read a bounded number of times) and runs it again
//! from the same place. Readers are pure, so running one again is harmless,
//! and its errors come out exactly as they would on the whole file, lines
//! included.

use std::fmt;
use std::io::{self, Read};

use crate::text::{ParseError, Tokens};

/// The first read, and the least each later one asks for. A read that runs
/// out of text is run again after the next fill, so the part of a case read
/// twice is at most one case per chunk: with the largest case about 1 MiB
/// (a tree of 100 000 vertices), under a third of the reading.
const CHUNK: usize = 4 << 20;

/// Why a streamed input could not be read.
#[derive(Debug)]
pub enum ReadError {
    Io(io::Error),
    Parse(ParseError),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "cannot read the input: {e}"),
            ReadError::Parse(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<ParseError> for ReadError {
    fn from(e: ParseError) -> Self {
        ReadError::Parse(e)
    }
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> Self {
        ReadError::Io(e)
    }
}

pub struct Window<R> {
    reader: R,
    /// The text read so far in whole tokens: up to the last whitespace read,
    /// or to the end of the input once it has ended.
    text: String,
    /// The first unread byte of `text`, and the 1-based line it is on.
    start: usize,
    line: usize,
    /// The bytes read after that whitespace: the start of a token still coming.
    pending: Vec<u8>,
    ended: bool,
}

impl Window<io::Empty> {
    /// A window on a whole text already in memory: nothing more will come,
    /// so no read runs twice.
    pub fn of_text(text: &str) -> Self {
        Window {
            reader: io::empty(),
            text: text.to_owned(),
            start: 0,
            line: 1,
            pending: Vec::new(),
            ended: true,
        }
    }
}

impl<R: Read> Window<R> {
    pub fn new(reader: R) -> Self {
        Window {
            reader,
            text: String::new(),
            start: 0,
            line: 1,
            pending: Vec::new(),
            ended: false,
        }
    }

    /// Runs `read` on the unread text and moves past what it read.
    pub fn read<T>(&mut self, mut read: impl FnMut(&mut Tokens) -> Result<T, ParseError>) -> Result<T, ReadError> {
        loop {
            let mut t = Tokens::resuming(&self.text[self.start..], self.line);
            let result = read(&mut t);
            let (passed, line) = (t.position(), t.line());
            let ran_out = t.at_end();
            match result {
                Ok(value) => {
                    self.start += passed;
                    self.line = line;
                    return Ok(value);
                }
                Err(e) if self.ended || !ran_out => return Err(e.into()),
                Err(_) => self.fill()?,
            }
        }
    }

    /// True when nothing but whitespace is left of the whole input.
    pub fn at_end(&mut self) -> Result<bool, ReadError> {
        loop {
            if !Tokens::resuming(&self.text[self.start..], self.line).at_end() {
                return Ok(false);
            }
            if self.ended {
                return Ok(true);
            }
            self.fill()?;
        }
    }

    /// Reads the rest of the input: for a format of one case, which is the
    /// whole input anyway and is best read once, in one piece.
    pub fn read_to_end(&mut self) -> Result<(), ReadError> {
        self.reader.read_to_end(&mut self.pending)?;
        self.ended = true;
        self.take_whole_tokens()
    }

    /// Drops what has been read and reads at least as much again as is
    /// unread, and at least [`CHUNK`], unless the input ends first.
    fn fill(&mut self) -> Result<(), ReadError> {
        self.text.drain(..self.start);
        self.start = 0;
        let want = self.text.len().max(CHUNK);
        let got = (&mut self.reader).take(want as u64).read_to_end(&mut self.pending)?;
        self.ended = got < want;
        self.take_whole_tokens()
    }

    /// Moves the pending bytes up to their last whitespace (all of them once
    /// the input has ended) to the text, checking once that they are UTF-8.
    fn take_whole_tokens(&mut self) -> Result<(), ReadError> {
        let whole = if self.ended {
            self.pending.len()
        } else {
            self.pending
                .iter()
                .rposition(u8::is_ascii_whitespace)
                .map_or(0, |i| i + 1)
        };
        let bytes = if whole == self.pending.len() {
            std::mem::take(&mut self.pending)
        } else {
            self.pending.drain(..whole).collect()
        };
        let more = String::from_utf8(bytes).map_err(|e| {
            let lines = |b: &[u8]| b.iter().filter(|&&c| c == b'\n').count();
            let before = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = self.line + lines(self.text.as_bytes()) + lines(before);
            io::Error::new(io::ErrorKind::InvalidData, format!("line {line} is not valid UTF-8"))
        })?;
        if self.text.is_empty() {
            self.text = more;
        } else {
            self.text.push_str(&more);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hands out its text `step` bytes at a time, to cut tokens anywhere.
    struct Trickle<'a> {
        text: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let k = self.step.min(out.len()).min(self.text.len());
            out[..k].copy_from_slice(&self.text[..k]);
            self.text = &self.text[k..];
            Ok(k)
        }
    }

    /// Reads `T` and T pairs `a b` (b a digit) through a window fed `step`
    /// bytes at a time.
    fn pairs(text: &str, step: usize) -> Result<Vec<(i64, i64)>, String> {
        let mut w = Window::new(Trickle {
            text: text.as_bytes(),
            step,
        });
        let count = w.read(|t| t.int("T", 0, 1_000_000)).map_err(|e| e.to_string())?;
        let mut out = Vec::new();
        for _ in 0..count {
            out.push(w.read(pair).map_err(|e| e.to_string())?);
        }
        if !w.at_end().map_err(|e| e.to_string())? {
            w.read(|t| t.expect_end("the pairs")).map_err(|e| e.to_string())?;
        }
        Ok(out)
    }

    fn pair(t: &mut Tokens) -> Result<(i64, i64), ParseError> {
        Ok((t.int("a", 0, i64::MAX)?, t.int("b", 0, 9)?))
    }

    /// The same, on the whole text at once.
    fn pairs_whole(text: &str) -> Result<Vec<(i64, i64)>, String> {
        let mut t = Tokens::new(text);
        let count = t.int("T", 0, 1_000_000).map_err(|e| e.to_string())?;
        let out = (0..count).map(|_| pair(&mut t)).collect::<Result<_, _>>();
        let out = out.map_err(|e| e.to_string())?;
        t.expect_end("the pairs").map_err(|e| e.to_string())?;
        Ok(out)
    }

    #[test]
    fn tokens_cut_between_reads_come_out_whole() {
        let mut text = String::from("3000\n");
        let want: Vec<(i64, i64)> = (0..3000).map(|i| (i * 1_000_003, i % 10)).collect();
        for (a, b) in &want {
            text.push_str(&format!("{a} {b}\n"));
        }
        for step in [1, 7, 4096, CHUNK + 3] {
            assert_eq!(pairs(&text, step), Ok(want.clone()), "step {step}");
        }
    }

    #[test]
    fn errors_are_those_of_the_whole_file() {
        let mut long = String::from("2000\n");
        for i in 0..2000 {
            long.push_str(if i == 1500 { "5 10\n" } else { "5 5\n" });
        }
        for text in [
            &long[..],
            "2\n1 1\n",
            "2\n1 1\n\n\n",
            "1\n1 1\n\n  x\n",
            "1\n1 -1",
            "",
            "1 2 33",
        ] {
            let whole = pairs_whole(text);
            assert!(whole.is_err(), "{text:?}");
            for step in [1, 3, 100_000] {
                assert_eq!(pairs(text, step), whole, "{text:?} in steps of {step}");
            }
        }
        assert_eq!(
            pairs(&long, 5),
            Err("line 1502, field `b`: 10 is out of range 0..=9".into())
        );
    }

    #[test]
    fn invalid_utf8_names_its_line() {
        let mut w = Window::new(&b"1\n2 \xff 3\n"[..]);
        let e = w.read(|t| t.int("T", 0, 9)).unwrap_err();
        assert_eq!(e.to_string(), "cannot read the input: line 2 is not valid UTF-8");
    }
}
