//! Two programs joined to each other, each one's stdout the other's stdin: a testlib-style
//! interactor and the player it judges.
//!
//! The two are joined by kernel pipes, not relayed: when either exits, the other sees the end of
//! its input or a broken pipe, so neither can wait for the other for ever. Both are bounded by
//! one deadline and killed with their process groups; each is reaped only after its group is
//! killed, as every program is ([`Leader`]).

use std::fs::File;
use std::io;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::group::{sweep_orphans, Leader};
use crate::program::Program;
use crate::run::{Exit, RunError};

/// How each of the two ended: `None` when it had not exited by the deadline and was killed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairRun {
    pub first: Option<Exit>,
    pub second: Option<Exit>,
}

/// Runs `first` (with `args` appended and its stderr to `stderr`) and `second` (stderr
/// discarded) joined to each other, until both exit or `limit` has passed.
pub fn run_pair(
    first: &Program,
    args: &[&Path],
    stderr: File,
    second: &Program,
    limit: Duration,
) -> Result<PairRun, RunError> {
    let deadline = Instant::now() + limit;
    let pipes = || -> io::Result<_> { Ok((io::pipe()?, io::pipe()?)) };
    let ((from_second, to_first), (from_first, to_second)) = pipes().map_err(|e| {
        RunError::CannotStart(format!(
            "no pipes to join `{}` and `{}`: {e}",
            first.display(),
            second.display()
        ))
    })?;
    // Each command owns its pipe ends and is dropped once started, so only the two programs
    // hold them: the end of one is the end of the other's input.
    let mut a = {
        let mut c = command(first, args);
        c.stdin(Stdio::from(from_second))
            .stdout(Stdio::from(to_second))
            .stderr(Stdio::from(stderr));
        start(c, first)?
    };
    let mut b = {
        let mut c = command(second, &[]);
        c.stdin(Stdio::from(from_first))
            .stdout(Stdio::from(to_first))
            .stderr(Stdio::null());
        start(c, second)?
    };
    let (mut a_done, mut b_done) = (false, false);
    while !(a_done && b_done) && Instant::now() < deadline {
        a_done = a_done || a.exited();
        b_done = b_done || b.exited();
        std::thread::sleep(Duration::from_millis(1));
    }
    let (ra, rb) = (a.reap(), b.reap());
    sweep_orphans(&[]);
    if ra.interrupted || rb.interrupted {
        return Err(RunError::Interrupted);
    }
    Ok(PairRun {
        first: a_done.then(|| Exit::of(ra.status)),
        second: b_done.then(|| Exit::of(rb.status)),
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

fn start(mut c: Command, p: &Program) -> Result<Leader, RunError> {
    Leader::spawn(&mut c, None, Default::default())
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
        let dir = std::env::temp_dir().join(format!("sandbox-pair-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let stderr = File::create(dir.join("err")).unwrap();
        // The first asks, the second answers; the first exits with what it read.
        let first = sh("echo 7; read a; exit $a");
        let second = sh("read q; echo $((q - 4))");
        let run = run_pair(&first, &[], stderr, &second, Duration::from_secs(20)).unwrap();
        assert_eq!(run.first, Some(Exit::Code(3)));
        assert_eq!(run.second, Some(Exit::Success));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn one_that_never_exits_is_killed_at_the_deadline_and_said_to_be() {
        let stderr = File::create("/dev/null").unwrap();
        let began = Instant::now();
        let run = run_pair(&sh("exit 0"), &[], stderr, &sh("sleep 30"), Duration::from_millis(300)).unwrap();
        assert_eq!(run.first, Some(Exit::Success));
        assert_eq!(run.second, None);
        assert!(began.elapsed() < Duration::from_secs(10), "{:?}", began.elapsed());
    }
}
