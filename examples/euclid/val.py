"""Validator, Kattis style: exit 42 when the input is valid, 43 when not.

val.py --batch (the problem file's `validator_batch`) reads inputs back to back and exits 42
when every one of them is valid.
"""
import re
import sys

NUM = r"(0|-?[1-9][0-9]*)"


def bad(why):
    print(why, file=sys.stderr)
    sys.exit(43)


def check(lines, at):
    """Checks the input starting at line `at` of `lines`: the line after it."""
    if at >= len(lines) or not re.fullmatch(NUM, lines[at]) or not 1 <= int(lines[at]) <= 100:
        bad(f"line {at + 1}: T must be an integer in 1..100")
    t = int(lines[at])
    if len(lines) < at + 1 + t:
        bad(f"expected {t} pairs after T, found {len(lines) - at - 1} lines")
    for k in range(at + 1, at + 1 + t):
        m = re.fullmatch(NUM + " " + NUM, lines[k])
        if not m or not all(1 <= int(x) <= 10**9 for x in m.groups()):
            bad(f"line {k + 1}: expected two integers in 1..10^9 separated by one space")
    return at + 1 + t


text = sys.stdin.read()
if not text.endswith("\n"):
    bad("the input must end with a newline")
lines = text[:-1].split("\n")
at = check(lines, 0)
while sys.argv[1:] == ["--batch"] and at < len(lines):
    at = check(lines, at)
if at != len(lines):
    bad(f"line {at + 1}: expected the end of the input")
sys.exit(42)
