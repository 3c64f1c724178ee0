// green-hackenbush as a judge builds it: one file, no library but the standard one.
// O(n + m) time and memory, no recursion (a path of 500 000 vertices would
// overflow a judge's stack), the input read with fread.
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

// The Sprague-Grundy value of a rooted multigraph (vertices 1..n, root 1) in
// Green Hackenbush. Fusion: the vertices of a 2-edge-connected component fuse
// into one, its edges becoming loops, each worth 1; the colon principle then
// values the tree of components: a component is worth the parity of its edges
// XOR, over each bridge to a child component, (the child's value + 1).
// One iterative Tarjan DFS finds the bridges and values the components as it
// goes: the vertices of the components not yet closed wait on `open` in
// discovery order, and when the edge above w turns out to be a bridge, the
// vertices from w's place on are w's component, whose value goes up the bridge.
// The edge back to the parent is skipped once, so a parallel pair is a cycle.
// Edges out of the root's reach play no part.
struct Hackenbush {
    struct Node { int start, disc; };  // row start beside discovery time: one cache miss
    struct Frame { int v, skip, next, end, disc, low, slot; };
    struct Open { int ends; unsigned colon; };  // edge ends inside its component; XOR of (child + 1)
    std::vector<Node> node;
    std::vector<int> head;
    std::vector<Frame> stack;
    std::vector<Open> open;

    // Pops the component whose first vertex sits at `slot`; `up` bridge ends lead to its parent.
    unsigned close(int slot, int up) {
        int ends = 0;
        unsigned colon = 0;
        for (size_t i = slot; i < open.size(); i++) ends += open[i].ends, colon ^= open[i].colon;
        open.resize(slot);
        return colon ^ (((ends - up) / 2) & 1);
    }

    void enter(int w, int parent, int time) {
        node[w].disc = time;
        int next = node[w].start, end = node[w + 1].start;
        open.push_back({end - next, 0});
        stack.push_back({w, parent, next, end, time, time, (int)open.size() - 1});
    }

    unsigned grundy(int n, const std::vector<std::pair<int, int>> &edges) {
        node.assign(n + 2, {0, 0});
        for (auto [u, v] : edges) node[u].start++, node[v].start++;
        for (int v = 1; v <= n + 1; v++) node[v].start += node[v - 1].start;
        head.resize(2 * edges.size());
        for (auto [u, v] : edges) head[--node[u].start] = v, head[--node[v].start] = u;
        stack.clear(), open.clear();
        stack.reserve(n), open.reserve(n);
        int time = 0;
        enter(1, 0, ++time);
        for (;;) {
            Frame &f = stack.back();
            int found = 0;
            while (f.next < f.end) {
                int w = head[f.next++];
                if (w == f.skip) {
                    f.skip = 0;
                } else if (node[w].disc == 0) {
                    found = w;
                    break;
                } else if (node[w].disc < f.low) {
                    f.low = node[w].disc;
                }
            }
            if (found != 0) {
                enter(found, f.v, ++time);
                continue;
            }
            Frame done = f;
            stack.pop_back();
            if (stack.empty()) return close(done.slot, 0);
            Frame &p = stack.back();
            if (done.low < p.low) p.low = done.low;
            if (done.low > p.disc) {  // the edge from p down to done.v is a bridge
                unsigned value = close(done.slot, 1);
                open[p.slot].colon ^= value + 1;
                open[p.slot].ends--;
            }
        }
    }
};

int main() {
    int n = (int)read_int(), m = (int)read_int();
    std::vector<std::pair<int, int>> edges(m);
    for (auto &[u, v] : edges) u = (int)read_int(), v = (int)read_int();
    Hackenbush h;
    printf("%u\n", h.grundy(n, edges));
    return 0;
}
