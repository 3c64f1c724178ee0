"""A wrong solution: halves two even numbers first and forgets the factor 2."""
import sys

data = sys.stdin.read().split()
t = int(data[0])
out = []
for k in range(t):
    a, b = int(data[1 + 2 * k]), int(data[2 + 2 * k])
    if a % 2 == 0 and b % 2 == 0:
        a, b = a // 2, b // 2
    while b:
        a, b = b, a % b
    out.append(str(a))
print("\n".join(out))
