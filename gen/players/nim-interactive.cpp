// nim-interactive's right player as a judge builds it (protocol:
// gen/src/judge/nim_interactive.rs): Bouton's theorem. The side to move wins iff the XOR of the
// piles is not 0, so it plays First exactly then, and always leaves XOR 0: on the first pile a
// with a ^ x < a, down to a ^ x. O(n) per move.
#include <cstdio>
#include <vector>

static std::vector<long long> piles;

static long long xor_of_piles() {
    long long x = 0;
    for (long long a : piles) x ^= a;
    return x;
}

static void move() {
    long long x = xor_of_piles();
    size_t i = 0;
    while (i < piles.size() && (x == 0 ? piles[i] == 0 : (piles[i] ^ x) >= piles[i])) i++;
    long long take = x == 0 ? 1 : piles[i] - (piles[i] ^ x);
    piles[i] -= take;
    printf("%zu %lld\n", i + 1, take);
    fflush(stdout);
}

int main() {
    size_t n;
    if (scanf("%zu", &n) != 1) return 1;
    piles.resize(n);
    for (long long &a : piles)
        if (scanf("%lld", &a) != 1) return 1;
    bool first = xor_of_piles() != 0;
    puts(first ? "First" : "Second");
    fflush(stdout);
    if (first) move();
    long long i, take;
    while (scanf("%lld %lld", &i, &take) == 2 && i > 0) {
        piles[i - 1] -= take;
        bool any = false;
        for (long long a : piles) any |= a > 0;
        if (any) move();
    }
    return 0;
}
