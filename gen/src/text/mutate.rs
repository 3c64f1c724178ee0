//! Damaged copies of a valid judge text, for proving that every parser
//! answers malformed input with an error: no panic, no hang, and no
//! allocation sized by a count the input merely claims.
//!
//! Mutations are drawn from [`Rng`], so a failing input found by any crate's
//! test is named by `(seed, index)` and replays byte for byte on every
//! machine, like the harness's cases. The kinds aim where hand-written
//! readers break: numbers at the edges of `i32`, `u32`, `i64` and `u64` and
//! far past them; spellings other readers accept (`1e9`, `0x10`, `+5`,
//! `5.0`); counts promising more than follows (truncations, deleted tokens
//! and lines); what editors add (CRLF, a byte-order mark) and what broken
//! pipes leave (NUL, garbage, invalid UTF-8, read back lossily).

use std::borrow::Cow;
use std::cmp::Ordering;
use std::ops::Range;
use std::sync::OnceLock;

use crate::rng::Rng;

/// Up to `count` damaged copies of `text`, the same ones for the same seed.
/// They begin with the systematic ones (empty input, whitespace only, a
/// byte-order mark, a leading NUL, CRLF line ends, truncation at every line
/// start and in the middle of every line, each number replaced by each of
/// [`odd_numbers`]), at most half of `count` so a large text still gets
/// random ones; the rest are [`mutate`]s.
pub fn mutations(text: &str, seed: u64, count: usize) -> impl Iterator<Item = String> + '_ {
    let fixed = systematic_edits(text);
    let fixed_count = fixed.len().min(count / 2);
    let mut rng = Rng::from_seed(seed);
    fixed
        .into_iter()
        .take(fixed_count)
        .map(move |e| e.apply(text))
        .chain((fixed_count..count).map(move |_| mutate(text, &mut rng)))
}

/// `text` with one random mutation, or (one time in four) two or three
/// stacked: flip a bit, set a byte to a random ASCII character, delete,
/// duplicate or swap tokens, replace a number by an odd one, a nearby one or
/// itself times a power of ten, CRLF line ends, insert a NUL, prepend a
/// byte-order mark, truncate at a line start or anywhere, append garbage,
/// delete or duplicate a line, empty the input, or leave only whitespace.
pub fn mutate(text: &str, rng: &mut Rng) -> String {
    let stacked = if rng.chance(0.75) { 1 } else { rng.range(2, 3) };
    let mut out = random_edit(text, rng).apply(text);
    for _ in 1..stacked {
        out = random_edit(&out, rng).apply(&out);
    }
    out
}

/// Numbers at and past the edges of the integer types (0, -1, 2^31 - 1, 2^31,
/// 2^32, 2^63 - 1, 2^63, 2^64, 10^18, -10^18, 40 and 5000 digits), then
/// spellings a judge's reader need not take for integers.
pub fn odd_numbers() -> &'static [String] {
    static NUMBERS: OnceLock<Vec<String>> = OnceLock::new();
    NUMBERS.get_or_init(|| {
        let digits = |len| "1234567890".chars().cycle().take(len).collect::<String>();
        let mut numbers: Vec<String> = [
            0,
            -1,
            i128::from(i32::MAX),
            1 << 31,
            1 << 32,
            i128::from(i64::MAX),
            1 << 63,
            1 << 64,
            10i128.pow(18),
            -(10i128.pow(18)),
        ]
        .iter()
        .map(i128::to_string)
        .collect();
        numbers.extend([digits(40), digits(5000)]);
        numbers.extend(["1e9", "+5", "0x10", "5.0"].map(String::from));
        numbers
    })
}

/// One change to a text. Ranges lie on char boundaries.
enum Edit {
    /// Replaces a range.
    Splice(Range<usize>, Cow<'static, str>),
    /// Exchanges two ranges, the first ending before the second starts.
    Swap(Range<usize>, Range<usize>),
    /// Sets one byte; invalid UTF-8 is read back lossily, as a reader of a
    /// `&str` would receive it.
    Byte(usize, u8),
    Crlf,
}

impl Edit {
    fn apply(&self, text: &str) -> String {
        match self {
            Edit::Splice(range, with) => {
                let mut out = text.to_string();
                out.replace_range(range.clone(), with);
                out
            }
            Edit::Swap(a, b) => [
                &text[..a.start],
                &text[b.clone()],
                &text[a.end..b.start],
                &text[a.clone()],
                &text[b.end..],
            ]
            .concat(),
            Edit::Byte(at, byte) => {
                let mut bytes = text.as_bytes().to_vec();
                bytes[*at] = *byte;
                String::from_utf8_lossy(&bytes).into_owned()
            }
            Edit::Crlf => text.replace('\n', "\r\n"),
        }
    }
}

/// Where a text's tokens (split as [`crate::Tokens`] splits them), the
/// tokens that are integers, and its lines (each with its `\n`) lie.
struct Layout {
    tokens: Vec<Range<usize>>,
    numbers: Vec<Range<usize>>,
    lines: Vec<Range<usize>>,
}

fn layout(text: &str) -> Layout {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut start = None;
    for (i, b) in bytes.iter().enumerate() {
        match (b.is_ascii_whitespace(), start) {
            (true, Some(s)) => {
                tokens.push(s..i);
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        tokens.push(s..bytes.len());
    }
    let mut lines = Vec::new();
    let mut line_start = 0;
    for (i, _) in text.match_indices('\n') {
        lines.push(line_start..i + 1);
        line_start = i + 1;
    }
    if line_start < text.len() {
        lines.push(line_start..text.len());
    }
    let numbers = tokens
        .iter()
        .filter(|r| is_number(&text[(*r).clone()]))
        .cloned()
        .collect();
    Layout { tokens, numbers, lines }
}

fn is_number(w: &str) -> bool {
    let digits = w.strip_prefix('-').unwrap_or(w);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The char boundary at or before `at`.
fn boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// What [`mutations`] tries before random edits.
fn systematic_edits(text: &str) -> Vec<Edit> {
    let Layout { numbers, lines, .. } = layout(text);
    let len = text.len();
    let mut edits = vec![
        Edit::Splice(0..len, "".into()),
        Edit::Splice(0..len, " \n\t\r\n".into()),
        Edit::Splice(0..0, "\u{feff}".into()),
        Edit::Splice(0..0, "\0".into()),
        Edit::Crlf,
    ];
    for line in lines.iter().skip(1) {
        edits.push(Edit::Splice(line.start..len, "".into()));
    }
    for line in &lines {
        let middle = boundary(text, (line.start + line.end) / 2);
        if middle > line.start {
            edits.push(Edit::Splice(middle..len, "".into()));
        }
    }
    for token in &numbers {
        for number in odd_numbers() {
            edits.push(Edit::Splice(token.clone(), Cow::Borrowed(number.as_str())));
        }
    }
    edits
}

/// What [`mutate`] may do to a text.
#[derive(Clone, Copy, Debug)]
enum Kind {
    FlipBit,
    SetAsciiByte,
    DeleteToken,
    DuplicateToken,
    SwapTokens,
    /// One of [`odd_numbers`]; any token will do when there is no number
    /// (an answer word).
    OddNumber,
    /// A value in `0..=2v + 2`: well-formed but wrong in meaning (a vertex
    /// out of range, an edge closing a cycle, a count one too high).
    NearbyNumber,
    /// `v` times 10 to 100 000: a count inside a judge's limits that promises
    /// far more than follows, which tempts a reader to reserve space early.
    ScaledNumber,
    Crlf,
    InsertNul,
    PrependBom,
    TruncateAtLineStart,
    TruncateAnywhere,
    AppendGarbage,
    DeleteLine,
    DuplicateLine,
    Empty,
    WhitespaceOnly,
}

const KINDS: [Kind; 18] = [
    Kind::FlipBit,
    Kind::SetAsciiByte,
    Kind::DeleteToken,
    Kind::DuplicateToken,
    Kind::SwapTokens,
    Kind::OddNumber,
    Kind::NearbyNumber,
    Kind::ScaledNumber,
    Kind::Crlf,
    Kind::InsertNul,
    Kind::PrependBom,
    Kind::TruncateAtLineStart,
    Kind::TruncateAnywhere,
    Kind::AppendGarbage,
    Kind::DeleteLine,
    Kind::DuplicateLine,
    Kind::Empty,
    Kind::WhitespaceOnly,
];

fn random_edit(text: &str, rng: &mut Rng) -> Edit {
    let kind = *rng.pick(&KINDS);
    pick_edit(kind, text, rng).unwrap_or_else(|| Edit::Splice(text.len()..text.len(), garbage(rng).into()))
}

/// An edit of the given kind, or `None` if the text lacks what it needs
/// (bytes, tokens, numbers or lines).
fn pick_edit(kind: Kind, text: &str, rng: &mut Rng) -> Option<Edit> {
    let Layout { tokens, numbers, lines } = layout(text);
    let len = text.len();
    let token = |rng: &mut Rng| (!tokens.is_empty()).then(|| tokens[rng.index(tokens.len())].clone());
    let line = |rng: &mut Rng| (!lines.is_empty()).then(|| lines[rng.index(lines.len())].clone());
    let number = |rng: &mut Rng| (!numbers.is_empty()).then(|| numbers[rng.index(numbers.len())].clone());
    // Fails for numbers past i64 too, which need no help to be too big.
    let value = |rng: &mut Rng| -> Option<(Range<usize>, i64)> {
        let t = number(rng)?;
        let v = text[t.clone()].parse().ok()?;
        Some((t, v))
    };
    let byte = |rng: &mut Rng| (len > 0).then(|| rng.index(len));
    Some(match kind {
        Kind::FlipBit => {
            let at = byte(rng)?;
            Edit::Byte(at, text.as_bytes()[at] ^ (1 << rng.index(8)))
        }
        Kind::SetAsciiByte => Edit::Byte(byte(rng)?, rng.below(128) as u8),
        Kind::DeleteToken => Edit::Splice(token(rng)?, "".into()),
        Kind::DuplicateToken => {
            let t = token(rng)?;
            Edit::Splice(t.end..t.end, format!(" {}", &text[t]).into())
        }
        Kind::SwapTokens => {
            let (a, b) = (token(rng)?, token(rng)?);
            match a.start.cmp(&b.start) {
                Ordering::Less => Edit::Swap(a, b),
                Ordering::Greater => Edit::Swap(b, a),
                Ordering::Equal => return None,
            }
        }
        Kind::OddNumber => {
            let t = number(rng).or_else(|| token(rng))?;
            Edit::Splice(t, Cow::Borrowed(rng.pick(odd_numbers()).as_str()))
        }
        Kind::NearbyNumber => {
            let (t, v) = value(rng)?;
            let near = rng.range(0, v.unsigned_abs().saturating_mul(2).saturating_add(2));
            Edit::Splice(t, near.to_string().into())
        }
        Kind::ScaledNumber => {
            let (t, v) = value(rng)?;
            let scaled = v.checked_mul(10i64.pow(rng.range(1, 5) as u32))?;
            Edit::Splice(t, scaled.to_string().into())
        }
        Kind::Crlf => Edit::Crlf,
        Kind::InsertNul => Edit::Splice(insertion_point(text, rng), "\0".into()),
        Kind::PrependBom => Edit::Splice(0..0, "\u{feff}".into()),
        Kind::TruncateAtLineStart => Edit::Splice(line(rng)?.start..len, "".into()),
        Kind::TruncateAnywhere => Edit::Splice(insertion_point(text, rng).start..len, "".into()),
        Kind::AppendGarbage => Edit::Splice(len..len, garbage(rng).into()),
        Kind::DeleteLine => Edit::Splice(line(rng)?, "".into()),
        Kind::DuplicateLine => {
            let l = line(rng)?;
            // The last line may lack its newline; the copy must not run into it.
            let copy = if text[l.clone()].ends_with('\n') {
                text[l.clone()].to_string()
            } else {
                format!("\n{}", &text[l.clone()])
            };
            Edit::Splice(l.end..l.end, copy.into())
        }
        Kind::Empty => Edit::Splice(0..len, "".into()),
        Kind::WhitespaceOnly => {
            let spaces: String = (0..rng.range(1, 8))
                .map(|_| *rng.pick(&[' ', '\t', '\n', '\r', '\x0c']))
                .collect();
            Edit::Splice(0..len, spaces.into())
        }
    })
}

/// An empty range at a random char boundary, ends included.
fn insertion_point(text: &str, rng: &mut Rng) -> Range<usize> {
    let at = boundary(text, rng.index(text.len() + 1));
    at..at
}

/// An odd number, a short printable word on a new line, or random bytes.
fn garbage(rng: &mut Rng) -> String {
    match rng.index(3) {
        0 => format!(" {}", rng.pick(odd_numbers())),
        1 => {
            let word: String = (0..rng.range(1, 8))
                .map(|_| rng.range(0x21, 0x7e) as u8 as char)
                .collect();
            format!("\n{word}")
        }
        _ => {
            let bytes: Vec<u8> = (0..rng.range(1, 16)).map(|_| rng.below(256) as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "3 2\n1 2\n2 3\n";

    #[test]
    fn the_same_seed_gives_the_same_mutations() {
        let a: Vec<String> = mutations(TEXT, 5, 300).collect();
        let b: Vec<String> = mutations(TEXT, 5, 300).collect();
        assert_eq!(a, b);
        assert_eq!(a.len(), 300);
        assert_ne!(a, mutations(TEXT, 6, 300).collect::<Vec<_>>());
    }

    #[test]
    fn systematic_mutations_come_first() {
        let all: Vec<String> = mutations(TEXT, 1, 1000).collect();
        for expected in [
            "",
            "\u{feff}3 2\n1 2\n2 3\n",
            "3 2\r\n1 2\r\n2 3\r\n",
            "\u{0}3 2\n1 2\n2 3\n",
        ] {
            assert!(all.contains(&expected.to_string()), "{expected:?} missing");
        }
        for cut in ["3 2\n", "3 2\n1 2\n", "3 ", "3 2\n1 ", "3 2\n1 2\n2 "] {
            assert!(all.contains(&cut.to_string()), "truncation {cut:?} missing");
        }
        for number in odd_numbers() {
            assert!(all.contains(&format!("3 {number}\n1 2\n2 3\n")), "{number} missing");
        }
        // With a small count, the random kinds still get half.
        let few: Vec<String> = mutations(TEXT, 1, 10).collect();
        assert_eq!(few[..5], all[..5]);
    }

    /// Each kind on texts with and without bytes, tokens, numbers, lines and
    /// multi-byte characters: no range may fall off the text or inside a char.
    #[test]
    fn every_kind_applies_to_every_text() {
        let mut rng = Rng::from_seed(2);
        for text in ["", " ", "\n", "x", "é\n", TEXT, "Alice\nBob\n"] {
            for kind in KINDS {
                for _ in 0..20 {
                    if let Some(e) = pick_edit(kind, text, &mut rng) {
                        e.apply(text);
                    }
                }
            }
            mutate(text, &mut rng);
        }
    }

    #[test]
    fn odd_numbers_are_the_promised_ones() {
        let n = odd_numbers();
        assert_eq!(&n[..4], ["0", "-1", "2147483647", "2147483648"]);
        assert!(n.contains(&"18446744073709551616".to_string()));
        assert!(n.contains(&"-1000000000000000000".to_string()));
        assert_eq!(n.iter().map(String::len).filter(|&l| l == 40 || l == 5000).count(), 2);
    }
}
