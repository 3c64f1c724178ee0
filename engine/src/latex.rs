//! A problem's Markdown statement ([`crate::problem_doc::statement`]) as
//! LaTeX, for the judges that read only a `.tex` statement: BAPCtools
//! (`statement/problem.en.tex`, whose `\problemname` must be the title of
//! `problem.yaml`) and Polygon (`statements/english/problem.tex`).
//!
//! Only the Markdown the statements use: `## ` headings, `- ` lists, fenced
//! code blocks (verbatim), inline `code` (typewriter) and plain text, with
//! LaTeX's special characters escaped and `<=` / `>=` as math. One pass over
//! the lines: O(length).
//!
//! Reference: the Kattis problem package format's statement
//! (`\problemname{...}`), CommonMark's headings, lists and fenced code.

/// The statement `markdown` of the problem titled `title`, as a Kattis problem file's LaTeX.
pub fn statement(title: &str, markdown: &str) -> String {
    format!("\\problemname{{{}}}\n\n{}", text(title), body(markdown))
}

/// `markdown` as LaTeX.
pub fn body(markdown: &str) -> String {
    let mut out = String::new();
    let (mut verbatim, mut list) = (false, false);
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            if list {
                out.push_str("\\end{itemize}\n");
                list = false;
            }
            out.push_str(if verbatim {
                "\\end{verbatim}\n"
            } else {
                "\\begin{verbatim}\n"
            });
            verbatim = !verbatim;
            continue;
        }
        if verbatim {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let item = line.strip_prefix("- ");
        if item.is_some() != list {
            out.push_str(if list { "\\end{itemize}\n" } else { "\\begin{itemize}\n" });
            list = !list;
        }
        if let Some(item) = item {
            out.push_str(&format!("  \\item {}\n", text(item)));
        } else if let Some(heading) = line.strip_prefix("## ") {
            out.push_str(&format!("\\section*{{{}}}\n", text(heading)));
        } else {
            out.push_str(&text(line));
            out.push('\n');
        }
    }
    if list {
        out.push_str("\\end{itemize}\n");
    }
    if verbatim {
        out.push_str("\\end{verbatim}\n");
    }
    out
}

/// A line of Markdown text as LaTeX: `code` in typewriter, the rest escaped.
pub fn text(line: &str) -> String {
    line.split('`')
        .enumerate()
        .map(|(k, part)| {
            let escaped = escape(part);
            if k % 2 == 1 {
                format!("\\texttt{{{escaped}}}")
            } else {
                escaped
            }
        })
        .collect()
}

/// LaTeX's special characters escaped, and `<=` / `>=` as the relations they mean.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '<' | '>' if chars.peek() == Some(&'=') => {
                chars.next();
                out.push_str(if c == '<' { "$\\le$" } else { "$\\ge$" });
            }
            '<' => out.push_str("$<$"),
            '>' => out.push_str("$>$"),
            '\\' => out.push_str("\\textbackslash{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_lists_code_and_special_characters() {
        let md = "Nim_2: 50% & more\n\n## Input\n\n- `n` (1 <= n <= 10^9)\n- a_i >= 0\n\n```\n1 2_3\n```\n";
        assert_eq!(
            statement("Nim #1", md),
            "\\problemname{Nim \\#1}\n\n\
             Nim\\_2: 50\\% \\& more\n\n\
             \\section*{Input}\n\n\
             \\begin{itemize}\n  \\item \\texttt{n} (1 $\\le$ n $\\le$ 10\\textasciicircum{}9)\n  \\item a\\_i $\\ge$ 0\n\\end{itemize}\n\n\
             \\begin{verbatim}\n1 2_3\n\\end{verbatim}\n"
        );
    }

    #[test]
    fn an_open_list_or_code_block_is_closed_at_the_end() {
        let tex = statement("t", "- a\n```\nx");
        assert!(
            tex.ends_with("\\item a\n\\end{itemize}\n\\begin{verbatim}\nx\n\\end{verbatim}\n"),
            "{tex}"
        );
    }
}
