// moore-nim as a judge builds it: one file, no library but the standard one.
// Moore (1910): the player to move loses iff in every binary column the number
// of piles having that bit is a multiple of k + 1. O(30 n).
#include <cstdio>

int main() {
    long long n, k;
    if (scanf("%lld %lld", &n, &k) != 2) return 1;
    long long count[31] = {0};
    for (long long i = 0; i < n; i++) {
        unsigned long long a;
        if (scanf("%llu", &a) != 1) return 1;
        for (int b = 0; b < 31; b++) count[b] += (a >> b) & 1;
    }
    bool balanced = true;
    for (int b = 0; b < 31; b++) balanced = balanced && count[b] % (k + 1) == 0;
    puts(balanced ? "Second" : "First");
    return 0;
}
