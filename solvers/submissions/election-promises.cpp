// election-promises as a judge builds it: one file, no library but the standard one.
// Label each city g(v) = mex { g(w) : w a successor of v }, in reverse
// topological order. The position loses iff for every label k the XOR X_k of
// the taxes labelled k is 0: a move at v changes X_g(v), and besides only
// labels of v's successors, and from any position with some X_k != 0 one move
// zeroes them all: take the largest such k and a city v labelled k holding the
// top bit of X_k, set h_v ^= X_k (smaller), and for each j < k with X_j != 0
// XOR X_j into one successor labelled j, which the mex guarantees (CF 1149E).
// O(n + m): Kahn's order, each mex by stamping the successors' labels.
#include <cstdio>
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
    int n = (int)read_int(), m = (int)read_int();
    std::vector<long long> h(n + 1);
    for (int v = 1; v <= n; v++) h[v] = read_int();
    std::vector<int> start(n + 2, 0), from(m), to(m), succ(m), indegree(n + 1, 0);
    for (int e = 0; e < m; e++) {
        from[e] = (int)read_int(), to[e] = (int)read_int();
        start[from[e]]++, indegree[to[e]]++;
    }
    for (int v = 1; v <= n + 1; v++) start[v] += start[v - 1];
    for (int e = 0; e < m; e++) succ[--start[from[e]]] = to[e];
    std::vector<int> order;
    order.reserve(n);
    for (int v = 1; v <= n; v++) {
        if (indegree[v] == 0) order.push_back(v);
    }
    for (size_t i = 0; i < order.size(); i++) {
        int v = order[i];
        for (int j = start[v]; j < start[v + 1]; j++) {
            if (--indegree[succ[j]] == 0) order.push_back(succ[j]);
        }
    }
    // A label is at most the out-degree, so at most n.
    std::vector<int> label(n + 1, 0), seen(n + 2, 0);
    for (int i = n - 1; i >= 0; i--) {
        int v = order[i];
        for (int j = start[v]; j < start[v + 1]; j++) seen[label[succ[j]]] = v;
        int g = 0;
        while (seen[g] == v) g++;
        label[v] = g;
    }
    std::vector<long long> x(n + 1, 0);
    int top = -1;
    for (int v = 1; v <= n; v++) x[label[v]] ^= h[v];
    for (int k = 0; k <= n; k++) {
        if (x[k] != 0) top = k;
    }
    if (top < 0) {
        puts("LOSE");
        return 0;
    }
    long long high = x[top];
    while (high & (high - 1)) high &= high - 1;
    int v = 1;
    while (label[v] != top || !(h[v] & high)) v++;
    h[v] ^= x[top];
    for (int j = start[v]; j < start[v + 1]; j++) {
        int w = succ[j];
        if (x[label[w]] != 0) h[w] ^= x[label[w]], x[label[w]] = 0;
    }
    puts("WIN");
    for (int u = 1; u <= n; u++) printf(u < n ? "%lld " : "%lld\n", h[u]);
    return 0;
}
