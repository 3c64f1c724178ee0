//! brute's speed per engine, on fixed instances: the first cases of seed 1 of
//! the configs' generators (the `[gen]` defaults, as in `configs/`). A
//! benchmark, not a test: `bench/brute.sh` runs it on two builds and puts
//! their lines side by side.
//!
//! `cargo run --release -p brute --example speed [-- --quick]`
//!
//! One tab-separated line per workload: engine, workload, searches, states,
//! seconds, states per second, searches per second. A workload's states are
//! the sum over its searches of the smallest `max_states` each is answered
//! with: what the budget counts (fewer in a build that meets fewer states,
//! such as one that knows twins). Seconds are wall time, the best of three runs.
//! Only the public functions are called, so the file builds against older
//! versions of brute too.

use brute::minimax::{self, MinMax};
use brute::Budget;
use gen::{cactus, multigraph, tree, Family, Rng, SizeRange};

/// One call of brute, by the budget it is given: whether it answered.
type Search = Box<dyn Fn(&Budget) -> bool>;

struct Workload {
    engine: &'static str,
    name: &'static str,
    searches: Vec<Search>,
}

/// The row game of choosing-carrot without Oleg's extra moves: the minimax
/// engine alone, one search per row.
struct Row(Vec<u32>);

impl MinMax for Row {
    type State = (u32, u32);
    type Value = u32;
    fn moves(&self, &(lo, hi): &(u32, u32), out: &mut Vec<(u32, u32)>) {
        if hi - lo >= 2 {
            out.extend([(lo + 1, hi), (lo, hi - 1)]);
        }
    }
    fn payoff(&self, &(lo, _): &(u32, u32)) -> u32 {
        self.0[lo as usize]
    }
}

fn cases<T>(n: u64, generate: impl Fn(&mut Rng) -> T) -> Vec<T> {
    (0..n).map(|k| generate(&mut Rng::for_case(1, k))).collect()
}

fn workloads(scale: u64) -> Vec<Workload> {
    let hackenbush = |graphs: Vec<gen::Graph>| -> Vec<Search> {
        (graphs.into_iter())
            .map(|g| Box::new(move |b: &Budget| brute::hackenbush::grundy(g.n, &g.edges, b).is_ok()) as Search)
            .collect()
    };
    let multigraphs = cases(scale, |rng| multigraph::generate(&Default::default(), rng));
    let cacti = cases(3 * scale, |rng| cactus::generate(&Default::default(), rng));
    let tree_params = tree::TreeParams {
        n: SizeRange::new(1, 16),
        ..Default::default()
    };
    let trees = cases(2 * scale, |rng| tree::generate(&tree_params, rng));
    let dags = cases(2 * scale, |rng| gen::dag::generate(&Default::default(), rng));
    let candies = cases(5 * scale, |rng| gen::candy::CandyParams::default().generate(rng));
    // A matrix takes 1 500 states and 20 ms on average: few of them.
    let matrices = cases(scale.div_ceil(20), |rng| {
        gen::matrix::MatrixParams::default().generate(rng)
    });
    let rows = cases(20 * scale, |rng| gen::row::RowParams::default().generate(rng));
    let card_games = cases(5 * scale, |rng| gen::cards::CardParams::default().generate(rng));
    let carrots = cases(5 * scale, |rng| gen::row::RowParams::default().generate(rng));
    // Only the instances brute answers within the default budget: some are beyond it.
    let boards = cases(scale, |rng| gen::board::BoardParams::default().generate(rng));
    let boards = (boards.into_iter()).filter(|x| brute::bunny_egg::mistakes(x, &Budget::default()).is_ok());
    let elections = cases(scale, |rng| gen::valued_dag::ValuedDagParams::default().generate(rng));
    let elections = (elections.into_iter())
        .filter(|d| brute::election::winning_move(&d.values, &d.arcs, 2, &Budget::default()).is_ok());
    vec![
        Workload {
            engine: "impartial",
            name: "green-hackenbush",
            searches: hackenbush(multigraphs),
        },
        Workload {
            engine: "impartial",
            name: "christmas-game",
            searches: hackenbush(cacti.into_iter().flatten().collect()),
        },
        Workload {
            engine: "impartial",
            name: "tree-game",
            searches: hackenbush(trees),
        },
        Workload {
            engine: "scoring",
            name: "dag-game",
            searches: (dags.into_iter())
                .map(|d| Box::new(move |b: &Budget| brute::dag::dag_value(&d.weights, &d.arcs, b).is_ok()) as Search)
                .collect(),
        },
        Workload {
            engine: "winlose",
            name: "candy-piles",
            searches: (candies.into_iter())
                .map(|c| Box::new(move |b: &Budget| brute::candy::first_wins(&c.a, b).is_ok()) as Search)
                .collect(),
        },
        Workload {
            engine: "winlose",
            name: "nullify-matrix",
            searches: (matrices.into_iter())
                .map(|x| Box::new(move |b: &Budget| brute::nullify::first_wins(&x, 2, b).is_ok()) as Search)
                .collect(),
        },
        Workload {
            engine: "minimax",
            name: "carrot-row",
            searches: (rows.into_iter())
                .map(|c| {
                    let n = c.a.len() as u32;
                    let row = Row(c.a);
                    Box::new(move |b: &Budget| minimax::value(&row, (0, n), true, b).is_ok()) as Search
                })
                .collect(),
        },
        Workload {
            engine: "scoring",
            name: "fox-card-game",
            searches: (card_games.into_iter())
                .map(|c| Box::new(move |b: &Budget| brute::cards::sums(&c, b).is_ok()) as Search)
                .collect(),
        },
        Workload {
            engine: "minimax",
            name: "choosing-carrot",
            searches: (carrots.into_iter())
                .map(|c| Box::new(move |b: &Budget| brute::carrot::left_for_every_k(&c.a, b).is_ok()) as Search)
                .collect(),
        },
        Workload {
            engine: "winlose",
            name: "bunny-egg",
            searches: boards
                .map(|x| Box::new(move |b: &Budget| brute::bunny_egg::mistakes(&x, b).is_ok()) as Search)
                .collect(),
        },
        Workload {
            engine: "winlose",
            name: "election-promises",
            searches: elections
                .map(|d| {
                    Box::new(move |b: &Budget| brute::election::winning_move(&d.values, &d.arcs, 2, b).is_ok())
                        as Search
                })
                .collect(),
        },
    ]
}

/// The smallest `max_states` that `search` answers with, by doubling then
/// bisection (answering is monotone in the budget).
fn states(search: &Search) -> usize {
    let mut hi = 1;
    while !search(&Budget::new(hi)) {
        hi *= 2;
    }
    let mut lo = hi / 2;
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if search(&Budget::new(mid)) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    if lo == 0 && search(&Budget::new(0)) {
        0
    } else {
        hi
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    if std::env::args().any(|a| a == "--reach") {
        return reach(quick);
    }
    let (scale, runs) = if quick { (5, 1) } else { (1000, 3) };
    let budget = Budget::default();
    println!("engine\tworkload\tsearches\tstates\tseconds\tstates/s\tsearches/s");
    for w in workloads(scale) {
        let states: usize = w.searches.iter().map(states).sum();
        let best = (0..runs)
            .map(|_| {
                let start = std::time::Instant::now();
                for search in &w.searches {
                    assert!(search(&budget), "{}: a search exceeded the default budget", w.name);
                }
                start.elapsed().as_secs_f64()
            })
            .fold(f64::INFINITY, f64::min)
            .max(1e-9);
        println!(
            "{}\t{}\t{}\t{}\t{:.4}\t{:.0}\t{:.0}",
            w.engine,
            w.name,
            w.searches.len(),
            states,
            best,
            states as f64 / best,
            w.searches.len() as f64 / best
        );
    }
}

/// One generated graph of a family at size `size`, the `case`-th of seed 1.
type Sized = Box<dyn Fn(u64, u64) -> gen::Graph>;

/// `--reach`: the largest instance each Hackenbush problem's brute answers within the default
/// budget, one size parameter of its generator grown by one while the first three cases of each
/// size are all answered. One tab-separated line per problem: problem, the size reached, the
/// most edges of its three graphs, the seconds their searches took.
fn reach(quick: bool) {
    let budget = if quick { Budget::new(10_000) } else { Budget::default() };
    let exactly = |s: u64| SizeRange::new(s, s);
    let families: [(&str, &str, Sized); 3] = [
        (
            "green-hackenbush",
            "m (n = m/2 + 1)",
            Box::new(move |m, case| {
                let p = multigraph::MultigraphParams {
                    n: exactly(m / 2 + 1),
                    m: exactly(m),
                    ..Default::default()
                };
                multigraph::generate(&p, &mut Rng::for_case(1, case))
            }),
        ),
        (
            "christmas-game",
            "n (one cactus)",
            Box::new(move |n, case| {
                let p = cactus::CactusParams {
                    graphs: exactly(1),
                    n: exactly(n),
                    ..Default::default()
                };
                cactus::generate(&p, &mut Rng::for_case(1, case)).remove(0)
            }),
        ),
        (
            "tree-game",
            "n",
            Box::new(move |n, case| {
                let p = tree::TreeParams {
                    n: exactly(n),
                    ..Default::default()
                };
                tree::generate(&p, &mut Rng::for_case(1, case))
            }),
        ),
    ];
    println!("problem\tsize\tedges\tseconds");
    for (name, size, make) in families {
        let mut reached = (0, 0, 0.0);
        for s in 1.. {
            let graphs: Vec<gen::Graph> = (0..3).map(|case| make(s, case)).collect();
            let start = std::time::Instant::now();
            if !(graphs.iter()).all(|g| brute::hackenbush::grundy(g.n, &g.edges, &budget).is_ok()) {
                break;
            }
            let edges = graphs.iter().map(|g| g.m()).max().unwrap_or(0);
            reached = (s, edges, start.elapsed().as_secs_f64());
        }
        println!("{name}\t{size} = {}\t{}\t{:.3}", reached.0, reached.1, reached.2);
    }
}
