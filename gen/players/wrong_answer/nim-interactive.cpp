// nim-interactive, deliberately wrong (the built-in player `first-move`): the right side by
// Bouton's theorem, then always one stone from the first pile that has any. It loses on 2
// (First, takes 1, and the jury takes the last stone); the interactor must say wrong answer.
#include <cstdio>
#include <vector>

static std::vector<long long> piles;

static void move() {
    size_t i = 0;
    while (piles[i] == 0) i++;
    piles[i]--;
    printf("%zu 1\n", i + 1);
    fflush(stdout);
}

int main() {
    size_t n;
    if (scanf("%zu", &n) != 1) return 1;
    piles.resize(n);
    long long x = 0;
    for (long long &a : piles) {
        if (scanf("%lld", &a) != 1) return 1;
        x ^= a;
    }
    puts(x != 0 ? "First" : "Second");
    fflush(stdout);
    if (x != 0) move();
    long long i, take;
    while (scanf("%lld %lld", &i, &take) == 2 && i > 0) {
        piles[i - 1] -= take;
        bool any = false;
        for (long long a : piles) any |= a > 0;
        if (any) move();
    }
    return 0;
}
