// green-hackenbush as contestants often write it: a recursive Tarjan DFS.
// Right, but a path of 500 000 vertices overflows an 8 MiB stack: the
// invocations table of bench/run.sh shows it as RE (SIGSEGV).
#include <cstdio>
#include <vector>
#include <algorithm>
using namespace std;

int n, m, timer_;
vector<vector<pair<int, int>>> adj;
vector<int> disc, low, comp, eu, ev;
vector<char> bridge;

void dfs(int v, int in) {
    disc[v] = low[v] = ++timer_;
    for (auto [w, e] : adj[v]) {
        if (e == in) continue;
        if (!disc[w]) {
            dfs(w, e);
            low[v] = min(low[v], low[w]);
            if (low[w] > disc[v]) bridge[e] = 1;
        } else {
            low[v] = min(low[v], disc[w]);
        }
    }
}

int label(int v, int c, vector<int>& parent) {
    comp[v] = c;
    for (auto [w, e] : adj[v]) {
        if (comp[w] != -1) continue;
        if (bridge[e]) {
            parent.push_back(c);
            label(w, parent.size() - 1, parent);
        } else {
            label(w, c, parent);
        }
    }
    return 0;
}

int main() {
    scanf("%d %d", &n, &m);
    adj.assign(n, {});
    eu.resize(m), ev.resize(m);
    for (int i = 0; i < m; ++i) {
        scanf("%d %d", &eu[i], &ev[i]);
        --eu[i], --ev[i];
        adj[eu[i]].push_back({ev[i], i});
        adj[ev[i]].push_back({eu[i], i});
    }
    disc.assign(n, 0), low.assign(n, 0), comp.assign(n, -1), bridge.assign(m, 0);
    dfs(0, -1);
    vector<int> parent(1, -1);
    label(0, 0, parent);
    vector<unsigned> sg(parent.size(), 0);
    for (int i = 0; i < m; ++i)
        if (comp[eu[i]] != -1 && !bridge[i]) sg[comp[eu[i]]] ^= 1;
    for (size_t c = parent.size() - 1; c >= 1; --c) sg[parent[c]] ^= sg[c] + 1;
    printf("%u\n", sg[0]);
}
