"""Generator: gen.py SEED T MAX prints T pairs in 1..MAX.

gen.py --batch reads a line `SEED T MAX` per case on stdin (the problem file's
`gen_batch`) and prints each case as gen.py SEED T MAX prints it alone.
"""
import random
import sys


def case(seed, t, top):
    rng = random.Random(seed)
    lines = [str(t)]
    for _ in range(t):
        lines.append(f"{rng.randint(1, top)} {rng.randint(1, top)}")
    return "\n".join(lines) + "\n"


if sys.argv[1:] == ["--batch"]:
    sys.stdout.write("".join(case(*(int(x) for x in line.split())) for line in sys.stdin))
else:
    sys.stdout.write(case(*(int(x) for x in sys.argv[1:4])))
