//! `harness show` and the winning moves: every problem's corpus entry drawn
//! in every format and counted against its input, the errors that exit 2,
//! and winning moves computed by hand.

use std::path::{Path, PathBuf};

use games::CATALOG;

use crate::common::{harness, scratch, text, workspace};

/// The first corpus entry of `problem`, by file name.
fn first_entry(problem: &str) -> Option<PathBuf> {
    let dir = workspace().join("corpus").join(problem);
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    entries.sort();
    entries.into_iter().next()
}

/// Whether every tag of `xml` closes in order and no text holds a bare `<` or `&`.
fn well_formed(xml: &str) -> Result<(), String> {
    let mut open: Vec<String> = Vec::new();
    let mut rest = xml;
    while let Some(start) = rest.find('<') {
        let between = &rest[..start];
        if between.contains('&') && !between.split('&').skip(1).all(|t| t.contains(';')) {
            return Err(format!("a bare & in {between:?}"));
        }
        let end = rest[start..].find('>').ok_or("a tag that never ends")? + start;
        let tag = &rest[start + 1..end];
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some(o) if o == name => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
        } else if !tag.ends_with('/') && !tag.starts_with('?') && !tag.starts_with('!') {
            open.push(tag.split_whitespace().next().unwrap_or_default().to_string());
        }
        rest = &rest[end + 1..];
    }
    match open.as_slice() {
        [] => Ok(()),
        left => Err(format!("left open: {left:?}")),
    }
}

fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

/// Vertices and edges of a graph problem's input, read by hand from the judge's format.
fn graph_size(problem: &str, input: &str) -> Option<(usize, usize)> {
    let graphs = [
        "green-hackenbush",
        "dag-game",
        "election-promises",
        "forest-game",
        "combat-on-a-tree",
        "tree-game",
        "christmas-game",
    ];
    if !graphs.contains(&problem) {
        return None;
    }
    let t: Vec<usize> = input.split_whitespace().map(|w| w.parse().unwrap()).collect();
    match problem {
        "green-hackenbush" | "dag-game" | "election-promises" => Some((t[0], t[1])),
        "forest-game" | "combat-on-a-tree" => Some((t[0], t[0] - 1)),
        "tree-game" => {
            // T cases, each N then N-1 edges.
            let (mut at, mut n, mut m) = (1, 0, 0);
            for _ in 0..t[0] {
                n += t[at];
                m += t[at] - 1;
                at += 1 + 2 * (t[at] - 1);
            }
            Some((n, m))
        }
        "christmas-game" => {
            // Test cases until the end, each N graphs of `m k` and k edges.
            let (mut at, mut n, mut m) = (0, 0, 0);
            while at < t.len() {
                let graphs = t[at];
                at += 1;
                for _ in 0..graphs {
                    n += t[at];
                    m += t[at + 1];
                    at += 2 + 2 * t[at + 1];
                }
            }
            Some((n, m))
        }
        _ => unreachable!("{problem} is no graph problem"),
    }
}

/// Bars, boxes or cells of a problem drawn without a graph, by hand from the judge's format.
fn pieces(problem: &str, input: &str) -> Option<(&'static str, usize)> {
    let t: Vec<&str> = input.split_whitespace().collect();
    let num = |k: usize| t[k].parse::<usize>().unwrap();
    match problem {
        "nim" => {
            let (mut at, mut piles) = (1, 0);
            for _ in 0..num(0) {
                piles += num(at);
                at += 1 + num(at);
            }
            Some(("<rect class=\"bar", piles))
        }
        "fox-card-game" => {
            let (mut at, mut cards) = (1, 0);
            for _ in 0..num(0) {
                cards += num(at);
                at += 1 + num(at);
            }
            Some(("<rect class=\"item", cards))
        }
        "choosing-carrot" => Some(("<rect class=\"item", num(0))),
        "bunny-egg" => Some(("<rect class=\"cell", num(0) * num(1))),
        "nullify-matrix" => {
            let (mut at, mut cells) = (1, 0);
            for _ in 0..num(0) {
                cells += num(at) * num(at + 1);
                at += 2 + num(at) * num(at + 1);
            }
            Some(("<rect class=\"cell", cells))
        }
        _ => None,
    }
}

fn show(args: &[&str]) -> (Option<i32>, String, String) {
    let out = harness(&["show"].iter().chain(args).copied().collect::<Vec<_>>());
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_problem_draws_a_corpus_entry_in_every_format() {
    let mut graphs = 0;
    for p in CATALOG.problems {
        let name = p.id().name;
        let path = first_entry(name).unwrap_or_else(|| panic!("{name} has no corpus entry"));
        let entry = engine::corpus::Entry::load(&path).unwrap();
        let file = path.to_str().unwrap();
        let (code, svg, err) = show(&[file]);
        assert_eq!(code, Some(0), "{name}: {err}");
        assert!(svg.starts_with("<svg"), "{name}: {svg}");
        well_formed(&svg).unwrap_or_else(|e| panic!("{name}: the SVG is not well formed: {e}"));
        assert!(svg.contains(&format!(
            "expected: {}",
            entry.expected.split_whitespace().next().unwrap()
        )));
        let (code, dot, err) = show(&[file, "--format", "dot"]);
        assert_eq!(code, Some(0), "{name}: {err}");
        assert!(
            dot.starts_with("digraph") && dot.trim_end().ends_with('}'),
            "{name}: {dot}"
        );
        let (code, csa, err) = show(&[file, "--format", "csacademy"]);
        match graph_size(name, &entry.input) {
            Some((n, m)) => {
                graphs += 1;
                assert_eq!(code, Some(0), "{name}: {err}");
                assert_eq!(count(&svg, "class=\"node\""), n, "{name}: vertices in the SVG");
                assert_eq!(count(&svg, "<path class=\"edge"), m, "{name}: edges in the SVG");
                assert_eq!(count(&dot, " -> "), m, "{name}: edges in the DOT");
                let lines: Vec<&str> = csa.lines().collect();
                assert_eq!(lines.len(), n + m, "{name}: {csa}");
                assert!(
                    lines[..n].iter().all(|l| !l.contains(' ')),
                    "{name}: node lines first: {csa}"
                );
                assert!(
                    lines[n..].iter().all(|l| l.split(' ').count() >= 2),
                    "{name}: then edges: {csa}"
                );
            }
            None => {
                assert_eq!(code, Some(2), "{name}: csacademy takes graphs only: {csa}");
                assert!(err.contains("draws graphs"), "{name}: {err}");
                if let Some((class, k)) = pieces(name, &entry.input) {
                    assert_eq!(count(&svg, class), k, "{name}: {class} in the SVG");
                }
            }
        }
    }
    assert_eq!(graphs, 7, "the graph problems counted by hand");
}

#[test]
fn loops_and_parallel_edges_are_drawn_one_by_one() {
    let dir = scratch("show-loops");
    let input = dir.join("g.in");
    // A loop at the root and two parallel edges to vertex 2.
    std::fs::write(&input, "2 3\n1 1\n1 2\n1 2\n").unwrap();
    let file = input.to_str().unwrap();
    let (code, svg, err) = show(&["--problem", "green-hackenbush", file]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(count(&svg, "class=\"node\""), 2);
    assert_eq!(count(&svg, "<path class=\"edge"), 3);
    // The loop and each edge are worth 1 apiece: 1 xor 1 xor 1 = 1. Cutting any one of the three
    // leaves two pieces worth 1, 1 xor 1 = 0: all three cuts win.
    assert_eq!(count(&svg, "<path class=\"edge marked\""), 3, "{svg}");
    let (_, csa, _) = show(&["--problem", "green-hackenbush", file, "--format", "csacademy"]);
    assert_eq!(csa, "1\n2\n1 1 #1\n1 2 #2\n1 2 #3\n");
}

#[test]
fn a_case_of_a_config_is_drawn() {
    let (code, svg, err) = show(&["--config", "tree-game", "--case", "3"]);
    assert_eq!(code, Some(0), "{err}");
    well_formed(&svg).unwrap();
    assert!(svg.contains("--case 3"));
    let gen = harness(&["gen", "--config", "tree-game", "--case", "3"]);
    let input = String::from_utf8_lossy(&gen.stdout);
    let (n, m) = graph_size("tree-game", &input).unwrap();
    assert_eq!(
        (count(&svg, "class=\"node\""), count(&svg, "<path class=\"edge")),
        (n.min(60), m.min(59))
    );
}

#[test]
fn a_graph_past_the_limit_is_clipped_and_says_so() {
    let dir = scratch("show-big");
    let input = dir.join("path.in");
    let edges: String = (1..100).map(|v| format!("{v} {}\n", v + 1)).collect();
    std::fs::write(&input, format!("100 99\n{edges}")).unwrap();
    let (code, svg, err) = show(&["--problem", "green-hackenbush", input.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(count(&svg, "class=\"node\""), 60);
    assert!(svg.contains("drew 60 of 100 vertices"), "{svg}");
}

#[test]
fn bad_inputs_exit_2_with_check_s_words() {
    let dir = scratch("show-bad");
    let input = dir.join("bad.in");
    std::fs::write(&input, "2\n3\n1 2 3\n2\n1 x\n").unwrap();
    let file = input.to_str().unwrap();
    let (code, _, err) = show(&["--problem", "nim", file]);
    assert_eq!(code, Some(2));
    let check = harness(&["check", "--problem", "nim", file, file]);
    assert_eq!(check.status.code(), Some(2));
    let reason = |t: &str| t.lines().find(|l| l.contains("not a valid")).map(str::to_string);
    assert!(reason(&err).is_some(), "{err}");
    assert_eq!(reason(&err), reason(&text(&check)));

    let good = dir.join("good.in");
    std::fs::write(&good, "1\n2\n1 2\n").unwrap();
    let good = good.to_str().unwrap();
    let (code, _, err) = show(&["--problem", "nim", good, "-o", "/nonexistent-folder/x.svg"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("cannot write /nonexistent-folder/x.svg"), "{err}");

    let (code, _, err) = show(&["--config", "examples/euclid/euclid.toml", "--case", "1"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("only built-in problems have drawings"), "{err}");
}

#[test]
fn every_interactive_games_lost_game_is_drawn_with_its_transcript() {
    for game in [
        "nim-interactive",
        "bash-game-interactive",
        "wythoff-interactive",
        "octal-game-interactive",
        "green-hackenbush-interactive",
    ] {
        // A lost game keeps its transcript; samples and regressions have none.
        let dir = workspace().join("corpus").join(game);
        let entry = (std::fs::read_dir(&dir).unwrap())
            .map(|e| e.unwrap().path())
            .find(|p| std::fs::read_to_string(p).unwrap().contains("transcript = "))
            .unwrap_or_else(|| panic!("{game}: no lost game in {}", dir.display()));
        let (code, svg, err) = show(&[entry.to_str().unwrap()]);
        assert_eq!(code, Some(0), "{game}: {err}");
        assert!(svg.contains("transcript:") && svg.contains("jury: "), "{game}: {svg}");
    }
}

#[test]
fn png_is_drawn_by_a_converter_or_refused_naming_one() {
    let dir = scratch("show-png");
    let out = dir.join("x.png");
    let (code, _, err) = show(&[
        "--config",
        "multigraph",
        "--case",
        "1",
        "--format",
        "png",
        "-o",
        out.to_str().unwrap(),
    ]);
    let converter = ["rsvg-convert", "magick"].iter().any(|c| {
        std::process::Command::new(c)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if converter {
        assert_eq!(code, Some(0), "{err}");
        assert!(std::fs::read(&out).unwrap().starts_with(b"\x89PNG"));
    } else {
        eprintln!("skipped the PNG picture: neither rsvg-convert nor magick is on the PATH");
        assert_eq!(code, Some(2));
        assert!(err.contains("PNG"), "{err}");
    }
}

/// `harness brute --explain` on `input`: its output lines.
fn explain(problem: &str, dir: &Path, input: &str) -> Vec<String> {
    let file = dir.join(format!("{problem}.in"));
    std::fs::write(&file, input).unwrap();
    let out = harness(&["brute", "--problem", problem, file.to_str().unwrap(), "--explain"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn the_winning_moves_of_small_positions_are_the_hand_computed_ones() {
    let dir = scratch("show-explain");
    // A triangle through the root: value 1 (odd cycle). Cutting 1-2 or 3-1 leaves a path of two
    // edges (value 2); cutting 2-3 leaves two edges at the root, 1 xor 1 = 0.
    assert_eq!(
        explain("green-hackenbush", &dir, "3 3\n1 2\n2 3\n3 1\n"),
        ["1", "a winning move: cut edge 2 (2–3), leaving value 0"]
    );
    // Nim 1 2 (xor 3): only taking 1 from the pile of 2 leaves xor 0. Nim 1 1 is lost.
    assert_eq!(
        explain("nim", &dir, "2\n2\n1 2\n2\n1 1\n"),
        [
            "Yes",
            "No",
            "case 1: a winning move: take 1 from pile 2, leaving 1",
            "case 2: no winning move: the position is lost (every move leaves a winning one)"
        ]
    );
    let out = harness(&["brute", "--problem", "fox-card-game", "--explain"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
}

#[test]
fn a_found_block_names_a_move_that_brute_confirms() {
    let dir = scratch("show-found");
    let corpus = dir.join("corpus");
    let out = harness(&[
        "--config",
        "multigraph",
        "--solver",
        "wrong-cycles-even",
        "--cases",
        "2000",
        "--corpus",
        corpus.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let block = String::from_utf8_lossy(&out.stdout).into_owned();
    let line = block
        .lines()
        .find(|l| l.contains("winning move"))
        .unwrap_or_else(|| panic!("no winning move in {block}"));
    // The input is the lines between `input:` and `expected`.
    let input: Vec<&str> = block
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("input:"))
        .skip(1)
        .take_while(|l| !l.trim_start().starts_with("expected"))
        .map(str::trim)
        .collect();
    let expected = block
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("expected"))
        .nth(1)
        .unwrap()
        .trim();
    if expected == "0" {
        assert!(line.contains("no winning move"), "{line}");
        return;
    }
    // `a winning move: cut edge K (U–V), leaving value 0`: without edge K, brute says 0.
    let k: usize = line
        .split("cut edge ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let header: Vec<usize> = input[0].split(' ').map(|w| w.parse().unwrap()).collect();
    let rest: Vec<&str> = input[1..]
        .iter()
        .enumerate()
        .filter(|(j, _)| j + 1 != k)
        .map(|(_, l)| *l)
        .collect();
    let file = dir.join("cut.in");
    std::fs::write(&file, format!("{} {}\n{}\n", header[0], header[1] - 1, rest.join("\n"))).unwrap();
    let brute = harness(&["brute", "--problem", "green-hackenbush", file.to_str().unwrap()]);
    assert_eq!(
        String::from_utf8_lossy(&brute.stdout).trim(),
        "0",
        "{line} on {input:?}"
    );
}

#[test]
fn a_table_is_drawn_as_bars_or_a_heat_map_with_its_zeros_marked() {
    // Bash's game with k = 3: value n mod 4, so 0 at n = 0, 4, 8; period 4.
    let out = harness(&[
        "table",
        "--problem",
        "bash-game",
        "--set",
        "k=3",
        "--vary",
        "n=0..11",
        "--find-period",
        "--format",
        "svg",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let svg = String::from_utf8_lossy(&out.stdout);
    well_formed(&svg).unwrap();
    assert_eq!(count(&svg, "<rect class=\"bar"), 12);
    assert_eq!(count(&svg, "<rect class=\"bar marked\""), 3);
    assert!(svg.contains("period 4 from n=0"), "{svg}");
    // Wythoff's losing positions up to 5: (0,0), (1,2), (2,1), (3,5), (5,3).
    let out = harness(&[
        "table",
        "--problem",
        "wythoff",
        "--vary",
        "a=0..5",
        "--vary",
        "b=0..5",
        "--format",
        "svg",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let svg = String::from_utf8_lossy(&out.stdout);
    assert_eq!(count(&svg, "<rect class=\"cell"), 36);
    assert_eq!(count(&svg, "<rect class=\"cell marked\""), 5);
    let out = harness(&[
        "table",
        "--problem",
        "wythoff",
        "--vary",
        "a=0..200",
        "--vary",
        "b=0..200",
        "--format",
        "svg",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("more than a picture holds"), "{}", text(&out));
}

#[test]
fn a_run_report_is_one_self_contained_page_with_each_find_drawn() {
    let dir = scratch("show-report");
    let report = dir.join("run.html");
    let out = harness(&[
        "--config",
        "multigraph",
        "--solver",
        "wrong-cycles-even",
        "--cases",
        "2000",
        "--corpus",
        dir.join("corpus").to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let html = std::fs::read_to_string(&report).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert_eq!(count(&html, "<section>"), 1, "one find, one section");
    assert_eq!(count(&html, "<svg"), 1);
    for forbidden in ["src=", "href=", "<script", "<link", "@import"] {
        assert!(!html.contains(forbidden), "the page fetches something: {forbidden}");
    }
    let svg = &html[html.find("<svg").unwrap()..html.find("</svg>").unwrap() + 6];
    well_formed(svg).unwrap();
    assert!(
        html.contains("wrong-cycles-even") && html.contains("<th>checked</th>"),
        "{html}"
    );
    // The FOUND block's shrink steps and winning move, which the entry does not hold.
    let stdout = String::from_utf8_lossy(&out.stdout);
    let shrunk = stdout
        .lines()
        .find_map(|l| l.split("; ").find(|p| p.starts_with("shrunk from")))
        .unwrap();
    let steps = &shrunk[..shrunk.find(" (").unwrap()];
    assert!(html.contains(steps), "{steps} is not in the page:\n{html}");
    assert!(html.contains("winning move") || html.contains("is lost"), "{html}");
    rendered_by_chromium(&report, &dir.join("run.png"));

    // A run that finds nothing still reports its summary.
    let quiet = dir.join("quiet.html");
    let out = harness(&[
        "--config",
        "multigraph",
        "--cases",
        "20",
        "--corpus",
        dir.join("corpus2").to_str().unwrap(),
        "--report",
        quiet.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let html = std::fs::read_to_string(&quiet).unwrap();
    assert!(
        html.contains("every case agreed") && !html.contains("<section>"),
        "{html}"
    );
}

/// Opens the page in headless Chromium, where it is installed: the page
/// loads, its pictures are still in the DOM, and a screenshot is kept beside
/// it. Elsewhere says it did not.
fn rendered_by_chromium(page: &Path, screenshot: &Path) {
    let Some(chromium) = ["chromium", "chromium-browser"].into_iter().find(|c| {
        std::process::Command::new(c)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    }) else {
        eprintln!("skipped: no chromium on the PATH, so the report was not opened in a browser");
        return;
    };
    let url = format!("file://{}", page.display());
    let run = |extra: &[&str]| {
        std::process::Command::new(chromium)
            .args(["--headless", "--no-sandbox", "--disable-gpu"])
            .args(extra)
            .arg(&url)
            .output()
            .unwrap()
    };
    let dom = run(&["--dump-dom"]);
    assert!(dom.status.success(), "{}", String::from_utf8_lossy(&dom.stderr));
    assert!(
        String::from_utf8_lossy(&dom.stdout).contains("<svg"),
        "chromium lost the pictures"
    );
    let shot = run(&[
        &format!("--screenshot={}", screenshot.display()),
        "--window-size=1200,2000",
    ]);
    assert!(shot.status.success(), "{}", String::from_utf8_lossy(&shot.stderr));
    assert!(std::fs::read(screenshot).unwrap().starts_with(b"\x89PNG"));
    eprintln!("the report's screenshot: {}", screenshot.display());
}

#[test]
fn invokes_report_is_its_verdict_table_as_a_page() {
    let dir = scratch("invoke-report");
    let page = dir.join("invoke.html");
    let out = harness(&[
        "invoke",
        "--problem",
        "bash-game",
        "--solver",
        "fast",
        "--solver",
        "wrong-mod-k",
        "--report",
        page.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let html = std::fs::read_to_string(&page).unwrap();
    let printed = String::from_utf8_lossy(&out.stdout);
    // One row per test the table printed, the wrong solver's WA and its reason in words.
    let rows = printed.lines().skip(2).take_while(|l| !l.is_empty()).count();
    assert!(rows >= 2, "{printed}");
    assert_eq!(html.matches("<tr><td>").count(), rows, "{html}");
    let reason = printed
        .lines()
        .find_map(|l| l.trim().strip_prefix("wrong-mod-k on "))
        .unwrap();
    assert!(
        html.contains(&reason.replace('>', "&gt;")),
        "{reason} is not in the page:\n{html}"
    );
    assert!(
        html.contains("<b class=\"found\">WA</b>") && html.contains("every solution as expected"),
        "{html}"
    );
    assert!(!html.contains("<script") && !html.contains("src=") && !html.contains("href="));

    // An unwritable page is an error that names it.
    let out = harness(&[
        "invoke",
        "--problem",
        "bash-game",
        "--report",
        "/nonexistent/dir/x.html",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("/nonexistent/dir/x.html"), "{}", text(&out));
}

#[test]
fn a_test_sets_report_shows_every_test_and_draws_the_small_ones() {
    let dir = scratch("testset-report");
    let (out, page) = (dir.join("set"), dir.join("set.html"));
    let o = harness(&[
        "testset",
        "--problem",
        "wythoff",
        "--random",
        "4",
        "--out",
        out.to_str().unwrap(),
        "--report",
        page.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let html = std::fs::read_to_string(&page).unwrap();
    let tests = std::fs::read_dir(&out)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "in"))
        .count();
    let judge_size = html.matches("a judge-size input is not drawn").count();
    assert!(tests > 4 && judge_size > 0, "{tests} tests, {judge_size} judge-size");
    assert_eq!(html.matches("<section>").count(), tests, "{html}");
    assert_eq!(html.matches("<svg").count(), tests - judge_size, "{html}");
    // Offline: nothing to run, nothing to fetch.
    assert!(!html.contains("<script") && !html.contains("src=\"http") && !html.contains("href=\"http"));
}
