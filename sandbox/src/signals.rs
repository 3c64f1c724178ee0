//! Cancellation, in one place. SIGINT (Ctrl-C), SIGTERM (`timeout`, a
//! cancelled CI job) and SIGHUP (a closed terminal) all end a run the same way:
//! one flag is set, every process group the harness started is killed at once,
//! and the hooks given to [`install`] run (the harness stops brute searches
//! there). Loops poll [`cancelled`] and stop, keeping everything found so far;
//! programs cut short by the kill report [`RunError::Interrupted`](crate::RunError),
//! never a verdict. Every other long command polls [`check`] between its steps,
//! so it stops through its own error path, which removes its temporaries; the
//! CLI turns [`Cancelled`] into exit 130. A second signal ends the process at
//! once.

use std::fmt;
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use crate::group::kill_all_running;

static CANCELLED: AtomicBool = AtomicBool::new(false);

/// What else a signal stops, beyond the programs: set once by [`install`].
static HOOK: OnceLock<fn()> = OnceLock::new();

/// The exit status of a command a signal stopped, as a shell reports SIGINT.
pub const EXIT: u8 = 130;

/// Routes the terminating signals to [`cancel`], which also calls `hook` (work in this process
/// that does not poll [`cancelled`], such as a long search). Call once, before work starts;
/// later calls keep the first hook.
pub fn install(hook: fn()) -> io::Result<()> {
    let _ = HOOK.set(hook);
    ctrlc::set_handler(|| {
        if cancelled() {
            // The user insists: a step that does not poll is not waited for. Programs still
            // running go with the harness (`PR_SET_PDEATHSIG`).
            kill_all_running();
            std::process::exit(i32::from(EXIT));
        }
        cancel();
    })
    .or_else(|e| match e {
        // A second install in one process: the handler is in place already.
        ctrlc::Error::MultipleHandlers => Ok(()),
        e => Err(io::Error::other(format!(
            "cannot install the handler for Ctrl-C, SIGTERM and SIGHUP: {e}"
        ))),
    })
}

/// Stops the run: no new work starts, running programs are killed, and the hook runs.
pub fn cancel() {
    CANCELLED.store(true, Ordering::SeqCst);
    if let Some(hook) = HOOK.get() {
        hook();
    }
    kill_all_running();
}

pub fn cancelled() -> bool {
    CANCELLED.load(Ordering::Relaxed)
}

/// Why a command stopped early: a signal came. The CLI exits 130 on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

impl fmt::Display for Cancelled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("stopped by a signal (Ctrl-C, SIGTERM or SIGHUP)")
    }
}

impl std::error::Error for Cancelled {}

/// `Err(Cancelled)` once a signal has come: a command's steps call it before each step.
pub fn check() -> Result<(), Cancelled> {
    if cancelled() {
        Err(Cancelled)
    } else {
        Ok(())
    }
}
