//! Talking with a player program line by line: the plumbing of interactive
//! problems, where the jury and the player take turns.
//!
//! The player runs in its own process group (as in `process.rs`, whose
//! registry puts it under Ctrl-C) with three pipes. A writer thread feeds its
//! stdin from a queue, so the jury never blocks on a player that stops
//! reading; a reader thread cuts its stdout into lines, so a line is only
//! taken whole, and caps a line and the whole output; a third keeps the end of
//! stderr; a fourth notices the exit. Every wait is bounded by one deadline,
//! the game's time limit from the spawn: a player that stops reading, writes
//! without a newline, floods or exits early ends in a verdict, never a hang.
//! At the end the whole group is killed, then the leader reaped.
//!
//! [`Endpoint`] is the jury's view of a player; [`Session`] is the process
//! behind it, and in-process players (replays, tests) implement it too.
//!
//! Limitation: unlike `process::run`, a descendant that escapes the group
//! (`setsid`) is not hunted down; the helper threads holding its pipes end
//! when it does. The game's verdict never waits for it.

use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use crate::process::{self, Exit, Program, RunError, STDERR_TAIL};

/// The longest line a player may print: no move of any game comes close.
pub const LINE_CAP: usize = 64 << 10;
/// The most a player may print in one game.
pub const OUTPUT_CAP: usize = 16 << 20;

/// Why no line came from the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Silence {
    /// The deadline passed first.
    Timeout,
    /// Its stdout closed: it exited (or closed it).
    Closed,
    /// A line passed [`LINE_CAP`] bytes without a newline.
    LineTooLong,
    /// Its output passed [`OUTPUT_CAP`] bytes.
    Flood,
}

impl Silence {
    pub fn describe(self, limit: Duration) -> String {
        match self {
            Silence::Timeout => format!("no line within the time limit ({} ms)", limit.as_millis()),
            Silence::Closed => "its output ended".into(),
            Silence::LineTooLong => format!("a line longer than {} KiB", LINE_CAP >> 10),
            Silence::Flood => format!("more than {} MiB of output", OUTPUT_CAP >> 20),
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
    Flood,
    Eof,
    Exited,
}

/// A player program in a game: [`Endpoint`] over pipes, bounded by one deadline.
pub struct Session {
    child: Child,
    pgid: i32,
    input: Option<Sender<Vec<u8>>>,
    events: Receiver<Event>,
    stderr: Arc<Mutex<Vec<u8>>>,
    deadline: Instant,
    exited: bool,
    ending: Option<Ending>,
}

impl Session {
    /// Starts `p`; the game must be over within `limit` of now.
    pub fn start(p: &Program, limit: Duration) -> Result<Session, RunError> {
        let deadline = Instant::now() + limit;
        let argv = p.argv();
        let mut child = Command::new(&argv[0])
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map_err(|e| RunError::CannotStart(format!("cannot start `{}`: {e}", p.display())))?;
        // process_group(0): the child leads a new group whose id is its pid.
        let pgid = child.id() as i32;
        let (stdin, stdout, stderr) = (
            child.stdin.take().expect("stdin is piped"),
            child.stdout.take().expect("stdout is piped"),
            child.stderr.take().expect("stderr is piped"),
        );
        let (input, queue) = mpsc::channel();
        let (tx, events) = mpsc::channel();
        let tail = Arc::new(Mutex::new(Vec::new()));
        let session = Session {
            child,
            pgid,
            input: Some(input),
            events,
            stderr: tail.clone(),
            deadline,
            exited: false,
            ending: None,
        };
        // From here on, dropping the session kills and reaps the player.
        process::track_group(pgid)?;
        let no_thread = |e: io::Error| {
            RunError::CannotStart(format!(
                "cannot run `{}`: no thread to watch it ({e}): run with fewer --threads",
                p.display()
            ))
        };
        thread::Builder::new()
            .spawn(move || feed(stdin, queue))
            .map_err(no_thread)?;
        let lines = tx.clone();
        thread::Builder::new()
            .spawn(move || cut_lines(stdout, &lines))
            .map_err(no_thread)?;
        thread::Builder::new()
            .spawn(move || keep_tail(stderr, &tail))
            .map_err(no_thread)?;
        thread::Builder::new()
            .spawn(move || await_exit(pgid, &tx))
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
                Ok(Event::Flood) => return Err(Silence::Flood),
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
        // The leader is unreaped, so its group id is still ours.
        let interrupted = process::kill_tracked_group(self.pgid);
        let status = loop {
            match self.child.wait() {
                Ok(status) => break Some(status),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break None,
            }
        };
        let exit = status.filter(|_| self.exited).map(|s| match s.code() {
            Some(0) => Exit::Success,
            Some(code) => Exit::Code(code),
            None => Exit::Signal(s.signal().unwrap_or_default()),
        });
        let tail = self.stderr.lock().unwrap_or_else(PoisonError::into_inner).clone();
        let cut = tail.len().saturating_sub(STDERR_TAIL);
        let ending = Ending {
            exit,
            timed_out,
            interrupted,
            stderr_tail: String::from_utf8_lossy(&tail[cut..]).into_owned(),
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
/// `Eof`; stops at the caps.
fn cut_lines(mut stdout: impl Read, tx: &Sender<Event>) {
    let mut buf = vec![0u8; 64 << 10];
    let mut line = Vec::new();
    let mut total = 0usize;
    loop {
        let n = match stdout.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        total += n;
        if total > OUTPUT_CAP {
            let _ = tx.send(Event::Flood);
            return;
        }
        for &b in &buf[..n] {
            if b == b'\n' {
                let _ = tx.send(Event::Line(text_of(&line)));
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

fn await_exit(pid: i32, tx: &Sender<Event>) {
    loop {
        // SAFETY: an all-zero siginfo_t is a valid out-parameter.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // WNOWAIT leaves the child unreaped, so its pid and group id stay ours until `finish`.
        // SAFETY: plain syscall with a valid out-pointer.
        let rc = unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, libc::WEXITED | libc::WNOWAIT) };
        if rc == 0 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            break;
        }
    }
    let _ = tx.send(Event::Exited);
}
