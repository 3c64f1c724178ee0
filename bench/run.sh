#!/usr/bin/env bash
# Benchmarks (not tests): solver times at judge limits with peak memory, harness
# throughput, batching against one process per case and a plain shell loop, and
# brute's reach. Figures are printed with a baseline from the same run.
#   bash bench/run.sh            everything (several minutes)
#   bash bench/run.sh solve      only the solvers at judge limits
#   bash bench/run.sh invoke     the invocations tables (needs g++ for the C++ solutions)
#   bash bench/run.sh build      release rebuild after touching one problem file, and per problem
#   BENCH_QUICK=1 bash bench/run.sh   every section but `build` once at tiny sizes (every number of
#                                     four digits or more divided by 1000): whether the script still
#                                     runs, not figures (CI runs it so)
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
quick=${BENCH_QUICK:-}
cargo build --release -q -p harness -p solvers --bins
H=${CARGO_TARGET_DIR:-target}/release/harness
S=${CARGO_TARGET_DIR:-target}/release/solve
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Its arguments, one a line; in quick mode with every number of four digits or more divided
# by 1000 (its last three digits dropped, so 10^18 too), which keeps the relations between sizes.
small() {
    local arg out num
    for arg in "$@"; do
        if [[ -n $quick ]]; then
            out=""
            while [[ $arg =~ ^([^0-9]*)([0-9]+)(.*)$ ]]; do
                num=${BASH_REMATCH[2]}
                ((${#num} >= 4)) && num=${num:0:${#num}-3}
                out+=${BASH_REMATCH[1]}$num
                arg=${BASH_REMATCH[3]}
            done
            arg=$out$arg
        fi
        printf '%s\n' "$arg"
    done
}

# `harness gen` with `small` arguments, into $tmp/in.
gen() {
    local args
    mapfile -t args < <(small "$@")
    $H gen "${args[@]}" > "$tmp/in"
}

# Wall seconds and peak resident MiB of a command reading $2 on stdin.
measure() {
    /usr/bin/time -f '%e %M' -o "$tmp/time" "${@:3}" < "$2" > "$tmp/out" 2> "$tmp/err" || true
    read -r secs kib < "$tmp/time"
    printf '  %-44s %7.2f s %8.0f MiB   %s\n' "$(small "$1")" "$secs" "$((kib / 1024))" "$(head -c 60 "$tmp/err" | tr '\n' ' ')"
}

gen_timed() {
    local start end
    start=$(date +%s.%N)
    gen "$@"
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}

# The test NN (of NN.in) whose NN.desc, in test set $1, says $2; fails when none does, so that a
# change of the test set's layout stops the benchmark instead of measuring nothing.
test_saying() {
    local desc
    desc=$(grep -lF -- "$2" "$1"/*.desc | head -1 || true)
    if [[ -z $desc ]]; then
        echo "bench/run.sh: no test in $1 has a .desc saying '$2'" >&2
        exit 1
    fi
    basename "$desc" .desc
}

# $1, or $2 in quick mode.
sz() {
    if [[ -n $quick ]]; then echo "$2"; else echo "$1"; fi
}

# How many times each figure is taken (the best is kept).
reps=$(sz 9 1)

if [[ $what == all || $what == solve ]]; then
    echo "== solve at judge limits (wall, peak memory; solve's own parse/solve split)"
    t=$(gen_timed --problem green-hackenbush --set n=500000 --set m=1500000 --seed 1)
    echo "  (generating $(small n=500000 m=1500000 | tr '\n' ' ')took $t s)"
    measure "green-hackenbush n=500000 m=1500000" "$tmp/in" $S green-hackenbush --timings
    gen --problem green-hackenbush --set n=500000 --set m=499999 --set 'shapes=["path"]' \
        --set loop_rate=0 --set parallel_rate=0 --seed 2
    measure "green-hackenbush path of 500000 vertices" "$tmp/in" $S green-hackenbush --timings
    # The baselines, best of 9 each, interleaved, on the judge-size tests of
    # configs/judge/green-hackenbush.toml: a straightforward iterative C++
    # solution, and the seed's own recursive one (fread, linked lists) when
    # ../shared/seeds is there to read it from. The seed's needs an unlimited stack.
    if command -v g++ > /dev/null; then
        g++ -O2 -o "$tmp/gh_cpp" bench/cpp/green_hackenbush.cpp
        seed_text=$(ls ../shared/seeds/000_*.txt 2> /dev/null | head -1 || true)
        if [[ -n $seed_text ]]; then
            awk '/^#include <bits\/stdc\+\+.h>/ { p = 1 } p { print } /^}$/ && p && ++c == 2 { exit }' \
                "$seed_text" > "$tmp/seed.cpp"
            g++ -O2 -o "$tmp/gh_seed" "$tmp/seed.cpp"
        fi
        echo "  green-hackenbush against C++ (wall, best of $reps interleaved; ratio = rust / C++):"
        # Each test's NN.desc says what it is: "judge size `path`: ..." for the judge-size tests,
        # "random: ... case K" for the random ones (the tests of the quick mode).
        if [[ -n $quick ]]; then
            $H testset --problem green-hackenbush --out "$tmp/set" --random 2 --no-judge-size > /dev/null 2>&1
            tests=(random:case-0 random:case-1)
        else
            $H testset --problem green-hackenbush --out "$tmp/set" --random 0 > /dev/null 2>&1
            tests=(random path path-dense star caterpillar binary loops)
        fi
        for test in "${tests[@]}"; do
            if [[ -n $quick ]]; then
                input=$(test_saying "$tmp/set" "multigraph.toml case ${test#random:case-} ")
            else
                input=$(test_saying "$tmp/set" "judge size \`$test\`")
            fi
            for _ in $(seq "$reps"); do
                /usr/bin/time -f 'cpp %e' "$tmp/gh_cpp" < "$tmp/set/$input.in" > /dev/null
                /usr/bin/time -f 'rust %e' $S green-hackenbush < "$tmp/set/$input.in" > /dev/null
                if [[ -x $tmp/gh_seed ]]; then
                    (ulimit -s unlimited; /usr/bin/time -f 'seed %e' "$tmp/gh_seed" < "$tmp/set/$input.in" > /dev/null)
                fi
            done 2>&1 | awk -v t="$test" '{ if (!($1 in best) || $2 < best[$1]) best[$1] = $2 }
                END { ratio = best["cpp"] > 0 ? best["rust"] / best["cpp"] : 0
                      printf "    %-11s rust %5.2f s   C++ %5.2f s (%.2fx)", t, best["rust"], best["cpp"], ratio
                      if ("seed" in best) printf "   seed C++ %5.2f s (%.2fx)", best["seed"], (best["seed"] > 0 ? best["rust"] / best["seed"] : 0)
                      printf "\n" }'
        done
    fi
    for shape in path star random; do
        for w in property-a property-b; do
            gen --problem forest-game --set n=200000 --set "shapes=[\"$shape\"]" --set "weights=[\"$w\"]" \
                --seed 3
            measure "forest-game n=200000 $shape $w" "$tmp/in" $S forest-game --timings
        done
    done
    gen --problem tree-game --set n=100000 --count 100 --seed 4
    measure "tree-game 100 trees of 100000 vertices" "$tmp/in" $S tree-game --timings
    # One pair per input: solve is bound by start-up and reading, at any size.
    echo "1000000000 1000000000" > "$tmp/in"
    measure "wythoff 1000000000 1000000000" "$tmp/in" $S wythoff --timings
    echo "999999999 618033988" > "$tmp/in"
    measure "wythoff, the largest losing pair" "$tmp/in" $S wythoff --timings
    gen --problem bash-game --set n=1000000000000000000 --set k=999999999999999999 --seed 5
    measure "bash-game n=10^18 k=10^18-1" "$tmp/in" $S bash-game --timings
    gen --problem nim --set n=10000 --set 'values=[0,9999]' --count 10 --seed 5
    measure "nim 10 cases of 10000 piles below 10000" "$tmp/in" $S nim --timings
    gen --problem staircase-nim --set n=100000 --set 'values=[0,1000000000]' --seed 5
    measure "staircase-nim 100000 steps up to 10^9" "$tmp/in" $S staircase-nim --timings
    gen --problem moore-nim --set n=100000 --set k=50000 --set 'values=[0,1000000000]' --seed 5
    measure "moore-nim 100000 piles up to 10^9, k=50000" "$tmp/in" $S moore-nim --timings
    gen --problem jiangnan-le --set t=99 --set n=99 --set f=1 --set a=[99900,99999] --set 'shapes=["top"]' \
        --seed 5
    measure "jiangnan-le T=99 N=99 piles near 99999, F=1" "$tmp/in" $S jiangnan-le --timings
    # Kayles and Dawson's chess: periods proven at 256 values; 0.16: period
    # 149459, proven at 2^19 values by the sparse space; 0.6: a sparse space,
    # no period within 10^6; 0.007: neither, O(n^2) (so 10^5 only).
    for code_n in 0.77:1000000 0.137:1000000 0.16:1000000 0.6:1000000 0.007:100000; do
        gen --problem octal-game --set "code=${code_n%:*}" --set heaps=100000 --set "n=[0,${code_n#*:}]" \
            --set 'shapes=["uniform"]' --seed 6
        measure "octal-game ${code_n%:*}, 100000 heaps up to ${code_n#*:}" "$tmp/in" $S octal-game --timings
    done
    # A path rooted at an end is the deepest tree (no recursion may overflow);
    # all white gives the largest Grundy values, so the deepest tries.
    for shape_white in path:1.0 path:0.5 random:0.5 star:1.0 binary:1.0 caterpillar:0.8; do
        gen --problem combat-on-a-tree --set n=100000 --set "shapes=[\"${shape_white%:*}\"]" \
            --set "white=[${shape_white#*:}]" --seed 7
        measure "combat-on-a-tree n=100000 ${shape_white%:*} white ${shape_white#*:}" "$tmp/in" $S cot3 --timings
    done
    for shape in sparse dense layered sources chains; do
        gen --problem election-promises --set n=200000 --set m=200000 --set "shapes=[\"$shape\"]" \
            --set max_value=1000000000 --seed 8
        measure "election-promises n=m=200000 $shape" "$tmp/in" $S cf1149e --timings
    done
    gen --problem fox-card-game --set n=100 --set s=100 --set 'values=[1,1000]' --set 'shapes=["uniform"]' \
        --seed 7
    measure "fox-card-game 100 piles of 100 cards" "$tmp/in" $S fox-card-game --timings
    for shape in uniform plateaus peak; do
        gen --problem choosing-carrot --set n=300000 --set 'values=[1,1000000000]' --set "shapes=[\"$shape\"]" \
            --seed 8
        measure "choosing-carrot n=300000 $shape" "$tmp/in" $S choosing-carrot --timings
    done
    for shape in uniform staircase near-square; do
        gen --problem candy-piles --set n=100000 --set 'values=[1,1000000000]' --set "shapes=[\"$shape\"]" \
            --seed 9
        measure "candy-piles N=100000 $shape" "$tmp/in" $S candy-piles --timings
    done
    gen --problem bunny-egg --set n=40 --set m=40 --set k=1000 --set 'shapes=["snake"]' --seed 1
    measure "bunny-egg 40x40 snake, 799 rounds (the most)" "$tmp/in" $S bunny-egg --timings
    gen --problem bunny-egg --set n=40 --set m=40 --set k=1000 --set 'shapes=["checkerboard"]' --set flips=0 \
        --seed 2
    measure "bunny-egg 40x40 checkerboard, a random game" "$tmp/in" $S bunny-egg --timings
    gen --problem nullify-matrix --set n=100 --set m=100 --set 'values=[0,1000000]' --set zeros=0 --count 10 \
        --seed 7
    measure "nullify-matrix 10 cases of 100x100 up to 10^6" "$tmp/in" $S nullify-matrix --timings
fi

throughput() {
    local line
    line=$("$@" 2>&1 | tail -1)
    echo "$line" | grep -oE '[0-9]+ cases/s' | head -1
}

if [[ $what == all || $what == harness ]]; then
    echo "== harness throughput in process (brute + default solvers)"
    for c in cactus tree multigraph forest dag; do
        one=$(throughput $H --config $c --threads 1 --cases "$(small 20000)" --corpus "$tmp/corpus")
        two=$(throughput $H --config $c --threads 2 --cases "$(small 20000)" --corpus "$tmp/corpus")
        printf '  %-12s threads 1: %-16s threads 2: %s\n' "$c" "$one" "$two"
    done
    for c in wythoff wythoff-big wythoff-small jiangnan-le octal-game bash-game nim staircase-nim moore-nim; do
        one=$(throughput $H --config $c --threads 1 --cases "$(small 20000)" --corpus "$tmp/corpus")
        two=$(throughput $H --config $c --threads 2 --cases "$(small 20000)" --corpus "$tmp/corpus")
        printf '  %-12s threads 1: %-16s threads 2: %s\n' "$c" "$one" "$two"
    done
    for c in combat-on-a-tree election-promises fox-card-game choosing-carrot candy-piles bunny-egg bunny-egg-big \
        nullify-matrix; do
        one=$(throughput $H --config $c --threads 1 --cases "$(small 20000)" --corpus "$tmp/corpus")
        two=$(throughput $H --config $c --threads 2 --cases "$(small 20000)" --corpus "$tmp/corpus")
        printf '  %-12s threads 1: %-16s threads 2: %s\n' "$c" "$one" "$two"
    done
    one=$(throughput $H --config combat-big --threads 2 --cases "$(sz 200 2)" --corpus "$tmp/corpus")
    printf '  %-12s threads 2: %s (fast vs plain, n up to 5000)\n' combat-big "$one"
fi

if [[ $what == all || $what == external ]]; then
    echo "== an external right solver (solve): batched vs one process per case vs a shell loop"
    for pair in "cactus christmas-game" "tree tree-game"; do
        set -- $pair
        batched=$(throughput $H --config "$1" --cases "$(small 20000)" --solver-cmd "$S $2" --corpus "$tmp/corpus")
        single=$(throughput $H --config "$1" --cases "$(small 2000)" --batch 1 --solver-cmd "$S $2" --corpus "$tmp/corpus")
        n=$(sz 200 3)
        start=$(date +%s.%N)
        for k in $(seq 0 $((n - 1))); do
            $H gen --config "$1" --case "$k" > "$tmp/case.in"
            $H brute --problem "$2" "$tmp/case.in" > "$tmp/want"
            $S "$2" < "$tmp/case.in" > "$tmp/got"
            cmp -s "$tmp/want" "$tmp/got" || { echo "shell loop: case $k differs"; break; }
        done
        end=$(date +%s.%N)
        shell=$(echo "$n / ($end - $start)" | bc)
        printf '  %-8s batched: %-16s one per case: %-14s shell loop: %s cases/s\n' "$1" "$batched" "$single" "$shell"
    done
fi

if [[ $what == all || $what == brute ]]; then
    echo "== brute's reach (largest instance within one second)"
    # Each loop stops past one second; in quick mode after its first size.
    if [[ -z $quick ]]; then
        cargo test -q --release -p brute --lib -- --ignored --nocapture --test-threads 1 2>&1 | grep -vE '^(running|test |$)' || true
    fi
    for shape in random star; do
        for n in 16 18 20 22 24 26 28 30 32 34; do
            $H gen --problem forest-game --set n=$n --set "shapes=[\"$shape\"]" --set 'weights=["property-b"]' \
                --seed 5 > "$tmp/in"
            start=$(date +%s.%N)
            $H brute --problem forest-game "$tmp/in" > /dev/null
            secs=$(echo "$(date +%s.%N) - $start" | bc)
            printf '  forest-game brute, %-6s tree n=%-3s %6.3f s\n' "$shape" "$n" "$secs"
            if [[ -n $quick ]] || (( $(echo "$secs > 1" | bc) )); then break; fi
        done
    done
    for n in 12 14 16 18 20 22 24 26; do
        $H gen --problem combat-on-a-tree --set n=$n --set 'shapes=["random"]' --set 'white=[1.0]' \
            --seed 5 > "$tmp/in"
        start=$(date +%s.%N)
        $H brute --problem combat-on-a-tree --max-states 100000000 "$tmp/in" > /dev/null || true
        secs=$(echo "$(date +%s.%N) - $start" | bc)
        printf '  combat-on-a-tree brute, all-white random tree n=%-3s %6.3f s\n' "$n" "$secs"
        if [[ -n $quick ]] || (( $(echo "$secs > 1" | bc) )); then break; fi
    done
    for n in 4 6 8 9 10 11 12; do
        $H gen --problem election-promises --set n=$n --set m=$n --set 'shapes=["sparse"]' --set max_value=3 \
            --set zeros=0 --seed 5 > "$tmp/in"
        start=$(date +%s.%N)
        $H brute --problem election-promises --max-states 100000000 "$tmp/in" > /dev/null || true
        secs=$(echo "$(date +%s.%N) - $start" | bc)
        printf '  election-promises brute (bits 2), sparse n=m=%-3s values 1..3 %6.3f s\n' "$n" "$secs"
        if [[ -n $quick ]] || (( $(echo "$secs > 1" | bc) )); then break; fi
    done
    # Full checkerboards: every cell is one the empty cell can enter.
    for n in 4 5 6 7 8 9; do
        $H gen --problem bunny-egg --set n=$n --set m=$n --set k=1 --set 'shapes=["checkerboard"]' --set flips=0 \
            --seed 3 > "$tmp/in"
        start=$(date +%s.%N)
        $H brute --problem bunny-egg --max-states 100000000 "$tmp/in" > /dev/null
        secs=$(echo "$(date +%s.%N) - $start" | bc)
        printf '  bunny-egg brute, %sx%s checkerboard %6.3f s\n' "$n" "$n" "$secs"
        if [[ -n $quick ]] || (( $(echo "$secs > 1" | bc) )); then break; fi
    done
fi

if [[ $what == all || $what == invoke ]]; then
    # Polygon-style invocations: the fast solver, a straightforward C++ one, a recursive C++ one
    # (stack overflow on the path at 8 MiB) and a deliberately slow Python one.
    echo "== harness invoke: judge-size tests under the judge's limits"
    # Quick: the corpus's small tests only.
    only_corpus=()
    [[ -n $quick ]] && only_corpus=(--test corpus)
    if command -v g++ > /dev/null; then
        g++ -O2 -o "$tmp/gh_cpp" bench/cpp/green_hackenbush.cpp
        g++ -O2 -o "$tmp/gh_rec" bench/cpp/green_hackenbush_recursive.cpp
        # Each under its expected verdicts: exit 0 when all behave so.
        $H invoke --problem green-hackenbush "${only_corpus[@]}" --solver fast --solver-cmd "$tmp/gh_cpp" --solver-cmd "$tmp/gh_rec" \
            --solver-cmd "python3 bench/cpp/slow.py" --expect "$tmp/gh_rec=RE" \
            --expect "python3 bench/cpp/slow.py=TLE" 2> /dev/null || echo "(not as expected: exit $?)"
    fi
    # tree-game: the fast solver, a recursive DFS, a 200 MiB hog and a sleeper (the test fixture's modes).
    F=${CARGO_TARGET_DIR:-target}/release/tree-game-fixture
    $H invoke --problem tree-game "${only_corpus[@]}" --solver fast --solver-cmd "$F recursive" --solver-cmd "$F hog" \
        --solver-cmd "$F slow" 2> /dev/null || true
fi

if [[ $what == build ]]; then
    # Not in `all`: it rebuilds the harness several times (minutes).
    echo "== release build of harness after touching one problem file (3 runs each)"
    touched=harness/src/problems/christmas_game.rs
    rebuild() {
        touch "$touched"
        /usr/bin/time -f '%e' cargo build --release -q -p harness 2>&1 | tail -1
    }
    printf '  all %s problems registered:' "$(grep -c '^    &Registered::<' harness/src/registry.rs)"
    for _ in 1 2 3; do printf ' %s s' "$(rebuild)"; done; echo
    # The per-problem cost: the same build with one problem registered.
    cp harness/src/registry.rs "$tmp/registry.rs"
    trap 'cp "$tmp/registry.rs" harness/src/registry.rs; rm -rf "$tmp"' EXIT
    awk '/^    &Registered::</ && n++ { next } { print }' "$tmp/registry.rs" > harness/src/registry.rs
    printf '  one problem registered:   '
    for _ in 1 2 3; do printf ' %s s' "$(rebuild 2>/dev/null)"; done; echo
    cp "$tmp/registry.rs" harness/src/registry.rs
    cargo build --release -q -p harness
fi
