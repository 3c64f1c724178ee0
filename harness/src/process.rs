//! Running a user's program (C++ binary, Python script, ...) on one test instance.
//!
//! The instance goes to the program's stdin and its stdout is captured under a wall-clock time
//! limit. Each run leads its own process group, so a timeout, an output flood or Ctrl-C kills the
//! program together with everything it started. Helper threads feed stdin, drain stdout and
//! stderr, and wait for the exit, so no pipe can fill up and deadlock the run.
//!
//! The leader's exit is observed with `waitid(WNOWAIT)` and the leader is reaped only after its
//! group has been killed and removed from the registry of live groups: a pid in the registry is
//! never a recycled one, so signalling it can never hit a stranger.
//!
//! Cost: a process spawn, four short-lived threads and one copy of the input per run.
//!
//! Limitation: a descendant that leaves the group (`setsid`, `setpgid`) escapes the kill; if it
//! keeps stdout or stderr open, `run` gives up waiting after a grace period and returns an error.
//!
//! Reference: `waitid(2)`, `kill(2)` (a negative pid signals a whole process group).

use std::collections::BTreeSet;
use std::ffi::CString;
use std::io::{self, Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// Stdout beyond this is no plausible answer: the run is killed and marked `output_overflow`.
pub const STDOUT_CAP: usize = 64 << 20;
/// How much of the end of stderr is kept: enough for a panic message or a failed assertion.
pub const STDERR_TAIL: usize = 4 << 10;
/// How long to wait for stdout and stderr to close once the program's group is dead. Only a
/// process that escaped the group can hold them longer.
const PIPE_GRACE: Duration = Duration::from_secs(5);

/// A user's program: a shell-style command line split with shlex (no shell is run).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    cmdline: String,
    argv: Vec<String>,
}

impl Program {
    /// Splits `cmdline` and checks that its program can be started.
    ///
    /// Errors (a one-line message saying what to do) for: an empty command, unbalanced quotes, a
    /// program path containing '/' that does not exist or is not an executable file, a bare name
    /// not found on PATH.
    pub fn parse(cmdline: &str) -> Result<Program, String> {
        let argv = shlex::split(cmdline).ok_or_else(|| {
            format!(
                "command `{cmdline}` has an unbalanced quote or a trailing backslash: \
                 close the quote or escape it"
            )
        })?;
        let Some(program) = argv.first() else {
            return Err("the command is empty: give the program to run, \
                        e.g. `./a.out` or `python3 sol.py`"
                .to_owned());
        };
        if program.contains('/') {
            check_executable_file(Path::new(program))?;
        } else {
            check_on_path(program)?;
        }
        Ok(Program {
            cmdline: cmdline.to_owned(),
            argv,
        })
    }

    /// The command line as given.
    pub fn display(&self) -> &str {
        &self.cmdline
    }
}

fn check_executable_file(path: &Path) -> Result<(), String> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        io::ErrorKind::NotFound => {
            format!("`{shown}` does not exist: build it first or fix the path")
        }
        _ => format!("cannot inspect `{shown}` ({e}): fix the path or its permissions"),
    })?;
    if !meta.is_file() {
        return Err(format!("`{shown}` is not a file: give the program to run"));
    }
    if !is_executable(path) {
        return Err(format!(
            "`{shown}` is not executable: run `chmod +x {shown}`, \
             or run it through its interpreter (e.g. `python3 {shown}`)"
        ));
    }
    Ok(())
}

fn check_on_path(name: &str) -> Result<(), String> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = std::env::split_paths(&path).any(|dir| {
        // POSIX: an empty PATH entry means the current directory.
        let dir = if dir.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            dir
        };
        let candidate = dir.join(name);
        candidate.is_file() && is_executable(&candidate)
    });
    if found {
        Ok(())
    } else {
        Err(format!(
            "`{name}` was not found on PATH: give its path (e.g. `./{name}`) or install it"
        ))
    }
}

/// Asks the kernel rather than reading mode bits, so ownership, ACLs and root's rules all count.
fn is_executable(path: &Path) -> bool {
    let Ok(c_path) = CString::new(path.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: `c_path` is a NUL-terminated string that outlives the call.
    unsafe { libc::access(c_path.as_ptr(), libc::X_OK) == 0 }
}

/// How a program ended on its own (or after the harness killed it for flooding stdout).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Success,
    Code(i32),
    Signal(i32),
}

impl Exit {
    fn of(status: ExitStatus) -> Exit {
        match status.code() {
            Some(0) => Exit::Success,
            Some(code) => Exit::Code(code),
            // `wait` reports only terminated children: no exit code means a fatal signal.
            None => Exit::Signal(status.signal().unwrap_or_default()),
        }
    }
}

/// What happened during one run. A verdict should look at `timed_out`, then `output_overflow`,
/// then `exit`: a program killed for flooding stdout shows `Exit::Signal(SIGKILL)` (or SIGPIPE).
#[derive(Clone, Debug)]
pub struct Run {
    /// Lossy UTF-8, at most `STDOUT_CAP` bytes.
    pub stdout: String,
    /// The last `STDERR_TAIL` bytes of stderr (less if cut inside a character), lossy UTF-8.
    pub stderr_tail: String,
    /// `None` exactly when the program was killed for the time limit.
    pub exit: Option<Exit>,
    pub timed_out: bool,
    pub output_overflow: bool,
    /// From the spawn to the program's exit (or to its kill at the time limit).
    pub elapsed: Duration,
}

/// Runs `p` with `stdin` as its input, killing its whole process group after `limit` of wall
/// time (counted from the spawn, so an interpreter's start-up counts too).
///
/// Errors: spawning failed; the harness was interrupted by [`kill_all_running`] (kind
/// `Interrupted`, also for every later call); a process that left the group kept the output
/// pipes open. A program that exits without reading its input is not an error.
pub fn run(p: &Program, stdin: &str, limit: Duration) -> io::Result<Run> {
    run_capped(p, stdin.as_bytes(), limit, STDOUT_CAP)
}

/// Kills every process group started by `run` that is still alive (for Ctrl-C). The runs they
/// belonged to return `Interrupted` errors instead of crash verdicts, and from now on `run`
/// refuses to start programs.
pub fn kill_all_running() {
    let mut registry = registry();
    registry.interrupted = true;
    for &pgid in &registry.live {
        kill_group(pgid);
    }
}

struct Registry {
    live: BTreeSet<i32>,
    interrupted: bool,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    live: BTreeSet::new(),
    interrupted: false,
});

fn registry() -> MutexGuard<'static, Registry> {
    // The registry is a set and a flag, consistent after any panic: poisoning carries no meaning.
    REGISTRY.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Tells whether `kill_all_running` has been called (so the run's outcome cannot be trusted).
fn unregister(pgid: i32) -> bool {
    let mut registry = registry();
    registry.live.remove(&pgid);
    registry.interrupted
}

fn interrupted_error() -> io::Error {
    io::Error::new(
        io::ErrorKind::Interrupted,
        "the run was stopped by kill_all_running (Ctrl-C)",
    )
}

fn kill_group(pgid: i32) {
    // SAFETY: plain syscall; `pgid` is an unreaped leader of ours, so the group is ours. Failure
    // (ESRCH) only means the group is already gone.
    unsafe { libc::kill(-pgid, libc::SIGKILL) };
}

enum Event {
    Exited,
    Overflow,
    Stdout(Vec<u8>),
    Stderr(Vec<u8>),
}

/// `run` with a choosable stdout cap, so tests can flood it cheaply.
fn run_capped(p: &Program, input: &[u8], limit: Duration, cap: usize) -> io::Result<Run> {
    if registry().interrupted {
        return Err(interrupted_error());
    }
    let start = Instant::now();
    let mut child = Command::new(&p.argv[0])
        .args(&p.argv[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    // process_group(0): the child leads a new group whose id is its pid. Pids fit in pid_t.
    let pgid = child.id() as i32;
    {
        let mut registry = registry();
        registry.live.insert(pgid);
        // kill_all_running may have come between the check above and the spawn.
        if registry.interrupted {
            kill_group(pgid);
        }
    }
    let (tx, rx) = mpsc::channel();
    if let Err(e) = start_helpers(&mut child, input, cap, tx) {
        // No waiter thread exists (it starts last), so reaping here races with nothing.
        kill_group(pgid);
        unregister(pgid);
        let _ = child.wait();
        return Err(e);
    }
    let mut watch = Watch::default();
    watch.until_exit(&rx, pgid, start + limit);
    let elapsed = start.elapsed();
    // Whatever the program left behind would keep its pipes open. The leader is still unreaped,
    // so `pgid` cannot yet name anyone else's group.
    kill_group(pgid);
    let interrupted = unregister(pgid);
    let status = child.wait()?;
    if interrupted {
        return Err(interrupted_error());
    }
    let (stdout, stderr) = watch.pipes(&rx)?;
    Ok(Run {
        stdout: lossy(stdout),
        stderr_tail: lossy(stderr),
        exit: (!watch.timed_out).then(|| Exit::of(status)),
        timed_out: watch.timed_out,
        output_overflow: watch.overflow,
        elapsed,
    })
}

/// Starts the stdin feeder, the two pipe readers and, last, the exit waiter.
fn start_helpers(child: &mut Child, input: &[u8], cap: usize, tx: Sender<Event>) -> io::Result<()> {
    let (stdin, stdout, stderr) = (
        child.stdin.take().expect("stdin is piped"),
        child.stdout.take().expect("stdout is piped"),
        child.stderr.take().expect("stderr is piped"),
    );
    let input = input.to_vec();
    thread::Builder::new().spawn(move || feed(stdin, &input))?;
    let stdout_tx = tx.clone();
    thread::Builder::new().spawn(move || read_capped(stdout, cap, &stdout_tx))?;
    let stderr_tx = tx.clone();
    thread::Builder::new().spawn(move || read_tail(stderr, STDERR_TAIL, &stderr_tx))?;
    let pid = child.id() as i32;
    thread::Builder::new().spawn(move || await_exit(pid, &tx))?;
    Ok(())
}

fn feed(mut pipe: ChildStdin, input: &[u8]) {
    // A program may stop reading and exit early (EPIPE): its right, not an error of the harness.
    // The pipe closes when this returns, which is the program's end of input.
    let _ = pipe.write_all(input);
}

fn read_capped(pipe: ChildStdout, cap: usize, tx: &Sender<Event>) {
    let mut out = Vec::new();
    // One byte beyond the cap tells a flood apart from output of exactly `cap` bytes. A read
    // error keeps what was read, like an end of file.
    let _ = pipe.take(cap as u64 + 1).read_to_end(&mut out);
    if out.len() > cap {
        out.truncate(cap);
        let _ = tx.send(Event::Overflow);
    }
    let _ = tx.send(Event::Stdout(out));
}

fn read_tail(mut pipe: ChildStderr, keep: usize, tx: &Sender<Event>) {
    let mut tail = Vec::with_capacity(2 * keep);
    let mut buf = [0u8; 8192];
    let mut cut = false;
    loop {
        match pipe.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                tail.extend_from_slice(&buf[..n]);
                // Trimming only at twice the size keeps the cost linear in the bytes read.
                if tail.len() > 2 * keep {
                    tail.drain(..tail.len() - keep);
                    cut = true;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    if tail.len() > keep {
        tail.drain(..tail.len() - keep);
        cut = true;
    }
    let start = if cut { char_boundary(&tail) } else { 0 };
    let _ = tx.send(Event::Stderr(tail.split_off(start)));
}

/// Skips the continuation bytes (at most 3) a cut may have left at the front of UTF-8 text.
fn char_boundary(bytes: &[u8]) -> usize {
    bytes.iter().take(3).take_while(|&&b| b & 0xC0 == 0x80).count()
}

fn await_exit(pid: i32, tx: &Sender<Event>) {
    loop {
        // SAFETY: an all-zero siginfo_t is a valid out-parameter.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // WNOWAIT leaves the child unreaped, so its pid and group id stay ours until `run` reaps.
        // SAFETY: plain syscall with a valid out-pointer.
        let rc = unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, libc::WEXITED | libc::WNOWAIT) };
        if rc == 0 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            break;
        }
    }
    let _ = tx.send(Event::Exited);
}

#[derive(Default)]
struct Watch {
    exited: bool,
    timed_out: bool,
    overflow: bool,
    stdout: Option<Vec<u8>>,
    stderr: Option<Vec<u8>>,
}

impl Watch {
    fn note(&mut self, event: Event) {
        match event {
            Event::Exited => self.exited = true,
            Event::Overflow => self.overflow = true,
            Event::Stdout(bytes) => self.stdout = Some(bytes),
            Event::Stderr(bytes) => self.stderr = Some(bytes),
        }
    }

    /// Returns once the leader has exited, killing its group at `deadline`.
    fn until_exit(&mut self, rx: &Receiver<Event>, pgid: i32, deadline: Instant) {
        while !self.exited {
            let event = if self.timed_out {
                // SIGKILL is on its way: the exit cannot take long.
                rx.recv().map_err(|_| RecvTimeoutError::Disconnected)
            } else {
                rx.recv_timeout(deadline.saturating_duration_since(Instant::now()))
            };
            match event {
                Ok(event) => {
                    // Killing here is safe because the leader is not reaped before it exits.
                    if matches!(event, Event::Overflow) {
                        kill_group(pgid);
                    }
                    self.note(event);
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.timed_out = true;
                    kill_group(pgid);
                }
                // Every helper has finished, the waiter included: nothing more can come.
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
    }

    /// Waits for both readers, once nothing in the group can hold the pipes any more. The leader
    /// may be reaped by now, so a late overflow is only recorded: its group is already dead.
    fn pipes(&mut self, rx: &Receiver<Event>) -> io::Result<(Vec<u8>, Vec<u8>)> {
        let give_up = Instant::now() + PIPE_GRACE;
        while self.stdout.is_none() || self.stderr.is_none() {
            match rx.recv_timeout(give_up.saturating_duration_since(Instant::now())) {
                Ok(event) => self.note(event),
                Err(_) => {
                    return Err(io::Error::other(
                        "a process started by the program left its process group and kept \
                         stdout or stderr open; stop it by hand",
                    ))
                }
            }
        }
        Ok((
            self.stdout.take().unwrap_or_default(),
            self.stderr.take().unwrap_or_default(),
        ))
    }
}

/// Avoids copying output that is valid UTF-8, the usual case.
fn lossy(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    const SCRIPTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/process_scripts");
    /// Generous: on a loaded 2-core machine a shell script may take a while to start.
    const LIMIT: Duration = Duration::from_secs(20);

    fn quote(s: &str) -> String {
        shlex::try_quote(s).expect("no NUL byte").into_owned()
    }

    fn script(name: &str, args: &str) -> Program {
        let cmdline = format!("{} {args}", quote(&format!("{SCRIPTS}/{name}")));
        Program::parse(&cmdline).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A fresh path in the temp dir, unique per process and per test.
    fn temp_path(tag: &str) -> PathBuf {
        std::env::temp_dir().join(format!("harness-process-{}-{tag}", std::process::id()))
    }

    /// Numbered lines up to at least `len` bytes: distinctive enough that a dropped or repeated
    /// chunk changes the text.
    fn numbered_lines(len: usize) -> String {
        let mut text = String::with_capacity(len + 16);
        let mut i = 0u64;
        while text.len() < len {
            text.push_str(&i.to_string());
            text.push('\n');
            i += 1;
        }
        text
    }

    /// Alive and not a zombie (an orphaned zombie waits for init, which may never reap it).
    fn is_alive(pid: i32) -> bool {
        // SAFETY: signal 0 only checks for existence.
        let exists = unsafe { libc::kill(pid, 0) } == 0;
        let zombie = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|stat| {
                // The state follows the command name, which is in parentheses.
                let after = &stat[stat.rfind(')')? + 1..];
                after.split_whitespace().next().map(|state| state == "Z")
            })
            .unwrap_or(false);
        exists && !zombie
    }

    /// SIGKILL is delivered asynchronously: give the victim a moment to die.
    fn dies_soon(pid: i32) -> bool {
        let give_up = Instant::now() + Duration::from_secs(2);
        while Instant::now() < give_up {
            if !is_alive(pid) {
                return true;
            }
            thread::sleep(Duration::from_millis(10));
        }
        false
    }

    fn read_pid(path: &Path) -> i32 {
        let text = std::fs::read_to_string(path).expect("the script wrote its sleeper's pid");
        std::fs::remove_file(path).ok();
        text.trim().parse().expect("a pid")
    }

    #[test]
    fn echo_returns_10_mb_input_unchanged() {
        let input = numbered_lines(10_000_000);
        let r = run(&script("cat.sh", ""), &input, LIMIT).unwrap();
        assert_eq!(r.exit, Some(Exit::Success));
        assert!(!r.timed_out && !r.output_overflow);
        assert_eq!(r.stdout.len(), input.len());
        assert!(r.stdout == input, "stdout differs from stdin");
        assert_eq!(r.stderr_tail, "");
    }

    #[test]
    fn program_writing_before_reading_does_not_deadlock() {
        // The script writes 1 MiB (many pipe buffers) before reading a byte, then counts stdin.
        let input = numbered_lines(10_000_000);
        let r = run(&script("write_first.sh", ""), &input, LIMIT).unwrap();
        assert_eq!(r.exit, Some(Exit::Success));
        let (xs, count) = r.stdout.split_at(1 << 20);
        assert!(xs.bytes().all(|b| b == b'x'));
        assert_eq!(count.trim(), input.len().to_string());
    }

    #[test]
    fn exit_code_and_stderr_are_kept() {
        let r = run(&script("fail3.sh", ""), "1 2\n", LIMIT).unwrap();
        assert_eq!(r.exit, Some(Exit::Code(3)));
        assert_eq!(r.stderr_tail, "bad input at line 7\n");
        assert_eq!(r.stdout, "");
        assert!(!r.timed_out);
    }

    #[test]
    fn long_stderr_is_cut_to_its_tail() {
        let r = run(&script("chatty_stderr.sh", ""), "", LIMIT).unwrap();
        assert_eq!(r.exit, Some(Exit::Code(1)));
        // The script's text, rebuilt here: ASCII, so the tail is exactly the last STDERR_TAIL bytes.
        let full: String = (0..3000).map(|i| format!("warning {i}\n")).collect();
        assert!(full.len() > STDERR_TAIL);
        assert_eq!(r.stderr_tail, full[full.len() - STDERR_TAIL..]);
    }

    #[test]
    fn tail_cut_inside_a_character_starts_at_the_next_one() {
        // "é" is the two bytes C3 A9; an odd cut of "éé..." leaves a lone A9 in front.
        assert_eq!(char_boundary("ééé".as_bytes()), 0);
        assert_eq!(char_boundary(&"ééé".as_bytes()[1..]), 1);
        // "€" is E2 82 AC: cutting after its first byte leaves two continuation bytes.
        assert_eq!(char_boundary(&"€x".as_bytes()[1..]), 2);
        assert_eq!(char_boundary(b"abc"), 0);
    }

    #[test]
    fn fatal_signal_is_reported() {
        let r = run(&script("segv.sh", ""), "", LIMIT).unwrap();
        assert_eq!(r.exit, Some(Exit::Signal(libc::SIGSEGV)));
        assert!(!r.timed_out);
    }

    #[test]
    fn time_limit_kills_the_program() {
        let limit = Duration::from_millis(200);
        let r = run(&script("sleeper.sh", ""), "", limit).unwrap();
        assert!(r.timed_out);
        assert_eq!(r.exit, None);
        assert!(r.elapsed >= limit, "{:?}", r.elapsed);
        assert!(r.elapsed < Duration::from_secs(2), "{:?}", r.elapsed);
    }

    #[test]
    fn time_limit_kills_grandchildren_too() {
        let pid_file = temp_path("grandchild");
        let p = script("grandchild.sh", &quote(pid_file.to_str().unwrap()));
        let started = Instant::now();
        let r = run(&p, "", Duration::from_millis(500)).unwrap();
        // The grandchild holds stdout open: without the group kill, run would wait 30 s for it.
        assert!(started.elapsed() < Duration::from_secs(3));
        assert!(r.timed_out);
        assert!(dies_soon(read_pid(&pid_file)), "the grandchild survived");
    }

    #[test]
    fn leftovers_of_a_finished_program_are_killed() {
        let pid_file = temp_path("orphan");
        let p = script("orphan.sh", &quote(pid_file.to_str().unwrap()));
        let started = Instant::now();
        let r = run(&p, "", LIMIT).unwrap();
        assert!(started.elapsed() < Duration::from_secs(3));
        assert!(!r.timed_out);
        assert_eq!(r.exit, Some(Exit::Success));
        assert_eq!(r.stdout, "done\n");
        assert!(dies_soon(read_pid(&pid_file)), "the background sleeper survived");
    }

    #[test]
    fn unread_input_is_not_an_error() {
        let input = numbered_lines(10_000_000);
        let r = run(&script("ignore_input.sh", ""), &input, LIMIT).unwrap();
        assert_eq!(r.exit, Some(Exit::Success));
        assert!(!r.timed_out);
    }

    #[test]
    fn output_flood_is_cut_and_killed() {
        let cap = 1 << 20;
        let yes = Program::parse("yes").unwrap();
        let r = run_capped(&yes, b"", LIMIT, cap).unwrap();
        assert!(r.output_overflow);
        assert!(!r.timed_out);
        assert_eq!(r.stdout.len(), cap);
        assert!(r.stdout.as_bytes().chunks(2).all(|c| c == b"y\n"));
        assert!(matches!(r.exit, Some(Exit::Signal(_))), "{:?}", r.exit);
    }

    #[test]
    fn output_of_exactly_the_cap_is_not_a_flood() {
        let input = numbered_lines(1000);
        let cat = script("cat.sh", "");
        let exact = run_capped(&cat, input.as_bytes(), LIMIT, input.len()).unwrap();
        assert!(!exact.output_overflow);
        assert_eq!(exact.stdout, input);
        let over = run_capped(&cat, input.as_bytes(), LIMIT, input.len() - 1).unwrap();
        assert!(over.output_overflow);
        assert_eq!(over.stdout, input[..input.len() - 1]);
    }

    #[test]
    fn parallel_runs_keep_their_own_pipes() {
        // If a child inherited another run's pipe, that run's stdin would not close and cat hangs.
        let cat = script("cat.sh", "");
        let workers: Vec<_> = (0..4)
            .map(|t| {
                let cat = cat.clone();
                thread::spawn(move || {
                    for k in 0..10 {
                        let input = format!("{t} {k}\n").repeat(1000 * (k + 1));
                        let r = run(&cat, &input, LIMIT).unwrap();
                        assert_eq!(r.exit, Some(Exit::Success));
                        assert!(r.stdout == input, "thread {t} run {k}: wrong output");
                    }
                })
            })
            .collect();
        for w in workers {
            w.join().unwrap();
        }
    }

    #[test]
    fn parse_splits_like_a_shell() {
        let p = Program::parse("sh -c 'echo \"a b\"'  x").unwrap();
        assert_eq!(p.argv, ["sh", "-c", "echo \"a b\"", "x"]);
        assert_eq!(p.display(), "sh -c 'echo \"a b\"'  x");
        let r = run(&p, "", LIMIT).unwrap();
        assert_eq!(r.stdout, "a b\n");
    }

    #[test]
    fn parse_rejects_bad_commands() {
        let err = |cmdline: &str| Program::parse(cmdline).unwrap_err();
        assert!(err("").contains("empty"));
        assert!(err("   ").contains("empty"));
        assert!(err("cat 'abc").contains("unbalanced quote"));
        assert!(err("./no-such-solver-for-harness-tests").contains("does not exist"));
        assert!(err("no-such-solver-for-harness-tests").contains("not found on PATH"));
        assert!(err(SCRIPTS).contains("not a file"));

        let plain = temp_path("not-executable.sh");
        std::fs::write(&plain, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&plain, std::fs::Permissions::from_mode(0o644)).unwrap();
        let message = err(&quote(plain.to_str().unwrap()));
        std::fs::remove_file(&plain).ok();
        assert!(message.contains("not executable"), "{message}");
    }

    #[test]
    fn spawn_failure_is_an_io_error() {
        let path = temp_path("vanishing.sh");
        std::fs::write(&path, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        let p = Program::parse(&quote(path.to_str().unwrap())).unwrap();
        std::fs::remove_file(&path).unwrap();
        let e = run(&p, "", LIMIT).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
    }

    const KILL_ALL_CHILD: &str = "HARNESS_PROCESS_KILL_ALL_CHILD";

    #[test]
    fn kill_all_running_stops_live_and_later_runs() {
        if std::env::var_os(KILL_ALL_CHILD).is_some() {
            return kill_all_in_this_process();
        }
        // kill_all_running is final for the whole process: run the check in a fresh copy of this
        // test binary, filtered down to this test.
        let out = Command::new(std::env::current_exe().unwrap())
            .args(["kill_all_running_stops_live_and_later_runs", "--test-threads=1"])
            .env(KILL_ALL_CHILD, "1")
            .output()
            .unwrap();
        let report = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && report.contains("1 passed"),
            "{report}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    fn kill_all_in_this_process() {
        let pid_file = temp_path("kill-all");
        let p = script("grandchild.sh", &quote(pid_file.to_str().unwrap()));
        let started = Instant::now();
        let victim = thread::spawn(move || run(&p, "", LIMIT));
        // The pid file appears once the script runs, hence after its group was registered.
        while std::fs::read_to_string(&pid_file).map_or(true, |s| !s.ends_with('\n')) {
            assert!(started.elapsed() < LIMIT, "the script never started");
            thread::sleep(Duration::from_millis(5));
        }
        kill_all_running();
        let outcome = victim.join().unwrap();
        assert!(started.elapsed() < LIMIT / 2, "the run waited for its time limit");
        assert_eq!(outcome.unwrap_err().kind(), io::ErrorKind::Interrupted);
        assert!(dies_soon(read_pid(&pid_file)), "the grandchild survived");
        assert!(registry().live.is_empty());
        let later = run(&script("cat.sh", ""), "x", LIMIT);
        assert_eq!(later.unwrap_err().kind(), io::ErrorKind::Interrupted);
    }
}
