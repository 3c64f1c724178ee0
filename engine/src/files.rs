//! Reading the files a corpus, a problem folder or a command line names, one
//! way everywhere: regular files only, of bounded size, and inside a folder
//! never through a link that leads out of it. Without these rules a corpus
//! entry linked to `/dev/zero` exhausts the memory, a FIFO where a spec should
//! be blocks the harness in `open` (where no signal stops it), and a spec
//! linked to a file elsewhere shows that file's words in its error.
//!
//! And the folders the harness writes a program's files in, inside TMPDIR.

use std::fs::{FileType, OpenOptions};
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};

/// The most a corpus entry or a sample input may hold.
pub const DATA: u64 = 64 << 20;
/// The most a config, a problem file or a spec may hold: written by hand,
/// they are small, and a spec's commands take memory by the token.
pub const WRITTEN: u64 = 1 << 20;
/// The most a test of a test set may hold: a judge's largest input (tree-game's 100 trees of
/// 10^5 vertices are 114 MB), with room.
pub const TEST: u64 = 256 << 20;

/// Where a file may be.
#[derive(Clone, Copy, Debug)]
pub enum Within<'a> {
    /// Anywhere: a path the user named, followed through links.
    Anywhere,
    /// In this folder: a link is followed only to a file inside it.
    Folder(&'a Path),
}

/// The text of the regular file `path`, at most `limit` bytes long. The
/// errors name `path` and say what it is instead.
pub fn read_text(path: &Path, within: Within, limit: u64) -> Result<String> {
    let shown = path.display();
    let (target, flags) = match within {
        Within::Anywhere => (path.to_path_buf(), libc::O_NONBLOCK),
        Within::Folder(dir) => {
            let real = path.canonicalize().with_context(|| format!("cannot read {shown}"))?;
            let root = dir
                .canonicalize()
                .with_context(|| format!("cannot read {shown}: cannot resolve its folder {}", dir.display()))?;
            if !real.starts_with(&root) {
                bail!(
                    "cannot read {shown}: it is a link to {}, outside {}: only files inside the folder are read",
                    real.display(),
                    dir.display()
                );
            }
            // The resolved path has no link left; O_NOFOLLOW keeps it so should one appear meanwhile.
            (real, libc::O_NONBLOCK | libc::O_NOFOLLOW)
        }
    };
    // O_NONBLOCK: opening a FIFO returns at once (to be refused below) instead of waiting for a writer.
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(flags)
        .open(&target)
        .with_context(|| format!("cannot read {shown}"))?;
    let meta = file.metadata().with_context(|| format!("cannot read {shown}"))?;
    if !meta.is_file() {
        bail!(
            "cannot read {shown}: it is {}, not a regular file",
            kind(meta.file_type())
        );
    }
    let too_big = || {
        anyhow!(
            "cannot read {shown}: it holds more than {}, the most read from such a file",
            mib(limit)
        )
    };
    if meta.len() > limit {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    // The file may grow after the size was read: the read stops past the limit anyway.
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {shown}"))?;
    if bytes.len() as u64 > limit {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|e| {
        anyhow!(
            "cannot read {shown}: it is not UTF-8 text (byte {} is not)",
            e.utf8_error().valid_up_to() + 1
        )
    })
}

/// Creates the folder `name` in the temporary folder (TMPDIR, else `/tmp`)
/// for the files a program reads, and never TMPDIR itself: a TMPDIR that is
/// missing or not a folder is a mistake to name, not to paper over. A folder
/// of that name already there (a killed run's, of the same process id) is reused.
pub fn temporary(name: &str) -> Result<PathBuf, String> {
    let root = std::env::temp_dir();
    let dir = root.join(name);
    match std::fs::create_dir(&dir) {
        Ok(()) => Ok(dir),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && dir.is_dir() => Ok(dir),
        Err(e) => {
            let which = match std::env::var_os("TMPDIR") {
                Some(_) => format!("TMPDIR={}", root.display()),
                None => format!("the temporary folder {} (TMPDIR is not set)", root.display()),
            };
            Err(format!(
                "{which} is unusable: cannot create {} in it: {e}; set TMPDIR to a writable folder",
                dir.display()
            ))
        }
    }
}

/// What a file that is not a regular one is, in words.
fn kind(t: FileType) -> &'static str {
    if t.is_dir() {
        "a folder"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else {
        "a special file"
    }
}

/// `64 MiB`, or bytes below one MiB.
fn mib(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("files-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn err(path: &Path, within: Within, limit: u64) -> String {
        format!("{:#}", read_text(path, within, limit).unwrap_err())
    }

    #[test]
    fn a_regular_file_inside_the_folder_is_read_through_a_link_that_stays_inside() {
        let dir = scratch("inside");
        std::fs::write(dir.join("a.txt"), "text\n").unwrap();
        std::os::unix::fs::symlink("a.txt", dir.join("b.txt")).unwrap();
        for name in ["a.txt", "b.txt"] {
            assert_eq!(read_text(&dir.join(name), Within::Folder(&dir), 5).unwrap(), "text\n");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_link_out_of_the_folder_a_device_and_a_fifo_are_refused_without_blocking() {
        let dir = scratch("refused");
        let zero = dir.join("zero.toml");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        let says = err(&zero, Within::Folder(&dir), DATA);
        assert!(says.contains("zero.toml: it is a link to /dev/zero, outside"), "{says}");
        let says = err(&zero, Within::Anywhere, DATA);
        assert!(
            says.ends_with("zero.toml: it is a device, not a regular file"),
            "{says}"
        );
        let fifo = dir.join("fifo.toml");
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a NUL-terminated path and a mode.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        for within in [Within::Folder(&dir), Within::Anywhere] {
            let says = err(&fifo, within, DATA);
            assert!(says.ends_with("fifo.toml: it is a FIFO, not a regular file"), "{says}");
        }
        let says = err(&dir, Within::Anywhere, DATA);
        assert!(says.ends_with("it is a folder, not a regular file"), "{says}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_over_the_limit_or_not_utf8_is_refused_naming_it() {
        let dir = scratch("limit");
        let big = dir.join("big.in");
        std::fs::write(&big, "12345").unwrap();
        assert_eq!(read_text(&big, Within::Anywhere, 5).unwrap(), "12345");
        let says = err(&big, Within::Anywhere, 4);
        assert!(
            says.ends_with("big.in: it holds more than 4 bytes, the most read from such a file"),
            "{says}"
        );
        assert!(err(&big, Within::Folder(&dir), 4).contains("more than 4 bytes"));
        std::fs::write(&big, b"ab\xffc").unwrap();
        assert!(err(&big, Within::Anywhere, DATA).ends_with("it is not UTF-8 text (byte 3 is not)"));
        assert!(err(&dir.join("none"), Within::Folder(&dir), DATA).contains("cannot read"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
