#!/usr/bin/env bash
# Figures for batching a problem file through its spec, not a test: cases/s on examples/euclid
# batched (100 cases per run of each program, the default its `output_per_case` turns on),
# unbatched (--batch 1: every program once per case), and a shell loop doing
# `gen | brute | sol | cmp` per case, all in the same run, with each one's ratio to the loop.
#   bash bench/own_batch.sh [HARNESS]     (default: ${CARGO_TARGET_DIR:-target}/release/harness, built or brought up to date)
#   N=2000 (batched cases), N_ALONE=60 (unbatched cases), N_LOOP=60 (shell loop cases)
#   BENCH_QUICK=1 bash bench/own_batch.sh   N=100, N_ALONE=N_LOOP=2: whether the script still runs
set -euo pipefail
cd "$(dirname "$0")/.."
# The checkout's own harness, brought up to date (a stale binary measures old code), unless given.
if [ -n "${1:-}" ]; then H=$1; else cargo build --release -q -p harness && H=${CARGO_TARGET_DIR:-target}/release/harness; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "${BENCH_QUICK:-}" ]; then
    N=${N:-100}
    N_ALONE=${N_ALONE:-2}
    N_LOOP=${N_LOOP:-2}
fi
N=${N:-2000}
N_ALONE=${N_ALONE:-60}
N_LOOP=${N_LOOP:-60}
E=examples/euclid

now() { date +%s.%N; }
rate() { echo "$1 / ($3 - $2)" | bc -l; }

start=$(now)
for k in $(seq 1 "$N_LOOP"); do
    t=$((k % 8 + 1))
    python3 $E/gen.py "$k" "$t" 100 > "$tmp/in"
    python3 $E/brute.py < "$tmp/in" > "$tmp/exp"
    python3 $E/sol.py < "$tmp/in" > "$tmp/out"
    cmp -s <(tr -s ' \n' '\n\n' < "$tmp/exp") <(tr -s ' \n' '\n\n' < "$tmp/out")
done
loop=$(rate "$N_LOOP" "$start" "$(now)")

# One harness run on `cases` cases: its cases/s; a run that did not check them all stops the script.
harness() {
    local cases=$1
    shift
    local start end
    start=$(now)
    "$H" --config $E/euclid.toml --cases "$cases" --corpus "$tmp/c" "$@" > "$tmp/out" 2>&1
    end=$(now)
    grep -q "$cases cases checked, 0 skipped" "$tmp/out" || { echo "the run did not check $cases cases:" >&2; cat "$tmp/out" >&2; exit 1; }
    rate "$cases" "$start" "$end"
}

echo "== euclid, the right solution: cases/s and the ratio to a shell loop (gen | brute | sol | cmp per case)"
row() { printf '  %-34s %9.1f cases/s  %7.1fx\n' "$1" "$2" "$(echo "$2 / $loop" | bc -l)"; }
row "shell loop ($N_LOOP cases)" "$loop"
for j in 1 2; do
    row "harness -j$j --batch 1 ($N_ALONE cases)" "$(harness "$N_ALONE" -j $j --batch 1)"
    row "harness -j$j batched ($N cases)" "$(harness "$N" -j $j)"
done
