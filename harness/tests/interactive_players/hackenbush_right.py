"""A right player for green-hackenbush-interactive (protocol: `harness list`): exact values
by search over the edges still there (a bitmask), for the small graphs of the config."""
import sys
from functools import lru_cache


def main():
    n, m = map(int, sys.stdin.readline().split())
    edges = [tuple(int(w) - 1 for w in sys.stdin.readline().split()) for _ in range(m)]

    def rooted(mask):
        """The edges of `mask` still connected to the root."""
        seen, on, changed = {0}, 0, True
        while changed:
            changed = False
            for e in range(m):
                if mask >> e & 1 and not on >> e & 1:
                    u, v = edges[e]
                    if u in seen or v in seen:
                        on |= 1 << e
                        seen.update((u, v))
                        changed = True
        return on

    @lru_cache(maxsize=None)
    def sg(mask):
        options = {sg(rooted(mask & ~(1 << e))) for e in range(m) if mask >> e & 1}
        g = 0
        while g in options:
            g += 1
        return g

    mask = rooted((1 << m) - 1)
    first = sg(mask) != 0
    print("First" if first else "Second", flush=True)

    def move():
        nonlocal mask
        there = [e for e in range(m) if mask >> e & 1]
        if not there:
            return
        e = next((e for e in there if sg(rooted(mask & ~(1 << e))) == 0), there[0])
        mask = rooted(mask & ~(1 << e))
        print(e + 1, flush=True)

    if first:
        move()
    for line in sys.stdin:
        e = int(line)
        if e <= 0:
            break
        mask = rooted(mask & ~(1 << (e - 1)))
        move()


main()
