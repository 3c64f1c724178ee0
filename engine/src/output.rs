//! Standard output that a closed pipe does not turn into an error:
//! `harness gen ... | head` is ordinary use. Once the reader is gone, the rest
//! of the output is dropped and the command ends as it would have.

use std::io::{ErrorKind, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};

static READER_GONE: AtomicBool = AtomicBool::new(false);

/// Writes `text` to stdout; an error other than a closed pipe is returned.
pub fn write(text: &str) -> Result<()> {
    write_bytes(text.as_bytes())
}

/// [`write()`] for bytes that need not be text, such as a PNG.
pub fn write_bytes(bytes: &[u8]) -> Result<()> {
    if READER_GONE.load(Ordering::Relaxed) {
        return Ok(());
    }
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) if e.kind() == ErrorKind::BrokenPipe => {
            READER_GONE.store(true, Ordering::Relaxed);
            Ok(())
        }
        other => other.context("cannot write to stdout"),
    }
}

/// [`write()`] for reports, where a failed write leaves nothing better to do
/// than say so on stderr.
pub fn print(text: &str) {
    if let Err(e) = write(text) {
        eprintln!("error: {e:#}");
    }
}
