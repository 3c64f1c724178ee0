//! Even splitting (`jiangnan-le`) solvers against the rules, on every small
//! instance, and the deliberately wrong ones' smallest counterexamples.
//!
//! The reference is [`rules`], written here from the rules alone (the `brute`
//! crate is not a dependency of `solvers`): the mex over every `M` of the XOR
//! of the `M` piles. Piles below `F` cannot move, so for piles up to `x`
//! every `F > x` plays alike: `F` in `1..=x + 1` covers every case.

use gen::even_split::EvenSplit;
use gen::Rng;
use solvers::even_split::{first_wins, first_wins_reachable, grundy_table, wrong};

type Solver = fn(&EvenSplit) -> Vec<bool>;

/// The SG values of piles `0..=max` from the rules: every `M` in `2..=x`, the
/// value of `M - r` piles of `q` and `r` of `q + 1` being the XOR of them all.
fn rules(f: u32, max: u32) -> Vec<u32> {
    let mut g = vec![0u32; max as usize + 1];
    for x in f.max(1)..=max {
        let mut options = Vec::new();
        for m in 2..=x {
            let (q, r) = (x / m, x % m);
            let piles = std::iter::repeat_n(q, (m - r) as usize).chain(std::iter::repeat_n(q + 1, r as usize));
            options.push(piles.fold(0, |acc, p| acc ^ g[p as usize]));
        }
        g[x as usize] = (0..).find(|v| !options.contains(v)).unwrap();
    }
    g
}

fn one_pile(f: u32, a: u32) -> EvenSplit {
    EvenSplit {
        f,
        games: vec![vec![a]],
    }
}

#[test]
fn rules_know_the_hand_values() {
    // brute::even_split's hand values: F = 1 gives 0, 1, 2, 2, 2; F = 3
    // gives 0, 0, 1, 1, 2 (4 splits into 2+2, 1+1+2 or four 1s, all 0; the
    // judge sample: 1, 2 lose, 3, 5 win).
    assert_eq!(&rules(1, 5)[1..], [0, 1, 2, 2, 2]);
    assert_eq!(&rules(3, 5)[1..], [0, 0, 1, 1, 2]);
}

#[test]
fn the_table_is_the_rules_for_every_small_f() {
    const MAX: u32 = 400;
    for f in 1..=MAX + 1 {
        assert_eq!(grundy_table(f, MAX), rules(f, MAX), "F = {f}");
    }
}

#[test]
fn both_solvers_on_every_pair_of_small_piles_and_random_sums() {
    const MAX: u32 = 40;
    for f in 1..=MAX + 1 {
        let g = rules(f, MAX);
        let games: Vec<Vec<u32>> = (1..=MAX).flat_map(|a| (a..=MAX).map(move |b| vec![a, b])).collect();
        let want: Vec<bool> = games.iter().map(|p| g[p[0] as usize] != g[p[1] as usize]).collect();
        for chunk in (0..games.len()).step_by(99) {
            let end = (chunk + 99).min(games.len());
            let s = EvenSplit {
                f,
                games: games[chunk..end].to_vec(),
            };
            assert_eq!(first_wins(&s), want[chunk..end], "F = {f}");
            assert_eq!(first_wins_reachable(&s), want[chunk..end], "F = {f}");
        }
    }
    let g: Vec<Vec<u32>> = (1..=31).map(|f| rules(f, 300)).collect();
    let mut rng = Rng::from_seed(3235);
    for _ in 0..300 {
        let f = rng.range(1, 31) as u32;
        let games: Vec<Vec<u32>> = (0..rng.range(1, 99))
            .map(|_| (0..rng.range(1, 99)).map(|_| rng.range(1, 300) as u32).collect())
            .collect();
        let want: Vec<bool> = (games.iter())
            .map(|p| p.iter().fold(0, |acc, &a| acc ^ g[f as usize - 1][a as usize]) != 0)
            .collect();
        let s = EvenSplit { f, games };
        assert_eq!(first_wins(&s), want);
        assert_eq!(first_wins_reachable(&s), want);
    }
}

/// The smallest single-pile instance (pile size first, then `F`) on which
/// `solve` is wrong, after checking that it is right on every instance of
/// one, two or three piles all smaller than that pile, for every `F`.
fn first_failure(solve: Solver) -> EvenSplit {
    for a in 1..=200u32 {
        for f in 1..=a + 1 {
            let truth = rules(f, a)[a as usize] != 0;
            let s = one_pile(f, a);
            if solve(&s) != [truth] {
                for f in 1..=a {
                    let g = rules(f, a - 1);
                    let small = 1..a;
                    let games: Vec<Vec<u32>> = small
                        .clone()
                        .flat_map(|x| small.clone().flat_map(move |y| (y..a).map(move |z| vec![x, y, z])))
                        .chain(small.clone().flat_map(|x| (x..a).map(move |y| vec![x, y])))
                        .chain(small.clone().map(|x| vec![x]))
                        .collect();
                    for chunk in games.chunks(99) {
                        let want: Vec<bool> = chunk
                            .iter()
                            .map(|p| p.iter().fold(0, |acc, &x| acc ^ g[x as usize]) != 0)
                            .collect();
                        let below = EvenSplit {
                            f,
                            games: chunk.to_vec(),
                        };
                        assert_eq!(solve(&below), want, "wrong below the minimum, F = {f}");
                    }
                }
                return s;
            }
        }
    }
    panic!("no failure with piles up to 200");
}

#[test]
fn wrong_solvers_fail_first_at_their_documented_minimum() {
    let cases: [(&str, Solver, u32, u32); 3] = [
        ("halves_only", wrong::halves_only, 3, 1),
        ("one_per_block", wrong::one_per_block, 3, 1),
        ("strict_bound", wrong::strict_bound, 2, 2),
    ];
    for (name, solve, pile, f) in cases {
        let s = first_failure(solve);
        eprintln!("{name}: first wrong on F = {}, piles {:?}", s.f, s.games);
        assert_eq!((s.games[0][0], s.f), (pile, f), "{name}");
    }
}
