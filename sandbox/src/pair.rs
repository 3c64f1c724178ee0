//! Two programs joined to each other, each one's stdout the other's stdin: a testlib-style
//! interactor and the player it judges.
//!
//! The two are joined by kernel pipes, not relayed: when either exits, the other sees the end of
//! its input or a broken pipe, so neither can wait for the other for ever. Both are bounded by
//! one deadline and killed with their process groups; each is reaped only after its group is
//! killed, as every program is ([`Leader`]). The first's stderr is kept as a tail, like a
//! player's, and the files it writes (an interactor's output file) are bounded: an interactor is a
//! program like any other, and a flood from it must cost neither memory nor the disk.

use std::io;
use std::os::fd::AsRawFd;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::group::{sweep_orphans, Leader};
use crate::limits::Rlimits;
use crate::procfs::{group_reads, name_of};
use crate::program::Program;
use crate::run::{Exit, RunError, STDOUT_CAP};
use crate::session::StderrTail;

/// The largest file the first program may write (`RLIMIT_FSIZE`: past it, it gets `SIGXFSZ`). An
/// interactor's output file holds its verdict's words, as stdout holds an answer.
pub const FILE_CAP: u64 = STDOUT_CAP as u64;

/// How each of the two ended: `None` when it had not exited by the deadline and was killed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairRun {
    pub first: Option<Exit>,
    pub second: Option<Exit>,
    /// The last [`STDERR_TAIL`](crate::STDERR_TAIL) bytes of the first's stderr, lossy UTF-8.
    pub first_stderr: String,
    /// When the deadline came with neither exited: whether each (first, second) was blocked
    /// reading what the other writes. Whose turn it was shows who stalled the exchange.
    pub waiting: [bool; 2],
}

/// Runs `first` (with `args` appended, writing files of at most [`FILE_CAP`] bytes) and `second`
/// (stderr discarded) joined to each other, until both exit or `limit` has passed.
pub fn run_pair(first: &Program, args: &[&Path], second: &Program, limit: Duration) -> Result<PairRun, RunError> {
    let deadline = Instant::now() + limit;
    let pipes = || -> io::Result<_> { Ok((io::pipe()?, io::pipe()?)) };
    let ((from_second, to_first), (from_first, to_second)) = pipes().map_err(|e| {
        RunError::CannotStart(format!(
            "no pipes to join `{}` and `{}`: {e}",
            first.display(),
            second.display()
        ))
    })?;
    let inputs = [name_of(from_second.as_raw_fd()), name_of(from_first.as_raw_fd())];
    // Each command owns its pipe ends and is dropped once started, so only the two programs
    // hold them: the end of one is the end of the other's input.
    let mut a = {
        let mut c = command(first, args);
        c.stdin(Stdio::from(from_second))
            .stdout(Stdio::from(to_second))
            .stderr(Stdio::piped());
        let files = Rlimits {
            file_size: Some(FILE_CAP),
            ..Rlimits::default()
        };
        start(c, first, files)?
    };
    let stderr = a.child().stderr.take().expect("stderr is piped");
    let stderr = StderrTail::keep(stderr).map_err(|e| {
        RunError::CannotStart(format!(
            "cannot run `{}`: no thread to read its stderr ({e}): run with fewer --threads",
            first.display()
        ))
    })?;
    let mut b = {
        let mut c = command(second, &[]);
        c.stdin(Stdio::from(from_first))
            .stdout(Stdio::from(to_first))
            .stderr(Stdio::null());
        start(c, second, Rlimits::default())?
    };
    let (mut a_done, mut b_done) = (false, false);
    while !(a_done && b_done) && Instant::now() < deadline {
        a_done = a_done || a.exited();
        b_done = b_done || b.exited();
        std::thread::sleep(Duration::from_millis(1));
    }
    let waiting = match (&inputs, a_done || b_done) {
        ([Some(a_input), Some(b_input)], false) => [group_reads(a.pgid(), a_input), group_reads(b.pgid(), b_input)],
        _ => [false; 2],
    };
    let (ra, rb) = (a.reap(), b.reap());
    sweep_orphans(&[]);
    if ra.interrupted || rb.interrupted {
        return Err(RunError::Interrupted);
    }
    Ok(PairRun {
        first: a_done.then(|| Exit::of(ra.status)),
        second: b_done.then(|| Exit::of(rb.status)),
        first_stderr: stderr.text(),
        waiting,
    })
}

fn command(p: &Program, args: &[&Path]) -> Command {
    let argv = p.argv();
    let mut c = Command::new(&argv[0]);
    c.args(&argv[1..]).args(args);
    if let Some(dir) = p.dir() {
        c.current_dir(dir);
    }
    c
}

fn start(mut c: Command, p: &Program, rlimits: Rlimits) -> Result<Leader, RunError> {
    Leader::spawn(&mut c, None, rlimits)
        .map_err(|e| e.into_run_error(|e| RunError::CannotStart(format!("cannot start `{}`: {e}", p.display()))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Program {
        Program::parse(&format!("sh -c {}", shlex::try_quote(script).unwrap())).unwrap()
    }

    #[test]
    fn each_reads_what_the_other_writes_and_both_exits_are_kept() {
        // The first asks, the second answers; the first exits with what it read.
        let first = sh("echo 7; read a; echo \"got $a\" >&2; exit $a");
        let second = sh("read q; echo $((q - 4))");
        let run = run_pair(&first, &[], &second, Duration::from_secs(20)).unwrap();
        assert_eq!(run.first, Some(Exit::Code(3)));
        assert_eq!(run.second, Some(Exit::Success));
        assert_eq!(run.first_stderr, "got 3\n");
    }

    #[test]
    fn one_that_never_exits_is_killed_at_the_deadline_and_said_to_be() {
        let began = Instant::now();
        let run = run_pair(&sh("exit 0"), &[], &sh("sleep 30"), Duration::from_millis(300)).unwrap();
        assert_eq!(run.first, Some(Exit::Success));
        assert_eq!(run.second, None);
        assert!(began.elapsed() < Duration::from_secs(10), "{:?}", began.elapsed());
    }

    #[test]
    fn at_the_deadline_it_says_which_waited_for_the_other() {
        let limit = Duration::from_millis(500);
        let run = run_pair(&sh("sleep 30"), &[], &sh("read x"), limit).unwrap();
        assert_eq!((run.first, run.second, run.waiting), (None, None, [false, true]));
        let run = run_pair(&sh("read x"), &[], &sh("sleep 30"), limit).unwrap();
        assert_eq!(run.waiting, [true, false]);
        let run = run_pair(&sh("read x"), &[], &sh("read y"), limit).unwrap();
        assert_eq!(run.waiting, [true, true]);
    }

    #[test]
    fn a_flood_on_the_firsts_stderr_keeps_its_tail() {
        let first = sh("head -c 50000000 /dev/zero | tr '\\0' x >&2; echo last words >&2");
        let run = run_pair(&first, &[], &sh("exit 0"), Duration::from_secs(20)).unwrap();
        assert_eq!(run.first, Some(Exit::Success));
        assert_eq!(run.first_stderr.len(), crate::STDERR_TAIL);
        assert!(
            run.first_stderr.ends_with("xxxlast words\n"),
            "{:?}",
            &run.first_stderr[4000..]
        );
    }

    #[test]
    fn the_first_writes_no_file_past_the_cap() {
        let file = std::env::temp_dir().join(format!("sandbox-pair-file-{}", std::process::id()));
        let first = sh(&format!("exec head -c {} /dev/zero > \"$0\"", FILE_CAP + 1));
        let run = run_pair(&first, &[&file], &sh("exit 0"), Duration::from_secs(20)).unwrap();
        let written = std::fs::metadata(&file).map(|m| m.len());
        std::fs::remove_file(&file).ok();
        assert_eq!(run.first, Some(Exit::Signal(libc::SIGXFSZ)));
        assert_eq!(written.unwrap(), FILE_CAP);
    }
}
