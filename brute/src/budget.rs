//! A cap on the work one brute-force search may do: distinct states, the moves
//! generated from them, and the memory its memo takes.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasher, Hash};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// The most distinct states a search may memoize before giving up, and the most bytes its memo
/// may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub max_states: usize,
    /// `None`: half of what the memo can get when the first search asks (see
    /// [`Budget::max_memory`]).
    pub max_memory: Option<usize>,
    /// `None`: [`MOVES_PER_STATE`] per state (see [`Budget::max_moves`]).
    pub max_moves: Option<usize>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget::new(2_000_000)
    }
}

impl Budget {
    pub const fn new(max_states: usize) -> Self {
        Budget {
            max_states,
            max_memory: None,
            max_moves: None,
        }
    }

    /// The same budget with a memory cap of `bytes`.
    pub const fn with_max_memory(self, bytes: usize) -> Self {
        Budget {
            max_memory: Some(bytes),
            ..self
        }
    }

    /// The most moves a search may generate: the cap set, else [`MOVES_PER_STATE`] per state.
    pub const fn max_moves(&self) -> usize {
        match self.max_moves {
            Some(moves) => moves,
            None => self.max_states.saturating_mul(MOVES_PER_STATE),
        }
    }

    /// The same budget with a cap of `moves` moves generated, whatever the states.
    pub const fn with_max_moves(self, moves: usize) -> Self {
        Budget {
            max_moves: Some(moves),
            ..self
        }
    }

    /// The memory cap in bytes: the one set, else half of the lower of `MemAvailable` in
    /// `/proc/meminfo` and the address-space limit (`ulimit -v`) in `/proc/self/limits` (read
    /// once), else no cap. Half: a growing table holds its old buckets and its new ones at once.
    pub fn max_memory(&self) -> usize {
        self.max_memory.unwrap_or_else(|| {
            *DEFAULT_MEMORY.get_or_init(|| {
                let meminfo = std::fs::read_to_string("/proc/meminfo").ok();
                let limits = std::fs::read_to_string("/proc/self/limits").ok();
                half_of_reachable(meminfo.as_deref(), limits.as_deref())
            })
        })
    }

    /// Makes room in `memo` for one more state, or gives up: the table, once grown, and the
    /// `beside()` bytes the search holds in its other tables (asked only when the table is to
    /// grow) would pass the memory cap, or the allocator refused it (under an address-space
    /// limit, say). Counts the tables themselves; what states hold on the heap comes on top.
    pub(crate) fn make_room<K: Eq + Hash, V, S: BuildHasher>(
        &self,
        memo: &mut HashMap<K, V, S>,
        beside: impl FnOnce() -> usize,
    ) -> Result<(), TooBig> {
        self.check_stopped()?;
        if memo.len() < memo.capacity() {
            return Ok(());
        }
        let bytes = table_bytes::<K, V>(memo.len().saturating_add(1)).saturating_add(beside());
        let states = memo.len();
        let over = |refused| TooBig {
            max_states: self.max_states,
            stopped: false,
            moves: None,
            memory: Some(OverMemory {
                states,
                bytes,
                max_memory: self.max_memory(),
                refused,
            }),
        };
        if bytes > self.max_memory() {
            return Err(over(false));
        }
        memo.try_reserve(1).map_err(|_| over(true))
    }

    /// Gives up when [`stop`] was called.
    pub(crate) fn check_stopped(&self) -> Result<(), TooBig> {
        if stopped() {
            return Err(TooBig {
                stopped: true,
                ..TooBig::states(self.max_states)
            });
        }
        Ok(())
    }
}

/// The moves a search may generate per state of its budget, on average. States bound the memo;
/// moves bound the time, which a game with hundreds of moves per state spends generating them:
/// four Nim piles of 70 are 1.1 million states within the default budget, but 300 million moves.
pub const MOVES_PER_STATE: usize = 32;

/// The moves one search has generated so far, against [`Budget::max_moves`].
pub(crate) struct Moves {
    generated: usize,
    max: usize,
}

impl Moves {
    pub(crate) const fn new(budget: &Budget) -> Self {
        Moves {
            generated: 0,
            max: budget.max_moves(),
        }
    }

    /// Counts `n` more moves, or gives up once they pass the budget.
    pub(crate) fn add(&mut self, n: usize, budget: &Budget) -> Result<(), TooBig> {
        self.generated = self.generated.saturating_add(n);
        if self.generated > self.max {
            return Err(TooBig {
                moves: Some(self.max),
                ..TooBig::states(budget.max_states)
            });
        }
        Ok(())
    }
}

static DEFAULT_MEMORY: OnceLock<usize> = OnceLock::new();

static STOPPED: AtomicBool = AtomicBool::new(false);

/// Makes every search of the memoizing engines, running or to come, give up at its next new state
/// with a [`TooBig`] that says so: a signal to the harness must not wait for a search of minutes.
pub fn stop() {
    STOPPED.store(true, Ordering::SeqCst);
}

fn stopped() -> bool {
    STOPPED.load(Ordering::Relaxed)
}

/// Half of the lower of the available memory (`meminfo`, as in `/proc/meminfo`) and the
/// address-space limit (`limits`, as in `/proc/self/limits`); no cap when neither is known.
fn half_of_reachable(meminfo: Option<&str>, limits: Option<&str>) -> usize {
    let available = meminfo.and_then(|info| {
        let kib = info
            .lines()
            .find_map(|l| l.strip_prefix("MemAvailable:"))?
            .split_whitespace()
            .next()?
            .parse::<usize>()
            .ok()?;
        Some(kib.saturating_mul(1024))
    });
    // The soft limit, in bytes, or `unlimited`.
    let address_space = limits.and_then(|limits| {
        limits
            .lines()
            .find_map(|l| l.strip_prefix("Max address space"))?
            .split_whitespace()
            .next()?
            .parse::<usize>()
            .ok()
    });
    available
        .into_iter()
        .chain(address_space)
        .min()
        .map_or(usize::MAX, |bytes| bytes / 2)
}

/// The search needed more states, or more memory, than its [`Budget`]
/// allowed. The harness reports such a case as skipped, never as passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooBig {
    pub max_states: usize,
    /// Set when memory, not the state count, ran out.
    pub memory: Option<OverMemory>,
    /// [`stop`] was called: the search gave up unfinished, whatever its budget.
    pub stopped: bool,
    /// Set, to [`Budget::max_moves`], when the moves generated, not the states, ran out.
    pub moves: Option<usize>,
}

/// The bytes of a hash table grown to hold `entries`: the next power of two of buckets holding
/// 8/7 of them, a bucket an entry and a control byte.
pub(crate) fn table_bytes<K, V>(entries: usize) -> usize {
    if entries == 0 {
        return 0;
    }
    let buckets = (entries.saturating_mul(8) / 7).next_power_of_two();
    buckets.saturating_mul(size_of::<(K, V)>() + 1)
}

/// How far a search got when its memo would have passed the memory cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverMemory {
    /// States memoized when it gave up.
    pub states: usize,
    /// What the memo would have taken to hold one more.
    pub bytes: usize,
    pub max_memory: usize,
    /// The allocator refused the memo's growth below `max_memory`: another limit came first.
    pub refused: bool,
}

impl TooBig {
    /// Over the state budget `max_states`.
    pub const fn states(max_states: usize) -> Self {
        TooBig {
            max_states,
            memory: None,
            stopped: false,
            moves: None,
        }
    }
}

impl fmt::Display for TooBig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.stopped {
            return f.write_str("brute force was stopped by a signal before it finished");
        }
        if let (None, Some(moves)) = (self.memory, self.moves) {
            return write!(
                f,
                "brute force gave up after {moves} moves (at most {MOVES_PER_STATE} per state of its budget of {} states)",
                self.max_states
            );
        }
        match self.memory {
            None => write!(f, "brute force gave up after {} states", self.max_states),
            Some(m) if m.refused => write!(
                f,
                "brute force gave up over its memory budget: after {} states its memo would take {} MiB, \
                 which the system refused although {} MiB were allowed (--max-memory): another limit \
                 (`ulimit -v`, a container's) is lower",
                m.states,
                m.bytes >> 20,
                m.max_memory >> 20
            ),
            // A tenth of a MiB: a memo just past a cap of 1 MiB would read "1 MiB, more than 1".
            Some(m) => write!(
                f,
                "brute force gave up over its memory budget: after {} states its memo would take {:.1} MiB, \
                 more than the {} MiB allowed (--max-memory)",
                m.states,
                m.bytes as f64 / f64::from(1 << 20),
                m.max_memory >> 20
            ),
        }
    }
}

impl std::error::Error for TooBig {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_memo_that_would_pass_the_memory_cap_gives_up_with_the_figures() {
        let budget = Budget::new(usize::MAX).with_max_memory(1 << 20);
        let mut memo: HashMap<u64, u64> = HashMap::new();
        let mut k = 0u64;
        let err = loop {
            match budget.make_room(&mut memo, || 0) {
                Ok(()) => {
                    memo.insert(k, k);
                    k += 1;
                }
                Err(e) => break e,
            }
        };
        let m = err.memory.expect("memory ran out, not states");
        assert_eq!(m.states, memo.len());
        assert!(m.bytes > 1 << 20 && m.max_memory == 1 << 20, "{m:?}");
        // 17 bytes a bucket, 2^16 buckets fit in 1 MiB: the memo stops below 2^16 * 7/8.
        assert!(memo.len() > 20_000 && memo.len() <= 57_344, "{}", memo.len());
        assert!(err.to_string().contains("over its memory budget"), "{err}");
    }

    const MEMINFO: &str = "MemTotal:       16000000 kB\nMemAvailable:    8000000 kB\n";

    fn limits(address_space: &str) -> String {
        format!(
            "Limit                     Soft Limit           Hard Limit           Units\n\
             Max data size             unlimited            unlimited            bytes\n\
             Max address space         {address_space}           unlimited            bytes\n"
        )
    }

    #[test]
    fn the_default_cap_is_half_of_the_lower_of_free_memory_and_the_address_space_limit() {
        let available = 8_000_000 * 1024;
        assert_eq!(
            half_of_reachable(Some(MEMINFO), Some(&limits("unlimited"))),
            available / 2
        );
        // `ulimit -v 1000000`: the allocator would refuse long before half of the free memory.
        let limited = limits("1024000000");
        assert_eq!(half_of_reachable(Some(MEMINFO), Some(&limited)), 512_000_000);
        assert_eq!(half_of_reachable(None, Some(&limited)), 512_000_000);
        assert_eq!(half_of_reachable(None, None), usize::MAX);
    }

    #[test]
    fn a_refused_allocation_is_not_blamed_on_the_cap() {
        let over = |refused| TooBig {
            max_states: 10,
            stopped: false,
            moves: None,
            memory: Some(OverMemory {
                states: 7_340_032,
                bytes: 1056 << 20,
                max_memory: 11735 << 20,
                refused,
            }),
        };
        let refused = over(true).to_string();
        assert!(
            refused.contains("which the system refused although 11735 MiB were allowed"),
            "{refused}"
        );
        assert!(!refused.contains("more than"), "{refused}");
        assert!(over(false).to_string().contains("more than the 11735 MiB allowed"));
    }

    #[test]
    fn without_a_cap_the_default_is_part_of_the_machine() {
        let cap = Budget::new(10).max_memory();
        assert!(cap > 1 << 20, "{cap}");
    }
}
