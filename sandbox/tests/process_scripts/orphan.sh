#!/bin/sh
# Exits at once but leaves a background sleeper (pid in the file named by $1) holding stdout open.
sleep 30 &
echo $! > "$1"
echo done
