//! A FOUND block's reproduce line regenerates exactly the failing input, also when the input
//! is a batch of a shard, whose case indices are not consecutive. The fixture in `leak` mode
//! fails only on a case after another in one input, so the failing input is a batch. The config
//! lies in a folder whose name needs quoting, so the line must quote it to paste back.

use crate::common;

fn quote(s: &str) -> String {
    shlex::try_quote(s).expect("no NUL byte").into_owned()
}

#[test]
fn the_reproduce_line_of_a_sharded_batch_regenerates_its_input() {
    let dir = common::scratch("reproduce-shard");
    let solver = format!("{} leak", quote(env!("CARGO_BIN_EXE_tree-game-fixture")));
    let folder = dir.join("it's a folder");
    std::fs::create_dir_all(&folder).unwrap();
    let config = folder.join("tree.toml");
    std::fs::copy(common::workspace().join("configs/tree.toml"), &config).unwrap();
    let out = common::harness(&[
        "--config",
        config.to_str().unwrap(),
        "--shard",
        "2/3",
        "--batch",
        "10",
        "--cases",
        "300",
        "--no-shrink",
        "--solver-cmd",
        &solver,
        "--corpus",
        dir.join("corpus").to_str().unwrap(),
    ]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let line = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("the original input: harness "))
        .unwrap_or_else(|| panic!("no reproduce line in\n{text}"));
    assert!(line.contains("--stride 3"), "{line}");
    let args = shlex::split(line).unwrap();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let again = common::harness(&args);
    assert_eq!(again.status.code(), Some(0), "{}", common::text(&again));
    let entries = common::entries(&dir.join("corpus"));
    assert_eq!(entries.len(), 1, "{text}");
    assert_eq!(String::from_utf8_lossy(&again.stdout), entries[0].input, "{line}");
}
