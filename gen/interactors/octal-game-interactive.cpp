// octal-game-interactive's interactor (protocol: gen/src/judge/octal_game_interactive.rs): a
// take-and-break game by octal code on a row of heaps, a sum of one-heap games. A heap of n is
// worth g(n) = mex of 0 (digit d_t has bit 1 and n = t), g(n - t) (bit 2, n > t) and
// g(a) ^ g(n - t - a) (bit 4, a >= 1, n - t - a >= 1); the row is worth the XOR of its heaps.
// The values are computed in order up to the largest heap, and cut short by the Guy-Smith
// periodicity theorem: if g(m + p) = g(m) for n0 <= m < 2 n0 + p + t (t the last non-zero
// digit's index, n0 >= 1), the values repeat with period p from n0 on; a period is looked for
// at sizes 64, 128, ... With a row worth x != 0 the jury moves on a heap whose value g drops to
// g ^ x < g (one exists by the mex) to that value; from a row worth 0 it makes the move to the
// largest value. Moves are tried in the harness's order: heap by heap, t = 1, 2, ..., the part
// left in place from the whole rest down to half of it. The values use a sparse space (Winning
// Ways): a position x is classed by its tagged value 2 g(x) + tag(x), where tag(x) = (x + q) mod 2
// when every splitting digit's t has one parity q, else 0. The two parts a + b = n - t of a split
// then have tag(a) ^ tag(b) = tag(n), so a split option v of n, tagged 2 v + tag(n), is the XOR of
// its parts' tagged values: the heap's parity is one more bit of the value (0.104 and 0.324 are
// sparse only so, and Officers-like codes such as 0.602 in their first thousands). For a mask M
// over tagged values, w is common if popcount(w & M) is odd, else rare; a common XOR needs a rare
// part, so the pairs with a rare position give every option of n that is common with n's tag. The
// mex is the least such value they miss unless a rare value below it is missed too: those are
// looked for among all pairs in one walk, smallest part first, that stops as soon as every one is
// found (almost always early). The mask with the fewest rare positions among the recent half, by
// a Walsh-Hadamard transform of their tagged values' histogram, is chosen at each checkpoint;
// without a sparse one every pair is tried. O(N (R k + s)) for the values up to N, R rare
// positions, k splitting digits and s the walks' length (O(N^2 k) without a sparse space; less
// once a period is proven), O(heap size * t) per winning move.
// Reference: Berlekamp, Conway and Guy, Winning Ways, chapter 4 (octal games, periodicity,
// "sparse space spells speed"); J. P. Grossman, "Searching for periodicity in Officers", Games of
// No Chance 5 (the heap's parity as a bit of the value).
#include <algorithm>
#include <set>

#include "interaction.h"

struct Octal {
    static constexpr const char *over = "0 0 0";
    static constexpr const char *rejected = "-1 -1 -1";
    std::string code;
    std::vector<int> digit;  // digit[t] for t = 1.. (digit[0] unused)
    std::vector<long long> heaps;
    std::vector<int> g;      // g(n) for the sizes computed
    long long start = 0, period = 0;  // once proven: g(n) = g(start + (n - start) mod period)
    int parity = -1;  // q when every splitting digit's t is q mod 2, else -1 (no tag)
    int mask = 0;     // over tagged values, the last chosen; 0: every pair is tried

    int value(long long n) const {
        if (n < (long long)g.size()) return g[n];
        return g[start + (n - start) % period];
    }

    // Whether digit t allows leaving heaps a and b (0 is no heap).
    bool allows(long long t, long long a, long long b) const {
        if (t < 1 || t >= (long long)digit.size()) return false;
        int bit = (a > 0) + (b > 0) == 0 ? 1 : (a > 0) + (b > 0) == 1 ? 2 : 4;
        return digit[t] & bit;
    }

    // The smallest period the values computed so far prove, if any.
    bool prove_period() {
        long long n = g.size(), last = digit.size() - 1;
        while (last > 0 && digit[last] == 0) last--;
        for (long long p = 1; 2 * p + last + 2 <= n; p++) {
            long long m = n - p - 1;
            while (m >= 1 && g[m + p] == g[m]) m--;
            long long n0 = m + 1;
            if (2 * n0 + 2 * p + last <= n) {
                start = n0, period = p;
                return true;
            }
        }
        return false;
    }

    int tag(long long x) const { return parity < 0 ? 0 : (int)((x + parity) & 1); }

    // Whether the tagged value w is rare under the mask.
    static bool is_rare(int w, int mask) { return __builtin_popcount(w & mask) % 2 == 0; }

    // The mask with the fewest rare positions among g[from..], and that number: a Walsh-Hadamard
    // transform of the tagged values' histogram prices every mask at once.
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
        for (int mask = 2; mask < size; mask++)
            if (h[mask] < h[best]) best = mask;
        return {best, (total + h[best]) / 2};
    }

    void compute_values(long long largest) {
        long long last = digit.size() - 1;
        while (last > 0 && digit[last] == 0) last--;
        std::vector<long long> splits;  // the t whose digit allows two heaps
        for (long long t = 1; t <= last; t++)
            if (digit[t] & 4) splits.push_back(t);
        parity = splits.empty() ? -1 : (int)(splits[0] % 2);
        for (long long t : splits)
            if (t % 2 != parity) parity = -1;
        // seen[v] == stamp: v is an option of the heap being valued. Its length is a power of two
        // above every value so far, hence above every XOR of two: a mark is one store.
        std::vector<int> seen(1, 0);
        int stamp = 0;
        mask = 0;
        auto marked = [&](int v) { return v < (int)seen.size() && seen[v] == stamp; };
        // The positions a >= 1 whose tagged value is rare under `mask`, with their values beside
        // them: the walk over them for every heap reads one stream.
        struct Rare {
            long long pos;
            int value;
        };
        std::vector<Rare> rare;
        std::vector<int> missing;  // rare values below the least common one not yet an option
        // Drops from `missing` the values some split of n reaches: one walk over the splits,
        // smallest part first, for all of them at once, a chunk at a time; it almost always
        // stops early.
        auto reach_missing = [&](long long n) {
            const int *v = g.data();
            int *s = seen.data();
            for (long long t : splits)
                for (long long a = 1, r = n - t; 2 * a <= r && !missing.empty();) {
                    for (long long end = std::min(a + 64, r / 2 + 1); a < end; a++) s[v[a] ^ v[r - a]] = stamp;
                    missing.erase(std::remove_if(missing.begin(), missing.end(), marked), missing.end());
                }
        };
        g.assign(1, 0);
        g.reserve(largest + 1);
        for (long long n = 1; n <= largest; n++) {
            if (n >= 64 && (n & (n - 1)) == 0) {
                if (prove_period()) return;
                if (!splits.empty()) {
                    auto [best, count] = sparsest(g.size() / 2);
                    int chosen = 4 * count <= (long long)(g.size() - g.size() / 2) ? best : 0;
                    if (chosen != mask) {
                        mask = chosen;
                        rare.clear();
                        for (long long a = 1; mask != 0 && a < n; a++)
                            if (is_rare(2 * g[a] + tag(a), mask)) rare.push_back({a, g[a]});
                    }
                }
            }
            ++stamp;
            const int *v = g.data();
            int *s = seen.data();
            for (long long t = 1; t <= last && t <= n; t++) {
                if ((digit[t] & 1) && n == t) s[0] = stamp;
                if ((digit[t] & 2) && n > t) s[v[n - t]] = stamp;
            }
            int value = 0;
            if (mask == 0) {
                for (long long t : splits)
                    for (long long a = 1, r = n - t; 2 * a <= r; a++) s[v[a] ^ v[r - a]] = stamp;
                while (marked(value)) value++;
            } else {
                // An option common with n's tag XORs a rare and a common part: the pairs with
                // a rare part give every such option.
                int own = tag(n);
                for (long long t : splits)
                    for (const Rare &x : rare) {
                        if (x.pos >= n - t) break;
                        s[v[n - t - x.pos] ^ x.value] = stamp;
                    }
                int common = 0;
                while (is_rare(2 * common + own, mask) || marked(common)) common++;
                missing.clear();
                for (int w = 0; w < common; w++)
                    if (is_rare(2 * w + own, mask) && !marked(w)) missing.push_back(w);
                reach_missing(n);
                value = missing.empty() ? common : missing[0];
            }
            g.push_back(value);
            while (value >= (int)seen.size()) seen.resize(2 * seen.size(), 0);
            if (mask != 0 && is_rare(2 * value + tag(n), mask)) rare.push_back({n, value});
        }
    }

    std::string text() const {
        std::string s = code + "\n" + std::to_string(heaps.size()) + "\n";
        for (size_t i = 0; i < heaps.size(); i++) s += (i ? " " : "") + std::to_string(heaps[i]);
        return s;
    }

    bool heap_has_move(long long h) const {
        for (long long t = 1; t < (long long)digit.size() && t <= h; t++)
            if (allows(t, h - t, 0) || (h - t >= 2 && allows(t, h - t - 1, 1))) return true;
        return false;
    }

    bool has_move() const {
        for (long long h : heaps)
            if (heap_has_move(h)) return true;
        return false;
    }

    void apply(size_t i, long long t, long long a) {
        long long rest = heaps[i] - t;
        heaps[i] = a;
        if (rest > a) heaps.push_back(rest - a);
    }

    bool play(const std::string &line) {
        std::vector<long long> v;
        if (!interaction::integers(line, 3, v)) return false;
        long long i = v[0], t = v[1], a = v[2];
        if (i < 1 || i > (long long)heaps.size() || t < 1 || t > heaps[i - 1]) return false;
        long long rest = heaps[i - 1] - t;
        if (a < 0 || a > rest || !allows(t, a, rest - a)) return false;
        apply(i - 1, t, a);
        return true;
    }

    struct Move {
        size_t heap;
        long long take, left;
        int value;  // of the heap's options: g(left) ^ g(rest - left)
    };

    // The moves of heap i in the harness's order, until `stop` says enough.
    template <class Stop>
    bool each_move(size_t i, Stop stop) const {
        long long h = heaps[i];
        for (long long t = 1; t < (long long)digit.size() && t <= h; t++)
            for (long long a = h - t; 2 * a >= h - t; a--)
                if (allows(t, a, h - t - a) && stop(Move{i, t, a, value(a) ^ value(h - t - a)})) return true;
        return false;
    }

    Move choice() const {
        int x = 0;
        for (long long h : heaps) x ^= value(h);
        Move best{0, 0, 0, -1};
        if (x != 0) {
            for (size_t i = 0; i < heaps.size(); i++) {
                int target = value(heaps[i]) ^ x;
                if (target < value(heaps[i]) && each_move(i, [&](const Move &m) {
                        best = m;
                        return m.value == target;
                    }))
                    return best;
            }
        }
        int most = -1;
        std::set<long long> sizes;  // a heap of a size met before has the same options
        for (size_t i = 0; i < heaps.size(); i++) {
            if (!sizes.insert(heaps[i]).second) continue;
            each_move(i, [&](const Move &m) {
                if ((value(heaps[i]) ^ m.value) > most) most = value(heaps[i]) ^ m.value, best = m;
                return false;
            });
        }
        return best;
    }

    std::string reply() {
        Move m = choice();
        apply(m.heap, m.take, m.left);
        return std::to_string(m.heap + 1) + " " + std::to_string(m.take) + " " + std::to_string(m.left);
    }
};

int main(int argc, char *argv[]) {
    interaction::start(argc, argv);
    Octal game;
    size_t k;
    interaction::position >> game.code >> k;
    game.digit.push_back(0);
    for (size_t c = 2; c < game.code.size(); c++) game.digit.push_back(game.code[c] - '0');
    game.heaps.resize(k);
    for (long long &h : game.heaps) interaction::position >> h;
    game.compute_values(*std::max_element(game.heaps.begin(), game.heaps.end()));
    interaction::referee(game);
}
