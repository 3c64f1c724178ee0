// dag-game as a judge builds it: one file, no library but the standard one.
// Where every node has at most one distinct predecessor the DAG is a forest, and
// the forest game's theorems (fusion, inferior move, merge; seed 004) solve it as
// forest-game.cpp does: bottom up, a node's chain is the union of its children's
// chains under its weight, reduced while the weight is below the chain's maximum,
// and the roots' chains together are the final chain, played in order: O(n log^2 n).
// Any other DAG is played out by negamax over the sets of taken nodes (a taken set
// is closed under predecessors), memoized: exponential, meant for the small DAGs
// the package's tests hold. first = (total + val) / 2, val = first - second.
#include <algorithm>
#include <cstdio>
#include <queue>
#include <unordered_map>
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

static int n;
static std::vector<long long> w;
static std::vector<std::vector<int>> predecessors, successors;

// val of a forest (parent[v] = 0 for a root): the forest game's reduction.
static long long forest_value(const std::vector<int> &parent) {
    // Children after their parents: a breadth-first order from the roots.
    std::vector<int> order;
    for (int v = 1; v <= n; v++)
        if (parent[v] == 0) order.push_back(v);
    for (size_t head = 0; head < order.size(); head++)
        for (int v : successors[order[head]]) order.push_back(v);
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
        // Chain 0 gathers the roots' chains: the final one.
        auto &p = chain[parent[u]];
        if (p.size() < c.size()) std::swap(p, c);
        while (!c.empty()) p.push(c.top()), c.pop();
        std::priority_queue<long long>().swap(c);
    }
    for (int i = 0; !chain[0].empty(); i++, chain[0].pop()) val += i % 2 == 0 ? chain[0].top() : -chain[0].top();
    return val;
}

static std::unordered_map<std::vector<bool>, long long> memo;

// val of the game left once the nodes of `taken` are gone, for the player to move.
static long long negamax(std::vector<bool> &taken) {
    auto known = memo.find(taken);
    if (known != memo.end()) return known->second;
    bool moved = false;
    long long best = 0;
    for (int v = 1; v <= n; v++) {
        if (taken[v]) continue;
        bool free = std::all_of(predecessors[v].begin(), predecessors[v].end(), [&](int u) { return taken[u]; });
        if (!free) continue;
        taken[v] = true;
        long long value = w[v] - negamax(taken);
        taken[v] = false;
        if (!moved || value > best) best = value, moved = true;
    }
    memo.emplace(taken, best);
    return best;
}

int main() {
    n = (int)read_int();
    int m = (int)read_int();
    w.assign(n + 1, 0);
    long long total = 0;
    for (int v = 1; v <= n; v++) total += w[v] = read_int();
    std::vector<std::pair<int, int>> arcs(m);
    for (auto &[u, v] : arcs) u = (int)read_int(), v = (int)read_int();
    // Parallel arcs say one thing once.
    std::sort(arcs.begin(), arcs.end());
    arcs.erase(std::unique(arcs.begin(), arcs.end()), arcs.end());
    predecessors.assign(n + 1, {});
    successors.assign(n + 1, {});
    for (auto [u, v] : arcs) predecessors[v].push_back(u), successors[u].push_back(v);
    bool forest = std::all_of(predecessors.begin(), predecessors.end(), [](const auto &p) { return p.size() <= 1; });
    long long val;
    if (forest) {
        std::vector<int> parent(n + 1, 0);
        for (int v = 1; v <= n; v++)
            if (!predecessors[v].empty()) parent[v] = predecessors[v][0];
        val = forest_value(parent);
    } else {
        std::vector<bool> taken(n + 1, false);
        val = negamax(taken);
    }
    printf("%lld\n", (total + val) / 2);
    return 0;
}
