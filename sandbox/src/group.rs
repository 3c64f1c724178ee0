//! Process groups from spawn to reaping, and the registry that lets a signal kill them all.
//!
//! A program started by the harness leads a new process group, dies with the harness and is
//! registered as live until it is reaped: [`Leader`] is that sequence (spawn, track, kill, reap)
//! behind one guard, used by batch runs (`run.rs`) and interactive sessions (`session.rs`)
//! alike. The registry lets [`kill_all_running`] (Ctrl-C) reach every live group, and tells
//! the orphan sweep which children of the harness are leaders and which are orphans.

use std::collections::BTreeSet;
use std::ffi::{CString, OsStr, OsString};
use std::io::{self, PipeReader, Read};
use std::os::fd::AsRawFd;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError, RwLock};

use crate::limits::{apply, Rlimits};
use crate::procfs::{children, holds_any};
use crate::program::{find_on_path, Program};
use crate::run::RunError;

/// Kills every process group the harness started that is still alive (for Ctrl-C). The runs they
/// belonged to return `Interrupted` instead of verdicts, and from now on no program starts.
pub fn kill_all_running() {
    let mut registry = registry();
    registry.interrupted = true;
    for &pgid in &registry.live {
        kill_group(pgid);
    }
}

/// A program leading its own process group, from its spawn until it is reaped: dying with the
/// harness, under [`kill_all_running`], and known as a child of the harness, so the orphan sweep
/// of a concurrent run never takes it for an orphan. Dropping it kills the group and reaps the
/// leader.
pub(crate) struct Leader {
    child: Child,
    pgid: i32,
    reaped: bool,
    /// The supervisor's report of what the program left behind, when it runs supervised.
    report: Option<PipeReader>,
}

/// How a leader ended, once reaped.
pub(crate) struct Reaped {
    pub status: ExitStatus,
    /// Peak resident memory, in bytes, of the leader and the children it waited for.
    pub peak_rss: u64,
    /// [`kill_all_running`] came while it ran: its outcome proves nothing.
    pub interrupted: bool,
    /// Processes that had left the program's group holding its stdout or stderr when it exited:
    /// its supervisor killed them.
    pub strays: Vec<i32>,
}

impl Leader {
    /// Starts `command` under `rlimits`; `program`, when known, is what it execs (the supervisor
    /// runs it, when enabled). `Err(Interrupted)`, with the group killed, when a signal came
    /// first.
    pub(crate) fn spawn(
        command: &mut Command,
        program: Option<&Program>,
        rlimits: Rlimits,
    ) -> Result<Leader, SpawnError> {
        if registry().interrupted {
            return Err(SpawnError::Interrupted);
        }
        let exec = match program {
            Some(p) => Exec::of(p),
            // The caller's `Command` execs the program itself, unless a supervisor is to.
            None if supervised() => Exec::of_command(command),
            None => None,
        };
        let spawning = SPAWNING.read().unwrap_or_else(PoisonError::into_inner);
        let (child, report) = launch(command, exec, rlimits).map_err(SpawnError::Io)?;
        // process_group(0): the child leads a new group whose id is its pid. Pids fit in pid_t.
        let pgid = child.id() as i32;
        let leader = Leader {
            child,
            pgid,
            reaped: false,
            report,
        };
        let mut registry = registry();
        registry.live.insert(pgid);
        registry.leaders.insert(pgid);
        drop(spawning);
        // kill_all_running may have come between the check above and the spawn.
        if registry.interrupted {
            drop(registry);
            return Err(SpawnError::Interrupted);
        }
        drop(registry);
        Ok(leader)
    }

    pub(crate) fn child(&mut self) -> &mut Child {
        &mut self.child
    }

    pub(crate) fn pgid(&self) -> i32 {
        self.pgid
    }

    /// Whether the leader has exited, without reaping it (its pid stays reserved).
    pub(crate) fn exited(&self) -> bool {
        // SAFETY: an all-zero siginfo_t is a valid out-parameter.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: plain syscall with a valid out-pointer; WNOWAIT leaves the child unreaped.
        let rc = unsafe {
            libc::waitid(
                libc::P_PID,
                self.pgid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            )
        };
        // SAFETY: waitid filled `info`; si_pid is 0 when no child has changed state.
        rc == 0 && unsafe { info.si_pid() } != 0
    }

    /// Kills the whole group. Safe while the leader is unreaped: its pid, the group's id, cannot
    /// have been recycled.
    pub(crate) fn kill(&self) {
        kill_group(self.pgid);
    }

    /// Kills the group, forgets it and reaps the leader with `wait4` (which reports its peak
    /// memory). What its descendants left behind is swept by [`sweep_orphans`], when the caller
    /// is done with the pipes they may hold.
    pub(crate) fn reap(&mut self) -> Reaped {
        kill_group(self.pgid);
        let interrupted = {
            let mut registry = registry();
            registry.live.remove(&self.pgid);
            registry.interrupted
        };
        let (status, peak_rss) = reap(&mut self.child);
        registry().leaders.remove(&self.pgid);
        self.reaped = true;
        Reaped {
            status,
            peak_rss,
            interrupted,
            strays: self.report.take().map(read_report).unwrap_or_default(),
        }
    }
}

impl Drop for Leader {
    fn drop(&mut self) {
        if !self.reaped {
            self.reap();
            sweep_orphans(&[]);
        }
    }
}

/// Why a leader did not start.
pub(crate) enum SpawnError {
    Io(io::Error),
    Interrupted,
}

impl SpawnError {
    /// As a run reports it: `explain` turns the OS error into advice.
    pub(crate) fn into_run_error(self, explain: impl FnOnce(io::Error) -> RunError) -> RunError {
        match self {
            SpawnError::Io(e) => explain(e),
            SpawnError::Interrupted => RunError::Interrupted,
        }
    }
}

struct Registry {
    live: BTreeSet<i32>,
    /// The leaders `run` started and has not reaped yet: the children of the harness that are
    /// not orphans.
    leaders: BTreeSet<i32>,
    interrupted: bool,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    live: BTreeSet::new(),
    leaders: BTreeSet::new(),
    interrupted: false,
});

/// Set by [`become_subreaper`]: orphans come to the harness, and each run ends by killing them.
static SUBREAPER: AtomicBool = AtomicBool::new(false);

/// Held shared from a spawn until its leader is registered, and exclusively while orphans are
/// looked for: a child of the harness between its fork and its registration is no orphan.
static SPAWNING: RwLock<()> = RwLock::new(());

/// Makes the harness a child subreaper: a descendant of a program it runs whose parent dies is
/// reparented to the harness rather than to init, and each run then kills and reaps it. Call once,
/// at start-up, in the harness's own process (tests of this module run without it).
///
/// Errors only where the kernel has no subreapers (before Linux 3.4, or not Linux): runs then
/// leave such orphans to init.
pub fn become_subreaper() -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: plain prctl call with integer arguments.
        if unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) } != 0 {
            return Err(io::Error::last_os_error());
        }
        SUBREAPER.store(true, Ordering::SeqCst);
        Ok(())
    }
    #[cfg(not(target_os = "linux"))]
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "no child subreapers on this system",
    ))
}

/// Kills and reaps every orphan reparented to the harness (see [`become_subreaper`]), then the
/// orphans their deaths leave, until none is left. Returns those that held one of `pipes`.
/// Does nothing unless the harness is a subreaper.
pub(crate) fn sweep_orphans(pipes: &[OsString]) -> Vec<i32> {
    let mut holders = Vec::new();
    if !SUBREAPER.load(Ordering::SeqCst) {
        return holders;
    }
    loop {
        let orphans: Vec<i32> = {
            let _no_spawn = SPAWNING.write().unwrap_or_else(PoisonError::into_inner);
            let leaders = registry().leaders.clone();
            children()
                .into_iter()
                .filter(|pid| !leaders.contains(pid))
                .inspect(|&pid| {
                    if holds_any(pid, pipes) {
                        holders.push(pid);
                    }
                    // SAFETY: plain syscall; `pid` is an unreaped child of the harness, so the pid
                    // is not anyone else's.
                    unsafe { libc::kill(pid, libc::SIGKILL) };
                })
                .collect()
        };
        if orphans.is_empty() {
            return holders;
        }
        for pid in orphans {
            let mut status = 0;
            // SAFETY: plain syscall. Another thread may have reaped `pid` first (ECHILD): it is gone
            // either way.
            while unsafe { libc::waitpid(pid, &mut status, 0) } < 0
                && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted
            {}
        }
    }
}

/// The groups still registered as live.
#[cfg(test)]
pub(crate) fn live_groups() -> usize {
    registry().live.len()
}

fn registry() -> MutexGuard<'static, Registry> {
    // The registry is a set and a flag, consistent after any panic: poisoning carries no meaning.
    REGISTRY.lock().unwrap_or_else(PoisonError::into_inner)
}

fn kill_group(pgid: i32) {
    // SAFETY: plain syscall; `pgid` is an unreaped leader of ours, so the group is ours. Failure
    // (ESRCH) only means the group is already gone.
    unsafe { libc::kill(-pgid, libc::SIGKILL) };
}

/// The pids the supervisor reported, once it has exited (its end of the pipe is then closed).
fn read_report(mut report: PipeReader) -> Vec<i32> {
    let mut bytes = Vec::new();
    // A read error (none is expected on a pipe) loses only a warning.
    let _ = report.read_to_end(&mut bytes);
    bytes
        .chunks_exact(4)
        .map(|pid| i32::from_ne_bytes(pid.try_into().expect("chunks of 4")))
        .collect()
}

/// Starts `command` as the leader of a new process group, dying with the harness, under
/// `rlimits`; `program`, when known, is what it execs (see [`Exec`]). With the supervisor enabled
/// and `program` known, the leader is the supervisor, which runs `program`, and the supervisor's
/// report comes with it. Returns once the program runs, or with the reason it could not start.
/// Call it holding `SPAWNING`: the child is not registered yet.
fn launch(command: &mut Command, program: Option<Exec>, rlimits: Rlimits) -> io::Result<(Child, Option<PipeReader>)> {
    command.process_group(0);
    // Taken before the fork: what the child compares its parent with.
    let harness = std::process::id() as libc::pid_t;
    #[cfg(target_os = "linux")]
    if let Some(program) = program.as_ref().filter(|_| supervised()) {
        return launch_supervised(command, program, rlimits, harness).map(|(child, report)| (child, Some(report)));
    }
    // SAFETY: the closure only calls prctl, getppid, setrlimit and execv, which are
    // async-signal-safe, and allocates nothing.
    unsafe {
        command.pre_exec(move || {
            die_with(harness)?;
            apply(&rlimits)?;
            exec(program.as_ref())
        })
    };
    Ok((command.spawn()?, None))
}

/// Whether programs start through the supervisor: only in the harness binary, on Linux.
fn supervised() -> bool {
    #[cfg(target_os = "linux")]
    return crate::supervisor::enabled();
    #[cfg(not(target_os = "linux"))]
    false
}

/// `launch` through the supervisor, which reports a failed exec of `program` on a pipe: the
/// harness reads it to its end, which comes when the program runs (the pipe is close-on-exec).
/// The second pipe returned is the supervisor's report of what the program left behind, whole
/// once the supervisor has exited.
#[cfg(target_os = "linux")]
fn launch_supervised(
    command: &mut Command,
    program: &Exec,
    rlimits: Rlimits,
    harness: libc::pid_t,
) -> io::Result<(Child, PipeReader)> {
    use crate::supervisor;
    let (mut started, status) = io::pipe()?;
    let (report, leftovers) = io::pipe()?;
    let status = above_stdio(status.into())?;
    let leftovers = above_stdio(leftovers.into())?;
    let fds = supervisor::Pipes {
        status: status.as_raw_fd(),
        report: leftovers.as_raw_fd(),
    };
    let argv = supervisor::argv(harness, fds, &rlimits, &program.file, &program.argv);
    let supervisor = Exec::new(supervisor::SELF_EXE.to_owned(), argv);
    // SAFETY: the closure only calls prctl, getppid, fcntl and execv, which are
    // async-signal-safe, and allocates nothing.
    unsafe {
        command.pre_exec(move || {
            die_with(harness)?;
            // Not close-on-exec in the child: the supervisor keeps them.
            for fd in [fds.status, fds.report] {
                if libc::fcntl(fd, libc::F_SETFD, 0) != 0 {
                    return Err(io::Error::last_os_error());
                }
            }
            exec(Some(&supervisor))
        })
    };
    let mut child = command.spawn()?;
    drop((status, leftovers));
    let mut errno = Vec::new();
    // A read error (none is expected on a pipe) leaves the program to be judged as it runs.
    let _ = started.read_to_end(&mut errno);
    match <[u8; 4]>::try_from(errno) {
        Ok(errno) => {
            // The supervisor exits as soon as it has reported.
            let _ = child.wait();
            Err(io::Error::from_raw_os_error(i32::from_ne_bytes(errno)))
        }
        Err(_) => Ok((child, report)),
    }
}

/// A close-on-exec copy of `fd` numbered 3 or above: the child's stdin, stdout and stderr replace
/// fds 0 to 2 before its pre-exec closure runs, and a harness started with one of them closed
/// gets it back for a new pipe.
#[cfg(target_os = "linux")]
fn above_stdio(fd: std::os::fd::OwnedFd) -> io::Result<std::os::fd::OwnedFd> {
    use std::os::fd::FromRawFd;
    // SAFETY: plain fcntl on an open fd.
    let copy = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 3) };
    if copy < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `copy` is a new fd owned by nobody else.
    Ok(unsafe { std::os::fd::OwnedFd::from_raw_fd(copy) })
}

/// The program's file and argv as C strings, made before the fork because the child may not
/// allocate. The child execs it itself: `Command` would call `execvp`, which runs a file in no
/// executable format through `/bin/sh` instead of failing with `ENOEXEC` as `posix_spawn` does.
struct Exec {
    file: CString,
    argv: Vec<CString>,
    /// Pointers into `argv`'s strings (which stay put when the struct moves), null-terminated.
    pointers: Vec<*const libc::c_char>,
}

// SAFETY: the pointers point into the `CString`s the struct owns and are only read.
unsafe impl Send for Exec {}
// SAFETY: as above; nothing is written through them.
unsafe impl Sync for Exec {}

impl Exec {
    fn new(file: CString, argv: Vec<CString>) -> Exec {
        let mut pointers: Vec<*const libc::c_char> = argv.iter().map(|a| a.as_ptr()).collect();
        pointers.push(std::ptr::null());
        Exec { file, argv, pointers }
    }

    /// `None` when the file cannot be found or named: `Command` then execs as it does.
    fn of(p: &Program) -> Option<Exec> {
        Exec::of_file(p.file()?, p.argv().iter().map(OsStr::new))
    }

    /// What `command` would exec (its program found on PATH as `Program` finds it), or `None`.
    fn of_command(command: &Command) -> Option<Exec> {
        let program = command.get_program();
        let file = if program.as_bytes().contains(&b'/') {
            PathBuf::from(program)
        } else {
            find_on_path(program.to_str()?)?
        };
        Exec::of_file(file, std::iter::once(program).chain(command.get_args()))
    }

    fn of_file<'a>(file: PathBuf, argv: impl Iterator<Item = &'a OsStr>) -> Option<Exec> {
        // The child may start in another folder (`Program::parse_in`): a relative file is
        // made absolute here, in the harness's.
        let file = std::path::absolute(file).ok()?;
        let file = CString::new(file.into_os_string().into_vec()).ok()?;
        let argv: Vec<CString> = argv.map(|a| CString::new(a.as_bytes()).ok()).collect::<Option<_>>()?;
        Some(Exec::new(file, argv))
    }
}

/// Execs the program in the calling process (the child, between fork and exec); returns only
/// the reason it failed, or `Ok` when `Command` is to exec it.
fn exec(program: Option<&Exec>) -> io::Result<()> {
    let Some(exec) = program else {
        return Ok(());
    };
    // SAFETY: a NUL-terminated path and a null-terminated array of NUL-terminated strings, all
    // alive as long as `exec`.
    unsafe { libc::execv(exec.file.as_ptr(), exec.pointers.as_ptr()) };
    Err(io::Error::last_os_error())
}

/// Asks the kernel to SIGKILL the calling process (the child, between fork and exec) when the
/// harness dies, and exits at once if the harness `parent` died before the request was made.
fn die_with(parent: libc::pid_t) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    // SAFETY: plain prctl call with integer arguments.
    if unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: plain syscall. A parent that died before the prctl is no longer the parent.
    if unsafe { libc::getppid() } != parent {
        return Err(io::Error::from_raw_os_error(libc::ESRCH));
    }
    Ok(())
}

/// Reaps the leader with `wait4`, which also reports its peak resident memory.
fn reap(child: &mut Child) -> (ExitStatus, u64) {
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid out-parameter.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: plain syscall with valid out-pointers; only `run` reaps the leader, once.
        let rc = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if rc == pid {
            // Linux reports ru_maxrss in KiB.
            return (ExitStatus::from_raw(status), usage.ru_maxrss.max(0) as u64 * 1024);
        }
        assert_eq!(
            io::Error::last_os_error().kind(),
            io::ErrorKind::Interrupted,
            "only `run` reaps the leader, and only once"
        );
    }
}
