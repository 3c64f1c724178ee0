// forest-game as a judge builds it: one file, no library but the standard one.
// val = (first's total) - (second's) is unchanged when a subtree is replaced by
// a non-increasing chain. Bottom up, a vertex's chain is the union of its
// children's chains under its weight x; while x is below the chain's maximum M,
// either M is the chain's last element (an inferior move: both go, val gains
// (-1)^n (x - M)) or x, M and the next y fuse into x + y - M. The final chain is
// played in order, and first = (total + val) / 2. Chains are binary heaps merged
// small into large: O(n log^2 n). The tree is ordered by a BFS from the root, so
// no recursion; sums in 64 bits.
#include <cstdio>
#include <queue>
#include <utility>
#include <vector>

static char buf[1 << 16];
static size_t len = 0, pos = 0;

static inline int next_char() {
    if (pos == len) {
        len = fread(buf, 1, sizeof buf, stdin);
        pos = 0;
        if (len == 0) return -1;
    }
    return buf[pos++];
}

static inline long long read_int() {
    int c = next_char();
    while (c == ' ' || c == '\n' || c == '\r') c = next_char();
    long long x = 0;
    while (c >= '0' && c <= '9') {
        x = x * 10 + (c - '0');
        c = next_char();
    }
    return x;
}

int main() {
    int n = (int)read_int();
    std::vector<long long> w(n + 1);
    long long total = 0;
    for (int v = 1; v <= n; v++) total += w[v] = read_int();
    std::vector<int> start(n + 2, 0), from(n - 1), to(n - 1), adjacent(2 * (n - 1));
    for (int e = 0; e < n - 1; e++) {
        from[e] = (int)read_int(), to[e] = (int)read_int();
        start[from[e]]++, start[to[e]]++;
    }
    for (int v = 1; v <= n + 1; v++) start[v] += start[v - 1];
    for (int e = 0; e < n - 1; e++) adjacent[--start[from[e]]] = to[e], adjacent[--start[to[e]]] = from[e];
    // Breadth first from vertex 1: every vertex after its parent.
    std::vector<int> order{1}, parent(n + 1, 0);
    parent[1] = -1;
    for (size_t head = 0; head < order.size(); head++) {
        int u = order[head];
        for (int i = start[u]; i < start[u + 1]; i++) {
            int v = adjacent[i];
            if (v != parent[u]) parent[v] = u, order.push_back(v);
        }
    }
    const long long sign = n % 2 == 0 ? 1 : -1;
    long long val = 0;
    std::vector<std::priority_queue<long long>> chain(n + 1);
    for (int i = n - 1; i >= 0; i--) {
        int u = order[i];
        auto &c = chain[u];
        long long top = w[u];
        bool consumed = false;
        while (!c.empty() && top < c.top()) {
            long long max = c.top();
            c.pop();
            if (c.empty()) {
                val += sign * (top - max);
                consumed = true;
                break;
            }
            top += c.top() - max;
            c.pop();
        }
        if (!consumed) c.push(top);
        if (u == 1) break;
        auto &p = chain[parent[u]];
        if (p.size() < c.size()) std::swap(p, c);
        while (!c.empty()) p.push(c.top()), c.pop();
        std::priority_queue<long long>().swap(c);
    }
    long long sum = 0;
    for (int i = 0; !chain[1].empty(); i++, chain[1].pop()) sum += i % 2 == 0 ? chain[1].top() : -chain[1].top();
    printf("%lld\n", (total + val + sum) / 2);
    return 0;
}
