#!/usr/bin/env bash
# `harness audit` on every built-in problem (not a test): the kill matrix's size, the survivors,
# the tests before and after --minimize, and the audit's time against a baseline from the same
# run, `harness testset` building the same set (samples, corpus, random, judge-size), whose
# answering the audit repeats before running every wrong solution on every test.
#   bash bench/audit.sh              every problem, --random 20
#   RANDOM_CASES=5 bash bench/audit.sh
#   BENCH_QUICK=1 bash bench/audit.sh   nim alone, 2 random cases, no judge-size tests: whether the
#                                       script still runs, not figures (CI runs it so)
# Set H to a harness binary to skip the release build.
set -uo pipefail
cd "$(dirname "$0")/.."
random=${RANDOM_CASES:-20}
small=()
if [[ -n ${BENCH_QUICK:-} ]]; then
    random=2
    small=(--no-judge-size)
fi
if [[ -z ${H:-} ]]; then
    cargo build --release -q -p harness
    H=${CARGO_TARGET_DIR:-target}/release/harness
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
problems=$("$H" list 2>/dev/null | awk '/^  [a-z]/ && !/-interactive/ && /\[configs\// {print $1}')
if [[ -n ${BENCH_QUICK:-} ]]; then problems=nim; fi
printf '%-18s %7s %9s %9s %10s %9s %9s %7s\n' problem tests wrong survive minimized testset_s audit_s ratio
for p in $problems; do
    t0=$(date +%s.%N)
    "$H" testset --problem "$p" --out "$tmp/$p" --random "$random" "${small[@]}" --force >/dev/null 2>&1
    t1=$(date +%s.%N)
    "$H" audit --problem "$p" --random "$random" "${small[@]}" --minimize >"$tmp/$p.audit" 2>"$tmp/$p.err"
    code=$?
    if [[ -n ${BENCH_QUICK:-} && $code -ne 0 && $code -ne 1 ]]; then
        cat "$tmp/$p.err" >&2
        exit 1
    fi
    t2=$(date +%s.%N)
    head=$(grep -m1 -E '^[a-z-]+: [0-9]+ tests x [0-9]+ wrong solutions' "$tmp/$p.audit")
    tests=$(sed -E 's/.*: ([0-9]+) tests x.*/\1/' <<<"$head")
    wrong=$(sed -E 's/.*tests x ([0-9]+) wrong.*/\1/' <<<"$head")
    survive=$(grep -c '^SURVIVOR' "$tmp/$p.audit")
    after=$(grep -m1 -oE 'tests -> [0-9]+' "$tmp/$p.audit" | grep -oE '[0-9]+$')
    awk -v p="$p" -v t="$tests" -v w="$wrong" -v s="$survive" -v a="$after" -v c="$code" \
        -v t0="$t0" -v t1="$t1" -v t2="$t2" \
        'BEGIN { b = t1 - t0; d = t2 - t1; printf "%-18s %7s %9s %9s %10s %9.1f %9.1f %6.1fx%s\n", p, t, w, s, t " -> " a, b, d, d / (b > 0 ? b : 1), (c == 0 || c == 1) ? "" : "  (exit " c ")" }'
    grep '^SURVIVOR' "$tmp/$p.audit" | cut -c1-160 | sed 's/^/    /' || true
done
