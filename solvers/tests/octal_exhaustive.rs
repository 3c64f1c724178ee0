//! Octal game solvers against the rules on every short code, and the
//! deliberately wrong ones' smallest counterexamples.
//!
//! The reference is [`rules`], written here from the rules alone (the `brute`
//! crate is not a dependency of `solvers`): the set of every option's value,
//! then its mex. A heap of `n` only uses digits `d_1 .. d_n`, so for heaps up
//! to `n` the codes of at most `n` digits are every game there is.

use std::collections::HashSet;

use gen::octal::{OctalCode, OctalPosition};
use solvers::octal::{grundy, plain_grundy, plain_values, wrong, Values};

type Solver = fn(&OctalPosition) -> u32;

/// `g(0..=max)` from the rules.
fn rules(code: &OctalCode, max: usize) -> Vec<u32> {
    let mut g = vec![0u32; max + 1];
    for n in 1..=max {
        let mut options = HashSet::new();
        for i in 1..=n {
            let d = code.digit(i);
            if d & 1 != 0 && n == i {
                options.insert(0);
            }
            if d & 2 != 0 && n > i {
                options.insert(g[n - i]);
            }
            if d & 4 != 0 {
                for a in 1..n - i {
                    options.insert(g[a] ^ g[n - i - a]);
                }
            }
        }
        g[n] = (0..).find(|v| !options.contains(v)).unwrap();
    }
    g
}

/// Every code of `len` digits.
fn codes(len: usize) -> Vec<OctalCode> {
    (0..8usize.pow(len as u32))
        .map(|k| OctalCode::new((0..len).map(|i| (k >> (3 * i) & 7) as u8).collect()))
        .collect()
}

fn one(code: &OctalCode, heaps: &[u32]) -> OctalPosition {
    OctalPosition {
        code: code.clone(),
        heaps: heaps.to_vec(),
    }
}

#[test]
fn rules_know_the_hand_values() {
    // See brute::octal: Kayles starts 0, 1, 2, 3, 1; 0.4 starts 0, 0, 0, 1, 1, 2.
    let code = |s: &str| OctalCode::parse(s).unwrap();
    assert_eq!(rules(&code("0.77"), 4), [0, 1, 2, 3, 1]);
    assert_eq!(rules(&code("0.4"), 5), [0, 0, 0, 1, 1, 2]);
    assert_eq!(rules(&code("0.333"), 9), [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]);
}

#[test]
fn every_code_of_up_to_three_digits() {
    // 584 codes, past two checkpoints (64 and 128): both the direct and the
    // sparse search run, and periods are proven for many.
    for len in 1..=3 {
        for code in codes(len) {
            let want = rules(&code, 160);
            assert_eq!(plain_values(&code, 160), want, "{code}");
            let fast = Values::compute(&code, 160);
            assert!((0..=160).all(|n| fast.get(n) == want[n]), "{code}");
            assert_eq!(grundy(&one(&code, &[160, 77, 3])), want[160] ^ want[77] ^ want[3]);
            assert_eq!(plain_grundy(&one(&code, &[160, 160])), 0);
        }
    }
}

/// The first single-heap instance, by heap size, then code length, then
/// move bits, on which `solve` is wrong, after checking that it is right on
/// every instance of one or two smaller heaps under every code of at most 3
/// digits.
fn first_failure(solve: Solver) -> OctalPosition {
    let mut by_size: Vec<OctalCode> = (1..=3).flat_map(codes).collect();
    by_size.sort_by_key(|c| (c.digits().len(), c.bits()));
    for h in 0..=12u32 {
        for code in by_size.iter().filter(|c| c.digits().len() <= (h as usize).max(1)) {
            let g = rules(code, h as usize);
            if solve(&one(code, &[h])) == g[h as usize] {
                continue;
            }
            for code in &by_size {
                let g = rules(code, h as usize);
                for a in 0..h {
                    assert_eq!(solve(&one(code, &[a])), g[a as usize], "{code} heap {a}");
                    for b in 0..=a {
                        let want = g[a as usize] ^ g[b as usize];
                        assert_eq!(solve(&one(code, &[a, b])), want, "{code} heaps {a} {b}");
                    }
                }
            }
            return one(code, &[h]);
        }
    }
    panic!("no failure with heaps up to 12");
}

#[test]
fn wrong_solvers_fail_first_at_their_documented_minimum() {
    let cases: [(&str, Solver, &str, u32); 2] = [
        ("no_splits", wrong::no_splits, "0.4", 3),
        ("early_period", wrong::early_period, "0.2", 2),
    ];
    for (name, solve, code, heap) in cases {
        let g = first_failure(solve);
        eprintln!("{name}: first wrong on code {}, heaps {:?}", g.code, g.heaps);
        assert_eq!((g.code.to_string(), g.heaps), (code.to_string(), vec![heap]), "{name}");
    }
}

/// `g(0..=max)` by the plain `O(max^2)` mex, as fast as the rules allow
/// without any theorem: every option of every heap marked with the heap's
/// stamp, then the first value not marked.
fn plain_mex(code: &OctalCode, max: usize) -> Vec<u32> {
    let mut g = vec![0u32; max + 1];
    let mut mark = vec![0usize; 2 * max + 2];
    for n in 1..=max {
        for i in 1..=n.min(code.digits().len()) {
            let d = code.digit(i);
            if d & 1 != 0 && n == i {
                mark[0] = n;
            }
            if d & 2 != 0 && n > i {
                mark[g[n - i] as usize] = n;
            }
            if d & 4 != 0 {
                for a in 1..=(n - i) / 2 {
                    mark[(g[a] ^ g[n - i - a]) as usize] = n;
                }
            }
        }
        g[n] = mark.iter().position(|&m| m != n).unwrap() as u32;
    }
    g
}

#[test]
fn plain_mex_agrees_with_the_rules() {
    for code in (1..=2).flat_map(codes) {
        assert_eq!(plain_mex(&code, 40), rules(&code, 40), "{code}");
    }
}

/// The engine against the plain mex on heaps up to 2 000: every code of up to
/// three digits, and every 7th code of four (586 of them; 7 is prime to 8,
/// so every digit takes every value), past the checkpoints where masks are
/// chosen (64 to 1024).
#[test]
#[cfg_attr(debug_assertions, ignore = "a billion pairs for the plain mex: run with --release")]
fn the_sparse_engine_is_the_plain_mex_up_to_2000() {
    let four = codes(4).into_iter().step_by(7);
    for code in (1..=3).flat_map(codes).chain(four) {
        let want = plain_mex(&code, 2000);
        let fast = Values::compute(&code, 2000);
        if let Some(n) = (0..=2000).find(|&n| fast.get(n) != want[n]) {
            panic!("{code}: heap {n} is worth {}, the engine says {}", want[n], fast.get(n));
        }
    }
}
