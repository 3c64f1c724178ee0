//! "Did you mean ...?" for names a user typed: problems, solvers, configs.
//! Here in `gen` so that both `harness` and `solve` reach it.

/// The hint line for an unknown `name`: the closest known names when any is
/// close, else where to find them all.
pub fn hint<'a>(name: &str, known: impl IntoIterator<Item = &'a str>, list_them: &str) -> String {
    let close = closest(name, known);
    if close.is_empty() {
        format!("run `{list_them}` to see them all")
    } else {
        let names: Vec<String> = close.iter().map(|c| format!("`{c}`")).collect();
        format!("did you mean {}?", names.join(" or "))
    }
}

/// Known names within a small edit distance of `name` (a typo, a dropped
/// suffix), nearest first, at most three.
pub fn closest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let lower = name.to_ascii_lowercase();
    let mut scored: Vec<(usize, &str)> = known
        .into_iter()
        .filter_map(|k| {
            let d = strsim::levenshtein(&lower, &k.to_ascii_lowercase());
            let prefix = k.starts_with(&lower) || lower.starts_with(k);
            let near = d <= (k.len().max(lower.len()) / 3).max(1) || (prefix && lower.len() >= 3);
            near.then_some((d, k))
        })
        .collect();
    scored.sort();
    scored.dedup_by_key(|(_, k)| *k);
    scored.into_iter().take(3).map(|(_, k)| k).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_find_their_name_and_strangers_find_none() {
        let known = ["cactus", "cactus-poj", "tree", "tree-big", "multigraph"];
        assert_eq!(closest("cactsu", known), ["cactus"]);
        assert_eq!(closest("multigrph", known), ["multigraph"]);
        assert_eq!(closest("tre", known)[0], "tree");
        assert!(closest("zzzzzz", known).is_empty());
        assert!(hint("zzzzzz", known, "harness list").contains("harness list"));
        assert_eq!(hint("cactsu", known, "harness list"), "did you mean `cactus`?");
    }
}
