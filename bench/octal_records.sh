#!/usr/bin/env bash
# The recorded periods of octal games proven again (a benchmark, not a test; issue 32): for each
# code whose period Winning Ways, OEIS or Flammenkamp's tables (as tczajka/octal-games checked
# them) record, solvers::octal computes values until the Guy-Smith theorem proves a period, and
# the period and its first heap are compared with the record, with the CPU seconds it took
# (solvers/examples/octal_speed/records.rs). Exit 1 if a record is not proven as recorded.
#   bash bench/octal_records.sh                  every record starting below 3 000 000 (0.376's
#                                                2 268 248 the last: about ten seconds)
#   bash bench/octal_records.sh --below 11000000 0.354 too (period 1180 from 10 061 916)
#   BENCH_QUICK=1 bash bench/octal_records.sh    the records starting below 10 000: whether the
#                                                script still runs (CI runs it so)
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
cargo build --release -q -p solvers --example octal_speed
"$target/release/examples/octal_speed" --records ${BENCH_QUICK:+--quick} "$@"
