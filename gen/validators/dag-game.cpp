// dag-game's input validator as a Kattis judge runs it (exit 42 valid, 43 not,
// the reason on stderr): the format of gen/src/judge/dag_game.rs, `n m`
// (1..200 000 and 0..400 000), the n weights (1..10^9) on one line, then m arcs
// `u v` (1 <= u, v <= n) that close no directed cycle (parallel arcs allowed),
// written as the harness writes it (one space between numbers, `\n` after each
// line, no leading zeros). Acyclic: Kahn's algorithm removes every node, O(n + m).
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "strict_input.h"

int main() {
    int n = (int)read_int("n must be an integer in 1..200000", 1, 200000);
    expect(' ');
    int m = (int)read_int("m must be an integer in 0..400000", 0, 400000);
    expect('\n');
    read_line(n, "a weight must be an integer in 1..10^9", 1, 1000000000, nullptr);
    std::vector<int> from(m), to(m), indegree(n + 1, 0), start(n + 2, 0);
    for (int e = 0; e < m; e++) {
        from[e] = (int)read_int("u must be an integer in 1..n", 1, n);
        expect(' ');
        to[e] = (int)read_int("v must be an integer in 1..n", 1, n);
        expect('\n');
        indegree[to[e]]++;
        start[from[e]]++;
    }
    end_of_input();
    for (int v = 1; v <= n + 1; v++) start[v] += start[v - 1];
    std::vector<int> successors(m);
    for (int e = 0; e < m; e++) successors[--start[from[e]]] = to[e];
    std::vector<int> ready;
    for (int v = 1; v <= n; v++)
        if (indegree[v] == 0) ready.push_back(v);
    int removed = 0;
    while (!ready.empty()) {
        int u = ready.back();
        ready.pop_back();
        removed++;
        for (int i = start[u]; i < start[u + 1]; i++)
            if (--indegree[successors[i]] == 0) ready.push_back(successors[i]);
    }
    if (removed < n) invalid("the arcs close a directed cycle: dag-game needs a DAG");
    return 42;
}
