//! Kernel limits a judge sets on a run, applied to the program between fork and exec.

use std::io;

/// Kernel limits a judge sets on a run, applied to the program (and inherited by what it
/// starts) between fork and exec.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rlimits {
    /// The main thread's stack, in bytes (`RLIMIT_STACK`): what a deep recursion runs into.
    pub stack: Option<u64>,
    /// Writable private memory, in bytes (`RLIMIT_DATA`): a guard that stops a runaway program
    /// before it takes the machine. Judges measure peak resident memory, which `Run::peak_rss`
    /// gives; the guard sits above the judge's limit so a verdict can still be given.
    pub data: Option<u64>,
    /// The largest file the program may write, in bytes (`RLIMIT_FSIZE`): a program given a
    /// file to write (an interactor's output file) cannot fill the disk. Pipes are not files:
    /// stdout and stderr are bounded by their readers.
    pub file_size: Option<u64>,
}

/// Sets `rlimits` on the calling process (the child, between fork and exec).
pub(crate) fn apply(rlimits: &Rlimits) -> io::Result<()> {
    let set = |resource, bytes: u64| {
        let limit = libc::rlimit {
            rlim_cur: bytes as libc::rlim_t,
            rlim_max: bytes as libc::rlim_t,
        };
        // SAFETY: plain syscall with a valid pointer.
        if unsafe { libc::setrlimit(resource, &limit) } == 0 {
            Ok(())
        } else {
            Err(io::Error::last_os_error())
        }
    };
    if let Some(bytes) = rlimits.stack {
        set(libc::RLIMIT_STACK, bytes)?;
    }
    if let Some(bytes) = rlimits.data {
        set(libc::RLIMIT_DATA, bytes)?;
    }
    if let Some(bytes) = rlimits.file_size {
        set(libc::RLIMIT_FSIZE, bytes)?;
    }
    Ok(())
}
