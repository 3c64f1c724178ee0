// wythoff-interactive's right player as a judge builds it (protocol:
// gen/src/judge/wythoff_interactive.rs): the side to move loses exactly on the pairs
// (floor(j phi), floor(j phi) + j), which it builds by the mex rule rather than phi: a_j is the
// smallest number not yet in a pair, b_j = a_j + j. It plays First iff the piles are not such a
// pair, and always moves onto one: both piles down to (a_d, b_d), d the difference, when the
// smaller is above a_d; else the larger pile down to the smaller's partner. O(p) memory and time
// for piles up to p, once.
#include <algorithm>
#include <cstdio>
#include <vector>

static std::vector<long long> partner;  // partner[x]: the other pile of the losing pair holding x

static void pairs_up_to(long long most) {
    partner.assign(most + 1, -1);
    partner[0] = 0;
    long long a = 0;
    for (long long j = 1;; j++) {
        while (a <= most && partner[a] >= 0) a++;
        if (a > most) return;
        partner[a] = a + j;
        if (a + j <= most) partner[a + j] = a;
    }
}

static long long pile[2];

static void move() {
    int small = pile[0] <= pile[1] ? 0 : 1, large = 1 - small;
    long long x = pile[small], y = pile[large], d = y - x, p, take;
    // a_d: the smaller of the losing pair with difference d.
    long long a_d = y + 1;  // above x when the pair lies beyond y
    for (long long v = 0; v <= y; v++)
        if (partner[v] >= v && partner[v] - v == d) { a_d = v; break; }
    if (x > a_d) p = 3, take = x - a_d;
    else if (partner[x] < y) p = large + 1, take = y - partner[x];
    else p = large + 1, take = 1;
    if (p != 2) pile[0] -= take;
    if (p != 1) pile[1] -= take;
    printf("%lld %lld\n", p, take);
    fflush(stdout);
}

int main() {
    if (scanf("%lld %lld", &pile[0], &pile[1]) != 2) return 1;
    pairs_up_to(2 * std::max(pile[0], pile[1]) + 2);
    bool first = partner[pile[0]] != pile[1];
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
