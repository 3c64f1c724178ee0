// octal-game-interactive, deliberately wrong (the built-in player `first-move`): the right side
// (the XOR of the heaps' Sprague-Grundy values, by the mex over each heap's moves), then always
// the first legal move: on the first heap that has one, the fewest tokens, leaving the most in
// place. In Kayles (0.77) it loses on one heap of 2 (First, takes 1, and the jury takes the
// other); the interactor must say wrong answer.
#include <algorithm>
#include <cstdio>
#include <vector>

static std::vector<int> digit, g;
static std::vector<long long> heaps;

static bool allows(long long t, long long a, long long b) {
    return t < (long long)digit.size() && (digit[t] >> ((a > 0) + (b > 0)) & 1);
}

// The value of a heap of n: the mex of what its moves leave.
static int mex_of(long long n) {
    std::vector<char> seen;
    for (long long t = 1; t <= n; t++)
        for (long long a = n - t; 2 * a >= n - t; a--)
            if (allows(t, a, n - t - a)) {
                int v = g[a] ^ g[n - t - a];
                if (v >= (int)seen.size()) seen.resize(v + 1, 0);
                seen[v] = 1;
            }
    int v = 0;
    while (v < (int)seen.size() && seen[v]) v++;
    return v;
}

static void move() {
    for (size_t i = 0; i < heaps.size(); i++)
        for (long long t = 1, h = heaps[i]; t <= h; t++)
            for (long long a = h - t; 2 * a >= h - t; a--)
                if (allows(t, a, h - t - a)) {
                    heaps[i] = a;
                    if (h - t > a) heaps.push_back(h - t - a);
                    printf("%zu %lld %lld\n", i + 1, t, a);
                    fflush(stdout);
                    return;
                }
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
    for (long long n = 0; n <= *std::max_element(heaps.begin(), heaps.end()); n++) g.push_back(mex_of(n));
    int x = 0;
    for (long long h : heaps) x ^= g[h];
    puts(x != 0 ? "First" : "Second");
    fflush(stdout);
    if (x != 0) move();
    long long i, t, a;
    while (scanf("%lld %lld %lld", &i, &t, &a) == 3 && i > 0) {
        long long rest = heaps[i - 1] - t;
        heaps[i - 1] = a;
        if (rest > a) heaps.push_back(rest - a);
        move();
    }
    return 0;
}
