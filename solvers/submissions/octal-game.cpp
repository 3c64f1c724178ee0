// octal-game as a judge builds it: one file, no library but the standard one.
// A heap of n is worth g(n) = mex of 0 (digit d_i has bit 1 and n = i), g(n - i)
// (bit 2, n > i) and g(a) ^ g(b) for a + b = n - i, a, b >= 1 (bit 4); the row
// is worth the XOR of its heaps' values. The values are computed in order up
// to the largest heap, with two speed-ups:
// 1. Periodicity (Guy-Smith): if g(n + p) = g(n) for n0 <= n < 2 n0 + p + t
//    (t the last non-zero digit's index, n0 >= 1), then for all n >= n0. At
//    sizes 64, 128, ... the smallest period so proven is looked for; once one
//    is, larger heaps are read off it (Kayles, Dawson's chess: within 256).
// 2. Sparse space (Winning Ways): for a mask M, a value v is common if
//    popcount(v & M) is odd, else rare. A common XOR needs a rare part, so the
//    pairs with a rare heap find every common option; the mex is the least
//    common value not found, unless a rare value below it is missing, which is
//    then searched among all pairs (such searches stop early). The mask with
//    the fewest rare values among the recent half, by a Walsh-Hadamard
//    transform of their histogram, is chosen at each checkpoint; when none is
//    sparse enough every pair is tried.
// O(N (R k + s)) for heaps up to N, R rare positions, k splitting digits and s
// the searches' length: about O(N k) with a sparse space, O(N^2 k) without.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

static std::vector<int> g, seen, rare;  // rare: the positions a >= 1 whose value is rare
static int stamp = 0;

static void mark(int v) {
    if (v >= (int)seen.size()) seen.resize(2 * v + 2, 0);
    seen[v] = stamp;
}

static bool marked(int v) { return v < (int)seen.size() && seen[v] == stamp; }

static bool is_rare(int v, int mask) { return __builtin_popcount(v & mask) % 2 == 0; }

// The mask with the fewest rare values among g[from..], and that number.
static std::pair<int, long long> sparsest(size_t from) {
    int top = 0;
    for (size_t n = from; n < g.size(); n++) top = std::max(top, g[n]);
    int size = 1;
    while (size <= top) size *= 2;
    std::vector<long long> h(size, 0);
    for (size_t n = from; n < g.size(); n++) h[g[n]]++;
    for (int len = 1; len < size; len *= 2) {
        for (int i = 0; i < size; i += 2 * len) {
            for (int j = i; j < i + len; j++) {
                long long a = h[j], b = h[j + len];
                h[j] = a + b, h[j + len] = a - b;
            }
        }
    }
    long long total = (long long)(g.size() - from);
    int best = 0;
    for (int mask = 1; mask < size; mask++) {
        if (h[mask] < h[best]) best = mask;
    }
    return {best, (total + h[best]) / 2};
}

int main() {
    static char word[64];
    if (scanf("%63s", word) != 1) return 1;
    int t = 0;
    std::vector<int> digit(1, 0);
    for (int i = 2; word[i]; i++) {
        digit.push_back(word[i] - '0');
        if (digit.back() != 0) t = (int)digit.size() - 1;
    }
    int k;
    if (scanf("%d", &k) != 1) return 1;
    std::vector<int> heaps(k);
    int top = 0;
    for (auto &h : heaps) {
        if (scanf("%d", &h) != 1) return 1;
        top = std::max(top, h);
    }
    std::vector<int> splits;  // the i whose digit allows two heaps
    for (int i = 1; i <= t; i++) {
        if (digit[i] & 4) splits.push_back(i);
    }
    int mask = 0, period = 0, start = 0;
    g.assign(1, 0);
    g.reserve(top + 1);
    for (int n = 1; n <= top; n++) {
        ++stamp;
        for (int i = 1; i <= t && i <= n; i++) {
            if ((digit[i] & 1) && n == i) mark(0);
            if ((digit[i] & 2) && n > i) mark(g[n - i]);
        }
        int value = 0;
        if (mask == 0) {
            for (int i : splits) {
                for (int a = 1, r = n - i; 2 * a <= r; a++) mark(g[a] ^ g[r - a]);
            }
            while (marked(value)) value++;
        } else {
            for (int i : splits) {
                int r = n - i;
                for (int a : rare) {
                    if (a >= r) break;
                    mark(g[a] ^ g[r - a]);
                }
            }
            int common = 0;
            while (!is_rare(common, mask) ? marked(common) : true) common++;
            value = common;
            for (int v = 0; v < common; v++) {
                if (!is_rare(v, mask) || marked(v)) continue;
                bool found = false;
                for (size_t j = 0; j < splits.size() && !found; j++) {
                    int r = n - splits[j];
                    for (int a = 1; 2 * a <= r; a++) {
                        if ((g[a] ^ g[r - a]) == v) {
                            found = true;
                            break;
                        }
                    }
                }
                if (!found) {
                    value = v;
                    break;
                }
            }
        }
        g.push_back(value);
        if (mask != 0 && is_rare(value, mask)) rare.push_back(n);
        if (n >= 64 && (n & (n - 1)) == 0) {
            // The smallest period proven by the values so far.
            int length = n + 1;
            for (int p = 1; 2 * p + t <= length && period == 0; p++) {
                int m = length - p;  // g[x + p] == g[x] checked for x < m
                int x = m - 1;
                while (x >= 1 && g[x + p] == g[x]) x--;
                int n0 = x + 1;
                if (2 * n0 + p + t <= m) period = p, start = n0;
            }
            if (period != 0) break;
            if (!splits.empty()) {
                auto [best, count] = sparsest(g.size() / 2);
                int chosen = 4 * count <= (long long)(g.size() - g.size() / 2) ? best : 0;
                if (chosen != mask) {
                    mask = chosen;
                    rare.clear();
                    if (mask != 0) {
                        for (int a = 1; a <= n; a++) {
                            if (is_rare(g[a], mask)) rare.push_back(a);
                        }
                    }
                }
            }
        }
    }
    unsigned x = 0;
    for (int h : heaps) {
        int v = h < (int)g.size() ? g[h] : g[start + (h - start) % period];
        x ^= v;
    }
    printf("%u\n", x);
    return 0;
}
