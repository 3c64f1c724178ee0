//! Value-lowering shrink moves: the smaller values worth trying in place of
//! an integer (a weight, a pile, a matrix entry) that must stay at or above a
//! floor.
//!
//! Four kinds of move, in the order they are most promising: straight to the
//! floor `lo`; halving (`v / 2`); the binary-search ladder `lo + (v - lo)/2`,
//! `lo + 3(v - lo)/4`, `lo + 7(v - lo)/8`, ..., `v - 1`; and minus one. With
//! `lo >= 0` they come out in ascending order, so the harness's greedy
//! shrinker, which keeps the first candidate that still fails, keeps the
//! smallest failing one. If a value fails exactly when it is at least some
//! `t`, each kept candidate then more than halves the distance to `t`: the
//! ladder's steps back from `v` are `ceil((v - lo) / 2^k)`, each at most
//! twice the next, so one of them lies in `(gap / 2, gap]`. Shrinking thus
//! ends at `t` after at most `log2(v - lo) + 1` kept steps, each trying
//! `O(log(v - lo))` candidates; halving and minus one alone would take up to
//! `v - t` steps. (Halving goes toward zero, so below a negative floor's
//! ladder rungs it may be kept first; that halves `v` itself, and at most
//! doubles the bound.)
//!
//! [`lowered_vectors`] lowers one position of a vector at a time, kind by
//! kind, with at most `limit` candidates per kind so a huge instance stays
//! within the shrink budget ([`crate::moves::CANDIDATE_BUDGET`]).

use std::fmt::Debug;

/// An integer type whose values can be lowered. Arithmetic is done in `i128`,
/// which holds every value of the implementing types.
pub trait Integer: Copy + Ord + Debug {
    fn to_i128(self) -> i128;
    /// Only called with values between two values of `Self`.
    fn from_i128(x: i128) -> Self;
}

macro_rules! integer {
    ($($t:ty),*) => {$(
        impl Integer for $t {
            fn to_i128(self) -> i128 {
                self as i128
            }

            fn from_i128(x: i128) -> Self {
                <$t>::try_from(x).expect("a value between two values of the type")
            }
        }
    )*};
}

integer!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// One kind of value-lowering move. Each gives values `x` with
/// `lo <= x < v`, and none when `v <= lo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lowering {
    /// The floor itself: `lo`.
    Floor,
    /// `v / 2` (rounded toward zero), if that is at least `lo` and below `v`.
    Half,
    /// The binary-search ladder toward `lo`: `v - ceil((v - lo) / 2^k)` for
    /// `k = 1, 2, ...`, that is `lo + (v - lo)/2`, `lo + 3(v - lo)/4`, ...,
    /// ending at `v - 1`; ascending, `O(log(v - lo))` values.
    Ladder,
    /// `v - 1`.
    Decrement,
}

/// Every kind, most promising first; with `lo >= 0` their values then come
/// out ascending.
pub const ALL_LOWERINGS: [Lowering; 4] = [Lowering::Floor, Lowering::Half, Lowering::Ladder, Lowering::Decrement];

/// The values one kind of move gives, ascending, with repeats of other kinds
/// left in.
fn kind_values(v: i128, lo: i128, kind: Lowering, out: &mut Vec<i128>) {
    if v <= lo {
        return;
    }
    match kind {
        Lowering::Floor => out.push(lo),
        Lowering::Half => {
            if (lo..v).contains(&(v / 2)) {
                out.push(v / 2);
            }
        }
        Lowering::Ladder => {
            let mut step = v - lo;
            while step > 1 {
                step = (step + 1) / 2;
                out.push(v - step);
            }
        }
        Lowering::Decrement => out.push(v - 1),
    }
}

/// The values the kinds in `kinds` give, kind by kind, each value once (at
/// the first kind that gives it): the candidates for one value, most
/// promising first. All lie in `[lo, v)`; none if `v <= lo`.
pub fn lowered_by<T: Integer>(v: T, lo: T, kinds: &[Lowering]) -> Vec<T> {
    let (v, lo) = (v.to_i128(), lo.to_i128());
    let mut out: Vec<i128> = Vec::new();
    let mut values = Vec::new();
    for &kind in kinds {
        values.clear();
        kind_values(v, lo, kind, &mut values);
        for &x in &values {
            if !out.contains(&x) {
                out.push(x);
            }
        }
    }
    out.into_iter().map(T::from_i128).collect()
}

/// Every value worth trying in place of `v` with floor `lo`: `lo`, `v / 2`,
/// the ladder up to `v - 1` (ascending when `lo >= 0`). Greedy shrinking over
/// these reaches the smallest failing value in `O(log(v - lo))` kept steps
/// (see the module doc).
pub fn lowered<T: Integer>(v: T, lo: T) -> Vec<T> {
    lowered_by(v, lo, &ALL_LOWERINGS)
}

/// Copies of `values` with one position lowered: for each kind in `kinds` in
/// turn, the positions in order, each with the values [`lowered_by`] gives it
/// for that kind and not for an earlier one. At most `limit` candidates per
/// kind, each a copy of `values`: `O(kinds.len() * limit * values.len())`
/// memory, plus one scan of `values` per kind.
pub fn lowered_vectors<T: Integer>(values: &[T], lo: T, kinds: &[Lowering], limit: usize) -> Vec<Vec<T>> {
    let mut out = Vec::new();
    for (k, &kind) in kinds.iter().enumerate() {
        let changes = (values.iter().enumerate())
            .filter(|&(_, &v)| v > lo)
            .flat_map(|(i, &v)| {
                let earlier = lowered_by(v, lo, &kinds[..k]);
                let mine = lowered_by(v, lo, &[kind]);
                mine.into_iter()
                    .filter(move |x| !earlier.contains(x))
                    .map(move |x| (i, x))
            });
        for (i, x) in changes.take(limit) {
            let mut lowered = values.to_vec();
            lowered[i] = x;
            out.push(lowered);
        }
    }
    out
}

/// Every value set to the smallest one, unless they are already all equal
/// (or there are none).
pub fn all_to_smallest<T: Integer>(values: &[T]) -> Option<Vec<T>> {
    let smallest = *values.iter().min()?;
    values
        .iter()
        .any(|&v| v != smallest)
        .then(|| vec![smallest; values.len()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Greedy shrinking of one value that fails iff it is at least `t`: the
    /// value reached and the number of kept steps.
    fn greedy(mut v: u64, lo: u64, t: u64, kinds: &[Lowering]) -> (u64, usize) {
        let mut steps = 0;
        while let Some(x) = lowered_by(v, lo, kinds).into_iter().find(|&x| x >= t) {
            v = x;
            steps += 1;
        }
        (v, steps)
    }

    #[test]
    fn candidates_by_hand() {
        // 100 - ceil(100 / 2^k) for k = 1, 2, ...: 50, 75, 87, 93, 96, 98, 99.
        assert_eq!(lowered(100u64, 0), vec![0, 50, 75, 87, 93, 96, 98, 99]);
        // 100 - ceil(99 / 2^k): the ladder's first rung is the half.
        assert_eq!(lowered(100u64, 1), vec![1, 50, 75, 87, 93, 96, 98, 99]);
        assert_eq!(lowered(7u32, 1), vec![1, 3, 4, 5, 6]);
        assert_eq!(lowered(2u64, 1), vec![1]);
        assert_eq!(lowered(1u64, 1), Vec::<u64>::new());
        assert_eq!(lowered(0u64, 1), Vec::<u64>::new());
        // Signed: halving goes toward zero, so it gives nothing at or below
        // zero, and with a negative floor it comes above the ladder's first
        // rungs.
        assert_eq!(lowered(-3i64, -10), vec![-10, -7, -5, -4]);
        assert_eq!(lowered(10i32, -10), vec![-10, 5, 0, 7, 8, 9]);
        assert_eq!(lowered(u64::MAX, 0)[..2], [0, u64::MAX / 2]);
        // The floor, the half, and 64 rungs `i64::MAX - 2^k` of which one
        // (k = 62) is the half: the whole 2^64 - 1 range in 65 values.
        assert_eq!(lowered(i64::MAX, i64::MIN).len(), 65);
        let [floor, half, ladder, minus] = ALL_LOWERINGS.map(|k| lowered_by(100u64, 1, &[k]));
        assert_eq!((floor, half, minus), (vec![1], vec![50], vec![99]));
        assert_eq!(ladder, vec![50, 75, 87, 93, 96, 98, 99]);
        // Later kinds skip what earlier ones gave, whatever the order.
        assert_eq!(
            lowered_by(4u64, 1, &[Lowering::Decrement, Lowering::Ladder]),
            vec![3, 2]
        );
    }

    #[test]
    fn strictly_smaller_never_below_the_floor_distinct_and_ascending() {
        let mut rng = Rng::from_seed(1);
        for case in 0..20_000 {
            let lo = if case % 2 == 0 {
                rng.below(4)
            } else {
                rng.below(1 << 40)
            };
            let v = lo + rng.below(if case % 3 == 0 { 40 } else { 1 << 50 });
            let all = lowered(v, lo);
            assert!(all.iter().all(|&x| lo <= x && x < v), "{v} {lo}: {all:?}");
            assert!(all.windows(2).all(|w| w[0] < w[1]), "{v} {lo}: {all:?}");
            assert_eq!(all.is_empty(), v == lo);
            if v > lo {
                assert_eq!((all[0], *all.last().unwrap()), (lo, v - 1));
            }
            let signed = lowered(v as i64 - (1 << 45), lo as i64 - (1 << 45));
            assert!(signed
                .iter()
                .all(|&x| lo as i64 - (1 << 45) <= x && x < v as i64 - (1 << 45)));
        }
    }

    #[test]
    fn the_ladder_reaches_any_target_in_logarithmic_steps() {
        for lo in [0u64, 1, 7] {
            for v in (lo..lo + 300).chain([1_000_000_000, u64::MAX / 3]) {
                let targets = (lo..=v.min(lo + 300)).chain([v / 3, v - v / 7, v]);
                for t in targets.filter(|&t| (lo..=v).contains(&t)) {
                    let (reached, steps) = greedy(v, lo, t, &ALL_LOWERINGS);
                    assert_eq!(reached, t, "{v} -> {t} from floor {lo}");
                    let log = 64 - (v - lo).leading_zeros() as usize;
                    assert!(steps <= log + 1, "{v} -> {t} from floor {lo}: {steps} steps");
                }
            }
        }
        // Without the ladder, minus one crawls.
        assert_eq!(
            greedy(1000, 1, 900, &[Lowering::Floor, Lowering::Half, Lowering::Decrement]),
            (900, 100)
        );
        // 1000 -> 937 -> 907 -> 903 -> 901 -> 900.
        assert_eq!(greedy(1000, 1, 900, &[Lowering::Floor, Lowering::Ladder]), (900, 5));
    }

    #[test]
    fn a_negative_floor_at_most_doubles_the_steps() {
        for v in -300i64..300 {
            for t in -300..=v {
                let mut x = v;
                let mut steps = 0;
                while let Some(y) = lowered(x, -300).into_iter().find(|&y| y >= t) {
                    x = y;
                    steps += 1;
                }
                assert_eq!(x, t);
                let log = 64 - (v + 300).leading_zeros() as usize;
                assert!(steps <= 2 * (log + 1), "{v} -> {t}: {steps} steps");
            }
        }
    }

    #[test]
    fn vectors_go_kind_by_kind_within_the_limit() {
        let kinds = [Lowering::Floor, Lowering::Half, Lowering::Decrement];
        let got = lowered_vectors(&[1u64, 2, 3, 4, 9], 1, &kinds, 10);
        let want: Vec<Vec<u64>> = vec![
            vec![1, 1, 3, 4, 9],
            vec![1, 2, 1, 4, 9],
            vec![1, 2, 3, 1, 9],
            vec![1, 2, 3, 4, 1],
            vec![1, 2, 3, 2, 9],
            vec![1, 2, 3, 4, 4],
            vec![1, 2, 2, 4, 9],
            vec![1, 2, 3, 3, 9],
            vec![1, 2, 3, 4, 8],
        ];
        assert_eq!(got, want);
        assert_eq!(lowered_vectors(&[1u64, 2, 3, 4, 9], 1, &kinds, 2), {
            let mut w = want.clone();
            w.remove(8);
            w.remove(3);
            w.remove(2);
            w
        });
        let ladder = lowered_vectors(&[0u8, 8, 8], 0, &[Lowering::Floor, Lowering::Ladder], 3);
        assert_eq!(
            ladder,
            vec![
                vec![0, 0, 8],
                vec![0, 8, 0],
                vec![0, 4, 8],
                vec![0, 6, 8],
                vec![0, 7, 8]
            ]
        );
        assert!(lowered_vectors::<u64>(&[], 0, &ALL_LOWERINGS, 5).is_empty());
        assert!(lowered_vectors(&[3u64, 3], 3, &ALL_LOWERINGS, 5).is_empty());
        // The same inputs give the same candidates in the same order.
        let mut rng = Rng::from_seed(2);
        let values: Vec<u64> = (0..50).map(|_| rng.range(1, 1 << 30)).collect();
        let once = lowered_vectors(&values, 1, &ALL_LOWERINGS, 40);
        assert_eq!(once, lowered_vectors(&values, 1, &ALL_LOWERINGS, 40));
        // Floor, half and ladder each fill their 40; minus one is the ladder's last rung.
        assert_eq!(once.len(), 40 * 3);
        for c in &once {
            let changed: Vec<usize> = (0..50).filter(|&i| c[i] != values[i]).collect();
            assert_eq!(changed.len(), 1);
            assert!((1..values[changed[0]]).contains(&c[changed[0]]));
        }
    }

    #[test]
    fn all_to_smallest_only_when_it_changes_something() {
        assert_eq!(all_to_smallest(&[3u64, 1, 2]), Some(vec![1, 1, 1]));
        assert_eq!(all_to_smallest(&[-2i32, 5]), Some(vec![-2, -2]));
        assert_eq!(all_to_smallest(&[4u64, 4]), None);
        assert_eq!(all_to_smallest::<u64>(&[]), None);
    }
}
