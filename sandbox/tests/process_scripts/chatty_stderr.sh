#!/bin/sh
# Writes "warning 0" .. "warning 2999" on stderr (far more than the kept tail), then fails.
i=0
while [ "$i" -lt 3000 ]; do
    echo "warning $i" >&2
    i=$((i + 1))
done
exit 1
