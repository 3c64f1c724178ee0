//! Speed of the exhaustive enumerators alone: instances per second per
//! family at a stated bound, and rooted and free trees beside nauty's
//! `gentreeg` where it is installed (`apt-get install -y nauty`).
//!
//! `cargo run --release -p gen --example enumerate`

use std::process::Command;
use std::time::Instant;

use gen::enumerate::trees::{FreeTrees, RootedTrees};
use gen::{Family, SizeRange};

/// Lists `space` once, printing its count, time and rate.
fn row<F: Family>(name: &str, p: F) {
    let space = match p.exhaust() {
        Ok(s) => s,
        Err(e) => return println!("{name:<18} cannot enumerate: {e}"),
    };
    let start = Instant::now();
    let listed = space.instances().count();
    let took = start.elapsed().as_secs_f64();
    println!(
        "{name:<18} {:>10} in {:>7.3} s = {:>12.0}/s  {}",
        listed,
        took,
        listed as f64 / took,
        space.claim()
    );
}

fn range(lo: u64, hi: u64) -> SizeRange {
    SizeRange::new(lo, hi)
}

/// Level sequences only, no graph built: the enumerator's own speed.
fn level_sequences(n: usize, free: bool) -> (u64, f64) {
    let start = Instant::now();
    let mut count = 0u64;
    if free {
        let mut all = FreeTrees::new(n);
        while all.advance().is_some() {
            count += 1;
        }
    } else {
        let mut all = RootedTrees::new(n);
        while all.advance().is_some() {
            count += 1;
        }
    }
    (count, start.elapsed().as_secs_f64())
}

/// `gentreeg -u n`: nauty counts the free trees without writing them
/// (Debian names it `nauty-gentreeg`).
fn gentreeg(n: usize) -> Option<(u64, f64)> {
    let start = Instant::now();
    let out = ["gentreeg", "nauty-gentreeg"]
        .iter()
        .find_map(|name| Command::new(name).args(["-u", &n.to_string()]).output().ok())?;
    let took = start.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&out.stderr);
    let count = text.split_whitespace().find_map(|w| w.parse::<u64>().ok())?;
    Some((count, took))
}

fn main() {
    println!("Trees, level sequences only (no graph built):");
    for n in [16usize, 18, 20, 22] {
        let (rooted, t) = level_sequences(n, false);
        println!(
            "  rooted n = {n}: {rooted:>10} in {t:>7.3} s = {:>12.0}/s",
            rooted as f64 / t
        );
    }
    for n in [18usize, 20, 22] {
        let (free, t) = level_sequences(n, true);
        print!(
            "  free   n = {n}: {free:>10} in {t:>7.3} s = {:>12.0}/s",
            free as f64 / t
        );
        match gentreeg(n) {
            Some((count, g)) => println!("   gentreeg -u: {count} in {g:.3} s = {:.0}/s", count as f64 / g),
            None => println!("   (gentreeg not installed: apt-get install -y nauty)"),
        }
    }
    println!("\nWhole instances per family (the Space's iterator, instances built):");
    use gen::families::*;
    row(
        "tree-game",
        tree::TreeParams {
            n: range(1, 16),
            ..Default::default()
        },
    );
    row(
        "forest-game",
        weighted_tree::WeightedTreeParams {
            n: range(1, 9),
            max_weight: 3,
            ..Default::default()
        },
    );
    row(
        "combat-on-a-tree",
        coloured_tree::ColouredTreeParams {
            n: range(1, 11),
            ..Default::default()
        },
    );
    row(
        "green-hackenbush",
        multigraph::MultigraphParams {
            n: range(1, 5),
            m: range(0, 7),
            ..Default::default()
        },
    );
    row(
        "christmas-game",
        cactus::CactusParams {
            graphs: range(1, 2),
            n: range(1, 5),
            ..Default::default()
        },
    );
    row(
        "dag-game",
        dag::DagParams {
            n: range(1, 6),
            max_weight: 1,
            ..Default::default()
        },
    );
    row(
        "election-promises",
        valued_dag::ValuedDagParams {
            n: range(1, 5),
            m: range(0, 6),
            max_value: 2,
            ..Default::default()
        },
    );
    let nim = piles::PileParams::<piles::Nim> {
        n: range(1, 6),
        values: range(0, 15),
        ..Default::default()
    };
    row("nim", piles::NimParams(nim));
    let staircase = piles::PileParams::<piles::Staircase> {
        n: range(1, 7),
        values: range(0, 6),
        ..Default::default()
    };
    row("staircase-nim", piles::StaircaseParams(staircase));
    let moore = piles::PileParams::<piles::Moore> {
        n: range(1, 5),
        values: range(0, 7),
        k: range(1, 3),
        ..Default::default()
    };
    row("moore-nim", piles::MooreParams(moore));
    row(
        "bash-game",
        piles::BashParams {
            n: range(0, 999),
            k: range(1, 999),
            ..Default::default()
        },
    );
    row(
        "wythoff",
        wythoff::WythoffParams {
            a: range(0, 999),
            b: range(0, 999),
            ..Default::default()
        },
    );
    row(
        "jiangnan-le",
        even_split::EvenSplitParams {
            t: range(1, 2),
            n: range(1, 3),
            f: range(1, 10),
            a: range(1, 10),
            ..Default::default()
        },
    );
    row(
        "octal-game",
        octal::OctalParams {
            code: octal::Codes(vec![octal::CodeChoice::Random]),
            digits: range(1, 3),
            heaps: range(1, 3),
            n: range(0, 12),
            ..Default::default()
        },
    );
    row(
        "fox-card-game",
        cards::CardParams {
            n: range(1, 3),
            s: range(1, 4),
            values: range(1, 3),
            ..Default::default()
        },
    );
    row(
        "choosing-carrot",
        row::RowParams {
            n: range(1, 10),
            values: range(1, 4),
            ..Default::default()
        },
    );
    row(
        "candy-piles",
        candy::CandyParams {
            n: range(1, 10),
            values: range(1, 12),
            ..Default::default()
        },
    );
    row(
        "bunny-egg",
        board::BoardParams {
            n: range(1, 3),
            m: range(1, 4),
            k: range(1, 6),
            ..Default::default()
        },
    );
    row(
        "nullify-matrix",
        matrix::MatrixParams {
            n: range(1, 3),
            m: range(1, 3),
            values: range(0, 3),
            ..Default::default()
        },
    );
}
