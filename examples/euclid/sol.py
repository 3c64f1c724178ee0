"""A right solution: Euclid's algorithm."""
import sys

data = sys.stdin.read().split()
t = int(data[0])
out = []
for k in range(t):
    a, b = int(data[1 + 2 * k]), int(data[2 + 2 * k])
    while b:
        a, b = b, a % b
    out.append(str(a))
print("\n".join(out))
