"""Generator: gen.py SEED N M prints M random edges on N vertices."""
import random
import sys

seed, n, m = (int(x) for x in sys.argv[1:4])
rng = random.Random(seed)
print(n, m)
for _ in range(m):
    u, v = rng.sample(range(1, n + 1), 2)
    print(u, v)
