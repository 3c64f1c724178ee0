//! Cancellation, in one place. SIGINT (Ctrl-C), SIGTERM (`timeout`, a
//! cancelled CI job) and SIGHUP (a closed terminal) all end a run the same way:
//! one flag is set and every process group the harness started is killed at
//! once. The stress loop and the shrinker poll [`cancelled`] and stop, keeping
//! everything found so far; external runs cut short by the kill report an
//! `Interrupted` error, never a verdict, and a brute search gives up at its
//! next state ([`brute::budget::stop`]). Every other long command (`testset`,
//! `corpus`, `invoke`, `table`) polls [`check`] between its steps, so it stops
//! through its own error path, which removes its temporaries; `cli` turns
//! [`Cancelled`] into exit 130. A second signal ends the process at once.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};

static CANCELLED: AtomicBool = AtomicBool::new(false);

/// The exit status of a command a signal stopped, as a shell reports SIGINT.
pub const EXIT: u8 = 130;

/// Routes the terminating signals to [`cancel`]. Call once, before work starts.
pub fn install() -> Result<()> {
    ctrlc::set_handler(|| {
        if cancelled() {
            // The user insists: a step that does not poll (one long brute search) is not waited
            // for. Programs still running go with the harness (`PR_SET_PDEATHSIG`).
            crate::process::kill_all_running();
            std::process::exit(i32::from(EXIT));
        }
        cancel();
    })
    .context("cannot install the handler for Ctrl-C, SIGTERM and SIGHUP")
}

/// Stops the run: no new work starts, running external programs are killed, and running brute
/// searches give up at their next state.
pub fn cancel() {
    CANCELLED.store(true, Ordering::SeqCst);
    brute::budget::stop();
    crate::process::kill_all_running();
}

pub fn cancelled() -> bool {
    CANCELLED.load(Ordering::Relaxed)
}

/// Why a command stopped early: a signal came. `cli` exits 130 on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

impl fmt::Display for Cancelled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("stopped by a signal (Ctrl-C, SIGTERM or SIGHUP)")
    }
}

impl std::error::Error for Cancelled {}

/// `Err(Cancelled)` once a signal has come: a command's steps call it before each step.
pub fn check() -> Result<()> {
    if cancelled() {
        Err(Cancelled.into())
    } else {
        Ok(())
    }
}
