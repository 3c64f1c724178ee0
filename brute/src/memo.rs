//! The engines' memo: what is known of each state, in an array indexed by the state itself when
//! the game numbers its states densely (a bitset of a few edges is its own index), else in a hash
//! map. Either way it counts its states and the bytes it holds against the [`Budget`]. An array
//! memo remembers which entries it filled, so that its array can be emptied in time linear in
//! the states, not the indices, and serve the next memo ([`Spare`]).

use std::hash::Hash;

use rustc_hash::FxHashMap;

use crate::{Budget, TooBig};

/// The most entries an array memo may have: zeroing it must stay cheap next to a search of few
/// states, and a table of this size sits in a core's cache.
pub(crate) const MAX_DENSE: usize = 1 << 16;

pub(crate) struct Memo<S, V> {
    table: Table<S, V>,
}

enum Table<S, V> {
    /// `values[i]`: the entry of the state of index `i` (a reused array may have more entries
    /// than indices); `len` of them are filled, and when the array is to serve the next memo,
    /// `filled` lists their indices.
    Dense {
        values: Vec<Option<V>>,
        len: usize,
        filled: Option<Vec<u32>>,
    },
    Hashed(FxHashMap<S, V>),
}

/// An array memo's buffers, emptied, for the next memo to take: zeroing a fresh array of
/// 2^16 entries costs more than a search of a few hundred states.
pub(crate) struct Spare<V> {
    values: Vec<Option<V>>,
    filled: Vec<u32>,
}

impl<V> Default for Spare<V> {
    fn default() -> Self {
        Spare {
            values: Vec::new(),
            filled: Vec::new(),
        }
    }
}

impl<S: Eq + Hash, V: Copy> Memo<S, V> {
    /// An array memo when the game numbers its states below `indices` and the array fits both
    /// [`MAX_DENSE`] and the budget's memory; else a hash map.
    pub(crate) fn new(indices: Option<usize>, budget: &Budget) -> Self {
        Memo::made(indices, budget, None)
    }

    /// As [`Memo::new`], an array memo taking the buffers of `spare` and listing the entries it
    /// fills (the list counted in its memory), to give them back by [`Memo::take_spare`].
    pub(crate) fn reusing(indices: Option<usize>, budget: &Budget, spare: Spare<V>) -> Self {
        Memo::made(indices, budget, Some(spare))
    }

    fn made(indices: Option<usize>, budget: &Budget, spare: Option<Spare<V>>) -> Self {
        let listed = if spare.is_some() { size_of::<u32>() } else { 0 };
        let table = match indices {
            Some(n) if n <= MAX_DENSE && n * (size_of::<Option<V>>() + listed) <= budget.max_memory() => {
                let (mut values, filled) = match spare {
                    Some(Spare { values, filled }) => (values, Some(filled)),
                    None => (Vec::new(), None),
                };
                if values.len() < n {
                    values.resize(n, None);
                }
                Table::Dense { values, len: 0, filled }
            }
            _ => Table::Hashed(FxHashMap::default()),
        };
        Memo { table }
    }

    /// Empties the memo, giving an array memo's buffers back for the next memo.
    pub(crate) fn take_spare(&mut self) -> Spare<V> {
        match &mut self.table {
            Table::Dense { values, len, filled } => {
                let mut filled = filled.take().unwrap_or_default();
                if filled.len() == *len {
                    for &i in &filled {
                        values[i as usize] = None;
                    }
                } else {
                    values.fill(None);
                }
                *len = 0;
                filled.clear();
                Spare {
                    values: std::mem::take(values),
                    filled,
                }
            }
            Table::Hashed(map) => {
                map.clear();
                Spare::default()
            }
        }
    }

    /// States memoized, each counted once however often its entry changed.
    pub(crate) fn len(&self) -> usize {
        match &self.table {
            Table::Dense { len, .. } => *len,
            Table::Hashed(map) => map.len(),
        }
    }

    /// An array memo's entries, by index.
    #[inline]
    pub(crate) fn dense(&self) -> Option<&[Option<V>]> {
        match &self.table {
            Table::Dense { values, .. } => Some(values),
            Table::Hashed(_) => None,
        }
    }

    /// The entry of `key`, whose index (in an array memo) is `index(key)`.
    #[inline]
    pub(crate) fn get(&self, key: &S, index: impl Fn(&S) -> usize) -> Option<V> {
        match &self.table {
            Table::Dense { values, .. } => values[index(key)],
            Table::Hashed(map) => map.get(key).copied(),
        }
    }

    /// Sets the entry of `key`; a new key must have had room made for it ([`Memo::make_room`]).
    #[inline]
    pub(crate) fn insert(&mut self, key: S, index: impl Fn(&S) -> usize, v: V) {
        match &mut self.table {
            Table::Dense { values, len, filled } => {
                let i = index(&key);
                let new = values[i].is_none();
                *len += usize::from(new);
                if let (true, Some(filled)) = (new, filled) {
                    filled.push(i as u32);
                }
                values[i] = Some(v);
            }
            Table::Hashed(map) => {
                map.insert(key, v);
            }
        }
    }

    /// Changes the entry of `key`, which the memo holds, whose index (in an array memo) is
    /// `index(key)`.
    #[inline]
    pub(crate) fn set(&mut self, key: &S, index: impl Fn(&S) -> usize, v: V) {
        match &mut self.table {
            Table::Dense { values, .. } => values[index(key)] = Some(v),
            Table::Hashed(map) => *map.get_mut(key).expect("the memo holds the key") = v,
        }
    }

    /// Makes room for one more state within the budget's states and memory, or gives up: the
    /// check of an engine entering a new state.
    pub(crate) fn admit(&mut self, budget: &Budget) -> Result<(), TooBig> {
        if self.len() >= budget.max_states {
            return Err(TooBig::states(budget.max_states));
        }
        self.make_room(budget)
    }

    /// Makes room for one more state, or gives up (see [`Budget::make_room`]). An array memo
    /// took all its memory when it was made, under the same cap.
    pub(crate) fn make_room(&mut self, budget: &Budget) -> Result<(), TooBig> {
        self.make_room_beside(budget, || 0)
    }

    /// [`Memo::make_room`] in a search that holds `beside()` bytes in other tables, which share
    /// the memory cap.
    pub(crate) fn make_room_beside(&mut self, budget: &Budget, beside: impl FnOnce() -> usize) -> Result<(), TooBig> {
        match &mut self.table {
            Table::Dense { .. } => budget.check_stopped(),
            Table::Hashed(map) => budget.make_room(map, beside),
        }
    }

    /// The bytes the memo's table holds: its array, or its hash table as grown.
    pub(crate) fn bytes(&self) -> usize {
        match &self.table {
            Table::Dense { values, filled, .. } => {
                values.len() * size_of::<Option<V>>() + filled.as_ref().map_or(0, |f| f.capacity() * size_of::<u32>())
            }
            Table::Hashed(map) => crate::budget::table_bytes::<S, V>(map.capacity()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_array_memo_counts_states_not_writes() {
        let budget = Budget::new(10);
        let mut memo: Memo<u64, u32> = Memo::new(Some(8), &budget);
        assert!(matches!(memo.table, Table::Dense { .. }));
        let index = |&s: &u64| s as usize;
        memo.insert(3, index, 1);
        memo.insert(3, index, 2);
        memo.insert(5, index, 7);
        assert_eq!(memo.len(), 2);
        assert_eq!(memo.get(&3, index), Some(2));
        assert_eq!(memo.get(&4, index), None);
    }

    #[test]
    fn too_many_indices_or_too_little_memory_make_a_hash_map() {
        let wide: Memo<u64, u32> = Memo::new(Some(MAX_DENSE + 1), &Budget::new(10));
        assert!(matches!(wide.table, Table::Hashed(_)));
        let tight: Memo<u64, u32> = Memo::new(Some(1024), &Budget::new(10).with_max_memory(1000));
        assert!(matches!(tight.table, Table::Hashed(_)));
        let none: Memo<u64, u32> = Memo::new(None, &Budget::new(10));
        assert!(matches!(none.table, Table::Hashed(_)));
    }

    #[test]
    fn a_memo_reusing_a_spare_starts_empty() {
        let budget = Budget::new(100);
        let index = |&s: &u64| s as usize;
        let mut first: Memo<u64, u32> = Memo::new(Some(64), &budget);
        for s in [0, 9, 63] {
            first.insert(s, index, 5);
        }
        // A smaller memo takes the larger array, then a larger one grows it.
        let mut second: Memo<u64, u32> = Memo::reusing(Some(16), &budget, first.take_spare());
        assert_eq!((first.len(), second.len()), (0, 0));
        assert_eq!((second.get(&0, index), second.get(&9, index)), (None, None));
        second.insert(9, index, 1);
        let third: Memo<u64, u32> = Memo::reusing(Some(128), &budget, second.take_spare());
        assert_eq!(third.len(), 0);
        assert!((0..128).all(|s| third.get(&s, index).is_none()));
    }
}
