"""A wrong solution: follows edges only as written (u -> v), so a triangle
oriented as a cycle u -> v -> w -> u is never seen."""
import sys

data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
out = [set() for _ in range(n + 1)]
seen = set()
for k in range(m):
    u, v = int(data[2 + 2 * k]), int(data[3 + 2 * k])
    if (v, u) not in seen:
        seen.add((u, v))
        out[u].add(v)
print(sum(len(out[u] & out[v]) for u, v in seen))
