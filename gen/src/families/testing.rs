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
