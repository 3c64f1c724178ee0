#!/bin/sh
# A program that rejects its input: a message on stderr and exit code 3.
echo "bad input at line 7" >&2
exit 3
