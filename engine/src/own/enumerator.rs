//! A problem file's `enumerate` command: a program that prints every input
//! of the problem within the `[gen]` ranges, for an exhaustive run over a
//! format its spec cannot express (strings, grids of characters, inputs
//! whose validity no assertion states).
//!
//! Protocol: the command runs once, from the problem file's folder, with each
//! `{key}` replaced by the key's range as two arguments `LO HI` (so `--set
//! n=[1,8]` reaches it as `1 8`); it prints every input, each followed by a
//! NUL byte (`\0`, as `find -print0` ends names: an input's text never holds
//! one), and exits 0. It runs under `tool_time_limit_ms` with stdout capped
//! at 64 MiB, like the generator. The run checks the inputs in the order
//! printed, each first by the spec (when there is one, in process, before
//! any program runs) and then by the validator as its case comes.
//!
//! Complexity: one process, and a pass over its output to split and check it.

use std::collections::BTreeMap;

use anyhow::{anyhow, bail, Result};
use sandbox::Program;

use super::case::{run_tool, success, Tools};
use super::file;
use crate::exhaustive::{Cursor, Plan};

/// The order the certificate names: the program's own.
const ORDER: &str = "the enumerator's output";

/// The plan and the cursor of an exhaustive run over the inputs `cmd` prints,
/// refused when the command fails, prints no input, breaks the protocol, prints
/// an input the spec refuses, or prints more than `limit`.
pub fn enumerate(tools: &Tools, cmd: &str, limit: u128) -> Result<(Plan, Cursor<String>)> {
    let file = &tools.file;
    let origin = &file.origin;
    if let Some((key, _)) = file.spec_bounds.first() {
        bail!("--set {key}: {origin} has no [gen] key `{key}`, and its `enumerate` command takes [gen] keys only");
    }
    let ranges = ranges(tools);
    let line = command_line(tools, cmd)?;
    let program = Program::parse_in(&line, &file.dir).map_err(|e| anyhow!("{origin}: [problem] `enumerate`: {e}"))?;
    let whence = |why: String| anyhow!("{origin}: --exhaustive: the enumerator `{line}` {why}");
    let run = run_tool(&program, "", tools.tool_limit).map_err(|e| whence(format!("cannot run: {e}")))?;
    let text = success(&program, &run, tools.tool_limit).map_err(|e| {
        whence(format!(
            "gave no inputs: {e} (its limit is tool_time_limit_ms, its output at most 64 MiB)"
        ))
    })?;
    let inputs = split(&text).map_err(whence)?;
    if let Some(spec) = &tools.spec {
        for (k, input) in inputs.iter().enumerate() {
            spec.check(input).map_err(|e| {
                whence(format!(
                    "printed input {} of {}, which the spec refuses ({e}):\n{}",
                    k + 1,
                    inputs.len(),
                    crate::style::clip(input, 400)
                ))
            })?;
        }
    }
    let count = inputs.len() as u128;
    let keys: Vec<String> = (file::placeholders(cmd).unwrap_or_default().into_iter())
        .filter(|k| ranges.contains_key(k.as_str()))
        .collect();
    if count > limit {
        bail!(
            "{origin}: --exhaustive: the enumerator `{line}` printed {} inputs, more than the limit of {}; lower {} \
             (or raise the limit with --exhaustive-limit)",
            gen::Count::Exact(count),
            gen::Count::Exact(limit),
            match keys.as_slice() {
                [] => "the ranges it enumerates".to_string(),
                _ => keys.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", "),
            }
        );
    }
    let plan = Plan {
        what: format!("every input `{line}` prints"),
        symmetry: gen::Symmetry::Labelled,
        order: ORDER,
        count: gen::Count::Exact(count),
        bounds: keys
            .iter()
            .map(|k| (k.clone(), ranges[k.as_str()].0, ranges[k.as_str()].1))
            .collect(),
        up_to: Some("as the enumerator lists them".into()),
    };
    Ok((plan, Cursor::over(move || Box::new(inputs.into_iter()))))
}

fn ranges(tools: &Tools) -> BTreeMap<&str, (i64, i64)> {
    (tools.file.ranges.iter())
        .map(|(k, r)| (k.as_str(), (r.lo, r.hi)))
        .collect()
}

/// The command line `cmd` runs as, with the problem's `[gen]` ranges.
pub fn command_line(tools: &Tools, cmd: &str) -> Result<String> {
    command(cmd, &ranges(tools)).map_err(|e| anyhow!("{}: [problem] `enumerate`: {e}", tools.file.origin))
}

/// The enumerator's command line: each `{key}` replaced by its range, `LO HI`.
fn command(cmd: &str, ranges: &BTreeMap<&str, (i64, i64)>) -> Result<String, String> {
    let mut line = cmd.to_string();
    for name in file::placeholders(cmd)? {
        let Some((lo, hi)) = ranges.get(name.as_str()) else {
            let keys: Vec<&str> = ranges.keys().copied().collect();
            return Err(format!(
                "`{{{name}}}` is no [gen] key (keys: {}); `{{key}}` becomes the key's range as two arguments, \
                 LO HI, and `{{seed}}` has no place in an enumeration",
                if keys.is_empty() {
                    "none".into()
                } else {
                    keys.join(", ")
                }
            ));
        };
        line = line.replace(&format!("{{{name}}}"), &format!("{lo} {hi}"));
    }
    Ok(line)
}

/// The inputs of an enumerator's output: each ended by a NUL byte.
fn split(text: &str) -> Result<Vec<String>, String> {
    let Some(body) = text.strip_suffix('\0') else {
        return Err(match text.is_empty() {
            true => "printed no input (each input is followed by a NUL byte, `\\0`)".into(),
            false => format!(
                "printed text after its last NUL byte: end each input with one (`\\0`, as in `print(text, \
                 end=\"\\0\")`), the last one too:\n{}",
                crate::style::clip(text.rsplit('\0').next().unwrap_or(text), 200)
            ),
        });
    };
    let inputs: Vec<String> = body.split('\0').map(str::to_string).collect();
    if let Some(k) = inputs.iter().position(|i| i.trim().is_empty()) {
        return Err(format!(
            "printed an empty input, number {} of {} (two NUL bytes in a row, or one after nothing)",
            k + 1,
            inputs.len()
        ));
    }
    Ok(inputs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_key_becomes_its_range_and_other_placeholders_are_refused() {
        let ranges = BTreeMap::from([("n", (1, 8)), ("m", (0, 0))]);
        assert_eq!(
            command("python3 e.py {n} --m {m}", &ranges).unwrap(),
            "python3 e.py 1 8 --m 0 0"
        );
        let err = command("e {seed}", &ranges).unwrap_err();
        assert!(err.contains("`{seed}` is no [gen] key (keys: m, n)"), "{err}");
    }

    #[test]
    fn inputs_end_with_a_nul_each() {
        assert_eq!(split("1\n\u{0}2 3\n\u{0}").unwrap(), ["1\n", "2 3\n"]);
        for (bad, says) in [
            ("", "printed no input"),
            ("1\n2\n", "printed text after its last NUL byte"),
            ("1\n\u{0}2\n", "the last one too:\n2"),
            ("1\n\u{0}\u{0}", "an empty input, number 2 of 2"),
        ] {
            let err = split(bad).unwrap_err();
            assert!(err.contains(says), "{bad:?}: {err}");
        }
    }
}
