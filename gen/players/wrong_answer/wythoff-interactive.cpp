// wythoff-interactive, deliberately wrong (the built-in player `first-move`): the right side (the
// losing pairs built by the mex rule: a_j the smallest number in no pair, b_j = a_j + j), then
// always the first legal move: one stone from pile 1, else from pile 2. It loses on `0 2`
// (First, takes 1 from pile 2, and the jury takes the last); the interactor must say wrong answer.
#include <algorithm>
#include <cstdio>
#include <vector>

// Whether (x, y) is a losing pair: the pairs are built up to the larger pile.
static bool losing(long long x, long long y) {
    long long most = std::max(x, y);
    std::vector<long long> partner(most + 1, -1);
    partner[0] = 0;
    long long a = 0;
    for (long long j = 1;; j++) {
        while (a <= most && partner[a] >= 0) a++;
        if (a > most) break;
        partner[a] = a + j;
        if (a + j <= most) partner[a + j] = a;
    }
    return partner[x] == y;
}

static long long pile[2];

static void move() {
    int from = pile[0] > 0 ? 0 : 1;
    pile[from]--;
    printf("%d 1\n", from + 1);
    fflush(stdout);
}

int main() {
    if (scanf("%lld %lld", &pile[0], &pile[1]) != 2) return 1;
    bool first = !losing(pile[0], pile[1]);
    puts(first ? "First" : "Second");
    fflush(stdout);
    if (first) move();
    long long p, take;
    while (scanf("%lld %lld", &p, &take) == 2 && p > 0) {
        if (p != 2) pile[0] -= take;
        if (p != 1) pile[1] -= take;
        if (pile[0] > 0 || pile[1] > 0) move();
    }
    return 0;
}
