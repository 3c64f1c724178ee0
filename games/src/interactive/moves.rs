//! Move syntax shared by the pile games: `i x`, take `x >= 1` from pile `i`
//! (1-based).

/// Take `take` from pile `pile` (0-based inside, 1-based on the wire).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PileMove {
    pub pile: usize,
    pub take: u64,
}

/// The integers of a move line, exactly `count` of them; why not.
pub fn integers(line: &str, count: usize, shape: &str) -> Result<Vec<i64>, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() != count {
        return Err(format!("a move is `{shape}`: {count} integers on one line"));
    }
    words
        .iter()
        .map(|w| {
            w.parse::<i64>()
                .map_err(|_| format!("`{}` is not an integer; a move is `{shape}`", w.escape_debug()))
        })
        .collect()
}

/// Reads `i x` against `piles`: a pile that exists, and 1 to all of its stones.
pub fn pile_move(piles: &[u64], line: &str) -> Result<PileMove, String> {
    let v = integers(line, 2, "i x")?;
    let (i, x) = (v[0], v[1]);
    if i < 1 || i as u64 > piles.len() as u64 {
        return Err(format!("there is no pile {i}: piles are 1 to {}", piles.len()));
    }
    let pile = (i - 1) as usize;
    if x < 1 || x as u64 > piles[pile] {
        return Err(format!(
            "pile {i} has {} stones: take 1 to {}",
            piles[pile], piles[pile]
        ));
    }
    Ok(PileMove { pile, take: x as u64 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_must_name_a_pile_and_take_what_it_has() {
        assert_eq!(pile_move(&[3, 1], "2 1"), Ok(PileMove { pile: 1, take: 1 }));
        assert!(pile_move(&[3, 1], "2 2").unwrap_err().contains("take 1 to 1"));
        assert!(pile_move(&[3, 1], "0 0").unwrap_err().contains("no pile 0"));
        assert!(pile_move(&[3, 1], "3 1").unwrap_err().contains("no pile 3"));
        assert!(pile_move(&[3, 1], "1 0").is_err());
        assert!(pile_move(&[3, 1], "1").is_err());
        assert!(pile_move(&[3, 1], "1 1 1").is_err());
        assert!(pile_move(&[3, 1], "a b").unwrap_err().contains("not an integer"));
    }
}
