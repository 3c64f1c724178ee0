//! Octal values per second (issue 32), a benchmark, not a test: the engine of
//! `solvers::octal` against the one it replaced (`before.rs`, the same
//! process) and, when the bench script built it, tczajka/octal-games'
//! `analyze` (its C++ engine under `old/`; the repository's Rust crate has
//! none yet), on the same codes and numbers of values; then one heap for
//! every code of up to 3 digits (or 4) by both engines (or this one alone),
//! each in a child process killed at a budget.
//!
//! ```text
//! octal_speed [--quick] [--tczajka DIR]   the tables; DIR holds analyze-N for each N
//!     [--codes 0.56,0.16]                 only these codes in the first table (none: no table)
//!     [--sweep-seconds S]                 the sweep's budget per code (0: no sweep)
//!     [--sweep-new-only]                  the sweep by this engine alone: with
//!                                         --sweep-seconds 3, about ten minutes
//!     [--sweep-digits D]                  codes of up to D digits, 1 to 4 (default 3;
//!                                         4 is 4 095 codes, eight times as many)
//! octal_speed --one CODE N                one heap of N by the engine, seconds on stdout
//! octal_speed --one-before CODE N         the same by the replaced engine
//! octal_speed --records [--below N]       the recorded periods proven again ([`records`]),
//!                                         those starting below N (default 3 000 000;
//!                                         with --quick 10 000); exit 1 if one differs
//! ```
//!
//! `bench/octal.sh` builds everything and runs it.

mod before;
mod records;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use gen::octal::{OctalCode, OctalPosition};
use solvers::octal::{grundy, Values};

/// The codes and sizes the issue names.
const CODES: [&str; 4] = ["0.6", "0.376", "0.56", "0.16"];

struct Plan {
    sizes: [usize; 2],
    /// Runs of each engine per table row.
    rounds: usize,
    /// The old engine runs at the larger size only if the smaller took less.
    before_budget: Duration,
    /// One heap of this size for every code of up to 3 digits (or 4)...
    sweep_heap: usize,
    /// ...each killed after this long.
    sweep_budget: Duration,
}

const FULL: Plan = Plan {
    sizes: [1_000_000, 10_000_000],
    rounds: 2,
    before_budget: Duration::from_secs(10),
    sweep_heap: 1_000_000,
    sweep_budget: Duration::from_secs(20),
};

const QUICK: Plan = Plan {
    sizes: [5_000, 10_000],
    rounds: 1,
    before_budget: Duration::from_secs(10),
    sweep_heap: 2_000,
    sweep_budget: Duration::from_secs(5),
};

fn code(text: &str) -> OctalCode {
    OctalCode::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// This thread's time on a CPU so far, in seconds (Linux's schedstat): on a
/// shared machine, wall time would count the waits for a core too.
fn cpu_now() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(stat.split_whitespace().next()?.parse::<f64>().ok()? / 1e9)
}

/// The CPU seconds `run` takes (wall seconds where schedstat is missing),
/// at least a millisecond: schedstat may lag by a scheduler tick.
fn seconds(run: impl FnOnce()) -> f64 {
    let (cpu, wall) = (cpu_now(), Instant::now());
    run();
    let spent = match (cpu, cpu_now()) {
        (Some(before), Some(after)) => after - before,
        _ => wall.elapsed().as_secs_f64(),
    };
    spent.max(1e-3)
}

/// tczajka's `analyze` for `n` values of `code`, if built: its user CPU
/// seconds, by bash's `time`.
fn tczajka(dir: Option<&str>, code: &str, n: usize) -> Option<f64> {
    let binary = format!("{}/analyze-{n}", dir?);
    let timed = r#"TIMEFORMAT=%3U; time "$0" "$1" > /dev/null"#;
    let out = Command::new("bash").args(["-c", timed, &binary, code]).output().ok()?;
    let last = String::from_utf8_lossy(&out.stderr).lines().last()?.trim().to_string();
    let spent: f64 = last.parse().ok()?;
    out.status.success().then_some(spent.max(1e-3))
}

fn rate(n: usize, secs: f64) -> String {
    format!("{:>7.2} M/s", n as f64 / secs / 1e6)
}

/// The engines a table row times, in the order of the first round.
#[derive(Clone, Copy)]
enum Engine {
    New,
    Before,
    Tczajka,
}

/// Values per second of each engine on `codes`, and the ratios. Each engine
/// runs `plan.rounds` times, the order reversed each round, and its fastest
/// run counts: of two runs in a row on this kind of machine the second was
/// the slower, which would favour whichever engine runs first.
fn engines(plan: &Plan, codes: &[&str], tczajka_dir: Option<&str>) {
    if codes.is_empty() {
        return;
    }
    let runs = match plan.rounds {
        1 => String::from("one run each"),
        k => format!("the best of {k} runs each, in alternating order"),
    };
    println!("== octal values per CPU second, one core (to know g(0..N); a proven period ends it early; {runs})");
    println!(
        "{:<6} {:>9}  {:>16}  {:>28}  {:>28}",
        "code", "N", "new", "before (new is x faster)", "tczajka (new is x faster)"
    );
    for &text in codes {
        let c = code(text);
        let mut before_secs: Option<f64> = None;
        for &n in &plan.sizes {
            let run_before = before_secs.is_none_or(|s| s <= plan.before_budget.as_secs_f64());
            let mut order = vec![Engine::New, Engine::Tczajka];
            if run_before {
                order.insert(1, Engine::Before);
            }
            let (mut new, mut old) = (None, None);
            // Each engine's fastest run, indexed by `Engine`.
            let mut best: [Option<f64>; 3] = [None; 3];
            for _ in 0..plan.rounds {
                for &engine in &order {
                    let secs = match engine {
                        Engine::New => Some(seconds(|| new = Some(Values::compute(&c, n)))),
                        Engine::Before => Some(seconds(|| old = Some(before::compute(&c, n)))),
                        Engine::Tczajka => tczajka(tczajka_dir, text, n),
                    };
                    let best = &mut best[engine as usize];
                    *best = (*best).into_iter().chain(secs).reduce(f64::min);
                }
                order.reverse();
            }
            let [new_secs, old_secs, their_secs] = best;
            let (new, new_secs) = (new.expect("computed"), new_secs.expect("timed"));
            if let Some(old) = &old {
                let agree = (0..=n).all(|k| old_value(old, k) == new.get(k));
                assert!(agree, "{text}: the two engines disagree below {n}");
            }
            let period = new.period().map_or(String::from("no period"), |p| {
                format!("period {} from {}", p.length, p.start)
            });
            let before = match (old_secs, before_secs) {
                (Some(s), _) => format!("{} x{:.1}", rate(n, s), s / new_secs),
                (None, s) => format!("skipped ({:.1} s at the smaller size)", s.unwrap_or(0.0)),
            };
            before_secs = old_secs.or(before_secs);
            let theirs = their_secs.map_or(String::from("not built"), |s| {
                format!("{} x{:.1}", rate(n, s), s / new_secs)
            });
            println!(
                "{text:<6} {n:>9}  {}  {before:>28}  {theirs:>28}   {period}",
                rate(n, new_secs)
            );
        }
    }
}

fn old_value(old: &before::Before, n: usize) -> u32 {
    match (old.g.get(n), old.period) {
        (Some(&v), _) => v,
        (None, Some(p)) => old.g[p.start + (n - p.start) % p.length],
        (None, None) => panic!("the old engine did not reach {n}"),
    }
}

/// Every code of `len` digits, the last one non-zero.
fn codes(len: u32) -> impl Iterator<Item = String> {
    (0..8u32.pow(len))
        .filter(move |k| k >> (3 * (len - 1)) != 0)
        .map(move |k| {
            let digits: String = (0..len).map(|i| char::from(b'0' + (k >> (3 * i) & 7) as u8)).collect();
            format!("0.{digits}")
        })
}

/// One code in a child process (`--one` or `--one-before`): its CPU
/// seconds, or `None` if killed at `budget` (wall time).
fn child(engine: &str, code: &str, heap: usize, budget: Duration) -> Option<f64> {
    let me = std::env::current_exe().expect("own path");
    let mut run = Command::new(me)
        .args([engine, code, &heap.to_string()])
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    let start = Instant::now();
    while run.try_wait().expect("wait").is_none() {
        if start.elapsed() > budget {
            run.kill().expect("kill");
            run.wait().expect("reap");
            return None;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let out = run.wait_with_output().expect("output");
    String::from_utf8_lossy(&out.stdout).trim().parse().ok()
}

/// A code of the sweep and its CPU seconds by this engine and the one it
/// replaced (`None`: killed, or not run).
type Timed = (String, Option<f64>, Option<f64>);

/// One heap for every code of up to `digits` digits (trailing zeros dropped: 0.10
/// is 0.1) by this engine and, when `before`, the one it replaced: how many
/// within the judge's 1 000 ms, how many from there to the budget and how
/// many killed at it; then the codes this engine took too long on, and the
/// slowest ten of the others.
fn sweep(plan: &Plan, digits: u32, before: bool) {
    let (heap, budget) = (plan.sweep_heap, plan.sweep_budget);
    println!(
        "\n== one heap of {heap} for every code of up to {digits} digits (CPU time; killed after {budget:?} of wall time)"
    );
    let mut times: Vec<Timed> = (1..=digits)
        .flat_map(codes)
        .enumerate()
        .map(|(k, c)| {
            let old = |c: &str| before.then(|| child("--one-before", c, heap, budget)).flatten();
            // Which engine goes first alternates from code to code (see `engines`).
            let [new, old] = if k % 2 == 0 {
                let new = child("--one", &c, heap, budget);
                [new, old(&c)]
            } else {
                let old = old(&c);
                [child("--one", &c, heap, budget), old]
            };
            (c, new, old)
        })
        .collect();
    let total = times.len();
    let bands = |time: fn(&Timed) -> Option<f64>| {
        let within = times.iter().filter(|t| time(t).is_some_and(|t| t < 1.0)).count();
        let killed = times.iter().filter(|t| time(t).is_none()).count();
        format!(
            "{within} within 1 000 ms, {} from 1 s to the budget, {killed} killed",
            total - within - killed
        )
    };
    println!("of {total} codes, this engine: {}", bands(|t| t.1));
    if before {
        println!("the engine it replaced: {}", bands(|t| t.2));
    }
    // The killed ones by name, as decimals in order: their times are not known.
    let mut killed: Vec<&str> = times.iter().filter(|t| t.1.is_none()).map(|t| t.0.as_str()).collect();
    killed.sort_unstable();
    if !killed.is_empty() {
        println!(
            "killed after {:.0} s of wall time ({}):",
            budget.as_secs_f64(),
            killed.len()
        );
        for line in killed.chunks(12) {
            println!("  {}", line.join(" "));
        }
    }
    times.retain(|t| t.1.is_some());
    times.sort_by(|a, b| b.1.unwrap_or(0.0).total_cmp(&a.1.unwrap_or(0.0)));
    let show = |t: &Option<f64>| t.map_or(String::from("killed"), |t| format!("{t:.3} s"));
    // A line of the table, its last column only when the old engine ran.
    let row = |c: &str, new: &str, old: &str| match before {
        true => println!("  {c:<7} {new:>10} {old:>10}"),
        false => println!("  {c:<7} {new:>10}"),
    };
    println!("the slowest ten that finished:");
    row("code", "new", "before");
    for (c, new, old) in times.iter().take(10) {
        row(c, &show(new), &show(old));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [one @ ("--one" | "--one-before"), c, n] = args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        let heap: usize = n.parse().expect("a heap size");
        let position = OctalPosition {
            code: code(c),
            heaps: vec![heap as u32],
        };
        let spent = if one == "--one" {
            seconds(|| {
                std::hint::black_box(grundy(&position));
            })
        } else {
            seconds(|| {
                let old = before::compute(&position.code, heap);
                std::hint::black_box(old_value(&old, heap));
            })
        };
        println!("{spent}");
        return;
    }
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1));
    if args.iter().any(|a| a == "--records") {
        let below = match value("--below") {
            Some(n) => n.parse().expect("--below: a whole number"),
            None if args.iter().any(|a| a == "--quick") => 10_000,
            None => 3_000_000,
        };
        let wrong = records::run(below);
        if wrong > 0 {
            eprintln!("{wrong} record(s) not proven as recorded");
            std::process::exit(1);
        }
        return;
    }
    let mut plan = if args.iter().any(|a| a == "--quick") {
        QUICK
    } else {
        FULL
    };
    if let Some(s) = value("--sweep-seconds") {
        plan.sweep_budget = Duration::from_secs(s.parse().expect("--sweep-seconds: a whole number"));
    }
    let codes: Vec<&str> = match value("--codes") {
        Some(list) => list.split(',').filter(|c| !c.is_empty()).collect(),
        None => CODES.to_vec(),
    };
    engines(&plan, &codes, value("--tczajka").map(String::as_str));
    if !plan.sweep_budget.is_zero() {
        let digits = value("--sweep-digits").map_or(3, |d| match d.parse() {
            Ok(d @ 1..=4) => d,
            _ => panic!("--sweep-digits {d}: a number of digits from 1 to 4"),
        });
        sweep(&plan, digits, !args.iter().any(|a| a == "--sweep-new-only"));
    }
}
