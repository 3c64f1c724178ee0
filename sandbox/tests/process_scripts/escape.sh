#!/bin/sh
# Leaves a sleeper in a new session, out of reach of a group kill, holding stdout open; its pid
# goes to the file named by $1 once it has escaped. Then prints its answer and exits.
setsid sh -c 'echo $$ > "$1"; exec sleep 100' sh "$1" &
while [ ! -s "$1" ]; do sleep 0.01; done
echo done
