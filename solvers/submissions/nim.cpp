// nim as a judge builds it: one file, no library but the standard one.
// Bouton: the player to move loses iff the XOR of the piles is 0. O(n) per case.
#include <cstdio>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t-- > 0) {
        int n;
        if (scanf("%d", &n) != 1) return 1;
        unsigned x = 0;
        for (int i = 0; i < n; i++) {
            unsigned a;
            if (scanf("%u", &a) != 1) return 1;
            x ^= a;
        }
        puts(x != 0 ? "Yes" : "No");
    }
    return 0;
}
