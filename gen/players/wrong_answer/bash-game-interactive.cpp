// bash-game-interactive, deliberately wrong (the built-in player `first-move`): the right side,
// then always one stone. It loses on `2 2` (First, takes 1, and the jury takes the last); the
// interactor must say wrong answer.
#include <cstdio>

int main() {
    long long n, k;
    if (scanf("%lld %lld", &n, &k) != 2) return 1;
    bool first = n % (k + 1) != 0;
    puts(first ? "First" : "Second");
    fflush(stdout);
    if (first) n--, puts("1"), fflush(stdout);
    long long taken;
    while (scanf("%lld", &taken) == 1 && taken > 0) {
        n -= taken;
        if (n > 0) n--, puts("1"), fflush(stdout);
    }
    return 0;
}
