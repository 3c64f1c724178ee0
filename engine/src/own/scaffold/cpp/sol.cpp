// The solution: the first player loses exactly when n is a multiple of k + 1.
#include <cstdio>

int main() {
    int t;
    if (std::scanf("%d", &t) != 1) return 1;
    while (t--) {
        long long n, k;
        if (std::scanf("%lld %lld", &n, &k) != 2) return 1;
        std::puts(n % (k + 1) ? "First" : "Second");
    }
}
