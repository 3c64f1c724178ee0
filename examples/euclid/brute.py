"""The oracle: the largest number dividing both, by trying every candidate."""
import sys

data = sys.stdin.read().split()
t = int(data[0])
for k in range(t):
    a, b = int(data[1 + 2 * k]), int(data[2 + 2 * k])
    print(next(d for d in range(min(a, b), 0, -1) if a % d == 0 and b % d == 0))
