// A straightforward C++ solution of green-hackenbush, the baseline of
// bench/run.sh: the same algorithm as solvers::hackenbush (iterative Tarjan
// bridges by edge id, 2-edge-connected components, fusion, colon principle),
// written the way a contestant would: fread input, CSR arrays, no recursion.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>

static char buf[1 << 25];
static size_t len, pos;

static unsigned readu() {
    while (pos < len && (buf[pos] < '0' || buf[pos] > '9')) ++pos;
    unsigned x = 0;
    while (pos < len && buf[pos] >= '0' && buf[pos] <= '9') x = x * 10 + (buf[pos++] - '0');
    return x;
}

int main() {
    len = fread(buf, 1, sizeof buf, stdin);
    unsigned n = readu(), m = readu();
    std::vector<unsigned> eu(m), ev(m), off(n + 2, 0);
    for (unsigned i = 0; i < m; ++i) {
        eu[i] = readu() - 1;
        ev[i] = readu() - 1;
        ++off[eu[i] + 1];
        ++off[ev[i] + 1];
    }
    for (unsigned v = 0; v < n; ++v) off[v + 1] += off[v];
    std::vector<unsigned> to(2 * m), id(2 * m), nxt(off.begin(), off.end());
    for (unsigned i = 0; i < m; ++i) {
        to[nxt[eu[i]]] = ev[i], id[nxt[eu[i]]++] = i;
        to[nxt[ev[i]]] = eu[i], id[nxt[ev[i]]++] = i;
    }
    const unsigned NONE = ~0u;
    std::vector<unsigned> disc(n, 0), low(n, 0), sv, se, sp;
    std::vector<char> bridge(m, 0);
    unsigned t = 1;
    disc[0] = low[0] = 1;
    sv.push_back(0), se.push_back(NONE), sp.push_back(off[0]);
    while (!sv.empty()) {
        unsigned v = sv.back();
        if (sp.back() < off[v + 1]) {
            unsigned p = sp.back()++;
            if (id[p] == se.back()) continue;
            unsigned w = to[p];
            if (!disc[w]) {
                disc[w] = low[w] = ++t;
                sv.push_back(w), se.push_back(id[p]), sp.push_back(off[w]);
            } else {
                low[v] = std::min(low[v], disc[w]);
            }
        } else {
            unsigned e = se.back();
            sv.pop_back(), se.pop_back(), sp.pop_back();
            if (!sv.empty()) {
                unsigned u = sv.back();
                low[u] = std::min(low[u], low[v]);
                if (low[v] > disc[u]) bridge[e] = 1;
            }
        }
    }
    std::vector<unsigned> comp(n, NONE), parent(1, NONE), st(1, 0);
    comp[0] = 0;
    while (!st.empty()) {
        unsigned v = st.back();
        st.pop_back();
        for (unsigned p = off[v]; p < off[v + 1]; ++p) {
            unsigned w = to[p];
            if (comp[w] != NONE) continue;
            if (bridge[id[p]]) parent.push_back(comp[v]), comp[w] = parent.size() - 1;
            else comp[w] = comp[v];
            st.push_back(w);
        }
    }
    std::vector<unsigned> sg(parent.size(), 0);
    for (unsigned i = 0; i < m; ++i)
        if (comp[eu[i]] != NONE && !bridge[i]) sg[comp[eu[i]]] ^= 1;
    for (size_t c = parent.size() - 1; c >= 1; --c) sg[parent[c]] ^= sg[c] + 1;
    printf("%u\n", sg[0]);
}
