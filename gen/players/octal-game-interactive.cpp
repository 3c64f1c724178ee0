// octal-game-interactive's right player as a judge builds it (protocol:
// gen/src/judge/octal_game_interactive.rs): the heaps are a sum, each heap of n worth
// g(n) = mex over its moves of the XOR of the heaps a move leaves (the code's digit d_t allows
// leaving nothing with bit 1, one heap with bit 2, two with bit 4). It plays First iff the XOR of
// the heaps' values is not 0, and always makes a move that leaves XOR 0. O(N^2 t) for the values
// of heaps up to N with t digits, O(heaps * N t) per move.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

static std::vector<int> digit, g;
static std::vector<long long> heaps;

static bool allows(long long t, long long a, long long b) {
    if (t >= (long long)digit.size()) return false;
    int parts = (a > 0) + (b > 0);
    return digit[t] >> parts & 1;
}

// Calls f(t, a, value of what is left) for each move on a heap of h, a >= what is split off.
template <class F>
static bool each_move(long long h, F f) {
    for (long long t = 1; t <= h && t < (long long)digit.size(); t++)
        for (long long a = h - t; 2 * a >= h - t; a--)
            if (allows(t, a, h - t - a) && f(t, a, g[a] ^ g[h - t - a])) return true;
    return false;
}

static int row_value() {
    int x = 0;
    for (long long h : heaps) x ^= g[h];
    return x;
}

static void apply(size_t i, long long t, long long a) {
    long long rest = heaps[i] - t;
    heaps[i] = a;
    if (rest > a) heaps.push_back(rest - a);
}

static bool move() {
    int x = row_value();
    for (size_t i = 0; i < heaps.size(); i++) {
        long long pick_t = 0, pick_a = 0;
        if (each_move(heaps[i], [&](long long t, long long a, int v) {
                pick_t = t, pick_a = a;
                return x == 0 || (x ^ g[heaps[i]] ^ v) == 0;
            })) {
            apply(i, pick_t, pick_a);
            printf("%zu %lld %lld\n", i + 1, pick_t, pick_a);
            fflush(stdout);
            return true;
        }
    }
    return false;
}

int main() {
    char code[64];
    size_t k;
    if (scanf("%63s %zu", code, &k) != 2) return 1;
    digit.push_back(0);
    for (const char *c = code + 2; *c; c++) digit.push_back(*c - '0');
    heaps.resize(k);
    for (long long &h : heaps)
        if (scanf("%lld", &h) != 1) return 1;
    long long largest = *std::max_element(heaps.begin(), heaps.end());
    for (long long n = 0; n <= largest; n++) {
        std::vector<char> seen;
        each_move(n, [&](long long, long long, int v) {
            if (v >= (int)seen.size()) seen.resize(v + 1, 0);
            seen[v] = 1;
            return false;
        });
        int v = 0;
        while (v < (int)seen.size() && seen[v]) v++;
        g.push_back(v);
    }
    bool first = row_value() != 0;
    puts(first ? "First" : "Second");
    fflush(stdout);
    if (first) move();
    long long i, t, a;
    while (scanf("%lld %lld %lld", &i, &t, &a) == 3 && i > 0) {
        apply(i - 1, t, a);
        move();
    }
    return 0;
}
