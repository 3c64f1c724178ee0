//! A user's testlib-style interactor in place of the brute jury, for games
//! the workspace does not know: it runs as `CMD input output`, the player's
//! stdout is its stdin and its stdout the player's stdin, and its exit code
//! is the verdict (testlib's: 0 accepted, 1 wrong answer, 2 presentation
//! error, 3 its own failure).
//!
//! The two programs are joined by kernel pipes, not relayed: when either
//! exits, the other sees the end of its input or a broken pipe, so neither
//! can wait for the other for ever; both are bounded by the time limit and
//! killed with their process groups. No transcript is kept (nothing passes
//! through the harness), so an entry found this way replays only as far as
//! its position.

use std::fs::File;
use std::io;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};

use super::jury::Ruling;
use crate::process::{self, Program, STDERR_TAIL};

/// A game the interactor judged.
pub struct Judged {
    pub ruling: Ruling,
    /// What the interactor said: its output file and the end of its stderr.
    pub message: String,
}

/// A scratch folder for one game's `input` and `output`, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "harness-interactor-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A started program in its own group, tracked for Ctrl-C.
struct Running {
    child: Child,
    status: Option<ExitStatus>,
}

impl Running {
    fn start(mut command: Command, what: &Program) -> Result<Running> {
        let child =
            process::spawn_group(&mut command).map_err(|e| anyhow!("cannot start `{}`: {e}", what.display()))?;
        let running = Running { child, status: None };
        process::track_group(running.child.id() as i32).map_err(|_| anyhow!("stopped"))?;
        Ok(running)
    }

    fn poll(&mut self) -> bool {
        if self.status.is_none() {
            self.status = self.child.try_wait().ok().flatten();
        }
        self.status.is_some()
    }

    /// Kills its group (an exited leader is not reaped yet, so the id is still its) and reaps it.
    fn end(&mut self) {
        process::kill_tracked_group(self.child.id() as i32);
        if self.status.is_none() {
            self.status = self.child.wait().ok();
        }
        process::reaped_group(self.child.id() as i32);
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.end();
    }
}

fn command(p: &Program, args: &[&Path]) -> Command {
    let argv = p.argv();
    let mut c = Command::new(&argv[0]);
    c.args(&argv[1..]).args(args);
    c
}

/// Plays `input` between `player` and `interactor`; an error when the interactor fails
/// (exit 3) or exits in a way testlib does not define.
pub fn play(interactor: &Program, player: &Program, input: &str, limit: Duration) -> Result<Judged> {
    let deadline = Instant::now() + limit;
    let scratch = Scratch::new()?;
    let (input_file, output_file, stderr_file) = (
        scratch.0.join("input"),
        scratch.0.join("output"),
        scratch.0.join("stderr"),
    );
    std::fs::write(&input_file, input).with_context(|| format!("cannot write {}", input_file.display()))?;
    let pipes = || -> io::Result<_> { Ok((io::pipe()?, io::pipe()?)) };
    let ((from_player, to_interactor), (from_interactor, to_player)) =
        pipes().context("no pipes to join the player and the interactor")?;
    let stderr = File::create(&stderr_file).with_context(|| format!("cannot create {}", stderr_file.display()))?;
    // Each command owns its pipe ends and is dropped once started, so only the two programs
    // hold them: the end of one is the end of the other's input.
    let mut judge = {
        let mut c = command(interactor, &[&input_file, &output_file]);
        c.stdin(Stdio::from(from_player))
            .stdout(Stdio::from(to_player))
            .stderr(Stdio::from(stderr));
        Running::start(c, interactor)?
    };
    let mut contestant = {
        let mut c = command(player, &[]);
        c.stdin(Stdio::from(from_interactor))
            .stdout(Stdio::from(to_interactor))
            .stderr(Stdio::null());
        Running::start(c, player)?
    };
    let mut timed_out = false;
    while !(judge.poll() && contestant.poll()) {
        if Instant::now() >= deadline {
            timed_out = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    judge.end();
    contestant.end();
    let said = |path: &Path| {
        let text = std::fs::read(path).unwrap_or_default();
        let cut = text.len().saturating_sub(STDERR_TAIL);
        String::from_utf8_lossy(&text[cut..]).trim().to_string()
    };
    let message = [said(&output_file), said(&stderr_file)]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    if timed_out {
        return Ok(Judged {
            ruling: Ruling::Idleness,
            message: format!("the game was not over within the time limit ({} ms)", limit.as_millis()),
        });
    }
    let status = judge.status.expect("reaped");
    let ruling = match status.code() {
        Some(0) => match contestant.status.and_then(|s| s.code()) {
            Some(0) => Ruling::Accepted,
            _ => Ruling::Crash,
        },
        Some(1) => Ruling::WrongAnswer,
        Some(2) => Ruling::Protocol,
        Some(3) => bail!(
            "the interactor `{}` failed (exit 3): {message}\n  fix the interactor; nothing was stored",
            interactor.display()
        ),
        code => bail!(
            "the interactor `{}` {}: testlib's codes are 0 (accepted), 1 (wrong answer), 2 (presentation error), 3 (failure)\n  nothing was stored",
            interactor.display(),
            match code {
                Some(c) => format!("exited with code {c}"),
                None => format!("was killed by signal {}", status.signal().unwrap_or_default()),
            }
        ),
    };
    Ok(Judged { ruling, message })
}
