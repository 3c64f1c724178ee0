//! Durations as people write them on a command line: `90s`, `30m`, `2h`,
//! `1h30m`, `1d`.

use std::time::Duration;

const UNITS: [(char, u64); 4] = [('d', 86_400), ('h', 3_600), ('m', 60), ('s', 1)];

/// Parses `30m`, `1h30m`, ...: whole numbers, each with a unit, largest first
/// or not; at least one second.
pub fn parse(text: &str) -> Result<Duration, String> {
    let example = "write e.g. 90s, 30m, 2h or 1h30m";
    let mut secs: u64 = 0;
    let mut digits = String::new();
    for c in text.trim().chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let Some(&(_, unit)) = UNITS.iter().find(|(u, _)| *u == c) else {
            return Err(format!(
                "`{text}` is not a duration: `{c}` is no unit (d, h, m, s); {example}"
            ));
        };
        let n: u64 = digits
            .parse()
            .map_err(|_| format!("`{text}` is not a duration: a number must come before `{c}`; {example}"))?;
        secs = n
            .checked_mul(unit)
            .and_then(|s| secs.checked_add(s))
            .ok_or_else(|| format!("`{text}` is too long a duration"))?;
        digits.clear();
    }
    if !digits.is_empty() {
        let whole = text.trim();
        // `1h30` means 1h30m; offer units below the last one given.
        let units: Vec<String> = match UNITS
            .iter()
            .position(|&(u, _)| whole.ends_with(&format!("{u}{digits}")))
        {
            Some(last) => UNITS[last + 1..]
                .iter()
                .rev()
                .map(|(u, _)| format!("{whole}{u}"))
                .collect(),
            None => ["s", "m", "h"].iter().map(|u| format!("{whole}{u}")).collect(),
        };
        let advice = match units.as_slice() {
            [one] => one.clone(),
            [init @ .., last] => format!("{} or {last}", init.join(", ")),
            // After seconds no smaller unit is left.
            [] => format!("{} without the `{digits}`", &whole[..whole.len() - digits.len()]),
        };
        return Err(format!(
            "`{text}` ends in `{digits}`, a number without a unit: write {advice}"
        ));
    }
    if secs == 0 {
        return Err(format!("`{text}` runs no case: give at least 1s; {example}"));
    }
    Ok(Duration::from_secs(secs))
}

/// `1h30m`, `45s`: the form [`parse`] reads, to whole seconds.
pub fn show(d: Duration) -> String {
    let mut left = d.as_secs();
    if left == 0 {
        return format!("{:.1}s", d.as_secs_f64());
    }
    let mut out = String::new();
    for (unit, secs) in UNITS {
        if left >= secs {
            out.push_str(&format!("{}{unit}", left / secs));
            left %= secs;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_people_write_and_shows_it_back() {
        for (text, secs) in [
            ("90s", 90),
            ("30m", 1800),
            ("2h", 7200),
            ("1h30m", 5400),
            ("1d", 86_400),
        ] {
            assert_eq!(parse(text), Ok(Duration::from_secs(secs)), "{text}");
        }
        assert_eq!(show(Duration::from_secs(5400)), "1h30m");
        assert_eq!(show(Duration::from_secs(90)), "1m30s");
        assert_eq!(
            parse(&show(Duration::from_secs(93_784))),
            Ok(Duration::from_secs(93_784))
        );
    }

    #[test]
    fn says_what_is_wrong() {
        assert!(parse("30")
            .unwrap_err()
            .contains("without a unit: write 30s, 30m or 30h"));
        assert!(
            parse("1h30")
                .unwrap_err()
                .contains("without a unit: write 1h30s or 1h30m"),
            "{:?}",
            parse("1h30")
        );
        assert!(parse("2m5").unwrap_err().contains("write 2m5s"), "{:?}", parse("2m5"));
        assert!(parse("1m30s5").unwrap_err().contains("write 1m30s without the `5`"));
        assert!(parse("30x").unwrap_err().contains("`x` is no unit"));
        assert!(parse("m").unwrap_err().contains("a number must come before `m`"));
        assert!(parse("0s").unwrap_err().contains("at least 1s"));
        assert!(parse("").unwrap_err().contains("at least 1s"));
        assert!(parse("99999999999999999d").unwrap_err().contains("too long"));
    }
}
