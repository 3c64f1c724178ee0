//! Shrinking a failing input of any format, in layers (`shrink` in the
//! problem file, `--shrink-layers` on the command line):
//!
//! - `gen`: the generator again, with each `[gen]` value lowered toward its
//!   lower bound (along [`text::ladder`]: to it, halfway, ..., minus one) and, at each value, the case's
//!   seed and a few others;
//! - `spec`: structural moves on the input read by the spec ([`super::spec::shrink`]);
//! - `text`: delta debugging over lines and tokens, and integers lowered ([`super::text`]).
//!
//! The driver is the engine's ([`crate::shrink`]), greedy to a fixpoint per
//! layer: the first candidate that is valid, answered by brute, and still
//! fails with the same verdict kind is taken. At a layer's fixpoint, pairs of
//! edits are tried: a structural edit (items dropped, a vertex deleted, an
//! edge contracted, lines dropped) and then any edit of the layer. An input
//! whose validity or failure ties its parts together can need two edits
//! where each alone is refused or passes (two heaps whose values cancel: one
//! dropped, the other lowered).
//!
//! Every program run is remembered for the shrink: layers and levels propose
//! the same text again (after a step, from another seed at a small value), and
//! each proposal would cost a generator, validator, brute and contender run.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use gen::Rng;
use sandbox::signals::cancelled;

use super::case::{Draw, Tools};
use super::file::Layer;
use super::spec::shrink::Moves;
use super::spec::{Counted, Spec};
use super::subject::{Case, Own};
use super::text;
use crate::shrink::{self, Shrink};
use crate::subject::Failing;
use crate::verdict::Failure;

/// A smaller input to try: a text, or generator parameters.
pub enum Candidate {
    Text(String),
    /// A text a structural edit of layer `.0` made, which any edit of that
    /// layer may edit once more at its fixpoint.
    First(usize, String),
    Draw(Draw),
}

/// The most second edits offered after one first edit: building them costs
/// a rewrite of the text each.
const SECOND_EDITS: usize = 1024;

/// Other seeds tried at each lowered `[gen]` value.
const OTHER_SEEDS: u64 = 7;

/// One kind of move, in levels (chunk sizes, keys, integers) tried in order.
trait Phase: Sync {
    fn levels(&self, best: &Case) -> usize;
    fn level(&self, best: &Case, i: usize) -> Vec<Candidate>;
    /// Whether its edits change the input's structure (items, lines, values of
    /// a domain), and are tried first in pairs at the layer's fixpoint.
    fn structural(&self) -> bool {
        false
    }
}

struct GenValues<'t>(&'t Tools);

impl Phase for GenValues<'_> {
    fn levels(&self, best: &Case) -> usize {
        match (&best.draw, &self.0.file.programs.gen) {
            (Some(d), Some(_)) => d.values.len(),
            _ => 0,
        }
    }

    /// Key `i` lowered along the ladder with the case's seed, then with a few
    /// other seeds: a smaller value usually fails with the same seed already.
    fn level(&self, best: &Case, i: usize) -> Vec<Candidate> {
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

/// The candidate texts of a text at a level.
type Level<'t> = Box<dyn Fn(&str, usize) -> Vec<String> + Sync + 't>;

/// A phase on the text alone: its level count and candidates at a level.
struct OnText<'t> {
    levels: Box<dyn Fn(&str) -> usize + Sync + 't>,
    level: Level<'t>,
    structural: bool,
}

impl Phase for OnText<'_> {
    fn levels(&self, best: &Case) -> usize {
        (self.levels)(&best.input)
    }

    fn level(&self, best: &Case, i: usize) -> Vec<Candidate> {
        (self.level)(&best.input, i).into_iter().map(Candidate::Text).collect()
    }

    fn structural(&self) -> bool {
        self.structural
    }
}

/// What the programs made of a draw (its input, `None`: the generator failed)
/// and of an input (brute's answer and the contender's failure, `None`: invalid,
/// unanswered, or passed), while the texts kept stay within [`MEMO_BUDGET`].
#[derive(Default)]
struct Memo {
    drawn: Cells<Draw, Option<String>>,
    judged: Cells<String, Option<(String, Failure)>>,
    /// Bytes of text the two maps hold.
    kept: AtomicUsize,
}

/// The most bytes of inputs and answers the memo keeps. Past it, a text met
/// again is run again instead of remembered: shrinking a 50 MB find must not
/// keep every candidate it tried.
const MEMO_BUDGET: usize = 64 << 20;

/// One value per key, computed once.
type Cells<K, V> = Mutex<HashMap<K, Arc<OnceLock<V>>>>;

/// Looks `key` up in `map`, or computes it and keeps it while the memo's
/// budget allows (`weight`: the bytes of text a key and its value hold). A
/// thread that asks for a key another is computing waits for that value: two
/// candidates of one level often make the same text at the same moment.
fn remembered<K: std::hash::Hash + Eq + Clone, V: Clone>(
    map: &Cells<K, V>,
    kept: &AtomicUsize,
    key: &K,
    weight: impl Fn(&K, &V) -> usize,
    compute: impl FnOnce() -> V,
) -> V {
    let cell = {
        let mut map = map.lock().unwrap_or_else(PoisonError::into_inner);
        match map.get(key) {
            Some(cell) => Arc::clone(cell),
            None if kept.load(Ordering::Relaxed) < MEMO_BUDGET => Arc::clone(map.entry(key.clone()).or_default()),
            None => {
                drop(map);
                return compute();
            }
        }
    };
    let mut fresh = false;
    let value = cell
        .get_or_init(|| {
            fresh = true;
            compute()
        })
        .clone();
    if fresh {
        kept.fetch_add(weight(key, &value), Ordering::Relaxed);
    }
    value
}

/// The bytes of text a drawn input holds.
fn drawn_weight(_: &Draw, input: &Option<String>) -> usize {
    input.as_ref().map_or(0, String::len)
}

/// The bytes of text a judged input, its answer and the failure's output hold.
fn judged_weight(input: &str, judged: &Option<(String, Failure)>) -> usize {
    input.len()
        + judged.as_ref().map_or(0, |(expected, failure)| {
            expected.len() + failure.actual.len() + failure.detail.len()
        })
}

/// A problem file's shrinker: the layers the file (or `--shrink-layers`) names,
/// each a list of phases over the input's text or the generator's parameters.
pub struct Layers<'t> {
    own: &'t Own,
    contender: usize,
    memo: Memo,
    phases: Vec<Vec<Box<dyn Phase + 't>>>,
}

impl<'t> Layers<'t> {
    pub fn new(own: &'t Own, contender: usize, start: &Failing<Own>) -> Self {
        let memo = Memo::default();
        // The failing input is answered already.
        remembered(
            &memo.judged,
            &memo.kept,
            &start.unit[0].input,
            |k: &String, v: &_| judged_weight(k, v),
            || Some((start.expected[0].clone(), start.failure.clone())),
        );
        let phases = own.layers.iter().map(|&layer| phases(own, layer)).collect();
        Layers {
            own,
            contender,
            memo,
            phases,
        }
    }
}

/// A phase on the text alone, from its level count and its candidates at a level: `structural`
/// when it changes the text's structure (tried first in pairs), not when it lowers values.
fn on_text<'t>(
    structural: bool,
    levels: impl Fn(&str) -> usize + Sync + 't,
    level: impl Fn(&str, usize) -> Vec<String> + Sync + 't,
) -> Box<dyn Phase + 't> {
    Box::new(OnText {
        levels: Box::new(levels),
        level: Box::new(level),
        structural,
    })
}

/// A structural phase of the spec's moves on bound `d`'s domain (`n`): `move_` for each bound.
fn on_domain<'t>(spec: Option<&'t Spec>, move_: fn(&Moves, usize) -> Vec<String>) -> Box<dyn Phase + 't> {
    on_text(
        true,
        move |t| spec.and_then(|s| s.moves(t)).map_or(0, |m| m.renumber_levels().len()),
        move |t, i| {
            let Some(m) = spec.and_then(|s| s.moves(t)) else {
                return vec![];
            };
            m.renumber_levels().get(i).map_or(vec![], |&d| move_(&m, d))
        },
    )
}

/// The phases of a layer, in order.
fn phases(own: &Own, layer: Layer) -> Vec<Box<dyn Phase + '_>> {
    let spec = own.tools.spec.as_ref();
    match layer {
        Layer::Gen => vec![Box::new(GenValues(&own.tools))],
        Layer::Spec => vec![
            on_text(
                true,
                move |t| spec.and_then(|s| s.moves(t)).map_or(0, |m| m.drop_levels().len()),
                move |t, i| {
                    let Some(m) = spec.and_then(|s| s.moves(t)) else {
                        return vec![];
                    };
                    m.drop_levels().get(i).map_or(vec![], |&(r, k)| m.drop(r, k))
                },
            ),
            on_domain(spec, |m, d| m.delete(d)),
            on_domain(spec, |m, d| m.contract(d)),
            on_domain(spec, |m, d| m.renumber(d)),
            on_text(
                false,
                move |t| spec.and_then(|s| s.moves(t)).map_or(0, |m| m.lower_levels()),
                move |t, i| spec.and_then(|s| s.moves(t)).map_or(vec![], |m| m.lower(i)),
            ),
        ],
        Layer::Text => vec![
            on_text(
                true,
                |t| text::line_levels(t).len(),
                |t, i| text::line_levels(t).get(i).map_or(vec![], |&k| text::drop_lines(t, k)),
            ),
            on_text(
                true,
                |t| text::token_levels(t).len(),
                |t, i| {
                    text::token_levels(t)
                        .get(i)
                        .map_or(vec![], |&k| text::drop_tokens(t, k))
                },
            ),
            on_text(false, |t| text::integers(t).len(), text::lower_integer),
        ],
    }
}

impl Shrink for Layers<'_> {
    type Item = Failing<Own>;
    type Candidate = Candidate;

    fn layers(&self) -> Vec<shrink::Layer> {
        self.own
            .layers
            .iter()
            .zip(&self.phases)
            .map(|(layer, phases)| shrink::Layer {
                name: layer.as_str(),
                phases: phases.len(),
                pairs: phases.iter().any(|p| p.structural()),
            })
            .collect()
    }

    fn levels(&self, layer: usize, phase: usize, best: &Failing<Own>) -> usize {
        self.phases[layer][phase].levels(&best.unit[0])
    }

    fn candidates(&self, layer: usize, phase: usize, level: usize, best: &Failing<Own>) -> Vec<Candidate> {
        let phase = &self.phases[layer][phase];
        let cands = phase.level(&best.unit[0], level);
        if !phase.structural() {
            return cands;
        }
        cands
            .into_iter()
            .map(|c| match c {
                Candidate::Text(t) => Candidate::First(layer, t),
                other => other,
            })
            .collect()
    }

    /// Every edit of the first edit's layer, on the text it made: a value
    /// lowered can make valid or failing what a structural edit alone did not
    /// (a heap dropped and another lowered).
    fn further(&self, c: &Candidate) -> Vec<Candidate> {
        let Candidate::First(layer, text) = c else {
            return vec![];
        };
        let case = Case {
            input: text.clone(),
            draw: None,
            slow: false,
        };
        let mut out = Vec::new();
        for phase in &self.phases[*layer] {
            for level in 0..phase.levels(&case) {
                if out.len() >= SECOND_EDITS {
                    return out;
                }
                out.extend(phase.level(&case, level));
            }
        }
        out
    }

    /// Does the candidate still fail the same way, on a valid input brute answers?
    fn reproduce(&self, c: &Candidate, best: &Failing<Own>) -> Option<Failing<Own>> {
        let tools = &self.own.tools;
        let (input, draw) = match c {
            Candidate::Text(t) | Candidate::First(_, t) => (t.clone(), None),
            Candidate::Draw(d) => {
                let input = remembered(&self.memo.drawn, &self.memo.kept, d, drawn_weight, || {
                    tools.generate(d).ok()
                })?;
                (input, Some(d.clone()))
            }
        };
        let was = &best.unit[0];
        // A redrawn input may be longer; only a shorter or equal one is progress.
        if draw.is_some() && size(&input) > size(&was.input) {
            return None;
        }
        if input == was.input && draw == was.draw {
            return None;
        }
        let contender = &tools.contenders[self.contender];
        let (expected, failure) = remembered(
            &self.memo.judged,
            &self.memo.kept,
            &input,
            |k: &String, v: &_| judged_weight(k, v),
            || {
                tools.validate(&input).ok()?;
                let expected = tools.answer(&input).ok()?;
                let failure = tools.judge(contender, &input, &expected).err()?;
                Some((expected, failure))
            },
        )?;
        // A run cut down by Ctrl-C proves nothing.
        (failure.kind == best.failure.kind && !cancelled()).then_some(Failing {
            unit: vec![Case {
                input,
                draw,
                slow: false,
            }],
            expected: vec![expected],
            failure,
        })
    }

    fn size(&self, item: &Failing<Own>) -> String {
        describe(&self.own.tools, &item.unit[0].input)
    }
}

/// Tokens, then bytes: what "smaller" means for an input of unknown format.
pub fn size(input: &str) -> (usize, usize) {
    (input.split_whitespace().count(), input.len())
}

/// `10 cases, 2 113 tokens` or `1 case of 3 heaps, 4 tokens` (what the spec counts, when it
/// counts), else `12 lines, 2 113 tokens`.
pub fn describe(tools: &Tools, input: &str) -> String {
    let tokens = group(input.split_whitespace().count());
    match tools.spec.as_ref().and_then(|s| s.counted(input)) {
        Some(Counted::Cases(1)) => format!("1 case, {tokens} tokens"),
        Some(Counted::Cases(n)) => format!("{} cases, {tokens} tokens", group(n)),
        Some(Counted::Values { count, noun }) => format!("1 case of {} {noun}, {tokens} tokens", group(count)),
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
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(group(7), "7");
        assert_eq!(group(2113), "2 113");
        assert_eq!(group(1_000_000), "1 000 000");
    }
}
