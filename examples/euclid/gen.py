"""Generator: gen.py SEED T MAX prints T pairs in 1..MAX."""
import random
import sys

seed, t, top = (int(x) for x in sys.argv[1:4])
rng = random.Random(seed)
print(t)
for _ in range(t):
    print(rng.randint(1, top), rng.randint(1, top))
