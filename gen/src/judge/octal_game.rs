//! `octal-game`: the code on the first line (`0.77`), then `k`, then `k` heap
//! sizes; answer: the Sprague-Grundy value of the sum.
//!
//! No judge sets this problem; the limits are chosen as a judge would:
//! `1 <= k <= 100 000`, `0 <= size <= 10^6`, a code of 1 to 32 octal digits
//! after `0.`.

use super::{push_line, push_values, within, Format, Framing, Identity, Resources};
use super::{Doc, Documented};
use crate::octal::{OctalCode, OctalPosition, MAX_DIGITS, MAX_HEAP, MAX_HEAPS};
use crate::text::{ParseError, Tokens};

pub struct Judge;

impl Format for Judge {
    type Case = OctalPosition;
    type Answer = u32;
    const ID: Identity = Identity {
        name: "octal-game",
        aliases: &[],
        about: "take-and-break games by octal code (0.77 Kayles, 0.137 Dawson's chess): SG of a row of heaps",
        limits: &[
            ("code digits", MAX_DIGITS as u64),
            ("k", MAX_HEAPS as u64),
            ("size", MAX_HEAP as u64),
        ],
        submitted: true,
        judge: Resources {
            time_ms: 1000,
            memory_mib: 256,
            stack: super::Stack::Unknown,
        },
        guarantee: "",
    };
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<OctalPosition, ParseError> {
        let word = t.word("code")?;
        let code = OctalCode::parse(word).map_err(|m| t.error("code", m))?;
        let k = t.usize("k", 1, MAX_HEAPS)?;
        let mut heaps = Vec::with_capacity(k.min(t.max_tokens_left()));
        for i in 1..=k {
            heaps.push(t.int("size", 0, MAX_HEAP as i64).map_err(within("heap", i))? as u32);
        }
        Ok(OctalPosition { code, heaps })
    }

    fn write_case(g: &OctalPosition, out: &mut String) {
        push_line(out, format_args!("{}", g.code));
        push_line(out, format_args!("{}", g.heaps.len()));
        push_values(out, &g.heaps);
    }

    fn read_answer(_: &OctalPosition, t: &mut Tokens) -> Result<u32, ParseError> {
        Ok(t.int("SG value", 0, u32::MAX as i64)? as u32)
    }

    fn write_answer(g: &u32, out: &mut String) {
        push_line(out, format_args!("{g}"));
    }
}

impl Documented for Judge {
    const DOC: Doc = Doc {
        rules:
            "A take-and-break game on a row of heaps, given by an octal code `0.d1d2..dk`: taking i tokens from one \
            heap is allowed when digit d_i's bits allow what is left (1: nothing, the heap had exactly i; 2: one \
            non-empty heap; 4: two non-empty heaps). A player who cannot move loses; print the Sprague-Grundy value \
            of the row (`0.77` is Kayles, `0.137` Dawson's chess).",
        input: "Line 1: the code, `0.` and 1 to 32 octal digits.\nLine 2: `k`, the number of heaps (1 <= k <= 100 \
            000).\nLine 3: the k heap sizes (0 <= size <= 10^6). No judge sets limits; these are judge-like.",
        output: "One integer: the Sprague-Grundy value of the sum of the heaps.",
        sample_input: "0.77\n2\n3 4\n",
        sample_output: "2\n",
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_back() {
        let text = "0.137\n3\n0 5 1000000\n";
        let cases = Judge::read_input(text).unwrap();
        assert_eq!(cases[0].code.to_string(), "0.137");
        assert_eq!(cases[0].heaps, [0, 5, 1_000_000]);
        assert_eq!(Judge::write_input(&cases), text);
        assert_eq!(Judge::read_output(&cases, "7\n").unwrap(), [7]);
        // Whitespace is free, as judges read it.
        assert_eq!(Judge::read_input("0.77 2 1\n2").unwrap()[0].heaps, [1, 2]);
    }

    #[test]
    fn bad_inputs_name_line_and_field() {
        let err = |text: &str| Judge::read_input(text).unwrap_err();
        for (text, message) in [
            ("0.78\n1\n1\n", "digit 2 after the point is `8`"),
            ("0.79\n1\n1\n", "`9`"),
            ("77\n1\n1\n", "starts with `0.`"),
            ("1.07\n1\n1\n", "starts with `0.`"),
            ("0.\n1\n1\n", "no digits after the point"),
        ] {
            let e = err(text);
            assert_eq!((e.line, e.field.as_str()), (1, "code"), "{e}");
            assert!(e.message.contains(message), "{e}");
        }
        let e = err(&format!("0.{}\n1\n1\n", "7".repeat(33)));
        assert!(
            e.message.contains("33 digits") && e.message.contains("at most 32"),
            "{e}"
        );
        let e = err("0.77\n0\n");
        assert_eq!((e.line, e.field.as_str()), (2, "k"), "{e}");
        assert!(e.message.contains("0 is out of range 1..=100000"), "{e}");
        let e = err("0.77\n2\n5 1000001\n");
        assert_eq!((e.line, e.field.as_str()), (3, "heap 2: size"), "{e}");
        let e = err("0.77\n2\n-1 3\n");
        assert_eq!(e.field, "heap 1: size", "{e}");
        let e = err("0.77\n2\n1\n");
        assert_eq!(e.field, "heap 2: size", "{e}");
        assert!(err("").message.contains("input ended"));
    }
}
