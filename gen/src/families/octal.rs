//! Octal games (`octal-game`): the code, the instance (a code and a row of
//! heaps), and the generator family.
//!
//! An octal code `0.d1d2...dk` gives the moves: taking `i` tokens from one
//! heap is allowed when digit `d_i` says what may be left, bit by bit:
//! [`LEAVE_NONE`] (the heap had exactly `i` tokens), [`LEAVE_ONE`] (the rest,
//! non-empty, stays one heap), [`LEAVE_TWO`] (the rest is split into two
//! non-empty heaps). `0.77` is Kayles, `0.137` Dawson's chess, `0.07`
//! Dawson's Kayles. Reference: Berlekamp, Conway, Guy, *Winning Ways*, ch. 4.
//!
//! The family draws a code from the config's list (`code = "0.77"`, a list,
//! or `"random"` for random codes of `digits` digits) and heaps in one of
//! three shapes: uniform sizes, all sizes equal (so pairs cancel), or sizes at
//! the top of the range. Shrinking drops heaps, simplifies the code (its last
//! digit, then one move bit at a time), then lowers heap sizes.

use std::fmt;
use std::sync::Arc;

use serde::{de, Deserialize, Deserializer};

use crate::enumerate::multisets::ValueMultisets;
use crate::enumerate::{add, mul, nonempty, pow, span, Bound, Count, Space, Symmetry};
use crate::lower::{self, ALL_LOWERINGS};
use crate::moves::CANDIDATE_BUDGET;
use crate::range::SizeRange;
use crate::rng::Rng;

/// Digit bit: taking `i` tokens may leave nothing (the heap had exactly `i`).
pub const LEAVE_NONE: u8 = 1;
/// Digit bit: taking `i` tokens may leave one non-empty heap.
pub const LEAVE_ONE: u8 = 2;
/// Digit bit: taking `i` tokens may leave two non-empty heaps.
pub const LEAVE_TWO: u8 = 4;

/// The most digits after the point a code may have.
pub const MAX_DIGITS: usize = 32;
/// The largest heap.
pub const MAX_HEAP: u32 = 1_000_000;
/// The most heaps in one instance.
pub const MAX_HEAPS: usize = 100_000;

/// An octal code `0.d1d2...dk` (`1 <= k <=` [`MAX_DIGITS`], digits `0..=7`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    digits: Vec<u8>,
}

/// How a character is shown in an error: itself if printable ASCII, else
/// escaped (`\u{feff}`), so a message never hides what it complains about.
fn shown(c: char) -> String {
    if c.is_ascii_graphic() {
        c.to_string()
    } else {
        c.escape_unicode().to_string()
    }
}

impl OctalCode {
    /// The code with digits `d1, d2, ...`.
    ///
    /// # Panics
    /// If there are no digits, more than [`MAX_DIGITS`], or one above 7.
    pub fn new(digits: Vec<u8>) -> Self {
        assert!(
            (1..=MAX_DIGITS).contains(&digits.len()),
            "an octal code has 1 to {MAX_DIGITS} digits"
        );
        assert!(digits.iter().all(|&d| d < 8), "octal digits are 0 to 7");
        OctalCode { digits }
    }

    /// Reads `0.d1d2...`; the error says what is wrong, in words.
    pub fn parse(text: &str) -> Result<Self, String> {
        if text.starts_with('\u{feff}') {
            return Err("a UTF-8 byte-order mark starts the code; judges read plain ASCII".into());
        }
        let Some(after) = text.strip_prefix("0.") else {
            let start: String = text.chars().take(2).map(shown).collect();
            return Err(format!(
                "an octal code starts with `0.` (as in 0.77, Kayles), not `{start}`"
            ));
        };
        let count = after.chars().count();
        if count == 0 {
            return Err("the code `0.` has no digits after the point".into());
        }
        if count > MAX_DIGITS {
            return Err(format!(
                "the code has {count} digits after the point; at most {MAX_DIGITS}"
            ));
        }
        let digits = after
            .chars()
            .enumerate()
            .map(|(i, c)| match c {
                '0'..='7' => Ok(c as u8 - b'0'),
                _ => Err(format!(
                    "digit {} after the point is `{}`; octal digits are 0 to 7",
                    i + 1,
                    shown(c)
                )),
            })
            .collect::<Result<Vec<u8>, String>>()?;
        Ok(OctalCode { digits })
    }

    /// `d1, d2, ...`
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// `d_i` (1-based), 0 past the last digit.
    pub fn digit(&self, i: usize) -> u8 {
        i.checked_sub(1).and_then(|k| self.digits.get(k)).copied().unwrap_or(0)
    }

    /// The most tokens a move may take: the index of the last non-zero
    /// digit, 0 if no move is allowed at all. The periodicity theorem's `t`.
    pub fn reach(&self) -> usize {
        self.digits.iter().rposition(|&d| d != 0).map_or(0, |k| k + 1)
    }

    /// Move bits in the whole code: how much of a game it is, for shrinking.
    pub fn bits(&self) -> u32 {
        self.digits.iter().map(|d| d.count_ones()).sum()
    }

    /// Simpler codes, each allowing a subset of the moves: without the last
    /// digit, then with one bit of one digit cleared (trailing zero digits
    /// dropped, one digit kept).
    pub fn simpler(&self) -> Vec<OctalCode> {
        let trimmed = |mut digits: Vec<u8>| {
            while digits.len() > 1 && digits.last() == Some(&0) {
                digits.pop();
            }
            OctalCode { digits }
        };
        let mut out = Vec::new();
        if self.digits.len() > 1 {
            out.push(trimmed(self.digits[..self.digits.len() - 1].to_vec()));
        }
        for (k, &d) in self.digits.iter().enumerate() {
            for bit in [LEAVE_TWO, LEAVE_ONE, LEAVE_NONE] {
                if d & bit != 0 {
                    let mut digits = self.digits.clone();
                    digits[k] &= !bit;
                    out.push(trimmed(digits));
                }
            }
        }
        out
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("0.")?;
        for d in &self.digits {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// One octal game position: a sum of heaps under one code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalPosition {
    pub code: OctalCode,
    pub heaps: Vec<u32>,
}

/// One entry of the `code` key: a code, or `"random"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeChoice {
    Named(OctalCode),
    /// A random code of `digits` digits, its last digit non-zero.
    Random,
}

impl CodeChoice {
    /// A config value: a string (`"0.77"`, `"random"`) or a number, as
    /// `--set code=0.77` gives one. A number is taken by its shortest
    /// decimal form, exact up to 15 significant digits; longer codes must
    /// be strings.
    fn from_raw(raw: RawCode) -> Result<Self, String> {
        let text = match raw {
            RawCode::Text(s) if s == "random" => return Ok(CodeChoice::Random),
            RawCode::Text(s) => s,
            RawCode::Number(x) => {
                let text = x.to_string();
                let significant = text.trim_start_matches(['0', '.']).len();
                if significant > 15 {
                    return Err(format!(
                        "the number {text} is too long to be an exact code: write the code as a string, \"0....\""
                    ));
                }
                text
            }
        };
        OctalCode::parse(&text)
            .map(CodeChoice::Named)
            .map_err(|e| format!("`code` = \"{text}\": {e}"))
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawCode {
    Text(String),
    Number(f64),
}

/// The `code` key: one code or a list to draw from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Codes(pub Vec<CodeChoice>);

impl<'de> Deserialize<'de> for Codes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            One(RawCode),
            Many(Vec<RawCode>),
        }
        let raw = Raw::deserialize(d)
            .map_err(|_| de::Error::custom("expected an octal code such as \"0.77\", \"random\", or a list of them"))?;
        let list = match raw {
            Raw::One(c) => vec![c],
            Raw::Many(v) => v,
        };
        list.into_iter()
            .map(CodeChoice::from_raw)
            .collect::<Result<Vec<_>, _>>()
            .map(Codes)
            .map_err(de::Error::custom)
    }
}

/// How the heaps of one instance are drawn.
#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum HeapShape {
    /// Each heap uniform in `n`.
    Uniform,
    /// All heaps one size, uniform in `n`: an even count sums to 0.
    Equal,
    /// Each heap within 16 of the top of `n`: the largest values, where a
    /// solver's periodicity or table size is tested.
    Top,
}

pub const ALL_HEAP_SHAPES: [HeapShape; 3] = [HeapShape::Uniform, HeapShape::Equal, HeapShape::Top];

/// The `[gen]` table of `octal-game.toml`.
#[derive(Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct OctalParams {
    /// Codes to draw from, one per instance.
    pub code: Codes,
    /// Digits of a `"random"` code.
    pub digits: SizeRange,
    /// Number of heaps.
    pub heaps: SizeRange,
    /// Heap sizes.
    pub n: SizeRange,
    pub shapes: Vec<HeapShape>,
}

impl Default for OctalParams {
    fn default() -> Self {
        OctalParams {
            code: Codes(vec![CodeChoice::Named(OctalCode::new(vec![7, 7]))]),
            digits: SizeRange::new(1, 3),
            heaps: SizeRange::new(1, 3),
            n: SizeRange::new(0, 40),
            shapes: ALL_HEAP_SHAPES.to_vec(),
        }
    }
}

/// A random code of `len` digits whose last digit is not 0.
fn random_code(len: usize, rng: &mut Rng) -> OctalCode {
    let mut digits: Vec<u8> = (0..len).map(|_| rng.below(8) as u8).collect();
    digits[len - 1] = rng.range(1, 7) as u8;
    OctalCode::new(digits)
}

/// Whether a random code may have `len` digits.
fn digits_hold(digits: SizeRange, len: usize) -> bool {
    (digits.lo..=digits.hi).contains(&(len as u64))
}

/// Every code of `len` digits whose last digit is not 0, in increasing
/// order of its digits: what `"random"` may draw.
fn codes_of(len: u64) -> impl Iterator<Item = OctalCode> {
    let len = len as usize;
    let count = 7 * 8u128.pow(len as u32 - 1);
    (0..count).map(move |i| {
        // The last digit runs 1 to 7, the earlier ones 0 to 7, most significant first.
        let mut digits = vec![0u8; len];
        digits[len - 1] = (i % 7) as u8 + 1;
        let mut rest = i / 7;
        for d in digits[..len - 1].iter_mut().rev() {
            *d = (rest % 8) as u8;
            rest /= 8;
        }
        OctalCode::new(digits)
    })
}

impl crate::Family for OctalParams {
    type Instance = OctalPosition;

    fn class(&self, p: &OctalPosition) -> Option<String> {
        Some(format!(
            "{:?} {}",
            p.code,
            crate::enumerate::classes::multiset(&p.heaps)
        ))
    }

    fn summands(&self, p: &OctalPosition) -> Option<Vec<String>> {
        Some(p.heaps.iter().filter(|&&h| h > 0).map(u32::to_string).collect())
    }

    fn check(&self) -> Result<(), String> {
        if self.code.0.is_empty() {
            return Err("`code` must name at least one code, e.g. \"0.77\" or \"random\"".into());
        }
        self.digits.within("digits", 1, MAX_DIGITS as u64)?;
        self.heaps.within("heaps", 1, MAX_HEAPS as u64)?;
        self.n.within("n", 0, MAX_HEAP as u64)?;
        if self.shapes.is_empty() {
            return Err("`shapes` must name at least one of uniform, equal, top".into());
        }
        Ok(())
    }

    fn generate(&self, rng: &mut Rng) -> OctalPosition {
        let code = match rng.pick(&self.code.0) {
            CodeChoice::Named(c) => c.clone(),
            CodeChoice::Random => random_code(self.digits.sample_usize(rng), rng),
        };
        let k = self.heaps.sample_usize(rng);
        let heaps = match rng.pick(&self.shapes) {
            HeapShape::Uniform => (0..k).map(|_| self.n.sample(rng) as u32).collect(),
            HeapShape::Equal => vec![self.n.sample(rng) as u32; k],
            HeapShape::Top => {
                let low = self.n.hi.saturating_sub(16).max(self.n.lo);
                (0..k).map(|_| rng.range(low, self.n.hi) as u32).collect()
            }
        };
        OctalPosition { code, heaps }
    }

    fn validate(&self, g: &OctalPosition) -> Result<(), String> {
        let len = g.code.digits.len();
        if !(1..=MAX_DIGITS).contains(&len) || g.code.digits.iter().any(|&d| d > 7) {
            return Err(format!("`{}` is not an octal code of 1 to {MAX_DIGITS} digits", g.code));
        }
        if !(1..=MAX_HEAPS).contains(&g.heaps.len()) {
            return Err(format!("{} heaps, not 1 to {MAX_HEAPS}", g.heaps.len()));
        }
        match g.heaps.iter().position(|&h| h > MAX_HEAP) {
            Some(i) => Err(format!("heap {i} has {} tokens, above {MAX_HEAP}", g.heaps[i])),
            None => Ok(()),
        }
    }

    /// Fewer heaps (one heap alone, then one heap dropped), a simpler code,
    /// then one heap lowered (to 0, halved, by the ladder, minus one).
    fn shrink(&self, g: &OctalPosition) -> Vec<OctalPosition> {
        let limit = (CANDIDATE_BUDGET / 4 / g.heaps.len().max(1)).max(1);
        let with_heaps = |heaps: Vec<u32>| OctalPosition {
            code: g.code.clone(),
            heaps,
        };
        let mut out = Vec::new();
        if g.heaps.len() > 1 {
            out.extend(g.heaps.iter().take(limit).map(|&h| with_heaps(vec![h])));
            out.extend((0..g.heaps.len()).take(limit).map(|i| {
                let mut heaps = g.heaps.clone();
                heaps.remove(i);
                with_heaps(heaps)
            }));
        }
        out.extend(g.code.simpler().into_iter().map(|code| OctalPosition {
            code,
            heaps: g.heaps.clone(),
        }));
        out.extend(
            lower::lowered_vectors(&g.heaps, 0, &ALL_LOWERINGS, limit)
                .into_iter()
                .map(with_heaps),
        );
        out
    }

    /// The first named code, `heaps.lo` heaps of size `n.lo`; `None` when
    /// the list names no code but `"random"`.
    fn pinned(&self) -> Option<Self> {
        let first = self.code.0.iter().find(|c| matches!(c, CodeChoice::Named(_)))?;
        Some(OctalParams {
            code: Codes(vec![first.clone()]),
            digits: self.digits.pinned(),
            heaps: self.heaps.pinned(),
            n: self.n.pinned(),
            shapes: vec![HeapShape::Equal],
        })
    }

    /// Every code of the `code` list (`"random"`: every code of `digits`
    /// digits whose last digit is not 0) with every multiset of `heaps`
    /// heaps of `n` tokens, by tokens, then code: a sum of heaps is the
    /// same game in any order. `shapes` is ignored.
    fn exhaust(&self) -> Result<Space<OctalPosition>, String> {
        let (heaps, n, digits) = (self.heaps, self.n, self.digits);
        let random = self.code.0.contains(&CodeChoice::Random);
        let named: Vec<OctalCode> = self.code.0.iter().fold(Vec::new(), |mut named, c| {
            if let CodeChoice::Named(code) = c {
                let drawn = random && code.digits.last() != Some(&0) && digits_hold(digits, code.digits.len());
                if !named.contains(code) && !drawn {
                    named.push(code.clone());
                }
            }
            named
        });
        let mut codes = named.len() as u128;
        let mut bounds = vec![Bound::new("heaps", heaps), Bound::new("n", n)];
        if random {
            codes = (digits.lo..=digits.hi).fold(codes, |acc, d| add(acc, mul(7, pow(8, d - 1))));
            bounds.push(Bound::new("digits", digits));
        }
        let multisets = ValueMultisets::new(heaps, n);
        let listed: Vec<String> = named.iter().map(OctalCode::to_string).collect();
        let which = match (listed.is_empty(), random) {
            (false, false) => listed.join(", "),
            (true, _) => format!("every code of {} digits", span(digits)),
            (false, true) => format!("{} and every code of {} digits", listed.join(", "), span(digits)),
        };
        nonempty(Space::new(
            format!(
                "every octal-game position under {which}, {} heaps of {} tokens",
                span(heaps),
                span(n)
            ),
            Symmetry::Multisets,
            "tokens, then code",
            Count::Exact(mul(codes, multisets.count())),
            bounds,
            move || {
                let mut all = named.clone();
                if random {
                    all.extend((digits.lo..=digits.hi).flat_map(codes_of));
                }
                let all = Arc::new(all);
                let lister = Arc::new(multisets.lister());
                let (lo, hi) = multisets.totals();
                Box::new((lo..=hi).flat_map(move |t| {
                    let lister = lister.clone();
                    (0..all.len())
                        .map({
                            let all = all.clone();
                            move |i| all[i].clone()
                        })
                        .flat_map(move |code| {
                            lister.within((t, t)).map(move |heaps| OctalPosition {
                                code: code.clone(),
                                heaps: heaps.into_iter().map(|h| h as u32).collect(),
                            })
                        })
                }))
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::testing::{check_shrinks, check_space, judge_round_trip};
    use crate::Family;

    #[test]
    fn every_code_and_multiset_of_heaps_once() {
        let p = OctalParams {
            code: Codes(vec![
                CodeChoice::Named(code("0.77")),
                CodeChoice::Named(code("0.137")),
                CodeChoice::Named(code("0.77")),
            ]),
            heaps: SizeRange::new(1, 3),
            n: SizeRange::new(0, 4),
            ..OctalParams::default()
        };
        let space = p.exhaust().unwrap();
        // Two codes, multisets of 1 to 3 heaps of 0 to 4: 5 + 15 + 35.
        assert_eq!(space.count(), Count::Exact(2 * 55));
        assert!(space.what.contains("0.77, 0.137"), "{}", space.what);
        let tokens = |g: &OctalPosition| g.heaps.iter().map(|&h| h as u64).sum::<u64>();
        let class = |g: &OctalPosition| {
            let mut heaps = g.heaps.clone();
            heaps.sort_unstable();
            (g.code.to_string(), heaps)
        };
        let all = check_space(&space, tokens, |g| p.validate(g), class);
        for g in &all {
            assert_eq!(&judge_round_trip::<crate::judge::octal_game::Judge>(g), g);
        }
        let random = OctalParams {
            code: Codes(vec![
                CodeChoice::Named(code("0.4")),
                CodeChoice::Random,
                CodeChoice::Named(code("0.70")),
            ]),
            digits: SizeRange::new(1, 2),
            heaps: SizeRange::new(1, 1),
            n: SizeRange::new(0, 2),
            ..OctalParams::default()
        };
        let space = random.exhaust().unwrap();
        // 0.4 is a random code of one digit; 0.70 is not (its last digit is 0).
        assert_eq!(space.count(), Count::Exact((1 + 7 + 56) * 3));
        check_space(&space, tokens, |g| random.validate(g), class);
    }

    fn code(s: &str) -> OctalCode {
        OctalCode::parse(s).unwrap()
    }

    fn size(g: &OctalPosition) -> (usize, usize, u32, u64) {
        let total = g.heaps.iter().map(|&h| h as u64).sum();
        (g.heaps.len(), g.code.digits.len(), g.code.bits(), total)
    }

    #[test]
    fn codes_read_and_print() {
        assert_eq!(code("0.77").digits(), [7, 7]);
        assert_eq!(code("0.137").to_string(), "0.137");
        assert_eq!(
            (code("0.07").digit(1), code("0.07").digit(2), code("0.07").digit(3)),
            (0, 7, 0)
        );
        assert_eq!(
            (code("0.70").reach(), code("0.0").reach(), code("0.137").reach()),
            (1, 0, 3)
        );
        assert_eq!(code(&format!("0.{}", "1".repeat(32))).digits().len(), 32);
        let err = |s: &str| OctalCode::parse(s).unwrap_err();
        assert!(
            err("0.78").contains("digit 2 after the point is `8`"),
            "{}",
            err("0.78")
        );
        assert!(err("0.9").contains("`9`"));
        assert!(err(".77").contains("starts with `0.`"));
        assert!(err("4.07").contains("not `4.`"));
        assert!(err("0.").contains("no digits"));
        assert!(err(&format!("0.{}", "7".repeat(33))).contains("33 digits"));
        assert!(err("0.7\u{410}").contains("`\\u{410}`"));
        assert!(err("\u{feff}0.77").contains("byte-order mark"));
    }

    #[test]
    fn simpler_codes_allow_fewer_moves() {
        let names = |c: &str| code(c).simpler().iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(names("0.77"), ["0.7", "0.37", "0.57", "0.67", "0.73", "0.75", "0.76"]);
        // Clearing the last digit's only bit drops it; one digit always stays.
        assert_eq!(names("0.14"), ["0.1", "0.04", "0.1"]);
        assert_eq!(names("0.1"), ["0.0"]);
        assert!(names("0.0").is_empty());
    }

    #[test]
    fn config_codes_from_strings_numbers_and_lists() {
        use serde::de::value::{Error, F64Deserializer, SeqDeserializer, StrDeserializer};
        let named = |s: &str| CodeChoice::Named(code(s));
        let text = |s: &str| Codes::deserialize(StrDeserializer::<Error>::new(s)).map_err(|e| e.to_string());
        let number = |x: f64| Codes::deserialize(F64Deserializer::<Error>::new(x)).map_err(|e| e.to_string());
        assert_eq!(text("0.77"), Ok(Codes(vec![named("0.77")])));
        assert_eq!(text("random"), Ok(Codes(vec![CodeChoice::Random])));
        // `--set code=0.137` reaches the family as a TOML float.
        assert_eq!(number(0.137), Ok(Codes(vec![named("0.137")])));
        assert_eq!(number(0.07), Ok(Codes(vec![named("0.07")])));
        let list = SeqDeserializer::<_, Error>::new(["0.07", "random", "0.4"].into_iter());
        assert_eq!(
            Codes::deserialize(list),
            Ok(Codes(vec![named("0.07"), CodeChoice::Random, named("0.4")]))
        );
        assert!(text("0.8").unwrap_err().contains("octal digits are 0 to 7"));
        assert!(number(0.777_777_777_777_777_7).unwrap_err().contains("as a string"));
        assert!(number(7.0).unwrap_err().contains("starts with `0.`"));
    }

    fn params(codes: &[&str], heaps: (u64, u64), n: (u64, u64)) -> OctalParams {
        OctalParams {
            code: Codes(
                codes
                    .iter()
                    .map(|c| {
                        if *c == "random" {
                            CodeChoice::Random
                        } else {
                            CodeChoice::Named(code(c))
                        }
                    })
                    .collect(),
            ),
            heaps: SizeRange::new(heaps.0, heaps.1),
            n: SizeRange::new(n.0, n.1),
            ..OctalParams::default()
        }
    }

    #[test]
    fn generated_instances_and_their_shrinks_are_valid() {
        let mut checked = 0;
        for seed in 0..2000u64 {
            let p = match seed % 4 {
                0 => OctalParams::default(),
                1 => params(&["random"], (1, 6), (0, 300)),
                2 => params(&["0.137", "0.07", "random"], (1, 1), (0, 0)),
                _ => params(&["0.77"], (2, 9), (990_000, 1_000_000)),
            };
            p.check().unwrap();
            let g = p.generate(&mut Rng::for_case(seed, 3));
            p.validate(&g).unwrap_or_else(|e| panic!("seed {seed}: {e}: {g:?}"));
            assert!(g.heaps.iter().all(|&h| (p.n.lo..=p.n.hi).contains(&(h as u64))));
            checked += check_shrinks(g, 3, 20, |g| p.shrink(g), |g| p.validate(g), size);
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn shapes_and_random_codes() {
        let mut rng = Rng::from_seed(5);
        let mut p = params(&["random"], (4, 4), (0, 1000));
        p.digits = SizeRange::new(2, 5);
        for shape in ALL_HEAP_SHAPES {
            p.shapes = vec![shape];
            for _ in 0..100 {
                let g = p.generate(&mut rng);
                assert!((2..=5).contains(&g.code.digits().len()) && g.code.reach() == g.code.digits().len());
                match shape {
                    HeapShape::Equal => assert!(g.heaps.iter().all(|&h| h == g.heaps[0])),
                    HeapShape::Top => assert!(g.heaps.iter().all(|&h| h >= 984)),
                    HeapShape::Uniform => {}
                }
            }
        }
    }

    #[test]
    fn shrinking_reaches_one_empty_heap_of_the_empty_code() {
        let p = params(&["random"], (1, 5), (0, 500));
        let mut rng = Rng::from_seed(8);
        for _ in 0..100 {
            let mut g = p.generate(&mut rng);
            let mut steps = 0;
            while let Some(c) = p.shrink(&g).into_iter().next() {
                g = c;
                steps += 1;
                assert!(steps < 200);
            }
            assert_eq!(g.heaps, [0]);
            assert_eq!(g.code.to_string(), "0.0");
        }
    }

    #[test]
    fn pinned_makes_one_instance() {
        let mut p = params(&["random", "0.137", "0.77"], (2, 5), (7, 90));
        let pinned = p.pinned().unwrap();
        pinned.check().unwrap();
        for seed in 0..20 {
            let g = pinned.generate(&mut Rng::from_seed(seed));
            assert_eq!((g.code.to_string(), g.heaps), ("0.137".to_string(), vec![7, 7]));
        }
        p.code = Codes(vec![CodeChoice::Random]);
        assert_eq!(p.pinned(), None);
    }

    #[test]
    fn check_names_the_key() {
        let bad = [
            (
                OctalParams {
                    n: SizeRange::new(0, MAX_HEAP as u64 + 1),
                    ..Default::default()
                },
                "`n`",
            ),
            (
                OctalParams {
                    heaps: SizeRange::new(0, 3),
                    ..Default::default()
                },
                "`heaps`",
            ),
            (
                OctalParams {
                    code: Codes(vec![]),
                    ..Default::default()
                },
                "`code`",
            ),
            (
                OctalParams {
                    digits: SizeRange::new(1, 33),
                    ..Default::default()
                },
                "`digits`",
            ),
            (
                OctalParams {
                    shapes: vec![],
                    ..Default::default()
                },
                "`shapes`",
            ),
        ];
        for (p, key) in bad {
            assert!(p.check().unwrap_err().contains(key), "{key}");
        }
    }
}
