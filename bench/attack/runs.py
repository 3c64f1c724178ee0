"""Categories 4 to 7: signals, full disks, concurrent runs, detaching
programs and a SIGKILLed harness."""

import os
import re
import shutil
import signal
import subprocess
import time

from common import MARK, remove, saved_paths, script, snapshot

WRONG = ["--config", "multigraph", "--solver", "wrong-cycles-even", "--solver", "wrong-sum-not-xor"]
FULL_DISK = WRONG + ["--cases", "500", "--keep-going"]
SIGNALS = [(signal.SIGINT, "INT"), (signal.SIGTERM, "TERM"), (signal.SIGHUP, "HUP")]
# A signalled harness that has not exited this long after the signal does not stop.
STOP_SECONDS = 10


# ---- category 4 -------------------------------------------------------


class Fixtures:
    """Inputs the signal attack interrupts, built once: a corpus of many
    entries, and each deterministic command's output when left alone."""

    def __init__(self, a, repo):
        self.a = a
        d = os.path.join(a.root, "fixtures")
        os.makedirs(d)
        self.ref = os.path.join(d, "ref")
        shutil.copytree(os.path.join(repo, "corpus"), self.ref)
        self.big = os.path.join(d, "big")
        subprocess.run([a.h] + WRONG + ["--cases", "3000", "-j1", "--keep-going", "--no-shrink",
                        "--max-failures", "100000", "--corpus", self.big],
                       capture_output=True, cwd=d)
        self.wrong = script(os.path.join(d, "wrong.sh"),
                            f"# nim, wrong on every third case, a little slow\n"
                            f"sleep 0.05\n{a.h} run-solver --problem nim --solver wrong-or-not-xor\n")
        self.times = {}
        self.baseline = {}
        for name in ("testset", "merge", "regen", "export", "invoke", "table"):
            w = os.path.join(d, "base-" + name)
            os.makedirs(w)
            args, out = self.command(name, w)
            start = time.monotonic()
            subprocess.run([a.h] + args, capture_output=True, cwd=w)
            self.times[name] = time.monotonic() - start
            self.baseline[name] = snapshot(out) if out and os.path.isdir(out) else {}

    def command(self, name, w):
        """The command `name` writing into the fresh folder `w`, and the
        folder it writes (None for none)."""
        out = os.path.join(w, "out")
        if name == "testset":
            return ["testset", "--problem", "tree-game", "--random", "5", "--corpus", self.ref, "--out", out], out
        if name == "merge":
            return ["corpus", "merge", self.big, self.ref, "--corpus", out], out
        if name == "regen":
            shutil.copytree(self.big, out)
            return ["corpus", "regen", "--corpus", out], out
        if name == "export":
            return ["corpus", "export", out, "--corpus", self.big], out
        if name == "invoke":
            return ["invoke", "--problem", "nim", "--corpus", self.ref, "--solver", "fast", "--solver-cmd", self.wrong], None
        if name == "table":
            return ["table", "--problem", "wythoff", "--vary", "a=0..60", "--vary", "b=0..60"], None
        raise ValueError(name)


def stress_command(a, fx, corpus):
    r = a.rng.randrange(4)
    if r == 0:
        return WRONG + ["--keep-going", "--max-failures", "100000", "--cases", "100000000", "--duration", "30s", "-j1", "--corpus", corpus]
    if r == 1:
        return ["--config", "tree-big", "--solver", "wrong-sum-not-xor", "-j1", "--corpus", corpus]
    if r == 2:
        return ["--config", "nim", "--solver-cmd", fx.wrong, "--keep-going", "--cases", "400", "-j2", "--corpus", corpus, "--time-limit-ms", "5000"]
    return WRONG + ["--keep-going", "--cases", "100000", "--duration", "30s", "-j2", "--corpus", corpus,
                    "--summary", os.path.join(corpus + "-summary.json")]


def cat4(a, fx, n):
    """A signal at a random moment: exit 130, no temporaries, every `saved:`
    path on disk, and an output folder either absent or whole."""
    cat = "4 signals"
    names = ["stress"] * 4 + ["brute", "testset", "merge", "regen", "export", "invoke", "table"]
    done = 0
    while done < n:
        w = a.fresh()
        name = a.rng.choice(names)
        if name == "stress":
            out = os.path.join(w, "corpus")
            args = stress_command(a, fx, out)
            moment = a.rng.uniform(0.02, 4.0)
        elif name == "brute":
            # A setting a user may try (the config has n = [1, 3]): brute searches for minutes.
            out = os.path.join(w, "corpus")
            args = ["--config", "nullify-matrix", "--set", "n=[1,30]", "--cases", "5", "-j1", "--corpus", out]
            moment = a.rng.uniform(0.5, 4.0)
        else:
            args, out = fx.command(name, w)
            # After start-up (the handler is installed first thing), before the end.
            moment = a.rng.uniform(0.05, max(0.06, min(8.0, 0.9 * fx.times[name])))
        sig, sname = a.rng.choice(SIGNALS)
        group = a.rng.random() < 0.3
        before = a.tree()
        p = a.start(args, cwd=w)
        time.sleep(moment)
        if p.poll() is not None:
            # Finished before the moment came: not an input of this attack.
            a.finish(p, 1)
            remove(w)
            continue
        (os.killpg if group else os.kill)(p.pid, sig)
        sent = time.monotonic()
        rc, so, se, timed_out, _ = a.finish(p, sent - p.attack_started + STOP_SECONDS)
        done += 1
        a.counts[cat]["inputs"] += 1
        cmd = f"(SIG{sname} to the {'group' if group else 'harness'} after {moment:.2f} s) {p.attack_cmd}"
        if timed_out:
            # Killed by the attack: its exit status says nothing.
            a.exits[cat]["no stop"] += 1
            a.finding(cat, "wrong-exit", f"still running {STOP_SECONDS} s after the signal", cmd)
        else:
            # A find beats the interruption (README): exit 1 once a FOUND block is out.
            a.judge(cat, cmd, rc, so, se, False, (1,) if "\nFOUND " in so else (130,), sent=sig)
        a.after(cat, cmd, before, (w,))
        if out and os.path.isdir(out):
            if name == "stress":
                a.torn_entries(cat, cmd, out)
            elif name in ("testset", "export"):
                if snapshot(out) != fx.baseline[name]:
                    a.finding(cat, "torn", f"{name} left a partial --out", cmd)
            elif name == "merge":
                base = fx.baseline["merge"]
                bad = [k for k, v in snapshot(out).items() if base.get(k) != v]
                if bad:
                    a.finding(cat, "torn", f"merge wrote {bad[0]} unlike an uninterrupted merge", cmd)
            elif name == "regen":
                a.torn_entries(cat, cmd, out)
        remove(w)


# ---- category 5 -------------------------------------------------------


def fail_spec(rng):
    items = []
    for _ in range(rng.randrange(1, 3)):
        k = rng.randrange(1, 60)
        items.append(rng.choice([f"{k}", f"{k}-", f"rename:{k}", f"rename:{k}-"]))
    return ",".join(items)


def check_blocks(a, cat, cmd, rc, out, exists):
    """Every FOUND block says saved (and the file is there) or NOT SAVED."""
    blocks = out.split("\nFOUND ")[1:]
    if blocks and rc != 1:
        a.finding(cat, "wrong-exit", f"exit {rc} with {len(blocks)} finds", cmd)
    for b in blocks:
        m = re.search(r"^  saved: (\S+)", b, flags=re.M)
        if m:
            if not exists(m.group(1)):
                a.finding(cat, "lost", f"saved: {m.group(1)} is not on disk", cmd)
        elif "NOT SAVED" not in b:
            a.finding(cat, "lost", "a FOUND block saying neither saved nor NOT SAVED", cmd)
    for m in re.finditer(r"^saved: (\S+) \(a later case", out, flags=re.M):
        if not exists(m.group(1)):
            a.finding(cat, "lost", f"saved: {m.group(1)} is not on disk", cmd)


def cat5(a, n, tmpfs_helper):
    """Failing writes (HARNESS_FAIL_WRITES) and a real full tmpfs."""
    cat = "5 full disk"
    tmpfs = subprocess.run(["unshare", "-rm", "true"], capture_output=True).returncode == 0
    for i in range(n):
        w = a.fresh()
        corpus = os.path.join(w, "corpus")
        extra = []
        if a.rng.random() < 0.3:
            extra.append("--no-shrink")
        if a.rng.random() < 0.3:
            extra += ["--summary", os.path.join(w, "summary.json")]
        extra.append("-j2" if a.rng.random() < 0.2 else "-j1")
        if tmpfs and a.rng.random() < 0.3:
            tmpfs_run(a, cat, w, extra, tmpfs_helper)
        else:
            env = {"HARNESS_FAIL_WRITES": fail_spec(a.rng)}
            rc, out, err = a.run(cat, FULL_DISK + extra + ["--corpus", corpus], cwd=w, ok=(1,), env=env, timeout=60)
            cmd = f"HARNESS_FAIL_WRITES={env['HARNESS_FAIL_WRITES']} harness {' '.join(FULL_DISK + extra)} --corpus C"
            check_blocks(a, cat, cmd, rc, out, os.path.exists)
            a.torn_entries(cat, cmd, corpus)
        remove(w)


def tmpfs_run(a, cat, w, extra, helper):
    mnt = os.path.join(w, "mnt")
    res = os.path.join(w, "res")
    os.makedirs(mnt)
    os.makedirs(res)
    size = a.rng.choice([64, 128, 200, 400])
    fill = a.rng.randrange(0, size * 1024 - 8 * 1024)
    args = FULL_DISK + extra + ["--corpus", os.path.join(mnt, "corpus")]
    cmd = f"(a {size} KiB tmpfs holding {fill} bytes) harness {' '.join(FULL_DISK + extra)} --corpus <tmpfs>/corpus"
    before = a.tree()
    p = subprocess.run(["unshare", "-rm", "bash", helper, a.h, mnt, str(size), str(fill), res] + args,
                       capture_output=True, timeout=120)
    a.counts[cat]["inputs"] += 1
    try:
        rc = int(open(os.path.join(res, "rc")).read())
        out = open(os.path.join(res, "out"), encoding="utf-8", errors="replace").read()
        err = open(os.path.join(res, "err"), encoding="utf-8", errors="replace").read()
        listing = set(open(os.path.join(res, "files")).read().split("\n"))
    except OSError as e:
        a.finding(cat, "wrong-exit", f"the tmpfs helper failed: {e} {p.stderr[-300:]!r}", cmd)
        return
    a.judge(cat, cmd, rc, out, err, False, (1,), saved_now=False)
    check_blocks(a, cat, cmd, rc, out, lambda path: path in listing)
    for f in listing:
        if re.search(r"(^|/)\.tmp|\.tmp\d+", f):
            a.finding(cat, "torn", f"temporary left on the tmpfs: {f}", cmd)
    a.torn_entries(cat, cmd, os.path.join(res, "corpus"))
    a.after(cat, cmd, before, (w,))


# ---- category 6 -------------------------------------------------------


def cat6(a, n):
    """Two or three runs into one corpus at once, and a shrinking run after a
    --no-shrink one: nothing saved disappears."""
    cat = "6 concurrent runs"
    done = 0
    while done < n:
        w = a.fresh()
        corpus = os.path.join(w, "corpus")
        k = a.rng.choice([2, 2, 3])
        same_seed = a.rng.random() < 0.5
        sequential = a.rng.random() < 0.25
        runs = []
        for j in range(k):
            seed = "1" if same_seed else str(a.rng.randrange(1, 1000))
            args = WRONG + ["--cases", str(a.rng.choice([200, 500])), "-j1", "--keep-going", "--seed", seed, "--corpus", corpus]
            if (sequential and j == 0) or (not sequential and a.rng.random() < 0.5):
                args.append("--no-shrink")
            runs.append(args)
        before = a.tree()
        outs = []
        cmd = ("one after another: " if sequential else "at once: ") + " | ".join("harness " + " ".join(r[len(WRONG):]) for r in runs)
        if sequential:
            for args in runs:
                p = a.start(args, cwd=w)
                outs.append(a.finish(p, 120))
        else:
            procs = [a.start(args, cwd=w) for args in runs]
            outs = [a.finish(p, 120) for p in procs]
        for rc, so, se, timed_out, _ in outs:
            a.counts[cat]["inputs"] += 1
            a.judge(cat, cmd, rc, so, se, timed_out, (1,), saved_now=False)
        done += k
        for rc, so, se, timed_out, _ in outs:
            for path in saved_paths(so):
                if not os.path.exists(path):
                    a.finding(cat, "lost", f"saved: {path} is gone", cmd)
        a.torn_entries(cat, cmd, corpus)
        a.after(cat, cmd, before, (w,))
        remove(w)


# ---- category 7 -------------------------------------------------------

DETACH = {
    "setsid": "setsid sleep {m} </dev/null >/dev/null 2>&1 &\n",
    "background": "sleep {m} </dev/null >/dev/null 2>&1 &\n",
    "holds-stdout": "sleep {m} &\n",
    "double-fork": "( setsid sh -c 'sleep {m}' </dev/null >/dev/null 2>&1 & )\n",
    "nohup": "nohup sleep {m} </dev/null >/dev/null 2>&1 &\n",
    "python-daemon": "python3 -c 'import os,time\nif os.fork()==0:\n os.setsid()\n if os.fork()==0:\n  os.close(0);os.close(1);os.close(2);time.sleep({m})' &\n",
    "child-sleeps": "sh -c 'sleep {m}; true' </dev/null >/dev/null 2>&1 &\n",
}


def cat7(a, n, killed):
    """Programs that detach, as solver, checker, --brute-cmd and invoke
    solution; then a harness killed by SIGKILL mid-run (counted apart)."""
    cat = "7 detaching programs"
    for i in range(n):
        w = a.fresh()
        mark = f"{MARK}.{a.runs}"
        how = a.rng.choice(sorted(DETACH))
        plant = DETACH[how].format(m=mark)
        role = a.rng.choice(["solver", "checker", "brute-cmd", "invoke"])
        corpus = os.path.join(w, "corpus")
        answer = f"exec {a.h} run-solver --problem nim --solver fast\n"
        prog = script(os.path.join(w, "prog.sh"), plant + (
            "exit 0\n" if role == "checker" else
            f"exec {a.h} brute --problem nim\n" if role == "brute-cmd" else answer))
        base = ["--config", "nim", "--cases", str(a.rng.choice([2, 5, 20])), "-j1", "--corpus", corpus, "--time-limit-ms", "3000"]
        if role == "solver":
            args = base + ["--solver-cmd", prog]
        elif role == "checker":
            args = base + ["--solver", "fast", "--checker", prog]
        elif role == "brute-cmd":
            args = base + ["--solver", "fast", "--brute-cmd", prog, "--brute-time-limit-ms", "3000"]
        else:
            args = ["invoke", "--problem", "nim", "--solver-cmd", prog, "--test", "max", "--time-limit-ms", "3000", "--corpus", corpus]
        a.run(cat, args, cwd=w, ok=(0, 1, 2), timeout=60)
        remove(w)
    for i in range(killed):
        sigkill(a)


def sigkill(a):
    cat = "7k SIGKILLed harness"
    w = a.fresh()
    mark = f"{MARK}.{a.runs}"
    role = a.rng.choice(["solver", "brute-cmd", "checker", "invoke"])
    prog = script(os.path.join(w, "prog.sh"), f"sleep {mark}\n")
    corpus = os.path.join(w, "corpus")
    base = ["--config", "nim", "--cases", "5", "-j1", "--corpus", corpus, "--time-limit-ms", "60000"]
    args = {
        "solver": base + ["--solver-cmd", prog],
        "brute-cmd": base + ["--solver", "fast", "--brute-cmd", prog, "--brute-time-limit-ms", "60000"],
        "checker": base + ["--solver", "fast", "--checker", prog],
        "invoke": ["invoke", "--problem", "nim", "--solver-cmd", prog, "--test", "max", "--time-limit-ms", "60000", "--corpus", corpus],
    }[role]
    before = a.tree()
    p = a.start(args, cwd=w)
    moment = a.rng.uniform(0.2, 1.0)
    time.sleep(moment)
    os.kill(p.pid, signal.SIGKILL)
    a.finish(p, 10)
    a.counts[cat]["inputs"] += 1
    a.after(cat, f"(SIGKILL after {moment:.2f} s, {role}) {p.attack_cmd}", before, (w,))
    remove(w)
