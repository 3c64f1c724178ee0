// forest-game's input validator as a Kattis judge runs it (exit 42 valid, 43 not,
// the reason on stderr): the format of gen/src/judge/forest_game.rs, `n`
// (1..200 000), the n weights (1..10^9) on one line, then n - 1 edges `u v` that
// form a tree, written as the harness writes it (one space between numbers,
// `\n` after each line, no leading zeros).
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "strict_input.h"

static std::vector<int> root;

static int find(int v) {
    while (root[v] != v) v = root[v] = root[root[v]];
    return v;
}

// n - 1 lines `u v` (1 <= u, v <= n) that join the n vertices into a tree.
static void read_tree(int n) {
    root.resize(n + 1);
    for (int v = 0; v <= n; v++) root[v] = v;
    for (int e = 0; e < n - 1; e++) {
        int u = (int)read_int("u must be an integer in 1..n", 1, n);
        expect(' ');
        int v = (int)read_int("v must be an integer in 1..n", 1, n);
        expect('\n');
        if (find(u) == find(v)) invalid("the edge closes a cycle: the edges do not form a tree");
        root[find(u)] = find(v);
    }
}

int main() {
    int n = (int)read_int("n must be an integer in 1..200000", 1, 200000);
    expect('\n');
    read_line(n, "a weight must be an integer in 1..10^9", 1, 1000000000, nullptr);
    read_tree(n);
    end_of_input();
    return 42;
}
