// green-hackenbush-interactive's interactor (protocol: gen/src/judge/green_hackenbush_interactive.rs):
// Green Hackenbush on a rooted multigraph (vertices 1..n, root 1, loops and parallel edges).
//
// Value. By the fusion principle the vertices of a 2-edge-connected component fuse into one and
// its edges become loops, each worth 1; the colon principle then values the tree of components:
// a component C is worth the parity of its edges XOR, over each bridge down to a child component
// d, the term val(d) + 1. One iterative DFS from the root (no recursion: a path of 500 000
// vertices) finds the bridges by low-links, skipping the edge it came by (so parallel edges are a
// cycle); the components are valued bottom-up in reverse discovery order.
//
// A move leaving 0, from a non-zero value. The value each component must take for the root to
// become 0, need(C), is passed down the tree of components: need(root) = 0; a child d of C, whose
// term val(d) + 1 must become need(C) ^ val(C) ^ (val(d) + 1), is won by deleting the bridge
// above d when that is 0, and else needs the value that term - 1. A move inside C changes only
// val(C), so it wins iff it leaves C (with what hangs from it) worth need(C):
//  - a loop of C, or an edge e of C whose deletion leaves C 2-edge-connected, flips the parity:
//    it wins iff need(C) = val(C) ^ 1, decided in O(1);
//  - otherwise C - e has bridges: the edges f with {e, f} a 2-edge cut of C, e's class (a cut
//    pair is an equivalence on the edges of C; Dinitz, Karzanov and Lomonosov's cactus of minimum
//    cuts). Adding e back covers every bridge of C - e with the one cycle through e, so the tree
//    of C - e's 2-edge-connected pieces is a path; with s edges in the class, it is s pieces
//    P_0..P_(s-1) around a cycle, c_j joining P_(j-1) and P_j (P_s = P_0), P_0 holding C's top
//    vertex (where C hangs). C - c_j is then P_0 with two branches of pieces, P_1..P_(j-1) and
//    P_(s-1)..P_j. A piece is worth w_i = its parity XOR the terms of the child components hanging
//    from it; a branch P_1..P_k hangs from P_0 as the term phi_1(phi_2(...phi_k(0))), phi_i(x) =
//    1 + (w_i ^ x). So val(C - c_j) = w_0 ^ alpha_j ^ beta_j, alpha_j = phi_1(..phi_(j-1)(0)),
//    beta_j = phi_(s-1)(..phi_j(0)). Every alpha_j comes from one sweep i = s-1..1 over a binary
//    trie of the values, lowest bit first: a query with value 0 joins, then phi_i is applied to
//    all (XOR w_i is a lazy tag; adding 1 swaps the children down the path of carries); beta_j
//    likewise, i = 1..s-1. O(s log m) for the class, as no value exceeds m (a position of k
//    edges has k options).
//  The classes come from a random 128-bit label per edge: a tree edge's label is the XOR of the
//  labels of the back edges over it (two edges are in one class iff the same back edges cover
//  them, a back edge covered by itself; two different sets share a label with probability
//  2^-128). A class's tree edges lie on one path from the root, top down in discovery order (two
//  subtrees side by side each keep a back edge to their common ancestors), and it holds at most
//  one back edge (two back edges never disconnect the DFS tree), which closes the cycle from the
//  bottom piece (below the last tree edge) to P_0; without one, the bottom piece is part of P_0.
//  A piece's parity and terms are differences of sums over subtrees within the component (the
//  edges whose upper end lies in the subtree), less the class edges: every class costs O(s log m)
//  after O(n + m) for the sums. Bridges and loops are tried first (no labels), then the classes
//  of the components whose need is defined.
// From 0 the jury deletes the edge leaving the largest value where trying them all is affordable
// (m (n + m) up to 3 * 10^7), else the first edge there.
//
// Cost. One search per round (the player's deletion prunes what it cuts off and leaves the
// search for the jury's choice; the jury's own deletion cuts the subtree below a bridge, with no
// search) and, for a move from a non-zero value, O((n + m) log m) more: a game of R rounds costs
// O(R (n + m) log m) (before, three searches per round and a whole revaluation per cycle edge
// tried). Reference: Berlekamp, Conway and Guy, Winning Ways, chapter 7 (the colon and fusion
// principles); E. A. Dinitz, A. V. Karzanov, M. V. Lomonosov, On the structure of a family of
// minimal weighted cuts in a graph (1976), for the cycle of a class of 2-edge cuts.
#include <array>
#include <cstdint>
#include <random>
#include <tuple>

#include "interaction.h"

// Random bits naming a set of edges: the XOR of its edges' labels.
struct Label {
    uint64_t lo = 0, hi = 0;
    Label &operator^=(const Label &o) {
        lo ^= o.lo, hi ^= o.hi;
        return *this;
    }
    bool operator==(const Label &o) const { return lo == o.lo && hi == o.hi; }
};

// Values x < 2^bits, each a set of queries, under "every x becomes 1 + (w ^ x)": a binary trie
// keyed from the lowest bit, an XOR pending at each node (`flip`).
struct Branches {
    int bits = 1;
    std::vector<std::array<int, 2>> child;
    std::vector<unsigned> flip;
    std::vector<int> first, after;  // a leaf's queries: first[leaf], after[query], ...

    void reset(int width, int queries) {
        bits = width;
        child.assign(1, {-1, -1}), flip.assign(1, 0), first.assign(1, -1);
        after.assign(queries, -1);
    }

    int make() {
        child.push_back({-1, -1}), flip.push_back(0), first.push_back(-1);
        return (int)child.size() - 1;
    }

    void push(int v, int level) {
        unsigned f = flip[v];
        if (f == 0) return;
        if (f >> level & 1) std::swap(child[v][0], child[v][1]);
        for (int c : child[v])
            if (c >= 0) flip[c] ^= f;
        flip[v] = 0;
    }

    // Query q joins with the value 0.
    void join(int q) {
        int v = 0;
        for (int level = 0; level < bits; level++) {
            push(v, level);
            if (child[v][0] < 0) {
                int c = make();
                child[v][0] = c;
            }
            v = child[v][0];
        }
        after[q] = first[v], first[v] = q;
    }

    // Every value x becomes 1 + (w ^ x): the lowest bit flips everywhere, and where it was 1 the
    // carry goes on into the next bit.
    void hang(unsigned w) {
        flip[0] ^= w;
        for (int v = 0, level = 0; v >= 0 && level < bits; level++) {
            push(v, level);
            std::swap(child[v][0], child[v][1]);
            v = child[v][0];
        }
    }

    void read(std::vector<unsigned> &value) {
        std::vector<std::tuple<int, int, unsigned>> stack{{0, 0, 0u}};
        while (!stack.empty()) {
            auto [v, level, key] = stack.back();
            stack.pop_back();
            if (level == bits) {
                for (int q = first[v]; q >= 0; q = after[q]) value[q] = key;
                continue;
            }
            push(v, level);
            for (unsigned b : {0u, 1u})
                if (child[v][b] >= 0) stack.emplace_back(child[v][b], level + 1, key | b << level);
        }
    }
};

struct Hackenbush {
    static constexpr const char *over = "0";
    static constexpr const char *rejected = "-1";
    int n = 0;
    std::vector<std::pair<int, int>> edges;
    std::vector<char> there;          // edge still there (and connected to the root)
    long long live = 0;               // edges there
    std::vector<int> start;            // CSR over every edge: incident[start[v]..] = (edge, other end)
    std::vector<std::pair<int, int>> incident;
    std::vector<Label> mark;           // each edge's random label
    // The last search, `fresh` while no edge has gone since.
    bool fresh = false;
    std::vector<int> disc, low, parent_edge, parent, order, next, size;
    std::vector<int> lower;  // per edge: its lower end if it is a tree edge, else -1
    // The last valuation: each vertex's component by its top vertex, and the sums over its
    // subtree within the component: the parity of the edges whose upper end lies there, the
    // XOR of the terms of the child components hanging there. At a top vertex, the component's.
    std::vector<int> head;
    std::vector<unsigned> parity, colon;

    void index() {
        start.assign(n + 2, 0);
        for (auto [u, v] : edges) start[u + 1]++, start[v + 1]++;
        for (int v = 1; v <= n + 1; v++) start[v] += start[v - 1];
        incident.resize(2 * edges.size());
        std::vector<int> fill(start.begin(), start.end() - 1);
        for (int e = 0; e < (int)edges.size(); e++) {
            auto [u, v] = edges[e];
            incident[fill[u]++] = {e, v};
            incident[fill[v]++] = {e, u};
        }
        there.assign(edges.size(), 1);
        live = (long long)edges.size();
        std::mt19937_64 bits(20261126);
        mark.resize(edges.size());
        for (auto &l : mark) l.lo = bits(), l.hi = bits();
    }

    int up(int v) const { return parent[v]; }

    // Discovery times, low-links and subtree sizes of the vertices the root reaches by edges
    // still there, `order` in discovery order (each subtree a run of it).
    void search() {
        disc.assign(n + 1, 0), low.assign(n + 1, 0), parent_edge.assign(n + 1, -1), parent.assign(n + 1, 0);
        size.assign(n + 1, 1), lower.assign(edges.size(), -1);
        next.assign(start.begin(), start.end() - 1);
        order.clear();
        std::vector<int> stack{1};
        disc[1] = low[1] = 1;
        order.push_back(1);
        while (!stack.empty()) {
            int v = stack.back();
            if (next[v] < start[v + 1]) {
                auto [e, w] = incident[next[v]++];
                if (!there[e] || e == parent_edge[v]) continue;
                if (disc[w] == 0) {
                    disc[w] = low[w] = (int)order.size() + 1;
                    parent_edge[w] = e, parent[w] = v, lower[e] = w;
                    order.push_back(w);
                    stack.push_back(w);
                } else {
                    low[v] = std::min(low[v], disc[w]);
                }
                continue;
            }
            stack.pop_back();
            if (v != 1) {
                int p = up(v);
                low[p] = std::min(low[p], low[v]);
                size[p] += size[v];
            }
        }
    }

    bool bridge_above(int v) const { return v != 1 && low[v] > disc[up(v)]; }
    int below(int e) const { return lower[e]; }
    bool bridge(int e) const {
        int v = below(e);
        return v >= 0 && bridge_above(v);
    }
    // For a component's top vertex, the component's value (with what hangs from it).
    unsigned worth(int v) const { return parity[v] ^ colon[v]; }

    // Just after search(): the root's value.
    unsigned evaluate() {
        head.resize(n + 1);
        parity.assign(n + 1, 0), colon.assign(n + 1, 0);
        for (int v : order) head[v] = v == 1 || bridge_above(v) ? v : head[up(v)];
        for (int e = 0; e < (int)edges.size(); e++) {
            auto [u, v] = edges[e];
            if (there[e] && disc[u] != 0 && !bridge(e)) parity[disc[u] <= disc[v] ? u : v] ^= 1;
        }
        for (int k = (int)order.size() - 1; k > 0; k--) {
            int v = order[k], p = up(v);
            if (bridge_above(v))
                colon[p] ^= worth(v) + 1;
            else
                parity[p] ^= parity[v], colon[p] ^= colon[v];
        }
        return worth(1);
    }

    unsigned value() {
        search();
        fresh = false;
        return evaluate();
    }

    void take(int e) {
        if (there[e]) there[e] = 0, live--;
    }

    // Drops the edges the root no longer reaches; the search stays valid.
    void prune() {
        search();
        for (int f = 0; f < (int)edges.size(); f++)
            if (disc[edges[f].first] == 0) take(f);
        fresh = true;
    }

    // Deletes edge e and every edge the deletion cuts off from the root: with a fresh search,
    // the subtree below e if it is a bridge (the subtree's vertices are a run of `order`, and
    // every edge at them lies in it or is e), else nothing.
    void remove(int e) {
        if (!fresh) {
            take(e);
            prune();
            return;
        }
        int v = below(e);
        take(e);
        if (v >= 0 && bridge_above(v))
            for (int k = disc[v] - 1; k < disc[v] - 1 + size[v]; k++)
                for (int i = start[order[k]]; i < start[order[k] + 1]; i++) take(incident[i].first);
        fresh = false;
    }

    std::string text() const {
        std::string s = std::to_string(n) + " " + std::to_string(edges.size());
        for (auto [u, v] : edges) s += "\n" + std::to_string(u) + " " + std::to_string(v);
        return s;
    }

    bool has_move() const { return live > 0; }

    bool play(const std::string &line) {
        std::vector<long long> v;
        if (!interaction::integers(line, 1, v) || v[0] < 1 || v[0] > (long long)edges.size() || !there[v[0] - 1])
            return false;
        remove(v[0] - 1);
        return true;
    }

    // The value left by deleting edge e (and what it cuts off).
    unsigned value_without(int e) {
        there[e] = 0;
        unsigned left = value();
        there[e] = 1;
        return left;
    }

    // Just after evaluate(), with a non-zero value: an edge whose deletion leaves 0, or -1.
    int winning_edge() {
        std::vector<long long> need(n + 1, -1);
        need[1] = 0;
        for (int v : order) {
            if (v == 1 || !bridge_above(v)) continue;
            int above = head[up(v)];
            if (need[above] < 0) continue;
            long long term = need[above] ^ worth(above) ^ (worth(v) + 1);
            if (term == 0) return parent_edge[v];
            need[v] = term - 1;
        }
        auto flips = [&](int e) {
            int h = head[edges[e].first];
            return need[h] == (worth(h) ^ 1);
        };
        for (int e = 0; e < (int)edges.size(); e++)
            if (there[e] && edges[e].first == edges[e].second && flips(e)) return e;
        return winning_cycle_edge(need);
    }

    // A cycle edge (no loop) whose deletion leaves its component worth its need, or -1.
    int winning_cycle_edge(const std::vector<long long> &need) {
        // Tree edges' labels: the back edges with one end in the subtree.
        std::vector<Label> label(n + 1);
        for (int e = 0; e < (int)edges.size(); e++) {
            auto [u, v] = edges[e];
            if (there[e] && u != v && below(e) < 0) label[u] ^= mark[e], label[v] ^= mark[e];
        }
        for (int k = (int)order.size() - 1; k > 0; k--) label[up(order[k])] ^= label[order[k]];
        // The cycle edges of the components whose need is defined, tree edges top down, then
        // back edges, with their labels; each class numbered as first seen (open addressing on
        // the label, `first` its first member).
        std::vector<int> members;
        std::vector<Label> keys;
        for (int v : order)
            if (v != 1 && !bridge_above(v) && need[head[v]] >= 0)
                members.push_back(parent_edge[v]), keys.push_back(label[v]);
        for (int e = 0; e < (int)edges.size(); e++) {
            auto [u, v] = edges[e];
            if (there[e] && u != v && below(e) < 0 && need[head[u]] >= 0)
                members.push_back(e), keys.push_back(mark[e]);
        }
        size_t slots = 2;
        while (slots < 2 * members.size()) slots *= 2;
        std::vector<int> slot(slots, -1), first;
        std::vector<int> of(members.size());
        for (size_t i = 0; i < members.size(); i++) {
            size_t at = keys[i].lo & (slots - 1);
            while (slot[at] >= 0 && !(keys[first[slot[at]]] == keys[i])) at = (at + 1) & (slots - 1);
            if (slot[at] < 0) slot[at] = (int)first.size(), first.push_back((int)i);
            of[i] = slot[at];
        }
        // Counting sort by class, stable: each class's tree edges top down, then its back edge.
        std::vector<int> begin(first.size() + 1, 0), sorted(members.size());
        for (int c : of) begin[c + 1]++;
        for (size_t c = 0; c < first.size(); c++) begin[c + 1] += begin[c];
        std::vector<int> fill(begin.begin(), begin.end() - 1);
        for (size_t i = 0; i < members.size(); i++) sorted[fill[of[i]]++] = members[i];
        int bits = 1;
        while ((1ull << bits) <= edges.size()) bits++;
        Branches branches;
        std::vector<unsigned> w, alpha, beta;
        for (size_t c = 0; c < first.size(); c++) {
            const int *cut = &sorted[begin[c]];
            int s = begin[c + 1] - begin[c], h = head[edges[cut[0]].first];
            if (s == 1) {
                if (need[h] == (worth(h) ^ 1)) return cut[0];
                continue;
            }
            // Pieces P_1..P_(s-1) between consecutive tree edges, the bottom one (below the last
            // tree edge) when a back edge closes the cycle; P_0 the rest, s class edges fewer.
            w.assign(s, 0);
            unsigned parity0 = parity[h] ^ (s & 1), colon0 = colon[h];
            for (int i = 1; i < s; i++) {
                int top = below(cut[i - 1]), bottom = below(cut[i]);
                unsigned p = bottom >= 0 ? parity[top] ^ parity[bottom] ^ 1 : parity[top];
                unsigned x = bottom >= 0 ? colon[top] ^ colon[bottom] : colon[top];
                w[i] = p ^ x, parity0 ^= p, colon0 ^= x;
            }
            unsigned w0 = parity0 ^ colon0;
            alpha.assign(s, 0), beta.assign(s, 0);
            branches.reset(bits, s);
            for (int i = s - 1; i >= 1; i--) branches.join(i), branches.hang(w[i]);
            branches.join(0);
            branches.read(alpha);
            branches.reset(bits, s);
            for (int i = 1; i < s; i++) branches.join(i - 1), branches.hang(w[i]);
            branches.join(s - 1);
            branches.read(beta);
            for (int j = 0; j < s; j++)
                if ((long long)(w0 ^ alpha[j] ^ beta[j]) == need[h]) return cut[j];
        }
        return -1;
    }

    // The jury's edge: with a non-zero value, one whose deletion leaves 0 (winning_edge always
    // finds one, unless two sets of back edges share a label). With value 0, the first edge
    // leaving the largest value where trying every edge is affordable (m (n + m) up to 3 * 10^7),
    // else the first edge there.
    int choice() {
        if (!fresh) search(), fresh = true;
        if (evaluate() != 0) {
            int found = winning_edge();
            if (found >= 0) return found;
        }
        bool affordable = live * (long long)(n + edges.size()) <= 30'000'000;
        int pick = -1;
        unsigned most = 0;
        for (int e = 0; e < (int)edges.size(); e++) {
            if (!there[e]) continue;
            if (!affordable) return e;
            unsigned left = value_without(e);
            if (pick < 0 || left > most) pick = e, most = left;
        }
        return pick;
    }

    std::string reply() {
        int pick = choice();
        remove(pick);
        return std::to_string(pick + 1);
    }
};

int main(int argc, char *argv[]) {
    interaction::start(argc, argv);
    Hackenbush game;
    size_t m;
    interaction::position >> game.n >> m;
    game.edges.resize(m);
    for (auto &[u, v] : game.edges) interaction::position >> u >> v;
    game.index();
    game.prune();
    interaction::referee(game);
}
