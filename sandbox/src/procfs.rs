//! What `/proc` tells about other processes: parents, groups, open pipes.

use std::ffi::OsString;

/// The pids of the harness's children, from `/proc`.
#[cfg(target_os = "linux")]
pub(crate) fn children() -> Vec<i32> {
    let me = std::process::id() as i32;
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    procs
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<i32>().ok())
        .filter(|&pid| parent_and_group(pid).is_some_and(|(ppid, _)| ppid == me))
        .collect()
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn children() -> Vec<i32> {
    Vec::new()
}

/// The parent pid and process group of `pid`, from `/proc/<pid>/stat`.
#[cfg(target_os = "linux")]
pub(crate) fn parent_and_group(pid: i32) -> Option<(i32, i32)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may contain anything: fields start after the last
    // `)`, with the state, then the parent pid and the process group.
    let mut fields = stat[stat.rfind(')')? + 1..].split_whitespace().skip(1);
    Some((fields.next()?.parse().ok()?, fields.next()?.parse().ok()?))
}

/// Whether `pid` holds one of `pipes` (named as in `/proc/*/fd`) open.
#[cfg(target_os = "linux")]
pub(crate) fn holds_any(pid: i32, pipes: &[OsString]) -> bool {
    let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return false;
    };
    fds.filter_map(|fd| std::fs::read_link(fd.ok()?.path()).ok())
        .any(|target| pipes.iter().any(|p| p == target.as_os_str()))
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn holds_any(_pid: i32, _pipes: &[OsString]) -> bool {
    false
}

/// The name `/proc/*/fd` gives the file behind `fd` of this process (`pipe:[1234]` for a pipe).
#[cfg(target_os = "linux")]
pub(crate) fn name_of(fd: std::os::fd::RawFd) -> Option<OsString> {
    std::fs::read_link(format!("/proc/self/fd/{fd}")).ok().map(Into::into)
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn name_of(_fd: std::os::fd::RawFd) -> Option<OsString> {
    None
}

/// Whether some thread of some process in group `pgid` is blocked in `read` or `readv` on
/// `pipe` (named as in `/proc/*/fd`): waiting for what another program writes.
#[cfg(target_os = "linux")]
pub(crate) fn group_reads(pgid: i32, pipe: &OsString) -> bool {
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return false;
    };
    procs
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<i32>().ok())
        .filter(|&pid| parent_and_group(pid).is_some_and(|(_, group)| group == pgid))
        .any(|pid| {
            let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
                return false;
            };
            tasks
                .filter_map(|task| Some(task.ok()?.path().join("syscall")))
                .any(|call| reads(pid, &std::fs::read_to_string(call).unwrap_or_default(), pipe))
        })
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn group_reads(_pgid: i32, _pipe: &OsString) -> bool {
    false
}

/// Whether a thread of `pid` whose `/proc/.../syscall` line is `call` waits in `read`/`readv` on
/// `pipe`. The line is the call's number and its arguments in hex, or `running`.
#[cfg(target_os = "linux")]
fn reads(pid: i32, call: &str, pipe: &OsString) -> bool {
    let mut fields = call.split_whitespace();
    let number = fields.next().and_then(|n| n.parse::<libc::c_long>().ok());
    let fd = fields
        .next()
        .and_then(|a| i64::from_str_radix(a.trim_start_matches("0x"), 16).ok());
    let (Some(number), Some(fd)) = (number, fd) else {
        return false;
    };
    [libc::SYS_read, libc::SYS_readv].contains(&number)
        && std::fs::read_link(format!("/proc/{pid}/fd/{fd}")).is_ok_and(|target| target.as_os_str() == pipe)
}
