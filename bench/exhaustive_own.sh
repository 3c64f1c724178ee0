#!/usr/bin/env bash
# Exhaustive checks beyond the stress loop's own (a benchmark, not a test), each against a
# baseline in the same run:
#   1. `table --exhaustive` (one row per size, in process) against `harness --exhaustive` over
#      the same rooted trees of tree-game: instances per second of each, brute and the default
#      solvers on every tree;
#   2. euclid's problem file over T pairs: its spec as written (every order of the pairs), the
#      spec with `#@multiset pairs`, and an `enumerate` command printing the same multisets:
#      instances and cases per second of each (three Python processes per case).
# The enumeration's own speed, marked against unmarked, is the measurement test
#   cargo test --release -p engine -- --ignored speed_of_marked --nocapture
#   bash bench/exhaustive_own.sh [HARNESS]     (default: ${CARGO_TARGET_DIR:-target}/release/harness, built or brought up to date)
#   N=12 (largest tree), K=3 (a and b in 1..K)
#   BENCH_QUICK=1 bash bench/exhaustive_own.sh   N=6, K=1: whether the script still runs
set -euo pipefail
cd "$(dirname "$0")/.."
# The checkout's own harness, brought up to date (a stale binary measures old code), unless given.
if [ -n "${1:-}" ]; then H=$1; else cargo build --release -q -p harness && H=${CARGO_TARGET_DIR:-target}/release/harness; fi
if [ -n "${BENCH_QUICK:-}" ]; then
    N=${N:-6}
    K=${K:-1}
fi
N=${N:-12}
K=${K:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
per_second() { echo "$1 / ($3 - $2)" | bc -l | xargs printf '%.1f'; }

echo "== tree-game, every rooted tree of 1 to $N vertices"
start=$(now)
"$H" table --problem tree-game --vary "n=1..$N" --exhaustive > "$tmp/table"
mid=$(now)
"$H" --config tree --exhaustive --set "n=[1,$N]" --corpus "$tmp/c" > "$tmp/stress" 2>&1
end=$(now)
trees=$(awk '/^instances/ { s = 0; for (i = 2; i <= NF; i++) s += $i; print s }' "$tmp/table")
table_rate=$(per_second "$trees" "$start" "$mid")
stress_rate=$(per_second "$trees" "$mid" "$end")
echo "  table --exhaustive:   $trees trees, $table_rate/s"
echo "  harness --exhaustive: $trees trees, $stress_rate/s"
echo "  ratio table / stress: $(echo "$table_rate / $stress_rate" | bc -l | xargs printf '%.2f')"

echo "== euclid, 1 or 2 pairs of a, b in 1..$K"
cp -r examples/euclid "$tmp/euclid"
E=$tmp/euclid
sed 's/^REP(t)$/#@multiset pairs\nREP(t)/' "$E/euclid.ctd" > "$E/marked.ctd"
cat > "$E/all.py" <<'EOF'
import itertools, sys
tlo, thi, k = map(int, sys.argv[1:4])
pairs = [(a, b) for a in range(1, k + 1) for b in range(1, k + 1)]
for t in range(tlo, thi + 1):
    for chosen in itertools.combinations_with_replacement(pairs, t):
        sys.stdout.write(f"{t}\n" + "".join(f"{a} {b}\n" for a, b in chosen) + "\0")
EOF
sed 's/^spec = "euclid.ctd"/spec = "marked.ctd"/' "$E/euclid.toml" > "$E/marked.toml"
sed "s/^seed = 1$/seed = 1\nenumerate = \"python3 all.py {t} $K\"/" "$E/euclid.toml" > "$E/enumerate.toml"
bounds=(--set "t=[1,2]" --set "a=[1,$K]" --set "b=[1,$K]")
for way in euclid marked enumerate; do
    sets=("${bounds[@]}")
    [ "$way" = enumerate ] && sets=(--set "t=[1,2]")
    start=$(now)
    "$H" --config "$E/$way.toml" --exhaustive "${sets[@]}" --corpus "$tmp/c-$way" > "$tmp/out-$way" 2>&1
    end=$(now)
    n=$(grep -o '([0-9 ]* instances' "$tmp/out-$way" | tail -1 | tr -dc 0-9)
    echo "  $way: $n instances, $(per_second "$n" "$start" "$end") cases/s; $(grep -o 'up to the order of the pairs\|as the enumerator lists them\|labelled: counts each instance once per labelling' "$tmp/out-$way" | tail -1)"
done
