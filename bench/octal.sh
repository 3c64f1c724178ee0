#!/usr/bin/env bash
# Octal values per second (a benchmark, not a test; issue 32): solvers::octal against the engine it
# replaced (that of commit 9301fbc) and tczajka/octal-games on 0.6 (Officers), 0.376, 0.56 and 0.16
# at 10^6 and 10^7 values, ratios from the same run (each engine's faster of two runs, the order
# of the engines reversed for the second: of two runs in a row the second tends to be the slower);
# `solve octal-game` on one heap of 10^6 for the same codes; then one heap of 10^6 for every code of
# up to 3 digits by both engines, which goes first alternating from code to code, how many within
# 1 000 ms, from 1 s to the budget and cut off, which were cut off, and the slowest ten of the others
# (solvers/examples/octal_speed/).
#   bash bench/octal.sh                 everything: the tables about twenty minutes here, the sweep
#                                       well over an hour (each of the ~150 slow codes runs to its
#                                       20 s budget, twice; with --sweep-seconds 3, about 20 minutes)
#   BENCH_QUICK=1 bash bench/octal.sh   tiny sizes, seconds: whether the script still runs, not
#                                       figures (CI runs it so)
#   bash bench/octal.sh --codes 0.6 --sweep-seconds 0
#                                       further arguments go to octal_speed: here Officers' table
#                                       only, no sweep (see solvers/examples/octal_speed/main.rs)
#   bash bench/octal.sh --codes '' --sweep-seconds 3 --sweep-new-only
#                                       no table, the sweep by this engine alone: how many codes
#                                       take under 1 s, 1 to 3 s, or more (about ten minutes)
#   ... --sweep-digits 4                every code of up to 4 digits (4 095), where the issue's
#                                       target lies (well over an hour)
#   TCZAJKA=<git dir or checkout>       where tczajka/octal-games is (default: the fetch tool's
#                                       mirror, else a clone from GitHub); skipped with a message
#                                       if it cannot be had or built (needs g++)
set -euo pipefail
cd "$(dirname "$0")/.."
quick=${BENCH_QUICK:-}
target=${CARGO_TARGET_DIR:-target}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cargo build --release -q -p solvers --bin solve --example octal_speed
if [[ -n $quick ]]; then sizes=(5000 10000); heap=2000; else sizes=(1000000 10000000); heap=1000000; fi

# tczajka/octal-games: its engine is the C++ `analyze` under old/ (the Rust crate at its head parses
# codes only); its number of values is a constant, so one build per size.
their_dir=""
repo=${TCZAJKA:-/work/.mirror/tczajka+octal-games/repo}
src=$tmp/tczajka
if [[ -d $repo ]] && git --git-dir="$repo" rev-parse -q --verify HEAD > /dev/null 2>&1; then
    mkdir -p "$src" && git --git-dir="$repo" archive HEAD old/src | tar -x -C "$src"
elif [[ -d $repo/old/src ]]; then
    mkdir -p "$src/old" && cp -r "$repo/old/src" "$src/old/"
elif timeout 60 git clone -q --depth 1 https://github.com/tczajka/octal-games "$tmp/clone" 2> /dev/null; then
    mkdir -p "$src/old" && cp -r "$tmp/clone/old/src" "$src/old/"
fi
if [[ ! -d $src/old/src ]]; then
    echo "tczajka/octal-games: not found (TCZAJKA=$repo, no clone): its column is skipped"
elif ! command -v g++ > /dev/null; then
    echo "tczajka/octal-games: g++ not found: its column is skipped"
else
    their_dir=$tmp/bin
    mkdir -p "$their_dir"
    for n in "${sizes[@]}"; do
        sed "s/constexpr uint64_t maxn = .*;/constexpr uint64_t maxn = ${n};/" \
            "$src/old/src/analyze_exec.cc" > "$src/old/src/analyze_$n.cc"
        if ! g++ -O2 -std=c++11 -I"$src/old/src" -o "$their_dir/analyze-$n" "$src/old/src/analyze_$n.cc" \
            "$src/old/src/game.cc" "$src/old/src/hadamard.cc" 2> "$tmp/g++.log"; then
            echo "tczajka/octal-games: does not build (g++): its column is skipped"
            tail -5 "$tmp/g++.log"
            their_dir=""
            break
        fi
    done
fi

"$target/release/examples/octal_speed" ${quick:+--quick} ${their_dir:+--tczajka "$their_dir"} "$@" > "$tmp/table"
# The sweep last: `solve` itself (process, parsing, answer) on the issue's codes first.
sed '/^== one heap/,$d' "$tmp/table"
echo "== solve octal-game, one heap of $heap (user CPU time of the process: the machine may be shared)"
for code in 0.6 0.376 0.56 0.16; do
    printf '%s\n1\n%s\n' "$code" "$heap" > "$tmp/in"
    { TIMEFORMAT=%3U; time "$target/release/solve" octal-game < "$tmp/in" > "$tmp/answer"; } 2> "$tmp/time"
    printf '  %-6s g = %-5s %8s s\n' "$code" "$(cat "$tmp/answer")" "$(tail -1 "$tmp/time")"
done
echo
sed -n '/^== one heap/,$p' "$tmp/table"
