#!/bin/sh
# Writes 1 MiB of 'x' (more than a pipe holds) before reading anything, then prints the input's size.
dd if=/dev/zero bs=65536 count=16 2>/dev/null | tr '\0' x
wc -c
