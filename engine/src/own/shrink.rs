//! Shrinking a failing input of any format, in layers (`shrink` in the
//! problem file, `--shrink-layers` on the command line):
//!
//! - `gen`: the generator again, with each `[gen]` value lowered toward its
//!   lower bound (along [`text::ladder`]: to it, halfway, ..., minus one) and, at each value, the case's
//!   seed and a few others;
//! - `spec`: structural moves on the input read by the spec ([`super::spec::shrink`]);
//! - `text`: delta debugging over lines and tokens, and integers lowered ([`super::text`]).
//!
//! Each layer is greedy to a fixpoint, as `crate::shrink` is for built-in
//! problems: its moves are tried in order and the first candidate that is
//! valid, answered by brute, and still fails with the same verdict kind is
//! taken. Candidates of one level are tried in parallel and the first in
//! order wins, so the result does not depend on the thread count. The
//! deadline is checked before every candidate.
//!
//! Every program run is remembered for the shrink: layers and levels propose
//! the same text again (after a step, from another seed at a small value), and
//! each proposal would cost a generator, validator, brute and contender run.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use gen::Rng;

use super::case::{Draw, Tools};
use super::file::Layer;
use super::text;
use crate::parallel;
use crate::verdict::{External, Failure};
use sandbox::signals::cancelled;

/// A failing input, what brute answered and what the contender did.
#[derive(Clone)]
pub struct Failing {
    pub input: String,
    pub expected: String,
    pub failure: Failure,
    /// The generator's parameters, while the input is still the generator's output.
    pub draw: Option<Draw>,
}

/// A smaller input to try: a text, or generator parameters.
pub enum Candidate {
    Text(String),
    Draw(Draw),
}

pub struct Shrunk {
    pub best: Failing,
    pub steps: usize,
    pub elapsed: Duration,
    /// The deadline or Ctrl-C stopped it before the fixpoint.
    pub cut_short: bool,
    /// What each layer run did, in order.
    pub layers: Vec<LayerRun>,
}

/// One layer's effect: the sizes it found and left, and its steps between.
pub struct LayerRun {
    pub layer: Layer,
    pub steps: usize,
    pub from: String,
    pub to: String,
}

impl std::fmt::Display for LayerRun {
    /// `gen: 6 cases, 13 tokens → 1 case, 3 tokens in 6 steps`, `spec: smaller values in 2 steps
    /// (1 case, 3 tokens)` when the size stayed, or `text: nothing smaller`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = self.layer.as_str();
        let steps = match self.steps {
            0 => return write!(f, "{name}: nothing smaller"),
            1 => "1 step".to_string(),
            n => format!("{n} steps"),
        };
        if self.from == self.to {
            // Only integers moved toward their bounds: the count of tokens is the same.
            write!(f, "{name}: smaller values in {steps} ({})", self.to)
        } else {
            write!(f, "{name}: {} → {} in {steps}", self.from, self.to)
        }
    }
}

/// Other seeds tried at each lowered `[gen]` value.
const OTHER_SEEDS: u64 = 7;

/// One kind of move, in levels (chunk sizes, keys, integers) tried in order.
trait Phase: Sync {
    fn levels(&self, best: &Failing) -> usize;
    fn level(&self, best: &Failing, i: usize) -> Vec<Candidate>;
}

struct GenValues<'t>(&'t Tools);

impl Phase for GenValues<'_> {
    fn levels(&self, best: &Failing) -> usize {
        match (&best.draw, &self.0.file.programs.gen) {
            (Some(d), Some(_)) => d.values.len(),
            _ => 0,
        }
    }

    /// Key `i` lowered along the ladder with the case's seed, then with a few
    /// other seeds: a smaller value usually fails with the same seed already.
    fn level(&self, best: &Failing, i: usize) -> Vec<Candidate> {
        let Some(d) = &best.draw else { return vec![] };
        let Some((key, range)) = self.0.file.ranges.get(i) else {
            return vec![];
        };
        let targets = text::ladder(d.values[key], range.lo);
        let mut rng = Rng::for_case(d.seed, i as u64);
        let seeds: Vec<u64> = std::iter::once(d.seed)
            .chain((0..OTHER_SEEDS).map(|_| rng.below(1 << 31)))
            .collect();
        seeds
            .iter()
            .flat_map(|&seed| {
                targets.iter().map(move |&t| {
                    let mut values = d.values.clone();
                    values.insert(key.clone(), t);
                    Candidate::Draw(Draw { values, seed })
                })
            })
            .collect()
    }
}

/// A phase on the text alone: its level count and candidates at a level.
struct OnText<'t> {
    levels: &'t (dyn Fn(&str) -> usize + Sync),
    level: &'t (dyn Fn(&str, usize) -> Vec<String> + Sync),
}

impl Phase for OnText<'_> {
    fn levels(&self, best: &Failing) -> usize {
        (self.levels)(&best.input)
    }

    fn level(&self, best: &Failing, i: usize) -> Vec<Candidate> {
        (self.level)(&best.input, i).into_iter().map(Candidate::Text).collect()
    }
}

pub struct Shrinker<'t> {
    pub tools: &'t Tools,
    pub contender: &'t External,
    pub layers: &'t [Layer],
    pub time: Duration,
}

/// What the programs made of a draw (its input, `None`: the generator failed)
/// and of an input (brute's answer and the contender's failure, `None`: invalid,
/// unanswered, or passed).
#[derive(Default)]
struct Memo {
    drawn: Cells<Draw, Option<String>>,
    judged: Cells<String, Option<(String, Failure)>>,
}

/// One value per key, computed once.
type Cells<K, V> = Mutex<HashMap<K, Arc<OnceLock<V>>>>;

/// Looks `key` up in `map`, or computes and keeps it. A thread that asks for a
/// key another is computing waits for that value: two candidates of one level
/// often make the same text at the same moment.
fn remembered<K: std::hash::Hash + Eq + Clone, V: Clone>(map: &Cells<K, V>, key: &K, compute: impl FnOnce() -> V) -> V {
    let cell = Arc::clone(
        map.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(key.clone())
            .or_default(),
    );
    cell.get_or_init(compute).clone()
}

impl Shrinker<'_> {
    /// Does the candidate still fail the same way, on a valid input brute answers?
    fn reproduce(&self, c: &Candidate, best: &Failing, memo: &Memo) -> Option<Failing> {
        let (input, draw) = match c {
            Candidate::Text(t) => (t.clone(), None),
            Candidate::Draw(d) => {
                let input = remembered(&memo.drawn, d, || self.tools.generate(d).ok())?;
                (input, Some(d.clone()))
            }
        };
        // A redrawn input may be longer; only a shorter or equal one is progress.
        if draw.is_some() && size(&input) > size(&best.input) {
            return None;
        }
        if input == best.input && draw == best.draw {
            return None;
        }
        let (expected, failure) = remembered(&memo.judged, &input, || {
            self.tools.validate(&input).ok()?;
            let expected = self.tools.answer(&input).ok()?;
            let failure = self.tools.judge(self.contender, &input, &expected).err()?;
            Some((expected, failure))
        })?;
        // A run cut down by Ctrl-C proves nothing.
        (failure.kind == best.failure.kind && !cancelled()).then_some(Failing {
            input,
            expected,
            failure,
            draw,
        })
    }

    pub fn shrink(&self, start: Failing) -> Shrunk {
        let began = Instant::now();
        let deadline = began + self.time;
        let mut best = start;
        let mut steps = 0;
        let mut cut_short = false;
        let mut by_layer = Vec::new();
        let memo = Memo::default();
        // The failing input is answered already.
        remembered(&memo.judged, &best.input, || {
            Some((best.expected.clone(), best.failure.clone()))
        });
        let spec = self.tools.spec.as_ref();
        let spec_drop_levels = |t: &str| spec.and_then(|s| s.moves(t)).map_or(0, |m| m.drop_levels().len());
        let spec_drop = |t: &str, i: usize| {
            let Some(m) = spec.and_then(|s| s.moves(t)) else {
                return vec![];
            };
            m.drop_levels().get(i).map_or(vec![], |&(r, k)| m.drop(r, k))
        };
        let spec_renumber_levels = |t: &str| spec.and_then(|s| s.moves(t)).map_or(0, |m| m.renumber_levels().len());
        let spec_renumber = |t: &str, i: usize| {
            let Some(m) = spec.and_then(|s| s.moves(t)) else {
                return vec![];
            };
            m.renumber_levels().get(i).map_or(vec![], |&d| m.renumber(d))
        };
        let spec_lower_levels = |t: &str| spec.and_then(|s| s.moves(t)).map_or(0, |m| m.lower_levels());
        let spec_lower = |t: &str, i: usize| spec.and_then(|s| s.moves(t)).map_or(vec![], |m| m.lower(i));
        let line_levels = |t: &str| text::line_levels(t).len();
        let lines = |t: &str, i: usize| text::line_levels(t).get(i).map_or(vec![], |&k| text::drop_lines(t, k));
        let token_levels = |t: &str| text::token_levels(t).len();
        let tokens = |t: &str, i: usize| {
            text::token_levels(t)
                .get(i)
                .map_or(vec![], |&k| text::drop_tokens(t, k))
        };
        let integer_levels = |t: &str| text::integers(t).len();
        for &layer in self.layers {
            let before = steps;
            let from = describe(self.tools, &best.input);
            let phases: Vec<Box<dyn Phase + '_>> = match layer {
                Layer::Gen => vec![Box::new(GenValues(self.tools))],
                Layer::Spec => vec![
                    Box::new(OnText {
                        levels: &spec_drop_levels,
                        level: &spec_drop,
                    }),
                    Box::new(OnText {
                        levels: &spec_renumber_levels,
                        level: &spec_renumber,
                    }),
                    Box::new(OnText {
                        levels: &spec_lower_levels,
                        level: &spec_lower,
                    }),
                ],
                Layer::Text => vec![
                    Box::new(OnText {
                        levels: &line_levels,
                        level: &lines,
                    }),
                    Box::new(OnText {
                        levels: &token_levels,
                        level: &tokens,
                    }),
                    Box::new(OnText {
                        levels: &integer_levels,
                        level: &text::lower_integer,
                    }),
                ],
            };
            loop {
                let mut changed = false;
                for phase in &phases {
                    let mut i = 0;
                    while i < phase.levels(&best) && !cut_short {
                        let cands = phase.level(&best, i);
                        let hit = parallel::find_first(cands.len(), &|c| {
                            if Instant::now() >= deadline || cancelled() {
                                return None;
                            }
                            self.reproduce(&cands[c], &best, &memo)
                                .map(|found| Box::new(found) as parallel::Erased)
                        })
                        .map(parallel::unbox::<Failing>);
                        if Instant::now() >= deadline || cancelled() {
                            cut_short = true;
                        }
                        match hit {
                            // A move that keeps the failure may leave the level's count as it
                            // was: the same level is tried again on the smaller input.
                            Some(next) if !cancelled() => {
                                best = next;
                                steps += 1;
                                changed = true;
                            }
                            _ => i += 1,
                        }
                    }
                }
                if !changed || cut_short {
                    break;
                }
            }
            by_layer.push(LayerRun {
                layer,
                steps: steps - before,
                from,
                to: describe(self.tools, &best.input),
            });
        }
        Shrunk {
            best,
            steps,
            elapsed: began.elapsed(),
            cut_short,
            layers: by_layer,
        }
    }
}

/// Tokens, then bytes: what "smaller" means for an input of unknown format.
pub fn size(input: &str) -> (usize, usize) {
    (input.split_whitespace().count(), input.len())
}

/// `10 cases, 2 113 tokens` (cases when the spec counts them), else `12 lines, 2 113 tokens`.
pub fn describe(tools: &Tools, input: &str) -> String {
    let tokens = group(input.split_whitespace().count());
    match tools.spec.as_ref().and_then(|s| s.cases(input)) {
        Some(1) => format!("1 case, {tokens} tokens"),
        Some(n) => format!("{} cases, {tokens} tokens", group(n)),
        None => {
            let lines = input.lines().count();
            format!(
                "{} line{}, {tokens} tokens",
                group(lines),
                if lines == 1 { "" } else { "s" }
            )
        }
    }
}

/// `2113` as `2 113`.
fn group(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layer_says_what_it_did() {
        let run = |steps| LayerRun {
            layer: Layer::Gen,
            steps,
            from: "6 cases, 13 tokens".into(),
            to: "1 case, 3 tokens".into(),
        };
        assert_eq!(
            run(6).to_string(),
            "gen: 6 cases, 13 tokens → 1 case, 3 tokens in 6 steps"
        );
        assert_eq!(
            run(1).to_string(),
            "gen: 6 cases, 13 tokens → 1 case, 3 tokens in 1 step"
        );
        assert_eq!(run(0).to_string(), "gen: nothing smaller");
        let same = LayerRun {
            from: "1 case, 3 tokens".into(),
            ..run(2)
        };
        assert_eq!(same.to_string(), "gen: smaller values in 2 steps (1 case, 3 tokens)");
    }

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(group(7), "7");
        assert_eq!(group(2113), "2 113");
        assert_eq!(group(1_000_000), "1 000 000");
    }
}
