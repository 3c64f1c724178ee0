//! Running the real `harness` binary the way a user does.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// A fresh, empty folder under the target directory.
/// A judge's tool, `$var` (CI's venv) else `program` on the `PATH`, if it runs (`--version`).
pub fn judge_tool(var: &str, program: &str) -> Option<PathBuf> {
    let program = std::env::var_os(var).map_or_else(|| PathBuf::from(program), PathBuf::from);
    let runs = Command::new(&program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    runs.then_some(program)
}

pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn harness(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .current_dir(workspace())
        .output()
        .expect("the harness binary runs")
}

pub fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Every corpus entry written under `dir`.
pub fn entries(dir: &Path) -> Vec<engine::corpus::Entry> {
    engine::corpus::entry_paths(dir)
        .unwrap()
        .iter()
        .map(|p| engine::corpus::Entry::load(p).unwrap())
        .collect()
}

/// Every file under `dir`, recursively, by its path relative to `dir`, with its bytes.
pub fn files_under(dir: &Path) -> std::collections::BTreeMap<PathBuf, Vec<u8>> {
    let mut out = std::collections::BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.insert(p.strip_prefix(dir).unwrap().to_path_buf(), std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

/// The harness run with `args` (under an address-space limit of `max_bytes`, if given): its exit
/// code, its output and its peak memory with its children's, in bytes.
///
/// Measured through a small Python parent: a child's peak counts the memory of the process it
/// was spawned from (the kernel takes the old address space's high-water mark at `exec`), and
/// this test binary, running many tests at once, can hold hundreds of MiB.
pub fn peak_memory(args: &[&str], max_bytes: Option<u64>) -> (Option<i32>, String, u64) {
    const MEASURE: &str = "import resource, subprocess, sys\n\
        limit = int(sys.argv[1])\n\
        def bound():\n    if limit:\n        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))\n\
        p = subprocess.run(sys.argv[2:], preexec_fn=bound, capture_output=True)\n\
        sys.stdout.buffer.write(p.stdout + p.stderr)\n\
        sys.stderr.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))\n\
        sys.exit(p.returncode if p.returncode >= 0 else 128 - p.returncode)\n";
    let out = Command::new("python3")
        .args([
            "-c",
            MEASURE,
            &max_bytes.unwrap_or(0).to_string(),
            env!("CARGO_BIN_EXE_harness"),
        ])
        .args(args)
        .current_dir(workspace())
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let kib: u64 = String::from_utf8_lossy(&out.stderr)
        .trim()
        .parse()
        .unwrap_or(u64::MAX / 1024);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        kib * 1024,
    )
}

/// `text` without its ANSI colour sequences (`ESC [ ... m`): bt colours its lines where it
/// thinks a terminal reads them (under `CI=true`, say).
pub fn without_colours(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            chars.by_ref().find(|&c| c == 'm');
        } else {
            out.push(c);
        }
    }
    out
}
