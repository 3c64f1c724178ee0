#!/bin/sh
# A slow, wrong tree-game program: half a second per run, then `Alice` for each of the T cases.
read t
sleep 0.5
i=0
while [ "$i" -lt "$t" ]; do echo Alice; i=$((i + 1)); done
