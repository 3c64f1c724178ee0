#!/bin/sh
# Starts a background sleeper, records its pid in the file named by $1, and waits for it.
sleep 30 &
echo $! > "$1"
wait
