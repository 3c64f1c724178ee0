#!/usr/bin/env python3
"""A right tree-game (hdu3094) solution, as a user would write it: the colon principle.

The buggy variants the tests need are in harness/tests/fixtures/tree_game.rs, compiled,
so that shrinking does not pay Python's start-up on every candidate.
"""
import sys


def grundy(n, edges):
    adj = [[] for _ in range(n + 1)]
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)
    parent = [0] * (n + 1)
    order = [1]
    seen = [False] * (n + 1)
    seen[1] = True
    for u in order:
        for v in adj[u]:
            if not seen[v]:
                seen[v] = True
                parent[v] = u
                order.append(v)
    value = [0] * (n + 1)
    for v in reversed(order[1:]):
        value[parent[v]] ^= value[v] + 1
    return value[1]


def main():
    data = sys.stdin.read().split()
    pos = 0
    t = int(data[pos]); pos += 1
    out = []
    for _ in range(t):
        n = int(data[pos]); pos += 1
        edges = []
        for _ in range(n - 1):
            edges.append((int(data[pos]), int(data[pos + 1])))
            pos += 2
        out.append("Alice" if grundy(n, edges) else "Bob")
    print("\n".join(out))


main()
