// The oracle: plays the game out from the rules, slowly and surely.
//
// A position with m stones is won when some move (take 1 to k) leaves a lost one;
// with no stones left the player to move has lost.
#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
    int t;
    if (std::scanf("%d", &t) != 1) return 1;
    while (t--) {
        long long n, k;
        if (std::scanf("%lld %lld", &n, &k) != 2) return 1;
        std::vector<bool> won(n + 1, false);
        for (long long m = 1; m <= n; m++)
            for (long long take = 1; take <= std::min(k, m) && !won[m]; take++)
                won[m] = !won[m - take];
        std::puts(won[n] ? "First" : "Second");
    }
}
