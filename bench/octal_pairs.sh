#!/usr/bin/env bash
# One heap of an octal game by this checkout's engine against another revision's (a benchmark, not
# a test): the two builds value the same heap at once, one on each core, the cores swapped each
# round, and each pair gives the ratio of their CPU times (solvers/examples/octal_speed --one).
# On a shared machine both runs of a pair meet the same load, so the median ratio is steadier than
# either time: two runs of one build gave pairs from 0.9 to 1.2 and a median of 8 within 5% of 1.
#   BEFORE=<git revision> bash bench/octal_pairs.sh [CODE...]   default codes: 0.6 0.64 0.74
#   HEAP=1000000 (the heap), PAIRS=8 (pairs per code)
#   BENCH_QUICK=1 bash bench/octal_pairs.sh   this checkout against itself, a heap of 2 000, one
#                                             pair: whether the script still runs (CI runs it so)
set -euo pipefail
cd "$(dirname "$0")/.."
quick=${BENCH_QUICK:-}
before=${BEFORE:-}
if [[ -n $quick ]]; then
    heap=${HEAP:-2000}
    pairs=1
elif [[ -z $before ]]; then
    echo "error: which revision to compare with? (BEFORE=<git revision> bash $0 [CODE...])" >&2
    exit 2
else
    heap=${HEAP:-1000000}
    pairs=${PAIRS:-8}
fi
codes=("$@")
if [[ ${#codes[@]} -eq 0 ]]; then codes=(0.6 0.64 0.74); fi
tmp=$(mktemp -d)
cleanup() {
    if [[ -n $before && -z $quick ]]; then git worktree remove --force "$tmp/tree" 2> /dev/null || true; fi
    rm -rf "$tmp"
}
trap cleanup EXIT

target=$(realpath -m "${CARGO_TARGET_DIR:-target}")
cargo build --release -q -p solvers --example octal_speed
cp "$target/release/examples/octal_speed" "$tmp/after"
if [[ -n $before && -z $quick ]]; then
    # The same benchmark program against the old engine: it calls only public functions.
    git worktree add -q --detach "$tmp/tree" "$before"
    rm -rf "$tmp/tree/solvers/examples/octal_speed"
    cp -r solvers/examples/octal_speed "$tmp/tree/solvers/examples/"
    (cd "$tmp/tree" && CARGO_TARGET_DIR="$target/before" cargo build --release -q -p solvers --example octal_speed)
    cp "$target/before/release/examples/octal_speed" "$tmp/before"
else
    cp "$tmp/after" "$tmp/before"
fi

# Pinned to a core each where taskset and two cores are there; else side by side, unpinned.
pin() {
    if command -v taskset > /dev/null && [[ $(nproc) -ge 2 ]]; then taskset -c "$1" "${@:2}"; else "${@:2}"; fi
}
echo "== one heap of $heap, ${before:-this checkout} (before) and this checkout (after) at once; CPU seconds"
for code in "${codes[@]}"; do
    for round in $(seq "$pairs"); do
        core=$((round % 2))
        pin "$core" "$tmp/before" --one "$code" "$heap" > "$tmp/b" &
        b=$!
        pin $((1 - core)) "$tmp/after" --one "$code" "$heap" > "$tmp/a" &
        a=$!
        wait "$b" "$a"
        echo "$(cat "$tmp/b") $(cat "$tmp/a")"
    done > "$tmp/pairs"
    # The ratios in order, then the means and the median.
    awk '{ print $2 / $1, $1, $2 }' "$tmp/pairs" | sort -g | awk -v code="$code" '
        { r[NR] = $1; b += $2; a += $3 }
        END {
            median = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
            printf "  %-8s before %6.3f s  after %6.3f s (means of %d)  after / before: median %.3f, %.3f to %.3f\n",
                code, b / NR, a / NR, NR, median, r[1], r[NR]
        }'
done
