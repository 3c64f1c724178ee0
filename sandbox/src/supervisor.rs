//! A supervisor between the harness and each program it starts, so that nothing a program started
//! outlives a harness killed by SIGKILL.
//!
//! `PR_SET_PDEATHSIG` kills a program when the harness dies, but not what the program started: a
//! shell script's `sleep`, or a process that left the group with `setsid`, would live on under
//! init. So the harness binary starts programs through a copy of itself in a hidden mode (its
//! first argument is [`TOKEN`], checked before anything else in `main`), in the program's process
//! group. The supervisor
//! 1. becomes a child subreaper, so every orphan of the program is reparented to it, and asks for
//!    [`HARNESS_GONE`] when its parent dies (checked against the harness's pid, which closes the
//!    race with a harness that died first);
//! 2. forks the program with the run's rlimits (applied to the program, not to the supervisor,
//!    which is the large harness binary) and `PR_SET_PDEATHSIG(SIGKILL)` against itself, and
//!    reports a failed exec to the harness through a pipe, so the harness explains it as before;
//! 3. once the program exits, reaps it (so its peak memory is in the supervisor's rusage), kills
//!    everything the program left behind, and ends the same way: the same exit code, or the same
//!    signal. Leftovers must go before the supervisor does: they would be reparented to the
//!    harness, outside any supervisor, and a harness SIGKILLed then would leave them to init. Those
//!    that left the program's group holding its stdout or stderr are named to the harness on a
//!    second pipe, the report, so it can warn about them as it warns about strays it kills itself.
//!    So that this holds for a program the harness kills (time limit, output flood, Ctrl-C) too,
//!    the supervisor moves from the program's group to the harness's once the program is in it:
//!    the group kill misses it (its pid, the group's id, stays reserved while it lives), and it
//!    ignores the terminal's signals to the harness's group, which the program gets back as they
//!    were;
//! 4. when the harness dies, kills every process whose parent chain leads to it, again and again
//!    until none is left. No group kill is needed: whatever the program started stays below the
//!    supervisor, whichever group or session it moves to, since its orphans come to the
//!    supervisor.
//!
//! Only the harness binary enables it ([`enable`]); the library's own tests start programs
//! directly. Cost: one more fork and exec of the harness binary per program start, about 1.7 ms
//! (`cargo run --release -p sandbox --example spawn_cost`), and a scan of `/proc` when a program
//! leaves something behind.
//!
//! Reference: `PR_SET_CHILD_SUBREAPER` and `PR_SET_PDEATHSIG` in `prctl(2)`, `sigwaitinfo(2)`,
//! `proc_pid_stat(5)`, `proc_pid_fd(5)`, `pidfd_open(2)`.

use std::collections::BTreeSet;
use std::ffi::{CStr, CString, OsStr, OsString};
use std::io;
use std::os::fd::RawFd;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::limits::{apply, Rlimits};
use crate::procfs::{holds_any, parent_and_group};

/// The first argument that makes the harness binary a supervisor.
pub const TOKEN: &str = "--internal-supervise-program";

/// What the harness binary is, in a child forked from it: found even if the file was replaced.
pub(crate) const SELF_EXE: &CStr = c"/proc/self/exe";

/// The signal that tells the supervisor its parent died. Any other sender is ignored while the
/// harness is still its parent.
const HARNESS_GONE: libc::c_int = libc::SIGUSR1;

/// Signals a terminal or `timeout` sends to the harness's group, which the supervisor joins: the
/// harness handles them and kills the programs' groups.
const SHIELDED: [libc::c_int; 7] = [
    libc::SIGINT,
    libc::SIGQUIT,
    libc::SIGTERM,
    libc::SIGHUP,
    libc::SIGTSTP,
    libc::SIGTTIN,
    libc::SIGTTOU,
];

/// How long the supervisor waits between rounds of killing, once the harness is gone.
const ROUND: Duration = Duration::from_millis(5);

static ENABLED: AtomicBool = AtomicBool::new(false);

/// From now on, programs are started through a supervisor. Call once at start-up, from the
/// harness binary itself: the supervisor is that binary run again.
///
/// Errors where `/proc/self/exe` cannot be found: programs then start directly, and what they
/// start is left running if the harness is SIGKILLed.
pub fn enable() -> io::Result<()> {
    std::fs::metadata(OsStr::from_bytes(SELF_EXE.to_bytes()))?;
    ENABLED.store(true, Ordering::SeqCst);
    Ok(())
}

pub(crate) fn enabled() -> bool {
    ENABLED.load(Ordering::SeqCst)
}

/// The pipes the supervisor writes to the harness: `status`, a failed start; `report`, what the
/// program left behind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pipes {
    pub status: RawFd,
    pub report: RawFd,
}

/// The supervisor's argv, made before the fork (the child may not allocate): it runs `argv` from
/// `file` under `rlimits`, for the harness `harness`, and writes to it on `pipes`.
pub(crate) fn argv(
    harness: libc::pid_t,
    pipes: Pipes,
    rlimits: &Rlimits,
    file: &CStr,
    argv: &[CString],
) -> Vec<CString> {
    let limit = |bytes: Option<u64>| bytes.map_or("-".to_owned(), |b| b.to_string());
    let head = [
        "harness-supervisor".to_owned(),
        TOKEN.to_owned(),
        harness.to_string(),
        pipes.status.to_string(),
        pipes.report.to_string(),
        limit(rlimits.stack),
        limit(rlimits.data),
        limit(rlimits.file_size),
    ];
    head.into_iter()
        .map(|a| CString::new(a).expect("no NUL in numbers"))
        .chain([file.to_owned()])
        .chain(argv.iter().cloned())
        .collect()
}

/// Becomes the supervisor when the process was started as one (see [`TOKEN`]), and then never
/// returns; otherwise returns at once. Call it first thing in `main`.
pub fn serve_if_asked() {
    let args: Vec<OsString> = std::env::args_os().collect();
    if args.get(1).map(OsString::as_os_str) != Some(OsStr::new(TOKEN)) {
        return;
    }
    match Task::parse(&args[2..]) {
        Some(task) => supervise(&task),
        None => {
            eprintln!("error: `{TOKEN}` is for the harness's own use: run `harness --help`");
            std::process::exit(2)
        }
    }
}

/// What the harness asked the supervisor to run.
struct Task {
    harness: libc::pid_t,
    pipes: Pipes,
    rlimits: Rlimits,
    file: CString,
    argv: Vec<CString>,
}

impl Task {
    fn parse(args: &[OsString]) -> Option<Task> {
        let text = |i: usize| args.get(i)?.to_str();
        let limit = |i: usize| match text(i)? {
            "-" => Some(None),
            bytes => bytes.parse().ok().map(Some),
        };
        let c_string = |a: &OsString| CString::new(a.clone().into_vec()).ok();
        let argv: Vec<CString> = args.get(7..)?.iter().map(c_string).collect::<Option<_>>()?;
        if argv.is_empty() {
            return None;
        }
        Some(Task {
            harness: text(0)?.parse().ok()?,
            pipes: Pipes {
                status: text(1)?.parse().ok()?,
                report: text(2)?.parse().ok()?,
            },
            rlimits: Rlimits {
                stack: limit(3)?,
                data: limit(4)?,
                file_size: limit(5)?,
            },
            file: c_string(args.get(6)?)?,
            argv,
        })
    }
}

/// A signal set holding `signals`.
fn signal_set(signals: &[libc::c_int]) -> libc::sigset_t {
    // SAFETY: an all-zero sigset_t is valid storage, which sigemptyset then initializes.
    let mut set: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: `set` is valid storage for a signal set; the signals are valid numbers.
    unsafe {
        libc::sigemptyset(&mut set);
        for &signal in signals {
            libc::sigaddset(&mut set, signal);
        }
    }
    set
}

fn supervise(task: &Task) -> ! {
    // SAFETY: plain syscall.
    let me = unsafe { libc::getpid() };
    let watched = signal_set(&[libc::SIGCHLD, HARNESS_GONE]);
    // SAFETY: plain syscalls with valid pointers and integer arguments. Until the prctl below,
    // the harness's PR_SET_PDEATHSIG(SIGKILL), kept across exec, covers the supervisor.
    unsafe {
        libc::sigprocmask(libc::SIG_BLOCK, &watched, std::ptr::null_mut());
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        libc::prctl(libc::PR_SET_PDEATHSIG, HARNESS_GONE, 0, 0, 0);
        if libc::getppid() != task.harness {
            libc::_exit(1);
        }
    }
    let mut pointers: Vec<*const libc::c_char> = task.argv.iter().map(|a| a.as_ptr()).collect();
    pointers.push(std::ptr::null());
    // SAFETY: plain syscalls with valid handlers.
    let dispositions = SHIELDED.map(|signal| (signal, unsafe { libc::signal(signal, libc::SIG_IGN) }));
    // SAFETY: the supervisor has one thread, so the child may do anything; it only makes the
    // calls of `start` and execs.
    let program = unsafe { libc::fork() };
    if program == 0 {
        start(task, me, &pointers, &dispositions);
    }
    // The program is in the group now, which keeps it alive without the supervisor. Should the
    // move fail, the supervisor stays in the group and dies with the program when it is killed.
    // SAFETY: plain syscalls.
    unsafe { libc::setpgid(0, libc::getpgid(task.harness)) };
    if program < 0 {
        report(task.pipes.status, io::Error::last_os_error());
        // SAFETY: plain syscall.
        unsafe { libc::_exit(127) };
    }
    let outputs = output_pipes();
    // The harness learns that the program started when the last copy of `status` closes; the
    // program's pipes must close when the program and what it started close them.
    // SAFETY: plain syscalls on fds this process owns; /dev/null is a NUL-terminated path.
    unsafe {
        libc::close(task.pipes.status);
        let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDWR);
        for fd in 0..3 {
            libc::dup2(null, fd);
        }
        if null > 2 {
            libc::close(null);
        }
    }
    let status = wait_for(program, task.harness, &watched);
    let held = kill_descendants(&outputs);
    tell(task.pipes.report, &held);
    end_as(status)
}

/// How `/proc` names the program's stdout and stderr, when they are pipes (as the harness's
/// are): what a leftover holding them holds.
fn output_pipes() -> Vec<OsString> {
    [1, 2]
        .iter()
        .filter_map(|fd| std::fs::read_link(format!("/proc/self/fd/{fd}")).ok())
        .map(std::path::PathBuf::into_os_string)
        .filter(|name| name.as_bytes().starts_with(b"pipe:"))
        .collect()
}

/// Writes `pids` to the harness on `report`, in native byte order, and closes it.
fn tell(report: RawFd, pids: &[i32]) {
    let bytes: Vec<u8> = pids.iter().flat_map(|pid| pid.to_ne_bytes()).collect();
    // SAFETY: plain syscalls with a valid buffer on an fd this process owns. A harness that
    // stopped listening needs nothing; a pipe takes a few pids in one write.
    unsafe {
        libc::write(report, bytes.as_ptr().cast(), bytes.len());
        libc::close(report);
    }
}

/// In the forked child: becomes the program, or reports why it could not.
fn start(
    task: &Task,
    supervisor: libc::pid_t,
    argv: &[*const libc::c_char],
    dispositions: &[(libc::c_int, libc::sighandler_t)],
) -> ! {
    // SAFETY: plain syscalls with valid pointers. The supervisor's Rust runtime ignores SIGPIPE,
    // the supervisor ignores the shielded signals and blocks two more: the program starts with
    // each as the harness would have left it.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        if libc::getppid() != supervisor {
            libc::_exit(127);
        }
        // Open in the program only until its exec succeeds; the report is the supervisor's alone.
        libc::fcntl(task.pipes.status, libc::F_SETFD, libc::FD_CLOEXEC);
        libc::fcntl(task.pipes.report, libc::F_SETFD, libc::FD_CLOEXEC);
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        for &(signal, disposition) in dispositions {
            libc::signal(signal, disposition);
        }
        let none = signal_set(&[]);
        libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
    }
    if let Err(e) = apply(&task.rlimits) {
        report(task.pipes.status, e);
    } else {
        // SAFETY: a NUL-terminated path and a null-terminated array of NUL-terminated strings.
        unsafe { libc::execv(task.file.as_ptr(), argv.as_ptr()) };
        report(task.pipes.status, io::Error::last_os_error());
    }
    // SAFETY: plain syscall.
    unsafe { libc::_exit(127) }
}

/// Tells the harness why the program could not start: its errno, in native byte order.
fn report(status: RawFd, e: io::Error) {
    let errno = e.raw_os_error().unwrap_or(libc::EINVAL).to_ne_bytes();
    // SAFETY: plain syscall with a valid buffer. A harness that stopped listening needs nothing.
    unsafe { libc::write(status, errno.as_ptr().cast(), errno.len()) };
}

/// Waits until `program` exits and returns its wait status, reaping the orphans that exit
/// meanwhile; kills everything and exits if the harness dies first.
fn wait_for(program: libc::pid_t, harness: libc::pid_t, watched: &libc::sigset_t) -> libc::c_int {
    loop {
        // SAFETY: plain syscall on a valid, initialized signal set.
        let signal = unsafe { libc::sigwaitinfo(watched, std::ptr::null_mut()) };
        // SAFETY: plain syscall. The signal also comes when the harness thread that started the
        // supervisor ends: the harness is then still the parent.
        if signal == HARNESS_GONE && unsafe { libc::getppid() } != harness {
            kill_descendants(&[]);
            std::process::exit(1);
        }
        loop {
            let mut status = 0;
            // SAFETY: plain syscall with a valid out-pointer.
            let pid = unsafe { libc::waitpid(-1, &mut status, libc::WNOHANG) };
            if pid == program {
                return status;
            }
            if pid <= 0 {
                break;
            }
        }
    }
}

/// Ends the supervisor as `status` says the program ended.
fn end_as(status: libc::c_int) -> ! {
    if libc::WIFEXITED(status) {
        std::process::exit(libc::WEXITSTATUS(status));
    }
    let signal = libc::WTERMSIG(status);
    let no_core = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    let deliver = signal_set(&[signal]);
    // SAFETY: plain syscalls with valid pointers. No core dump: the program's was its own.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::setrlimit(libc::RLIMIT_CORE, &no_core);
        libc::sigprocmask(libc::SIG_UNBLOCK, &deliver, std::ptr::null_mut());
        libc::raise(signal);
    }
    // Only a signal that does not terminate gets here; the harness sees 128 + signal, as a
    // shell reports it.
    std::process::exit(128 + signal)
}

/// Kills every descendant of the supervisor, round after round (a dying process may fork, and
/// its orphans come to the supervisor), until none is left. Returns those that had left the
/// program's group (whose id is the supervisor's pid) holding one of `pipes`.
fn kill_descendants(pipes: &[OsString]) -> Vec<i32> {
    let me = std::process::id() as i32;
    let mut held = Vec::new();
    // Every orphan comes to the supervisor: without a child, it has no descendant.
    while has_children() {
        let descendants = descendants();
        // Only where `/proc` cannot be read: the harness's sweep is left to find them.
        if descendants.is_empty() {
            break;
        }
        for &pid in &descendants {
            let escaped = parent_and_group(pid).is_some_and(|(_, group)| group != me);
            if escaped && !held.contains(&pid) && holds_any(pid, pipes) {
                held.push(pid);
            }
            kill_descendant(pid, &descendants);
        }
        std::thread::sleep(ROUND);
    }
    held
}

/// Reaps the children that have exited; whether any child is left.
fn has_children() -> bool {
    loop {
        // SAFETY: plain syscall with a null status pointer, which is allowed.
        match unsafe { libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) } {
            0 => return true,
            reaped if reaped > 0 => {}
            _ => return io::Error::last_os_error().raw_os_error() != Some(libc::ECHILD),
        }
    }
}

/// The pids whose parent chain leads to this process, from `/proc`.
fn descendants() -> BTreeSet<i32> {
    let me = std::process::id() as i32;
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return BTreeSet::new();
    };
    let parents: Vec<(i32, i32)> = procs
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<i32>().ok())
        .filter_map(|pid| Some((pid, parent_and_group(pid)?.0)))
        .collect();
    let mut found = BTreeSet::new();
    loop {
        let more: Vec<i32> = parents
            .iter()
            .filter(|&&(pid, ppid)| (ppid == me || found.contains(&ppid)) && !found.contains(&pid))
            .map(|&(pid, _)| pid)
            .collect();
        if more.is_empty() {
            return found;
        }
        found.extend(more);
    }
}

/// SIGKILLs `pid` if it is still a descendant: through a pidfd, and only if its parent is still
/// this process or one of `family`, so a pid recycled since the scan is never hit.
fn kill_descendant(pid: i32, family: &BTreeSet<i32>) {
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    let me = std::process::id() as i32;
    // SAFETY: plain syscall; a returned fd is ours to close.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    if fd < 0 {
        return;
    }
    // SAFETY: `fd` is a pidfd just opened, owned by nobody else.
    let pidfd = unsafe { OwnedFd::from_raw_fd(fd as i32) };
    if parent_and_group(pid).is_some_and(|(ppid, _)| ppid == me || family.contains(&ppid)) {
        // SAFETY: plain syscall on an open pidfd; a null siginfo is allowed.
        unsafe {
            libc::syscall(
                libc::SYS_pidfd_send_signal,
                pidfd.as_raw_fd(),
                libc::SIGKILL,
                std::ptr::null::<libc::siginfo_t>(),
                0,
            )
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_harness_argv_parses_back_to_the_task() {
        let rlimits = Rlimits {
            stack: Some(64 << 20),
            data: None,
            file_size: Some(1 << 20),
        };
        let pipes = Pipes { status: 7, report: 8 };
        let program = [c"python3".to_owned(), c"sol v2.py".to_owned(), c"".to_owned()];
        let argv = argv(1234, pipes, &rlimits, c"/usr/bin/python3", &program);
        assert_eq!(argv[1].to_str(), Ok(TOKEN));
        let args: Vec<OsString> = argv[2..]
            .iter()
            .map(|a| OsString::from_vec(a.as_bytes().to_vec()))
            .collect();
        let task = Task::parse(&args).expect("a task");
        assert_eq!((task.harness, task.pipes, task.rlimits), (1234, pipes, rlimits));
        assert_eq!(task.file.as_c_str(), c"/usr/bin/python3");
        assert_eq!(task.argv, program);
        assert!(Task::parse(&args[..6]).is_none(), "no file: no task");
        assert!(Task::parse(&args[..7]).is_none(), "no argv: no task");
    }
}
