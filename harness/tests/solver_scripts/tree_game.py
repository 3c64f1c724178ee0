#!/usr/bin/env python3
"""A tree-game (hdu3094) solution with switchable bugs, for testing the harness.

usage: tree_game.py [right|wrong|crash|slow|garbage|random|leak]
  right    colon principle, correct
  wrong    sum instead of XOR (smallest counterexample: 3 vertices)
  crash    exits 1 on any tree with 4 or more vertices
  slow     sleeps past any time limit on trees with 5 or more vertices
  garbage  prints "Maybe" on trees with 3 or more vertices
  random   prints a random winner
  leak     keeps its XOR accumulator across test cases (fails only in batches)
"""
import random
import sys
import time


def grundy(n, edges, combine):
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
        value[parent[v]] = combine(value[parent[v]], value[v] + 1)
    return value[1]


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "right"
    data = sys.stdin.read().split()
    pos = 0
    t = int(data[pos]); pos += 1
    out = []
    carried = 0
    for _ in range(t):
        n = int(data[pos]); pos += 1
        edges = []
        for _ in range(n - 1):
            edges.append((int(data[pos]), int(data[pos + 1])))
            pos += 2
        combine = (lambda a, b: a + b) if mode == "wrong" else (lambda a, b: a ^ b)
        g = grundy(n, edges, combine)
        if mode == "crash" and n >= 4:
            sys.stderr.write("IndexError: list index out of range (pretend)\n")
            sys.exit(1)
        if mode == "slow" and n >= 5:
            time.sleep(30)
        if mode == "garbage" and n >= 3:
            out.append("Maybe")
            continue
        if mode == "random":
            out.append(random.choice(["Alice", "Bob"]))
            continue
        if mode == "leak":
            carried ^= g
            g = carried
        out.append("Alice" if g else "Bob")
    print("\n".join(out))


main()
