"""The solution: the first player loses exactly when n is a multiple of k + 1."""
import sys

data = sys.stdin.read().split()
t = int(data[0])
out = []
for case in range(t):
    n, k = int(data[1 + 2 * case]), int(data[2 + 2 * case])
    out.append("First" if n % (k + 1) else "Second")
print("\n".join(out))
