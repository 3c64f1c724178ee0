//! Talking with a player program line by line: the plumbing of interactive
//! problems, where the jury and the player take turns.
//!
//! The player runs in its own process group (a [`Leader`], under Ctrl-C as
//! every program is) with three pipes. A writer thread feeds its
//! stdin from a queue, so the jury never blocks on a player that stops
//! reading; a reader thread cuts its stdout into lines, so a line is only
//! taken whole, caps a line's length and holds at most [`QUEUED`] lines ahead
//! of the jury (then the player's writes block: a flood costs no memory and
//! is read only as far as the game goes); a third keeps the end of
//! stderr; a fourth notices the exit. Every wait is bounded by one deadline,
//! the game's time limit from the spawn: a player that stops reading, writes
//! without a newline, floods or exits early ends in a verdict, never a hang.
//! At the end the whole group is killed, then the leader reaped.
//!
//! [`Endpoint`] is the jury's view of a player; [`Session`] is the process
//! behind it, and in-process players (replays, tests) implement it too.
//!
//! The player dies with the harness, and a descendant that escapes the group (`setsid`) is killed
//! when the player exits (by its supervisor, in the harness binary) or when the session ends.
//! The game's verdict never waits for it.

use std::io::{self, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use crate::group::{sweep_orphans, Leader};
use crate::limits::Rlimits;
use crate::program::Program;
use crate::run::{Exit, RunError, STDERR_TAIL};

/// The longest line a player may print: no move of any game comes close.
pub const LINE_CAP: usize = 64 << 10;
/// How many lines the player may be ahead of the jury before its writes block.
pub const QUEUED: usize = 256;
/// How long a finished session waits for the rest of the player's stderr.
const STDERR_GRACE: Duration = Duration::from_secs(1);

/// Why no line came from the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Silence {
    /// The deadline passed first.
    Timeout,
    /// Its stdout closed: it exited (or closed it).
    Closed,
    /// A line passed [`LINE_CAP`] bytes without a newline.
    LineTooLong,
}

impl Silence {
    pub fn describe(self, limit: Duration) -> String {
        match self {
            Silence::Timeout => format!("no line within the time limit ({} ms)", limit.as_millis()),
            Silence::Closed => "its output ended".into(),
            Silence::LineTooLong => format!("a line longer than {} KiB", LINE_CAP >> 10),
        }
    }
}

/// How a player ended, once the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// How it exited on its own; `None` when the harness killed it (not waited for, or late).
    pub exit: Option<Exit>,
    /// It was waited for and had not exited by the deadline.
    pub timed_out: bool,
    /// Ctrl-C killed it: the game proves nothing.
    pub interrupted: bool,
    /// The end of its stderr.
    pub stderr_tail: String,
    /// Peak resident memory, in bytes (0 for a player that is no process).
    pub peak_rss: u64,
    /// From the start to the end of the exchange.
    pub elapsed: Duration,
}

/// The jury's side of the exchange with one player.
pub trait Endpoint {
    /// Queues `text` (whole lines) for the player; never blocks.
    fn send(&mut self, text: &str);
    /// The player's next line, without its line break.
    fn line(&mut self) -> Result<String, Silence>;
    /// Ends the exchange: closes the player's input and, with `wait`, lets it exit on its own
    /// until the deadline. Then the player is gone.
    fn finish(&mut self, wait: bool) -> Ending;
}

enum Event {
    Line(String),
    LineTooLong,
    Eof,
    Exited,
}

/// A player program in a game: [`Endpoint`] over pipes, bounded by one deadline.
pub struct Session {
    leader: Leader,
    input: Option<Sender<Vec<u8>>>,
    events: Receiver<Event>,
    stderr: StderrTail,
    deadline: Instant,
    started: Instant,
    exited: bool,
    ending: Option<Ending>,
}

impl Session {
    /// Starts `p`; the game must be over within `limit` of now.
    pub fn start(p: &Program, limit: Duration) -> Result<Session, RunError> {
        Session::start_limited(p, limit, &Rlimits::default())
    }

    /// [`Session::start`] under `rlimits`, as a judge runs an interactive solution.
    pub fn start_limited(p: &Program, limit: Duration, rlimits: &Rlimits) -> Result<Session, RunError> {
        let started = Instant::now();
        let deadline = started + limit;
        let argv = p.argv();
        let mut command = Command::new(&argv[0]);
        command
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // Dropping the leader, or the session, kills and reaps the player.
        let mut leader = Leader::spawn(&mut command, None, *rlimits)
            .map_err(|e| e.into_run_error(|e| RunError::CannotStart(format!("cannot start `{}`: {e}", p.display()))))?;
        let pgid = leader.pgid();
        let child = leader.child();
        let (stdin, stdout, stderr) = (
            child.stdin.take().expect("stdin is piped"),
            child.stdout.take().expect("stdout is piped"),
            child.stderr.take().expect("stderr is piped"),
        );
        let (input, queue) = mpsc::channel();
        let (tx, events) = mpsc::sync_channel(QUEUED);
        let no_thread = |e: io::Error| {
            RunError::CannotStart(format!(
                "cannot run `{}`: no thread to watch it ({e}): run with fewer --threads",
                p.display()
            ))
        };
        // Dropping the session before its threads start kills and reaps the player.
        let session = Session {
            stderr: StderrTail::keep(stderr).map_err(no_thread)?,
            leader,
            input: Some(input),
            events,
            deadline,
            started,
            exited: false,
            ending: None,
        };
        thread::Builder::new()
            .spawn(move || feed(stdin, queue))
            .map_err(no_thread)?;
        let lines = tx.clone();
        thread::Builder::new()
            .spawn(move || cut_lines(stdout, &lines))
            .map_err(no_thread)?;
        thread::Builder::new()
            .spawn(move || {
                crate::run::await_exit(pgid);
                let _ = tx.send(Event::Exited);
            })
            .map_err(no_thread)?;
        Ok(session)
    }

    fn next_event(&mut self) -> Result<Event, RecvTimeoutError> {
        self.events
            .recv_timeout(self.deadline.saturating_duration_since(Instant::now()))
    }
}

impl Endpoint for Session {
    fn send(&mut self, text: &str) {
        if let Some(input) = &self.input {
            // The writer is gone only when the player closed its stdin: it will not read this.
            let _ = input.send(text.as_bytes().to_vec());
        }
    }

    fn line(&mut self) -> Result<String, Silence> {
        loop {
            match self.next_event() {
                Ok(Event::Line(line)) => return Ok(line),
                // Lines it printed before exiting may still be on their way.
                Ok(Event::Exited) => self.exited = true,
                Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => return Err(Silence::Closed),
                Ok(Event::LineTooLong) => return Err(Silence::LineTooLong),
                Err(RecvTimeoutError::Timeout) => return Err(Silence::Timeout),
            }
        }
    }

    fn finish(&mut self, wait: bool) -> Ending {
        if let Some(ending) = &self.ending {
            return ending.clone();
        }
        // Its end of input: a player waiting for more learns the game is over.
        self.input = None;
        let mut timed_out = false;
        while wait && !self.exited {
            match self.next_event() {
                Ok(Event::Exited) | Err(RecvTimeoutError::Disconnected) => self.exited = true,
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    timed_out = true;
                    break;
                }
            }
        }
        let reaped = self.leader.reap();
        sweep_orphans(&[]);
        let exit = self.exited.then(|| Exit::of(reaped.status));
        let ending = Ending {
            exit,
            timed_out,
            interrupted: reaped.interrupted,
            stderr_tail: self.stderr.text(),
            peak_rss: reaped.peak_rss,
            elapsed: self.started.elapsed(),
        };
        self.ending = Some(ending.clone());
        ending
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.finish(false);
    }
}

/// Writes each queued message to the player's stdin until the queue closes or the player stops
/// taking input.
fn feed(mut stdin: impl Write, queue: Receiver<Vec<u8>>) {
    for message in queue {
        if stdin.write_all(&message).and_then(|()| stdin.flush()).is_err() {
            return;
        }
    }
}

/// Sends the player's stdout as lines (a last line without a newline counts at the end), then
/// `Eof`; stops at a line over [`LINE_CAP`], or when the session is gone.
fn cut_lines(mut stdout: impl Read, tx: &SyncSender<Event>) {
    let mut buf = vec![0u8; 16 << 10];
    let mut line = Vec::new();
    loop {
        let n = match stdout.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        for &b in &buf[..n] {
            if b == b'\n' {
                // Blocks while the jury is `QUEUED` lines behind; fails once the session is gone.
                if tx.send(Event::Line(text_of(&line))).is_err() {
                    return;
                }
                line.clear();
            } else if line.len() == LINE_CAP {
                let _ = tx.send(Event::LineTooLong);
                return;
            } else {
                line.push(b);
            }
        }
    }
    if !line.is_empty() {
        let _ = tx.send(Event::Line(text_of(&line)));
    }
    let _ = tx.send(Event::Eof);
}

/// A line as text: lossy UTF-8, without a Windows line end.
fn text_of(line: &[u8]) -> String {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    String::from_utf8_lossy(line).into_owned()
}

/// The end of a program's stderr, kept by a thread of its own as the program writes it: a
/// program may write gigabytes there, and only its last words tell why it failed.
pub(crate) struct StderrTail {
    tail: Arc<Mutex<Vec<u8>>>,
    /// Disconnected once stderr is read to its end.
    read: Receiver<()>,
}

impl StderrTail {
    /// Starts the thread that reads `stderr` to its end.
    pub(crate) fn keep(stderr: impl Read + Send + 'static) -> io::Result<StderrTail> {
        let tail = Arc::new(Mutex::new(Vec::new()));
        let (end, read) = mpsc::channel::<()>();
        let kept = tail.clone();
        thread::Builder::new().spawn(move || {
            keep_tail(stderr, &kept);
            drop(end);
        })?;
        Ok(StderrTail { tail, read })
    }

    /// The last `STDERR_TAIL` bytes, lossy UTF-8, once the program is gone. Its last words may
    /// still be in the pipe; a descendant that escaped the kill and holds stderr open is not
    /// waited for long.
    pub(crate) fn text(&self) -> String {
        let _ = self.read.recv_timeout(STDERR_GRACE);
        let tail = self.tail.lock().unwrap_or_else(PoisonError::into_inner);
        let cut = tail.len().saturating_sub(STDERR_TAIL);
        String::from_utf8_lossy(&tail[cut..]).into_owned()
    }
}

/// Keeps the last `STDERR_TAIL` bytes of stderr (trimmed only at twice that, so the cost stays
/// linear).
fn keep_tail(mut stderr: impl Read, tail: &Mutex<Vec<u8>>) {
    let mut buf = vec![0u8; 16 << 10];
    loop {
        match stderr.read(&mut buf) {
            Ok(0) => return,
            Ok(n) => {
                let mut tail = tail.lock().unwrap_or_else(PoisonError::into_inner);
                tail.extend_from_slice(&buf[..n]);
                if tail.len() > 2 * STDERR_TAIL {
                    let cut = tail.len() - STDERR_TAIL;
                    tail.drain(..cut);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMIT: Duration = Duration::from_millis(600);

    fn session(script: &str) -> Session {
        let cmd = format!("sh -c {}", shlex::try_quote(script).unwrap());
        Session::start(&Program::parse(&cmd).unwrap(), LIMIT).unwrap()
    }

    /// Whether a process with this pid is alive (not yet reaped counts as alive).
    fn alive(pid: i32) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| !s.contains(") Z "))
    }

    #[test]
    fn a_conversation_goes_line_by_line_and_a_clean_exit_is_seen() {
        let mut s = session("read a; echo \"got $a\"; read b; printf 'last %s' \"$b\"");
        s.send("1 2\n");
        assert_eq!(s.line(), Ok("got 1 2".into()));
        s.send("3\r\n");
        // A last line without a newline counts once the output ends.
        assert_eq!(s.line(), Ok("last 3".into()));
        assert_eq!(s.line(), Err(Silence::Closed));
        let ending = s.finish(true);
        assert_eq!(ending.exit, Some(Exit::Success));
        assert!(!ending.timed_out);
    }

    #[test]
    fn a_player_that_never_reads_neither_blocks_the_jury_nor_outlives_the_limit() {
        let mut s = session("sleep 30");
        let began = Instant::now();
        // Far beyond a pipe's buffer: queued, not written by this thread.
        s.send(&"9 9\n".repeat(1 << 20));
        assert_eq!(s.line(), Err(Silence::Timeout));
        let ending = s.finish(true);
        assert!(ending.timed_out && ending.exit.is_none());
        assert!(
            began.elapsed() < LIMIT + Duration::from_secs(2),
            "{:?}",
            began.elapsed()
        );
    }

    #[test]
    fn half_a_line_is_never_taken_as_a_move() {
        let mut s = session("printf 'First'; sleep 30");
        assert_eq!(s.line(), Err(Silence::Timeout));
    }

    #[test]
    fn an_endless_line_is_cut_and_a_flood_of_lines_only_read_as_far_as_needed() {
        let mut s = session("tr '\\0' x < /dev/zero");
        assert_eq!(s.line(), Err(Silence::LineTooLong));
        s.finish(false);
        let mut s = session("yes '1 1'");
        for _ in 0..1000 {
            assert_eq!(s.line(), Ok("1 1".into()));
        }
        // The flood stops at the queue; killing it ends everything at once.
        let began = Instant::now();
        s.finish(false);
        assert!(began.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn an_early_exit_and_a_crash_are_told_apart() {
        let mut s = session("echo First");
        assert_eq!(s.line(), Ok("First".into()));
        assert_eq!(s.line(), Err(Silence::Closed));
        assert_eq!(s.finish(true).exit, Some(Exit::Success));
        let mut s = session("echo oops >&2; exit 3");
        assert_eq!(s.line(), Err(Silence::Closed));
        let ending = s.finish(true);
        assert_eq!(ending.exit, Some(Exit::Code(3)));
        assert_eq!(ending.stderr_tail, "oops\n");
    }

    #[test]
    fn descendants_holding_the_output_are_killed_with_the_player() {
        let mut s = session("sleep 30 & echo $!; echo First");
        let child: i32 = s.line().unwrap().parse().unwrap();
        assert_eq!(s.line(), Ok("First".into()));
        // The leader exited, but its child keeps stdout open: no end of output, only the deadline.
        assert_eq!(s.line(), Err(Silence::Timeout));
        assert!(alive(child));
        s.finish(false);
        std::thread::sleep(Duration::from_millis(100));
        assert!(!alive(child), "the player's child {child} survived the game");
    }
}
