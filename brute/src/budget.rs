//! A cap on the work one brute-force search may do.

use std::fmt;

/// The most distinct states a search may memoize before giving up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub max_states: usize,
}

impl Default for Budget {
    fn default() -> Self {
        Budget { max_states: 2_000_000 }
    }
}

impl Budget {
    pub fn new(max_states: usize) -> Self {
        Budget { max_states }
    }
}

/// The search needed more states than its [`Budget`] allowed. The harness
/// reports such a case as skipped, never as passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooBig {
    pub max_states: usize,
}

impl fmt::Display for TooBig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "brute force gave up after {} states", self.max_states)
    }
}

impl std::error::Error for TooBig {}
