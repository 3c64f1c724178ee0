#!/usr/bin/env python3
"""A testlib-style checker: `token_checker.py input output answer`.

Compares the output's tokens with the answer's: exit 0 if equal, 1 (wrong answer)
if not, 2 (presentation error) if the output is empty."""
import sys

out = open(sys.argv[2]).read().split()
ans = open(sys.argv[3]).read().split()
if not out:
    print("the output is empty", file=sys.stderr)
    sys.exit(2)
if out != ans:
    print("expected", " ".join(ans), "found", " ".join(out), file=sys.stderr)
    sys.exit(1)
