"""A right player for nim-interactive (protocol: `harness list`): Bouton's strategy."""
import sys


def reply(piles):
    """Prints a move to XOR 0 (else one stone); says nothing without a move."""
    x = 0
    for a in piles:
        x ^= a
    for i, a in enumerate(piles):
        if x and a ^ x < a:
            take = a - (a ^ x)
            break
    else:
        nonempty = [i for i, a in enumerate(piles) if a]
        if not nonempty:
            return
        i, take = nonempty[0], 1
    piles[i] -= take
    print(i + 1, take, flush=True)


def main():
    sys.stdin.readline()
    piles = [int(w) for w in sys.stdin.readline().split()]
    x = 0
    for a in piles:
        x ^= a
    print("First" if x else "Second", flush=True)
    if x:
        reply(piles)
    for line in sys.stdin:
        i, take = map(int, line.split())
        if i <= 0:
            break
        piles[i - 1] -= take
        reply(piles)


main()
