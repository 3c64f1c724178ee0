//! The interactive games as judges' packages (`testset --format kattis|bapc|polygon` of a
//! `<game>-interactive`): the self-contained C++ interactor each carries is built and plays the
//! built-in players (`harness play`) on the game's test set, in the Kattis convention (exit 42
//! accepted, 43 wrong answer) and, as the Polygon package's testlib interactor, in the harness's
//! own `--interactor` loop (testlib's 0 and 1). A malformed move gets the protocol's rejection
//! line. Where the judges' tools are installed, `verifyproblem`, `bt validate`, `bt run` and
//! `p2d` accept a package as written. Without `g++` (or a tool) a test says so and passes.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use sandbox::{run_pair, Exit, Program};

use crate::common;

/// Each game with a deliberately wrong built-in player that its test set beats.
const GAMES: [(&str, &str); 5] = [
    ("nim-interactive", "first-move"),
    ("bash-game-interactive", "first-move"),
    ("wythoff-interactive", "first-move"),
    ("octal-game-interactive", "first-move"),
    ("green-hackenbush-interactive", "first-move"),
];

fn package(game: &str, format: &str, out: &Path) {
    let run = common::harness(&[
        "testset",
        "--problem",
        game,
        "--random",
        "8",
        "--format",
        format,
        "--force",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", common::text(&run));
}

/// Builds `source` (with the folder of `include` on the include path) into `binary`, without
/// optimizing: the games of the tests are small, and testlib builds in half the time.
fn build(source: &Path, include: &Path, binary: &Path) {
    let run = Command::new("g++")
        .args(["-std=c++17", "-o"])
        .arg(binary)
        .arg("-I")
        .arg(include)
        .arg(source)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "g++ {}:\n{}",
        source.display(),
        common::text(&run)
    );
}

fn has_gpp() -> bool {
    let found = Command::new("g++").arg("--version").output().is_ok();
    if !found {
        println!("SKIPPED: the interactors are C++ and g++ is not installed");
    }
    found
}

/// Builds the fixture `octal_values.cpp` on `source` (a `struct Octal` valuing a code) and checks
/// its output: a plain mex agrees on every code of up to 3 digits, and the tagged path was taken
/// for both parities of the splitting moves (such as 0.041, which splits at t = 2, and 0.104, at
/// t = 3). A tag of the wrong parity values every code exactly, only slower: only the second
/// line sees it.
fn values_are_a_plain_mex_on_every_short_code(source: &str) {
    if !has_gpp() {
        return;
    }
    let source = common::workspace().join(source);
    let check = common::workspace().join("harness/tests/fixtures/interactors/octal_values.cpp");
    let stem = source.file_stem().unwrap().to_str().unwrap();
    let binary = common::scratch(&format!("octal-values-{stem}")).join("check");
    let run = Command::new("g++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&binary)
        .arg(format!("-DSOURCE=\"{}\"", source.display()))
        .arg("-I")
        .arg(source.parent().unwrap())
        .arg(&check)
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", common::text(&run));
    let out = Command::new(&binary).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let (exact, tagged) = text.split_once('\n').unwrap();
    assert_eq!(exact, "511 codes, 0 differ", "{text}");
    let counts: Vec<u32> = (tagged.trim().strip_prefix("tagged: ").unwrap().split(", "))
        .map(|part| part.split_once(" with").unwrap().0.parse().unwrap())
        .collect();
    assert!(counts.len() == 2 && counts.iter().all(|&c| c > 0), "{text}");
}

#[test]
fn the_octal_interactors_values_are_a_plain_mex_on_every_short_code() {
    values_are_a_plain_mex_on_every_short_code("gen/interactors/octal-game-interactive.cpp");
}

#[test]
fn the_octal_submissions_values_are_a_plain_mex_on_every_short_code() {
    values_are_a_plain_mex_on_every_short_code("solvers/submissions/octal-game.cpp");
}

/// The `.in` files of a Kattis package, samples first.
fn inputs(package: &Path) -> Vec<PathBuf> {
    let mut all = Vec::new();
    for group in ["sample", "secret"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(package.join("data").join(group))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .collect();
        files.sort();
        all.extend(files);
    }
    all
}

/// The interactor's exit on `input` against `player`, in the Kattis convention.
fn judge(interactor: &Path, input: &Path, player: &str, feedback: &Path) -> Option<Exit> {
    let interactor = Program::parse(&shlex::try_quote(interactor.to_str().unwrap()).unwrap()).unwrap();
    let player = Program::parse(player).unwrap();
    let answer = input.with_extension("ans");
    let run = run_pair(
        &interactor,
        &[input, &answer, feedback],
        &player,
        Duration::from_secs(20),
    )
    .unwrap();
    run.first
}

fn harness_play(game: &str, player: &str) -> String {
    format!("{} play {game} {player}", env!("CARGO_BIN_EXE_harness"))
}

#[test]
fn each_kattis_interactor_accepts_the_right_player_and_rejects_a_wrong_one_on_the_test_set() {
    if !has_gpp() {
        return;
    }
    let root = common::scratch("interactive-package-kattis");
    for (game, wrong) in GAMES {
        let out = root.join(game.replace('-', ""));
        package(game, "kattis", &out);
        let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
        assert!(yaml.contains("\ntype: interactive\n"), "{yaml}");
        let source = out.join("output_validator").join(format!("{game}.cpp"));
        let binary = root.join(format!("{game}-interactor"));
        build(&source, &out, &binary);
        let feedback = root.join(format!("{game}-feedback"));
        std::fs::create_dir_all(&feedback).unwrap();
        let mut beaten = 0;
        for input in inputs(&out) {
            let right = judge(&binary, &input, &harness_play(game, "right"), &feedback);
            let said = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
            assert_eq!(right, Some(Exit::Code(42)), "{game} {}: {said}", input.display());
            match judge(&binary, &input, &harness_play(game, wrong), &feedback) {
                Some(Exit::Code(43)) => beaten += 1,
                Some(Exit::Code(42)) => {}
                other => panic!("{game} {}: the interactor ended {other:?}", input.display()),
            }
        }
        assert!(beaten > 0, "{game}: `{wrong}` won every test of the set");
    }
}

#[test]
fn a_malformed_or_illegal_move_is_rejected_with_the_protocols_line() {
    if !has_gpp() {
        return;
    }
    let root = common::scratch("interactive-package-malformed");
    let out = root.join("niminteractive");
    package("nim-interactive", "kattis", &out);
    let binary = root.join("interactor");
    build(&out.join("output_validator/nim-interactive.cpp"), &out, &binary);
    // Its own input validator (nim's format without the count of cases) passes every test.
    let validator = root.join("validator");
    let folder = out.join("input_validators/nim-interactive");
    build(&folder.join("nim-interactive.cpp"), &folder, &validator);
    let validate = |text: &str| {
        let file = root.join("validated.in");
        std::fs::write(&file, text).unwrap();
        let run = Command::new(&validator)
            .stdin(std::fs::File::open(&file).unwrap())
            .output()
            .unwrap();
        run.status.code()
    };
    for test in inputs(&out) {
        assert_eq!(
            validate(&std::fs::read_to_string(&test).unwrap()),
            Some(42),
            "{}",
            test.display()
        );
    }
    for invalid in ["1\n3\n3\n", "2\n3\n", "0\n\n", "1\n10000\n", "1\n 3\n"] {
        assert_eq!(validate(invalid), Some(43), "{invalid:?}");
    }
    let input = root.join("position.in");
    std::fs::write(&input, "2\n3 1\n").unwrap();
    let feedback = root.join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    for (n, bad) in ["1 banana", "3 1", "1 4", "1 1 1", ""].into_iter().enumerate() {
        // The player chooses First, says `bad`, and keeps what the jury sent it.
        let heard = root.join(format!("heard-{n}"));
        let player = format!("sh -c 'echo First; echo \"{bad}\"; cat > {}'", heard.to_str().unwrap());
        assert_eq!(
            judge(&binary, &input, &player, &feedback),
            Some(Exit::Code(43)),
            "`{bad}`"
        );
        let heard = std::fs::read_to_string(&heard).unwrap();
        assert_eq!(heard, "2\n3 1\n-1 -1\n", "`{bad}`");
    }
    // A player that leaves before the game is over loses, and so does one that talks after
    // winning; one that wins and exits is accepted.
    let one = root.join("one.in");
    std::fs::write(&one, "1\n1\n").unwrap();
    for (player, code) in [
        ("sh -c 'echo First'", 43),
        ("sh -c 'echo First; echo 1 1; echo thanks'", 43),
        ("sh -c 'echo First; echo 1 1'", 42),
    ] {
        assert_eq!(
            judge(&binary, &one, player, &feedback),
            Some(Exit::Code(code)),
            "{player}"
        );
    }
}

#[test]
fn each_polygon_interactor_judges_in_testlibs_convention_in_the_harness_loop() {
    if !has_gpp() {
        return;
    }
    let root = common::scratch("interactive-package-polygon");
    // testlib is slow to build: two games, the simplest and the one with the most code.
    for game in [GAMES[0].0, GAMES[4].0] {
        let out = root.join(game);
        package(game, "polygon", &out);
        let xml = std::fs::read_to_string(out.join("problem.xml")).unwrap();
        assert!(
            xml.contains("<interactor>\n      <source path=\"files/interactor.cpp\""),
            "{xml}"
        );
        assert!(xml.contains("<checker name=\"std::wcmp.cpp\""), "{xml}");
        let binary = root.join(format!("{game}-testlib"));
        build(&out.join("files/interactor.cpp"), &out.join("files"), &binary);
        let interactor = ["--interactor", binary.to_str().unwrap()];
        // The games `player` lost, each stored: judged by the interactor, or by the brute jury.
        let lost = |player: &str, judge: &[&str]| {
            let corpus = root.join(format!("corpus-{game}-{player}-{}", judge.len()));
            let run = common::harness(
                &[
                    &["--config", game, "--cases", "16", "--solver", player][..],
                    &["--keep-going", "--no-shrink", "--corpus", corpus.to_str().unwrap()],
                    judge,
                ]
                .concat(),
            );
            let stored = std::fs::read_dir(corpus.join(game)).map_or(0, |d| d.count());
            (run.status.code(), stored, common::text(&run))
        };
        let (code, stored, text) = lost("right", &interactor);
        assert_eq!((code, stored), (Some(0), 0), "{game}: {text}");
        // `parity` chooses its side by a wrong rule, then plays right: a perfect jury beats it
        // exactly where the side is wrong, whichever jury it is.
        let (code, by_interactor, text) = lost("parity", &interactor);
        assert_eq!(code, Some(1), "{game}: {text}");
        let (_, by_jury, _) = lost("parity", &[]);
        assert!(
            by_interactor > 0 && by_interactor == by_jury,
            "{game}: {by_interactor} lost, {by_jury} against the jury"
        );
    }
}

/// problemtools' `verifyproblem` on one game's Kattis package: no error, the right player
/// accepted and the wrong one judged wrong answer (which verifyproblem checks itself).
#[test]
fn verifyproblem_accepts_an_interactive_package() {
    let Some(verify) = common::judge_tool("VERIFYPROBLEM", "verifyproblem") else {
        println!(
            "SKIPPED: problemtools' verifyproblem is not installed (pip install problemtools, or set VERIFYPROBLEM)"
        );
        return;
    };
    if !has_gpp() {
        return;
    }
    let out = common::scratch("interactive-package-verify").join("niminteractive");
    package("nim-interactive", "kattis", &out);
    let run = Command::new(&verify)
        .arg(&out)
        .args(["-p", "config", "data", "validators", "submissions"])
        .output()
        .unwrap();
    let text = common::text(&run);
    assert!(text.contains("niminteractive tested: 0 errors"), "{text}");
    assert!(text.contains("accepted/nim-interactive.cpp (C++) OK: AC"), "{text}");
    assert!(
        text.contains("wrong_answer/nim-interactive-wrong.cpp (C++) OK: WA"),
        "{text}"
    );
}

/// BAPCtools on one game's 2025-09 package: `bt validate` passes whole (empty answers, samples
/// with their `.interaction`), `bt run` accepts the right player and judges the wrong one WA.
#[test]
fn bt_validates_and_runs_an_interactive_package() {
    let Some(bt) = common::judge_tool("BT", "bt") else {
        println!("SKIPPED: BAPCtools' bt is not installed (pip install bapctools, or set BT)");
        return;
    };
    if !has_gpp() {
        return;
    }
    let root = common::scratch("interactive-package-bt");
    let out = root.join("bashgameinteractive");
    package("bash-game-interactive", "bapc", &out);
    let bt_in = |command: &str| {
        let run = Command::new(&bt)
            .args([command, "--no-bar"])
            .env("XDG_CONFIG_HOME", root.join("config"))
            .current_dir(&out)
            .output()
            .unwrap();
        (run.status.success(), common::without_colours(&common::text(&run)))
    };
    let (passed, text) = bt_in("validate");
    assert!(passed && text.contains("Input validation: Done"), "{text}");
    assert!(!text.contains("WARNING") && !text.contains("ERROR"), "{text}");
    let (passed, text) = bt_in("run");
    assert!(passed, "{text}");
    assert!(
        text.contains("accepted/bash-game-interactive.cpp:") && text.contains(" AC "),
        "{text}"
    );
    assert!(
        text.contains("wrong_answer/bash-game-interactive-wrong.cpp:") && text.contains(" WA "),
        "{text}"
    );
    assert!(!text.contains("Validator exited first"), "{text}");
}

/// `p2d` converts one game's Polygon package without `--default`: the interactor is the
/// package's own, which DOMjudge builds with p2d's testlib.
#[test]
fn p2d_converts_an_interactive_package() {
    let Some(p2d) = common::judge_tool("P2D", "p2d") else {
        println!("SKIPPED: p2d (the Polygon-to-DOMjudge converter) is not installed (pip install p2d, or set P2D)");
        return;
    };
    let root = common::scratch("interactive-package-p2d");
    let out = root.join("wythoff-interactive");
    package("wythoff-interactive", "polygon", &out);
    let zip = root.join("wythoffinteractive.zip");
    let run = Command::new(&p2d)
        .args(["--code", "wythoffinteractive", "--yes", "--output"])
        .arg(&zip)
        .arg(&out)
        .output()
        .unwrap();
    let text = common::text(&run);
    assert_eq!(run.status.code(), Some(0), "{text}");
    assert!(text.contains("Use custom interactor."), "{text}");
    let listing = Command::new("python3")
        .args(["-m", "zipfile", "-l"])
        .arg(&zip)
        .output()
        .unwrap();
    let listing = String::from_utf8(listing.stdout).unwrap();
    for file in [
        "output_validators/interactor/interactor.cpp",
        "submissions/accepted/wythoff-interactive.cpp",
    ] {
        assert!(listing.contains(file), "{file} missing:\n{listing}");
    }
}

/// A small Green Hackenbush position as the test plays it: vertices `0..n` with root 0 (brute's
/// numbering), and the edges still there (connected to the root).
struct Board {
    n: usize,
    edges: Vec<(u32, u32)>,
    there: Vec<bool>,
}

impl Board {
    /// A connected multigraph of 2 to 7 vertices: a random tree, then 3 to 8 more edges, each a
    /// loop (one in six), a parallel edge (one in six) or any pair.
    fn random(rng: &mut gen::Rng) -> Board {
        let n = 2 + rng.index(6);
        let mut edges: Vec<(u32, u32)> = (1..n).map(|v| (rng.index(v) as u32, v as u32)).collect();
        for _ in 0..rng.range(3, 8) {
            let (u, v) = *rng.pick(&edges);
            edges.push(match rng.index(6) {
                0 => (v, v),
                1 => (u, v),
                _ => (rng.index(n) as u32, rng.index(n) as u32),
            });
        }
        rng.shuffle(&mut edges);
        let there = vec![true; edges.len()];
        Board { n, edges, there }
    }

    fn text(&self) -> String {
        let mut s = format!("{} {}\n", self.n, self.edges.len());
        for (u, v) in &self.edges {
            s += &format!("{} {}\n", u + 1, v + 1);
        }
        s
    }

    fn live(&self) -> Vec<usize> {
        (0..self.edges.len()).filter(|&e| self.there[e]).collect()
    }

    /// The vertices the root reaches by the edges there but `skip`.
    fn reached(&self, skip: Option<usize>) -> Vec<bool> {
        let mut seen = vec![false; self.n];
        seen[0] = true;
        let mut grew = true;
        while grew {
            grew = false;
            for e in self.live() {
                let (u, v) = (self.edges[e].0 as usize, self.edges[e].1 as usize);
                if Some(e) != skip && seen[u] != seen[v] {
                    (seen[u], seen[v], grew) = (true, true, true);
                }
            }
        }
        seen
    }

    /// The position after deleting edge `e` and what it cuts off.
    fn without(&self, e: usize) -> Board {
        let mut after = Board {
            n: self.n,
            edges: self.edges.clone(),
            there: self.there.clone(),
        };
        after.there[e] = false;
        let seen = after.reached(None);
        for (f, &(u, _)) in self.edges.iter().enumerate() {
            after.there[f] &= seen[u as usize];
        }
        after
    }

    fn is_bridge(&self, e: usize) -> bool {
        let seen = self.reached(Some(e));
        !seen[self.edges[e].0 as usize] || !seen[self.edges[e].1 as usize]
    }

    fn bridges(&self) -> usize {
        self.live().into_iter().filter(|&e| self.is_bridge(e)).count()
    }
}

/// One line from the jury, trimmed.
fn hear(jury: &mut impl std::io::BufRead) -> String {
    let mut line = String::new();
    jury.read_line(&mut line).unwrap();
    line.trim().to_string()
}

/// The Green Hackenbush interactor as the winning side, against a player moving at random on
/// small multigraphs (loops, parallel edges, cycles): the player takes the losing side, and
/// every jury move leaves value 0 by brute (`brute::hackenbush::Positions`, the jury's own
/// oracle in the harness, one memo per game: every option of every position is valued). Among
/// those positions, many where no bridge or loop wins (only a cycle edge), some of them where
/// every winning cycle edge splits its component (leaves new bridges).
#[test]
fn the_hackenbush_interactor_leaves_value_zero_from_every_winning_position() {
    use std::io::{BufReader, Write};
    use std::process::Stdio;
    if !has_gpp() {
        return;
    }
    let root = common::scratch("interactive-hackenbush-jury");
    let binary = root.join("interactor");
    let source = common::workspace().join("gen/interactors/green-hackenbush-interactive.cpp");
    build(&source, source.parent().unwrap(), &binary);
    let feedback = root.join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    let input = root.join("position.in");
    let budget = brute::Budget::new(1_000_000);
    let (mut only_cycles, mut only_splitting) = (0, 0);
    for game in 0..200 {
        let mut rng = gen::Rng::for_case(28, game);
        let mut board = Board::random(&mut rng);
        std::fs::write(&input, board.text()).unwrap();
        let mut positions = brute::hackenbush::Positions::new(board.n, &board.edges, &budget).unwrap();
        let mut value = |b: &Board| positions.value(&b.there).unwrap();
        let mut child = Command::new(&binary)
            .args([&input, &input, &feedback])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut to_jury = child.stdin.take().unwrap();
        let mut jury = BufReader::new(child.stdout.take().unwrap());
        for _ in 0..=board.edges.len() {
            hear(&mut jury);
        }
        let mut juries_turn = value(&board) != 0;
        writeln!(to_jury, "{}", if juries_turn { "Second" } else { "First" }).unwrap();
        let what = |b: &Board| format!("game {game}:\n{}edges there: {:?}", b.text(), b.there);
        while !board.live().is_empty() {
            if juries_turn {
                let winning: Vec<usize> = (board.live().into_iter())
                    .filter(|&e| value(&board.without(e)) == 0)
                    .collect();
                assert!(!winning.is_empty(), "brute: the jury is lost in {}", what(&board));
                let cycle = |&e: &usize| board.edges[e].0 != board.edges[e].1 && !board.is_bridge(e);
                if winning.iter().all(cycle) {
                    only_cycles += 1;
                    let splits = |&e: &usize| board.without(e).bridges() > board.bridges();
                    only_splitting += usize::from(winning.iter().all(splits));
                }
                let said = hear(&mut jury);
                let e = said.parse::<usize>().ok().and_then(|e| e.checked_sub(1));
                assert!(
                    e.is_some_and(|e| winning.contains(&e)),
                    "the jury said `{said}`, brute's winning edges are {:?} (0-based) in {}",
                    winning,
                    what(&board)
                );
                board = board.without(e.unwrap());
            } else {
                let live = board.live();
                let e = *rng.pick(&live);
                writeln!(to_jury, "{}", e + 1).unwrap();
                board = board.without(e);
            }
            juries_turn = !juries_turn;
        }
        assert!(!juries_turn, "the jury has no move in {}", what(&board));
        assert_eq!(hear(&mut jury), "0", "{}", what(&board));
        drop(to_jury);
        assert_eq!(child.wait().unwrap().code(), Some(43), "{}", what(&board));
    }
    assert!(
        only_cycles >= 80 && only_splitting >= 15,
        "{only_cycles} positions where only cycle edges win, {only_splitting} where each splits"
    );
}
