#!/usr/bin/env bash
# One search in SHARDS shards under GNU parallel, then one corpus and one summary.
#   SHARDS=4 CASES=1000000 CONFIG=multigraph bash docs/scale/parallel.sh
# Over ssh: SSHLOGIN='2/alice@host1,2/alice@host2' (each host needs `harness` on its PATH).
# EXTRA holds more run options, e.g. EXTRA='--solver wrong-cycles-even'.
set -euo pipefail
: "${CONFIG:=multigraph}" "${SEED:=1}" "${CASES:=1000000}" "${SHARDS:=4}" "${OUT:=out}" "${EXTRA:=}"
mkdir -p "$OUT"
remote=()
if [ -n "${SSHLOGIN:-}" ]; then
    # Each job runs in a scratch folder on its host; --return brings its corpus and summary back.
    remote=(--sshlogin "$SSHLOGIN" --workdir ... --return "$OUT/corpus-{}" --return "$OUT/summary-{}.json" --cleanup)
fi
# Exit 1 of a shard means counterexamples were found and saved, not a failed job.
parallel --line-buffer --jobs "${JOBS:-$SHARDS}" "${remote[@]}" \
    "mkdir -p $OUT && { harness --config $CONFIG --seed $SEED --cases $CASES --threads 1 --shard {}/$SHARDS \
     --keep-going --corpus $OUT/corpus-{} --summary $OUT/summary-{}.json $EXTRA || test \$? -eq 1; }" \
    ::: $(seq 1 "$SHARDS")
bash "$(dirname "$0")/merge.sh" "$OUT"
