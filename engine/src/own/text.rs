//! Shrink moves on an input whose format is unknown: delta debugging over
//! lines, then over tokens, then integers lowered one at a time. Where items
//! go, the integers that may count them (on the first line, on the line that
//! heads their block, before them on their own line) are also tried lowered
//! by as many. Most candidates of a count-prefixed format break it; the
//! validator turns those down, which costs a run each and nothing else.

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

/// Values below which a lowered integer tries every one: a failure that needs
/// a residue (19 fails, 17 and 18 pass, 5 fails) is stuck on a ladder alone.
pub const EVERY_BELOW: i64 = 16;

/// Values between `lo` and `v` to try in place of `v`, smallest first:
/// every one of the first [`EVERY_BELOW`] from `lo`, then the [`ladder`]'s
/// above them.
pub fn lowerings(v: i64, lo: i64) -> Vec<i64> {
    let every = lo.saturating_add(EVERY_BELOW).min(v);
    (lo..every)
        .chain(ladder(v, lo).into_iter().filter(|&t| t >= every))
        .collect()
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

/// How many integers at the start of a line are tried as the count of what is dropped.
const COUNTS_PER_LINE: usize = 3;

/// For each line, the nearest line above it whose token count differs from
/// its own: the head of its block (`n m` above the edges, `T` above the
/// heaps), where a count of its items usually stands.
fn heads(widths: &[usize]) -> Vec<Option<usize>> {
    let mut out: Vec<Option<usize>> = Vec::with_capacity(widths.len());
    for l in 0..widths.len() {
        let head = match l {
            0 => None,
            _ if widths[l - 1] != widths[l] => Some(l - 1),
            _ => out[l - 1],
        };
        out.push(head);
    }
    out
}

/// The lines whose integers may count items starting on line `at`: the head
/// of its block and the first line.
fn count_lines(heads: &[Option<usize>], at: usize) -> Vec<usize> {
    let mut out: Vec<usize> = heads[at].into_iter().chain((at > 0).then_some(0)).collect();
    out.dedup();
    out
}

/// `line` with integer `k` of it lowered by `by`, when it is at least `by`.
fn lowered(line: &str, k: usize, by: i64) -> Option<String> {
    let (span, v) = integers(line).into_iter().nth(k)?;
    (v >= by).then(|| format!("{}{}{}", &line[..span.start], v - by, &line[span.end..]))
}

/// Every way to drop `size` consecutive lines (aligned). When lines above
/// stay, each integer that could count the lines dropped (`T` on the first
/// line, `m` of `n m` heading the block) is also tried lowered by the number
/// dropped, so count-prefixed formats shrink without a spec.
pub fn drop_lines(text: &str, size: usize) -> Vec<String> {
    let all = lines(text);
    let widths: Vec<usize> = all.iter().map(|l| l.split_whitespace().count()).collect();
    let heads = heads(&widths);
    let mut out = Vec::new();
    for start in (0..all.len()).step_by(size.max(1)) {
        if out.len() >= cap(text) {
            break;
        }
        let end = (start + size).min(all.len());
        let rest = || all[end..].iter().copied();
        out.push(join_lines(all[..start].iter().copied().chain(rest())));
        let dropped = (end - start) as i64;
        for l in count_lines(&heads, start) {
            for k in 0..COUNTS_PER_LINE {
                let Some(counted) = lowered(all[l], k, dropped) else {
                    continue;
                };
                let above = all[..start].iter().enumerate();
                let kept = above.map(|(i, &line)| if i == l { counted.as_str() } else { line });
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

/// The tokens of a text written back, one space apart within a line, without
/// those in `gone`, and token `count` (if any) replaced by its text.
fn join_tokens(all: &[(usize, &str)], gone: std::ops::Range<usize>, count: Option<(usize, &str)>) -> String {
    let mut out = String::new();
    let mut line = None;
    for (i, &(l, t)) in all.iter().enumerate() {
        if gone.contains(&i) {
            continue;
        }
        match line {
            Some(prev) if prev == l => out.push(' '),
            Some(_) => out.push('\n'),
            None => {}
        }
        out.push_str(match count {
            Some((c, with)) if c == i => with,
            _ => t,
        });
        line = Some(l);
    }
    if line.is_some() {
        out.push('\n');
    }
    out
}

/// Every way to drop `size` consecutive tokens (aligned); a line left
/// without tokens is dropped, the others have their tokens one space apart.
/// Each integer that could count the tokens dropped (first on their line,
/// `n` of `n a1 .. an`; heading their block, `T` above a line of heaps; on
/// the first line) is also tried lowered by as many.
pub fn drop_tokens(text: &str, size: usize) -> Vec<String> {
    let all = tokens(text);
    let lines = all.last().map_or(0, |&(l, _)| l + 1);
    let mut first = vec![all.len(); lines];
    let mut widths = vec![0; lines];
    for (i, &(l, _)) in all.iter().enumerate() {
        first[l] = first[l].min(i);
        widths[l] += 1;
    }
    let heads = heads(&widths);
    let mut out = Vec::new();
    for start in (0..all.len()).step_by(size.max(1)) {
        if out.len() >= cap(text) {
            break;
        }
        let end = (start + size).min(all.len());
        out.push(join_tokens(&all, start..end, None));
        let line = all[start].0;
        let own = first[line]..start.min(first[line] + 1);
        let above = count_lines(&heads, line)
            .into_iter()
            .flat_map(|l| first[l]..first[l] + COUNTS_PER_LINE.min(widths[l]));
        for c in own.chain(above) {
            let Some(counted) = lowered(all[c].1, 0, (end - start) as i64) else {
                continue;
            };
            out.push(join_tokens(&all, start..end, Some((c, &counted))));
        }
    }
    out
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

/// Integer `k` of the text moved toward zero along [`lowerings`].
pub fn lower_integer(text: &str, k: usize) -> Vec<String> {
    let Some((span, v)) = integers(text).into_iter().nth(k) else {
        return vec![];
    };
    let targets: Vec<i64> = if v > 0 {
        lowerings(v, 0)
    } else {
        lowerings(v.saturating_neg(), 0).into_iter().map(|t| -t).collect()
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
        assert_eq!(
            drop_tokens(text, 1),
            [
                "1 2 3\n", "3\n2 3\n", "2\n2 3\n", "3\n1 3\n", "3\n0 3\n", "2\n1 3\n", "3\n1 2\n", "3\n0 2\n",
                "2\n1 2\n"
            ]
        );
        assert_eq!(drop_tokens(text, 2), ["2 3\n", "3\n1\n", "1\n1\n"]);
    }

    #[test]
    fn integers_lower_in_place() {
        let text = "x 10\n-4 007 5\n";
        let ints: Vec<i64> = integers(text).into_iter().map(|(_, v)| v).collect();
        assert_eq!(ints, [10, -4, 5]);
        assert_eq!(
            lower_integer(text, 0),
            (0..10).map(|v| format!("x {v}\n-4 007 5\n")).collect::<Vec<_>>()
        );
        assert_eq!(
            lower_integer(text, 1),
            [
                "x 10\n0 007 5\n",
                "x 10\n-1 007 5\n",
                "x 10\n-2 007 5\n",
                "x 10\n-3 007 5\n"
            ]
        );
        assert!(lower_integer("0\n", 0).is_empty());
        assert_eq!(lower_integer("1\n", 0), ["0\n"]);
    }

    #[test]
    fn lowering_tries_every_small_value_then_a_ladder() {
        assert_eq!(lowerings(19, 1), (1..17).chain([17, 18]).collect::<Vec<_>>());
        assert_eq!(lowerings(5, 1), [1, 2, 3, 4]);
        assert_eq!(lowerings(1000, 0)[..16], (0..16).collect::<Vec<_>>()[..]);
        assert_eq!(lowerings(1000, 0)[16..], [500, 750, 875, 938, 969, 985, 993, 997, 999]);
        assert!(lowerings(3, 3).is_empty());
    }

    #[test]
    fn a_count_heading_the_block_follows_the_lines_dropped() {
        // One case: `n m s`, then m edges; the count m stands on line 2, not line 1.
        let text = "1\n4 4 2\n1 2\n2 3\n3 1\n3 4\n";
        let got = drop_lines(text, 1);
        assert!(got.contains(&"1\n4 3 2\n1 2\n2 3\n3 1\n".to_string()), "{got:?}");
        assert!(got.contains(&"1\n4 3 2\n1 2\n3 1\n3 4\n".to_string()), "{got:?}");
    }

    #[test]
    fn a_token_goes_with_its_count_on_the_line_above_or_before_it() {
        let heaps = "3\n10 21 3\n";
        let got = drop_tokens(heaps, 1);
        assert!(got.contains(&"2\n10 3\n".to_string()), "{got:?}");
        assert!(got.contains(&"2\n21 3\n".to_string()), "{got:?}");
        let counted = "3 10 21 3\n";
        assert!(drop_tokens(counted, 1).contains(&"2 10 3\n".to_string()));
    }
}
