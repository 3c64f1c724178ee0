#!/bin/sh
# Leaves a sleeper in a new session holding none of its pipes, its pid in a new file under the
# folder $1, then runs the rest of its arguments as itself: a solver, checker or solution that
# detaches a process and then answers.
dir=$1
shift
setsid sh -c 'echo $$ > "$1/$$"; exec sleep 3000' sh "$dir" </dev/null >/dev/null 2>&1 &
while [ ! -s "$dir/$!" ]; do sleep 0.01; done
exec "$@"
