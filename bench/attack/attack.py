"""The attack on the harness as a careless and a hostile user (issue 18):
fuzzed settings and configs, mutated judge inputs, outputs and corpus
entries, signals at random moments, full disks, concurrent runs, detaching
programs and a SIGKILLed harness; and on its newer surfaces (issue 27):
problem files and their specs, interactive games, judge packages and the
supervisor. Prints per category the inputs tried and what went wrong; see
bench/attack.sh for how to run it."""

import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import COLUMNS, Attack, remove  # noqa: E402
from corpus_attack import cat3  # noqa: E402
from fuzz import Inputs, cat1, cat2  # noqa: E402
from runs import Fixtures, cat4, cat5, cat6, cat7  # noqa: E402
from problems import cat8  # noqa: E402
from interactive import cat9  # noqa: E402
from packages import cat10  # noqa: E402
from supervisor import cat11  # noqa: E402

# Shares of ATTACK_N per category, in order.
# The cheap ones get most: a signal run takes seconds, a fuzzed --set a few ms.
SHARES = {"1": 0.35, "2": 0.30, "3": 0.20, "4": 0.03, "5": 0.05, "6": 0.03, "7": 0.04,
          "8": 0.10, "9": 0.04, "10": 0.10, "11": 0.02}


def workspace_files(a):
    """The harness's own workspace (where its configs are) and the files of
    its corpus and configs with their modification times: no attack may
    change them."""
    w = a.fresh()
    out = subprocess.run([a.h, "--config", "bash-game", "--cases", "1", "-j1", "--corpus", os.path.join(w, "c")],
                         capture_output=True, text=True, cwd=w)
    m = re.search(r"\((/\S+)/configs/", out.stdout + out.stderr)
    remove(w)
    if not m:
        return None, {}
    files = {}
    for sub in ("corpus", "configs", "examples"):
        for d, _, names in os.walk(os.path.join(m.group(1), sub)):
            for n in names:
                p = os.path.join(d, n)
                files[p] = os.stat(p).st_mtime_ns
    return m.group(1), files


def git_status(workspace):
    """The workspace's changed tracked files and new untracked ones (as git
    sees them), or None without git."""
    try:
        out = subprocess.run(["git", "-C", workspace, "status", "--porcelain", "-uall"],
                             capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout.decode("utf-8", "replace").splitlines() if out.returncode == 0 else None


def main():
    harness = os.path.abspath(os.environ["HARNESS"])
    n = int(os.environ.get("ATTACK_N", "2000"))
    seed = int(os.environ.get("ATTACK_SEED", "1"))
    only = {k for k in re.split(r"[,\s]+", os.environ.get("ATTACK_ONLY", "")) if k} or set(SHARES)
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    root = os.path.realpath(tempfile.mkdtemp(prefix="attack."))
    a = Attack(harness, root, seed, verbose=bool(os.environ.get("ATTACK_VERBOSE")))
    print(f"attack: {harness}, ATTACK_N={n}, ATTACK_SEED={seed}, in {root}", flush=True)
    start = time.monotonic()
    workspace, files = workspace_files(a)
    git_before = git_status(workspace) if workspace else None
    share = {k: max(1, round(n * v)) for k, v in SHARES.items()}
    try:
        inputs = Inputs(harness, repo)
        steps = [
            ("1", lambda: cat1(a, inputs, share["1"])),
            ("2", lambda: cat2(a, inputs, share["2"])),
            ("3", lambda: cat3(a, repo, share["3"])),
            ("4", lambda: cat4(a, Fixtures(a, repo), share["4"])),
            ("5", lambda: cat5(a, share["5"], os.path.join(repo, "bench", "attack", "tmpfs.sh"))),
            ("6", lambda: cat6(a, share["6"])),
            ("7", lambda: cat7(a, share["7"], max(1, share["7"] // 2))),
            ("8", lambda: cat8(a, share["8"])),
            ("9", lambda: cat9(a, share["9"], repo)),
            ("10", lambda: cat10(a, share["10"], workspace)),
            ("11", lambda: cat11(a, share["11"])),
        ]
        for k, step in steps:
            if k in only:
                t = time.monotonic()
                step()
                print(f"  category {k}: {time.monotonic() - t:.0f} s", flush=True)
    finally:
        for pid, argv in a.planted():
            a.finding("end", "strays", f"pid {pid} at the end: {argv[:200]}", "")
            try:
                os.kill(pid, 9)
            except ProcessLookupError:
                pass
        for p, mtime in files.items():
            try:
                changed = os.stat(p).st_mtime_ns != mtime
            except FileNotFoundError:
                changed = True
            if changed:
                a.finding("end", "escapes", f"the workspace's {p} changed", "")
        if workspace and git_before is not None and git_status(workspace) != git_before:
            a.finding("end", "escapes", f"`git status` of the workspace changed: {sorted(set(git_status(workspace)) ^ set(git_before))[:5]}", "")
        if workspace:
            for sub in ("corpus", "configs", "examples"):
                for d, _, names in os.walk(os.path.join(workspace, sub)):
                    for nm in names:
                        if os.path.join(d, nm) not in files:
                            a.finding("end", "escapes", f"new in the workspace: {os.path.join(d, nm)}", "")
        report(a, time.monotonic() - start)
        if os.environ.get("ATTACK_KEEP"):
            print(f"kept: {root}")
        else:
            remove(root)
    return 0


def report(a, seconds):
    cats = sorted(a.counts, key=lambda c: (int(re.match(r"\d*", c).group() or 99), c))
    width = max([len(c) for c in cats] + [8])
    print()
    print(f"{'category':<{width}} " + " ".join(f"{c:>10}" for c in COLUMNS))
    total = {c: 0 for c in COLUMNS}
    for cat in cats:
        row = a.counts[cat]
        print(f"{cat:<{width}} " + " ".join(f"{row[c]:>10}" for c in COLUMNS))
        for c in COLUMNS:
            if not cat.startswith("7k"):
                total[c] += row[c]
    print(f"{'total (7k apart)':<{width}} " + " ".join(f"{total[c]:>10}" for c in COLUMNS))
    print(f"\n{seconds:.0f} s; exit statuses per category:")
    for cat in sorted(a.exits, key=lambda c: (int(re.match(r"\d*", c).group() or 99), c)):
        spread = ", ".join(f"{k}: {v}" for k, v in sorted(a.exits[cat].items(), key=lambda kv: str(kv[0])))
        print(f"  {cat}: {spread}")
    if a.examples:
        print("\nfirst findings of each kind (what, then the command):")
        for (cat, column), items in sorted(a.examples.items()):
            for what, cmd in items:
                print(f"  [{cat}] {column}: {what[:400]}")
                if cmd:
                    print(f"      {cmd[:500]}")


if __name__ == "__main__":
    sys.exit(main())
