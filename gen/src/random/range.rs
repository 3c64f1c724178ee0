//! Size ranges for `[gen]` tables: `vertices = [3, 12]` or `vertices = 7`.

use serde::{de, Deserialize, Deserializer};

use crate::rng::Rng;

/// An inclusive, non-empty range of sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeRange {
    pub lo: u64,
    pub hi: u64,
}

impl SizeRange {
    pub const fn new(lo: u64, hi: u64) -> Self {
        SizeRange { lo, hi }
    }

    /// The range narrowed to its lower end, for value tables.
    pub const fn pinned(self) -> Self {
        SizeRange::new(self.lo, self.lo)
    }

    pub fn sample(&self, rng: &mut Rng) -> u64 {
        rng.range(self.lo, self.hi)
    }

    pub fn sample_usize(&self, rng: &mut Rng) -> usize {
        self.sample(rng) as usize
    }

    /// Checks the range against the limits a family can honour, naming `key`.
    pub fn within(&self, key: &str, min: u64, max: u64) -> Result<(), String> {
        if self.lo < min || self.hi > max {
            Err(format!(
                "`{key}` = [{}, {}] must lie within [{min}, {max}]",
                self.lo, self.hi
            ))
        } else {
            Ok(())
        }
    }
}

impl<'de> Deserialize<'de> for SizeRange {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            One(u64),
            Two(Vec<u64>),
        }
        match Raw::deserialize(d)
            .map_err(|_| de::Error::custom("expected a size or a range `[lo, hi]` of non-negative integers"))?
        {
            Raw::One(v) => Ok(SizeRange::new(v, v)),
            Raw::Two(v) if v.len() == 2 => {
                if v[0] > v[1] {
                    Err(de::Error::custom(format!(
                        "the range [{}, {}] is inverted: write it as [{}, {}]",
                        v[0], v[1], v[1], v[0]
                    )))
                } else {
                    Ok(SizeRange::new(v[0], v[1]))
                }
            }
            Raw::Two(v) => Err(de::Error::custom(format!(
                "a range has exactly two bounds `[lo, hi]`, found {} values",
                v.len()
            ))),
        }
    }
}

/// A probability in [0, 1], as `loop_rate = 0.1`.
pub fn probability<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    let p = f64::deserialize(d)?;
    if (0.0..=1.0).contains(&p) {
        Ok(p)
    } else {
        Err(de::Error::custom(format!(
            "{p} is not a probability: use a value in [0, 1]"
        )))
    }
}
