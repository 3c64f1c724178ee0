// choosing-carrot as a judge builds it: one file, no library but the standard one.
// On a row of m carrots with Oleg (max) to move, the result depends only on its
// middle: m even, the larger of the two middle values; m odd >= 3, Oleg hands
// Igor an even row, so max(min(a[c-1], a[c]), min(a[c], a[c+1])) around the
// middle c; m = 1, the carrot. Oleg's k extra moves choose any window of
// m = n - k, and going from m to m - 2 widens the range of middles by one at
// each end: a running maximum per parity of m gives every answer (CF 794E). O(n).
#include <algorithm>
#include <cstdio>
#include <vector>

static std::vector<int> a, answer;

static int even_middle(int i) { return std::max(a[i], a[i + 1]); }
static int odd_middle(int c) { return std::max(std::min(a[c - 1], a[c]), std::min(a[c], a[c + 1])); }

// Windows of length m from `first` down to `smallest` by 2; middles lo(m) ..
// n - m + lo(m), where lo(m) = m / 2 - shift.
template <class Value>
static void widening(int n, int first, int smallest, int shift, Value value) {
    int m = first, l = m / 2 - shift, h = n - m + m / 2 - shift;
    int best = 0;
    for (int i = l; i <= h; i++) best = std::max(best, value(i));
    answer[n - m] = best;
    while (m >= smallest + 2) {
        m -= 2, l--, h++;
        best = std::max({best, value(l), value(h)});
        answer[n - m] = best;
    }
}

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    a.resize(n);
    answer.assign(n, 0);
    for (auto &x : a) {
        if (scanf("%d", &x) != 1) return 1;
    }
    if (n >= 2) widening(n, n - n % 2, 2, 1, even_middle);
    if (n >= 3) widening(n, n - 1 + n % 2, 3, 0, odd_middle);
    answer[n - 1] = *std::max_element(a.begin(), a.end());
    for (int k = 0; k < n; k++) printf(k + 1 < n ? "%d " : "%d\n", answer[k]);
    return 0;
}
