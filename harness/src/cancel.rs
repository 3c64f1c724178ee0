//! Cancellation, in one place. SIGINT (Ctrl-C), SIGTERM (`timeout`, a
//! cancelled CI job) and SIGHUP (a closed terminal) all end a run the same way:
//! one flag is set and every process group the harness started is killed at
//! once. The stress loop and the shrinker poll [`cancelled`] and stop, keeping
//! everything found so far; external runs cut short by the kill report an
//! `Interrupted` error, never a verdict.

use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};

static CANCELLED: AtomicBool = AtomicBool::new(false);

/// Routes the terminating signals to [`cancel`]. Call once, before work starts.
pub fn install() -> Result<()> {
    ctrlc::set_handler(cancel).context("cannot install the handler for Ctrl-C, SIGTERM and SIGHUP")
}

/// Stops the run: no new work starts, running external programs are killed.
pub fn cancel() {
    CANCELLED.store(true, Ordering::SeqCst);
    crate::process::kill_all_running();
}

pub fn cancelled() -> bool {
    CANCELLED.load(Ordering::Relaxed)
}
