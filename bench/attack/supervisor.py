"""Category 11: the supervisor. A harness killed by SIGKILL while a program
it started runs: every program (solver, brute, checker, `invoke` solution,
a problem file's generator, brute, solver, validator and checker, an
interactive player and an interactor) first leaves a `setsid` child
(holding its stdout, or detached from every pipe, or a double-forked
daemon), then sleeps. Nothing the program started may outlive the harness
(README: "a program dies with a harness killed by SIGKILL, together with
everything it started")."""

import os
import signal
import time

from common import MARK, remove, script
from problems import problem

DETACH = {
    "setsid-holds-stdout": "setsid sleep {m} &\n",
    "setsid-quiet": "(setsid sleep {m} < /dev/null > /dev/null 2>&1 &)\n",
    "double-fork": "python3 -c 'import os,time\nif os.fork()==0:\n os.setsid()\n if os.fork()==0:\n  time.sleep({m})' &\n",
    "child-holds-stdout": "sleep {m} &\n",
}
# How long the attack waits for what the supervisor must kill.
GRACE = 3.0


def supervised(a, cat):
    w = a.fresh()
    mark = f"{MARK}.{a.runs}"
    plant = DETACH[a.rng.choice(sorted(DETACH))].format(m=mark)
    # The program detaches, then runs until the harness is killed.
    body = plant + f"cat > /dev/null\nsleep {mark}\n"
    corpus = os.path.join(w, "corpus")
    role = a.rng.choice(["solver", "brute-cmd", "checker", "invoke", "own-gen", "own-brute", "own-solver",
                         "own-validator", "own-checker", "player", "interactor"])
    prog = script(os.path.join(w, "prog.sh"), body)
    base = ["--config", "nim", "--cases", "5", "-j1", "--corpus", corpus, "--time-limit-ms", "60000"]
    if role == "solver":
        args = base + ["--solver-cmd", prog]
    elif role == "brute-cmd":
        args = base + ["--solver", "fast", "--brute-cmd", prog, "--brute-time-limit-ms", "60000"]
    elif role == "checker":
        args = base + ["--solver", "fast", "--checker", prog]
    elif role == "invoke":
        args = ["invoke", "--problem", "nim", "--solver-cmd", prog, "--test", "max", "--time-limit-ms", "60000",
                "--corpus", corpus]
    elif role.startswith("own-"):
        r = role[4:]
        cfg = problem(w, programs={r: body}, validator=r == "validator", checker=r == "checker")
        with open(cfg) as f:
            text = f.read().replace("_ms = 1000", "_ms = 60000")
        with open(cfg, "w") as f:
            f.write(text)
        args = ["--config", cfg, "--cases", "5", "-j1", "--corpus", corpus]
    elif role == "player":
        args = ["--config", "nim-interactive", "--cases", "5", "-j1", "--corpus", corpus, "--time-limit-ms", "60000",
                "--solver-cmd", script(os.path.join(w, "p.sh"), plant + f"read n; read p\nsleep {mark}\n")]
    else:
        player = script(os.path.join(w, "p.sh"), "read n; read piles; echo First\n")
        inter = script(os.path.join(w, "i.sh"), plant + f'cat "$1"; read side; sleep {mark}\n')
        args = ["--config", "nim-interactive", "--cases", "5", "-j1", "--corpus", corpus, "--time-limit-ms", "60000",
                "--solver-cmd", player, "--interactor", inter]
    before = a.tree()
    p = a.start(args, cwd=w)
    moment = a.rng.uniform(0.4, 1.5)
    time.sleep(moment)
    alive = p.poll() is None
    os.kill(p.pid, signal.SIGKILL)
    a.finish(p, 10)
    a.counts[cat]["inputs"] += 1
    cmd = f"(SIGKILL after {moment:.2f} s, {role}) {p.attack_cmd}"
    if not alive:
        a.finding(cat, "wrong-exit", "the harness ended before the kill, with a program that never ends", cmd)
    a.strays(cat, cmd, grace=GRACE)
    a.after(cat, cmd, before, (w,))
    remove(w)


def cat11(a, n):
    cat = "11 supervisor (SIGKILL)"
    for _ in range(n):
        supervised(a, cat)

