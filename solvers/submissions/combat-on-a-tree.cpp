// combat-on-a-tree as a judge builds it: one file, no library but the standard one.
// Play inside the subtree of u paints a path from u down and leaves the
// subtrees hanging off it as a sum. With S(u) the XOR of u's children's values,
// the move at v below u (path u = w_0 .. w_k = v) is worth
// XOR_i S(w_i) ^ XOR_{i>=1} SG(w_i): the values reachable from u are S(u) if u
// is white, and each child c's set XORed with S(u) ^ SG(c). Each set is a
// binary trie; XORing a whole trie is a lazy tag, the union is trie merging, and
// SG(u) is the mex, a walk down past full subtrees. The winning first moves are
// the white v whose value from the root is 0 (SPOJ COT3).
// O(n log V) with V = 2^17 > n; the tree is walked in BFS order (the tries
// recurse at most 17 deep, never along the tree).
#include <cstdio>
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

const int BITS = 17;

// Binary tries over BITS-bit values in one arena; node 0 is "none". A node at
// depth d branches on bit BITS - 1 - d; leaves sit at depth BITS.
struct Tries {
    std::vector<std::pair<int, int>> child;
    std::vector<int> tag;  // a pending XOR for the whole subtree
    std::vector<char> full;  // the subtree holds every value of its range

    Tries(size_t nodes) {
        child.reserve(nodes), tag.reserve(nodes), full.reserve(nodes);
        make();
    }

    int make() {
        child.push_back({0, 0}), tag.push_back(0), full.push_back(0);
        return (int)child.size() - 1;
    }

    void xor_all(int x, int t) {
        if (x != 0) tag[x] ^= t;
    }

    void push(int x, int depth) {
        int t = tag[x];
        if (t == 0 || depth == BITS) return;
        auto &[l, r] = child[x];
        if (t >> (BITS - 1 - depth) & 1) std::swap(l, r);
        xor_all(l, t), xor_all(r, t);
        tag[x] = 0;
    }

    void refresh(int x) {
        auto [l, r] = child[x];
        full[x] = l != 0 && r != 0 && full[l] && full[r];
    }

    int insert(int root, int value) {
        if (root == 0) root = make();
        int path[BITS + 1], x = root;
        for (int d = 0; d < BITS; d++) {
            push(x, d);
            path[d] = x;
            int bit = value >> (BITS - 1 - d) & 1;
            int next = bit ? child[x].second : child[x].first;
            if (next == 0) {
                next = make();
                (bit ? child[x].second : child[x].first) = next;
            }
            x = next;
        }
        full[x] = 1;
        for (int d = BITS - 1; d >= 0; d--) refresh(path[d]);
        return root;
    }

    int merge(int a, int b, int depth = 0) {
        if (a == 0 || b == 0) return a ^ b;
        if (depth == BITS) return a;
        push(a, depth), push(b, depth);
        int l = merge(child[a].first, child[b].first, depth + 1);
        int r = merge(child[a].second, child[b].second, depth + 1);
        child[a] = {l, r};
        refresh(a);
        return a;
    }

    int mex(int x) {
        int value = 0;
        for (int d = 0; x != 0 && d < BITS; d++) {
            push(x, d);
            auto [l, r] = child[x];
            if (l != 0 && full[l]) value |= 1 << (BITS - 1 - d), x = r;
            else x = l;
        }
        return x != 0 ? 1 << BITS : value;
    }
};

int main() {
    int n = (int)read_int();
    std::vector<char> black(n + 1);
    for (int v = 1; v <= n; v++) black[v] = (char)read_int();
    std::vector<int> start(n + 2, 0), from(n - 1), to(n - 1), adjacent(2 * (n - 1));
    for (int e = 0; e < n - 1; e++) {
        from[e] = (int)read_int(), to[e] = (int)read_int();
        start[from[e]]++, start[to[e]]++;
    }
    for (int v = 1; v <= n + 1; v++) start[v] += start[v - 1];
    for (int e = 0; e < n - 1; e++) adjacent[--start[from[e]]] = to[e], adjacent[--start[to[e]]] = from[e];
    std::vector<int> order{1}, parent(n + 1, 0);
    for (size_t head = 0; head < order.size(); head++) {
        int u = order[head];
        for (int i = start[u]; i < start[u + 1]; i++) {
            int v = adjacent[i];
            if (v != parent[u]) parent[v] = u, order.push_back(v);
        }
    }
    Tries tries((size_t)n * (BITS + 1) + 1);
    std::vector<int> trie(n + 1, 0), sg(n + 1, 0), children_xor(n + 1, 0);
    for (int i = n - 1; i >= 0; i--) {
        int u = order[i], s = children_xor[u], root = 0;
        for (int j = start[u]; j < start[u + 1]; j++) {
            int c = adjacent[j];
            if (c == parent[u]) continue;
            tries.xor_all(trie[c], s ^ sg[c]);
            root = tries.merge(root, trie[c]);
        }
        if (!black[u]) root = tries.insert(root, s);
        trie[u] = root;
        sg[u] = tries.mex(root);
        children_xor[parent[u]] ^= sg[u];
    }
    // The value of the move at v from the root, top down.
    std::vector<int> value(n + 1, 0);
    value[1] = children_xor[1];
    for (int i = 1; i < n; i++) {
        int v = order[i];
        value[v] = value[parent[v]] ^ children_xor[v] ^ sg[v];
    }
    bool any = false;
    for (int v = 1; v <= n; v++) {
        if (!black[v] && value[v] == 0) printf("%d\n", v), any = true;
    }
    if (!any) puts("-1");
    return 0;
}
