#!/bin/sh
# Records its pid in a new file under the folder named by $1, then sleeps far past any test.
echo $$ > "$1/$$"
sleep 30
