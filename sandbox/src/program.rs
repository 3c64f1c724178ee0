//! A user's program as the harness knows it before it runs: a command line split like a shell
//! would split it, checked to be startable, and the words that explain a failed start.

use std::ffi::CString;
use std::fs::File;
use std::io::{self, Read};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use crate::run::RunError;

/// A user's program: a shell-style command line split with shlex (no shell is run).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    cmdline: String,
    argv: Vec<String>,
    /// The folder it runs in; `None`: the harness's own.
    dir: Option<PathBuf>,
}

impl Program {
    /// Splits `cmdline` and checks that its program can be started.
    ///
    /// Errors (a one-line message saying what to do) for: an empty command, unbalanced quotes, a
    /// program path containing '/' that does not exist or is not an executable file, a bare name
    /// not found on PATH.
    pub fn parse(cmdline: &str) -> Result<Program, String> {
        Program::parse_from(cmdline, None)
    }

    /// `parse`, for a program that runs in `dir` (an absolute folder): a relative program path
    /// such as `./sol` or `bin/gen` is found there, and the program starts there, so its own
    /// relative arguments (`python3 gen.py`) name files of that folder.
    pub fn parse_in(cmdline: &str, dir: &Path) -> Result<Program, String> {
        Program::parse_from(cmdline, Some(dir))
    }

    fn parse_from(cmdline: &str, dir: Option<&Path>) -> Result<Program, String> {
        let mut argv = shlex::split(cmdline).ok_or_else(|| {
            format!(
                "command `{cmdline}` has an unbalanced quote or a trailing backslash: \
                 close the quote or escape it"
            )
        })?;
        let Some(program) = argv.first_mut() else {
            return Err("the command is empty: give the program to run, \
                        e.g. `./a.out` or `python3 sol.py`"
                .to_owned());
        };
        if let Some(dir) = dir.filter(|_| program.contains('/') && Path::new(program).is_relative()) {
            *program = dir.join(&*program).display().to_string();
        }
        if program.contains('/') {
            check_executable_file(Path::new(program))?;
        } else if find_on_path(program).is_none() {
            return Err(format!(
                "`{program}` was not found on PATH: give its path (e.g. `./{program}`) or install it"
            ));
        }
        Ok(Program {
            cmdline: cmdline.to_owned(),
            argv,
            dir: dir.map(Path::to_path_buf),
        })
    }

    /// The same program with `args` appended (a checker's file names); `display` is unchanged.
    pub fn with_args(&self, args: impl IntoIterator<Item = String>) -> Program {
        let mut p = self.clone();
        p.argv.extend(args);
        p
    }

    /// The folder it runs in, when not the harness's own.
    pub(crate) fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The command line as given.
    pub fn display(&self) -> &str {
        &self.cmdline
    }

    /// The program and its arguments, as split.
    pub(crate) fn argv(&self) -> &[String] {
        &self.argv
    }

    /// The file that is executed, as the kernel finds it.
    pub(crate) fn file(&self) -> Option<PathBuf> {
        let program = &self.argv[0];
        if program.contains('/') {
            Some(PathBuf::from(program))
        } else {
            find_on_path(program)
        }
    }
}

fn check_executable_file(path: &Path) -> Result<(), String> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        io::ErrorKind::NotFound => {
            format!("`{shown}` does not exist: build it first or fix the path")
        }
        _ => format!("cannot inspect `{shown}` ({e}): fix the path or its permissions"),
    })?;
    if !meta.is_file() {
        return Err(format!("`{shown}` is not a file: give the program to run"));
    }
    if !is_executable(path) {
        return Err(format!(
            "`{shown}` is not executable: run `chmod +x {shown}`, \
             or run it through its interpreter (e.g. `python3 {shown}`)"
        ));
    }
    Ok(())
}

pub(crate) fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).find_map(|dir| {
        // POSIX: an empty PATH entry means the current directory.
        let dir = if dir.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            dir
        };
        let candidate = dir.join(name);
        (candidate.is_file() && is_executable(&candidate)).then_some(candidate)
    })
}

/// Asks the kernel rather than reading mode bits, so ownership, ACLs and root's rules all count.
fn is_executable(path: &Path) -> bool {
    let Ok(c_path) = CString::new(path.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: `c_path` is a NUL-terminated string that outlives the call.
    unsafe { libc::access(c_path.as_ptr(), libc::X_OK) == 0 }
}

/// The interpreter named on a script's `#!` line.
fn interpreter(script: &Path) -> Option<String> {
    let mut head = [0u8; 256];
    let n = File::open(script).and_then(|mut f| f.read(&mut head)).ok()?;
    let line = head[..n].strip_prefix(b"#!")?;
    let line = line.split(|&b| b == b'\n').next()?;
    let name = String::from_utf8_lossy(line)
        .split([' ', '\t'])
        .find(|w| !w.is_empty())?
        .to_owned();
    Some(name)
}

/// Explains a failed spawn. The program passed `Program::parse`, so it existed and was
/// executable a moment ago: what failed is the exec itself.
pub(crate) fn cannot_start(p: &Program, err: io::Error) -> RunError {
    let cmd = p.display();
    let file = p.file();
    let shown = file.as_deref().unwrap_or(Path::new(&p.argv[0])).display();
    let advice = match err.raw_os_error() {
        Some(libc::ENOENT) => match file.as_deref().and_then(interpreter) {
            Some(interp) => format!(
                "the interpreter on its `#!` line, `{}`, does not exist: fix that line, \
                 or run the script through an interpreter (e.g. `python3 {shown}`)",
                interp.escape_debug()
            ),
            None => format!(
                "`{shown}` exists, so what is missing is the loader or a library it needs: \
                 build it on this machine"
            ),
        },
        Some(libc::ENOEXEC) => format!(
            "`{shown}` is not a program this machine can run: build it on this machine, or if it \
             is a script, start it with a `#!` line or run it through its interpreter \
             (e.g. `python3 {shown}`)"
        ),
        Some(libc::EACCES) => {
            format!("permission denied: make `{shown}` (and its `#!` interpreter) executable and readable")
        }
        _ => "check that the command runs by itself".to_owned(),
    };
    RunError::CannotStart(format!("cannot start `{cmd}`: {err}\n  {advice}"))
}
