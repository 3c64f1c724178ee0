//! Wythoff solvers against each other, and the wrong ones' smallest
//! counterexamples proven.
//!
//! The right answer here is [`first_wins`] (exact integer comparisons), which
//! the isqrt and greedy references must match wherever they reach; brute
//! checks all three against the rules in the harness's tests (`brute` is not
//! a dependency of `solvers`). The floating-point solver is proven wrong
//! exactly where its floor of `kφ` is, by checking that floor for every `k`
//! the judge's limits allow.

use gen::wythoff::{near_integer_multipliers, MAX_PILE};
use gen::Rng;
use solvers::wythoff::wrong::{float_phi, nim};
use solvers::wythoff::{first_wins, first_wins_isqrt, floor_k_phi, is_floor_k_phi, LosingPairs};

/// Every `k <= SCANNED` where the `f64` floor of `kφ` is off, found by the
/// scan below; the last has its pair past the judge's limits.
const SCANNED: u64 = 400_000_000;
const FLOAT_WRONG_AT: [u64; 15] = [
    102_334_155,
    141_422_324,
    180_510_493,
    204_668_310,
    219_598_662,
    243_756_479,
    267_914_296,
    282_844_648,
    307_002_465,
    321_932_817,
    336_863_169,
    346_090_634,
    361_020_986,
    370_248_451,
    385_178_803,
];

#[test]
fn greedy_pairs_are_the_isqrt_pairs() {
    for (k, (a, b)) in LosingPairs::new().take(3_000_000).enumerate() {
        let k = k as u64;
        assert_eq!((a, b), (floor_k_phi(k), floor_k_phi(k) + k), "k = {k}");
        assert!(is_floor_k_phi(a, k) && !is_floor_k_phi(a + 1, k) && (a == 0 || !is_floor_k_phi(a - 1, k)));
    }
}

#[test]
fn fast_and_isqrt_agree_around_every_kind_of_losing_pair() {
    let mut rng = Rng::from_seed(1);
    let random = (0..200_000).map(|_| rng.below(390_000_000));
    let ks: Vec<u64> = (0..100_000)
        .chain(random)
        .chain(near_integer_multipliers().iter().copied())
        .chain(FLOAT_WRONG_AT)
        .collect();
    for k in ks {
        let a = floor_k_phi(k);
        for (da, db) in [(0, 0), (1, 1), (1, 0), (0, 1), (2, 2)] {
            for (x, y) in [(a + da, a + k + db), (a + k + db, a + da)] {
                assert_eq!(first_wins(x, y), first_wins_isqrt(x, y), "({x}, {y})");
                assert_eq!(first_wins(x, y), (da, db) != (0, 0), "({x}, {y})");
            }
            if a >= 1 {
                assert!(first_wins(a - 1, a - 1 + k) && first_wins_isqrt(a - 1, a + k));
            }
        }
    }
    for _ in 0..1_000_000 {
        let (x, y) = (rng.range(0, MAX_PILE), rng.range(0, MAX_PILE));
        assert_eq!(first_wins(x, y), first_wins_isqrt(x, y), "({x}, {y})");
    }
}

#[test]
fn playing_nim_fails_first_at_1_1() {
    // Every position with a + b < 2, and the smaller ones with a + b = 2.
    for (a, b) in [(0, 0), (0, 1), (1, 0), (0, 2)] {
        assert_eq!(nim(a, b), first_wins(a, b), "({a}, {b})");
    }
    assert!(nim(1, 1) != first_wins(1, 1));
    assert!(!nim(1, 1));
}

/// `(sqrt(5) + 1) / 2` in `f64`: the same double as the literal.
const PHI: f64 = 1.618_033_988_749_895;

#[test]
fn floating_point_phi_fails_only_at_14_multipliers_first_at_f40() {
    assert_eq!((5f64.sqrt() + 1.0) / 2.0, PHI);
    // float_phi(a, b) says "loses" iff min = f(k), the truth iff min =
    // floor(kφ), k = |a - b|: they differ exactly where f(k) != floor(kφ),
    // at min in {f(k), floor(kφ)}. Every k with a pair within the judge's
    // limits is checked: past SCANNED, min + k > 10^9 + 1 for both.
    assert!(floor_k_phi(SCANNED) + SCANNED > MAX_PILE + 1);
    let wrong: Vec<u64> = (0..=SCANNED)
        .filter(|&k| !is_floor_k_phi((k as f64 * PHI).floor() as u64, k))
        .collect();
    assert_eq!(wrong, FLOAT_WRONG_AT);
    let within: Vec<u64> = wrong
        .iter()
        .copied()
        .filter(|&k| floor_k_phi(k) + k <= MAX_PILE)
        .collect();
    assert_eq!(within.len(), 14);
    let near = near_integer_multipliers();
    for &k in &wrong {
        // Always rounded up, to the integer just above kφ; and where the
        // generator looks.
        assert_eq!((k as f64 * PHI).floor() as u64, floor_k_phi(k) + 1, "k = {k}");
        assert!(near.contains(&k) || k > *near.last().unwrap(), "k = {k}");
    }
    // The counterexamples are (x, x + k) in either order, x in {floor(kφ),
    // floor(kφ) + 1}: smallest sum 2 floor(kφ) + k at the smallest k.
    let k = wrong[0];
    let (a, b) = (floor_k_phi(k), floor_k_phi(k) + k);
    assert_eq!((k, a, b), (102_334_155, 165_580_140, 267_914_295));
    for (x, y) in [(a, b), (b, a), (a + 1, b + 1), (b + 1, a + 1)] {
        assert_ne!(float_phi(x, y), first_wins(x, y), "({x}, {y})");
    }
    for (x, y) in [
        (a - 1, b - 1),
        (a + 2, b + 2),
        (a + 1, b),
        (a, b + 1),
        (0, k),
        (0, 0),
        (8, 4),
    ] {
        assert_eq!(float_phi(x, y), first_wins(x, y), "({x}, {y})");
    }
}
