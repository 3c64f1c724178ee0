#!/usr/bin/env bash
# The Green Hackenbush interactor's moves (a benchmark, not a test; issue 28): the jury's reply
# time, as the player sees it (from its line sent to the jury's line read), for this checkout's
# gen/interactors/green-hackenbush-interactive.cpp and for BEFORE's, both built with g++ -O2 and
# run alternately in the same run, the ratio before / after printed. Positions at the judge's
# maximum size (n = 500 000, m = 1 500 000) where only cycle edges win:
#   chords    a cycle through the root with random chords (one 2-edge-connected component), root
#             loops, pairs of stalks of 5 edges, and a lollipop (a bridge to a triangle): value
#             3; no bridge or loop wins, the triangle's far edge does (the 14th edge of the input,
#             so BEFORE tries 13 edges first, each a whole revaluation); then rounds where the
#             player deletes a root loop and the jury answers (the player sees value 0, the jury
#             1): a game's cost per round beyond its first move;
#   cycle     one odd cycle of n edges through the root: only its middle edge wins (the 14th of
#             the input), a class of n edges split into n pieces (the worst case of the classes).
#   bash bench/hackenbush_interactor.sh                  BEFORE=88761b0 (the interactor before issue 28)
#   BEFORE=<git revision> bash bench/hackenbush_interactor.sh
#   ROUNDS=10 RUNS=3                                     rounds per game, runs of each interactor
#   BENCH_QUICK=1 bash bench/hackenbush_interactor.sh    n = 2 000: whether the script still
#                                                        runs, not figures (CI runs it so)
set -euo pipefail
cd "$(dirname "$0")/.."
quick=${BENCH_QUICK:-}
before=${BEFORE:-88761b0}
if [[ -n $quick ]]; then
    n=2000 m=6000 rounds=${ROUNDS:-2} runs=1
else
    n=500000 m=1500000 rounds=${ROUNDS:-10} runs=${RUNS:-3}
fi
if ! command -v g++ > /dev/null || ! command -v python3 > /dev/null; then
    echo "g++ or python3 not found: skipped"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/before" "$tmp/feedback"
for file in green-hackenbush-interactive.cpp interaction.h; do
    git show "$before:gen/interactors/$file" > "$tmp/before/$file"
done
g++ -O2 -std=c++17 -o "$tmp/before/interactor" "$tmp/before/green-hackenbush-interactive.cpp"
g++ -O2 -std=c++17 -o "$tmp/after" gen/interactors/green-hackenbush-interactive.cpp

python3 - "$tmp" "$n" "$m" "$rounds" "$runs" "$before" << 'EOF'
import random, statistics, subprocess, sys, time

tmp, n, m, rounds, runs, before = sys.argv[1], *map(int, sys.argv[2:6]), sys.argv[6]
WINNER_AT = 13  # the winning edge's place in the input (0-based): BEFORE tries the edges before it


def write(name, edges, vertices):
    path = f"{tmp}/{name}.in"
    with open(path, "w") as f:
        f.write(f"{vertices} {len(edges)}\n")
        f.write("".join(f"{u} {v}\n" for u, v in edges))
    return path


def chords(rng):
    """The cycle with chords, root loops, stalk pairs and a lollipop (see the script's head)."""
    loops, stalk, pairs = 2 * rounds + 2, 5, max(2, n // 50)
    k = n - 3 - 2 * stalk * pairs  # the cycle's vertices 1..k
    stalks, at = [], k + 1
    for _ in range(2 * pairs):
        stalks += [(rng.randrange(1, k + 1), at)] + [(at + i, at + i + 1) for i in range(stalk - 1)]
        at += stalk
    lollipop = [(rng.randrange(1, k + 1), at), (at, at + 1), (at, at + 2), (at + 1, at + 2)]
    # The root component's parity odd (value 1 ^ the lollipop's term 2): its edges are the cycle,
    # the root loops and the chords.
    cycle = [(i, i + 1) for i in range(1, k)] + [(k, 1)] + [(1, 1)] * loops
    count = m - len(cycle) - len(stalks) - len(lollipop)
    count -= (k + loops + count) % 2 == 0
    chords = []
    while len(chords) < count:
        u, v = rng.randrange(1, k + 1), rng.randrange(1, k + 1)
        if u != v:
            chords.append((u, v))
    # Two stalks (bridges, which do not win) first, then the lollipop with its far edge last.
    rest = stalks[2 * stalk:] + cycle + chords
    rng.shuffle(rest)
    edges = stalks[: 2 * stalk] + lollipop + rest
    assert edges.index(lollipop[-1]) == WINNER_AT
    return write("chords", edges, n)


def cycle(rng):
    """One odd cycle through the root; only its middle edge wins."""
    k = n if n % 2 else n - 1
    edges = [(i, i + 1) for i in range(1, k)] + [(k, 1)]
    middle = edges.pop((k + 1) // 2 - 1)
    rng.shuffle(edges)
    edges.insert(WINNER_AT, middle)
    return write("cycle", edges, k)


def play(interactor, position, rounds):
    """The jury's reply times: its first move, then after each root loop the player deletes."""
    jury = subprocess.Popen([interactor, position, position, f"{tmp}/feedback"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    _, count = map(int, jury.stdout.readline().split())
    edges = [jury.stdout.readline().split() for _ in range(count)]
    root_loops = [e + 1 for e, (u, v) in enumerate(edges) if u == v == "1"]
    gone, times = set(), []

    def say(line):
        start = time.perf_counter()
        jury.stdin.write(line + "\n")
        jury.stdin.flush()
        reply = int(jury.stdout.readline())
        times.append(time.perf_counter() - start)
        gone.update(int(word) for word in (line, reply) if word != "Second")

    say("Second")
    for _ in range(rounds):
        say(str(next(e for e in root_loops if e not in gone)))
    jury.stdin.close()
    jury.wait()
    return times


rng = random.Random(28)
positions = {"chords": chords(rng), "cycle": cycle(rng)}
print(f"n = {n}, m = {m}; before = {before}, {runs} run(s) each, alternating; median seconds")
print(f"{'position':<8} {'what':<22} {'before':>9} {'after':>9} {'before/after':>13}")
for name, position in positions.items():
    game_rounds = rounds if name == "chords" else 0
    first = {"before": [], "after": []}
    later = {"before": [], "after": []}
    for _ in range(runs):
        for side, binary in (("before", f"{tmp}/before/interactor"), ("after", f"{tmp}/after")):
            times = play(binary, position, game_rounds)
            first[side].append(times[0])
            later[side].extend(times[1:])
    rows = [("first move (cycle edge)", first)]
    if game_rounds:
        rows.append(("a round after it", later))
    for what, t in rows:
        b, a = statistics.median(t["before"]), statistics.median(t["after"])
        print(f"{name:<8} {what:<22} {b:>9.4f} {a:>9.4f} {b / a:>12.1f}x")
EOF
