//! Interactive problems from the command line: a player program against the
//! brute jury, misbehaving players judged (never a hang or a harness error),
//! lost games shrunk and stored with their transcripts, and replayed.

use std::path::Path;

use crate::common;

const PYTHON_RIGHT: &str = "python3 harness/tests/interactive_players/nim_right.py";

/// A shell script written by the test, run as `sh FILE`.
fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, body).unwrap();
    format!("sh {}", path.display())
}

fn stress(corpus: &Path, extra: &[&str]) -> std::process::Output {
    let corpus = corpus.display().to_string();
    let mut args = vec!["--config", "nim-interactive", "--corpus", &corpus];
    args.extend_from_slice(extra);
    common::harness(&args)
}

fn corpus_check(corpus: &Path) -> std::process::Output {
    common::harness(&["corpus", "check", "--corpus", &corpus.display().to_string()])
}

#[test]
fn a_right_python_player_wins_every_game() {
    let dir = common::scratch("interactive-python");
    let out = stress(&dir, &["--cases", "12", "--solver-cmd", PYTHON_RIGHT]);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    assert!(
        common::text(&out).contains("12 games played, 12 won"),
        "{}",
        common::text(&out)
    );
}

#[test]
fn misbehaving_players_get_verdicts_that_replay() {
    let dir = common::scratch("interactive-misbehaving");
    let players = [
        ("garbage", "echo Banana\n", &[][..], "bad-output"),
        ("crash", "read n; read piles; echo oops >&2; exit 3\n", &[][..], "crash"),
        (
            "long-line",
            "head -c 200000 /dev/zero | tr '\\0' x\n",
            &[][..],
            "bad-output",
        ),
        ("flood", "yes First\n", &[][..], "mismatch"),
        (
            "silent",
            "sleep 30\n",
            &["--no-shrink", "--time-limit-ms", "300"][..],
            "timeout",
        ),
        (
            "no-newline",
            "printf First; sleep 30\n",
            &["--no-shrink", "--time-limit-ms", "300"][..],
            "timeout",
        ),
    ];
    for (name, body, extra, verdict) in players {
        let corpus = dir.join(name);
        let cmd = script(&dir, &format!("{name}.sh"), body);
        let mut args = vec!["--cases", "4", "--solver-cmd", &cmd];
        args.extend_from_slice(extra);
        let began = std::time::Instant::now();
        let out = stress(&corpus, &args);
        assert_eq!(out.status.code(), Some(1), "{name}: {}", common::text(&out));
        assert!(began.elapsed().as_secs() < 20, "{name} took {:?}", began.elapsed());
        let entries = common::entries(&corpus);
        assert_eq!(entries.len(), 1, "{name}");
        assert_eq!(entries[0].verdict, verdict, "{name}: {:?}", entries[0]);
        assert!(entries[0].transcript.is_some(), "{name}");
        let replayed = corpus_check(&corpus);
        assert_eq!(replayed.status.code(), Some(0), "{name}: {}", common::text(&replayed));
    }
}

#[test]
fn a_wrong_player_shrinks_to_its_smallest_loss_on_any_thread_count() {
    let dir = common::scratch("interactive-threads");
    let mut stored = Vec::new();
    for threads in ["1", "2"] {
        let corpus = dir.join(threads);
        let out = stress(
            &corpus,
            &["--cases", "40", "--solver", "first-move", "--threads", threads],
        );
        assert_eq!(out.status.code(), Some(1), "{}", common::text(&out));
        let paths = engine::corpus::entry_paths(&corpus).unwrap();
        assert_eq!(paths.len(), 1);
        stored.push((
            paths[0].file_name().unwrap().to_owned(),
            std::fs::read_to_string(&paths[0]).unwrap(),
        ));
    }
    assert_eq!(stored[0], stored[1]);
    let entry = &common::entries(&dir.join("1"))[0];
    assert_eq!(entry.input, "1\n2\n");
    assert!(
        entry.detail.as_deref().unwrap().contains("`1 2` would have won"),
        "{entry:?}"
    );
}

#[test]
fn a_malformed_entry_or_an_unknown_player_is_a_usage_error() {
    let dir = common::scratch("interactive-malformed");
    let sample = common::workspace().join("corpus/nim-interactive");
    let lost = engine::corpus::entry_paths(&sample)
        .unwrap()
        .into_iter()
        .find(|p| std::fs::read_to_string(p).unwrap().contains("transcript"))
        .expect("a lost game in the corpus");
    let text = std::fs::read_to_string(&lost).unwrap();
    for (name, broken) in [
        ("transcript", text.replace("player: ", "someone: ")),
        ("position", text.replace("input = \"\"\"\n1\n", "input = \"\"\"\n0\n")),
    ] {
        let corpus = dir.join(name);
        std::fs::create_dir_all(corpus.join("nim-interactive")).unwrap();
        std::fs::write(corpus.join("nim-interactive/x.toml"), broken).unwrap();
        let out = corpus_check(&corpus);
        assert_eq!(out.status.code(), Some(2), "{name}: {}", common::text(&out));
        assert!(
            common::text(&out).contains(&format!("key `{}`", if name == "position" { "input" } else { name })),
            "{}",
            common::text(&out)
        );
    }
    let out = stress(&dir, &["--solver", "firstmove"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        common::text(&out).contains("did you mean `first-move`"),
        "{}",
        common::text(&out)
    );
}

#[test]
fn a_testlib_interactor_judges_instead_of_the_jury_and_its_failures_are_usage_errors() {
    let dir = common::scratch("interactive-interactor");
    // Sends the position, takes the side; wants `First`, says why in its output file.
    let interactor = script(
        &dir,
        "interactor.sh",
        "cat \"$1\"; read side; echo \"side: $side\" > \"$2\"; [ \"$side\" = First ]\n",
    );
    let first = script(&dir, "first.sh", "read n; read piles; echo First\n");
    let second = script(&dir, "second.sh", "read n; read piles; echo Second\n");
    let corpus = dir.join("ok");
    let out = stress(
        &corpus,
        &["--cases", "5", "--solver-cmd", &first, "--interactor", &interactor],
    );
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    let corpus = dir.join("wrong");
    let out = stress(
        &corpus,
        &["--cases", "5", "--solver-cmd", &second, "--interactor", &interactor],
    );
    assert_eq!(out.status.code(), Some(1), "{}", common::text(&out));
    let entries = common::entries(&corpus);
    assert_eq!(entries[0].verdict, "mismatch");
    assert_eq!(
        entries[0].oracle.as_deref(),
        Some(format!("interactor:{interactor}").as_str())
    );
    assert!(
        entries[0].detail.as_deref().unwrap().contains("side: Second"),
        "{:?}",
        entries[0]
    );
    // Shrunk by the family's moves: one pile, as small as the generator allows.
    assert_eq!(entries[0].input, "1\n0\n");
    let replayed = corpus_check(&corpus);
    assert_eq!(replayed.status.code(), Some(0), "{}", common::text(&replayed));
    assert!(
        common::text(&replayed).contains("not at hand"),
        "{}",
        common::text(&replayed)
    );
    for (code, says) in [("3", "failed (exit 3)"), ("5", "exited with code 5")] {
        let bad = script(
            &dir,
            &format!("exit{code}.sh"),
            &format!("cat \"$1\"; read side; exit {code}\n"),
        );
        let corpus = dir.join(code);
        let out = stress(&corpus, &["--cases", "2", "--solver-cmd", &first, "--interactor", &bad]);
        assert_eq!(out.status.code(), Some(2), "{}", common::text(&out));
        assert!(common::text(&out).contains(says), "{}", common::text(&out));
        assert!(!corpus.exists() || common::entries(&corpus).is_empty());
    }
    let out = common::harness(&["--config", "nim", "--interactor", &interactor]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        common::text(&out).contains("interactive problems only"),
        "{}",
        common::text(&out)
    );
}

#[test]
fn list_shows_each_protocol_and_play_runs_a_built_in_player_on_stdin() {
    let out = common::harness(&["list"]);
    let text = common::text(&out);
    for name in [
        "nim-interactive",
        "bash-game-interactive",
        "wythoff-interactive",
        "octal-game-interactive",
        "green-hackenbush-interactive",
    ] {
        assert!(text.contains(&format!("  {name}  [configs/{name}.toml]")), "{text}");
    }
    assert!(
        text.contains("| `i x`: take x >= 1 stones from pile i (1-based)."),
        "{text}"
    );
    assert!(text.contains("the jury prints `0 0` and the game is over"), "{text}");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["play", "nim-interactive", "right"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    // 3 1 2: the XOR is 0, so Second; the jury empties pile 1, leaving 0 1 2, and the player
    // takes 1 from pile 3 to XOR 0.
    child.stdin.take().unwrap().write_all(b"3\n3 1 2\n1 3\n0 0\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "Second\n3 1\n");
}

#[test]
fn a_transcript_the_jury_no_longer_plays_fails_replay() {
    let dir = common::scratch("interactive-tampered");
    let lost = common::workspace().join("corpus/nim-interactive/d3f91465a730a988.toml");
    let text = std::fs::read_to_string(lost).unwrap();
    assert!(text.contains("jury: 1 1\n"), "{text}");
    std::fs::create_dir_all(dir.join("nim-interactive")).unwrap();
    std::fs::write(
        dir.join("nim-interactive/x.toml"),
        text.replace("jury: 1 1\n", "jury: 1 2\n"),
    )
    .unwrap();
    let out = corpus_check(&dir);
    assert_eq!(out.status.code(), Some(1), "{}", common::text(&out));
    assert!(
        common::text(&out).contains("the game now goes"),
        "{}",
        common::text(&out)
    );
}

/// What the one engine gives interactive games that their own loop did not: every lost game
/// kept, shards, a summary, a test set and invocations.
#[test]
fn games_keep_going_shard_summarize_and_make_test_sets_and_invocations() {
    let dir = common::scratch("interactive-engine");
    let summary = dir.join("summary.json");
    let out = stress(
        &dir.join("corpus"),
        &[
            "--cases",
            "40",
            "--solver",
            "first-move",
            "--keep-going",
            "--shard",
            "1/2",
            "--summary",
            summary.to_str().unwrap(),
        ],
    );
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("distinct counterexample") && text.contains("shard 1/2"),
        "{text}"
    );
    let record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    assert_eq!(record["run"]["problem"], "nim-interactive", "{record}");
    let entries = common::entries(&dir.join("corpus"));
    assert!(
        !entries.is_empty() && entries.iter().all(|e| e.transcript.is_some()),
        "{text}"
    );

    let set = dir.join("set");
    let out = common::harness(&[
        "testset",
        "--problem",
        "nim-interactive",
        "--out",
        set.to_str().unwrap(),
        "--random",
        "4",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    let answers: Vec<String> = (1..=4)
        .map(|k| std::fs::read_to_string(set.join(format!("{k:02}.ans"))).unwrap())
        .collect();
    assert!(answers.iter().all(|a| a == "First\n" || a == "Second\n"), "{answers:?}");

    let out = common::harness(&[
        "invoke",
        "--problem",
        "nim-interactive",
        "--solver",
        "right",
        "--solver",
        "first-move",
        "--solver-cmd",
        PYTHON_RIGHT,
    ]);
    let table = common::text(&out);
    assert_eq!(out.status.code(), Some(0), "{table}");
    assert!(
        table.contains("first-move [WA]") && table.contains("as expected"),
        "{table}"
    );
    let out = common::harness(&[
        "invoke",
        "--problem",
        "nim-interactive",
        "--solver",
        "first-move",
        "--expect",
        "first-move=TLE",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", common::text(&out));
}

#[test]
fn brute_names_the_winning_side_and_check_says_a_game_is_judged_by_playing() {
    let dir = common::scratch("interactive-brute-check");
    let position = dir.join("position.in");
    std::fs::write(&position, "2\n3 3\n").unwrap();
    let out = common::harness(&["brute", "--problem", "nim-interactive", position.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "Second\n");
    let out = common::harness(&[
        "check",
        "--problem",
        "nim-interactive",
        position.to_str().unwrap(),
        position.to_str().unwrap(),
    ]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains("is an interactive problem") && !text.contains("did you mean"),
        "{text}"
    );
    assert!(text.contains("harness invoke --problem nim-interactive"), "{text}");
}

/// Runs a right player against `interactor_body` (a shell script) and returns the run's text,
/// asserting that it is the interactor's failure: exit 2, quickly, and nothing stored.
fn interactor_fault(name: &str, interactor_body: &str) -> (String, String) {
    let dir = common::scratch(name);
    let interactor = script(&dir, "interactor.sh", interactor_body);
    let first = script(&dir, "first.sh", "read n; read piles; echo First\n");
    let corpus = dir.join("corpus");
    let began = std::time::Instant::now();
    let out = stress(
        &corpus,
        &[
            "--cases",
            "2",
            "--time-limit-ms",
            "500",
            "--solver-cmd",
            &first,
            "--interactor",
            &interactor,
        ],
    );
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(began.elapsed().as_secs() < 20, "took {:?}", began.elapsed());
    assert!(!corpus.exists() || common::entries(&corpus).is_empty(), "{text}");
    (text, interactor)
}

#[test]
fn an_interactor_that_never_exits_is_a_usage_error_not_the_players_timeout() {
    // Ends the game (the player exits after its side) and then hangs instead of judging.
    let (text, interactor) = interactor_fault(
        "interactive-interactor-hangs",
        "cat \"$1\"; read side; echo \"side: $side\" > \"$2\"; exec sleep 30\n",
    );
    assert!(
        text.contains(&format!(
            "the interactor `{interactor}` did not exit within the time limit (500 ms)"
        )) && text.contains("side: First"),
        "{text}"
    );
}

#[test]
fn an_interactor_silent_while_the_player_waits_is_its_own_failure() {
    // Never sends the position: the player, rightly waiting for it, is not the one at fault.
    let (text, interactor) = interactor_fault("interactive-interactor-silent", "exec sleep 30\n");
    assert!(
        text.contains(&format!(
            "the interactor `{interactor}` neither wrote to the player nor exited within the time limit (500 ms)"
        )),
        "{text}"
    );
}

#[test]
fn an_interactors_flood_of_stderr_or_output_costs_neither_memory_nor_disk() {
    let dir = common::scratch("interactive-interactor-floods");
    let first = script(&dir, "first.sh", "read n; read piles; echo First\n");
    let chatty = script(
        &dir,
        "chatty.sh",
        "cat \"$1\"; read side; head -c 200000000 /dev/zero >&2; echo \"side: $side\" >&2\n",
    );
    let corpus = dir.join("corpus").display().to_string();
    let args = |interactor: &str| {
        [
            "--config",
            "nim-interactive",
            "--corpus",
            &corpus,
            "--cases",
            "1",
            "--solver-cmd",
            &first,
            "--interactor",
            interactor,
        ]
        .map(str::to_string)
    };
    let run = |interactor: &str| {
        let args = args(interactor);
        common::peak_memory(&args.iter().map(String::as_str).collect::<Vec<_>>(), None)
    };
    let (code, text, peak) = run(&chatty);
    assert_eq!(code, Some(0), "{text}");
    assert!(peak < 100 << 20, "the harness peaked at {} MiB", peak >> 20);
    let writer = script(
        &dir,
        "writer.sh",
        "cat \"$1\"; read side; exec head -c 200000000 /dev/zero > \"$2\"\n",
    );
    let (code, text, peak) = run(&writer);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("wrote a file of more than 64 MiB"), "{text}");
    assert!(peak < 100 << 20, "the harness peaked at {} MiB", peak >> 20);
}

/// Runs the harness with `args`, killing it after `limit`: its output, or `None` if it was still
/// running then.
fn within(args: &[&str], limit: std::time::Duration) -> Option<std::process::Output> {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .current_dir(common::workspace())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let began = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if began.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    Some(child.wait_with_output().unwrap())
}

#[test]
fn the_jury_answers_at_once_at_every_size_the_format_allows() {
    let dir = common::scratch("interactive-jury-sizes");
    let corpus = dir.display().to_string();
    // Each took minutes or more: the jury searched every option of every position afresh, or
    // searched a start far past brute's budget one move at a time.
    for (config, sets, says) in [
        (
            "nim-interactive",
            &["n=3", "values=[60,60]"][..],
            "1 game played, 1 won",
        ),
        (
            "nim-interactive",
            &["n=40", "values=[9999,9999]"][..],
            "1 game played, 1 won",
        ),
        (
            "wythoff-interactive",
            &["a=[100,100]", "b=[100,100]"][..],
            "1 game played, 1 won",
        ),
        (
            "bash-game-interactive",
            &["n=[5000,5000]", "k=[300,300]"][..],
            "1 game played, 1 won",
        ),
        (
            "bash-game-interactive",
            &["n=[1000000000000,1000000000000]", "k=[100000,100000]"][..],
            "all 1 games were skipped",
        ),
    ] {
        let mut args = vec![
            "--config", config, "--corpus", &corpus, "--solver", "right", "--cases", "1",
        ];
        for set in sets {
            args.extend(["--set", set]);
        }
        let out = within(&args, std::time::Duration::from_secs(20));
        let out = out.unwrap_or_else(|| panic!("{config} {sets:?} ran past 20 s"));
        let text = common::text(&out);
        assert!(text.contains(says), "{config} {sets:?}: {text}");
    }
}
