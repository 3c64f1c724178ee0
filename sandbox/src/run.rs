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
//! The harness keeps a read end of the program's stdin pipe for itself. Once the group is dead it
//! reads what the program left there: the input written minus the input left is how much the
//! program took, which tells a failure caused by the input from one before the program looked
//! at it.
//!
//! A descendant that leaves the group (`setsid`, `setpgid`) escapes the group kill. If it keeps
//! stdout or stderr open after the leader's exit, the harness looks for the processes holding
//! those pipes in `/proc/*/fd` and kills them (through a pidfd, so a recycled pid is never hit),
//! then judges what the program printed. On other systems, or when a holder cannot be killed,
//! the output is taken as it stands after a grace period and the holder is left running.
//!
//! A descendant that escaped the group and closed its pipes
//! (`setsid sleep 3000 </dev/null >/dev/null 2>&1 &`) is found another way: the harness makes itself a child subreaper
//! ([`become_subreaper`](crate::become_subreaper)), so every descendant whose parent dies is reparented to the harness
//! instead of init. At the end of each run, every child of the harness that is not the leader of
//! a run is such an orphan: it is killed and reaped, and so are its own children as they are
//! reparented in turn, until none is left.
//!
//! A program also dies with the harness: it is started with `PR_SET_PDEATHSIG(SIGKILL)`, so a
//! harness killed by SIGKILL (which no handler sees) takes its running programs with it. What a
//! program started would survive that: the harness binary therefore starts each program through
//! a supervisor ([`crate::supervisor`]), a copy of itself started as the leader of the program's
//! group, which holds the program's orphans and kills them all when the harness dies, or when the
//! program exits (naming those that held its stdout or stderr, the run's `strays`); then it ends
//! as the program did, so a run's outcome and peak memory are the program's.
//!
//! Cost: a process spawn, four short-lived threads, one copy of the input per run, a read of the
//! input the program left unread, and (as a subreaper) one scan of `/proc` per run.
//!
//! Reference: `waitid(2)`, `kill(2)` (a negative pid signals a whole process group),
//! `pidfd_open(2)`, `proc_pid_fd(5)`, `PR_SET_CHILD_SUBREAPER` and `PR_SET_PDEATHSIG` in
//! `prctl(2)`.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, PipeReader, PipeWriter, Read, Seek, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::group::{sweep_orphans, Leader};
use crate::limits::Rlimits;
use crate::procfs::{holds_any, parent_and_group};
use crate::program::{cannot_start, Program};

/// Stdout beyond this is no plausible answer: the run is killed and marked `output_overflow`.
pub const STDOUT_CAP: usize = 64 << 20;
/// How much of the end of stderr is kept: enough for a panic message or a failed assertion.
pub const STDERR_TAIL: usize = 4 << 10;
/// How long stdout and stderr may stay open once the program's group is dead. Only a process
/// that escaped the group can hold them that long.
pub const PIPE_GRACE: Duration = Duration::from_secs(5);
/// How often, within `PIPE_GRACE`, the holders of the pipes are looked for. Short: a program that
/// escapes its group pays it on every run.
const STRAY_SCAN: Duration = Duration::from_millis(100);

/// How a program ended on its own (or after the harness killed it for flooding stdout).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Success,
    Code(i32),
    Signal(i32),
}

impl Exit {
    pub(crate) fn of(status: ExitStatus) -> Exit {
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
    /// Lossy UTF-8, at most `STDOUT_CAP` bytes: text to show, and to judge only when
    /// `not_utf8` is `None`.
    pub stdout: String,
    /// The offset of the first byte of stdout that is not UTF-8, if any. Such output is no
    /// text a judge compares: a verdict decides what it means, never a lossy conversion.
    pub not_utf8: Option<usize>,
    /// The last `STDERR_TAIL` bytes of stderr (less if cut inside a character), lossy UTF-8.
    pub stderr_tail: String,
    /// `None` exactly when the program was killed for the time limit.
    pub exit: Option<Exit>,
    pub timed_out: bool,
    pub output_overflow: bool,
    /// From the spawn to the program's exit (or to its kill at the time limit).
    pub elapsed: Duration,
    /// Peak resident memory of the program, in bytes, including the children it waited for.
    pub peak_rss: u64,
    /// Bytes of the input the program (or anything it started) took from stdin.
    pub input_read: usize,
    /// Processes outside the program's group that held its stdout or stderr open after it exited;
    /// the harness killed them.
    pub strays: Vec<i32>,
    /// Stdout or stderr was still open `PIPE_GRACE` after the exit, held by a process the harness
    /// could not find or kill: the output is what had arrived by then.
    pub held_open: bool,
}

/// Why `run` has no outcome to judge.
#[derive(Debug)]
pub enum RunError {
    /// The program could not be started (or set up to run); the message says why and what to do.
    CannotStart(String),
    /// [`crate::kill_all_running`] stopped this run, or had been called before it.
    Interrupted,
}

/// Runs `p` with `stdin` as its input, killing its whole process group after `limit` of wall
/// time (counted from the spawn, so an interpreter's start-up counts too).
///
/// A program that exits without reading its input is not an error (`input_read` tells).
pub fn run(p: &Program, stdin: &str, limit: Duration) -> Result<Run, RunError> {
    run_capped(
        p,
        Input::Bytes(stdin.as_bytes()),
        limit,
        STDOUT_CAP,
        &Rlimits::default(),
    )
}

/// What a program is given on its standard input.
#[derive(Clone, Copy, Debug)]
pub enum Input<'a> {
    /// Fed through a pipe.
    Bytes(&'a [u8]),
    /// The file itself is the program's stdin, as judges run a solution. A child's peak
    /// resident memory counts what the harness held when it started the child (fork copies it,
    /// exec does not forget the peak), so a judge-size input kept in memory would be charged to
    /// every solution run on it.
    File(&'a Path),
}

/// `run` under `rlimits`, as a judge runs a submission.
pub fn run_limited(p: &Program, stdin: Input, limit: Duration, rlimits: &Rlimits) -> Result<Run, RunError> {
    run_capped(p, stdin, limit, STDOUT_CAP, rlimits)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stream {
    Stdout,
    Stderr,
}

enum Event {
    Exited,
    Overflow,
    Chunk(Stream, Vec<u8>),
    Closed(Stream),
}

/// `run` with a choosable stdout cap, so tests can flood it cheaply.
fn run_capped(p: &Program, input: Input, limit: Duration, cap: usize, rlimits: &Rlimits) -> Result<Run, RunError> {
    let (stdin, feed) = match input {
        Input::Bytes(bytes) => {
            let no_pipe =
                |e| RunError::CannotStart(format!("cannot start `{}`: no pipe for its input ({e})", p.display()));
            // Close-on-exec on both ends, so no other child inherits them.
            let (stdin, feed_end) = io::pipe().map_err(no_pipe)?;
            let leftover = stdin.try_clone().map_err(no_pipe)?;
            let feed = Feed::Pipe {
                feed_end,
                leftover,
                bytes: bytes.to_vec(),
            };
            (Stdio::from(stdin), feed)
        }
        Input::File(path) => {
            let cannot_open = |e| {
                RunError::CannotStart(format!(
                    "cannot open `{}` as the input of `{}`: {e}",
                    path.display(),
                    p.display()
                ))
            };
            let file = File::open(path).map_err(cannot_open)?;
            let probe = file.try_clone().map_err(cannot_open)?;
            (Stdio::from(file), Feed::File { probe })
        }
    };
    let start = Instant::now();
    let argv = p.argv();
    let mut command = Command::new(&argv[0]);
    command
        .args(&argv[1..])
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = p.dir() {
        command.current_dir(dir);
    }
    let mut leader =
        Leader::spawn(&mut command, Some(p), *rlimits).map_err(|e| e.into_run_error(|e| cannot_start(p, e)))?;
    let pipes = pipe_names(leader.child());
    let (tx, rx) = mpsc::channel();
    let fed = match start_helpers(leader.child(), feed, cap, tx) {
        Ok(fed) => fed,
        Err(e) => {
            // No waiter thread exists (it starts last), so reaping here races with nothing.
            leader.reap();
            sweep_orphans(&[]);
            return Err(RunError::CannotStart(format!(
                "cannot run `{}`: no thread to watch it ({e}): run with fewer --threads",
                p.display()
            )));
        }
    };
    let mut watch = Watch::default();
    watch.until_exit(&rx, &leader, start + limit);
    let elapsed = start.elapsed();
    // Whatever the program left behind would keep its pipes open: the group goes first.
    let pgid = leader.pgid();
    let reaped = leader.reap();
    if reaped.interrupted {
        sweep_orphans(&[]);
        return Err(RunError::Interrupted);
    }
    watch.strays = reaped.strays;
    watch.until_closed(&rx, pgid, &pipes);
    // What escaped the group and closed its pipes is still running: the run ends with it.
    sweep_orphans(&[]);
    let input_read = fed.read_back();
    Ok(Run {
        not_utf8: std::str::from_utf8(&watch.stdout).err().map(|e| e.valid_up_to()),
        stdout: lossy(watch.stdout),
        stderr_tail: lossy(tail(watch.stderr, STDERR_TAIL, watch.stderr_cut)),
        exit: (!watch.timed_out).then(|| Exit::of(reaped.status)),
        timed_out: watch.timed_out,
        output_overflow: watch.overflow,
        elapsed,
        peak_rss: reaped.peak_rss,
        input_read,
        strays: watch.strays,
        held_open: watch.held_open,
    })
}

/// How `/proc/*/fd` names the program's stdout and stderr pipes: `pipe:[inode]`.
fn pipe_names(child: &Child) -> Vec<OsString> {
    let fds = [
        child.stdout.as_ref().expect("stdout is piped").as_raw_fd(),
        child.stderr.as_ref().expect("stderr is piped").as_raw_fd(),
    ];
    fds.iter()
        .filter_map(|fd| std::fs::read_link(format!("/proc/self/fd/{fd}")).ok())
        .map(PathBuf::into_os_string)
        .collect()
}

/// Starts the stdin feeder, the two pipe readers and, last, the exit waiter. The feeder returns
/// how many bytes it wrote.
/// A program's input, as it is connected before the program starts.
enum Feed {
    /// A pipe, filled from memory by a feeder thread; `leftover`, a second reader of the pipe,
    /// takes back what the program leaves.
    Pipe {
        feed_end: PipeWriter,
        leftover: PipeReader,
        bytes: Vec<u8>,
    },
    /// The file itself, as judges give it: no thread, no pipe, no copy in the harness's memory.
    /// `probe` shares the file's read offset with the program.
    File { probe: File },
}

/// A program's input once it runs.
enum Fed {
    Pipe {
        leftover: PipeReader,
        feeder: JoinHandle<usize>,
    },
    File {
        probe: File,
    },
}

impl Fed {
    /// How many bytes of its input the program read, once it is gone.
    fn read_back(self) -> usize {
        match self {
            Fed::Pipe { leftover, feeder } => {
                let left = read_to_end_counting(leftover);
                // The feeder has closed its end (the read above saw end of file), so it has returned.
                feeder.join().expect("the feeder does not panic") - left
            }
            // A program that maps or preads its input leaves the offset where it was.
            Fed::File { mut probe } => probe.stream_position().map_or(0, |at| at as usize),
        }
    }
}

fn start_helpers(child: &mut Child, feed: Feed, cap: usize, tx: Sender<Event>) -> io::Result<Fed> {
    let (stdout, stderr) = (
        child.stdout.take().expect("stdout is piped"),
        child.stderr.take().expect("stderr is piped"),
    );
    let fed = match feed {
        Feed::Pipe {
            feed_end,
            leftover,
            bytes,
        } => Fed::Pipe {
            leftover,
            feeder: thread::Builder::new().spawn(move || write_all_counting(feed_end, &bytes))?,
        },
        Feed::File { probe } => Fed::File { probe },
    };
    let stdout_tx = tx.clone();
    thread::Builder::new().spawn(move || forward(stdout, Stream::Stdout, cap, &stdout_tx))?;
    let stderr_tx = tx.clone();
    // The stderr tail is cut by the watcher, so stderr has no cap.
    thread::Builder::new().spawn(move || forward(stderr, Stream::Stderr, usize::MAX, &stderr_tx))?;
    let pid = child.id() as i32;
    thread::Builder::new().spawn(move || {
        await_exit(pid);
        let _ = tx.send(Event::Exited);
    })?;
    Ok(fed)
}

fn write_all_counting(mut pipe: PipeWriter, input: &[u8]) -> usize {
    let mut written = 0;
    while written < input.len() {
        match pipe.write(&input[written..]) {
            Ok(0) => break,
            Ok(n) => written += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            // EPIPE: nobody reads any more. The program may stop reading and exit early: its
            // right, not an error of the harness.
            Err(_) => break,
        }
    }
    // The pipe closes when this returns, which is the program's end of input.
    written
}

/// Reads `pipe` until end of file, sending what it reads; at most `cap` bytes are sent, and one
/// byte beyond them (a flood, not output of exactly `cap` bytes) sends `Overflow` and stops.
fn forward(mut pipe: impl Read, stream: Stream, cap: usize, tx: &Sender<Event>) {
    let mut buf = vec![0u8; 64 << 10];
    let mut total = 0usize;
    loop {
        match pipe.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                let kept = n.min(cap - total);
                if kept > 0 {
                    let _ = tx.send(Event::Chunk(stream, buf[..kept].to_vec()));
                }
                total += kept;
                if kept < n {
                    let _ = tx.send(Event::Overflow);
                    break;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            // A read error keeps what was read, like an end of file.
            Err(_) => break,
        }
    }
    let _ = tx.send(Event::Closed(stream));
}

/// Reads `pipe` to its end and returns how many bytes that was.
fn read_to_end_counting(mut pipe: PipeReader) -> usize {
    // The program shared this pipe's file description and may have made it non-blocking (Node.js
    // does): blocking again, an empty pipe waits for the feeder instead of failing.
    // SAFETY: plain fcntl calls on an open fd.
    unsafe {
        let flags = libc::fcntl(pipe.as_raw_fd(), libc::F_GETFL);
        libc::fcntl(pipe.as_raw_fd(), libc::F_SETFL, flags & !libc::O_NONBLOCK);
    }
    let mut buf = vec![0u8; 64 << 10];
    let mut total = 0;
    loop {
        match pipe.read(&mut buf) {
            Ok(0) => return total,
            Ok(n) => total += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => panic!("reading back the harness's own stdin pipe failed: {e}"),
        }
    }
}

/// The last `keep` bytes of `bytes`, starting at a character boundary if anything was cut.
fn tail(mut bytes: Vec<u8>, keep: usize, cut: bool) -> Vec<u8> {
    let cut = cut || bytes.len() > keep;
    let mut kept = bytes.split_off(bytes.len().saturating_sub(keep));
    if cut {
        kept.drain(..char_boundary(&kept));
    }
    kept
}

/// Skips the continuation bytes (at most 3) a cut may have left at the front of UTF-8 text.
fn char_boundary(bytes: &[u8]) -> usize {
    bytes.iter().take(3).take_while(|&&b| b & 0xC0 == 0x80).count()
}

/// Blocks until `pid` has exited, leaving it unreaped (`WNOWAIT`), so its pid and group id stay
/// the caller's until it reaps.
pub(crate) fn await_exit(pid: i32) {
    loop {
        // SAFETY: an all-zero siginfo_t is a valid out-parameter.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: plain syscall with a valid out-pointer.
        let rc = unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, libc::WEXITED | libc::WNOWAIT) };
        if rc == 0 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            break;
        }
    }
}

#[derive(Default)]
struct Watch {
    exited: bool,
    timed_out: bool,
    overflow: bool,
    stdout: Vec<u8>,
    /// The end of stderr: cut to `STDERR_TAIL` at the end, trimmed on the way only at twice that,
    /// so the cost stays linear in the bytes read.
    stderr: Vec<u8>,
    stderr_cut: bool,
    stdout_closed: bool,
    stderr_closed: bool,
    strays: Vec<i32>,
    held_open: bool,
}

impl Watch {
    fn note(&mut self, event: Event) {
        match event {
            Event::Exited => self.exited = true,
            Event::Overflow => self.overflow = true,
            Event::Chunk(Stream::Stdout, bytes) => self.stdout.extend_from_slice(&bytes),
            Event::Chunk(Stream::Stderr, bytes) => {
                self.stderr.extend_from_slice(&bytes);
                if self.stderr.len() > 2 * STDERR_TAIL {
                    self.stderr.drain(..self.stderr.len() - STDERR_TAIL);
                    self.stderr_cut = true;
                }
            }
            Event::Closed(Stream::Stdout) => self.stdout_closed = true,
            Event::Closed(Stream::Stderr) => self.stderr_closed = true,
        }
    }

    /// Returns once the leader has exited, killing its group at `deadline`.
    fn until_exit(&mut self, rx: &Receiver<Event>, leader: &Leader, deadline: Instant) {
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
                        leader.kill();
                    }
                    self.note(event);
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.timed_out = true;
                    leader.kill();
                }
                // Every helper has finished, the waiter included: nothing more can come.
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
    }

    /// Waits for stdout and stderr to close once the group `pgid` is dead, killing whatever
    /// escaped it and holds `pipes`; gives up after `PIPE_GRACE`.
    fn until_closed(&mut self, rx: &Receiver<Event>, pgid: i32, pipes: &[OsString]) {
        let give_up = Instant::now() + PIPE_GRACE;
        let mut scan = Instant::now() + STRAY_SCAN;
        while !(self.stdout_closed && self.stderr_closed) {
            let now = Instant::now();
            if now >= give_up {
                self.held_open = true;
                return;
            }
            if now >= scan {
                for pid in sweep_orphans(pipes).into_iter().chain(kill_strays(pgid, pipes)) {
                    if !self.strays.contains(&pid) {
                        self.strays.push(pid);
                    }
                }
                scan = now + STRAY_SCAN;
            }
            match rx.recv_timeout(scan.min(give_up) - now) {
                Ok(event) => self.note(event),
                Err(RecvTimeoutError::Timeout) => {}
                // The readers have finished, so both pipes are closed.
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
    }
}

/// Kills the processes that left the group `pgid` but hold one of `pipes` (names as in
/// `/proc/*/fd`), and returns their pids.
///
/// Not strays: the harness itself (it holds the read ends), its direct children (run leaders,
/// and children of concurrent spawns that hold copies of every fd until their exec), and members
/// of `pgid` (killed already, perhaps not yet dead).
#[cfg(target_os = "linux")]
fn kill_strays(pgid: i32, pipes: &[OsString]) -> Vec<i32> {
    use std::os::fd::{FromRawFd, OwnedFd};
    let me = std::process::id() as i32;
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let is_stray = |pid: i32| {
        pid != me
            && parent_and_group(pid).is_some_and(|(ppid, pgrp)| ppid != me && pgrp != pgid)
            && holds_any(pid, pipes)
    };
    procs
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<i32>().ok())
        .filter(|&pid| is_stray(pid))
        .filter(|&pid| {
            // The pidfd pins the process: if it is still a stray now, the signal cannot reach a
            // process that got its pid later.
            // SAFETY: plain syscall; a returned fd is ours to close.
            let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
            if fd < 0 {
                return false;
            }
            // SAFETY: `fd` is a pidfd just opened, owned by nobody else.
            let pidfd = unsafe { OwnedFd::from_raw_fd(fd as i32) };
            is_stray(pid)
                // SAFETY: plain syscall on an open pidfd; a null siginfo is allowed.
                && unsafe {
                    libc::syscall(
                        libc::SYS_pidfd_send_signal,
                        pidfd.as_raw_fd(),
                        libc::SIGKILL,
                        std::ptr::null::<libc::siginfo_t>(),
                        0,
                    )
                } == 0
        })
        .collect()
}

/// Without `/proc` the holders cannot be found: the output is taken after the grace period.
#[cfg(not(target_os = "linux"))]
fn kill_strays(_pgid: i32, _pipes: &[OsString]) -> Vec<i32> {
    Vec::new()
}

fn lossy(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::kill_all_running;
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
        assert!(r.strays.is_empty(), "{:?}", r.strays);
        assert!(dies_soon(read_pid(&pid_file)), "the background sleeper survived");
    }

    #[test]
    fn an_escaped_process_holding_stdout_is_killed_and_the_output_kept() {
        let pid_file = temp_path("escape");
        let p = script("escape.sh", &quote(pid_file.to_str().unwrap()));
        let started = Instant::now();
        let r = run(&p, "", LIMIT).unwrap();
        let sleeper = read_pid(&pid_file);
        assert!(started.elapsed() < PIPE_GRACE, "waited out the grace period");
        assert_eq!(r.exit, Some(Exit::Success));
        assert_eq!(r.stdout, "done\n");
        assert_eq!(r.strays, [sleeper]);
        assert!(!r.held_open);
        assert!(dies_soon(sleeper), "the escaped sleeper survived");
    }

    #[test]
    fn unread_input_is_not_an_error() {
        let input = numbered_lines(10_000_000);
        let r = run(&script("ignore_input.sh", ""), &input, LIMIT).unwrap();
        assert_eq!(r.exit, Some(Exit::Success));
        assert!(!r.timed_out);
        assert_eq!(r.input_read, 0);
    }

    #[test]
    fn a_file_input_is_the_programs_stdin_and_its_offset_tells_what_was_read() {
        let input = numbered_lines(100_000);
        let path = temp_path("file-input");
        std::fs::write(&path, &input).unwrap();
        let limited = |p: &Program| run_limited(p, Input::File(&path), LIMIT, &Rlimits::default()).unwrap();
        let r = limited(&script("cat.sh", ""));
        assert_eq!((r.stdout.len(), r.input_read), (input.len(), input.len()));
        assert_eq!(limited(&script("fail3.sh", "")).input_read, 0);
        let r = limited(&Program::parse("head -c 1000").unwrap());
        assert!(r.input_read >= 1000 && r.input_read <= input.len(), "{}", r.input_read);
        let missing = run_limited(
            &script("cat.sh", ""),
            Input::File(&temp_path("no-such-input")),
            LIMIT,
            &Rlimits::default(),
        );
        assert!(matches!(missing, Err(RunError::CannotStart(why)) if why.contains("cannot open")));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn input_read_counts_what_the_program_took() {
        let input = numbered_lines(1_000_000);
        assert_eq!(
            run(&script("cat.sh", ""), &input, LIMIT).unwrap().input_read,
            input.len()
        );
        assert_eq!(run(&script("fail3.sh", ""), &input, LIMIT).unwrap().input_read, 0);
        let head = Program::parse("head -c 1000").unwrap();
        let r = run(&head, &input, LIMIT).unwrap();
        assert!(r.input_read >= 1000 && r.input_read < input.len(), "{}", r.input_read);
    }

    #[test]
    fn a_program_making_stdin_non_blocking_leaves_the_count_exact() {
        // The harness reads back the unread input through the same file description as the
        // program's stdin; more than a pipe holds keeps the feeder writing while it does.
        let p = Program::parse("python3 -c 'import os; os.set_blocking(0, False)'").unwrap();
        let r = run(&p, &numbered_lines(10_000_000), LIMIT).unwrap();
        assert_eq!(r.exit, Some(Exit::Success), "{}", r.stderr_tail);
        assert_eq!(r.input_read, 0);
    }

    const PEAK_MEMORY_CHILD: &str = "HARNESS_PROCESS_PEAK_MEMORY_CHILD";

    #[test]
    fn peak_memory_is_measured() {
        if std::env::var_os(PEAK_MEMORY_CHILD).is_some() {
            return measure_peak_memory();
        }
        // A child's peak counts what its parent held at the fork, and sibling tests may hold
        // hundreds of MiB: measure in a fresh copy of this test binary running this test alone.
        in_fresh_process("peak_memory_is_measured", PEAK_MEMORY_CHILD);
    }

    fn measure_peak_memory() {
        let small = run(&Program::parse("python3 -c pass").unwrap(), "", LIMIT).unwrap();
        let p = Program::parse("python3 -c 'b = bytearray(200 << 20); b[::4096] = b\"x\" * len(b[::4096])'").unwrap();
        let big = run(&p, "", LIMIT).unwrap();
        assert_eq!(big.exit, Some(Exit::Success), "{}", big.stderr_tail);
        assert!(big.peak_rss >= 200 << 20, "{} bytes", big.peak_rss);
        assert!(small.peak_rss < 100 << 20, "{} bytes", small.peak_rss);
    }

    /// Runs the test `name` alone in a fresh copy of this test binary, with `marker` set in its
    /// environment (the test runs its real body when it sees it), and checks that it passed.
    fn in_fresh_process(name: &str, marker: &str) {
        let out = Command::new(std::env::current_exe().unwrap())
            .arg(format!("run::tests::{name}"))
            .args(["--exact", "--test-threads=1"])
            .env(marker, "1")
            .output()
            .unwrap();
        let report = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && report.contains("1 passed"),
            "{report}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    #[test]
    fn a_stack_limit_stops_deep_recursion_with_a_signal() {
        // repr of a deeply nested list recurses in C once Python's own limit is lifted.
        let p = Program::parse(
            "python3 -c 'import sys; sys.setrecursionlimit(10**8)\nl = []\nfor _ in range(10**6): l = [l]\nprint(len(repr(l)))'",
        )
        .unwrap();
        let limits = Rlimits {
            stack: Some(1 << 20),
            ..Rlimits::default()
        };
        let r = run_limited(&p, Input::Bytes(b""), LIMIT, &limits).unwrap();
        assert_eq!(r.exit, Some(Exit::Signal(libc::SIGSEGV)), "{}", r.stderr_tail);
    }

    #[test]
    fn a_data_limit_stops_a_runaway_allocation() {
        let p = Program::parse("python3 -c 'b = bytearray(400 << 20)'").unwrap();
        let limits = Rlimits {
            data: Some(100 << 20),
            ..Rlimits::default()
        };
        let r = run_limited(&p, Input::Bytes(b""), LIMIT, &limits).unwrap();
        assert_ne!(r.exit, Some(Exit::Success));
        assert!(r.stderr_tail.contains("MemoryError"), "{}", r.stderr_tail);
    }

    #[test]
    fn output_flood_is_cut_and_killed() {
        let cap = 1 << 20;
        let yes = Program::parse("yes").unwrap();
        let r = run_capped(&yes, Input::Bytes(b""), LIMIT, cap, &Rlimits::default()).unwrap();
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
        let exact = run_capped(
            &cat,
            Input::Bytes(input.as_bytes()),
            LIMIT,
            input.len(),
            &Rlimits::default(),
        )
        .unwrap();
        assert!(!exact.output_overflow);
        assert_eq!(exact.stdout, input);
        let over = run_capped(
            &cat,
            Input::Bytes(input.as_bytes()),
            LIMIT,
            input.len() - 1,
            &Rlimits::default(),
        )
        .unwrap();
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
        assert_eq!(p.argv(), ["sh", "-c", "echo \"a b\"", "x"]);
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

    /// An executable file with `content`, and the message of the failure to start it.
    fn start_failure(tag: &str, content: &[u8]) -> String {
        let path = temp_path(tag);
        std::fs::write(&path, content).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        let p = Program::parse(&quote(path.to_str().unwrap())).unwrap();
        let outcome = run(&p, "1\n1\n", LIMIT);
        std::fs::remove_file(&path).ok();
        match outcome {
            Err(RunError::CannotStart(message)) => message,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_missing_interpreter_cannot_start() {
        let message = start_failure("bad-shebang.sh", b"#!/nonexistent/interp -x\necho hi\n");
        assert!(
            message.contains("`#!` line, `/nonexistent/interp`, does not exist"),
            "{message}"
        );
    }

    #[test]
    fn a_file_in_no_executable_format_cannot_start() {
        let message = start_failure("garbage.bin", &[0x00, 0x9c, 0xff, 0x13, 0x37, 0x00, 0xfe, 0x42]);
        assert!(message.contains("not a program this machine can run"), "{message}");
    }

    #[test]
    fn a_vanished_program_cannot_start() {
        let path = temp_path("vanishing.sh");
        std::fs::write(&path, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        let p = Program::parse(&quote(path.to_str().unwrap())).unwrap();
        std::fs::remove_file(&path).unwrap();
        match run(&p, "", LIMIT) {
            Err(RunError::CannotStart(message)) => assert!(message.contains("No such file"), "{message}"),
            other => panic!("{other:?}"),
        }
    }

    const KILL_ALL_CHILD: &str = "HARNESS_PROCESS_KILL_ALL_CHILD";

    #[test]
    fn kill_all_running_stops_live_and_later_runs() {
        if std::env::var_os(KILL_ALL_CHILD).is_some() {
            return kill_all_in_this_process();
        }
        // kill_all_running is final for the whole process: run the check in a fresh copy of this
        // test binary, filtered down to this test.
        in_fresh_process("kill_all_running_stops_live_and_later_runs", KILL_ALL_CHILD);
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
        assert!(matches!(outcome, Err(RunError::Interrupted)), "{outcome:?}");
        assert!(dies_soon(read_pid(&pid_file)), "the grandchild survived");
        assert_eq!(crate::group::live_groups(), 0);
        let later = run(&script("cat.sh", ""), "x", LIMIT);
        assert!(matches!(later, Err(RunError::Interrupted)), "{later:?}");
    }
}
