use brute::{Budget, TooBig};
use gen::cards::{CardParams, Cards};
use gen::judge::fox_card_game;
use solvers::cards::{sums, wrong};

use crate::relations;
use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use engine::show::{Figure, Panel, Sequence};
use crate::pictures;

/// Fox and Card Game (cf388c): tops for the first player, bottoms for the
/// second; both players' sums.
pub struct FoxCardGame;

const SOLVERS: &[SolverOf<FoxCardGame>] = &[
    Solver {
        name: "fast",
        run: sums,
        default: true,
        about: "halves of every pile, middles of odd piles largest first alternately",
        source: "solvers::cards",
    },
    Solver {
        name: "wrong-unsorted-middles",
        run: wrong::unsorted_middles,
        default: false,
        about: "deliberately wrong: middles alternate in pile order (smallest: single cards 1, 2)",
        source: "solvers::cards::wrong",
    },
];

const RELATIONS: &[RelationOf<FoxCardGame>] = &[Relation {
    name: "permute",
    about: "the piles in another order: the same sums",
    derive: |c, rng| {
        let mut piles = c.piles.clone();
        rng.shuffle(&mut piles);
        Some(Cards { piles })
    },
    holds: |_, a, b, _| relations::same(a, b),
}];

impl Problem for FoxCardGame {
    type Instance = Cards;
    type Answer = (u64, u64);
    type Judge = fox_card_game::Judge;
    type BruteOptions = NoOptions;
    type Params = CardParams;

    const BRUTE: &'static str = "brute::cards";
    const ENGINE: Engine = Engine::Scoring;

    fn size(c: &Cards) -> String {
        let cards: usize = c.piles.iter().map(Vec::len).sum();
        let max = c.piles.iter().flatten().max().copied().unwrap_or(0);
        format!("n={} cards={cards} max={max}", c.piles.len())
    }

    fn brute(c: &Cards, _: &NoOptions, budget: &Budget) -> Result<(u64, u64), TooBig> {
        brute::cards::sums(c, budget)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    fn draw(c: &Cards, _: &NoOptions, budget: &Budget) -> Option<Panel> {
        let rows = c
            .piles
            .iter()
            .enumerate()
            .map(|(k, pile)| (format!("pile {}", k + 1), pictures::cells(pile)))
            .collect();
        let panel = Panel::new(Figure::Sequence(Sequence { rows })).note("each pile top first: Ciel takes from the left, Jiro from the right");
        let panel = pictures::with_answer::<Self>(panel, Self::brute(c, &NoOptions {}, budget));
        let line = brute::cards::principal_line(c, budget).map(|line| {
            let take = |(k, t): (usize, brute::cards::Take)| {
                let (who, end) = if k % 2 == 0 { ("Ciel", "top") } else { ("Jiro", "bottom") };
                format!("{who} takes {} from the {end} of pile {}", t.card, t.pile + 1)
            };
            line.into_iter().enumerate().map(take).collect()
        });
        Some(panel.note(pictures::line_note(line)))
    }
}
