// fox-card-game as a judge builds it: one file, no library but the standard one.
// Each player can secure their half of every pile (Ciel the top, Jiro the
// bottom) by answering on the same pile; the middle cards of the odd piles go
// largest first, alternately, Ciel first (CF 388C). O(C + k log k).
#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    long long ciel = 0, jiro = 0;
    std::vector<int> middles;
    for (int p = 0; p < n; p++) {
        int s;
        if (scanf("%d", &s) != 1) return 1;
        for (int i = 0; i < s; i++) {
            int c;
            if (scanf("%d", &c) != 1) return 1;
            if (2 * i + 1 == s) middles.push_back(c);
            else if (2 * i < s) ciel += c;
            else jiro += c;
        }
    }
    std::sort(middles.begin(), middles.end(), std::greater<int>());
    for (size_t i = 0; i < middles.size(); i++) (i % 2 == 0 ? ciel : jiro) += middles[i];
    printf("%lld %lld\n", ciel, jiro);
    return 0;
}
