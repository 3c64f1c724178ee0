// A right player for nim-interactive (protocol: `harness list`): Bouton's strategy.
#include <cstdio>
#include <vector>

static void reply(std::vector<long long>& piles) {
    long long x = 0;
    for (long long a : piles) x ^= a;
    for (size_t i = 0; i < piles.size(); i++) {
        if (x && (piles[i] ^ x) < piles[i]) {
            long long take = piles[i] - (piles[i] ^ x);
            piles[i] -= take;
            printf("%zu %lld\n", i + 1, take);
            fflush(stdout);
            return;
        }
    }
    for (size_t i = 0; i < piles.size(); i++) {
        if (piles[i]) {
            piles[i] -= 1;
            printf("%zu 1\n", i + 1);
            fflush(stdout);
            return;
        }
    }
}

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    std::vector<long long> piles(n);
    long long x = 0;
    for (auto& a : piles) {
        scanf("%lld", &a);
        x ^= a;
    }
    puts(x ? "First" : "Second");
    fflush(stdout);
    if (x) reply(piles);
    long long i, take;
    while (scanf("%lld %lld", &i, &take) == 2 && i > 0) {
        piles[i - 1] -= take;
        reply(piles);
    }
    return 0;
}
