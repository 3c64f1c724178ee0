// christmas-game's input validator as a Kattis judge runs it (exit 42 valid, 43
// not, the reason on stderr): the format of gen/src/judge/christmas_game.rs,
// 1 to 100 cases until the end of the input, each `N` (1..99) and N graphs
// `m k` (1 <= m <= 99, 0 <= k <= 499) with k edges `a b` (1 <= a, b <= m), written
// as the harness writes it (one space between numbers, `\n` after each line, no
// leading zeros); and POJ 3710's guarantee (`mode = "poj"` of
// gen/src/families/cactus.rs): each graph connected, no loops, every edge on at
// most one cycle, and every cycle pendant: its vertices but the one nearest the
// root have degree 2 (two parallel edges are a cycle of two).
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#include "strict_input.h"

// One graph: its edges, then connected, a cactus, its cycles pendant.
static void read_graph() {
    int m = (int)read_int("m must be an integer in 1..99", 1, 99);
    expect(' ');
    int k = (int)read_int("k must be an integer in 0..499", 0, 499);
    expect('\n');
    std::vector<std::pair<int, int>> edges(k);
    std::vector<std::vector<std::pair<int, int>>> adjacent(m + 1);
    for (int e = 0; e < k; e++) {
        int a = (int)read_int("a must be an integer in 1..m", 1, m);
        expect(' ');
        int b = (int)read_int("b must be an integer in 1..m", 1, m);
        if (a == b) invalid("a loop: the judge's graphs have none");
        expect('\n');
        edges[e] = {a, b};
        adjacent[a].push_back({b, e});
        adjacent[b].push_back({a, e});
    }
    // A BFS tree from the root; every other edge closes one cycle.
    std::vector<int> parent(m + 1, 0), parent_edge(m + 1, -1), depth(m + 1, 0), queue{1};
    std::vector<bool> tree_edge(k, false), on_cycle(k, false);
    parent[1] = 1;
    for (size_t head = 0; head < queue.size(); head++) {
        int v = queue[head];
        for (auto [w, e] : adjacent[v]) {
            if (parent[w] == 0) {
                parent[w] = v, parent_edge[w] = e, depth[w] = depth[v] + 1, tree_edge[e] = true;
                queue.push_back(w);
            }
        }
    }
    if ((int)queue.size() != m) invalid("the graph is not connected: a vertex is not reachable from the root");
    for (int e = 0; e < k; e++) {
        if (tree_edge[e]) continue;
        auto [a, b] = edges[e];
        while (a != b) {
            int &x = depth[a] >= depth[b] ? a : b;
            if (on_cycle[parent_edge[x]]) invalid("an edge lies on two cycles: the graph is not a cactus");
            on_cycle[parent_edge[x]] = true;
            if (adjacent[x].size() != 2) invalid("a cycle is not pendant: one of its vertices below its top has degree > 2");
            x = parent[x];
        }
    }
}

int main() {
    int cases = 0;
    while (peek() != -1) {
        if (++cases > 100) invalid("more than 100 test cases");
        long long graphs = read_int("N must be an integer in 1..99", 1, 99);
        expect('\n');
        while (graphs-- > 0) read_graph();
    }
    if (cases == 0) invalid("no test case");
    return 42;
}
