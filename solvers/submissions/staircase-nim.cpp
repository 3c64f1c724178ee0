// staircase-nim as a judge builds it: one file, no library but the standard one.
// The player to move loses iff the XOR of the odd steps is 0: moving stones off
// an odd step is a Nim move there, and stones moved from an even step onto an
// odd one can be moved one step further by the opponent, undoing it. O(n).
#include <cstdio>

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    unsigned long long x = 0;
    for (int i = 1; i <= n; i++) {
        unsigned long long a;
        if (scanf("%llu", &a) != 1) return 1;
        if (i % 2 == 1) x ^= a;
    }
    puts(x != 0 ? "First" : "Second");
    return 0;
}
