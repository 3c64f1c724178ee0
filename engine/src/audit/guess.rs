//! Generic wrong answers: what a contestant who did not solve the problem
//! submits, chosen by the answer's type alone, never by the game.
//!
//! Problem: a test set must show that a trivial heuristic fails: "always the
//! first player", "the parity of n", "the Sprague-Grundy value is n". A game's
//! `Problem` cannot be asked for such heuristics one by one without writing
//! the same three for every game.
//!
//! Idea: the answer type says what kind of answer it is. A `bool` is who wins
//! (or win/lose): always one side, always the other, and the parity of the
//! instance's leading quantity (the first number [`Problem::size`] states, `n`
//! for most). An unsigned integer is a value or a score: always 0, always 1,
//! the leading quantity itself, and its parity. A `Vec<bool>` is one verdict per
//! part: every part one way or the other, shaped as the right answer. A
//! `Vec<u32>` is a list (moves, indices, one value per k): nothing at all (no
//! winning move, no mistake), and the right list reversed (read from the wrong
//! end). A pair of `u64` is two players' scores: swapped (the wrong player's
//! view), split evenly, and all to the first player. The type is read with
//! [`Any`], so each problem gets its heuristics without a line of its own; a
//! problem whose answer is a type of its own adds its guesses
//! ([`Problem::guesses`]).
//!
//! Complexity: O(1) per case (O(parts) for lists), after the judge's parser.
//!
//! Reference: "anti-heuristic tests" in Polygon's test-set advice, and
//! mutation testing's trivial mutants (return a constant).
//!
//! [`Problem::size`]: crate::Problem::size
//! [`Problem::guesses`]: crate::Problem::guesses

use std::any::Any;

/// One generic wrong answer to a case.
pub enum Guess<A> {
    /// The same answer to every case; named by the judge's spelling of it (`always First`).
    Always(A),
    /// A rule of the case's leading quantity or of the right answer's shape.
    Rule(&'static str, A),
}

/// The generic wrong answers to a case whose right answer is `right` and whose
/// leading quantity is `size`; the same list, in the same order, for every case
/// of a problem (it depends only on the type of `A`).
pub fn guesses<A: Any + Clone>(right: &A, size: u64) -> Vec<Guess<A>> {
    let any = right as &dyn Any;
    if any.is::<bool>() {
        return vec![
            Guess::Always(cast(true)),
            Guess::Always(cast(false)),
            Guess::Rule("odd size wins", cast(size % 2 == 1)),
        ];
    }
    if any.is::<u64>() {
        return integers(size, |v| cast(v));
    }
    if any.is::<u32>() {
        return integers(size, |v| cast(u32::try_from(v).unwrap_or(u32::MAX)));
    }
    if let Some(parts) = any.downcast_ref::<Vec<bool>>() {
        return vec![
            Guess::Rule("every part true", cast(vec![true; parts.len()])),
            Guess::Rule("every part false", cast(vec![false; parts.len()])),
        ];
    }
    if let Some(list) = any.downcast_ref::<Vec<u32>>() {
        return vec![
            Guess::Always(cast(Vec::<u32>::new())),
            Guess::Rule(
                "the list reversed",
                cast(list.iter().rev().copied().collect::<Vec<u32>>()),
            ),
        ];
    }
    if let Some(&(first, second)) = any.downcast_ref::<(u64, u64)>() {
        let total = first.saturating_add(second);
        return vec![
            Guess::Rule("the scores swapped", cast((second, first))),
            Guess::Rule("the total split evenly", cast((total - total / 2, total / 2))),
            Guess::Rule("all to the first player", cast((total, 0u64))),
        ];
    }
    Vec::new()
}

fn integers<A>(size: u64, of: impl Fn(u64) -> A) -> Vec<Guess<A>> {
    vec![
        Guess::Always(of(0)),
        Guess::Always(of(1)),
        Guess::Rule("the size", of(size)),
        Guess::Rule("parity of the size", of(size % 2)),
    ]
}

/// `value` as `A`, which the caller checked it is.
fn cast<A: Any, V: Any>(value: V) -> A {
    *(Box::new(value) as Box<dyn Any>)
        .downcast::<A>()
        .expect("the caller checked the type")
}

/// The leading quantity of a size description: its first whole number
/// (`n=9 m=14` is 9); 0 when it states none.
pub fn leading(size: &str) -> u64 {
    size.split(|c: char| !c.is_ascii_digit())
        .find(|w| !w.is_empty())
        .and_then(|w| w.parse().ok())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values<A: Clone>(g: &[Guess<A>]) -> Vec<A> {
        g.iter()
            .map(|g| match g {
                Guess::Always(a) | Guess::Rule(_, a) => a.clone(),
            })
            .collect()
    }

    #[test]
    fn who_wins_is_guessed_both_ways_and_by_parity() {
        assert_eq!(values(&guesses(&false, 7)), vec![true, false, true]);
        assert_eq!(values(&guesses(&true, 4)), vec![true, false, false]);
    }

    #[test]
    fn values_are_guessed_constant_and_from_the_size() {
        assert_eq!(values(&guesses(&5u64, 7)), vec![0, 1, 7, 1]);
        assert_eq!(values(&guesses(&5u32, 6)), vec![0, 1, 6, 0]);
    }

    #[test]
    fn verdicts_per_part_keep_the_right_answers_shape() {
        assert_eq!(
            values(&guesses(&vec![true, false, true], 0)),
            vec![vec![true; 3], vec![false; 3]]
        );
    }

    #[test]
    fn lists_are_guessed_empty_and_reversed() {
        assert_eq!(values(&guesses(&vec![1u32, 5, 2], 3)), vec![vec![], vec![2, 5, 1]]);
    }

    #[test]
    fn scores_are_guessed_swapped_split_and_all_to_the_first() {
        assert_eq!(values(&guesses(&(7u64, 4u64), 2)), vec![(4, 7), (6, 5), (11, 0)]);
    }

    #[test]
    fn other_answers_get_no_guess() {
        assert!(guesses(&(1u32, 2u32), 3).is_empty());
        assert!(guesses(&vec![1u64, 2], 3).is_empty());
        assert!(guesses(&"First".to_string(), 3).is_empty());
    }

    #[test]
    fn the_leading_quantity_is_the_first_number() {
        assert_eq!(leading("n=9 m=14"), 9);
        assert_eq!(leading("2 graphs, n=5 m=6"), 2);
        assert_eq!(leading("empty"), 0);
    }
}
