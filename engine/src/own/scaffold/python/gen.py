"""Generator: `gen.py SEED T N` prints T cases, each a pile `n k` with n and k in 1..N.

The harness runs it as `python3 gen.py {seed} {t} {n}` with values from [gen]. The same
arguments must print the same input: every random choice comes from SEED.

`gen.py --batch` (the problem file's `gen_batch`) reads a line `SEED T N` per input on stdin
and prints each input as `gen.py SEED T N` prints it alone, one after the other.
"""
import random
import sys


def generate(seed, t, top):
    rng = random.Random(seed)
    lines = [str(t)]
    for _ in range(t):
        lines.append(f"{rng.randint(1, top)} {rng.randint(1, top)}")
    return "\n".join(lines) + "\n"


if sys.argv[1:] == ["--batch"]:
    sys.stdout.write("".join(generate(*(int(x) for x in line.split())) for line in sys.stdin))
else:
    sys.stdout.write(generate(*(int(x) for x in sys.argv[1:4])))
