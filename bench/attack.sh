#!/usr/bin/env bash
# The attack of issue 18, reproducible: fuzzed --set values and configs, mutated judge inputs,
# outputs and corpus entries, signals at random moments, full disks (injected and a real tmpfs
# under `unshare -rm` where it works), concurrent runs into one corpus, detaching programs and a
# SIGKILLed harness. Prints per category the inputs tried, panics, lost finds, strays, torn
# files, wrong exit codes, escapes and the attack's own timeouts, then the first findings with
# their commands. Works only in a fresh `mktemp -d` folder (removed at the end; ATTACK_KEEP=1
# keeps it), never in the repository; kills every stray it finds.
#   bash bench/attack.sh          HARNESS=target/release/harness (built if missing)
#   ATTACK_N=2000 (inputs, about 10 minutes on 2 cores), ATTACK_SEED=1, ATTACK_ONLY=1,4 (categories),
#   ATTACK_VERBOSE=1 (each finding as it happens)
#   BENCH_QUICK=1 bash bench/attack.sh    ATTACK_N=20 unless set: whether the attack still runs
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${BENCH_QUICK:-}" ]; then
    export ATTACK_N=${ATTACK_N:-20}
fi
HARNESS=${HARNESS:-target/release/harness}
[ -x "$HARNESS" ] || cargo build --release -q -p harness
HARNESS=$(realpath "$HARNESS") PYTHONDONTWRITEBYTECODE=1 exec python3 bench/attack/attack.py
