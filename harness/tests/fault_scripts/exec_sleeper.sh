#!/bin/sh
# Records its pid in a new file under the folder named by $1, then becomes a sleep far past any
# test: one process, so its pid is the whole program.
echo $$ > "$1/$$"
exec sleep 300
