#!/usr/bin/env bash
# Interactive problems (not a test): games per second for a C++ player (compiled here with
# g++) and a Python player on nim-interactive and green-hackenbush-interactive, one and two
# threads, with the jury's positions valued per game; then how the wrong built-in players are
# caught and what they shrink to.
#   bash bench/interactive.sh [GAMES]      (default 200 games per run)
#   BENCH_QUICK=1 bash bench/interactive.sh   2 games per run, the wrong players on 2000 games at most:
#                                             whether the script still runs, not figures
set -euo pipefail
cd "$(dirname "$0")/.."
quick=${BENCH_QUICK:-}
games=${1:-$([ -n "$quick" ] && echo 2 || echo 200)}
wrong_cases=()
[ -n "$quick" ] && wrong_cases=(--cases 2000)
cargo build --release -q -p harness
H=${CARGO_TARGET_DIR:-target}/release/harness
P=harness/tests/interactive_players
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
g++ -O2 -std=c++17 -o "$tmp/nim" "$P/nim_right.cpp"
g++ -O2 -std=c++17 -o "$tmp/hackenbush" "$P/hackenbush_right.cpp"

run() {
    local config=$1 player=$2 threads=$3
    printf '%-30s %-8s %s thread(s): ' "$config" "$4" "$threads"
    $H --config "$config" --cases "$games" --threads "$threads" --time-limit-ms 10000 \
        --corpus "$tmp/corpus" --solver-cmd "$player" 2>&1 | tail -1 | sed 's/^[^:]*: //' || true
}

for threads in 1 2; do
    run nim-interactive "$tmp/nim" "$threads" C++
    run nim-interactive "python3 $P/nim_right.py" "$threads" Python
    run green-hackenbush-interactive "$tmp/hackenbush" "$threads" C++
    run green-hackenbush-interactive "python3 $P/hackenbush_right.py" "$threads" Python
done

echo
for game in nim bash-game wythoff octal-game green-hackenbush; do
    for player in $($H list | awk -v g="$game-interactive" '$1 == g { on = 1; next } /^  [^ ]/ { on = 0 } on && $1 == "player" && $3 == "wrong" { print $2 }'); do
        printf '%s --solver %s: ' "$game-interactive" "$player"
        $H --config "$game-interactive" --solver "$player" "${wrong_cases[@]}" --corpus "$tmp/wrong" 2>&1 |
            awk '/^FOUND/ { found = 1 } /shrunk from/ { sub(/^ */, ""); shrunk = $0 } /why:/ { sub(/^ *why: /, ""); why = $0 }
                 END { print shrunk; print "    " why }' || true
    done
done
