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
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::{bail, Context, Result};

use super::jury::Ruling;
use sandbox::signals::Cancelled;
use sandbox::{run_pair, Exit, Program, RunError, STDERR_TAIL};

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

/// Plays `input` between `player` and `interactor`; an error when the interactor fails
/// (exit 3) or exits in a way testlib does not define.
pub fn play(interactor: &Program, player: &Program, input: &str, limit: Duration) -> Result<Judged> {
    let scratch = Scratch::new()?;
    let (input_file, output_file, stderr_file) = (
        scratch.0.join("input"),
        scratch.0.join("output"),
        scratch.0.join("stderr"),
    );
    std::fs::write(&input_file, input).with_context(|| format!("cannot write {}", input_file.display()))?;
    let stderr = File::create(&stderr_file).with_context(|| format!("cannot create {}", stderr_file.display()))?;
    let run = match run_pair(interactor, &[&input_file, &output_file], stderr, player, limit) {
        Ok(run) => run,
        Err(RunError::CannotStart(why)) => bail!("{why}"),
        Err(RunError::Interrupted) => bail!(Cancelled),
    };
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
    let (Some(judge), Some(contestant)) = (run.first, run.second) else {
        return Ok(Judged {
            ruling: Ruling::Idleness,
            message: format!("the game was not over within the time limit ({} ms)", limit.as_millis()),
        });
    };
    let ruling = match judge {
        Exit::Success => match contestant {
            Exit::Success => Ruling::Accepted,
            _ => Ruling::Crash,
        },
        Exit::Code(1) => Ruling::WrongAnswer,
        Exit::Code(2) => Ruling::Protocol,
        Exit::Code(3) => bail!(
            "the interactor `{}` failed (exit 3): {message}\n  fix the interactor; nothing was stored",
            interactor.display()
        ),
        _ => bail!(
            "the interactor `{}` {}: testlib's codes are 0 (accepted), 1 (wrong answer), 2 (presentation error), 3 (failure)\n  nothing was stored",
            interactor.display(),
            match judge {
                Exit::Code(c) => format!("exited with code {c}"),
                Exit::Signal(s) => format!("was killed by signal {s}"),
                Exit::Success => unreachable!("exit 0 is accepted above"),
            }
        ),
    };
    Ok(Judged { ruling, message })
}
