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
