//! Text from outside (a config line, a checker's words) echoed in a message, clipped: a 67 MB
//! one-line file must not make a 67 MB error.

/// How much of an echoed text a message shows.
pub const ECHO: usize = 300;

/// `s` when it is at most `max` bytes; else its first `max` bytes (cut at a character boundary)
/// and how long it was.
pub fn clip(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes in all)", &s[..end], s.len())
}

/// A TOML error about `text`, shown as `origin: line L, column C: message` and the offending line
/// clipped around the error, instead of the parser's own rendering, which echoes the whole line.
pub fn toml_error(origin: &str, text: &str, e: &toml::de::Error) -> anyhow::Error {
    let message = e.message().trim_end();
    let Some(at) = e.span().map(|s| s.start.min(text.len())) else {
        return anyhow::anyhow!("{origin}: {message}");
    };
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let line_no = text[..at].matches('\n').count() + 1;
    let column = text[line_start..at].chars().count() + 1;
    let line = &text[line_start..line_end];
    // The window starts a little before the error, so the caret stays in view on a long line.
    let mut from = at.saturating_sub(line_start).saturating_sub(ECHO / 2);
    while !line.is_char_boundary(from) {
        from -= 1;
    }
    let shown = clip(&line[from..], ECHO);
    let shown = if from > 0 { format!("...{shown}") } else { shown };
    let caret = " ".repeat(line[from..at - line_start].chars().count() + if from > 0 { 3 } else { 0 });
    let length = if line.len() > ECHO {
        format!(" (the line is {} bytes)", line.len())
    } else {
        String::new()
    };
    anyhow::anyhow!("{origin}: line {line_no}, column {column}: {message}{length}\n  | {shown}\n  | {caret}^")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_kept_and_long_text_is_cut_with_its_length() {
        assert_eq!(clip("abc", 3), "abc");
        assert_eq!(clip("abcdef", 3), "abc... (6 bytes in all)");
        // "é" is two bytes: a cut inside it moves back to its start.
        assert_eq!(clip("aé", 2), "a... (3 bytes in all)");
    }

    #[test]
    fn a_toml_error_on_a_huge_line_is_short_and_points_at_the_error() {
        let text = format!("problem = \"nim\"\nabout = \"{}\" x\n", "a".repeat(1_000_000));
        let e = toml::from_str::<toml::Table>(&text).unwrap_err();
        let message = toml_error("big.toml", &text, &e).to_string();
        assert!(message.len() < 1000, "{} bytes", message.len());
        assert!(message.starts_with("big.toml: line 2, column "), "{message}");
        assert!(message.contains("(the line is 1000012 bytes)"), "{message}");
        let lines: Vec<&str> = message.lines().collect();
        let caret = lines[2].find('^').unwrap();
        assert_eq!(&lines[1][caret..caret + 1], "x", "{message}");
    }

    #[test]
    fn a_toml_error_on_a_short_line_shows_it_whole() {
        let text = "problem = \"nim\"\ncases = ?\n";
        let e = toml::from_str::<toml::Table>(text).unwrap_err();
        let message = toml_error("c.toml", text, &e).to_string();
        assert!(message.starts_with("c.toml: line 2, column 9: "), "{message}");
        assert!(message.ends_with("  | cases = ?\n  |         ^"), "{message}");
    }
}
