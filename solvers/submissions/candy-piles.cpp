// candy-piles as a judge builds it: one file, no library but the standard one.
// Sorted largest first, the piles are the rows of a Young diagram and a
// position is a cell: eating a largest pile steps down, eating one from each
// steps right, and whoever steps out of the diagram ate the last candy. A cell
// and the one diagonally below-right of it have the same outcome, so walk the
// diagonal to its last cell (k, k); from there the mover wins iff the cells
// right of it in its row or below it in its column are odd in number
// (AGC 002 E). O(N log N).
#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    std::vector<long long> a(n);
    for (auto &x : a) {
        if (scanf("%lld", &x) != 1) return 1;
    }
    std::sort(a.begin(), a.end(), std::greater<long long>());
    int k = 0;
    while (k + 1 < n && a[k + 1] > k + 1) k++;
    long long right = a[k] - k - 1;
    long long below = 0;
    for (int i = k + 1; i < n && a[i] > k; i++) below++;
    puts(right % 2 == 1 || below % 2 == 1 ? "First" : "Second");
    return 0;
}
