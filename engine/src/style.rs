//! How the harness shows text to a reader: long program output clipped,
//! tables in aligned columns, colour on a terminal, rates and sizes in
//! figures that never round what was measured away.

/// At most `max` bytes of `s`, cut at a character boundary, marked if cut.
pub fn clip(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}\n[... {} more bytes]", &s[..end], s.len() - end)
}

/// `text` (from data: an entry, a command line) as one shell word in a command
/// for the user to run: quoted when it must be, control characters escaped, so
/// that what is printed is what runs.
pub fn shell_word(text: &str) -> String {
    match shlex::try_quote(text) {
        Ok(quoted) if !text.chars().any(char::is_control) => quoted.into_owned(),
        _ => format!("{text:?}"),
    }
}

/// `rows` as lines of aligned columns, each as wide as its widest cell, two
/// spaces apart, each line after `indent`; the last column is not padded.
pub fn columns(rows: &[Vec<String>], indent: &str) -> String {
    let mut widths: Vec<usize> = Vec::new();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            let w = cell.chars().count();
            match widths.get_mut(i) {
                Some(max) => *max = (*max).max(w),
                None => widths.push(w),
            }
        }
    }
    let mut out = String::new();
    for row in rows {
        let mut line = String::from(indent);
        for (i, cell) in row.iter().enumerate() {
            if i + 1 < row.len() {
                line.push_str(&format!("{cell:<w$}  ", w = widths[i]));
            } else {
                line.push_str(cell);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// A colour for a verdict or a find.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// Failures: FOUND, WA, RE, ...
    Red,
    /// Passes: OK.
    Green,
    /// Warnings and limits hit: TLE, MLE.
    Yellow,
}

/// Whether text for stdout gets colour: only on a terminal, and never under
/// `NO_COLOR` (no-color.org: set and not empty).
pub fn stdout_colour() -> bool {
    use std::io::IsTerminal;
    colour_allowed(std::io::stdout().is_terminal(), std::env::var_os("NO_COLOR"))
}

fn colour_allowed(terminal: bool, no_color: Option<std::ffi::OsString>) -> bool {
    terminal && no_color.is_none_or(|v| v.is_empty())
}

/// `text` in bold `colour` when `on`, else as it is.
pub fn paint(text: &str, colour: Colour, on: bool) -> String {
    if !on {
        return text.to_string();
    }
    let code = match colour {
        Colour::Red => 31,
        Colour::Green => 32,
        Colour::Yellow => 33,
    };
    format!("\x1b[1;{code}m{text}\x1b[0m")
}

/// A rate per second, in as many figures as it needs to be seen: `185`,
/// `4.1`, `0.19`, `0.0032`; a rate of zero is `0`, and only then.
pub fn rate(per_second: f64) -> String {
    if per_second >= 10.0 {
        format!("{per_second:.0}")
    } else if per_second >= 1.0 {
        format!("{per_second:.1}")
    } else if per_second > 0.0 {
        // Two significant figures below one.
        let decimals = 1 - per_second.log10().floor() as i32;
        format!("{per_second:.*}", decimals.clamp(2, 12) as usize)
    } else {
        "0".into()
    }
}

/// A size in bytes as measured, in decimal units: `512 bytes`, `233 KB`, `1.5 MB`, `114 MB`.
pub fn bytes(n: usize) -> String {
    const UNITS: [(f64, &str); 3] = [(1e9, "GB"), (1e6, "MB"), (1e3, "KB")];
    let x = n as f64;
    match UNITS.iter().find(|(unit, _)| x >= *unit) {
        Some((unit, name)) if x / unit < 10.0 => format!("{:.1} {name}", x / unit),
        Some((unit, name)) => format!("{:.0} {name}", x / unit),
        None if n == 1 => "1 byte".into(),
        None => format!("{n} bytes"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_only_on_a_terminal_and_never_under_no_color() {
        assert!(colour_allowed(true, None));
        assert!(colour_allowed(true, Some("".into())));
        assert!(!colour_allowed(true, Some("1".into())));
        assert!(!colour_allowed(false, None));
        assert_eq!(paint("FOUND", Colour::Red, false), "FOUND");
        assert_eq!(paint("OK", Colour::Green, true), "\x1b[1;32mOK\x1b[0m");
    }

    #[test]
    fn columns_line_up_whatever_the_lengths() {
        let rows = vec![
            vec!["wythoff-small".to_string(), "wythoff".to_string(), "small".to_string()],
            vec!["t".to_string(), "bunny-egg".to_string(), "x".to_string()],
        ];
        assert_eq!(
            columns(&rows, "  "),
            "  wythoff-small  wythoff    small\n  t              bunny-egg  x\n"
        );
    }

    #[test]
    fn rates_keep_their_figures_and_are_zero_only_when_nothing_ran() {
        assert_eq!(rate(185.4), "185");
        assert_eq!(rate(4.12), "4.1");
        assert_eq!(rate(3.0 / 15.86), "0.19");
        assert_eq!(rate(0.0032), "0.0032");
        assert_eq!(rate(0.0), "0");
    }

    #[test]
    fn sizes_are_shown_as_measured() {
        assert_eq!(bytes(233_000), "233 KB");
        assert_eq!(bytes(1_500_000), "1.5 MB");
        assert_eq!(bytes(114_000_000), "114 MB");
        assert_eq!(bytes(999), "999 bytes");
        assert_eq!(bytes(1), "1 byte");
    }
}
