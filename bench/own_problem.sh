#!/usr/bin/env bash
# Figures for a problem made of programs (examples/euclid and examples/triangles), not a test:
# cases/s of the harness (one process per program per case) against a plain shell loop doing
# the same (gen | validate | brute | sol | compare), in the same run; the size before and after
# shrinking by each layer alone and by all; and the spec layer on a 1000-vertex, 3000-edge graph
# whose bug needs 3 edges; `invoke --config` and `testset --config` on euclid's [[test]]s.
#   bash bench/own_problem.sh [HARNESS]     (default: ${CARGO_TARGET_DIR:-target}/release/harness, built or brought up to date)
#   N=100 (cases for the throughput), SKIP_THROUGHPUT=1, LAYERS="spec text" (euclid's layer runs)
#   BENCH_QUICK=1 bash bench/own_problem.sh   N=2, LAYERS=gen and TRIANGLE_LAYERS=text unless set,
#                                             5 s of shrinking per run at most: whether the script still runs
set -euo pipefail
cd "$(dirname "$0")/.."
# The checkout's own harness, brought up to date (a stale binary measures old code), unless given.
if [ -n "${1:-}" ]; then H=$1; else cargo build --release -q -p harness && H=${CARGO_TARGET_DIR:-target}/release/harness; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
shrink_seconds=3000
if [ -n "${BENCH_QUICK:-}" ]; then
    N=${N:-2}
    LAYERS=${LAYERS:-gen}
    TRIANGLE_LAYERS=${TRIANGLE_LAYERS:-text}
    shrink_seconds=5
fi
N=${N:-60}
E=examples/euclid

now() { date +%s.%N; }

if [ -z "${SKIP_THROUGHPUT:-}" ]; then
echo "== throughput, $N cases of euclid, right solution (4 Python processes per case)"
for j in 1 2; do
    start=$(now)
    # One process per program per case: bench/own_batch.sh measures euclid batched (its default).
    "$H" --config $E/euclid.toml --cases "$N" -j $j --batch 1 --corpus "$tmp/c" > /dev/null 2>&1
    end=$(now)
    echo "  harness -j$j: $(echo "$N / ($end - $start)" | bc -l | xargs printf '%.1f') cases/s"
done
start=$(now)
for k in $(seq 1 "$N"); do
    t=$((k % 8 + 1))
    python3 $E/gen.py "$k" "$t" 100 > "$tmp/in"
    python3 $E/val.py < "$tmp/in" > /dev/null 2>&1 || [ $? -eq 42 ]
    python3 $E/brute.py < "$tmp/in" > "$tmp/exp"
    python3 $E/sol.py < "$tmp/in" > "$tmp/out"
    cmp -s <(tr -s ' \n' '\n\n' < "$tmp/exp") <(tr -s ' \n' '\n\n' < "$tmp/out")
done
end=$(now)
echo "  shell loop:  $(echo "$N / ($end - $start)" | bc -l | xargs printf '%.1f') cases/s"
fi

echo "== shrinking euclid's wrong solution, by layer"
for layers in ${LAYERS:-gen spec text gen,spec,text}; do
    "$H" --config $E/euclid.toml --solver-cmd "python3 $E/wrong.py" --shrink-layers "$layers" \
        --shrink-seconds "$shrink_seconds" --corpus "$tmp/c-$layers" > "$tmp/found" 2> /dev/null || true
    grep -o 'shrunk from .*' "$tmp/found" | sed "s/^/  $layers: /"
done

echo "== triangles: 1000 vertices, 3000 edges, a bug that needs 3 edges"
for layers in ${TRIANGLE_LAYERS:-spec text}; do
    "$H" --config examples/triangles/triangles.toml --solver-cmd "python3 examples/triangles/wrong.py" \
        --shrink-layers "$layers" --shrink-seconds "$shrink_seconds" --corpus "$tmp/t-$layers" > "$tmp/found" 2> /dev/null || true
    grep -o 'shrunk from .*' "$tmp/found" | sed "s/^/  $layers: /"
    sed -n '/  input:/,/  expected/p' "$tmp/found" | sed '1d;$d'
done

echo "== invoke and testset on euclid (its [[test]]s, answered by the reference)"
start=$(now)
"$H" invoke --config $E/euclid.toml --solver-cmd "python3 $E/wrong.py" --expect "python3 $E/wrong.py=WA" \
    --corpus "$tmp/none" 2> /dev/null | sed -n '1,/^$/p' | sed '/^$/d;s/^/  /'
end=$(now)
echo "  invoke: $(echo "$end - $start" | bc -l | xargs printf '%.2f') s"
# testset reads the corpus folder, which a run that found nothing never made.
mkdir -p "$tmp/c"
random=$([ -n "${BENCH_QUICK:-}" ] && echo 2 || echo 20)
for layout in flat polygon; do
    start=$(now)
    "$H" testset --config $E/euclid.toml --out "$tmp/set-$layout" --format $layout --random "$random" \
        --corpus "$tmp/c" > /dev/null 2>&1
    end=$(now)
    echo "  testset --format $layout --random $random: $(find "$tmp/set-$layout" -type f | wc -l) files in \
$(echo "$end - $start" | bc -l | xargs printf '%.2f') s"
done
