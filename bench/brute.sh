#!/usr/bin/env bash
# brute's speed (a benchmark, not a test): states per second per engine on fixed instances
# (brute/examples/speed.rs), the largest instance each Hackenbush problem's brute answers within
# the default budget and the faster of two runs' seconds (speed --reach), then harness cases/s per problem
# at one and two threads and a shell loop of gen | brute | solve | cmp in the same run. With BEFORE=<git revision> each figure is
# taken for that revision too, built in a temporary worktree, runs interleaved, and the ratio
# after / before is printed, with each build's state counts (fewer when a build meets fewer
# states per search). Last, paired stress runs of the three Hackenbush configs: rounds of both
# builds in alternating order, the median of after / before and the rounds after won (without
# BEFORE, the build against itself: the noise). Trust those over any single figure above.
#   bash bench/brute.sh                   this checkout only
#   BEFORE=main bash bench/brute.sh       against main (builds it: a few minutes)
#   CASES=50000 (cases per stress run), SHELL_CASES=200 (cases of each shell loop)
#   ROUNDS=10, PAIR_CASES=200000          the paired stress runs (below)
#   BENCH_QUICK=1 bash bench/brute.sh     tiny workloads, one run each, no BEFORE: whether the
#                                         script still runs, not figures (CI runs it so)
set -euo pipefail
cd "$(dirname "$0")/.."
quick=${BENCH_QUICK:-}
before=${BEFORE:-}
if [[ -n $quick ]]; then
    before=""
    cases=${CASES:-200}
    shell_cases=${SHELL_CASES:-2}
    pair_rounds=${ROUNDS:-1}
    pair_cases=${PAIR_CASES:-200}
    speed_args=(--quick)
else
    cases=${CASES:-50000}
    shell_cases=${SHELL_CASES:-200}
    pair_rounds=${ROUNDS:-10}
    pair_cases=${PAIR_CASES:-200000}
    speed_args=()
fi
tmp=$(mktemp -d)
cleanup() {
    if [[ -n $before ]]; then git worktree remove --force "$tmp/before" 2> /dev/null || true; fi
    rm -rf "$tmp"
}
trap cleanup EXIT

# Cargo's own target directory (CARGO_TARGET_DIR when set); the revision BEFORE builds in its
# subdirectory `before`, so that neither build undoes the other's.
target=$(realpath -m "${CARGO_TARGET_DIR:-target}")
cargo build --release -q -p harness -p solvers --bins
cargo build --release -q -p brute --example speed
mkdir -p "$tmp/after"
cp "$target/release/harness" "$target/release/solve" "$target/release/examples/speed" "$tmp/after/"
builds=(after)
if [[ -n $before ]]; then
    # The same speed.rs against the old brute: it calls only public functions.
    git worktree add -q --detach "$tmp/before" "$before"
    cp brute/examples/speed.rs "$tmp/before/brute/examples/speed.rs" 2> /dev/null ||
        { mkdir -p "$tmp/before/brute/examples" && cp brute/examples/speed.rs "$tmp/before/brute/examples/"; }
    (cd "$tmp/before" && export CARGO_TARGET_DIR="$target/before" &&
        cargo build --release -q -p harness -p solvers --bins &&
        cargo build --release -q -p brute --example speed)
    mkdir -p "$tmp/b"
    cp "$target/before/release/harness" "$target/before/release/solve" \
        "$target/before/release/examples/speed" "$tmp/b/"
    builds=(b after)
fi

# `speed ARGS` run ROUNDS times per build, appended to $tmp/<build>.SUFFIX. Which build goes first
# alternates: here the second of two runs in a row was the slower (on tree-game, whose search two
# builds had alike, the median ratio was 0.81 run second, 0.99 first).
alternating() {
    local rounds=$1 suffix=$2 order=("${builds[@]}") b
    shift 2
    for _ in $(seq "$rounds"); do
        for b in "${order[@]}"; do "$tmp/$b/speed" "$@" >> "$tmp/$b.$suffix"; done
        order=("${order[@]:1}" "${order[0]}")
    done
}

# The header of the tab-separated runs of file $1 and, per key (column $2), the run whose column
# $3 is the highest ($4 = 1) or the lowest ($4 = -1), in the order the keys first came.
best_runs() {
    awk -F'\t' -v key="$2" -v col="$3" -v sign="$4" 'NR == 1 { head = $0; print; next } $0 == head { next }
        !($key in best) || sign * $col > sign * best[$key] { best[$key] = $col; line[$key] = $0; if (!($key in order)) order[$key] = ++n }
        END { for (k in order) at[order[k]] = k; for (i = 1; i <= n; i++) print line[at[i]] }' "$1"
}

echo "== brute states/s per engine (wall, the best of $([[ -n $quick ]] && echo 1 || echo 12) runs, the builds interleaved)"
alternating "$([[ -n $quick ]] && echo 1 || echo 4)" runs "${speed_args[@]}"
for b in "${builds[@]}"; do best_runs "$tmp/$b.runs" 2 6 1 > "$tmp/$b.speed"; done
if [[ -n $before ]]; then
    # Join the two builds' lines by workload, by searches/s: a build may meet fewer states per
    # search (twins), so states/s alone would not compare them; the states of both are printed.
    awk -F'\t' 'FNR == 1 { next } NR == FNR { states[$2] = $4; calls[$2] = $7; next }
        { printf "  %-10s %-17s states %10s -> %-10s   searches/s before %9.0f   after %9.0f   x%.2f   (%.0f states/s after)\n",
              $1, $2, states[$2], $4, calls[$2], $7, $7 / calls[$2], $6 }' "$tmp/b.speed" "$tmp/after.speed"
else
    awk -F'\t' 'FNR > 1 { printf "  %-10s %-17s %10s states   %11.0f states/s   %9.0f searches/s\n", $1, $2, $4, $6, $7 }' \
        "$tmp/after.speed"
fi

echo "== the largest instance each Hackenbush problem's brute answers within the default budget"
# Twice; a problem's faster run is kept (the sizes reached are the budget's, the same each run).
alternating 2 reachruns --reach "${speed_args[@]}"
for b in "${builds[@]}"; do best_runs "$tmp/$b.reachruns" 1 4 -1 > "$tmp/$b.reach"; done
if [[ -n $before ]]; then
    awk -F'\t' 'FNR == 1 { next } NR == FNR { size[$1] = $2; edges[$1] = $3; secs[$1] = $4; next }
        { printf "  %-17s before %-26s %4s edges %8.3f s   after %-26s %4s edges %8.3f s\n",
              $1, size[$1], edges[$1], secs[$1], $2, $3, $4 }' "$tmp/b.reach" "$tmp/after.reach"
else
    awk -F'\t' 'FNR > 1 { printf "  %-17s %-26s %4s edges   %8.3f s\n", $1, $2, $3, $4 }' "$tmp/after.reach"
fi

# The figure of a stress run's last line.
throughput() {
    "$@" 2>&1 | tail -1 | grep -oE '[0-9]+ cases/s' | grep -oE '[0-9]+' || echo 0
}

# Cases/s of a shell loop over the first $shell_cases cases of config $2 (problem $3), with the
# binaries of build $1.
shell_loop() {
    local h=$tmp/$1/harness s=$tmp/$1/solve start end k
    start=$(date +%s.%N)
    for k in $(seq 0 $((shell_cases - 1))); do
        "$h" gen --config "$2" --case "$k" > "$tmp/case.in"
        "$h" brute --problem "$3" "$tmp/case.in" > "$tmp/want"
        "$s" "$3" < "$tmp/case.in" > "$tmp/got"
        cmp -s "$tmp/want" "$tmp/got" || { echo "shell loop: $2 case $k differs" >&2; return 1; }
    done
    end=$(date +%s.%N)
    echo "$shell_cases / ($end - $start)" | bc
}

echo "== harness cases/s ($cases cases of seed 1; x: against the shell loop of the same build)"
printf '  %-18s %-18s' config problem
for b in "${builds[@]}"; do printf '  %-28s' "$([[ $b == b ]] && echo before || echo after): -j1 / -j2"; done
echo
configs="cactus:christmas-game multigraph:green-hackenbush tree:tree-game"
if [[ -z $quick ]]; then
    configs+=" forest:forest-game dag:dag-game wythoff:wythoff bash-game:bash-game nim:nim"
    configs+=" staircase-nim:staircase-nim moore-nim:moore-nim jiangnan-le:jiangnan-le octal-game:octal-game"
    configs+=" combat-on-a-tree:combat-on-a-tree election-promises:election-promises fox-card-game:fox-card-game"
    configs+=" choosing-carrot:choosing-carrot candy-piles:candy-piles bunny-egg:bunny-egg nullify-matrix:nullify-matrix"
fi
for pair in $configs; do
    config=${pair%%:*} problem=${pair#*:}
    printf '  %-18s %-18s' "$config" "$problem"
    for b in "${builds[@]}"; do
        one=$(throughput "$tmp/$b/harness" --config "$config" -j1 --cases "$cases" --corpus "$tmp/corpus")
        two=$(throughput "$tmp/$b/harness" --config "$config" -j2 --cases "$cases" --corpus "$tmp/corpus")
        printf '  %7s / %-7s' "$one" "$two"
        if [[ $config == cactus || $config == multigraph || $config == tree ]]; then
            shell=$(shell_loop "$b" "$config" "$problem")
            printf ' x%-5s' "$(echo "$one / ($shell + 0.001)" | bc)"
            echo "$b $config $shell" >> "$tmp/shell"
        else
            printf '       '
        fi
    done
    echo
done
echo "  shell loops (cases/s, gen | brute | solve | cmp, $shell_cases cases):" $(awk '{ printf "%s %s %s;", $1 == "b" ? "before" : "after", $2, $3 }' "$tmp/shell")

# One stress run's figure per build is no verdict on this machine: runs of one binary move by 15%
# and more. So each Hackenbush config is run in rounds, the two builds one after the other, which
# goes first alternating, and a round's ratio is after / before. Without BEFORE the build is
# paired with itself: the spread of its ratios is the noise. A change that cut callgrind's
# instructions of a cactus run by 5% (and added 11% more mispredicted branches) lost 9 of 10
# rounds of 300 000 cases, median 0.88: instructions are no stand-in for time here.
echo "== paired stress runs ($pair_rounds rounds of $pair_cases cases, one thread; after / before, the order alternating)"
# Before and after: the same build twice without BEFORE.
pair=("${builds[0]}" "${builds[${#builds[@]} - 1]}")
for config in cactus multigraph tree; do
    for r in $(seq "$pair_rounds"); do
        rate=(0 0) slots=(0 1)
        if ((r % 2 == 0)); then slots=(1 0); fi
        for i in "${slots[@]}"; do
            rate[i]=$(throughput "$tmp/${pair[i]}/harness" --config "$config" -j1 --cases "$pair_cases" --corpus "$tmp/corpus")
        done
        echo "${rate[0]} ${rate[1]}" | awk '{ printf "%.3f\n", $2 / ($1 + 0.001) }'
    done > "$tmp/ratios"
    median=$(sort -n "$tmp/ratios" | awk '{ r[NR] = $1 } END { print NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2 }')
    awk -v config="$config" -v median="$median" '{ line = line " " $1; won += $1 > 1 }
        END { printf "  %-11s median %.3f, after faster in %d of %d rounds:%s\n", config, median, won, NR, line }' "$tmp/ratios"
done
