// bunny-egg as a judge builds it: one file, no library but the standard one.
// The empty cell never returns to a cell it left, so the game is undirected
// vertex geography on the bipartite grid graph of the cells it can enter
// (white cells of the other colour parity than its start, black cells and the
// start of the start's parity). The player to move wins iff the empty cell's
// cell lies in every maximum matching of the cells not yet visited, that is
// iff adding it to the graph without it makes the maximum matching grow. So
// the record is read backwards: match the cells it never visits, then add its
// cells from the last to the first, one augmenting-path search each; a
// mistake is a round where the first player wins before her move and the
// opponent after it (NOI 2011, "兔兔与蛋蛋游戏").
// O(V E + k E) with V = n m <= 1600 cells and E <= 2V edges. Kuhn's search
// recurses along one alternating path, at most V = 1600 deep.
#include <cstdio>
#include <vector>

static int n, m;
static std::vector<char> alive;
static std::vector<int> mate, seen;
static int stamp = 0;

static bool augment(int u) {
    int r = u / m, c = u % m;
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int d = 0; d < 4; d++) {
        int rr = r + dr[d], cc = c + dc[d];
        if (rr < 0 || rr >= n || cc < 0 || cc >= m) continue;
        int v = rr * m + cc;
        if (!alive[v] || seen[v] == stamp) continue;
        seen[v] = stamp;
        if (mate[v] < 0 || augment(mate[v])) {
            mate[u] = v, mate[v] = u;
            return true;
        }
    }
    return false;
}

int main() {
    if (scanf("%d %d", &n, &m) != 2) return 1;
    std::vector<char> board(n * m);
    int start = 0;
    for (int r = 0; r < n; r++) {
        static char row[64];
        if (scanf("%63s", row) != 1) return 1;
        for (int c = 0; c < m; c++) {
            board[r * m + c] = row[c];
            if (row[c] == '.') start = r * m + c;
        }
    }
    int k;
    if (scanf("%d", &k) != 1) return 1;
    std::vector<int> walk{start};
    for (int i = 0; i < 2 * k; i++) {
        int x, y;
        if (scanf("%d %d", &x, &y) != 2) return 1;
        walk.push_back((x - 1) * m + y - 1);
    }
    // The cells the empty cell can enter, and which of them the record visits.
    int parity = (start / m + start % m) % 2;
    alive.assign(n * m, 0), mate.assign(n * m, -1), seen.assign(n * m, 0);
    std::vector<char> enterable(n * m, 0), visited(n * m, 0);
    for (int v = 0; v < n * m; v++) {
        bool same = (v / m + v % m) % 2 == parity;
        enterable[v] = board[v] == '.' || (board[v] == 'X' && same) || (board[v] == 'O' && !same);
    }
    for (int v : walk) visited[v] = 1;
    for (int v = 0; v < n * m; v++) alive[v] = enterable[v] && !visited[v];
    for (int v = 0; v < n * m; v++) {
        if (alive[v] && mate[v] < 0) ++stamp, augment(v);
    }
    // wins[i]: the player to move at walk[i] wins.
    std::vector<char> wins(walk.size());
    for (int i = (int)walk.size() - 1; i >= 0; i--) {
        alive[walk[i]] = 1;
        ++stamp;
        wins[i] = augment(walk[i]);
    }
    std::vector<int> mistakes;
    for (int round = 1; round <= k; round++) {
        int i = 2 * (round - 1);
        if (wins[i] && wins[i + 1]) mistakes.push_back(round);
    }
    printf("%d\n", (int)mistakes.size());
    for (int round : mistakes) printf("%d\n", round);
    return 0;
}
