"""Generator: `gen.py SEED T N` prints T cases, each a pile `n k` with n and k in 1..N.

The harness runs it as `python3 gen.py {seed} {t} {n}` with values from [gen]. The same
arguments must print the same input: every random choice comes from SEED.
"""
import random
import sys

seed, t, top = (int(x) for x in sys.argv[1:4])
rng = random.Random(seed)
print(t)
for _ in range(t):
    print(rng.randint(1, top), rng.randint(1, top))
