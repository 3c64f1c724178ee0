//! How the harness shows text to a reader: long program output clipped.

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
