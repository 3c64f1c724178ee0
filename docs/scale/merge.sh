#!/usr/bin/env bash
# Merges what the shards left under OUT (corpus-K/ and summary-K.json) into
# CORPUS (default: the workspace's corpus) and OUT/summary.json.
#   bash docs/scale/merge.sh out
set -euo pipefail
OUT=${1:-out}
corpus=()
if [ -n "${CORPUS:-}" ]; then corpus=(--corpus "$CORPUS"); fi
harness corpus merge "$OUT"/corpus-* "${corpus[@]}"
harness summary merge "$OUT"/summary-*.json > "$OUT/summary.json"
