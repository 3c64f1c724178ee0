"""Validator, Kattis style: exit 42 when the input is valid, 43 (with the reason) when not."""
import re
import sys

NUM = r"(0|[1-9][0-9]*)"


def bad(why):
    print(why, file=sys.stderr)
    sys.exit(43)


text = sys.stdin.read()
if not text.endswith("\n"):
    bad("the input must end with a newline")
lines = text[:-1].split("\n")
if not re.fullmatch(NUM, lines[0]) or not 1 <= int(lines[0]) <= 100:
    bad("line 1: T must be an integer in 1..100")
t = int(lines[0])
if len(lines) != t + 1:
    bad(f"expected {t} cases after T, found {len(lines) - 1} lines")
for number, line in enumerate(lines[1:], start=2):
    m = re.fullmatch(NUM + " " + NUM, line)
    if not m or not all(1 <= int(x) <= 10**9 for x in m.groups()):
        bad(f"line {number}: expected `n k`, two integers in 1..10^9 separated by one space")
sys.exit(42)
