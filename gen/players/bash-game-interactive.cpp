// bash-game-interactive's right player as a judge builds it (protocol:
// gen/src/judge/bash_game_interactive.rs): a pile of n, taking 1 to k, is lost for the side to
// move iff n is a multiple of k + 1, so it plays First exactly when it is not and always takes
// n mod (k + 1). O(1) per move.
#include <cstdio>

static long long n, k;

static void move() {
    long long take = n % (k + 1) != 0 ? n % (k + 1) : 1;
    n -= take;
    printf("%lld\n", take);
    fflush(stdout);
}

int main() {
    if (scanf("%lld %lld", &n, &k) != 2) return 1;
    bool first = n % (k + 1) != 0;
    puts(first ? "First" : "Second");
    fflush(stdout);
    if (first) move();
    long long taken;
    while (scanf("%lld", &taken) == 1 && taken > 0) {
        n -= taken;
        if (n > 0) move();
    }
    return 0;
}
