"""What every attack needs: running the harness under watch, and the checks.

Each run of the harness is one *input*. After it ends, the run is judged:
a panic (exit 101, `panicked at`, a backtrace), a crash (the harness dying
by a signal the attack did not send), a hang, a wrong exit status, lost finds (a `saved:` path that
is not on disk, or a FOUND block with exit 0), strays (processes carrying
the attack's marker or folder in their argv still alive after the harness
ended), torn files (temporaries left behind, entries that do not parse) and
escapes (any file that appeared in the attack's folder outside the folders
the run was allowed to write). Categories 8-11 add false finds (a correct
program stored), unclear messages and malformed package files (see
COLUMNS). Every finding is counted in its category
and the first few are kept, with the command, for the report.
"""

import os
import random
import re
import resource
import shlex
import signal
import subprocess
import time
import tomllib
from collections import Counter, defaultdict

COLUMNS = [
    "inputs",      # attempts: runs of the harness judged
    "panics",      # exit 101, `panicked at`, a Rust backtrace
    "crashes",     # the harness died by a signal the attack did not send (stack overflow, OOM)
    "hangs",       # still running at the attack's time limit, or slow to stop on a signal
    "lost",        # a real failure not stored (exit 0, a `saved:` path not on disk)
    "false",       # a correct program stored as a counterexample, or an entry from a kill
    "strays",      # a process the attack planted alive after the harness ended
    "torn",        # temporaries left, entries that do not parse
    "malformed",   # a written file (problem.yaml, problem.xml) its format rejects
    "wrong-exit",  # an exit status the README does not give for that input
    "escapes",     # a file written (or read) outside where the run may, the workspace changed
    "unclear",     # an error naming neither the file/line/field at fault nor what to do
]

# Every program the attack plants sleeps with this number in its argv (as
# `sleep 98765.<run>`), so a survivor is found by its argv alone.
MARK = "98765"

TEMPORARY = re.compile(r"(^\.tmp|\.tmp\d*$|\.tmp\d+)")
SAVED = re.compile(r"saved: (\S+)")
UNSHRUNK = re.compile(r"unshrunk copy is in (\S+?)\)")

# The harness may use this much address space: enough for every problem's
# judge-size tests, and a bound on what a fuzzed `n = 10^18` can take from a
# shared machine.
ADDRESS_SPACE = 6 << 30


class Attack:
    def __init__(self, harness, root, seed, verbose=False):
        self.h = harness
        self.root = root
        self.rng = random.Random(seed)
        self.verbose = verbose
        self.counts = defaultdict(Counter)
        self.exits = defaultdict(Counter)
        self.examples = defaultdict(list)
        self.canary = os.path.join(root, "canary")
        os.makedirs(self.canary)
        self.logs = os.path.join(root, "logs")
        os.makedirs(self.logs)
        self.runs = 0
        # Each start has its own output files: runs at once must not share them.
        self.starts = 0

    # ---- findings -----------------------------------------------------

    def finding(self, cat, column, what, cmd):
        self.counts[cat][column] += 1
        if len(self.examples[(cat, column)]) < 3:
            self.examples[(cat, column)].append((what, cmd))
        if self.verbose:
            print(f"  [{cat}] {column}: {what}\n      {cmd[:400]}", flush=True)

    # ---- running ------------------------------------------------------

    def fresh(self, name="w"):
        """A new, empty folder for one run's files."""
        self.runs += 1
        d = os.path.join(self.root, f"{name}{self.runs}")
        os.makedirs(d)
        return d

    def start(self, args, *, cwd, env=None, stdin=None, prefix=()):
        """Starts the harness with `args`, its own session (so a timeout
        can end the whole group), under the address-space limit."""
        self.starts += 1
        out = open(os.path.join(self.logs, f"{self.starts}.out"), "w+b")
        err = open(os.path.join(self.logs, f"{self.starts}.err"), "w+b")
        full_env = dict(os.environ, NO_COLOR="1")
        full_env.update(env or {})

        def limit():
            resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))

        p = subprocess.Popen(
            list(prefix) + [self.h] + args,
            cwd=cwd,
            env=full_env,
            stdin=stdin if stdin is not None else subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            start_new_session=True,
            preexec_fn=limit,
        )
        p.attack_files = (out, err)
        p.attack_cmd = command_line(self.h, args, env)
        p.attack_started = time.monotonic()
        return p

    def finish(self, p, timeout):
        """Waits for `p` (killing its group past `timeout`); returns
        (exit status, stdout, stderr, timed out)."""
        timed_out = False
        try:
            left = max(0.1, timeout - (time.monotonic() - p.attack_started))
            rc = p.wait(left)
        except subprocess.TimeoutExpired:
            timed_out = True
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            rc = p.wait()
        texts = []
        for f in p.attack_files:
            f.seek(0)
            texts.append(f.read(4 << 20).decode("utf-8", "replace"))
            size = os.fstat(f.fileno()).st_size
            f.close()
            texts.append(size)
        return rc, texts[0], texts[2], timed_out, texts[3]

    def run(self, cat, args, *, cwd, ok=(0, 1, 2), timeout=30, env=None,
            stdin=None, allowed=(), saved_now=True, allow_cwd=True, prefix=()):
        """One input: runs the harness to its end and judges it. Returns
        (exit status, stdout, stderr)."""
        before = self.tree()
        p = self.start(args, cwd=cwd, env=env, stdin=stdin, prefix=prefix)
        rc, out, err, timed_out, err_size = self.finish(p, timeout)
        self.counts[cat]["inputs"] += 1
        self.judge(cat, p.attack_cmd, rc, out, err, timed_out, ok,
                   saved_now=saved_now, err_size=err_size)
        self.after(cat, p.attack_cmd, before, allowed + ((cwd,) if allow_cwd else ()))
        return rc, out, err

    # ---- checks -------------------------------------------------------

    def judge(self, cat, cmd, rc, out, err, timed_out, ok, sent=None,
              saved_now=True, err_size=0):
        """Exit status, panics, crashes and lost finds of one ended run."""
        self.exits[cat]["timeout" if timed_out else rc] += 1
        if timed_out:
            self.finding(cat, "hangs", "still running at the attack's time limit", cmd)
            return
        if "panicked at" in err or "panicked at" in out or rc == 101 or "stack backtrace:" in err:
            line = next((l for l in (err + out).splitlines() if "panicked" in l or "backtrace" in l), "")
            self.finding(cat, "panics", f"exit {rc}: {line[:300]}", cmd)
        elif rc < 0 and -rc != sent:
            self.finding(cat, "crashes", f"killed by signal {-rc}: {err[-300:]}", cmd)
        elif rc < 0:
            self.finding(cat, "wrong-exit", f"killed by the signal sent (no handler yet?): {err[-300:]}", cmd)
        elif rc not in ok:
            self.finding(cat, "wrong-exit", f"exit {rc} (expected {sorted(ok)}): {err[-300:]}", cmd)
        elif rc == 2 and not err.strip():
            self.finding(cat, "wrong-exit", "exit 2 without a message", cmd)
        elif err_size > 64 << 10:
            self.finding(cat, "wrong-exit", f"a {err_size}-byte message (not clipped)", cmd)
        if "\nFOUND " in out and rc == 0:
            self.finding(cat, "lost", "a FOUND block but exit 0", cmd)
        if saved_now:
            for path in saved_paths(out):
                if not os.path.exists(path):
                    self.finding(cat, "lost", f"saved: {path} is not on disk", cmd)

    def unclear(self, cat, cmd, rc, out, err, names=(), forbid=()):
        """An error (exit 2) must name the file, line or field at fault or
        say what to do: one of `names` (the paths, keys and commands the
        input holds), a `file:line`, or a backticked name. A word in `forbid`
        (a generator the problem does not have) makes it unclear too."""
        if rc != 2:
            return
        text = (err + out)[-4000:]
        for word in forbid:
            if word in text:
                self.finding(cat, "unclear", f"says `{word}`: {text.strip()[-300:]}", cmd)
                return
        if any(n and n in text for n in names):
            return
        if re.search(r"\S+:\d+|\bline \d+|\S+/\S+\.\w+|--[a-z]", text) or re.search(r"`[^`]+`", text):
            return
        self.finding(cat, "unclear", f"names nothing at fault: {text.strip()[-300:]}", cmd)

    def after(self, cat, cmd, before, allowed):
        """Strays, escapes and temporaries once a run (or a group of
        runs) has ended."""
        self.strays(cat, cmd)
        allowed = tuple(os.path.realpath(a) for a in allowed)
        left = set()
        for path in sorted(self.tree() - before):
            real = os.path.realpath(path)
            inside = any(real == a or real.startswith(a + os.sep) for a in allowed)
            if TEMPORARY.search(os.path.basename(path)):
                left.add(path)
            elif not inside:
                self.finding(cat, "escapes", f"written outside the corpus/--out: {path}", cmd)
        for a in allowed:
            left.update(temporaries(a))
        for path in sorted(left):
            if os.path.lexists(path):
                self.finding(cat, "torn", f"temporary left: {path}", cmd)
                remove(path)
        for name in os.listdir(self.canary):
            self.finding(cat, "escapes", f"written into the canary: {name}", cmd)
            remove(os.path.join(self.canary, name))

    def tree(self):
        """Every path under the attack's folder but the logs."""
        out = set()
        for d, dirs, files in os.walk(self.root):
            if d == self.root and "logs" in dirs:
                dirs.remove("logs")
            for n in dirs + files:
                out.add(os.path.join(d, n))
        return out

    def strays(self, cat, cmd, grace=0.5):
        """Processes the attack started (by marker or folder in argv) that
        outlive the harness by `grace` seconds; each is counted and killed."""
        deadline = time.monotonic() + grace
        while True:
            found = self.planted()
            if not found or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        for pid, argv in found:
            self.finding(cat, "strays", f"pid {pid} still running: {argv[:200]}", cmd)
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def planted(self):
        me = os.getpid()
        out = []
        for name in os.listdir("/proc"):
            if not name.isdigit() or int(name) == me:
                continue
            try:
                with open(f"/proc/{name}/cmdline", "rb") as f:
                    argv = f.read().replace(b"\0", b" ").decode("utf-8", "replace")
                with open(f"/proc/{name}/stat") as f:
                    state = f.read().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if state == "Z":
                continue
            if MARK + "." in argv or self.root in argv:
                out.append((int(name), argv))
        return out

    def torn_entries(self, cat, cmd, corpus):
        """Entries under `corpus` that do not parse: counted as torn."""
        for d, _, files in os.walk(corpus):
            for f in files:
                if not f.endswith(".toml"):
                    continue
                path = os.path.join(d, f)
                why = entry_problem(path)
                if why:
                    self.finding(cat, "torn", f"{path}: {why}", cmd)


def entry_problem(path):
    """Why the file at `path` is not a whole corpus entry, or None."""
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        return f"does not parse: {e}"
    for key in ("version", "problem", "input", "expected"):
        if key not in data:
            return f"no `{key}`"
    return None


def saved_paths(out):
    return SAVED.findall(out) + UNSHRUNK.findall(out)


def temporaries(folder):
    """Temporaries (`*.tmpPID`, `.tmp*`) in `folder`, its subfolders and
    beside it."""
    found = []
    if os.path.isdir(folder):
        for d, dirs, files in os.walk(folder):
            for n in dirs + files:
                if TEMPORARY.search(n):
                    found.append(os.path.join(d, n))
    parent = os.path.dirname(folder.rstrip("/"))
    if os.path.isdir(parent):
        base = os.path.basename(folder.rstrip("/"))
        for n in os.listdir(parent):
            if n.startswith(base) and n != base and TEMPORARY.search(n):
                found.append(os.path.join(parent, n))
    return sorted(set(found))


def remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        for d, dirs, files in os.walk(path, topdown=False):
            for n in files:
                os.unlink(os.path.join(d, n))
            for n in dirs:
                p = os.path.join(d, n)
                os.unlink(p) if os.path.islink(p) else os.rmdir(p)
        os.rmdir(path)
    elif os.path.lexists(path):
        os.unlink(path)


def command_line(h, args, env=None):
    """The run as a shell command, clipped: what a reproduction needs."""
    prefix = "".join(f"{k}={shlex.quote(v)} " for k, v in (env or {}).items())
    text = prefix + "harness " + " ".join(shlex.quote(a) for a in args)
    return text if len(text) < 600 else text[:600] + f"... ({len(text)} bytes)"


def count_entries(corpus):
    return sum(
        1 for _, _, files in os.walk(corpus) for f in files if f.endswith(".toml")
    )


def snapshot(folder):
    """Every file under `folder` with its bytes."""
    out = {}
    for d, _, files in os.walk(folder):
        for f in files:
            p = os.path.join(d, f)
            with open(p, "rb") as fh:
                out[os.path.relpath(p, folder)] = fh.read()
    return out


def script(path, body):
    """A shell script at `path` running `body`, executable."""
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body)
    os.chmod(path, 0o755)
    return path


class Scratch:
    """What one attacking run needs: the attack, a fresh folder, its corpus
    and the mark its programs carry (so strays are found by name)."""

    def __init__(self, a, cat):
        self.a = a
        self.cat = cat
        self.w = a.fresh()
        self.corpus = os.path.join(self.w, "corpus")
        self.mark = f"{MARK}.{a.runs}"
