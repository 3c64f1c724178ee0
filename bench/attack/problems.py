"""Category 8: problem files (`[problem]` configs) and their specs.

A small problem made of shell programs (T pairs, their sums) is written into
each run's folder and then made hostile: a spec fuzzed (nested past any
bound, huge REPs, bad tokens, bytes that are not UTF-8, mutations of the good
one), named files that are links, FIFOs, folders or paths out of the folder,
corpus entries that are links to /dev/zero or FIFOs, hostile `name`s and a
`[gen]` key `seed`, and programs (generator, brute, solver, validator,
checker) that crash, hang, print nothing, print bytes that are not UTF-8,
flood stdout or stderr, or leave a `setsid` child holding their stdout.
Every run is judged for panics, crashes, hangs, strays and escapes; then a
failing solver must be stored (else a lost find), a right one never (a false
find), and an error (exit 2) must name what is at fault (else unclear)."""

import os
import re
import signal
import subprocess
import time

from common import Scratch, count_entries, remove

NAME = "sums"
SPEC = b"""INT(1, 20, t) NEWLINE
REP(t)
  INT(1, 1000, a) SPACE INT(1, 1000, b) NEWLINE
END
"""
# The bodies of the problem's programs (each run by `sh` from the problem's folder).
GEN = ("awk -v s=\"$1\" -v t=\"$2\" -v m=\"$3\" 'BEGIN { srand(s); print t; "
       "for (i = 0; i < t; i++) print int(rand() * m) + 1, int(rand() * m) + 1 }'\n")
BRUTE = "awk 'NR > 1 { print $1 + $2 }'\n"
RIGHT = "awk 'NR == 1 { next } { s = $2 + $1; print s }'\n"
WRONG = "awk 'NR > 1 { print $1 + $2 + ($1 == $2) }'\n"
NORMAL = {
    "gen": GEN,
    "brute": BRUTE,
    "solver": RIGHT,
    "validator": "cat > /dev/null\nexit 0\n",
    "checker": "exit 0\n",
}
SECRET = "TOPSECRET"


def toml_str(s):
    """`s` as a TOML basic string: every control character escaped."""
    out = []
    for ch in s:
        o = ord(ch)
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif o < 0x20 or o == 0x7F:
            out.append(f"\\u{o:04x}")
        elif 0xD800 <= o <= 0xDFFF:
            out.append("\\ufffd")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def write(path, body, mode=0o755):
    with open(path, "wb") as f:
        f.write(body if isinstance(body, bytes) else body.encode("utf-8", "surrogateescape"))
    os.chmod(path, mode)
    return path


def problem(w, *, name=NAME, gen=True, spec="sums.ctd", spec_text=SPEC, samples=(),
            validator=False, checker=False, programs=None, extra="", gen_extra="",
            tests=True, cases=6):
    """Writes the problem folder `w/prob` (programs, spec, a sample) and its
    `p.toml`; `programs` replaces a program's body. The file's path."""
    d = os.path.join(w, "prob")
    os.makedirs(d, exist_ok=True)
    bodies = dict(NORMAL)
    bodies.update(programs or {})
    for role, body in bodies.items():
        write(os.path.join(d, f"{role}.sh"), "#!/bin/sh\n" + body)
    if spec_text is not None and spec == "sums.ctd":
        write(os.path.join(d, "sums.ctd"), spec_text, 0o644)
    write(os.path.join(d, "s1.in"), "2\n1 2\n3 3\n", 0o644)
    lines = ["[problem]", f"name = {toml_str(name)}"]
    if gen:
        lines.append('gen = "sh gen.sh {seed} {t} {max}"')
    lines += ['brute = "sh brute.sh"', 'solvers = ["sh solver.sh"]']
    if validator:
        lines.append('validator = "sh validator.sh"')
    if checker:
        lines.append('checker = "sh checker.sh"')
    if spec is not None:
        lines.append(f"spec = {toml_str(spec)}")
    if samples:
        lines.append("samples = [" + ", ".join(toml_str(s) for s in samples) + "]")
    lines += ["time_limit_ms = 1000", "brute_time_limit_ms = 1000", "tool_time_limit_ms = 1000",
              f"cases = {cases}", "seed = 1"]
    if extra:
        lines.append(extra)
    if gen:
        lines += ["", "[gen]", "t = [1, 5]", "max = [1, 5]"]
        if gen_extra:
            lines.append(gen_extra)
    if tests:
        lines += ["", "[[test]]", 'name = "max"', 'about = "20 pairs up to 1000"']
        if gen:
            lines.append("values = { t = 20, max = 1000 }")
    path = os.path.join(d, "p.toml")
    write(path, "\n".join(lines) + "\n", 0o644)
    return path


# ---- hostile specs ----------------------------------------------------


def deep_spec(rng):
    d = rng.choice([99, 100, 101, 1000, 20000, 200000])
    kind = rng.choice(["paren", "not", "plus", "minus", "rep", "bracket"])
    head = "INT(1, 2, a) NEWLINE "
    if kind == "paren":
        return f"{head}ASSERT({'(' * d}a == 1{')' * d})\n"
    if kind == "not":
        return f"{head}ASSERT({'!' * d}(a == 1))\n"
    if kind == "plus":
        return f"{head}ASSERT(a{'+1' * d} > 0)\n"
    if kind == "minus":
        return f"{head}ASSERT({'-' * d}1 < 2)\n"
    if kind == "rep":
        return "REP(1) " * d + head + "END " * d + "\n"
    return f"INT(1, 2, a) NEWLINE ASSERT(a == {'[' * d}1{']' * d})\n"


BAD_TOKENS = [
    "FOO", "INT(", "INT(1, 2", "END", "REP(t)", "INT(2, 1, x) NEWLINE", "FLOAT(0, 1, x)",
    "STRING(\"a\")", "REGEX(\"[a-z]+\")", "INT(1, 2, a) SPACE INT(1, 2, a) NEWLINE",
    "INT(1, 2, a) NEWLINE ASSERT(1 / 0 == 1)", "INT(1, 2, a) NEWLINE ASSERT(a % 0 == 0)",
    "INT(0x10, 2, a)", "INT(1e9, 2, a)", "INT(-99999999999999999999, 1, a)", "REPI(i, 3) END",
    "ASSERT(", ")", "((((", "SPACE SPACE SPACE", "EOF EOF", "NEWLINE EOF NEWLINE",
    "INT(1, 3, t) NEWLINE EOF REP(t) INT(1, 20, a) NEWLINE END", "REP(2, SPACE) END",
    "INT(1, 5, n) NEWLINE REP(n) INT(1, n, x[i]) END", "INT(1, 2, a[a[a[a]]])", "\u202e",
    "INT(1, 2, \u00e9) NEWLINE", "# only a comment", "WHILE(1) END", "IF(1) ELSE END",
]


def huge_spec(rng):
    return rng.choice([
        "REP(10000000) REP(10000000) END END\n",
        "REP(10000000) REP(10000000) SPACE END END NEWLINE\n",
        "REP(10000000) INT(1, 2, a) SPACE END NEWLINE\n",
        "REP(1000000000000000000) END\n",
        "REP(99999999999999999999999) SPACE END\n",
        "REP(-1) SPACE END\n",
        "INT(1, 1000000000000000000, n) NEWLINE REP(n) SPACE END\n",
        "REP(10000000) REP(10000000) REP(10000000) NEWLINE END END END\n",
        "REPI(i, 10000000) REPI(j, 10000000) END END\n",
    ])


def hostile_spec(rng):
    """Bytes of a spec a careless or hostile setter writes."""
    r = rng.random()
    if r < 0.25:
        return deep_spec(rng).encode()
    if r < 0.4:
        return huge_spec(rng).encode()
    if r < 0.6:
        toks = SPEC.decode().split(" ")
        i = rng.randrange(len(toks) + 1)
        toks.insert(i, rng.choice(BAD_TOKENS))
        return " ".join(toks).encode()
    if r < 0.7:
        data = bytearray(SPEC)
        for _ in range(rng.randrange(1, 4)):
            data.insert(rng.randrange(len(data) + 1), rng.choice([0xFF, 0xFE, 0xC0, 0x80, 0x00, 0xED]))
        return bytes(data)
    if r < 0.85:
        data = SPEC
        op = rng.randrange(6)
        if op == 0:
            return data[: rng.randrange(len(data))]
        if op == 1:
            i = rng.randrange(len(data))
            return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]
        if op == 2:
            return data.replace(b"\n", b"\r\n")
        if op == 3:
            return b"\xef\xbb\xbf" + data
        if op == 4:
            lines = data.split(b"\n")
            del lines[rng.randrange(len(lines))]
            return b"\n".join(lines)
        return data.replace(b"1000", rng.choice([b"0", b"-5", b"99999999999999999999", b"t", b"1.5"]))
    return rng.choice([
        b"", b"\n", b"SPACE " * 200_000, b"INT(1, 2, a)" + b" " * (1 << 20) + b"NEWLINE\n",
        b"INT(1, 20, t) NEWLINE REP(t) INT(1, 1000, a) SPACE INT(1, 1000, b) NEWLINE END EOF\n",
        b"INT(1, 20, t) NEWLINE REPI(i, t) INT(1, 1000, a[i]) SPACE INT(1, 1000, b) NEWLINE END\n",
    ])


# ---- misbehaving programs ---------------------------------------------

BEHAVIOURS = ["crash", "signal", "crash-early", "hang", "nothing", "nonutf8", "nonutf8-only",
              "huge", "huge-lines", "detach", "detach-quiet", "stderr-flood", "slow"]


def misbehave(how, normal, mark):
    return {
        "crash": "cat > /dev/null\nexit 3\n",
        "signal": "cat > /dev/null\nkill -SEGV $$\n",
        "crash-early": "exit 3\n",
        "hang": f"cat > /dev/null\nsleep {mark}\n",
        "nothing": "cat > /dev/null\n",
        "nonutf8": normal + "printf '\\377\\376 \\300\\n'\n",
        "nonutf8-only": "cat > /dev/null\nprintf '\\377\\n'\n",
        "huge": "cat > /dev/null\nhead -c 50000000 /dev/zero | tr '\\0' '7'\n",
        "huge-lines": normal + "yes 1 | head -c 50000000\n",
        "detach": f"setsid sleep {mark} &\n" + normal,
        "detach-quiet": f"(setsid sleep {mark} < /dev/null > /dev/null 2>&1 &)\n" + normal,
        "stderr-flood": "head -c 50000000 /dev/zero >&2\n" + normal,
        "slow": "sleep 0.3\n" + normal,
    }[how]


# (role, behaviour) -> (exit statuses a stress run may give, a find must be stored, an entry may be stored)
FAILS = {"crash", "signal", "hang", "nothing", "nonutf8", "nonutf8-only", "huge", "huge-lines"}
HARMLESS = {"detach", "detach-quiet", "stderr-flood", "slow"}


def expected(role, how, command):
    if how in HARMLESS:
        return (0,), False, False
    if role == "solver":
        if how == "crash-early":
            return (1, 2), False, True
        return (1,), True, True
    if role == "gen":
        if command == "invoke" or how in ("crash", "signal", "crash-early", "hang", "nothing"):
            return (2,), False, False
        return (0, 2), False, False
    if role == "brute":
        if command == "invoke":
            return (0, 1, 2), False, True
        if how in ("crash", "signal", "crash-early", "hang"):
            return (2,), False, False
        return (1, 2), False, True
    if role == "validator":
        if how in ("crash", "signal", "hang", "crash-early"):
            return (2,), False, False
        return (0,), False, False
    # checker: exit 0 (nothing, bytes, a flood) accepts; a crash or a hang is its failure
    if how in ("crash", "signal", "hang", "crash-early"):
        return (2,), False, False
    return (0,), False, False


class Fixture(Scratch):
    """A run of category 8."""

    def run(self, args, ok, *, names=(), forbid=(), may_store=True, must_find=False,
            timeout=40, allowed=()):
        a = self.a
        rc, out, err = a.run(self.cat, args, cwd=self.w, ok=ok, timeout=timeout,
                             allowed=(self.corpus,) + tuple(allowed), allow_cwd=False)
        cmd = "harness " + " ".join(args)
        a.unclear(self.cat, cmd, rc, out, err, names=names, forbid=forbid)
        stored = count_entries(self.corpus) if os.path.isdir(self.corpus) else 0
        if must_find and (rc == 0 or (rc == 1 and stored == 0 and "NOT SAVED" not in out)):
            a.finding(self.cat, "lost", f"a failing program, exit {rc}, {stored} entries stored", cmd)
        if stored and not may_store:
            a.finding(self.cat, "false", f"{stored} entries stored (exit {rc}) from a right solver", cmd)
        if SECRET in out or SECRET in err:
            a.finding(self.cat, "escapes", "a file outside the problem's folder was read and echoed", cmd)
        return rc, out, err

    def done(self):
        remove(self.w)


def stress(cfg, corpus, *extra):
    return ["--config", cfg, "--cases", "6", "-j1", "--corpus", corpus, "--shrink-seconds", "4"] + list(extra)


def spec_input(a, cat):
    f = Fixture(a, cat)
    data = hostile_spec(a.rng)
    spec_only = a.rng.random() < 0.4
    cfg = problem(f.w, gen=not spec_only, spec_text=data)
    which = a.rng.choice(["stress", "stress", "gen", "testset", "invoke"])
    if which == "stress":
        args = stress(cfg, f.corpus)
    elif which == "gen":
        args = ["gen", "--config", cfg, "--case", str(a.rng.randrange(10))]
    elif which == "testset":
        args = ["testset", "--config", cfg, "--out", os.path.join(f.w, "out"), "--random", "2"]
    else:
        args = ["invoke", "--config", cfg, "--test", "max", "--corpus", f.corpus]
    f.run(args, (0, 2), names=("sums.ctd",), forbid=("the generator",) if spec_only else (),
          may_store=False, allowed=(os.path.join(f.w, "out"),))
    f.done()


PATHS = ["../out.ctd", "{abs}", "link.ctd", "zero.ctd", "fifo.ctd", "dir.ctd", "missing.ctd",
         "sub/../../out.ctd", "./sums.ctd", "sub/in.ctd", "/dev/stdin", "/proc/self/fd/0", "",
         "~/x.ctd", "uplink/out.ctd", "sums.ctd/", "/etc/passwd"]
VALID_PATHS = {"./sums.ctd", "sub/in.ctd"}


def path_input(a, cat):
    """`spec` or a sample named as a link, a FIFO, a folder or a path out of
    the problem's folder; or entries of its corpus that are such files."""
    f = Fixture(a, cat)
    outside = os.path.join(f.w, "out.ctd")
    as_sample = a.rng.random() < 0.3
    # What lies outside is a valid spec (with a secret word) or a valid sample: read, it would pass.
    text = "2\n1 2\n3 3\n" if as_sample else SPEC.decode() + f"# {SECRET}\n"
    write(outside, text, 0o644)
    given = a.rng.choice(PATHS).format(abs=outside)
    cfg = problem(f.w, spec=None if as_sample else given, samples=[given] if as_sample else ())
    d = os.path.dirname(cfg)
    # The valid names (`./sums.ctd`, `sub/in.ctd`, a link inside) reach this file.
    write(os.path.join(d, "sums.ctd"), text.replace(f"# {SECRET}\n", ""), 0o644)
    os.symlink(outside, os.path.join(d, "link.ctd"))
    os.symlink("/dev/zero", os.path.join(d, "zero.ctd"))
    os.mkfifo(os.path.join(d, "fifo.ctd"))
    os.makedirs(os.path.join(d, "dir.ctd"))
    os.makedirs(os.path.join(d, "sub"))
    os.symlink("../sums.ctd", os.path.join(d, "sub", "in.ctd"))
    os.symlink(f.w, os.path.join(d, "uplink"))
    if as_sample:
        args = ["testset", "--config", cfg, "--out", os.path.join(f.w, "out"), "--random", "1"]
    else:
        args = a.rng.choice([["gen", "--config", cfg, "--case", "1"], stress(cfg, f.corpus),
                             ["invoke", "--config", cfg, "--test", "max", "--corpus", f.corpus]])
    ok = (0,) if given in VALID_PATHS else (2,)
    rc, _, _ = f.run(args, ok, names=(given or "spec", "samples", "`spec`"), may_store=False,
                     allowed=(os.path.join(f.w, "out"),))
    if rc == 0 and given not in VALID_PATHS:
        a.finding(cat, "escapes", f"`{given}` read from outside the problem's folder", "harness " + " ".join(args))
    f.done()


def corpus_file_input(a, cat):
    """`corpus check --config` and `corpus merge` over a problem's corpus with
    an entry that is a link to /dev/zero or out of the corpus, a FIFO or huge."""
    f = Fixture(a, cat)
    cfg = problem(f.w)
    folder = os.path.join(f.corpus, NAME)
    os.makedirs(folder)
    write(os.path.join(folder, "good.toml"),
          f'version = 2\nproblem = "{NAME}"\nverdict = "regression"\ninput = """\n1\n4 6\n"""\nexpected = """\n10\n"""\n', 0o644)
    kind = a.rng.choice(["zero", "fifo", "outside", "huge", "dir"])
    bad = os.path.join(folder, "bad.toml")
    if kind == "zero":
        os.symlink("/dev/zero", bad)
    elif kind == "fifo":
        os.mkfifo(bad)
    elif kind == "outside":
        write(os.path.join(f.w, "secret.toml"), f'version = 2\nproblem = "{NAME}"\n# {SECRET}\n', 0o644)
        os.symlink(os.path.join(f.w, "secret.toml"), bad)
    elif kind == "huge":
        with open(bad, "wb") as fh:
            fh.truncate(3 << 30)
    else:
        os.makedirs(bad)
    if a.rng.random() < 0.6:
        args = ["corpus", "check", "--config", cfg, "--corpus", f.corpus]
    else:
        args = ["corpus", "merge", f.corpus, "--corpus", os.path.join(f.w, "merged")]
    f.run(args, (0, 1, 2), names=("bad.toml",), allowed=(os.path.join(f.w, "merged"),))
    f.done()


NAMES = ["../../canary/x", "..", ".", "", "a/b", "nim", "nim-interactive", "luogu-p2197", "tree-game",
         "wythoff-interactive", "hdu3094", "corpus", "x" * 300, "\u202e", "-rf", "sums\n", "sums ",
         "null", "-", "~", "CON", "sums/", "/tmp", "\x1b[31m", "sums\u0000"]


def key_input(a, cat):
    """A hostile `name` (the corpus folder) or a `[gen]` key `seed`."""
    f = Fixture(a, cat)
    if a.rng.random() < 0.75:
        name = a.rng.choice(NAMES)
        cfg = problem(f.w, name=name, programs={"solver": WRONG})
        names = ("name", "`name`")
    else:
        name = None
        cfg = problem(f.w, gen_extra=a.rng.choice(["seed = [1, 5]", "seed = 3"]))
        names = ("seed",)
    # A wrong solver: a name that is accepted stores its find under it.
    args = stress(cfg, f.corpus, "--no-shrink")
    # README: letters, digits, `-`, `_` and `.`, not starting with `.`, and no built-in problem's name.
    plain = name is not None and re.fullmatch(r"[A-Za-z0-9_-][A-Za-z0-9._-]*", name) is not None and \
        name not in ("nim", "nim-interactive", "luogu-p2197", "tree-game", "wythoff-interactive", "hdu3094")
    f.run(args, ((1, 2) if len(name) > 200 else (1,)) if plain else (2,), names=names)
    f.done()


def program_input(a, cat):
    f = Fixture(a, cat)
    role = a.rng.choice(["gen", "brute", "solver", "solver", "validator", "checker"])
    how = a.rng.choice(BEHAVIOURS)
    body = misbehave(how, NORMAL[role], f.mark)
    spec = a.rng.random() < 0.5 or role == "gen"
    programs = {} if role == "solver" else {role: body}
    cfg = problem(f.w, spec="sums.ctd" if spec else None, validator=role == "validator",
                  checker=role == "checker", programs=programs)
    extra = []
    if role == "solver":
        prog = write(os.path.join(f.w, "mine.sh"), "#!/bin/sh\n" + body)
        extra = ["--solver-cmd", prog]
    r = a.rng.random()
    command = "stress"
    if role in ("solver", "checker", "validator", "gen", "brute") and r < 0.2:
        command = "invoke"
        args = ["invoke", "--config", cfg, "--test", "max", "--corpus", f.corpus] + extra
    elif role in ("gen", "brute", "validator") and r < 0.4:
        command = "testset"
        args = ["testset", "--config", cfg, "--out", os.path.join(f.w, "out"), "--random", "2"]
    else:
        args = stress(cfg, f.corpus, *extra)
    ok, must_find, may_store = expected(role, how, command)
    if command == "invoke":
        # A table, not a corpus: a failing solution is exit 1, a harmless one 0.
        must_find = False
    elif command == "testset":
        # testset leaves out a random case brute cannot answer (and says so).
        ok = (0, 2) if role == "brute" else tuple(sorted(set(ok) - {1})) or (2,)
        must_find = False
    f.run(args, ok, names=(f"{role}.sh", "mine.sh", role), may_store=may_store, must_find=must_find,
          allowed=(os.path.join(f.w, "out"),))
    f.done()


def bytes_input(a, cat):
    """Bytes that are not UTF-8: a generator's or brute's are refused as a
    problem file's text (exit 2, said) or passed on as bytes, never changed
    on the way (a solver that crashes on the real byte 0xFF must be caught);
    a solver's 0xFE where brute prints text is a find, and brute's 0xFF
    against a solver's 0xFE is one too (or refused), against 0xFF never."""
    f = Fixture(a, cat)
    kind = a.rng.choice(["gen-byte", "brute-same", "brute-differ", "solver-byte"])
    brute_byte = BRUTE + "printf '\\377\\n'\n"
    refusal = (2,)
    if kind == "gen-byte":
        # Every case's input ends with a line holding the byte 0xFF; no spec (it would refuse it).
        cfg = problem(f.w, spec=None, programs={"gen": GEN + "printf '\\377\\n'\n"})
        sol = ("LC_ALL=C awk 'index($0, \"\\377\") { bad = 1 } NR > 1 && !bad { print $1 + $2 } "
               "END { if (bad) exit 3 }'\n")
        must_find = True
    elif kind == "solver-byte":
        cfg = problem(f.w, spec=None)
        sol = RIGHT + "printf '\\376\\n'\n"
        must_find, refusal = True, ()
    else:
        cfg = problem(f.w, spec=None, programs={"brute": brute_byte, "solver": RIGHT + "printf '\\377\\n'\n"})
        sol = RIGHT + ("printf '\\376\\n'\n" if kind == "brute-differ" else "printf '\\377\\n'\n")
        must_find = kind == "brute-differ"
    prog = write(os.path.join(f.w, "mine.sh"), "#!/bin/sh\n" + sol)
    checker = a.rng.random() < 0.3
    if checker:
        write(os.path.join(f.w, "cmp.sh"), '#!/bin/sh\nexec cmp -s "$2" "$3"\n')
    args = stress(cfg, f.corpus, "--solver-cmd", prog, *(["--checker", os.path.join(f.w, "cmp.sh")] if checker else []))
    ok = ((1,) if must_find else (0,)) + refusal
    rc, out, err = f.run(args, ok, must_find=must_find, may_store=must_find,
                         names=("not UTF-8",))
    if rc == 2 and refusal and "not UTF-8" not in out + err:
        a.finding(cat, "unclear", "exit 2 on bytes that are not UTF-8 without saying so", "harness " + " ".join(args))
    if rc == 1 and os.path.isdir(f.corpus) and count_entries(f.corpus):
        # The entry must replay: its bytes round-trip through the corpus.
        args = ["corpus", "check", "--config", cfg, "--corpus", f.corpus]
        rc2, out2, err2 = a.run(cat, args, cwd=f.w, ok=(0,), timeout=30, allow_cwd=False)
        if rc2 == 1:
            a.finding(cat, "torn", "the stored entry does not replay (its bytes did not round-trip)", "harness " + " ".join(args))
    f.done()


def signal_input(a, cat):
    """SIGINT or SIGTERM during a problem file's stress run or `corpus check
    --config` (a slow checker, a spec that runs long): exit 130 soon, nothing
    stored from the stop, nothing left in TMPDIR."""
    f = Fixture(a, cat)
    tmp = os.path.join(f.w, "tmp")
    os.makedirs(tmp)
    slow_checker = a.rng.random() < 0.5
    cfg = problem(f.w, checker=slow_checker, cases=100000,
                  programs={"checker": "sleep 0.2\nexit 0\n"} if slow_checker else None)
    which = a.rng.choice(["stress", "check", "spec"])
    if which == "check":
        # Entries to replay: a wrong solver's finds.
        wrong = write(os.path.join(f.w, "wrong.sh"), "#!/bin/sh\n" + WRONG)
        subprocess.run([a.h, "--config", cfg, "--solver-cmd", wrong, "--keep-going", "--no-shrink", "--cases", "40",
                        "-j1", "--corpus", f.corpus], capture_output=True, cwd=f.w, timeout=120)
        args = ["corpus", "check", "--config", cfg, "--corpus", f.corpus, "--solver-cmd", "sh " + os.path.join(os.path.dirname(cfg), "solver.sh")]
    elif which == "spec":
        # A spec-only problem whose every case is a long run of the spec.
        cfg = problem(f.w, gen=False, spec_text=b"INT(1, 20, t) NEWLINE REP(t) INT(1, 1000, a) SPACE INT(1, 1000, b) NEWLINE END\n"
                      b"REP(9000000) END\n", cases=100000)
        args = stress(cfg, f.corpus)
    else:
        args = stress(cfg, f.corpus)
        args[args.index("6")] = "100000"
    before_entries = count_entries(f.corpus) if os.path.isdir(f.corpus) else 0
    sig, sname = a.rng.choice([(signal.SIGINT, "INT"), (signal.SIGTERM, "TERM")])
    moment = a.rng.uniform(0.2, 2.0)
    before = a.tree()
    p = a.start(args, cwd=f.w, env={"TMPDIR": tmp})
    time.sleep(moment)
    cmd = f"(SIG{sname} after {moment:.2f} s) {p.attack_cmd}"
    if p.poll() is not None:
        a.finish(p, 1)
        f.done()
        return False
    os.kill(p.pid, sig)
    sent = time.monotonic()
    rc, out, err, timed_out, _ = a.finish(p, sent - p.attack_started + 20)
    a.counts[cat]["inputs"] += 1
    if timed_out:
        a.exits[cat]["no stop"] += 1
        a.finding(cat, "hangs", f"still running 20 s after SIG{sname}", cmd)
    else:
        a.judge(cat, cmd, rc, out, err, False, (1,) if "\nFOUND " in out else (130,), sent=sig)
        if time.monotonic() - sent > 3:
            a.finding(cat, "hangs", f"stopped {time.monotonic() - sent:.1f} s after SIG{sname}", cmd)
    if os.path.isdir(f.corpus) and count_entries(f.corpus) > before_entries:
        a.finding(cat, "false", "an entry stored by a right solver's run stopped by a signal", cmd)
    left = os.listdir(tmp)
    if left:
        a.finding(cat, "torn", f"left in TMPDIR after the signal: {left[:3]}", cmd)
    a.after(cat, cmd, before, (f.w,))
    f.done()
    return True


def cat8(a, n):
    cat = "8 problem files"
    kinds = [(spec_input, 0.3), (path_input, 0.15), (corpus_file_input, 0.06), (key_input, 0.09),
             (program_input, 0.29), (bytes_input, 0.07), (signal_input, 0.04)]
    # Every kind at least once, then drawn by weight.
    order = [k for k, _ in kinds]
    while len(order) < n:
        order.append(a.rng.choices([k for k, _ in kinds], [w for _, w in kinds])[0])
    for k in order[:n]:
        if k is signal_input:
            # A run that ended before its signal is no input: try again.
            any(signal_input(a, cat) for _ in range(3))
        else:
            k(a, cat)
