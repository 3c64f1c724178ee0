//! `green-hackenbush-interactive`: Green Hackenbush against the jury
//! (protocol in `gen::judge::green_hackenbush_interactive`). The jury values
//! positions with brute's Hackenbush by the rules; a position is the graph
//! and the edges still there, so edge numbers stay those of the opening. A
//! game beyond brute's budget is skipped.

use brute::hackenbush::Positions;
use brute::{Budget, TooBig};
use gen::judge::green_hackenbush_interactive::{self, Cut};
use gen::multigraph::MultigraphParams;
use gen::{Family, Rng};
use serde::Deserialize;

use super::moves::integers;
use engine::interactive::{Game, Player};

pub struct GreenHackenbushInteractive;

/// The `[gen]` table: the multigraph family's, each graph whole.
#[derive(Deserialize, Default)]
#[serde(transparent)]
pub struct CutParams(MultigraphParams);

impl Family for CutParams {
    type Instance = Cut;

    fn check(&self) -> Result<(), String> {
        self.0.check()
    }

    fn generate(&self, rng: &mut Rng) -> Cut {
        Cut::whole(self.0.generate(rng))
    }

    fn validate(&self, c: &Cut) -> Result<(), String> {
        if c.gone.iter().any(|&g| g) {
            return Err("a generated position has every edge".into());
        }
        self.0.validate(&c.graph)
    }

    fn shrink(&self, c: &Cut) -> Vec<Cut> {
        self.0.shrink(&c.graph).into_iter().map(Cut::whole).collect()
    }

    fn exhaust(&self) -> Result<gen::Space<Cut>, String> {
        Ok(self.0.exhaust()?.map(Cut::whole))
    }
}

/// The edges still there and connected to the root (vertex 0 inside): a search from the root,
/// linear in the graph, which may have 1.5 million edges.
fn connected(c: &Cut) -> Vec<bool> {
    let mut at: Vec<Vec<u32>> = vec![Vec::new(); c.graph.n];
    for (e, &(u, v)) in c.graph.edges.iter().enumerate() {
        if !c.gone[e] {
            at[u as usize].push(v);
            at[v as usize].push(u);
        }
    }
    let mut reached = vec![false; c.graph.n];
    let mut queue = Vec::new();
    if c.graph.n > 0 {
        reached[0] = true;
        queue.push(0u32);
    }
    while let Some(u) = queue.pop() {
        for &w in &at[u as usize] {
            if !reached[w as usize] {
                reached[w as usize] = true;
                queue.push(w);
            }
        }
    }
    (c.graph.edges.iter().zip(&c.gone))
        .map(|(&(u, _), &gone)| !gone && reached[u as usize])
        .collect()
}

/// The edges there, as brute and the solvers take a graph.
fn remaining(c: &Cut) -> Vec<(u32, u32)> {
    let on = connected(c);
    c.graph
        .edges
        .iter()
        .zip(on)
        .filter(|(_, on)| *on)
        .map(|(&e, _)| e)
        .collect()
}

fn value(c: &Cut) -> u32 {
    solvers::hackenbush::grundy(c.graph.n, &remaining(c))
}

/// The first edge whose deletion leaves value 0, else the first edge.
fn to_zero(c: &Cut) -> usize {
    let moves = GreenHackenbushInteractive::moves(c);
    moves
        .iter()
        .copied()
        .find(|e| value(&GreenHackenbushInteractive::play(c, e)) == 0)
        .unwrap_or(moves[0])
}

const PLAYERS: &[Player<GreenHackenbushInteractive>] = &[
    Player {
        name: "right",
        about: "the fast solver (bridges, fusion, colon principle) on every option: First iff not 0, then to 0",
        right: true,
        first: |c| value(c) != 0,
        pick: to_zero,
    },
    Player {
        name: "first-move",
        about: "deliberately wrong: the right side, then the first edge there (smallest: 2 2 / 2 2 / 1 2)",
        right: false,
        first: |c| value(c) != 0,
        pick: |c| GreenHackenbushInteractive::moves(c)[0],
    },
    Player {
        name: "parity",
        about: "deliberately wrong: First iff the edges are odd, then right (smallest: 2 2 / 1 2 / 2 2)",
        right: false,
        first: |c| remaining(c).len() % 2 == 1,
        pick: to_zero,
    },
];

impl Game for GreenHackenbushInteractive {
    type Position = Cut;
    /// An edge, 0-based inside.
    type Move = usize;
    type Params = CutParams;
    type Judge = green_hackenbush_interactive::Judge;

    const BRUTE: &'static str = "brute::hackenbush";
    const PROTOCOL: &'static str = green_hackenbush_interactive::PROTOCOL;
    const GAME_OVER: &'static str = "0";
    const REJECTED: &'static str = "-1";

    fn size(c: &Cut) -> String {
        format!("n={} m={}", c.graph.n, remaining(c).len())
    }

    fn moves(c: &Cut) -> Vec<usize> {
        let on = connected(c);
        (0..on.len()).filter(|&e| on[e]).collect()
    }

    fn play(c: &Cut, &e: &usize) -> Cut {
        let mut next = c.clone();
        next.gone[e] = true;
        let on = connected(&next);
        for (gone, on) in next.gone.iter_mut().zip(on) {
            *gone = !on;
        }
        next
    }

    fn read_move(c: &Cut, line: &str) -> Result<usize, String> {
        let e = integers(line, 1, "e")?[0];
        let m = c.graph.edges.len() as i64;
        if e < 1 || e > m {
            return Err(format!("there is no edge {e}: edges are 1 to {m}"));
        }
        let e = (e - 1) as usize;
        if !connected(c)[e] {
            return Err(format!("edge {} is gone", e + 1));
        }
        Ok(e)
    }

    fn write_move(e: &usize) -> String {
        (e + 1).to_string()
    }

    type Values = Result<Positions, TooBig>;

    fn values(start: &Cut, budget: &Budget) -> Self::Values {
        Positions::new(start.graph.n, &start.graph.edges, budget)
    }

    fn value(values: &mut Self::Values, c: &Cut) -> Result<u32, TooBig> {
        let there: Vec<bool> = c.gone.iter().map(|&gone| !gone).collect();
        values.as_mut().map_err(|too_big| *too_big)?.value(&there)
    }

    fn players() -> &'static [Player<Self>] {
        PLAYERS
    }

    /// `n m`, then the edges still there by number: `2: 1-3`.
    fn shown(c: &Cut) -> String {
        let on = connected(c);
        let edges: Vec<String> = c
            .graph
            .edges
            .iter()
            .enumerate()
            .filter(|&(e, _)| on[e])
            .map(|(e, &(u, v))| format!("{}: {}-{}", e + 1, u + 1, v + 1))
            .collect();
        format!("{} {} with edges {}", c.graph.n, c.graph.edges.len(), edges.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interactive::testing::{game, jury_at, smallest_loss};
    use brute::TooBig;
    use engine::interactive::jury::Ruling;
    use gen::Graph;
    use std::time::{Duration, Instant};

    /// Every graph of up to 3 vertices and 3 edges (as ordered lists), by edges, then vertices.
    fn positions() -> Vec<Cut> {
        let mut all = Vec::new();
        for n in 1..=3u32 {
            let pairs: Vec<(u32, u32)> = (0..n).flat_map(|u| (u..n).map(move |v| (u, v))).collect();
            let mut lists: Vec<Vec<(u32, u32)>> = vec![vec![]];
            for _ in 0..3 {
                let longer: Vec<Vec<(u32, u32)>> = lists
                    .iter()
                    .filter(|l| l.len() == lists.last().unwrap().len())
                    .flat_map(|l| {
                        pairs.iter().map(move |&p| {
                            let mut l = l.clone();
                            l.push(p);
                            l
                        })
                    })
                    .collect();
                lists.extend(longer);
            }
            all.extend(lists.into_iter().map(|edges| Cut::whole(Graph::new(n as usize, edges))));
        }
        all.sort_by_key(|c| (c.graph.edges.len(), c.graph.n, c.graph.edges.clone()));
        all
    }

    fn graph(n: usize, edges: &[(u32, u32)]) -> Option<Cut> {
        Some(Cut::whole(Graph::new(
            n,
            edges.iter().map(|&(u, v)| (u - 1, v - 1)).collect(),
        )))
    }

    #[test]
    fn the_right_player_wins_every_small_graph_and_the_wrong_ones_lose_where_stated() {
        for c in positions() {
            let o = game::<GreenHackenbushInteractive>(&c, &PLAYERS[0]);
            assert_eq!(o.result, Ruling::Accepted, "{:?}: {}", c.graph, o.message);
        }
        assert_eq!(
            smallest_loss::<GreenHackenbushInteractive>("first-move", positions()),
            // A loop on a stalk (value 2): deleting the loop, listed first, leaves the stalk.
            graph(2, &[(2, 2), (1, 2)])
        );
        assert_eq!(
            smallest_loss::<GreenHackenbushInteractive>("parity", positions()),
            // Two edges, yet the loop on a stalk is worth 2.
            graph(2, &[(1, 2), (2, 2)])
        );
    }

    #[test]
    fn deleting_an_edge_takes_what_it_cuts_off_and_numbers_stay() {
        // A path 1-2-3 and a loop at the root.
        let c = graph(3, &[(1, 2), (2, 3), (1, 1)]).unwrap();
        let cut = GreenHackenbushInteractive::play(&c, &0);
        assert_eq!(cut.gone, [true, true, false]);
        assert_eq!(GreenHackenbushInteractive::moves(&cut), [2]);
        assert!(GreenHackenbushInteractive::read_move(&cut, "2")
            .unwrap_err()
            .contains("edge 2 is gone"));
        assert_eq!(GreenHackenbushInteractive::read_move(&cut, "3"), Ok(2));
        assert!(GreenHackenbushInteractive::read_move(&cut, "4")
            .unwrap_err()
            .contains("no edge 4"));
        assert_eq!(GreenHackenbushInteractive::shown(&cut), "3 3 with edges 3: 1-1");
    }

    #[test]
    fn the_jury_answers_at_once_at_every_size_the_format_allows() {
        // A path of 500 000 vertices, its edges listed from the far end: finding the edges
        // connected to the root swept the list once per edge.
        let n = 500_000;
        let edges: Vec<(u32, u32)> = (1..n as u32).rev().map(|v| (v - 1, v)).collect();
        let path = Cut::whole(Graph::new(n, edges));
        let began = Instant::now();
        assert_eq!(GreenHackenbushInteractive::size(&path), "n=500000 m=499999");
        let (got, _) = jury_at::<GreenHackenbushInteractive>(&path);
        assert_eq!(got, Err(TooBig::states(2_000_000)));
        let o = game::<GreenHackenbushInteractive>(&path, &PLAYERS[0]);
        assert_eq!(o.result, Ruling::Skipped, "{}", o.message);
        assert!(began.elapsed() < Duration::from_secs(5), "{:?}", began.elapsed());
        // Within brute's reach: one search of the start, whatever the moves.
        let star = Cut::whole(Graph::new(21, (1..21).map(|v| (0, v)).collect()));
        assert_eq!(jury_at::<GreenHackenbushInteractive>(&star).0, Ok((0, 1, 20)));
    }
}
