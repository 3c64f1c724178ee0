#!/usr/bin/env bash
# One heap of an octal game by this checkout's engine against another revision's (a benchmark, not
# a test): the two builds value the same heap at once, one on each core, the cores swapped each
# round, and each pair gives the ratio of their CPU times (solvers/examples/octal_speed --one).
# On a shared machine both runs of a pair meet the same load, so the median ratio is steadier than
# either time: two runs of one build gave pairs from 0.9 to 1.2 and a median of 8 within 5% of 1.
#   BEFORE=<git revision> bash bench/octal_pairs.sh [CODE...]   default codes: 0.6 0.64 0.74
#   BEFORE=<git revision> bash bench/octal_pairs.sh all         every code of up to 3 digits (511;
#                                       with HEAP=100000 PAIRS=1, about ten minutes here)
#   HEAP=1000000 (the heap), PAIRS=8 (pairs per code and layout)
#   ALIGNS="0 16 32 64" (default "0"): the layouts of the code, each built for both revisions:
#       0 as cargo places the loops, N with every loop aligned to N bytes (rustc's
#       -C llvm-args=-align-loops=N, in a target directory of its own). Where the compiler happens
#       to place the hot loops moves a heap's time by up to a tenth: builds of 3879894 and 4a431f6,
#       which change no hot loop, gave `0.74` 0.90 as cargo placed them and 0.98 to 1.02 aligned
#       to 16, 32 or 64, `0.376` 1.075 and 1.00 to 1.08. A change of less than a tenth is known only
#       from its median over several layouts, printed last.
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
read -r -a aligns <<< "${ALIGNS:-0}"
for align in "${aligns[@]}"; do
    if [[ ! $align =~ ^[0-9]+$ ]]; then
        echo "error: ALIGNS=\"${ALIGNS:-}\": $align is not a number of bytes (0: as cargo places the loops)" >&2
        exit 2
    fi
done
codes=("$@")
if [[ ${#codes[@]} -eq 0 ]]; then codes=(0.6 0.64 0.74); fi
if [[ ${codes[*]} == all ]]; then
    codes=()
    for a in 0 1 2 3 4 5 6 7; do
        if [[ $a != 0 ]]; then codes+=("0.$a"); fi
        for b in 0 1 2 3 4 5 6 7; do
            if [[ $b != 0 ]]; then codes+=("0.$a$b"); fi
            for c in 1 2 3 4 5 6 7; do codes+=("0.$a$b$c"); done
        done
    done
fi
tmp=$(mktemp -d)
cleanup() {
    if [[ -n $before && -z $quick ]]; then git worktree remove --force "$tmp/tree" 2> /dev/null || true; fi
    rm -rf "$tmp"
}
trap cleanup EXIT

if [[ -n $before && -z $quick ]]; then
    # The same benchmark program against the old engine: it calls only public functions.
    git worktree add -q --detach "$tmp/tree" "$before"
    rm -rf "$tmp/tree/solvers/examples/octal_speed"
    cp -r solvers/examples/octal_speed "$tmp/tree/solvers/examples/"
fi
# build DIR LAYOUT NAME: the benchmark of the checkout in DIR, in the layout, copied to $tmp/NAME.
build() {
    local target flags
    target=$(realpath -m "${CARGO_TARGET_DIR:-target}")
    flags=${RUSTFLAGS:-}
    if [[ $2 != 0 ]]; then
        target="$target/aligned-$2"
        flags="$flags -C llvm-args=-align-loops=$2"
    fi
    if [[ $1 != . ]]; then target="$target/before"; fi
    (cd "$1" && RUSTFLAGS="$flags" CARGO_TARGET_DIR="$target" cargo build --release -q -p solvers --example octal_speed)
    cp "$target/release/examples/octal_speed" "$tmp/$3"
}
for align in "${aligns[@]}"; do
    build . "$align" "after-$align"
    if [[ -n $before && -z $quick ]]; then
        build "$tmp/tree" "$align" "before-$align"
    else
        cp "$tmp/after-$align" "$tmp/before-$align"
    fi
done

# Pinned to a core each where taskset and two cores are there; else side by side, unpinned.
pin() {
    if command -v taskset > /dev/null && [[ $(nproc) -ge 2 ]]; then taskset -c "$1" "${@:2}"; else "${@:2}"; fi
}
# summary CODE LAYOUT < "before after" lines: the means and the median ratio.
summary() {
    # A run too short for the clock to see counts as a ratio of 1.
    awk '{ print ($1 > 0 ? $2 / $1 : 1), $1, $2 }' | sort -g | awk -v code="$1" -v layout="$2" '
        { r[NR] = $1; b += $2; a += $3 }
        END {
            median = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
            printf "  %-8s %-9s before %6.3f s  after %6.3f s (means of %d)  after / before: median %.3f, %.3f to %.3f\n",
                code, layout, b / NR, a / NR, NR, median, r[1], r[NR]
        }'
}
echo "== one heap of $heap, ${before:-this checkout} (before) and this checkout (after) at once; CPU seconds"
for code in "${codes[@]}"; do
    : > "$tmp/all"
    for align in "${aligns[@]}"; do
        for round in $(seq "$pairs"); do
            core=$((round % 2))
            pin "$core" "$tmp/before-$align" --one "$code" "$heap" > "$tmp/b" &
            b=$!
            pin $((1 - core)) "$tmp/after-$align" --one "$code" "$heap" > "$tmp/a" &
            a=$!
            wait "$b" "$a"
            echo "$(cat "$tmp/b") $(cat "$tmp/a")"
        done > "$tmp/pairs"
        layout="cargo"
        if [[ $align != 0 ]]; then layout="align-$align"; fi
        summary "$code" "$layout" < "$tmp/pairs"
        cat "$tmp/pairs" >> "$tmp/all"
    done
    if [[ ${#aligns[@]} -gt 1 ]]; then summary "$code" "all" < "$tmp/all"; fi
done
