#!/usr/bin/env bash
# The octal interactor's values (a benchmark, not a test; issue 28): the value table of one heap
# by gen/interactors/octal-game-interactive.cpp against its frozen baseline
# (bench/cpp/octal_interactor_before.cpp: no tag, a walk per rare value missed), both built here
# with g++ -O2, in the same run, CPU seconds and the ratio before / after; g(N) must agree.
# Codes: the issue's (0.6 Officers, 0.376, 0.56, 0.16, 0.07) and two sparse only with the heap's
# parity as a bit of the value (0.104, 0.324).
#   bash bench/octal_interactor.sh           heaps of 5*10^4 and 10^6 (the baseline needs minutes
#                                            on some codes: a run over BUDGET seconds is cut and
#                                            shown as `> BUDGET`, its ratio as a lower bound)
#   BUDGET=600 bash bench/octal_interactor.sh  a longer cut (default 120 s)
#   BENCH_QUICK=1 bash bench/octal_interactor.sh  heaps of 2000 and 5000: whether the script still
#                                            runs, not figures (CI runs it so)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v g++ > /dev/null; then
    echo "g++ not found: the interactor is C++, nothing to measure"
    exit 0
fi
quick=${BENCH_QUICK:-}
budget=${BUDGET:-120}
if [[ -n $quick ]]; then sizes=(2000 5000); else sizes=(50000 1000000); fi
codes=(0.6 0.376 0.56 0.16 0.07 0.104 0.324)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for side in before after; do
    source=$PWD/gen/interactors/octal-game-interactive.cpp
    [[ $side == before ]] && source=$PWD/bench/cpp/octal_interactor_before.cpp
    g++ -O2 -std=c++17 -I gen/interactors -DSOURCE="\"$source\"" -o "$tmp/$side" bench/cpp/octal_interactor_time.cpp
done

# Prints "g seconds" of one side, or "? >BUDGET" when it is cut.
run() {
    timeout "$budget" "$tmp/$1" "$2" "$3" || echo "? >$budget"
}

printf '%-7s %9s %8s %10s %10s %9s\n' code heap 'g(heap)' 'before s' 'after s' ratio
for n in "${sizes[@]}"; do
    for code in "${codes[@]}"; do
        read -r g_before before < <(run before "$code" "$n")
        read -r g_after after < <(run after "$code" "$n")
        if [[ $g_before != "?" && $g_after != "?" && $g_before != "$g_after" ]]; then
            echo "error: $code, heap $n: g = $g_before before, $g_after after" >&2
            exit 1
        fi
        # Runs under 10 ms both are below the clock's use: no ratio.
        ratio=$(awk -v b="${before#>}" -v a="$after" -v cut="${before:0:1}" 'BEGIN {
            if (a ~ />/) print "?"
            else if (b < 0.01 && a < 0.01) print "-"
            else printf "%s%.1fx", (cut == ">" ? ">" : ""), b / (a > 0.001 ? a : 0.001) }')
        printf '%-7s %9s %8s %10s %10s %9s\n' "$code" "$n" "${g_after/\?/$g_before}" "$before" "$after" "$ratio"
    done
done
