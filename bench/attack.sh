#!/usr/bin/env bash
# The attack of issues 18 and 27, reproducible. Categories 1-7 (issue 18): fuzzed --set values
# and configs, mutated judge inputs, outputs and corpus entries, signals at random moments, full
# disks (injected and a real tmpfs under `unshare -rm` where it works), concurrent runs into one
# corpus, detaching programs and a SIGKILLed harness. Categories 8-11 (issue 27): 8 problem files
# (fuzzed specs: deep nesting, huge REPs, bad tokens, bytes that are not UTF-8; spec, samples and
# corpus entries that are links, FIFOs or `../` paths; hostile names; generators, brutes, solvers,
# validators and checkers that crash, hang, flood, print bytes that are not UTF-8 or detach),
# 9 interactive games (players and --interactor programs that crash, hang, print garbage, exit
# early, flood or detach; SIGINT/SIGTERM mid-game: exit 130, nothing stored), 10 judge packages
# (YAML/XML specials and control characters in names and statements: problem.yaml and problem.xml
# must parse; --out at the workspace's tracked paths, its parent, symlinks to them, the problem's
# own folder: refused, tried under `unshare -rm` with the workspace's parent read-only), 11 the
# supervisor (a SIGKILLed harness leaves no program descendant alive, setsid'd ones included).
# Prints per category the attempts (inputs), panics, crashes, hangs, lost finds, false finds,
# strays, torn files, malformed package files, wrong exit codes, escapes and unclear messages,
# then the first findings with their commands. Works only in a fresh `mktemp -d` folder (removed
# at the end; ATTACK_KEEP=1 keeps it), never in the repository, whose tracked files and `git
# status` it checks at the end; kills every stray it finds. Exits 0 whatever it finds (read the
# table).
#   bash bench/attack.sh          HARNESS=target/release/harness (built or brought up to date;
#                                 under CARGO_TARGET_DIR when set)
#   ATTACK_N=2000 (inputs, about 15 minutes on 2 cores), ATTACK_SEED=1, ATTACK_ONLY=1,4,10
#   (categories), ATTACK_VERBOSE=1 (each finding as it happens)
#   BENCH_QUICK=1 bash bench/attack.sh    ATTACK_N=20 unless set: whether the attack still runs
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${BENCH_QUICK:-}" ]; then
    export ATTACK_N=${ATTACK_N:-20}
fi
# The checkout's own harness, brought up to date (a stale binary measures old code), unless given.
if [ -z "${HARNESS:-}" ]; then cargo build --release -q -p harness && HARNESS=${CARGO_TARGET_DIR:-target}/release/harness; fi
HARNESS=$(realpath "$HARNESS") PYTHONDONTWRITEBYTECODE=1 exec python3 bench/attack/attack.py
