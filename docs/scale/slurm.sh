#!/usr/bin/env bash
# One shard per array task. Submit the array, then the merge once it is done:
#   jobid=$(sbatch --parsable --array=1-8 docs/scale/slurm.sh)
#   sbatch --dependency=afterany:$jobid --wrap 'bash docs/scale/merge.sh out'
# Run options come from the environment (sbatch passes it on): CONFIG, SEED, CASES, OUT, EXTRA.
#SBATCH --job-name=gamestress
#SBATCH --cpus-per-task=2
#SBATCH --time=02:00:00
#SBATCH --output=slurm-%A_%a.log
set -euo pipefail
: "${CONFIG:=multigraph}" "${SEED:=1}" "${CASES:=100000000}" "${OUT:=out}" "${EXTRA:=}"
# --array=1-8 and --array=0-7 both give shards 1/8 .. 8/8.
K=$((SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN + 1))
N=$SLURM_ARRAY_TASK_COUNT
mkdir -p "$OUT"
# Exit 1 means counterexamples were found and saved: the task did its work.
# shellcheck disable=SC2086 # EXTRA is a list of options
harness --config "$CONFIG" --seed "$SEED" --cases "$CASES" --threads "${SLURM_CPUS_PER_TASK:-1}" \
    --shard "$K/$N" --keep-going --corpus "$OUT/corpus-$K" --summary "$OUT/summary-$K.json" $EXTRA \
    || test $? -eq 1
