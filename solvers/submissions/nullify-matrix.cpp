// nullify-matrix as a judge builds it: one file, no library but the standard one.
// Cells with the same i + j form an anti-diagonal; a move lowers a cell of one
// diagonal and may rewrite one cell of every later diagonal on the path. The
// game is Nim on the XORs of the anti-diagonals: Ashish wins iff one is not 0
// (CF 1451F). O(n m) per case.
#include <cstdio>
#include <vector>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t-- > 0) {
        int n, m;
        if (scanf("%d %d", &n, &m) != 2) return 1;
        std::vector<unsigned> diagonal(n + m - 1, 0);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                unsigned a;
                if (scanf("%u", &a) != 1) return 1;
                diagonal[i + j] ^= a;
            }
        }
        bool zero = true;
        for (unsigned x : diagonal) zero = zero && x == 0;
        puts(zero ? "Jeel" : "Ashish");
    }
    return 0;
}
