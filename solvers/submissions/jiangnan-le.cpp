// jiangnan-le as a judge builds it: one file, no library but the standard one.
// Sprague-Grundy: equal piles cancel in pairs, so splitting x = qM + r by M is
// worth [M - r odd] g(q) ^ [r odd] g(q + 1). The M with the same q = x / M form
// a block l .. x / q, and within it M + 2 has the parities of M: M = l and
// M = l + 1 stand for the whole block. Every size up to the largest pile is
// valued once (F is shared by the cases): O(V sqrt V) for V = 10^5, about
// 4 * 10^7 steps. The mex of a pile's fewer than 4 sqrt(x) + 2 options is
// found with a stamped array.
#include <cmath>
#include <cstdio>
#include <vector>

int main() {
    int t, f;
    if (scanf("%d %d", &t, &f) != 2) return 1;
    std::vector<std::vector<int>> games(t);
    int top = 1;
    for (auto &piles : games) {
        int n;
        if (scanf("%d", &n) != 1) return 1;
        piles.resize(n);
        for (auto &a : piles) {
            if (scanf("%d", &a) != 1) return 1;
            if (a > top) top = a;
        }
    }
    std::vector<int> g(top + 2, 0);
    std::vector<int> seen(4 * (int)std::sqrt((double)top) + 8, 0);
    for (int x = f > 2 ? f : 2; x <= top; x++) {
        for (int l = 2; l <= x;) {
            int q = x / l, h = x / q;
            for (int m = l; m <= l + 1 && m <= h; m++) {
                int r = x - q * m, v = 0;
                if ((m - r) % 2 == 1) v ^= g[q];
                if (r % 2 == 1) v ^= g[q + 1];
                if (v < (int)seen.size()) seen[v] = x;
            }
            l = h + 1;
        }
        int mex = 0;
        while (mex < (int)seen.size() && seen[mex] == x) mex++;
        g[x] = mex;
    }
    for (int k = 0; k < t; k++) {
        int x = 0;
        for (int a : games[k]) x ^= g[a];
        printf(k + 1 < t ? "%d " : "%d\n", x != 0 ? 1 : 0);
    }
    return 0;
}
