"""Category 3: mutated corpus entries through every corpus command."""

import os
import re
import shutil

from common import count_entries, remove, snapshot
from fuzz import mutate_text

PROBLEMS = ["nim", "bash-game", "wythoff", "tree-game"]
ALIAS = {"nim": "luogu-p2197", "wythoff": "luogu-p2252", "tree-game": "hdu3094", "bash-game": "bash-game"}


def base_corpus(a, repo):
    """A small corpus copied from the repository's (read only)."""
    d = os.path.join(a.root, "base-corpus")
    for p in PROBLEMS:
        src = os.path.join(repo, "corpus", p)
        if os.path.isdir(src):
            shutil.copytree(src, os.path.join(d, p))
    return d


def set_line(text, key, line):
    """`text` with its first `key = ...` line replaced by `line` (taken as
    is, never as a regex template)."""
    return re.sub(rf"^{key} = .*$", lambda _: line, text, count=1, flags=re.M)


def mutate_entry(a, text, problem):
    rng = a.rng
    op = rng.randrange(14)
    if op == 0:
        bad = rng.choice([
            "../../canary/esc", a.canary + "/abs", "..", ".", "", "/", "../" + problem,
            f"{problem}/../../../canary/x", ALIAS[problem], "nope", problem.upper(),
            "\\u0000", "a/b", "~", "$HOME", "canary",
        ])
        return set_line(text, "problem", f'problem = "{bad}"')
    if op == 1:
        version = rng.choice(["0", "1", "3", "999", "-1", '"2"', "2.0", "18446744073709551616"])
        return set_line(text, "version", f"version = {version}")
    if op == 2:
        line = f'solver = "{rng.choice(["nope", "../x", "fast", "wrong-nope", "", "/bin/sh"])}"'
        if "\nsolver = " in text:
            return set_line(text, "solver", line)
        return text.replace("\ninput = ", f"\n{line}\ninput = ", 1)
    if op == 3:
        verdict = rng.choice(["nope", "mismatch", "crash", "regression", ""])
        return set_line(text, "verdict", f'verdict = "{verdict}"')
    if op in (4, 5):
        key = "input" if op == 4 else "expected"
        m = re.search(key + r' = """\n(.*?)"""', text, flags=re.S)
        if m:
            new = mutate_text(rng, m.group(1).encode()).decode("utf-8", "replace").replace('"""', "")
            new = new.replace("\\", "\\\\").replace("\0", "")
            return text[: m.start(1)] + new + text[m.end(1):]
        return text
    if op == 6:
        lines = text.split("\n")
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if op == 7:
        return text[: rng.randrange(len(text))]
    if op == 8:
        return text + rng.choice(["\nnope = 1\n", "\n[nope]\nx = 1\n", "\n[origin]\nnote = \"dup\"\n", "\0"])
    if op == 9:
        where = rng.choice(["/etc/passwd", a.canary + "/cfg.toml", "../../canary/cfg.toml", "configs/../../x.toml"])
        if "[origin]" in text:
            if "config =" in text:
                return set_line(text, "config", f'config = "{where}"')
            return text.replace("[origin]", f'[origin]\nconfig = "{where}"', 1)
        return text + f'\n[origin]\nconfig = "{where}"\nseed = 1\ncase = 1\n'
    if op == 10:
        return text.replace("\n", "\r\n")
    if op == 11:
        return "\ufeff" + text
    if op == 12:
        return text.replace('"""', "'''")
    return text.replace("input = \"\"\"\n", "input = \"\"\"\n" + "9" * rng.choice([20, 100000]) + " ", 1)


def cat3(a, repo, n):
    """Mutated entries through corpus check/merge/regen/add, testset and
    corpus export: nothing written outside, no entry destroyed, 0/1/2."""
    base = base_corpus(a, repo)
    cat = "3 corpus entries"
    for i in range(n):
        w = a.fresh()
        src, dst, out, cwd = (os.path.join(w, x) for x in ("src", "dst", "out", "cwd"))
        os.makedirs(cwd)
        shutil.copytree(base, src)
        problem = a.rng.choice(PROBLEMS)
        folder = os.path.join(src, problem)
        names = sorted(os.listdir(folder))
        victim = os.path.join(folder, a.rng.choice(names))
        with open(victim, encoding="utf-8") as f:
            text = f.read()
        mutated = mutate_entry(a, text, problem)
        r = a.rng.random()
        if r < 0.1:
            # A second copy under another name or folder: the same input twice.
            other = os.path.join(src, a.rng.choice(PROBLEMS), a.rng.choice(["copy.toml", "..toml", "a b.toml", "x.toml.toml"]))
            with open(other, "w", encoding="utf-8") as f:
                f.write(mutated)
        elif r < 0.13:
            os.symlink(src, os.path.join(folder, "loop"))
        else:
            with open(victim, "w", encoding="utf-8") as f:
                f.write(mutated)
        before = snapshot(src)
        which = a.rng.randrange(8)
        ok = (0, 1, 2)
        keep_src = True
        if which == 0:
            args = ["corpus", "check", "--corpus", src, "--max-states", "200000"]
        elif which == 1:
            if a.rng.random() < 0.5:
                shutil.copytree(base, dst)
            args = ["corpus", "merge", src, "--corpus", dst]
        elif which == 2:
            args = ["corpus", "regen", "--corpus", src, "--max-states", "200000"]
            keep_src = False
        elif which == 3:
            m = re.search(r'input = """\n(.*?)"""', mutated, flags=re.S)
            inp = os.path.join(w, "input.txt")
            with open(inp, "w", encoding="utf-8") as f:
                f.write(m.group(1) if m else mutated)
            args = ["corpus", "add", "--problem", a.rng.choice([problem, ALIAS[problem]]), inp, "--corpus", src, "--max-states", "200000"]
            if a.rng.random() < 0.5:
                args += ["--note", a.rng.choice(["judge sample", "x" * 1000, "\u202e", "../../canary"])]
            keep_src = False
        elif which in (4, 5):
            target = out
            force = []
            if a.rng.random() < 0.25:
                # --out that is, holds or lies inside the corpus: refused.
                target = a.rng.choice([src, folder, os.path.join(folder, "t"), w, src + "/"])
                force = ["--force"]
                ok = (2,)
            fmt = ["--format", a.rng.choice(["flat", "oj", "polygon", "kattis"])]
            if which == 4:
                args = ["testset", "--problem", problem, "--corpus", src, "--out", target, "--random", "2", "--no-judge-size"] + fmt + force
            else:
                args = ["corpus", "export", target, "--corpus", src] + fmt + force
                if a.rng.random() < 0.5:
                    args += ["--problem", problem]
        else:
            # Export into a folder that already holds an earlier export.
            os.makedirs(out)
            with open(os.path.join(out, "99.in"), "w") as f:
                f.write("stale\n")
            args = ["corpus", "export", out, "--corpus", src] + (["--force"] if a.rng.random() < 0.5 else [])
        rc, _, _ = a.run(cat, args, cwd=cwd, ok=ok, timeout=30, allowed=(src, dst, out), allow_cwd=False)
        if keep_src:
            after = snapshot(src) if os.path.isdir(src) else {}
            gone = [k for k in before if k not in after]
            changed = [k for k in before if k in after and after[k] != before[k]]
            if gone:
                a.finding(cat, "lost", f"{len(gone)} corpus entries gone ({gone[0]})", " ".join(args))
            elif changed:
                a.finding(cat, "torn", f"{changed[0]} rewritten by a command that only reads it", " ".join(args))
        elif which == 3 and count_entries(src) < len([k for k in before if k.endswith(".toml")]):
            a.finding(cat, "lost", "corpus add removed an entry", " ".join(args))
        if which == 6 and rc == 0 and os.path.exists(os.path.join(out, "99.in")):
            a.finding(cat, "torn", "a stale test of an earlier export kept", " ".join(args))
        remove(w)
