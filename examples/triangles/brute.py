"""The oracle: every edge's common neighbours, each triangle counted once per edge."""
import sys

data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
adj = [set() for _ in range(n + 1)]
for k in range(m):
    u, v = int(data[2 + 2 * k]), int(data[3 + 2 * k])
    adj[u].add(v)
    adj[v].add(u)
edges = {(min(u, v), max(u, v)) for u in range(1, n + 1) for v in adj[u]}
print(sum(len(adj[u] & adj[v]) for u, v in edges) // 3)
