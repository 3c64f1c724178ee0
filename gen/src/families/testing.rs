//! Checks shared by the generator families' tests.

use std::fmt::Debug;

/// Follows shrink candidates `levels` deep, keeping about `width` per level
/// spread over all kinds of move, and checks that each candidate is valid and
/// strictly smaller (by `key`) than its source. Returns how many were checked.
pub fn check_shrinks<T: Debug, K: PartialOrd + Debug>(
    start: T,
    levels: usize,
    width: usize,
    shrink: impl Fn(&T) -> Vec<T>,
    validate: impl Fn(&T) -> Result<(), String>,
    key: impl Fn(&T) -> K,
) -> usize {
    let mut checked = 0;
    let mut frontier = vec![start];
    for _ in 0..levels {
        let mut next = Vec::new();
        for from in &frontier {
            for c in shrink(from) {
                if let Err(e) = validate(&c) {
                    panic!("invalid shrink candidate: {e}\n{c:?}\nfrom {from:?}");
                }
                assert!(key(&c) < key(from), "{c:?} is not smaller than {from:?}");
                checked += 1;
                next.push(c);
            }
        }
        let step = (next.len() / width.max(1)).max(1);
        frontier = next.into_iter().step_by(step).collect();
    }
    checked
}

/// Lists `space` twice and checks what every exhaustive enumeration
/// promises: the same instances in the same order both times, as many as an
/// exact count says (at most an upper bound), each valid, sizes (by `size`)
/// never decreasing, no two the same (by `key`, a canonical form computed
/// independently of the enumerator). Returns the instances.
pub fn check_space<I: Debug + PartialEq + 'static, S: PartialOrd + Debug, K: Ord + Debug>(
    space: &crate::Space<I>,
    size: impl Fn(&I) -> S,
    validate: impl Fn(&I) -> Result<(), String>,
    key: impl Fn(&I) -> K,
) -> Vec<I> {
    let all: Vec<I> = space.instances().collect();
    let again: Vec<I> = space.instances().collect();
    assert!(again == all, "{} lists differently the second time", space.what);
    match space.count() {
        crate::Count::Exact(n) => assert_eq!(all.len() as u128, n, "{}", space.what),
        crate::Count::AtMost(n) => assert!(all.len() as u128 <= n, "{}", space.what),
    }
    for (i, x) in all.iter().enumerate() {
        if let Err(e) = validate(x) {
            panic!("instance {i} of {} is invalid: {e}\n{x:?}", space.what);
        }
        if i > 0 {
            assert!(size(&all[i - 1]) <= size(x), "{:?} before {:?}", all[i - 1], x);
        }
    }
    let mut keys: Vec<K> = all.iter().map(key).collect();
    keys.sort();
    if let Some(w) = keys.windows(2).find(|w| w[0] == w[1]) {
        panic!("two instances of {} share the canonical form {:?}", space.what, w[0]);
    }
    all
}

/// `case` written as the judge's input file and read back.
pub fn judge_round_trip<F: crate::judge::Format>(case: &F::Case) -> F::Case
where
    F::Case: Clone,
{
    let text = F::write_input(std::slice::from_ref(case));
    let mut read = F::read_input(&text).unwrap_or_else(|e| panic!("the judge rejects its own text: {e:?}\n{text}"));
    assert_eq!(read.len(), 1);
    read.remove(0)
}
