// green-hackenbush-interactive's right player as a judge builds it (protocol:
// gen/src/judge/green_hackenbush_interactive.rs), for the small graphs of the game's tests. The
// value of a rooted multigraph: fuse each 2-edge-connected component into one vertex whose edges
// become loops (worth 1 each), then value the tree of components by the colon principle (a
// component is worth the parity of its edges XOR, over each bridge down to a child, the child's
// value + 1). Here an edge is a bridge when its ends are no longer joined without it (a search
// per edge), so a value costs O(m (n + m)); a move tries every edge: O(m^2 (n + m)).
// It plays First iff the value is not 0 and always deletes an edge that leaves 0.
#include <cstdio>
#include <vector>

static int n, m;
static std::vector<int> eu, ev;
static std::vector<char> there;

// The vertices the root reaches by the edges still there but `skip`.
static std::vector<char> reach(int skip, int from = 1) {
    std::vector<char> seen(n + 1, 0);
    std::vector<int> todo{from};
    seen[from] = 1;
    while (!todo.empty()) {
        int v = todo.back();
        todo.pop_back();
        for (int e = 0; e < m; e++) {
            if (!there[e] || e == skip || (eu[e] != v && ev[e] != v)) continue;
            int w = eu[e] == v ? ev[e] : eu[e];
            if (!seen[w]) seen[w] = 1, todo.push_back(w);
        }
    }
    return seen;
}

static void drop_cut_off() {
    std::vector<char> seen = reach(-1);
    for (int e = 0; e < m; e++)
        if (!seen[eu[e]]) there[e] = 0;
}

static unsigned value() {
    std::vector<char> bridge(m, 0);
    std::vector<int> part(n + 1);
    for (int v = 1; v <= n; v++) part[v] = v;
    auto find = [&](int v) {
        while (part[v] != v) v = part[v] = part[part[v]];
        return v;
    };
    for (int e = 0; e < m; e++)
        if (there[e]) bridge[e] = eu[e] != ev[e] && !reach(e, eu[e])[ev[e]];
    for (int e = 0; e < m; e++)
        if (there[e] && !bridge[e]) part[find(eu[e])] = find(ev[e]);
    // Value the tree of components from the root's, children first (an explicit post-order).
    std::vector<unsigned> worth(n + 1, 0);
    for (int e = 0; e < m; e++)
        if (there[e] && !bridge[e]) worth[find(eu[e])] ^= 1;
    std::vector<char> done(n + 1, 0);
    std::vector<std::pair<int, int>> order;  // (component, the bridge above it)
    std::vector<std::pair<int, int>> todo{{find(1), -1}};
    done[find(1)] = 1;
    while (!todo.empty()) {
        auto [c, up] = todo.back();
        todo.pop_back();
        order.push_back({c, up});
        for (int e = 0; e < m; e++) {
            if (!there[e] || !bridge[e] || e == up) continue;
            int a = find(eu[e]), b = find(ev[e]);
            if (a != c && b != c) continue;
            int d = a == c ? b : a;
            if (!done[d]) done[d] = 1, todo.push_back({d, e});
        }
    }
    for (size_t k = order.size(); k-- > 1;) {
        auto [c, up] = order[k];
        int parent = find(eu[up]) == c ? find(ev[up]) : find(eu[up]);
        worth[parent] ^= worth[c] + 1;
    }
    return worth[find(1)];
}

static void remove(int e) {
    there[e] = 0;
    drop_cut_off();
}

static void move() {
    int pick = -1;
    for (int e = 0; e < m; e++) {
        if (!there[e]) continue;
        std::vector<char> before = there;
        remove(e);
        bool zero = value() == 0;
        there = before;
        if (pick < 0 || zero) pick = e;
        if (zero) break;
    }
    if (pick < 0) return;
    remove(pick);
    printf("%d\n", pick + 1);
    fflush(stdout);
}

int main() {
    if (scanf("%d %d", &n, &m) != 2) return 1;
    eu.resize(m), ev.resize(m), there.assign(m, 1);
    for (int e = 0; e < m; e++)
        if (scanf("%d %d", &eu[e], &ev[e]) != 2) return 1;
    drop_cut_off();
    bool first = value() != 0;
    puts(first ? "First" : "Second");
    fflush(stdout);
    if (first) move();
    int e;
    while (scanf("%d", &e) == 1 && e > 0) {
        remove(e - 1);
        move();
    }
    return 0;
}
