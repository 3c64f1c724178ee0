//! The engines' memo: what is known of each state, in an array indexed by the state itself when
//! the game numbers its states densely (a bitset of a few edges is its own index), else in a hash
//! map. Either way it counts its states and the bytes it holds against the [`Budget`].

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
    /// `values[i]`: the entry of the state of index `i`; `len` of them are filled.
    Dense {
        values: Vec<Option<V>>,
        len: usize,
    },
    Hashed(FxHashMap<S, V>),
}

impl<S: Eq + Hash, V: Copy> Memo<S, V> {
    /// An array memo when the game numbers its states below `indices` and the array fits both
    /// [`MAX_DENSE`] and the budget's memory; else a hash map.
    pub(crate) fn new(indices: Option<usize>, budget: &Budget) -> Self {
        let table = match indices {
            Some(n) if n <= MAX_DENSE && n * size_of::<Option<V>>() <= budget.max_memory() => Table::Dense {
                values: vec![None; n],
                len: 0,
            },
            _ => Table::Hashed(FxHashMap::default()),
        };
        Memo { table }
    }

    /// States memoized, each counted once however often its entry changed.
    pub(crate) fn len(&self) -> usize {
        match &self.table {
            Table::Dense { len, .. } => *len,
            Table::Hashed(map) => map.len(),
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
            Table::Dense { values, len } => {
                let slot = &mut values[index(&key)];
                *len += usize::from(slot.is_none());
                *slot = Some(v);
            }
            Table::Hashed(map) => {
                map.insert(key, v);
            }
        }
    }

    /// Makes room for one more state, or gives up (see [`Budget::make_room`]). An array memo
    /// took all its memory when it was made, under the same cap.
    pub(crate) fn make_room(&mut self, budget: &Budget) -> Result<(), TooBig> {
        match &mut self.table {
            Table::Dense { .. } => budget.check_stopped(),
            Table::Hashed(map) => budget.make_room(map),
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
}
