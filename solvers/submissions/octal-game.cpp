// octal-game as a judge builds it: one file, no library but the standard one.
// A heap of n is worth g(n) = mex of 0 (digit d_i has bit 1 and n = i), g(n - i)
// (bit 2, n > i) and g(a) ^ g(b) for a + b = n - i, a, b >= 1 (bit 4); the row
// is worth the XOR of its heaps' values. The values are computed in order up
// to the largest heap, with two speed-ups:
// 1. Periodicity (Guy-Smith): if g(n + p) = g(n) for n0 <= n < 2 n0 + p + t
//    (t the last non-zero digit's index, n0 >= 1), then for all n >= n0. At
//    sizes 64, 128, ... the smallest period so proven is looked for; once one
//    is, larger heaps are read off it (Kayles, Dawson's chess: within 256).
// 2. Sparse space (Winning Ways), on tagged values: a position x is classed by
//    2 g(x) + tag(x), tag(x) = (x + q) mod 2 when every splitting digit's i has
//    one parity q, else 0. The parts of a split of n then have tags XORing to
//    n's, so the heap's parity is one more bit of every split option (0.104,
//    0.324 are sparse only so). For a mask M, a tagged value w is common if
//    popcount(w & M) is odd, else rare. A common XOR needs a rare part, so the
//    pairs with a rare position find every option common with n's tag; the
//    mex is the least of those not found, unless a rare value below it is
//    missing: those are looked for among all pairs in one walk, smallest part
//    first, that stops once every one is found (almost always early). The
//    mask with the fewest rare positions among the recent half, by a
//    Walsh-Hadamard transform of their histogram, is chosen at each
//    checkpoint; when none is sparse enough every pair is tried.
// O(N (R k + s)) for heaps up to N, R rare positions, k splitting digits and s
// the walks' length: about O(N k) with a sparse space, O(N^2 k) without.
// Reference: Berlekamp, Conway and Guy, Winning Ways, ch. 4; J. P. Grossman,
// "Searching for periodicity in Officers", Games of No Chance 5.
#include <algorithm>
#include <cstdio>
#include <vector>

struct Octal {
    std::vector<int> digit;  // digit[i] for i = 1.. (digit[0] unused)
    std::vector<int> g;      // g(n) for the sizes computed
    long long start = 0, period = 0;  // once proven: g(n) = g(start + (n - start) mod period)
    int parity = -1;  // q when every splitting digit's i is q mod 2, else -1 (no tag)
    int mask = 0;     // over tagged values, the last chosen; 0: every pair is tried

    int value(long long n) const { return n < (long long)g.size() ? g[n] : g[start + (n - start) % period]; }

    int tag(long long x) const { return parity < 0 ? 0 : (int)((x + parity) & 1); }

    static bool is_rare(int w, int mask) { return __builtin_popcount(w & mask) % 2 == 0; }

    // The mask with the fewest rare positions among g[from..], and that number.
    std::pair<int, long long> sparsest(size_t from) const {
        int top = 0;
        for (size_t n = from; n < g.size(); n++) top = std::max(top, 2 * g[n] + 1);
        int size = 1;
        while (size <= top) size *= 2;
        std::vector<long long> h(size, 0);
        for (size_t n = from; n < g.size(); n++) h[2 * g[n] + tag(n)]++;
        for (int len = 1; len < size; len *= 2)
            for (int i = 0; i < size; i += 2 * len)
                for (int j = i; j < i + len; j++) {
                    long long a = h[j], b = h[j + len];
                    h[j] = a + b, h[j + len] = a - b;
                }
        long long total = (long long)(g.size() - from);
        // Mask 1 reads the tag alone: it would leave every option of a heap of tag 0 rare.
        int best = 0;
        for (int m = 2; m < size; m++)
            if (h[m] < h[best]) best = m;
        return {best, (total + h[best]) / 2};
    }

    // The smallest period the values so far prove, if any.
    bool prove_period(int t) {
        long long length = g.size();
        for (long long p = 1; 2 * p + t <= length; p++) {
            long long m = length - p;  // g[x + p] == g[x] checked for x < m
            long long x = m - 1;
            while (x >= 1 && g[x + p] == g[x]) x--;
            if (2 * (x + 1) + p + t <= m) {
                start = x + 1, period = p;
                return true;
            }
        }
        return false;
    }

    void compute_values(long long largest) {
        int t = 0;
        for (int i = 1; i < (int)digit.size(); i++)
            if (digit[i] != 0) t = i;
        std::vector<int> splits;  // the i whose digit allows two heaps
        for (int i = 1; i <= t; i++)
            if (digit[i] & 4) splits.push_back(i);
        parity = splits.empty() ? -1 : splits[0] % 2;
        for (int i : splits)
            if (i % 2 != parity) parity = -1;
        // seen[v] == stamp: v is an option of the heap being valued; the length is a power of
        // two above every value, hence above every XOR of two.
        std::vector<int> seen(1, 0), missing;
        std::vector<std::pair<int, int>> rare;  // (position >= 1, value) of the rare positions
        int stamp = 0;
        mask = 0;
        auto marked = [&](int v) { return v < (int)seen.size() && seen[v] == stamp; };
        g.assign(1, 0);
        g.reserve(largest + 1);
        for (long long n = 1; n <= largest; n++) {
            if (n >= 64 && (n & (n - 1)) == 0) {
                if (prove_period(t)) return;
                if (!splits.empty()) {
                    auto [best, count] = sparsest(g.size() / 2);
                    int chosen = 4 * count <= (long long)(g.size() - g.size() / 2) ? best : 0;
                    if (chosen != mask) {
                        mask = chosen;
                        rare.clear();
                        for (int a = 1; mask != 0 && a < n; a++)
                            if (is_rare(2 * g[a] + tag(a), mask)) rare.push_back({a, g[a]});
                    }
                }
            }
            ++stamp;
            const int *v = g.data();
            int *s = seen.data();
            for (int i = 1; i <= t && i <= n; i++) {
                if ((digit[i] & 1) && n == i) s[0] = stamp;
                if ((digit[i] & 2) && n > i) s[v[n - i]] = stamp;
            }
            int value = 0;
            if (mask == 0) {
                for (int i : splits)
                    for (long long a = 1, r = n - i; 2 * a <= r; a++) s[v[a] ^ v[r - a]] = stamp;
                while (marked(value)) value++;
            } else {
                int own = tag(n);
                for (int i : splits)
                    for (auto [a, x] : rare) {
                        if (a >= n - i) break;
                        s[v[n - i - a] ^ x] = stamp;
                    }
                int common = 0;
                while (is_rare(2 * common + own, mask) || marked(common)) common++;
                missing.clear();
                for (int w = 0; w < common; w++)
                    if (is_rare(2 * w + own, mask) && !marked(w)) missing.push_back(w);
                for (int i : splits)
                    for (long long a = 1, r = n - i; 2 * a <= r && !missing.empty();) {
                        for (long long end = std::min(a + 64, r / 2 + 1); a < end; a++) s[v[a] ^ v[r - a]] = stamp;
                        missing.erase(std::remove_if(missing.begin(), missing.end(), marked), missing.end());
                    }
                value = missing.empty() ? common : missing[0];
            }
            g.push_back(value);
            while (value >= (int)seen.size()) seen.resize(2 * seen.size(), 0);
            if (mask != 0 && is_rare(2 * value + tag(n), mask)) rare.push_back({(int)n, value});
        }
    }
};

int main() {
    static char word[64];
    if (scanf("%63s", word) != 1) return 1;
    Octal o;
    o.digit.push_back(0);
    for (int i = 2; word[i]; i++) o.digit.push_back(word[i] - '0');
    int k;
    if (scanf("%d", &k) != 1) return 1;
    std::vector<int> heaps(k);
    int top = 0;
    for (auto &h : heaps) {
        if (scanf("%d", &h) != 1) return 1;
        top = std::max(top, h);
    }
    o.compute_values(top);
    unsigned x = 0;
    for (int h : heaps) x ^= o.value(h);
    printf("%u\n", x);
    return 0;
}
