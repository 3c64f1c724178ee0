"""The oracle: plays the game out from the rules, slowly and surely.

A position with m stones is won when some move (take 1 to k) leaves a lost one;
with no stones left the player to move has lost.
"""
import sys

data = sys.stdin.read().split()
t = int(data[0])
for case in range(t):
    n, k = int(data[1 + 2 * case]), int(data[2 + 2 * case])
    won = [False] * (n + 1)
    for m in range(1, n + 1):
        won[m] = any(not won[m - take] for take in range(1, min(k, m) + 1))
    print("First" if won[n] else "Second")
