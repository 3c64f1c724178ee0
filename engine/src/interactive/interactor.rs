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
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::{bail, Context, Result};

use super::jury::Ruling;
use sandbox::{run_pair, Exit, Program, RunError, FILE_CAP, STDERR_TAIL};

/// A game the interactor judged.
pub struct Judged {
    pub ruling: Ruling,
    /// What the interactor said: the ends of its output file and of its stderr.
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

/// Plays `input` between `player` and `interactor`; an error when the interactor fails: exit 3,
/// an exit testlib does not define, no exit once the player has exited (a game only the
/// interactor can end, which it did not), or silence at the deadline while the player waited
/// for it to speak.
pub fn play(interactor: &Program, player: &Program, input: &str, limit: Duration) -> Result<Judged> {
    let scratch = Scratch::new()?;
    let (input_file, output_file) = (scratch.0.join("input"), scratch.0.join("output"));
    std::fs::write(&input_file, input).with_context(|| format!("cannot write {}", input_file.display()))?;
    let run = match run_pair(interactor, &[&input_file, &output_file], player, limit) {
        Ok(run) => run,
        Err(RunError::CannotStart(why)) => bail!("{why}"),
        Err(RunError::Interrupted) => {
            return Ok(Judged {
                ruling: Ruling::Interrupted,
                message: "stopped".into(),
            })
        }
    };
    let message = [tail_of(&output_file), run.first_stderr.trim().to_string()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    let name = interactor.display();
    let judge = match (run.first, run.second) {
        (Some(judge), _) => judge,
        (None, Some(_)) => bail!(
            "the interactor `{name}` did not exit within the time limit ({} ms), though the player had \
             exited{}\n  an interactor exits once the game is over: fix the interactor; nothing was stored",
            limit.as_millis(),
            said(&message)
        ),
        (None, None) if run.waiting == [false, true] => bail!(
            "the interactor `{name}` neither wrote to the player nor exited within the time limit ({} ms), \
             while the player waited for its input{}\n  the interactor speaks when the player waits: fix \
             the interactor; nothing was stored",
            limit.as_millis(),
            said(&message)
        ),
        (None, None) => {
            return Ok(Judged {
                ruling: Ruling::Idleness,
                message: format!("the game was not over within the time limit ({} ms)", limit.as_millis()),
            })
        }
    };
    let ruling = match (judge, run.second) {
        (Exit::Success, Some(Exit::Success)) => Ruling::Accepted,
        (Exit::Success, Some(_)) => Ruling::Crash,
        (Exit::Success, None) => {
            return Ok(Judged {
                ruling: Ruling::Idleness,
                message: format!(
                    "the interactor accepted, but the player did not exit within the time limit ({} ms)",
                    limit.as_millis()
                ),
            })
        }
        (Exit::Code(1), _) => Ruling::WrongAnswer,
        (Exit::Code(2), _) => Ruling::Protocol,
        (Exit::Code(3), _) => bail!(
            "the interactor `{name}` failed (exit 3){}\n  fix the interactor; nothing was stored",
            said(&message)
        ),
        (Exit::Signal(libc::SIGXFSZ), _) => bail!(
            "the interactor `{name}` wrote a file of more than {} MiB and was stopped: its output file holds a \
             verdict's words\n  nothing was stored",
            FILE_CAP >> 20
        ),
        (other, _) => bail!(
            "the interactor `{name}` {}: testlib's codes are 0 (accepted), 1 (wrong answer), 2 (presentation error), \
             3 (failure)\n  nothing was stored",
            match other {
                Exit::Code(c) => format!("exited with code {c}"),
                Exit::Signal(s) => format!("was killed by signal {s}"),
                Exit::Success => unreachable!("exit 0 is judged above"),
            }
        ),
    };
    Ok(Judged { ruling, message })
}

/// `: message`, or nothing when there is no message.
fn said(message: &str) -> String {
    if message.is_empty() {
        String::new()
    } else {
        format!(": {message}")
    }
}

/// The last `STDERR_TAIL` bytes of the file at `path`, trimmed; empty when it cannot be read.
fn tail_of(path: &Path) -> String {
    let Ok(mut file) = File::open(path) else {
        return String::new();
    };
    let len = file.metadata().map_or(0, |m| m.len());
    let from = len.saturating_sub(STDERR_TAIL as u64);
    let mut text = Vec::new();
    if file.seek(SeekFrom::Start(from)).is_err() || file.read_to_end(&mut text).is_err() {
        return String::new();
    }
    String::from_utf8_lossy(&text).trim().to_string()
}
