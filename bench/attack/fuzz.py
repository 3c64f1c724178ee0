"""Categories 1 and 2: fuzzed `--set` values and config files; mutated judge
inputs and outputs."""

import os
import re
import subprocess
import tomllib

from common import remove

BIG = [
    "0", "-1", "1", "2", "255", "65536", "2147483648", "4294967296",
    "9223372036854775807", "18446744073709551615", "18446744073709551616",
    "-9223372036854775808", "100000000000000000000000000000", "1000000000",
]
ODD = [
    "", "=", "x", "nan", "inf", "-inf", "1e308", "-0.1", "0.5", "2.0", "1_000",
    "0x10", "[]", "[1]", "[1,2,3]", "[[1]]", "{a=1}", '"x"', '["random","nope"]',
    "[1,", "]", "ü", "\u202e", "true", "[true,false]", "1..5", "[5,1]",
    "[-5,-1]", "[0,0]", "'", '"', "\\", "[1e9,1e10]", "0.77", "0.0",
]


class Inputs:
    """What the attacks vary: the problems and configs `harness list` names,
    and the [gen] keys of each config."""

    def __init__(self, harness, repo):
        text = subprocess.run([harness, "list"], capture_output=True, text=True).stdout
        self.problems = []
        self.configs = {}
        section = None
        for line in text.splitlines():
            if line.startswith("Problems"):
                section = "p"
            elif line.startswith("Configs"):
                section = "c"
            elif section == "p":
                m = re.match(r"^  ([a-z0-9-]+)(?: \(alias[^)]*\))?  \[configs/(\S+)\.toml\]", line)
                if m:
                    self.problems.append((m.group(1), m.group(2)))
            elif section == "c":
                m = re.match(r"^  (\S+)\s+(\S+)\s{2,}", line)
                if m:
                    self.configs[m.group(1)] = m.group(2)
        self.text = {}
        self.keys = {}
        self.values = {}
        for name in self.configs:
            path = os.path.join(repo, "configs", name + ".toml")
            try:
                with open(path) as f:
                    self.text[name] = f.read()
                self.values[name] = tomllib.loads(self.text[name]).get("gen", {})
                self.keys[name] = list(self.values[name])
            except (OSError, tomllib.TOMLDecodeError):
                self.text[name] = ""
                self.keys[name] = []
                self.values[name] = {}
        # Interactive problems are judged against a jury, not by `check`.
        self.plain = [(p, c) for p, c in self.problems if "interactive" not in p]


def value(rng, huge=10 << 20):
    """A fuzzed value; the longest is `huge` bytes (a 10 MB line in a file,
    under the kernel's 128 KiB bound on one argument in argv)."""
    r = rng.random()
    if r < 0.01:
        return "9" * huge
    if r < 0.35:
        return rng.choice(BIG)
    if r < 0.6:
        return rng.choice(ODD)
    if r < 0.85:
        return f"[{rng.choice(BIG)},{rng.choice(BIG)}]"
    return "".join(chr(rng.randrange(32, 127)) for _ in range(rng.randrange(1, 12)))


def plausible(rng, v):
    """A value of the same shape as the config's `v`, often valid, sometimes
    far larger: what a user trying bigger cases writes."""
    if isinstance(v, bool):
        return rng.choice(["true", "false"])
    if isinstance(v, int):
        return str(rng.choice([0, 1, v, v + 1, v * 10, v * 1000, 1 << 20]))
    if isinstance(v, float):
        return rng.choice(["0.0", "1.0", "0.5", str(v), "0.999"])
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, list) and v and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        lo, hi = v[0], v[-1]
        new_hi = rng.choice([hi, hi * 2, hi * 10, hi * 100, lo])
        new_lo = rng.choice([lo, 0, 1, new_hi])
        return f"[{new_lo},{new_hi}]"
    if isinstance(v, list) and v and all(isinstance(x, str) for x in v):
        k = rng.randrange(1, len(v) + 1)
        return "[" + ",".join(f'"{x}"' for x in rng.sample(v, k)) + "]"
    return str(v).lower()


def set_args(rng, inputs, config):
    args = []
    for _ in range(rng.randrange(1, 4)):
        keys = inputs.keys.get(config) or ["n"]
        r = rng.random()
        values = inputs.values.get(config, {})
        if r < 0.5 and values:
            key = rng.choice(sorted(values))
            args += ["--set", f"{key}={plausible(rng, values[key])}"]
            continue
        if r < 0.75:
            key = rng.choice(keys)
        elif r < 0.8:
            key = f"{rng.choice(keys)}.{rng.choice(['0', '1', '7', '-1', '99999999999'])}"
        else:
            key = rng.choice(["nope", "", "gen.n", "n n", "seed", "cases", "problem", "x" * 300])
        args += ["--set", f"{key}={value(rng, 100_000)}"]
    return args


def mutate_config(rng, text):
    lines = text.splitlines()
    for _ in range(rng.randrange(1, 4)):
        op = rng.randrange(10)
        i = rng.randrange(len(lines)) if lines else 0
        if op == 0 and lines:
            del lines[i]
        elif op == 1 and lines:
            lines.insert(i, lines[i])
        elif op == 2 and lines and "=" in lines[i]:
            key = lines[i].split("=", 1)[0]
            lines[i] = f"{key}= {value(rng)}"
        elif op == 3:
            lines.insert(i, f"{rng.choice(['nope', 'cases', 'seed', 'batch', 'max_states', 'time_limit_ms', 'problem', 'reference'])} = {value(rng)}")
        elif op == 4:
            lines.insert(i, rng.choice(["[gen]", "[brute]", "[nope]", "[[gen]]", "[gen", "problem = \"../../x\"", "batch = 0", "cases = -1", "problem = \"/etc/passwd\""]))
        elif op == 5 and lines:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        elif op == 6 and lines and lines[i]:
            j = rng.randrange(len(lines[i]))
            lines[i] = lines[i][:j] + chr(rng.randrange(1, 256)) + lines[i][j + 1 :]
        elif op == 7 and rng.random() < 0.1:
            lines.insert(i, "n = [" + "1," * (5 << 20) + "1]")
        elif op == 8:
            return "\r\n".join(lines) + "\r\n"
        elif op == 9:
            lines.insert(0, "\ufeff")
    return "\n".join(lines) + "\n"


def cat1(a, inputs, n):
    """Fuzzed --set values and config files: each exits 0, 1 or 2 with a
    message, never a panic."""
    names = sorted(inputs.configs)
    for i in range(n):
        w = a.fresh()
        corpus = os.path.join(w, "corpus")
        config = a.rng.choice(names)
        problem = inputs.configs[config]
        r = a.rng.random()
        if r < 0.35:
            args = ["--config", config, "--cases", "5", "-j1", "--corpus", corpus] + set_args(a.rng, inputs, config)
        elif r < 0.55:
            args = ["gen", "--config", config, "--case", str(a.rng.randrange(50))] + set_args(a.rng, inputs, config)
        elif r < 0.65:
            keys = inputs.keys.get(config) or ["n"]
            args = ["table", "--problem", problem, "--vary", f"{a.rng.choice(keys)}={a.rng.choice(['0..5', '5..0', '-3..2', '0..99999999999', 'x..y', '1'])}"] + set_args(a.rng, inputs, config)
        else:
            path = os.path.join(w, "cfg.toml")
            with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(mutate_config(a.rng, inputs.text[config]))
            if a.rng.random() < 0.7:
                args = ["--config", path, "--cases", "5", "-j1", "--corpus", corpus]
            else:
                args = ["gen", "--config", path, "--case", "1"]
        a.run("1 --set/config fuzz", args, cwd=w, timeout=10, allowed=(corpus,))
        remove(w)


# ---- category 2 -------------------------------------------------------


def mutate_text(rng, data):
    """One to three mutations of a judge input or output."""
    for _ in range(rng.randrange(1, 4)):
        op = rng.randrange(11)
        if op == 0 and data:
            data = data[: rng.randrange(len(data))]
        elif op == 1 and data:
            i = rng.randrange(len(data))
            data = data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1 :]
        elif op == 2:
            data = data.replace(b"\n", b"\r\n")
        elif op == 3:
            tokens = data.split()
            if tokens:
                i = rng.randrange(len(tokens))
                tokens[i] = rng.choice(BIG).encode()
                data = b" ".join(tokens) + b"\n"
        elif op == 4:
            data = b""
        elif op == 5:
            data = data + rng.choice([b"junk\n", b"\0", b" 1 2 3", b"\n\n\n", b"-1\n"])
        elif op == 6:
            data = data.rstrip(b"\n")
        elif op == 7:
            data = data.replace(b" ", b"\t")
        elif op == 8 and data:
            i = rng.randrange(len(data))
            data = data[:i] + b"\xff\xfe" + data[i:]
        elif op == 9:
            lines = data.split(b"\n")
            if lines:
                del lines[rng.randrange(len(lines))]
            data = b"\n".join(lines)
        elif op == 10:
            tokens = data.split()
            if tokens:
                data = b" ".join(tokens[:1] + [b"-" + t for t in tokens[1:]]) + b"\n"
    return data


def cat2(a, inputs, n):
    """Mutated judge inputs to check/brute/run-solver and mutated outputs to
    check: 0, 1, 2 (3 for a testlib checker, 42/43 for Kattis), no panic."""
    base = {}
    for i in range(n):
        problem, config = a.rng.choice(inputs.plain)
        case = a.rng.randrange(5)
        if (config, case) not in base:
            gi = subprocess.run([a.h, "gen", "--config", config, "--case", str(case)], capture_output=True).stdout
            go = subprocess.run([a.h, "brute", "--problem", problem, "--max-states", "200000"], input=gi, capture_output=True).stdout
            base[(config, case)] = (gi, go)
        good_in, good_out = base[(config, case)]
        w = a.fresh()
        fin, fout, fans = (os.path.join(w, x) for x in ("in", "out", "ans"))
        r = a.rng.random()
        mutated_input = r < 0.5
        with open(fin, "wb") as f:
            f.write(mutate_text(a.rng, good_in) if mutated_input else good_in)
        with open(fout, "wb") as f:
            f.write(good_out if mutated_input else mutate_text(a.rng, good_out))
        with open(fans, "wb") as f:
            f.write(good_out)
        limit = ["--max-states", "200000"]
        which = a.rng.randrange(5)
        stdin = None
        if which == 0:
            args, ok = ["check", "--problem", problem, fin, fout] + limit, (0, 1, 2)
        elif which == 1:
            args, ok = ["check", "--problem", problem, fin, fout, fans] + limit, (0, 1, 2, 3)
        elif which == 2:
            fb = os.path.join(w, "feedback")
            os.makedirs(fb)
            args, ok = ["check", "--problem", problem, "--kattis", fin, fans, fb] + limit, (42, 43, 1, 2, 3)
            stdin = open(fout, "rb")
        elif which == 3 and mutated_input:
            args, ok = ["brute", "--problem", problem, fin] + limit, (0, 1, 2)
        else:
            solver = "fast" if a.rng.random() < 0.8 else a.rng.choice(["plain", "general", "nope"])
            args, ok = ["run-solver", "--problem", problem, "--solver", solver], (0, 1, 2)
            stdin = open(fin, "rb")
        a.run("2 judge inputs/outputs", args, cwd=w, ok=ok, timeout=15, stdin=stdin)
        if stdin:
            stdin.close()
        remove(w)
