//! `green-hackenbush-interactive`: Green Hackenbush against the jury
//! (protocol in `gen::judge::green_hackenbush_interactive`). The jury values
//! positions with brute's Hackenbush by the rules; a position is the graph
//! and the edges still there, so edge numbers stay those of the opening.

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
}

/// The edges still there and connected to the root (vertex 0 inside).
fn connected(c: &Cut) -> Vec<bool> {
    let mut reached = vec![false; c.graph.n];
    reached[0] = true;
    let mut on = vec![false; c.graph.edges.len()];
    // Edges are few (brute's reach): sweep until nothing changes.
    let mut changed = true;
    while changed {
        changed = false;
        for (e, &(u, v)) in c.graph.edges.iter().enumerate() {
            let (u, v) = (u as usize, v as usize);
            if !c.gone[e] && !on[e] && (reached[u] || reached[v]) {
                on[e] = true;
                reached[u] = true;
                reached[v] = true;
                changed = true;
            }
        }
    }
    on
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

    fn value(c: &Cut, budget: &Budget) -> Result<u32, TooBig> {
        brute::hackenbush::grundy(c.graph.n, &remaining(c), budget)
    }

    fn players() -> &'static [Player<Self>] {
        PLAYERS
    }

    fn key(c: &Cut) -> String {
        format!("{} {:?}", c.graph.n, remaining(c))
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
    use crate::interactive::testing::{game, smallest_loss};
    use engine::interactive::jury::Ruling;
    use gen::Graph;

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
}
