//! `harness table --fit`: closed forms of a value table, proven by a theorem
//! where one applies, stressed beyond the table otherwise; and a saved fit
//! stressed as a contender, `harness --config C --fit FILE`.

use crate::common;

fn fit(args: &[&str]) -> (Option<i32>, String) {
    let mut all = vec!["table"];
    all.extend_from_slice(args);
    all.push("--fit");
    let out = common::harness(&all);
    (out.status.code(), common::text(&out))
}

#[test]
fn kayles_period_is_proven_by_guy_and_smith() {
    let (code, text) = fit(&["--problem", "octal-game", "--set", "code=0.77", "--vary", "n=0..100"]);
    assert_eq!(code, Some(0), "{text}");
    // Kayles' last exception is g(70) = 6 (OEIS A002186, Winning Ways p. 91): period 12 from 71.
    // The bound 2 n0 + p + t = 2·71 + 12 + 2 = 156, so g(n + 12) = g(n) is checked to n + 12 = 167.
    assert!(
        text.contains("1. proven: period 12 from n=71 (Guy–Smith, checked to n=167)"),
        "{text}"
    );
    // g(71), g(72), ...: 71 ≡ 11 (mod 12), and the literature's period by n mod 12 is
    // 4 1 2 8 1 4 7 2 1 8 2 7.
    assert!(text.contains("one period from n=71: 7 4 1 2 8 1 4 7 2 1 8 2"), "{text}");
    assert!(
        text.contains("n=101..167 by the fast engine (solvers::octal)"),
        "{text}"
    );
    assert!(!text.contains("conjecture"), "{text}");
}

#[test]
fn dawsons_chess_period_is_proven_past_the_table() {
    let (code, text) = fit(&["--problem", "octal-game", "--set", "code=0.137", "--vary", "n=0..150"]);
    assert_eq!(code, Some(0), "{text}");
    // Period 34 from 52 (last exception 51); t = 3: 2·52 + 34 + 3 = 141, checked to 141 + 33 = 174.
    assert!(
        text.contains("proven: period 34 from n=52 (Guy–Smith, checked to n=174)"),
        "{text}"
    );
}

#[test]
fn bash_game_period_is_proven_as_a_subtraction_game() {
    let (code, text) = fit(&["--problem", "bash-game", "--set", "k=3", "--vary", "n=0..20"]);
    assert_eq!(code, Some(0), "{text}");
    // n0 = 0, p = 4, t = 3: checked for 0 <= n < 3, so to n + p = 6.
    assert!(
        text.contains("proven: period 4 from n=0 (subtraction games, checked to n=6)"),
        "{text}"
    );
    assert!(text.contains("value 0 exactly at n ≡ 0 (mod 4)"), "{text}");
}

#[test]
fn wythoff_zeros_are_beatty_pairs_of_phi() {
    let (code, text) = fit(&["--problem", "wythoff", "--vary", "a=0..12", "--vary", "b=0..12"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("symmetric: v(a, b) = v(b, a)"), "{text}");
    assert!(text.contains("conjecture: value 0 exactly at (⌊kα⌋, ⌊kβ⌋)"), "{text}");
    assert!(text.contains("α = φ (in"), "{text}");
    assert!(text.contains("β = φ² (in"), "{text}");
    // (0,0) (1,2) (3,5) (4,7) (6,10) (8,13) are beyond b = 12 from k = 5: five pairs.
    assert!(text.contains("5 pairs (k = 0..4)"), "{text}");
    assert!(text.contains("no disagreement"), "{text}");
}

#[test]
fn two_nim_heaps_are_their_xor() {
    let (code, text) = fit(&["--problem", "nim", "--vary", "piles.1=0..7", "--vary", "piles.2=0..7"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("1. conjecture: value = piles.1 XOR piles.2"), "{text}");
}

#[test]
fn a_pattern_that_breaks_beyond_the_table_is_refuted() {
    // Even splitting with F = 3: the values alternate 3 5 from a = 36 to 60, which brute
    // refutes further out; the fit must not stand as a conjecture.
    let (code, text) = fit(&["--problem", "jiangnan-le", "--set", "f=3", "--vary", "a=1..60"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("refuted (it fits the table only): period 2 from a=36"),
        "{text}"
    );
    assert!(!text.contains("conjecture: period 2"), "{text}");
}

#[test]
fn tables_that_cannot_decide_exit_2_and_say_what_they_need() {
    let cases: &[(&[&str], &str)] = &[
        // 0 1 2 3 0 1: period 4 seen once, three whole periods need 12 values.
        (
            &["--problem", "bash-game", "--set", "k=3", "--vary", "n=0..5"],
            "needs 12 (3 whole periods); widen to n=0..11",
        ),
        // 0.16's zeros at n ≡ 7 (mod 8) from n = 10 show twice (n = 15, 23) in 0..30: a short
        // tail, not a fit; three periods from 10 need 10 + 24 = 34 values.
        (
            &["--problem", "octal-game", "--set", "code=0.16", "--vary", "n=0..30"],
            "the zeros repeat 2 whole times in the table) needs 34 values; no fit stands on n=0..30 alone: widen \
             to n=0..33",
        ),
        (
            &["--problem", "bash-game", "--set", "k=3", "--vary", "n=0..3"],
            "needs at least 6 values",
        ),
        (
            &["--problem", "jiangnan-le", "--vary", "n=1..10"],
            "a constant table has no form to find",
        ),
        (
            &["--problem", "wythoff", "--vary", "a=0..2", "--vary", "b=0..9"],
            "at least 4 values of each key",
        ),
    ];
    for (args, says) in cases {
        let (code, text) = fit(args);
        assert_eq!(code, Some(2), "{args:?}: {text}");
        assert!(text.contains(says), "{args:?}: {text}");
    }
}

#[test]
fn a_saved_fit_answers_beside_brute_and_is_caught_when_wrong() {
    let dir = common::scratch("fit-saved");
    let file = dir.join("kayles.toml");
    let saved = format!("fit:{}", file.display());
    let kayles = ["--problem", "octal-game", "--set", "code=0.77"];
    let (code, text) = fit(&[
        &kayles[..],
        &["--vary", "n=0..100", "--save-fit", file.to_str().unwrap()],
    ]
    .concat());
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("saved fit 1 to"), "{text}");
    let table = |extra: &[&str]| {
        let out = common::harness(&[&["table"], &kayles[..], extra].concat());
        (out.status.code(), common::text(&out))
    };
    let (code, text) = table(&["--vary", "n=150..250", "--solver", &saved]);
    assert_eq!(code, Some(0), "{text}");
    assert!(!text.contains('*'), "{text}");
    // A wrong conjecture: the same values, period 6 instead of 12 (head cut to match).
    let wrong = std::fs::read_to_string(&file)
        .unwrap()
        .replace("period = 12", "period = 6");
    let head_start = wrong.find("head = [").unwrap();
    let head_end = head_start + wrong[head_start..].find(']').unwrap();
    let head: Vec<&str> = wrong[head_start + 8..head_end].split(", ").collect();
    let cut = format!("head = [{}", head[..77].join(", "));
    std::fs::write(&file, format!("{}{}", &wrong[..head_start], cut) + &wrong[head_end..]).unwrap();
    let (code, text) = table(&["--vary", "n=60..100", "--solver", &saved]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains('*'), "{text}");
}

#[test]
fn a_saved_fit_of_another_table_or_format_is_refused() {
    let dir = common::scratch("fit-refused");
    let file = dir.join("bash.toml");
    let saved = format!("fit:{}", file.display());
    let (code, text) = fit(&[
        "--problem",
        "bash-game",
        "--set",
        "k=3",
        "--vary",
        "n=0..20",
        "--save-fit",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{text}");
    let table = |args: &[&str]| {
        let out = common::harness(&[&["table"], args].concat());
        (out.status.code(), common::text(&out))
    };
    let cases: &[(&[&str], &str)] = &[
        (
            &["--problem", "nim", "--vary", "n=0..5", "--solver", &saved],
            "a fit of bash-game, not of nim",
        ),
        (
            &[
                "--problem",
                "bash-game",
                "--set",
                "k=4",
                "--vary",
                "n=0..5",
                "--solver",
                &saved,
            ],
            "pin the same settings",
        ),
        (
            &[
                "--problem",
                "bash-game",
                "--set",
                "k=3",
                "--vary",
                "k=1..5",
                "--solver",
                &saved,
            ],
            "vary the same keys",
        ),
    ];
    for (args, says) in cases {
        let (code, text) = table(args);
        assert_eq!(code, Some(2), "{args:?}: {text}");
        assert!(text.contains(says), "{args:?}: {text}");
    }
    let old = std::fs::read_to_string(&file)
        .unwrap()
        .replace("version = 1", "version = 7");
    std::fs::write(&file, old).unwrap();
    let (code, text) = table(&[
        "--problem",
        "bash-game",
        "--set",
        "k=3",
        "--vary",
        "n=0..5",
        "--solver",
        &saved,
    ]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("`version` = 7"), "{text}");
}

#[test]
fn rows_beyond_brutes_budget_come_from_the_fast_engine() {
    // A small budget stops brute early; the octal engine gives the rest, and the header says so.
    let (code, text) = fit(&[
        "--problem",
        "octal-game",
        "--set",
        "code=0.77",
        "--vary",
        "n=0..1000",
        "--max-states",
        "300",
    ]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.starts_with("values: n=0.."), "{text}");
    assert!(
        text.contains("..1000 by the fast engine (solvers::octal), beyond brute's reach"),
        "{text}"
    );
    assert!(
        text.contains("proven: period 12 from n=71 (Guy–Smith, checked to n=167)"),
        "{text}"
    );
    // The last row, n = 1000..1000: 1000 ≡ 4 (mod 12), and Kayles' value there is 1.
    let last = text.lines().rfind(|l| l.starts_with("value ")).unwrap();
    assert_eq!(last.split_whitespace().collect::<Vec<_>>(), ["value", "1"], "{text}");
}

/// `harness ARGS` run from the workspace: exit code and output.
fn run(args: &[&str]) -> (Option<i32>, String) {
    let out = common::harness(args);
    (out.status.code(), common::text(&out))
}

/// Saves the fit of `table` (a `harness table` command line without `--fit`) to `file`.
fn save_fit(table: &[&str], file: &std::path::Path) -> String {
    let (code, text) = fit(&[table, &["--save-fit", file.to_str().unwrap()]].concat());
    assert_eq!(code, Some(0), "{text}");
    text
}

#[test]
fn a_refuted_period_stressed_as_a_contender_is_shrunk_stored_and_replayed() {
    let dir = common::scratch("fit-contender-refuted");
    let file = dir.join("p016.toml");
    let corpus = dir.join("corpus");
    // 0.16 over n = 0..50 repeats 4 2 3 from n = 38, four whole times; beyond the table it breaks.
    let saved = save_fit(
        &["--problem", "octal-game", "--set", "code=0.16", "--vary", "n=0..50"],
        &file,
    );
    assert!(saved.contains("saved fit 1 (refuted: no fit stands)"), "{saved}");
    let (code, text) = run(&[
        "--config",
        "octal-game",
        "--set",
        "code=0.16",
        "--fit",
        file.to_str().unwrap(),
        "--cases",
        "200",
        "--corpus",
        corpus.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1), "{text}");
    let name = format!("fit:{}", file.display());
    let entries = common::entries(&corpus);
    assert_eq!(entries.len(), 1, "{text}");
    let e = &entries[0];
    assert_eq!(e.solver.as_deref(), Some(name.as_str()));
    // Shrunk to one heap h beyond the table: the first break of the period, checked by brute's own
    // table: g(x) = g(x - 3) for 41 <= x < h, and g(h) != g(h - 3).
    let lines: Vec<&str> = e.input.lines().collect();
    assert_eq!(lines[..2], ["0.16", "1"], "{}", e.input);
    let h: i64 = lines[2].parse().unwrap();
    assert!(h > 50, "{}", e.input);
    let values = octal_values("0.16", h);
    assert!((41..h as usize).all(|x| values[x] == values[x - 3]), "{values:?}");
    assert_ne!(values[h as usize], values[h as usize - 3], "{values:?}");
    assert_eq!(e.expected.trim(), values[h as usize].to_string());
    // `cargo test`'s replay and `harness corpus check` re-run the fit, which still fails;
    // without its file, the entry says so and still replays its input and answer.
    let check = || run(&["corpus", "check", "--corpus", corpus.to_str().unwrap()]);
    let (code, text) = check();
    assert_eq!(code, Some(0), "{text}");
    assert!(!text.contains("is missing"), "{text}");
    std::fs::remove_file(&file).unwrap();
    let (code, text) = check();
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains(&format!("the fit file {} is missing", file.display())),
        "{text}"
    );
}

/// Brute's values of one heap of `0..=hi` under `code`, from `harness table --format csv`.
fn octal_values(code: &str, hi: i64) -> Vec<i64> {
    let (code_, text) = run(&[
        "table",
        "--problem",
        "octal-game",
        "--set",
        &format!("code={code}"),
        "--vary",
        &format!("n=0..{hi}"),
        "--format",
        "csv",
    ]);
    assert_eq!(code_, Some(0), "{text}");
    text.lines()
        .skip(1)
        .map(|l| l.rsplit(',').next().unwrap().trim().parse().unwrap())
        .collect()
}

#[test]
fn a_proven_fit_answers_sums_of_heaps_by_xor() {
    let dir = common::scratch("fit-contender-kayles");
    let file = dir.join("kayles.toml");
    save_fit(
        &["--problem", "octal-game", "--set", "code=0.77", "--vary", "n=0..100"],
        &file,
    );
    // octal-game's config draws 1 to 4 heaps of up to 260: sums, far beyond the table.
    let (code, text) = run(&[
        "--config",
        "octal-game",
        "--set",
        "code=0.77",
        "--fit",
        file.to_str().unwrap(),
        "--cases",
        "150",
        "--corpus",
        dir.join("corpus").to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains(&format!("brute vs fit:{}", file.display())), "{text}");
    assert!(text.contains("150 cases checked"), "{text}");
}

#[test]
fn wythoffs_beatty_pairs_hold_where_a_multiple_of_phi_is_nearly_an_integer() {
    let dir = common::scratch("fit-contender-wythoff");
    let file = dir.join("wythoff.toml");
    save_fit(
        &["--problem", "wythoff", "--vary", "a=0..12", "--vary", "b=0..12"],
        &file,
    );
    // The config draws pairs up to 10^9 and losing pairs at k = F(40), where kφ is within
    // 5·10^-9 of an integer: a float's ⌊kφ⌋ was wrong there.
    let (code, text) = run(&[
        "--config",
        "wythoff",
        "--fit",
        file.to_str().unwrap(),
        "--cases",
        "1000",
        "--corpus",
        dir.join("corpus").to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{text}");
}

#[test]
fn a_fit_is_refused_where_it_cannot_answer_the_config() {
    let dir = common::scratch("fit-contender-refused");
    let kayles = dir.join("kayles.toml");
    save_fit(
        &["--problem", "octal-game", "--set", "code=0.77", "--vary", "n=0..100"],
        &kayles,
    );
    let bash = dir.join("bash.toml");
    save_fit(&["--problem", "bash-game", "--set", "k=3", "--vary", "n=0..20"], &bash);
    let old = dir.join("old.toml");
    std::fs::write(
        &old,
        std::fs::read_to_string(&bash)
            .unwrap()
            .replace("version = 1", "version = 0"),
    )
    .unwrap();
    let (k, b, o) = (kayles.to_str().unwrap(), bash.to_str().unwrap(), old.to_str().unwrap());
    let cases: &[(&[&str], &str)] = &[
        // The config's code list holds other codes than Kayles'.
        (&["--config", "octal-game", "--fit", k], "is not a case the fit answers"),
        (
            &["--config", "octal-game", "--fit", k],
            "give the config the fit's settings, e.g. `harness --config octal-game --set code=0.77 --fit",
        ),
        (
            &["--config", "bash-game", "--set", "k=5", "--fit", b],
            "the fit's table (<--problem bash-game> --set k=3, varying n) is n=",
        ),
        (
            &["--config", "octal-game", "--fit", b],
            "is a fit of bash-game, not of octal-game",
        ),
        (
            &["--config", "bash-game", "--fit", o],
            "`version` = 0, and this harness reads version 1",
        ),
        (
            &["--config", "bash-game", "--fit", "no-such-fit.toml"],
            "--fit no-such-fit.toml: cannot read it",
        ),
    ];
    for (args, says) in cases {
        let (code, text) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {text}");
        assert!(text.contains(says), "{args:?}: {text}");
        assert!(!text.contains("FOUND"), "{args:?}: {text}");
    }
}

#[test]
fn the_period_of_0_16_is_proven_on_six_hundred_thousand_values() {
    // Gangolli and Plambeck (1989) found 0.16's period: 149 459, from n = 105 351 (its last
    // exception is 105 350). Three whole periods end at 553 728: the table is long enough, and
    // the Guy–Smith bound 2·105 351 + 149 459 + 2 = 360 163 lies within it.
    let (code, text) = fit(&["--problem", "octal-game", "--set", "code=0.16", "--vary", "n=0..599999"]);
    let fit = &text[text.find("fit over").unwrap_or(0)..];
    assert_eq!(code, Some(0), "{fit}");
    assert!(
        fit.contains("1. proven: period 149459 from n=105351 (Guy–Smith"),
        "{fit}"
    );
    // The period is evidence by its length: its values are not all printed.
    assert!(fit.contains("(149459 in all)") && fit.len() < 2000, "{fit}");
}
