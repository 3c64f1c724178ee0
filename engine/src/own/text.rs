//! Shrink moves on an input whose format is unknown: delta debugging over
//! lines, then over tokens, then integers lowered one at a time. Most
//! candidates of a count-prefixed format break it; the validator turns those
//! down, which costs a run each and nothing else.

/// Chunk sizes for delta debugging over `n` items: half, a quarter, ..., one.
pub fn chunks(n: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut k = n / 2;
    while k > 1 {
        out.push(k);
        k /= 2;
    }
    if n > 0 {
        out.push(1);
    }
    out
}

/// Values between `lo` and `v` to try in place of `v`, smallest first: `lo`,
/// half of `v`, halfway to `lo`, then `v` minus a half, a quarter, ... of
/// the distance, down to `v - 1`: a binary-search ladder, so a failure that
/// needs a value of some parity or residue still finds a smaller one. Empty
/// when `v <= lo`.
pub fn ladder(v: i64, lo: i64) -> Vec<i64> {
    let distance = v.saturating_sub(lo);
    let mut out = vec![lo, v / 2, lo.saturating_add(distance / 2)];
    let mut d = distance / 2;
    while d > 0 {
        out.push(v - d);
        d /= 2;
    }
    out.push(v.saturating_sub(1));
    out.retain(|&t| lo <= t && t < v);
    out.sort_unstable();
    out.dedup();
    out
}

/// The most bytes of candidate text one level builds: a level of a huge input
/// offers only its first candidates (`cap`), instead of a copy of the input per
/// line or token.
pub const CANDIDATE_BYTES: usize = 256 << 20;

/// How many candidates of about `text`'s length fit in [`CANDIDATE_BYTES`].
pub fn cap(text: &str) -> usize {
    (CANDIDATE_BYTES / text.len().max(1)).max(1)
}

fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

/// Lines joined back, ending with a newline as inputs do.
fn join_lines<'a>(lines: impl Iterator<Item = &'a str>) -> String {
    lines.map(|l| format!("{l}\n")).collect()
}

/// Delta debugging over lines: its chunk sizes.
pub fn line_levels(text: &str) -> Vec<usize> {
    chunks(lines(text).len())
}

/// Every way to drop `size` consecutive lines (aligned). When the first
/// line stays, each of its integers that could count the lines (`T`, or `m`
/// of `n m`) is also tried lowered by the number dropped, so count-prefixed
/// formats shrink without a spec.
pub fn drop_lines(text: &str, size: usize) -> Vec<String> {
    let all = lines(text);
    let head = all.first().copied().unwrap_or("");
    let mut out = Vec::new();
    for start in (0..all.len()).step_by(size.max(1)) {
        if out.len() >= cap(text) {
            break;
        }
        let end = (start + size).min(all.len());
        let rest = || all[end..].iter().copied();
        out.push(join_lines(all[..start].iter().copied().chain(rest())));
        if start == 0 {
            continue;
        }
        let dropped = (end - start) as i64;
        for (span, v) in integers(head) {
            if v >= dropped {
                let counted = format!("{}{}{}", &head[..span.start], v - dropped, &head[span.end..]);
                let kept = std::iter::once(counted.as_str()).chain(all[1..start].iter().copied());
                out.push(join_lines(kept.chain(rest())));
            }
        }
    }
    out
}

/// Every token with its line.
fn tokens(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .flat_map(|(l, line)| line.split_whitespace().map(move |t| (l, t)))
        .collect()
}

pub fn token_levels(text: &str) -> Vec<usize> {
    chunks(tokens(text).len())
}

/// Every way to drop `size` consecutive tokens (aligned); a line left
/// without tokens is dropped, the others have their tokens one space apart.
pub fn drop_tokens(text: &str, size: usize) -> Vec<String> {
    let all = tokens(text);
    (0..all.len())
        .step_by(size.max(1))
        .take(cap(text))
        .map(|start| {
            let end = (start + size).min(all.len());
            let mut out = String::new();
            let mut line = None;
            for &(l, t) in all[..start].iter().chain(&all[end..]) {
                match line {
                    Some(prev) if prev == l => out.push(' '),
                    Some(_) => out.push('\n'),
                    None => {}
                }
                out.push_str(t);
                line = Some(l);
            }
            if line.is_some() {
                out.push('\n');
            }
            out
        })
        .collect()
}

/// The byte spans of the integers written canonically (`-?[0-9]+`, no leading zero).
pub fn integers(text: &str) -> Vec<(std::ops::Range<usize>, i64)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                let word = &text[s..i];
                if let Ok(v) = word.parse::<i64>() {
                    if v.to_string() == word {
                        out.push((s..i, v));
                    }
                }
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// Integer `k` of the text moved toward zero along [`ladder`].
pub fn lower_integer(text: &str, k: usize) -> Vec<String> {
    let Some((span, v)) = integers(text).into_iter().nth(k) else {
        return vec![];
    };
    let targets: Vec<i64> = if v > 0 {
        ladder(v, 0)
    } else {
        ladder(v.saturating_neg(), 0).into_iter().map(|t| -t).collect()
    };
    targets
        .into_iter()
        .take(cap(text))
        .map(|t| format!("{}{t}{}", &text[..span.start], &text[span.end..]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_drop_in_halves_then_one_by_one() {
        let text = "a\nb\nc\nd\n";
        assert_eq!(line_levels(text), [2, 1]);
        assert_eq!(drop_lines(text, 2), ["c\nd\n", "a\nb\n"]);
        assert_eq!(drop_lines(text, 1)[1], "a\nc\nd\n");
    }

    #[test]
    fn a_count_on_the_first_line_follows_the_lines_dropped() {
        let text = "5 3\n1 2\n2 3\n3 4\n";
        assert_eq!(
            drop_lines(text, 2),
            ["2 3\n3 4\n", "5 3\n1 2\n", "3 3\n1 2\n", "5 1\n1 2\n"],
        );
    }

    #[test]
    fn a_huge_text_offers_only_the_candidates_that_fit_the_budget() {
        let line = "1 2 3 4 5 6 7 8\n";
        let text = line.repeat(CANDIDATE_BYTES / line.len() / 4 + 1);
        assert_eq!(cap(&text), 3);
        // Each dropped line also comes with the first line's integers lowered by one.
        for candidates in [drop_lines(&text, 1), drop_tokens(&text, 1)] {
            assert!((3..=3 + 8).contains(&candidates.len()), "{}", candidates.len());
        }
        assert!(lower_integer(&format!("1000000 {text}"), 0).len() <= 4);
    }

    #[test]
    fn the_ladder_runs_from_the_bound_up_to_one_less() {
        assert_eq!(ladder(6, 1), [1, 3, 4, 5]);
        assert_eq!(ladder(4, 1), [1, 2, 3]);
        assert_eq!(ladder(100, 0), [0, 50, 75, 88, 94, 97, 99]);
        assert!(ladder(3, 3).is_empty());
    }

    #[test]
    fn tokens_drop_and_empty_lines_go() {
        let text = "3\n1  2 3\n";
        assert_eq!(token_levels(text), [2, 1]);
        assert_eq!(drop_tokens(text, 1), ["1 2 3\n", "3\n2 3\n", "3\n1 3\n", "3\n1 2\n"]);
        assert_eq!(drop_tokens(text, 2), ["2 3\n", "3\n1\n"]);
    }

    #[test]
    fn integers_lower_in_place() {
        let text = "x 10\n-4 007 5\n";
        let ints: Vec<i64> = integers(text).into_iter().map(|(_, v)| v).collect();
        assert_eq!(ints, [10, -4, 5]);
        assert_eq!(
            lower_integer(text, 0),
            [
                "x 0\n-4 007 5\n",
                "x 5\n-4 007 5\n",
                "x 8\n-4 007 5\n",
                "x 9\n-4 007 5\n"
            ]
        );
        assert_eq!(
            lower_integer(text, 1),
            ["x 10\n0 007 5\n", "x 10\n-2 007 5\n", "x 10\n-3 007 5\n"]
        );
        assert!(lower_integer("0\n", 0).is_empty());
        assert_eq!(lower_integer("1\n", 0), ["0\n"]);
    }
}
