"""Category 10: judge packages (`testset --out`, `corpus export`, `--format
flat|oj|polygon|kattis`).

Problem files whose `name` and `about` are YAML specials (`null`, `no`,
`-1`, `0x10`, `-`), markup (`]]>`, `<`, `&`) or control characters: a
written `problem.yaml` must load as YAML with `name` the very string, a
`problem.xml` must be well-formed (else malformed). `--out` at the
workspace's tracked paths, the workspace itself or what holds it, the
problem's own folder or corpus, directly, through `..`, `.`, a trailing `/`
or a symlink: each refused with exit 2 naming it (else an escape). These run
under `unshare -rm` with the workspace's parent bound read-only, so that a
guard that fails is seen (exit 0, or a write refused by the kernel) and
harms nothing; without `unshare` they are skipped and said so."""

import os
import subprocess
import xml.etree.ElementTree as ET

from common import remove
from problems import WRONG, problem, toml_str

try:
    import yaml
except ImportError:  # the check of problem.yaml is then only that it is there
    yaml = None

NAMES = ["null", "Null", "NULL", "true", "false", "no", "yes", "on", "off", "y", "n", "-1", "0x10",
         "0o17", "1e3", "inf", "nan", "-", "~", "1_000", "0", "007", "12:30", "2024-01-01", "sums"]
ABOUTS = ["", "null", "- item", "key: value", "#comment", "{a: 1}", "[1, 2]", "*alias", "&anchor",
          "!tag x", "%YAML", "@at", "`tick`", "'single'", '"double"', "a\x01b", "bell\x07", "esc\x1b[31m",
          "del\x7f", "tab\there", "line\nbreak", "cr\rx", "]]>", "<b>bold</b>", "a & b", "&amp;",
          "\u2028sep", "\u202eRTL", "\ufeffbom", " lead", "trail ", "x" * 5000, "\x00nul", "\\back\\"]


def small_corpus(a, w):
    """A corpus of one nim entry in `w`."""
    corpus = os.path.join(w, "corpus")
    path = os.path.join(w, "in.txt")
    with open(path, "w") as f:
        f.write("1\n2\n3 4\n")
    subprocess.run([a.h, "corpus", "add", "--problem", "nim", "--corpus", corpus, path], capture_output=True, cwd=w)
    os.unlink(path)
    return corpus


def check_package(a, cat, cmd, out, fmt, name):
    """The files of a package (or of each problem's, for `corpus export`)
    written to `out`: YAML and XML well-formed, the name read back as itself."""
    want = {"kattis": "problem.yaml", "polygon": "problem.xml"}.get(fmt)
    if not want:
        return
    found = [os.path.join(d, want) for d, _, files in os.walk(out) if want in files]
    if not found:
        a.finding(cat, "malformed", f"no {want} in a {fmt} package", cmd)
    for path in found:
        if fmt == "kattis":
            check_yaml(a, cat, cmd, path, name)
        else:
            try:
                ET.parse(path)
            except (ET.ParseError, OSError) as e:
                a.finding(cat, "malformed", f"problem.xml is not well-formed XML: {e}", cmd)


def check_yaml(a, cat, cmd, path, name):
    if yaml is None:
        return
    try:
        with open(path, "rb") as f:
            data = yaml.safe_load(f)
    except yaml.YAMLError as e:
        a.finding(cat, "malformed", f"problem.yaml is not YAML: {str(e)[:200]}", cmd)
        return
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        got = data.get("name") if isinstance(data, dict) else data
        a.finding(cat, "malformed", f"problem.yaml `name` reads back as {got!r}", cmd)
    elif name is not None and data["name"] != name:
        a.finding(cat, "malformed", f"problem.yaml `name` reads back as {data['name']!r}, not {name!r}", cmd)


def hostile_package(a, cat):
    w = a.fresh()
    fmt = a.rng.choice(["kattis", "kattis", "polygon", "polygon", "oj", "flat"])
    out = os.path.join(w, "out")
    r = a.rng.random()
    if r < 0.75:
        name = a.rng.choice(NAMES)
        about = a.rng.choice(ABOUTS)
        cfg = problem(w, name=name, extra=f"about = {toml_str(about)}", tests=a.rng.random() < 0.5,
                      programs={"solver": WRONG} if r < 0.2 else None)
        # The [[test]] `about` is statement text too.
        with open(cfg, "a") as f:
            f.write(f"\n[[test]]\nname = \"odd\"\nabout = {toml_str(a.rng.choice(ABOUTS))}\nvalues = {{ t = 3, max = 9 }}\n")
        if r < 0.2:
            # The problem's corpus (a wrong solver's find) in its package.
            corpus = os.path.join(w, "corpus")
            subprocess.run([a.h, "--config", cfg, "--corpus", corpus, "--cases", "20", "--no-shrink"],
                           capture_output=True, cwd=w, timeout=60)
            args = ["testset", "--config", cfg, "--corpus", corpus, "--out", out, "--random", "1", "--format", fmt]
        else:
            args = ["testset", "--config", cfg, "--out", out, "--random", "1", "--format", fmt]
    else:
        name = None
        problem_name = a.rng.choice(["nim", "wythoff", "election-promises", "bash-game", "nim-interactive"])
        if a.rng.random() < 0.5:
            args = ["testset", "--problem", problem_name, "--out", out, "--random", "1", "--no-judge-size",
                    "--format", fmt]
        else:
            corpus = small_corpus(a, w)
            args = ["corpus", "export", out, "--corpus", corpus, "--format", fmt]
    rc, _, err = a.run(cat, args, cwd=w, ok=(0, 2), timeout=60, allowed=(out, os.path.join(w, "prob", "corpus")),
                       allow_cwd=False)
    cmd = "harness " + " ".join(args)
    a.unclear(cat, cmd, rc, "", err, names=("name", "about", "p.toml"))
    if rc == 0 and os.path.isdir(out):
        check_package(a, cat, cmd, out, fmt, name)
    remove(w)


class ReadOnly:
    """Runs the harness in a mount namespace where `path` is read-only."""

    def __init__(self, path):
        self.path = path
        self.prefix = ["unshare", "-rm", "sh", "-c",
                       'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"', path]
        try:
            probe = subprocess.run(self.prefix + ["sh", "-c", f'! touch "{path}/.attack-probe" 2>/dev/null'],
                                   capture_output=True, timeout=20)
            self.works = probe.returncode == 0
        except (OSError, subprocess.TimeoutExpired):
            self.works = False


def targets(a, ws, w, cfg):
    """Where an --out must never go, each as (the path given, --force)."""
    d = os.path.dirname(cfg)
    link = os.path.join(w, "ws-link")
    if not os.path.lexists(link):
        os.symlink(ws, link)
    ex_link = os.path.join(w, "examples-link")
    if not os.path.lexists(ex_link):
        os.symlink(os.path.join(ws, "examples"), ex_link)
    return [
        os.path.join(ws, "examples"), os.path.join(ws, "examples", "euclid"),
        os.path.join(ws, "examples", "euclid", "samples"), os.path.join(ws, "configs"),
        os.path.join(ws, "configs", "judge"), os.path.join(ws, "corpus"), os.path.join(ws, "corpus", "nim"),
        os.path.join(ws, "harness", "src", "x"), os.path.join(ws, "harness"), os.path.join(ws, "target"),
        os.path.join(ws, "bench"), os.path.join(ws, "docs", "x"), ws, ws + "/", os.path.dirname(ws),
        os.path.join(ws, ".", "examples"), os.path.join(ws, "examples", "..", "examples"),
        os.path.join(ws, ".git"), os.path.join(ws, "Cargo.toml"), os.path.join(ws, "README.md", "x"),
        link, os.path.join(link, "examples"), ex_link, os.path.join(ex_link, "euclid"),
        os.path.relpath(os.path.join(ws, "examples"), w),
    ]


def own_targets(cfg):
    """Where `testset --config` must not write: the problem's own folder,
    its corpus, the file itself."""
    d = os.path.dirname(cfg)
    return [d, os.path.join(d, "corpus"), os.path.join(d, "corpus", "sums"), cfg, os.path.join(d, "sub", ".."), d + "/"]


def workspace_out(a, cat, ws, ro):
    w = a.fresh()
    cfg = problem(w)
    os.makedirs(os.path.join(os.path.dirname(cfg), "sub"))
    corpus = small_corpus(a, w)
    which = a.rng.choice(["testset-problem", "testset-config", "export"])
    fmt = a.rng.choice(["flat", "oj", "polygon", "kattis"])
    # `corpus export` and `testset --problem` know no problem folder: any other folder is theirs to write.
    own = which == "testset-config" and a.rng.random() < 0.3
    target = a.rng.choice(own_targets(cfg) if own else targets(a, ws, w, cfg))
    force = ["--force"] if a.rng.random() < 0.85 else []
    if which == "testset-problem":
        game = a.rng.choice(["nim", "wythoff"] + (["nim-interactive"] if fmt in ("flat", "oj") else []))
        args = ["testset", "--problem", game, "--out", target,
                "--random", "1", "--no-judge-size", "--corpus", corpus] + force
    elif which == "testset-config":
        args = ["testset", "--config", cfg, "--out", target, "--random", "1"] + force
    else:
        args = ["corpus", "export", target, "--corpus", corpus] + force
    args += ["--format", fmt]
    rc, out, err = a.run(cat, args, cwd=w, ok=(2,), timeout=60, prefix=ro.prefix, allow_cwd=False)
    cmd = f"(under unshare -rm, {ro.path} read-only) harness " + " ".join(args)
    text = out + err
    if rc == 0 or "Read-only file system" in text or "os error 30" in text:
        a.finding(cat, "escapes", f"--out {target} was not refused (exit {rc}): {text.strip()[-200:]}", cmd)
    else:
        a.unclear(cat, cmd, rc, out, err, names=(target, os.path.realpath(target), os.path.basename(target.rstrip("/")), "--out"))
    remove(w)


def cat10(a, n, workspace):
    cat = "10 judge packages"
    ro = None
    if workspace:
        parent = os.path.dirname(workspace.rstrip("/")) or workspace
        ro = ReadOnly(parent if parent != "/" else workspace)
        if not ro.works:
            print("  category 10: `unshare -rm` with a read-only bind mount does not work here: "
                  "--out at the workspace not tried", flush=True)
            ro = None
    for i in range(n):
        if ro and i % 2 == 0:
            workspace_out(a, cat, workspace, ro)
        else:
            hostile_package(a, cat)
