"""Category 9: interactive games (configs/*-interactive.toml).

Players (`--solver-cmd`) that crash, hang, print garbage or bytes that are
not UTF-8, flood, exit early or leave `setsid` children, beside right ones
(Bouton's player from the tests, built-in `right`) and wrong built-in ones;
`--interactor`s that never exit, flood stderr or their output file, fail or
detach; positions as large as the format allows; SIGINT/SIGTERM mid-game
(exit 130 soon after, nothing stored from the kill); `invoke` and `corpus
check` of what was stored. A right player stored is a false find, a failing
one not stored a lost find."""

import os
import shutil
import signal
import time

from common import Scratch, count_entries, remove, script

GAMES = ["nim-interactive", "bash-game-interactive", "wythoff-interactive",
         "octal-game-interactive", "green-hackenbush-interactive"]
# A signalled harness must have stopped this soon (a game stops at once), and is
# killed (a hang) past STOP_LIMIT.
STOP_SOON = 3.0
STOP_LIMIT = 20.0


def players(right_py, mark):
    """name -> (body, right: a player that wins every game it can, or None
    for one that must fail). `right_py` plays Nim only."""
    py = f"exec python3 {right_py}\n"
    return {
        "right-py": (py, True),
        "right-py-detach": (f"setsid sleep {mark} &\n" + py, True),
        "right-py-detach-quiet": (f"(setsid sleep {mark} < /dev/null > /dev/null 2>&1 &)\n" + py, True),
        "right-py-stderr-flood": ("head -c 50000000 /dev/zero >&2\n" + py, True),
        "crash": ("read n; read p\nexit 3\n", False),
        "signal": ("read n; read p\nkill -SEGV $$\n", False),
        "hang": (f"read n; read p\nsleep {mark}\n", False),
        "stop-reading": (f"echo First\nsleep {mark}\n", False),
        "garbage": ("read n; read p\nprintf '\\377\\376 garbage \\300\\n'\ncat > /dev/null\n", False),
        "long-line": ("read n; read p\nhead -c 200000 /dev/zero | tr '\\0' F\necho\ncat > /dev/null\n", False),
        "flood": ("read n; read p\nyes First\n", False),
        "early-exit": ("read n; read p\necho First\n", False),
        "exit-at-once": ("exit 0\n", None),
        "detach-hang": (f"read n; read p\nsetsid sleep {mark} &\nsleep {mark}\n", False),
    }


INTERACTORS = {
    # name -> (body, exit statuses with the player `first.sh`)
    "good": ('cat "$1"; read side; echo "side: $side" > "$2"; [ "$side" = First ]\n', (0,)),
    "never-exits": ('cat "$1"; read side; echo "side: $side" > "$2"; exec sleep {mark}\n', (2,)),
    "stderr-flood": ('cat "$1"; read side; head -c 200000000 /dev/zero >&2; [ "$side" = First ]\n', (0,)),
    "output-flood": ('cat "$1"; read side; exec head -c 200000000 /dev/zero > "$2"\n', (2,)),
    "fails": ('cat "$1"; read side; exit 3\n', (2,)),
    "odd-exit": ('cat "$1"; read side; exit 5\n', (2,)),
    "dies-at-once": ("exit 3\n", (2,)),
    "silent-hang": ('sleep {mark}\n', (2,)),
    "detach": ('setsid sleep {mark} &\ncat "$1"; read side; [ "$side" = First ]\n', (0,)),
    "stdout-flood": ('cat "$1"; yes 1 | head -c 100000000; read side; [ "$side" = First ]\n', (0, 1, 2)),
    "killed": ('cat "$1"; read side; kill -KILL $$\n', (2,)),
}


class Game(Scratch):
    """A run of category 9."""

    def entries(self):
        return count_entries(self.corpus) if os.path.isdir(self.corpus) else 0

    def judge_store(self, cmd, rc, out, right):
        stored = self.entries()
        if right and stored:
            self.a.finding(self.cat, "false", f"a right player stored ({stored} entries, exit {rc})", cmd)
        if right is False and rc == 0:
            self.a.finding(self.cat, "lost", "a failing player passed (exit 0)", cmd)
        elif right is False and rc == 1 and not stored and "NOT SAVED" not in out:
            self.a.finding(self.cat, "lost", "exit 1 but nothing stored", cmd)

    def replay(self):
        """What was stored replays (`corpus check`)."""
        if not self.entries():
            return
        args = ["corpus", "check", "--corpus", self.corpus]
        rc, out, err = self.a.run(self.cat, args, cwd=self.w, ok=(0,), timeout=60)
        if rc == 1:
            self.a.finding(self.cat, "false", "a stored game does not replay", "harness " + " ".join(args))


def player_input(a, cat, right_py, repo):
    g = Game(a, cat)
    table = players(right_py, g.mark)
    r = a.rng.random()
    if r < 0.6:
        name = a.rng.choice(sorted(table))
        body, right = table[name]
        # Bouton's player plays Nim only; the failing ones fail whatever the game.
        game = "nim-interactive" if name.startswith("right") else a.rng.choice(GAMES)
        who = ["--solver-cmd", script(os.path.join(g.w, f"{name}.sh"), body)]
    else:
        game = a.rng.choice(GAMES)
        wrong = ["first-move", "nim-side" if game == "wythoff-interactive" else "parity"]
        name = a.rng.choice(["right", "right"] + wrong)
        right = name == "right"
        who = ["--solver", name]
    limit = a.rng.choice(["1000", "2000"] if right else ["500", "1000"])
    if a.rng.random() < 0.75:
        # A wrong built-in player loses only some games: the config's cases (the run stops at the find).
        cases = [] if right is False and who[0] == "--solver" else ["--cases", str(a.rng.choice([5, 20, 60]))]
        args = ["--config", game] + cases + ["-j1", "--corpus", g.corpus,
                                             "--time-limit-ms", limit, "--shrink-seconds", "2"] + who
        ok = (0,) if right else (1,) if right is False else (1, 2)
        rc, out, err = a.run(cat, args, cwd=g.w, ok=ok, timeout=90)
        cmd = "harness " + " ".join(args)
        g.judge_store(cmd, rc, out, right)
        a.unclear(cat, cmd, rc, out, err, names=(name, "player"))
        if a.rng.random() < 0.3:
            g.replay()
    else:
        # The repository's entries of the game are invoke's tests (its judge-size list may be empty).
        src = os.path.join(repo, "corpus", game)
        if os.path.isdir(src):
            shutil.copytree(src, os.path.join(g.corpus, game))
        args = ["invoke", "--problem", game, "--time-limit-ms", limit, "--corpus", g.corpus] + who
        # A wrong built-in player is expected to lose (WA): exit 0 when it does.
        ok = (0,) if right else (0, 1) if who[0] == "--solver" else (1,) if right is False else (1, 2)
        rc, out, err = a.run(cat, args, cwd=g.w, ok=ok, timeout=120)
        a.unclear(cat, "harness " + " ".join(args), rc, out, err, names=(name,))
    remove(g.w)


def interactor_input(a, cat):
    g = Game(a, cat)
    name = a.rng.choice(sorted(INTERACTORS))
    body, ok = INTERACTORS[name]
    inter = script(os.path.join(g.w, "interactor.sh"), body.format(mark=g.mark))
    second = a.rng.random() < 0.25 and ok == (0,)
    player = script(os.path.join(g.w, "player.sh"), "read n; read piles; echo %s\n" % ("Second" if second else "First"))
    args = ["--config", "nim-interactive", "--cases", str(a.rng.choice([2, 5])), "-j1", "--corpus", g.corpus,
            "--time-limit-ms", "1000", "--shrink-seconds", "2", "--solver-cmd", player, "--interactor", inter]
    rc, out, err = a.run(cat, args, cwd=g.w, ok=(1,) if second else ok, timeout=90)
    cmd = "harness " + " ".join(args)
    stored = g.entries()
    if second and (rc != 1 or not stored):
        a.finding(cat, "lost", f"the interactor's wrong answer, exit {rc}, {stored} stored", cmd)
    if not second and stored:
        a.finding(cat, "false", f"{stored} entries stored when the interactor misbehaved ({name}), exit {rc}", cmd)
    a.unclear(cat, cmd, rc, out, err, names=("interactor", inter))
    remove(g.w)


def big_input(a, cat):
    """Positions as large as the format allows: the jury answers within its budget."""
    g = Game(a, cat)
    values = a.rng.choice(["[60,60]", "[1000,1000]", "[9999,9999]", "[0,9999]"])
    n = a.rng.choice(["3", "[3,4]", "2"])
    args = ["--config", "nim-interactive", "--set", f"n={n}", "--set", f"values={values}", "--solver",
            a.rng.choice(["right", "first-move"]), "--cases", "2", "-j1", "--corpus", g.corpus, "--shrink-seconds", "5"]
    a.run(cat, args, cwd=g.w, ok=(0, 1, 2), timeout=40)
    remove(g.w)


def signal_input(a, cat, right_py, repo):
    """SIGINT or SIGTERM mid-game: exit 130 soon, nothing stored from the kill."""
    g = Game(a, cat)
    kind = a.rng.choice(["right-py", "thinking", "hang", "builtin-right", "builtin-wrong", "interactor", "invoke"])
    limit = a.rng.choice(["2000", "60000"])
    right = True
    if kind in ("right-py", "invoke"):
        who = ["--solver-cmd", script(os.path.join(g.w, "p.sh"), f"exec python3 {right_py}\n")]
    elif kind == "thinking":
        # Right, and slow: each game takes a while (the signal lands inside one).
        who = ["--solver-cmd", script(os.path.join(g.w, "p.sh"), f"sleep 0.4\nexec python3 {right_py}\n")]
    elif kind == "hang":
        who = ["--solver-cmd", script(os.path.join(g.w, "p.sh"), f"read n; read p\nsleep {g.mark}\n")]
        right = False
    elif kind == "builtin-right":
        who = ["--solver", "right"]
    elif kind == "builtin-wrong":
        who = ["--solver", "first-move"]
        right = False
    else:
        inter = script(os.path.join(g.w, "i.sh"), f'cat "$1"; read side; sleep 0.5; [ "$side" = First ]\n')
        who = ["--solver-cmd", script(os.path.join(g.w, "p.sh"), "read n; read piles; echo First\n"), "--interactor", inter]
    if kind == "invoke":
        shutil.copytree(os.path.join(repo, "corpus", "nim-interactive"), os.path.join(g.corpus, "nim-interactive"))
        args = ["invoke", "--problem", "nim-interactive", "--time-limit-ms", limit, "--corpus", g.corpus] + who
    else:
        args = ["--config", "nim-interactive", "--cases", "100000", "-j1", "--corpus", g.corpus,
                "--time-limit-ms", limit] + who
        if kind == "builtin-wrong":
            args.append("--keep-going")
    sig, sname = a.rng.choice([(signal.SIGINT, "INT"), (signal.SIGTERM, "TERM")])
    moment = a.rng.uniform(0.3, 2.5)
    before = a.tree()
    p = a.start(args, cwd=g.w)
    time.sleep(moment)
    cmd = f"(SIG{sname} after {moment:.2f} s) {p.attack_cmd}"
    if p.poll() is not None:
        a.finish(p, 1)
        remove(g.w)
        return False
    os.kill(p.pid, sig)
    sent = time.monotonic()
    rc, out, err, timed_out, _ = a.finish(p, sent - p.attack_started + STOP_LIMIT)
    took = time.monotonic() - sent
    a.counts[cat]["inputs"] += 1
    if timed_out:
        a.exits[cat]["no stop"] += 1
        a.finding(cat, "hangs", f"still running {STOP_LIMIT:.0f} s after SIG{sname}", cmd)
    else:
        found = "\nFOUND " in out
        a.judge(cat, cmd, rc, out, err, False, (1,) if found else (130,), sent=sig)
        if took > STOP_SOON:
            a.finding(cat, "hangs", f"stopped {took:.1f} s after SIG{sname} (a game stops at once)", cmd)
        stored = g.entries()
        if stored and (right or not found):
            a.finding(cat, "false", f"{stored} entries stored after SIG{sname} (exit {rc}, a FOUND block: {found})", cmd)
        for d, _, files in os.walk(g.corpus):
            for fn in files:
                with open(os.path.join(d, fn), errors="replace") as fh:
                    text = fh.read()
                if 'verdict = "crash"' in text and ("signal 9" in text or "SIGKILL" in text):
                    a.finding(cat, "false", f"a crash entry from the harness's own kill: {fn}", cmd)
    a.after(cat, cmd, before, (g.w,))
    remove(g.w)
    return True


def cat9(a, n, repo):
    cat = "9 interactive games"
    right_py = os.path.join(repo, "harness", "tests", "interactive_players", "nim_right.py")
    kinds = [("player", 0.5), ("interactor", 0.2), ("signal", 0.22), ("big", 0.08)]
    order = [k for k, _ in kinds]
    while len(order) < n:
        order.append(a.rng.choices([k for k, _ in kinds], [w for _, w in kinds])[0])
    for k in order[:n]:
        if k == "player":
            player_input(a, cat, right_py, repo)
        elif k == "interactor":
            interactor_input(a, cat)
        elif k == "big":
            big_input(a, cat)
        else:
            for _ in range(3):
                if signal_input(a, cat, right_py, repo):
                    break
