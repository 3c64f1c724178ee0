//! How the harness shows text to a reader: long program output clipped,
//! tables in aligned columns.

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
