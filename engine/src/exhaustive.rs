//! Exhaustive runs: a stress run whose cases are every instance of an
//! enumeration ([`gen::Space`]), in the family's order of size, instead of
//! random ones; at the end a certificate line says what was verified.
//!
//! Idea: case `i` of the run is instance `i` of the enumeration, so shards,
//! rounds, blame and the corpus work unchanged; a [`Cursor`] reads the lazy
//! iterator once, in order, filling each round's cases before the round runs
//! in parallel. Nothing is shrunk: the first failure met is a smallest one.
//!
//! Reference: Runciman, Naylor, Lindblad, "SmallCheck and Lazy SmallCheck" (2008).

use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use gen::{Count, Family, Space, Symmetry};
use sandbox::signals::cancelled;
use serde::{Deserialize, Serialize};

/// Spaces larger than this are refused unless `--exhaustive-limit` raises it:
/// ten million cases are minutes of brute at the sizes a space that large holds.
pub const DEFAULT_LIMIT: u128 = 10_000_000;

/// The plan and the cursor of an exhaustive run over `family`'s instances,
/// refused when the family cannot enumerate them or holds more than `limit`.
pub fn enumerate<F: Family>(family: &F, limit: u128, origin: &str, problem: &str) -> Result<(Plan, Cursor<F::Instance>)>
where
    F::Instance: Clone + Send + 'static,
{
    let space = (family.exhaust()).map_err(|why| anyhow!("{origin}: --exhaustive: {problem}: {why}"))?;
    let plan = Plan::of(&space, limit).with_context(|| format!("{origin}: --exhaustive"))?;
    Ok((plan, Cursor::new(&space)))
}

/// What an exhaustive run enumerates, without the instances: what the banner,
/// the certificate line, the corpus entries and the summary say.
#[derive(Clone, Debug)]
pub struct Plan {
    /// `every rooted tree with 1 to 12 vertices`.
    pub what: String,
    pub symmetry: Symmetry,
    /// `vertices`, `edges, then vertices`.
    pub order: &'static str,
    pub count: Count,
    /// `n = [1, 12]`, one per bounding `[gen]` key.
    pub bounds: Vec<(String, i64, i64)>,
    /// Words that replace the symmetry's where the input's own marks say
    /// what is removed: `up to the order of the edges` (a spec's `#@multiset`).
    pub up_to: Option<String>,
}

impl Plan {
    /// The plan of `space`, refused when it holds more than `limit` instances.
    pub fn of<C>(space: &Space<C>, limit: u128) -> Result<Plan> {
        if let Err(why) = space.within(limit) {
            bail!("{why}");
        }
        Ok(Plan {
            what: space.what.clone(),
            symmetry: space.symmetry,
            order: space.order,
            count: space.count(),
            bounds: (space.bounds.iter())
                .map(|b| (b.key.to_string(), wide(b.range.lo), wide(b.range.hi)))
                .collect(),
            up_to: None,
        })
    }

    /// What each instance stands for: `up to isomorphism`.
    pub fn symmetry_words(&self) -> &str {
        self.up_to.as_deref().unwrap_or(self.symmetry.words())
    }

    /// The run's case count: the space's, or its upper bound (the run ends
    /// where the enumeration does).
    pub fn cases(&self) -> u64 {
        u64::try_from(self.count.bound()).unwrap_or(u64::MAX)
    }

    /// The claim as known before the run: the count may be an upper bound.
    pub fn announce(&self) -> String {
        format!("{} ({} instances, {})", self.what, self.count, self.symmetry_words())
    }

    /// `every rooted tree with 1 to 12 vertices (7 813 instances, up to isomorphism)`,
    /// with the number of instances that were enumerated.
    pub fn claim(&self, instances: u64) -> String {
        let noun = if instances == 1 { "instance" } else { "instances" };
        format!(
            "{} ({} {noun}, {})",
            self.what,
            Count::Exact(instances.into()),
            self.symmetry_words()
        )
    }

    /// The record `--summary` keeps.
    pub fn record(&self) -> Record {
        Record {
            exhaustive: true,
            what: self.what.clone(),
            symmetry: self.symmetry_words().to_string(),
            order: self.order.to_string(),
            bounds: (self.bounds.iter())
                .map(|(key, lo, hi)| Bound {
                    key: key.clone(),
                    lo: *lo,
                    hi: *hi,
                })
                .collect(),
            instances: self.cases(),
            instances_exact: self.count.is_exact(),
        }
    }
}

/// An exhaustive run as `--summary` records it (all shards agree on it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub exhaustive: bool,
    pub what: String,
    pub symmetry: String,
    /// The order of the enumeration: the family's size.
    pub order: String,
    pub bounds: Vec<Bound>,
    /// Instances in the whole space over all shards (an upper bound when
    /// `instances_exact` is false: the shards' `cases_run` add up to the count).
    pub instances: u64,
    pub instances_exact: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bound {
    pub key: String,
    pub lo: i64,
    pub hi: i64,
}

fn wide(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// The enumeration read once, in order, a round at a time. A thread of its
/// own runs the enumerator ahead of the rounds, so enumerating overlaps
/// checking, and a signal is acted on even while a large family is still
/// building its first instances.
pub struct Cursor<C> {
    state: Mutex<State<C>>,
}

struct State<C> {
    instances: Receiver<C>,
    /// The index of the instance `instances` yields next.
    next: u64,
    /// The current round's cases, by index, in increasing order.
    round: Vec<(u64, C)>,
}

/// Instances the enumerating thread may run ahead of the rounds.
const AHEAD: usize = 1 << 14;

impl<C: Clone + Send + 'static> Cursor<C> {
    pub fn new(space: &Space<C>) -> Self {
        let space = space.clone();
        Cursor::over(move || space.instances())
    }

    /// A cursor over the instances `make` returns, called on the enumerating thread.
    pub fn over(make: impl FnOnce() -> Box<dyn Iterator<Item = C> + Send> + Send + 'static) -> Self {
        let (send, instances) = mpsc::sync_channel(AHEAD);
        // The thread ends when the run drops the cursor, or with the process.
        std::thread::Builder::new()
            .name("enumerate".into())
            .spawn(move || {
                for instance in make() {
                    if send.send(instance).is_err() {
                        return;
                    }
                }
            })
            .expect("cannot start the enumerating thread");
        Cursor {
            state: Mutex::new(State {
                instances,
                next: 0,
                round: Vec::new(),
            }),
        }
    }

    /// Reads the instances `ids` (increasing, past every earlier round's) and
    /// returns how many of them exist: fewer where the enumeration ends, or
    /// when a signal stops the run.
    pub fn prepare(&self, ids: &[u64]) -> usize {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.round.clear();
        for &id in ids {
            debug_assert!(id >= s.next, "rounds go forward");
            // Instances between two of a shard's ids are other shards'.
            while s.next <= id {
                let Some(instance) = next(&s.instances) else {
                    return s.round.len();
                };
                s.next += 1;
                if s.next > id {
                    s.round.push((id, instance));
                }
            }
        }
        s.round.len()
    }

    /// Instance `id` of the current round.
    pub fn get(&self, id: u64) -> Result<C, String> {
        let s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let at = (s.round.binary_search_by_key(&id, |(i, _)| *i))
            .map_err(|_| format!("instance {id} of the enumeration is not in this round"))?;
        Ok(s.round[at].1.clone())
    }
}

/// The next instance; `None` at the end of the enumeration or on a signal.
fn next<C>(instances: &Receiver<C>) -> Option<C> {
    loop {
        match instances.recv_timeout(Duration::from_millis(50)) {
            Ok(instance) => return Some(instance),
            Err(RecvTimeoutError::Timeout) if !cancelled() => continue,
            Err(_) => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gen::enumerate::Bound as GenBound;
    use gen::SizeRange;

    fn space(n: u32) -> Space<u32> {
        Space::new(
            format!("every number below {n}"),
            Symmetry::None,
            "value",
            Count::Exact(n.into()),
            vec![GenBound::new("values", SizeRange::new(0, u64::from(n) - 1))],
            move || Box::new(0..n),
        )
    }

    #[test]
    fn rounds_read_the_enumeration_in_order_and_stop_at_its_end() {
        let cursor = Cursor::new(&space(10));
        // Shard 2 of 3: indices 1, 4, 7, then 10 past the end.
        assert_eq!(cursor.prepare(&[1, 4]), 2);
        assert_eq!(
            (cursor.get(1).ok(), cursor.get(4).ok(), cursor.get(0).ok()),
            (Some(1), Some(4), None)
        );
        assert_eq!(cursor.prepare(&[7, 10, 13]), 1);
        assert_eq!((cursor.get(7).ok(), cursor.get(4).ok()), (Some(7), None));
    }

    #[test]
    fn a_space_over_the_limit_is_refused_with_its_count_and_keys() {
        let err = Plan::of(&space(100), 99).unwrap_err().to_string();
        assert!(
            err.contains("100 instances") && err.contains("`values` = [0, 99]"),
            "{err}"
        );
        assert!(err.contains("--exhaustive-limit"), "{err}");
        let plan = Plan::of(&space(100), 100).unwrap();
        assert_eq!(
            plan.claim(100),
            "every number below 100 (100 instances, each a different game)"
        );
        assert_eq!(plan.cases(), 100);
    }
}
