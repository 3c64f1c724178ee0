// bash-game as a judge builds it: one file, no library but the standard one.
// A pile of n from which a move takes 1 to k has Sprague-Grundy value
// n mod (k + 1): its options are the min(n, k) values just below it, whose
// residues are every residue but n's own. O(1); k + 1 <= 10^18 + 1 fits 64 bits.
#include <cstdio>

int main() {
    unsigned long long n, k;
    if (scanf("%llu %llu", &n, &k) != 2) return 1;
    printf("%llu\n", n % (k + 1));
    return 0;
}
