// tree-game as a judge builds it: one file, no library but the standard one.
// The colon principle: a rooted tree's Green Hackenbush value is the XOR over
// the root's children c of (value(c) + 1). Leaves are peeled off towards the
// root, each vertex knowing only its degree and the XOR of its neighbours
// (the last neighbour left is its parent): no adjacency lists, no recursion
// (a path of 100 000 vertices would overflow a judge's 8 MiB stack), and the
// 109 MiB largest input read in well under the time limit.
#include <cstdio>
#include <vector>

static char buf[1 << 20];
static size_t len = 0, pos = 0;

static inline int next_char() {
    if (pos == len) {
        len = fread(buf, 1, sizeof buf, stdin);
        pos = 0;
        if (len == 0) return -1;
    }
    return buf[pos++];
}

static inline int read_int() {
    int c = next_char();
    while (c == ' ' || c == '\n' || c == '\r') c = next_char();
    int x = 0;
    while (c >= '0' && c <= '9') {
        x = x * 10 + (c - '0');
        c = next_char();
    }
    return x;
}

int main() {
    int t = read_int();
    std::vector<int> degree, neighbours, value, leaves;
    while (t-- > 0) {
        int n = read_int();
        degree.assign(n + 1, 0);
        neighbours.assign(n + 1, 0);
        value.assign(n + 1, 0);
        for (int e = 0; e < n - 1; e++) {
            int i = read_int(), j = read_int();
            degree[i]++, degree[j]++;
            neighbours[i] ^= j, neighbours[j] ^= i;
        }
        leaves.clear();
        for (int v = 2; v <= n; v++) {
            if (degree[v] == 1) leaves.push_back(v);
        }
        // A vertex is peeled once all its children are: its value is final then.
        while (!leaves.empty()) {
            int v = leaves.back();
            leaves.pop_back();
            int parent = neighbours[v];
            value[parent] ^= value[v] + 1;
            neighbours[parent] ^= v;
            if (--degree[parent] == 1 && parent != 1) leaves.push_back(parent);
        }
        puts(value[1] != 0 ? "Alice" : "Bob");
    }
    return 0;
}
