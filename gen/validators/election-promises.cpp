// election-promises' input validator as a Kattis judge runs it (exit 42 valid, 43
// not, the reason on stderr): the format of gen/src/judge/election_promises.rs,
// `n m` (1 <= n <= 200 000, 0 <= m <= 200 000), the n taxes (0..10^9) on one
// line, then m roads `u v` (1 <= u, v <= n), written as the harness writes it
// (one space between numbers, `\n` after each line, no leading zeros); and the
// judge's guarantee: no road from a city to itself, no road twice, no
// directed cycle.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "strict_input.h"

int main() {
    int n = (int)read_int("n must be an integer in 1..200000", 1, 200000);
    expect(' ');
    int m = (int)read_int("m must be an integer in 0..200000", 0, 200000);
    expect('\n');
    read_line(n, "a tax must be an integer in 0..10^9", 0, 1000000000, nullptr);
    std::vector<long long> roads(m);
    std::vector<int> start(n + 2, 0), head(m), indegree(n + 1, 0);
    for (int e = 0; e < m; e++) {
        int u = (int)read_int("u must be an integer in 1..n", 1, n);
        expect(' ');
        int v = (int)read_int("v must be an integer in 1..n", 1, n);
        if (u == v) invalid("a road from a city to itself");
        expect('\n');
        roads[e] = (long long)u * (n + 1) + v;
        start[u]++, indegree[v]++;
    }
    end_of_input();
    std::vector<long long> sorted = roads;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) invalid("a road appears twice");
    // Kahn's algorithm: every city is taken iff there is no directed cycle.
    for (int v = 1; v <= n + 1; v++) start[v] += start[v - 1];
    for (long long r : roads) head[--start[r / (n + 1)]] = (int)(r % (n + 1));
    std::vector<int> ready;
    for (int v = 1; v <= n; v++) {
        if (indegree[v] == 0) ready.push_back(v);
    }
    for (size_t i = 0; i < ready.size(); i++) {
        for (int j = start[ready[i]]; j < start[ready[i] + 1]; j++) {
            if (--indegree[head[j]] == 0) ready.push_back(head[j]);
        }
    }
    if ((int)ready.size() != n) invalid("the roads form a directed cycle");
    return 42;
}
