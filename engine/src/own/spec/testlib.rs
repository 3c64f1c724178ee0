//! A spec as a testlib validator: the C++ program Polygon runs on every input
//! (`registerValidation`, exit 0 on a valid input), which reads exactly what
//! the spec reads and refuses what it refuses.
//!
//! Each command becomes its testlib call: `INT(lo, hi, n)` `inf.readLong(lo, hi, "n")`
//! (testlib's strict reading refuses leading zeros and `-0`, as the spec does), `SPACE`
//! `inf.readSpace()`, `NEWLINE` `inf.readEoln()`, `EOF` and the end of the spec
//! `inf.readEof()`; `REP` and `REPI` a loop, `ASSERT` a refusal when the condition fails.
//! Variables live in one map by name (an array's elements as `x[3]`), so a variable read
//! before it is set, an empty range, a negative count and an expression that overflows 64
//! bits refuse the input as the spec's run does.
//!
//! One spec cannot be translated: one where an `INT` may follow another with nothing read
//! between them. The spec reads `1-2` there as two integers; testlib reads a token up to the
//! next blank, one word, and would refuse it. Such a spec is refused with the place to put a
//! `SPACE`.
//!
//! The harness's bound on a spec's run (`exec::MAX_STEPS` steps) is not carried: the
//! validator reads an input of any length, as checktestdata does.
//!
//! Complexity: the program is linear in the spec; it reads an input in time linear in its
//! length, times a map lookup per variable access.
//!
//! Reference: testlib's `registerValidation`, `InStream::readLong`, `readSpace`, `readEoln`,
//! `readEof` (MikeMirzayanov/testlib, `validators/`); DOMjudge's checktestdata.

use std::fmt::Write as _;

use super::parse::{Cmd, Cond, Expr, Pos, Target};

/// The testlib validator of the spec `text` (named `origin` in its comments and errors), or
/// why none reads what the spec reads.
pub fn validator(text: &str, origin: &str) -> Result<String, String> {
    let cmds = super::parse::parse(text).map_err(|e| format!("{origin}:{e}"))?;
    adjacent_ints(&cmds, false).map_err(|at| {
        format!(
            "{origin}:{}:{}: this INT may follow another INT with nothing read between them, which testlib \
             reads as one token (`1-2`): put a SPACE or NEWLINE between them",
            at.line, at.col
        )
    })?;
    let mut body = String::new();
    for c in &cmds {
        command(&mut body, c, 1);
    }
    let spec: String = text.lines().map(|l| format!("//   {l}\n")).collect();
    Ok(format!(
        "// The input validator for Polygon, in testlib's convention (exit 0: valid): the checktestdata\n\
         // spec {origin} translated, command by command:\n//\n{spec}\n{PRELUDE}\n\
         int main(int argc, char *argv[]) {{\n    registerValidation(argc, argv);\n{body}    inf.readEof();\n}}\n"
    ))
}

/// What every translated validator shares: the variables and the spec's checked arithmetic.
const PRELUDE: &str = r#"#include "testlib.h"

#include <climits>
#include <map>
#include <string>

// The spec's variables by name; an array's elements as `x[3]`.
static std::map<std::string, long long> vars;

static inline std::string element(const char *name, long long index) {
    return std::string(name) + "[" + std::to_string(index) + "]";
}

static inline long long get(const std::string &name, const char *at) {
    auto found = vars.find(name);
    if (found == vars.end()) quitf(_fail, "%s: `%s` is not set", at, name.c_str());
    return found->second;
}

static inline void overflow() {
    quitf(_fail, "an expression of the spec overflows 64 bits");
}

static inline long long add(long long a, long long b) {
    long long r;
    if (__builtin_add_overflow(a, b, &r)) overflow();
    return r;
}

static inline long long sub(long long a, long long b) {
    long long r;
    if (__builtin_sub_overflow(a, b, &r)) overflow();
    return r;
}

static inline long long mul(long long a, long long b) {
    long long r;
    if (__builtin_mul_overflow(a, b, &r)) overflow();
    return r;
}

static inline long long neg(long long a) {
    if (a == LLONG_MIN) overflow();
    return -a;
}

static inline long long read_int(long long lo, long long hi, const char *name, const char *at) {
    if (lo > hi) quitf(_fail, "%s: INT(%lld, %lld) has an empty range", at, lo, hi);
    return inf.readLong(lo, hi, name);
}

static inline long long count(long long n, const char *at) {
    if (n < 0) quitf(_fail, "%s: a repetition count of %lld is negative", at, n);
    return n;
}
"#;

/// `spec L:C`, as the harness's own errors name a place.
fn at(p: Pos) -> String {
    format!("\"spec {}:{}\"", p.line, p.col)
}

/// Whether an `INT` may be read right after another with nothing between them, starting after
/// an `INT` when `after_int`: `Err` with the place of the second, else whether the commands
/// may end right after an `INT`.
fn adjacent_ints(cmds: &[Cmd], mut after_int: bool) -> Result<bool, Pos> {
    for c in cmds {
        after_int = match c {
            Cmd::Int { at, .. } if after_int => return Err(*at),
            Cmd::Int { .. } => true,
            Cmd::Space | Cmd::Newline | Cmd::Eof => false,
            Cmd::Assert(..) => after_int,
            Cmd::Rep { sep, body, .. } => {
                // No item leaves the state as it was; each further item starts after the last
                // one and its separator. The state is one bit: two rounds reach every case.
                let mut ends = after_int;
                let mut item_end = adjacent_ints(body, after_int)?;
                for _ in 0..2 {
                    ends |= item_end;
                    let next = match sep {
                        Some(s) => adjacent_ints(std::slice::from_ref(&**s), item_end)?,
                        None => item_end,
                    };
                    item_end = adjacent_ints(body, next)?;
                }
                ends | item_end
            }
        };
    }
    Ok(after_int)
}

/// Appends the C++ of `c`, indented `depth` levels; loops at `depth` name their counters by it.
fn command(out: &mut String, c: &Cmd, depth: usize) {
    let pad = "    ".repeat(depth);
    match c {
        Cmd::Space => {
            let _ = writeln!(out, "{pad}inf.readSpace();");
        }
        Cmd::Newline => {
            let _ = writeln!(out, "{pad}inf.readEoln();");
        }
        Cmd::Eof => {
            let _ = writeln!(out, "{pad}inf.readEof();");
        }
        Cmd::Int { lo, hi, var, at: p } => {
            let name = var.as_ref().map_or("", |t| t.name.as_str());
            let read = format!("read_int({}, {}, \"{name}\", {})", expr(lo), expr(hi), at(*p));
            // C++17 evaluates an assignment's right side first: the integer is read before the
            // index of its element is, as in the spec's run.
            match var {
                Some(t) => {
                    let _ = writeln!(out, "{pad}vars[{}] = {read};", key(t));
                }
                None => {
                    let _ = writeln!(out, "{pad}{read};");
                }
            }
        }
        Cmd::Assert(cond, p) => {
            let _ = writeln!(
                out,
                "{pad}if (!{}) quitf(_fail, \"the assertion at %s does not hold\", {});",
                condition(cond),
                at(*p)
            );
        }
        Cmd::Rep {
            index,
            count,
            sep,
            body,
            at: p,
            ..
        } => {
            let (k, n) = (format!("k{depth}"), format!("n{depth}"));
            let _ = writeln!(
                out,
                "{pad}for (long long {k} = 0, {n} = count({}, {}); {k} < {n}; {k}++) {{",
                expr(count),
                at(*p)
            );
            if let Some(sep) = sep {
                let _ = writeln!(out, "{pad}    if ({k} > 0) {{");
                command(out, sep, depth + 2);
                let _ = writeln!(out, "{pad}    }}");
            }
            if let Some(i) = index {
                let _ = writeln!(out, "{pad}    vars[\"{i}\"] = {k};");
            }
            for c in body {
                command(out, c, depth + 1);
            }
            let _ = writeln!(out, "{pad}}}");
        }
    }
}

/// The map key of a variable or an array's element.
fn key(t: &Target) -> String {
    match &t.index {
        Some(i) => format!("element(\"{}\", {})", t.name, expr(i)),
        None => format!("\"{}\"", t.name),
    }
}

fn expr(e: &Expr) -> String {
    match e {
        Expr::Num(n) => format!("{n}LL"),
        Expr::Var(t) => format!("get({}, {})", key(t), at(t.at)),
        Expr::Neg(a) => format!("neg({})", expr(a)),
        Expr::Bin(op, a, b) => {
            let f = match op {
                '+' => "add",
                '-' => "sub",
                _ => "mul",
            };
            format!("{f}({}, {})", expr(a), expr(b))
        }
    }
}

fn condition(c: &Cond) -> String {
    match c {
        Cond::Cmp(op, a, b) => format!("({} {op} {})", expr(a), expr(b)),
        Cond::And(a, b) => format!("({} && {})", condition(a), condition(b)),
        Cond::Or(a, b) => format!("({} || {})", condition(a), condition(b)),
        Cond::Not(a) => format!("!{}", condition(a)),
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};
    use std::process::{Command, Stdio};

    use gen::Rng;

    use super::*;
    use crate::own::spec::Spec;

    /// Every command of the language: arrays, REPI, separators, assertions, negative ranges,
    /// variables in bounds, a `#@multiset` mark and an explicit EOF.
    const RICH: &str = "INT(1, 6, n) SPACE INT(-3, 3, d) NEWLINE\n\
        REPI(i, n, SPACE) INT(d - 2, n * 2, x[i]) END NEWLINE\n\
        ASSERT(x[0] != 5 || (n >= 2 && !(d == 0)))\n\
        #@multiset pairs\n\
        REP(n - 1) INT(1, n, u) SPACE INT(u, n, v) NEWLINE END\n\
        EOF\n";

    #[test]
    fn each_command_becomes_its_testlib_call() {
        let cpp = validator(RICH, "rich.ctd").unwrap();
        for part in [
            "registerValidation(argc, argv);",
            "vars[\"n\"] = read_int(1LL, 6LL, \"n\", \"spec 1:1\");",
            "inf.readSpace();",
            "inf.readEoln();",
            "vars[element(\"x\", get(\"i\", \"spec 2:39\"))] = read_int(sub(get(\"d\", \"spec 2:23\"), 2LL)",
            "for (long long k1 = 0, n1 = count(get(\"n\", \"spec 2:9\"), \"spec 2:1\"); k1 < n1; k1++) {",
            "        if (k1 > 0) {\n            inf.readSpace();",
            "    vars[\"i\"] = k1;",
            "if (!((get(element(\"x\", 0LL), \"spec 3:8\") != 5LL) || ((get(\"n\", \"spec 3:22\") >= 2LL) && \
             !(get(\"d\", \"spec 3:34\") == 0LL)))) quitf(_fail, \"the assertion at %s does not hold\", \"spec 3:1\");",
            "count(sub(get(\"n\", \"spec 5:5\"), 1LL), \"spec 5:1\")",
            "    inf.readEof();\n    inf.readEof();\n}\n",
            "//   #@multiset pairs\n",
        ] {
            assert!(cpp.contains(part), "{part}\nmissing from:\n{cpp}");
        }
    }

    #[test]
    fn an_int_right_after_an_int_is_refused_with_its_place() {
        for (spec, at) in [
            ("INT(1, 9, a) INT(1, 9, b)", "s.ctd:1:14:"),
            ("INT(1, 9, n) REP(n) INT(1, 9, b) END", "s.ctd:1:21:"),
            // The first item follows a NEWLINE, the second the first: adjacent only from the second on.
            ("INT(1, 9, n) NEWLINE REP(n) INT(1, 9, b) END", "s.ctd:1:29:"),
            // Zero items: the INT after the REP may follow the one before it.
            ("INT(1, 9, n) REP(n) SPACE END INT(1, 9, b)", "s.ctd:1:31:"),
            (
                "INT(1, 9, n) SPACE REP(n, ASSERT(n > 0)) INT(1, 9, b) END",
                "s.ctd:1:42:",
            ),
        ] {
            let err = validator(spec, "s.ctd").unwrap_err();
            assert!(err.starts_with(at) && err.contains("put a SPACE"), "{spec}: {err}");
        }
        for fine in [
            "INT(1, 9, n) NEWLINE REP(n, SPACE) INT(1, 9, b) END",
            "INT(1, 9, n) REP(n) SPACE INT(1, 9, b) END",
            "INT(1, 9, n) NEWLINE REP(n) INT(1, 9, b) NEWLINE END INT(1, 2)",
        ] {
            assert!(validator(fine, "s.ctd").is_ok(), "{fine}");
        }
        assert!(validator("REP(2", "s.ctd").unwrap_err().starts_with("s.ctd:1:"));
    }

    /// The translated validator of `spec`, built with g++ beside the vendored testlib; none
    /// without g++.
    fn built(spec: &str, dir: &Path) -> Option<PathBuf> {
        if Command::new("g++").arg("--version").output().is_err() {
            return None;
        }
        std::fs::create_dir_all(dir).unwrap();
        let testlib = crate::config::workspace_root().join("gen/testlib/testlib.h");
        std::fs::copy(testlib, dir.join("testlib.h")).unwrap();
        std::fs::write(dir.join("validator.cpp"), validator(spec, "rich.ctd").unwrap()).unwrap();
        let program = dir.join("validator");
        let out = Command::new("g++")
            .args(["-O1", "-std=c++17", "-o"])
            .arg(&program)
            .arg(dir.join("validator.cpp"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        Some(program)
    }

    fn accepts(program: &Path, input: &str) -> bool {
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        use std::io::Write as _;
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        child.wait().unwrap().success()
    }

    #[test]
    fn the_built_validator_accepts_exactly_what_the_spec_accepts() {
        let dir = std::env::temp_dir().join(format!("spec-testlib-{}", std::process::id()));
        let Some(program) = built(RICH, &dir) else {
            println!("SKIPPED: the translated validator is built with g++, which is not installed");
            return;
        };
        let spec = Spec::parse(RICH, "rich.ctd").unwrap();
        let (mut valid, mut refused) = (0, 0);
        for seed in 0..12 {
            let input = spec.generate(&mut Rng::from_seed(seed)).unwrap();
            let mut inputs = vec![input.clone(), format!("{input}\n"), input.replace('\n', "\r\n")];
            inputs.extend(gen::mutate::mutations(&input, seed, 16));
            for text in inputs {
                let ours = spec.check(&text);
                assert_eq!(
                    accepts(&program, &text),
                    ours.is_ok(),
                    "{text:?}: the spec says {ours:?}"
                );
                if ours.is_ok() {
                    valid += 1;
                } else {
                    refused += 1;
                }
            }
        }
        assert!(valid >= 12 && refused >= 12, "{valid} valid, {refused} refused");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
