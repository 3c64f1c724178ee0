#!/usr/bin/env bash
# A saved fit as a stress contender (`harness --config C --fit FILE`), against the problem's
# own fast solver as the baseline in the same run (a benchmark, not a test): cases per second
# of each on the same cases, and the ratio. The oracle is a reference solver (`plain`, `isqrt`),
# or brute where it is cheap (bash-game, n <= 60), so what is measured is mostly the
# contender's own cost (for the fit: reading each case as points of its table, a pinned
# generation per point, the form's claim).
#   bash bench/fit_contender.sh [HARNESS]     (default: ${CARGO_TARGET_DIR:-target}/release/harness, built or brought up to date)
#   CASES=20000 (cases per run)
#   BENCH_QUICK=1 bash bench/fit_contender.sh   CASES=500: whether the script still runs
set -euo pipefail
cd "$(dirname "$0")/.."
# The checkout's own harness, brought up to date (a stale binary measures old code), unless given.
if [ -n "${1:-}" ]; then H=$1; else cargo build --release -q -p harness && H=${CARGO_TARGET_DIR:-target}/release/harness; fi
if [ -n "${BENCH_QUICK:-}" ]; then CASES=${CASES:-500}; fi
CASES=${CASES:-20000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Cases per second from a run's closing line (`..., 12.5 s, 800 cases/s`).
rate() { grep -o '[0-9.]* cases/s' "$1" | tail -1 | cut -d' ' -f1; }

# compare NAME TABLE_ARGS... -- RUN_ARGS...: the fit of the table against `--solver fast`.
compare() {
    local name=$1
    shift
    local table=()
    while [ "$1" != "--" ]; do table+=("$1"); shift; done
    shift
    "$H" table "${table[@]}" --fit --save-fit "$tmp/$name.toml" > /dev/null
    "$H" "$@" --solver fast --cases "$CASES" --corpus "$tmp/c" > "$tmp/fast" 2>&1
    "$H" "$@" --fit "$tmp/$name.toml" --cases "$CASES" --corpus "$tmp/c" > "$tmp/fit" 2>&1
    local fast fit
    fast=$(rate "$tmp/fast")
    fit=$(rate "$tmp/fit")
    printf '  %-34s fast %10s cases/s   fit %10s cases/s   fit/fast %s\n' "$name" "$fast" "$fit" \
        "$(echo "$fit / $fast" | bc -l | xargs printf '%.2f')"
}

echo "== $CASES cases each"
compare "kayles (sums of 1-4 heaps)" --problem octal-game --set code=0.77 --vary n=0..100 \
    -- --config octal-game --set code=0.77 --reference plain
compare "bash-game k=3" --problem bash-game --set k=3 --vary n=0..20 \
    -- --config bash-game --set k=3
compare "wythoff (Beatty pairs)" --problem wythoff --vary a=0..12 --vary b=0..12 \
    -- --config wythoff --reference isqrt
